import Foundation
import TransitionKitCore

/// Follows every view controller's appearance callbacks with the documented state machine
/// (`AppearanceState`): `disappeared → appearing → appeared → disappearing → disappeared`,
/// where a cancelled transition turns `appearing` into `disappearing` and back. Any other
/// callback is an issue. States are by title.
struct AppearanceTracker {
    private(set) var states: [String: AppearanceState] = [:]
    private(set) var issues: [String] = []
    /// Callbacks seen, for the statistics of a run.
    private(set) var callbacks = 0

    /// The state `title` is in (`.disappeared` before any callback).
    func state(_ title: String) -> AppearanceState { states[title] ?? .disappeared }

    mutating func record(_ title: String, _ callback: AppearanceCallback) {
        callbacks += 1
        let old = state(title)
        let new: AppearanceState?
        switch (old, callback) {
        case (.disappeared, .viewWillAppear), (.disappearing, .viewWillAppear): new = .appearing
        case (.appearing, .viewDidAppear): new = .appeared
        case (.appeared, .viewWillDisappear), (.appearing, .viewWillDisappear): new = .disappearing
        case (.disappearing, .viewDidDisappear): new = .disappeared
        default: new = nil
        }
        guard let new else {
            issues.append("\(title): \(callback) in state \(old)")
            return
        }
        states[title] = new
    }
}
