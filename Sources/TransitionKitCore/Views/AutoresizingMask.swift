import Foundation

/// Which dimensions of a view follow its superview's size (`UIView.AutoresizingMask`, the
/// subset that stretches). A flexible dimension changes by the same number of points as the
/// superview's; margins are fixed.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The width follows the superview's width (UIKit's bit value, 1 << 1).
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The height follows the superview's height (UIKit's bit value, 1 << 4).
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
}
