/// A set of rectangle edges (`UIRectEdge`), used by `ScreenEdgePanGestureRecognizer`.
///
/// Raw values are UIKit's (`top` 1, `left` 2, `bottom` 4, `right` 8).
public struct RectEdge: OptionSet, Sendable, Hashable {
    /// The bit mask (UIKit's values).
    public let rawValue: UInt
    /// A set from UIKit's bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge (y = 0).
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge (x = 0); the edge of the interactive pop.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge (y = height).
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge (x = width).
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}
