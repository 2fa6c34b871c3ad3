import Foundation
import TransitionKitCore

/// Lowering a layer's shadow (`LayerProperties.shadowOpacity` and its kin; the rules are
/// `Layer.shadowPath`'s): one `shadow` command, before the layer's background, inside its group
/// and its mask, outside its `masksToBounds` clip.
extension LoweredFrame {
    /// What casts a layer's shadow.
    enum ShadowCaster {
        case shadowPath(ShapePath)
        /// The bounds, rounded as the background is.
        case bounds
        case path(ShapePath)
    }

    /// What casts `p`'s shadow and the shadow colour's alpha (0...1, the product of
    /// `shadowColor`'s alpha, `shadowOpacity` and the caster's alpha); nil when no shadow shows.
    static func shadowCaster(_ p: LayerProperties) -> (caster: ShadowCaster, alpha: Double)? {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let strength = clamp(Double(p.shadowColor.alpha)) * clamp(Double(p.shadowOpacity))
        guard strength > 0 else { return nil }
        let hasArea = p.bounds.width > 0 && p.bounds.height > 0
        let result: (ShadowCaster, Double)
        if let s = p.shadowPath {
            result = (.shadowPath(s), 1)
        } else if hasArea && p.contents != nil {
            result = (.bounds, 1)
        } else if hasArea, drawsGradient(p) {
            // The background and the gradient over it: 1 − (1 − background α)(1 − gradient α),
            // the gradient's α its most opaque colour's.
            let bg = clamp(Double(p.backgroundColor?.alpha ?? 0))
            result = (.bounds, 1 - (1 - bg) * (1 - gradientAlpha(p)))
        } else if hasArea, let bg = p.backgroundColor, bg.alpha > 0 {
            result = (.bounds, clamp(Double(bg.alpha)))
        } else if let path = p.path, p.fillColor.alpha > 0 {
            result = (.path(path), clamp(Double(p.fillColor.alpha)))
        } else {
            return nil
        }
        let alpha = strength * result.1
        // Below half an 8-bit step nothing can show.
        return alpha * 255 >= 0.5 ? (result.0, alpha) : nil
    }

    /// The box (layer points, before `shadowOffset`) of what casts a shadow: the shadow path's
    /// or path's bounding box, or the layer's `bounds`.
    static func shadowExtent(_ caster: ShadowCaster, bounds: CGRect) -> CGRect {
        switch caster {
        case .shadowPath(let path), .path(let path): return path.boundingBox
        case .bounds: return bounds
        }
    }

    /// The shadow's Gaussian σ in device pixels across and down, for `p.shadowRadius` points
    /// drawn through `projection` (`pixelsPerPoint`: its stretch over the caster's extent): an
    /// axis-aligned affine map scales each axis; any other map takes its largest stretch over
    /// the shape (exact for rotations, which keep a Gaussian's shape; an approximation under
    /// perspective, whose stretch varies across the plane).
    static func shadowSigmas(_ p: LayerProperties, projection: Projection, pixelsPerPoint: Double) -> (x: Double, y: Double) {
        let sigma = max(0, Double(p.shadowRadius))
        let h = projection.composite
        if h.m12 == 0 && h.m21 == 0 && h.m13 == 0 && h.m23 == 0 && h.m33 != 0 {
            return (sigma * abs(h.m11 / h.m33), sigma * abs(h.m22 / h.m33))
        }
        return (sigma * pixelsPerPoint, sigma * pixelsPerPoint)
    }

    /// The whole pixels `p`'s shadow may touch drawn through `projection` (the caster's box
    /// moved by `shadowOffset`, projected, grown by the blur's reach, `GaussianEdgeProfile`):
    /// `.empty` when it casts none, nil when the box reaches at or behind the eye. For damage
    /// (`DamageRegion`), which must cover every pixel a shadow draws.
    /// - Complexity: O(1); no allocation.
    static func shadowArea(_ p: LayerProperties, bounds: CGRect, projection: Projection) -> PixelRect? {
        guard let (caster, _) = shadowCaster(p) else { return .empty }
        let extent = shadowExtent(caster, bounds: bounds)
        guard !extent.isNull else { return .empty }
        guard let box = projection.deviceBox(of: extent.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height)) else { return nil }
        let (sx, sy) = shadowSigmas(p, projection: projection, pixelsPerPoint: projection.pixelsPerPoint(over: extent))
        func grow(_ sigma: Double) -> Int {
            let r = GaussianEdgeProfile.reach(sigma: sigma)
            return r.isFinite && r < 1e9 ? Int(r.rounded(.up)) : 1_000_000_000
        }
        let gx = grow(sx), gy = grow(sy)
        return PixelRect(x0: box.x0 &- gx, y0: box.y0 &- gy, x1: box.x1 &+ gx, y1: box.y1 &+ gy)
    }

    /// Emits `p`'s shadow drawn through `projection` at layer opacity `alpha` (0...255).
    func lowerShadow(_ p: LayerProperties, geometry: LayerPixelGeometry, projection: Projection, alpha: UInt32) {
        guard let (caster, strength) = LoweredFrame.shadowCaster(p) else { return }
        let rule: ShapePath.FillRule
        let extent = LoweredFrame.shadowExtent(caster, bounds: geometry.bounds)
        let pixelsPerPoint = projection.pixelsPerPoint(over: extent)
        let tolerance = LoweredFrame.flatteningTolerance / pixelsPerPoint
        switch caster {
        case .shadowPath(let path), .path(let path):
            ShapeFlattening.polygons(path, tolerance: tolerance, into: &flattened)
            rule = path.fillRule
        case .bounds:
            ShapeFlattening.onePolygon(&flattened) { geometry.boundsOutline(tolerance: tolerance, into: &$0) }
            rule = .nonZero
        }
        let dx = p.shadowOffset.width, dy = p.shadowOffset.height
        for i in flattened.indices {
            for k in flattened[i].indices {
                flattened[i][k].x += dx
                flattened[i][k].y += dy
            }
        }
        projection.project(flattened, into: &projectedScratch)
        let (sigmaX, sigmaY) = LoweredFrame.shadowSigmas(p, projection: projection, pixelsPerPoint: pixelsPerPoint)
        let polygons = projectedScratch
        let color = p.shadowColor.withAlphaComponent(strength)
        // Blurred by under a quarter pixel, a shadow is its shape filled, drawn exactly so.
        if max(sigmaX, sigmaY) < ShadowPlan.hardSigma {
            let shape = newShape {
                $0.removeAll(keepingCapacity: true)
                $0.append(contentsOf: polygons)
            }
            append(.fill(shape: shape, rule: rule, color: color, alpha: alpha), part: .shadow)
            return
        }
        let frame = self.frame
        guard
            let plan = newShadowPlan({ plan in
                plan.build(polygons, rule: rule, sigmaX: sigmaX, sigmaY: sigmaY, frame: frame) { self.edgeProfile(sigma: $0) }
            })
        else { return }
        append(.shadow(plan: plan, color: color, alpha: alpha), part: .shadow)
    }
}
