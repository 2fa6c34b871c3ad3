import Foundation
import TransitionKitCore

/// The circular-reveal mask at one progress: an ellipse centred on the start frame's centre
/// whose radii grow linearly (in eased progress) from the start frame's half-size to
/// `finalRadius`.
///
/// Formula (RadialTransition's reveal, with its coverage defect fixed): centre
/// c = (startFrame.midX, startFrame.midY); R = max over the container's four corners of
/// |corner − c| + √2 pt; radiusX(p) = w₀/2 + (R − w₀/2)·p, radiusY(p) = h₀/2 + (R − h₀/2)·p.
/// The √2 pt margin makes the anti-aliased edge clear the farthest corner pixel at any
/// scale >= 1, so progress 1 covers every pixel of the container (scenario G1); the original
/// library's fixed 2·√(w²+h²) diameter was larger than needed from the centre and its mask
/// ended exactly on the corner from the edge midpoints.
public struct RadialGeometry: Sendable, Hashable {
    /// Container bounds in points.
    public var containerBounds: CGRect
    /// The frame the reveal starts from, in container coordinates (points); may be empty.
    public var startFrame: CGRect

    public init(containerBounds: CGRect, startFrame: CGRect) {
        self.containerBounds = containerBounds
        self.startFrame = startFrame
    }

    /// The start frame's centre, fixed during the transition, in points.
    public var center: CGPoint { CGPoint(x: startFrame.midX, y: startFrame.midY) }

    /// The distance from `center` to the farthest container corner, in points.
    /// - Complexity: O(1), no allocation (it runs every frame).
    public var farthestCornerDistance: CGFloat {
        let b = containerBounds, c = center
        // The farthest corner is the one across from the centre on each axis.
        let dx = max(abs(c.x - b.minX), abs(b.maxX - c.x))
        let dy = max(abs(c.y - b.minY), abs(b.maxY - c.y))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The final radius R: farthest-corner distance plus √2 points (see the type's discussion).
    public var finalRadius: CGFloat { farthestCornerDistance + 2.0.squareRoot() }

    /// The mask radii (x, y) in points at eased `progress` (0 → start frame, 1 → R).
    /// Progress outside 0...1 extrapolates; negative radii clamp to 0.
    /// - Complexity: O(1).
    public func radii(at progress: CGFloat) -> (x: CGFloat, y: CGFloat) {
        let r = finalRadius
        let rx = startFrame.width / 2 + (r - startFrame.width / 2) * progress
        let ry = startFrame.height / 2 + (r - startFrame.height / 2) * progress
        return (max(0, rx), max(0, ry))
    }

    /// The mask ellipse's bounding rectangle at `progress`, in container coordinates (points).
    public func maskRect(at progress: CGFloat) -> CGRect {
        let (rx, ry) = radii(at: progress)
        let c = center
        return CGRect(x: c.x - rx, y: c.y - ry, width: 2 * rx, height: 2 * ry)
    }

    /// Default start frame for `operation` (scenario G1): push from the right-edge midpoint
    /// (w, h/2, 0, 0), pop from the left-edge midpoint (0, h/2, 0, 0), as RadialTransition.
    /// A tab switch starts at the tapped item (`RadialAnimator` asks the tab bar controller);
    /// this answers for one with no tab bar controller to ask, as a push.
    public static func defaultStartFrame(for operation: TransitionOperation, in bounds: CGRect) -> CGRect {
        switch operation {
        case .push, .present, .tab: return CGRect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0)
        case .pop, .dismiss: return CGRect(x: bounds.minX, y: bounds.midY, width: 0, height: 0)
        }
    }
}
