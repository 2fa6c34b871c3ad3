import Foundation

/// The full-width back swipe (UIKit's `interactiveContentPopGestureRecognizer`, iOS 26): a pan
/// anywhere in the navigation controller's content that moves toward the trailing edge.
///
/// Rules, on top of `PanGestureRecognizer`'s hysteresis (10 pt):
/// - angle: when the movement first reaches `minimumDistance`, it must point toward the
///   trailing edge (`direction`) within `maximumAngle` of the horizontal, that is
///   s·dx > 0 and |dy| <= tan(`maximumAngle`)·|dx| (s = +1 for `.right`, −1 for `.left`);
///   otherwise it fails (a vertical scroll, the wrong way);
/// - precedence: it waits (`require(toFail:)` for the one touch) for every other recipient
///   that is a `ScreenEdgePanGestureRecognizer` (the edge pan keeps the edge band) or a
///   `PanGestureRecognizer` whose `axis` is not `.vertical` attached to a view below its own
///   (a horizontal scroller or slider in the content wins);
/// - `canBegin`: the owner's last word (the navigation controller can pop now).
@MainActor
final class ContentPopGestureRecognizer: PanGestureRecognizer {
    /// 30° (π/6 rad): the widest angle from the horizontal at which a content pan may begin.
    /// UIKit does not document its own; TransitionKit leaves content pans steeper than 30° to
    /// vertical scrolling, which shares the whole content area with this gesture (a 60° cone
    /// around the vertical against 30° around the horizontal), where the edge pan, alone in
    /// its 20 pt band, accepts anything below 45°.
    static let maximumAngle: CGFloat = .pi / 6

    /// The movement toward completion, `.right` (left to right) or `.left` (right to left).
    let direction: PanInteractionController.Direction
    /// Whether the owner can act on a begin now; nil: always.
    var canBeginHandler: (@MainActor () -> Bool)?

    init(direction: PanInteractionController.Direction) {
        precondition(direction.isHorizontal, "the content pop moves horizontally, not \(direction)")
        self.direction = direction
        super.init(axis: .horizontal)
    }

    override func acceptsMovement(_ d: CGPoint) -> Bool {
        let along = direction.component(of: d)
        return along > 0 && abs(d.y) <= tan(Self.maximumAngle) * along
    }

    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        if other is ScreenEdgePanGestureRecognizer { return true }
        guard let pan = other as? PanGestureRecognizer, pan.axis != .vertical, let mine = view, let theirs = pan.view else { return false }
        return theirs !== mine && theirs.isDescendant(of: mine)
    }

    override func canBegin() -> Bool { canBeginHandler?() ?? true }
}
