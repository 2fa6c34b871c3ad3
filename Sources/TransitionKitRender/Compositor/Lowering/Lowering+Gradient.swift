import Foundation
import TransitionKitCore

/// Lowering a layer's gradient (`LayerProperties.gradient`; the rules are `Layer.gradient`'s):
/// one `gradient` command over the bounds rounded as the background is, after the background
/// and before the contents, inside the layer's group and mask, outside its `masksToBounds`
/// clip (which the bounds shape already is).
extension LoweredFrame {
    /// Whether `p` draws a gradient: it has area and a valid gradient with a colour that is not
    /// transparent.
    /// - Complexity: O(colours); no allocation.
    static func drawsGradient(_ p: LayerProperties) -> Bool {
        guard let g = p.gradient, p.bounds.width > 0, p.bounds.height > 0, p.bounds.width.isFinite, p.bounds.height.isFinite
        else { return false }
        return g.isValid && g.colors.contains { $0.premultipliedRGBA8.a > 0 }
    }

    /// The largest alpha (0...1, clamped) among `p`'s gradient colours; 0 when it draws none.
    static func gradientAlpha(_ p: LayerProperties) -> Double {
        guard drawsGradient(p), let g = p.gradient else { return 0 }
        return g.colors.reduce(0.0) { max($0, $1.alpha.isNaN ? 0 : min(max(Double($1.alpha), 0), 1)) }
    }

    /// Emits `p`'s gradient drawn through `projection` at layer opacity `alpha` (0...255) over
    /// the bounds shape `shape()` (made on first use). `skip`: opaque contents cover the bounds,
    /// so the gradient cannot show; only its occluder is kept, as the background's is.
    /// `occlusion`: as `lowerLayer`'s; a square layer whose every colour is opaque paints its
    /// projected bounds opaque.
    /// - Complexity: O(colours), plus the ramp's rebuild when the gradient changed
    ///   (`GradientPlan.build`); no allocation once the slots have grown.
    func lowerGradient(
        _ p: LayerProperties, geometry: LayerPixelGeometry, projection: Projection, alpha: UInt32, skip: Bool, occlusion: PixelRect?,
        shape: () -> Int
    ) {
        guard geometry.hasArea, LoweredFrame.drawsGradient(p), let g = p.gradient else { return }
        func addOccluderIfOpaque(_ opaque: Bool) {
            guard let occlusion, geometry.isSquare, opaque else { return }
            geometry.projectBoundsRect(projection, rect: &localRect, into: &projectedScratch)
            addOccluder(projectedScratch, clip: occlusion, part: .gradient)
        }
        if skip {
            addOccluderIfOpaque(g.colors.allSatisfy { $0.premultipliedRGBA8.a == 255 })
            return
        }
        let bounds = geometry.bounds
        guard let plan = newGradientPlan({ $0.build(g, bounds: bounds, projection: projection) }) else { return }
        addOccluderIfOpaque(gradientPlans[plan].isOpaque)
        append(.gradient(plan: plan, shape: shape(), alpha: alpha), part: .gradient)
    }
}
