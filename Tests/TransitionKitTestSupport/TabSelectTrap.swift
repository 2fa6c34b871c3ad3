import Foundation
import TransitionKitCore

/// What every effect's `…Select(_:)` category call must do with a tab index out of range: trap
/// as `TabBarController.select(_:)` does (UIKit's `selectedIndex` out of range is a programmer
/// error), naming the index and the range 0...2 of the three tabs `threeTabs()` makes. The trap
/// itself is run in each effect's test as an exit test (`#expect(processExitsWith:)`), whose body
/// must be written in place; this is the scene and the message they share.
public enum TabSelectTrap {
    /// The indices tried: one past the last tab and one before the first.
    public static let indices = [3, -1]

    /// A window (320x480 points, manual clock) whose root is a tab bar controller of three
    /// tabs "A", "B", "C", "A" selected.
    @MainActor
    public static func threeTabs() -> TabBarController {
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: ManualFrameClock())
        let tabs = TabBarController(viewControllers: ["A", "B", "C"].map { ViewController(title: $0) })
        window.rootViewController = tabs
        // The trap comes before the window could be released; keep it for the exit test's life.
        keptWindow = window
        return tabs
    }

    /// The line the trap prints for `index` (`TransitionKitError.invalidValue`'s form).
    public static func message(for index: Int) -> String {
        "invalid tab index: \(Double(index)); accepted: 0...2"
    }

    @MainActor private static var keptWindow: Window?
}
