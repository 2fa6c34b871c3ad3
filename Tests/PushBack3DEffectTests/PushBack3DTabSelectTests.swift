import Foundation
import PushBack3DEffect
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// `pushBackSelect` with a tab index out of range is a programmer error: it traps as
/// `TabBarController.select(_:)` does (UIKit's `selectedIndex` out of range), naming the index
/// and the range 0...2 of the three tabs.
@Suite struct PushBack3DTabSelectTests {
    @Test(arguments: TabSelectTrap.indices)
    func indexOutOfRangeTraps(index: Int) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            await MainActor.run { TabSelectTrap.threeTabs().pushBackSelect(index) }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains(TabSelectTrap.message(for: index)), "\(message)")
    }
}
