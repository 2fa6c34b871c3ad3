import Foundation
import PushBack3DEffect
import Testing
import TransitionKitCore

/// `pushBackSelect` with a tab index out of range is a programmer error: it traps as
/// `TabBarController.select(_:)` does (UIKit's `selectedIndex` out of range), naming the index
/// and the range 0...2 of the three tabs.
@Suite struct PushBack3DTabSelectTests {
    @Test(arguments: [3, -1])
    func indexOutOfRangeTraps(index: Int) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            await MainActor.run {
                let window = Window(size: CGSize(width: 320, height: 480), frameClock: ManualFrameClock())
                let tabs = TabBarController(viewControllers: ["A", "B", "C"].map { ViewController(title: $0) })
                window.rootViewController = tabs
                tabs.pushBackSelect(index)
            }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("invalid tab index: \(Double(index)); accepted: 0...2"), "\(message)")
    }
}
