import Foundation
import TransitionKitCore

/// The zoom's geometry as pure functions, in the container's points (Core Animation
/// geometry). z is the zoom fraction: 0 at the source, 1 full screen (z = progress for push
/// and present, 1 − progress for pop and dismiss).
///
/// - Visible rect V(z) = the linear interpolation between the source frame S and the
///   container bounds B, origin and size alike: `visibleRect(at:source:bounds:)`.
/// - Corner radius r(z) = r_S·(1 − z), never below 0: `cornerRadius(at:source:)`.
/// - Content scale k = max(V.width ÷ A.width, V.height ÷ A.height), A the alignment rect in
///   the zoomed view's coordinates: its alignment rect fills V as `.scaleAspectFill` does,
///   centred on V (`contentScale(alignment:visible:)`, `contentTransform(...)`), clipped to V
///   rounded by r (`maskRect(alignment:visible:)`).
/// - Fallback (no usable source): S = B scaled by `fallbackScale` about its centre, radius 0,
///   and the zoomed view's opacity follows z (shrink-and-fade into the centre).
/// - Finger: the rect under the finger at grab time, scaled about its centre by
///   s ÷ s₀ with s = s₀ − `fingerScaleRate`·(d ÷ container height) clamped to
///   [min(`minimumFingerScale`, s₀), max(1, s₀)] (d the drag along the gesture's direction,
///   points, s₀ = that rect's width ÷ B's width, so a first grab at full screen gives
///   s = 1 − 0.5·d/H in [0.5, 1]), its centre moved by the finger's translation.
public enum ZoomGeometry {
    /// How much of the container's size the fallback shrinks to: 0.5 (half the width and
    /// height, centred, fading out: UIKit's documented fallback is a shrink-and-fade toward
    /// the centre without a published size; half reads as "going away" without vanishing
    /// to a point).
    public static let fallbackScale: CGFloat = 0.5
    /// Scale lost per container height of drag: 0.5 (the zoom specification).
    public static let fingerScaleRate: CGFloat = 0.5
    /// The smallest scale a drag from full screen reaches: 0.5 (the zoom specification).
    public static let minimumFingerScale: CGFloat = 0.5
    /// The smallest content scale used, so a degenerate rect never makes a singular transform.
    static let minimumContentScale: CGFloat = 1e-4

    /// a + (b − a)·t for each of origin and size.
    /// - Complexity: O(1).
    public static func lerp(_ a: CGRect, _ b: CGRect, _ t: CGFloat) -> CGRect {
        CGRect(
            x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
            width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    /// V(z) = lerp(S, B, z), points.
    /// - Complexity: O(1).
    public static func visibleRect(at z: CGFloat, source: CGRect, bounds: CGRect) -> CGRect {
        lerp(source, bounds, z)
    }

    /// r(z) = r_S·(1 − z), at least 0, points.
    public static func cornerRadius(at z: CGFloat, source: CGFloat) -> CGFloat { max(0, source * (1 - z)) }

    /// k = max(V.width ÷ A.width, V.height ÷ A.height) (aspect fill), at least 1e-4.
    /// - Complexity: O(1).
    public static func contentScale(alignment: CGSize, visible: CGSize) -> CGFloat {
        guard alignment.width > 0, alignment.height > 0 else { return 1 }
        let k = max(visible.width / alignment.width, visible.height / alignment.height)
        return k.isFinite ? max(minimumContentScale, k) : 1
    }

    /// The zoomed view's layer transform that maps its alignment rect's centre onto V's
    /// centre, scaled by `contentScale(alignment:visible:)`: scale k about the anchor point,
    /// then a translation t = V.centre − position − k·(A.centre − anchor), where `position`
    /// (container points) and `anchor` (the anchor point in the view's own coordinates) are
    /// the view's untransformed ones.
    /// - Complexity: O(1), no allocation.
    public static func contentTransform(alignment: CGRect, visible: CGRect, position: CGPoint, anchor: CGPoint) -> Transform3D {
        let k = contentScale(alignment: alignment.size, visible: visible.size)
        let tx = visible.midX - position.x - k * (alignment.midX - anchor.x)
        let ty = visible.midY - position.y - k * (alignment.midY - anchor.y)
        return Transform3D(scaleX: k, y: k).concatenating(Transform3D(translationX: tx, y: ty))
    }

    /// V in the zoomed view's own coordinates: centred on A's centre, V's size ÷ k.
    /// - Complexity: O(1).
    public static func maskRect(alignment: CGRect, visible: CGRect) -> CGRect {
        let k = contentScale(alignment: alignment.size, visible: visible.size)
        let w = visible.width / k, h = visible.height / k
        return CGRect(x: alignment.midX - w / 2, y: alignment.midY - h / 2, width: w, height: h)
    }

    /// The fallback's source rect: `bounds` scaled by `fallbackScale` about its centre.
    public static func fallbackRect(in bounds: CGRect) -> CGRect {
        let w = bounds.width * fallbackScale, h = bounds.height * fallbackScale
        return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    }

    /// Whether a source frame can be zoomed from: finite, non-empty, and overlapping the
    /// container (a zero-size or off-screen source falls back).
    public static func isUsable(_ frame: CGRect, in bounds: CGRect) -> Bool {
        frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite && frame.width > 0 && frame.height > 0
            && frame.intersects(bounds)
    }

    /// The finger's scale factor relative to the grab: s ÷ s₀ (see the type's summary).
    /// - Parameters:
    ///   - drag: the drag along the gesture's direction since the grab, points (negative back).
    ///   - grabScale: s₀, the grabbed rect's width ÷ the container's width, > 0.
    ///   - containerHeight: points, > 0.
    public static func fingerFactor(drag: CGFloat, grabScale: CGFloat, containerHeight: CGFloat) -> CGFloat {
        guard grabScale > 0, containerHeight > 0 else { return 1 }
        let s = grabScale - fingerScaleRate * drag / containerHeight
        let clamped = min(max(1, grabScale), max(min(minimumFingerScale, grabScale), s))
        return clamped / grabScale
    }

    /// The rect under the finger: `grabbed` scaled about its centre by `factor`, its centre
    /// moved by `translation` (points).
    public static func fingerRect(grabbed: CGRect, factor: CGFloat, translation: CGPoint) -> CGRect {
        let w = grabbed.width * factor, h = grabbed.height * factor
        return CGRect(x: grabbed.midX + translation.x - w / 2, y: grabbed.midY + translation.y - h / 2, width: w, height: h)
    }
}
