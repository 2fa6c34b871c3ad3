import Foundation

// The spelling of the first release (1.0.0), kept as a forwarding declaration; see CHANGELOG.md.
extension PercentDrivenInteractiveTransition {
    /// Whether `finish()` or `cancel()` was called and no `pause()` since (1.0.0's name of
    /// `isReleased`).
    @available(*, deprecated, renamed: "isReleased")
    public var hasEnded: Bool { isReleased }
}
