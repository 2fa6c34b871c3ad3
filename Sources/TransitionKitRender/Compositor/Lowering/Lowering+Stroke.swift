import Foundation
import TransitionKitCore

/// Lowering a shape layer's stroke (`Layer.strokeColor`'s rules): one `fill` of the stroke's
/// outline (`StrokeOutline`, built in layer points, so the line width follows the layer's
/// transform) by the non-zero rule, after the path's fill and before the sublayers, inside
/// the layer's group, mask and `masksToBounds` clip, as the fill. A stroke is never an
/// occluder.
extension LoweredFrame {
    /// Whether `p` strokes its path (`StrokeStyle(p)` is not nil).
    /// - Complexity: O(dash count); no allocation.
    static func drawsStroke(_ p: LayerProperties) -> Bool { StrokeStyle(p) != nil }

    /// Emits `p`'s stroke drawn through `projection` at layer opacity `alpha` (0...255), curves
    /// and arcs within `tolerance` points.
    /// - Complexity: O(points of the flattened path + dashes + arc points); no allocation once
    ///   the buffers have grown (with a perspective projection, as a fill, the projected
    ///   polygons are new).
    func lowerStroke(_ p: LayerProperties, projection: Projection, tolerance: Double, alpha: UInt32) {
        guard let path = p.path, let style = StrokeStyle(p), let color = p.strokeColor else { return }
        stroker.build(path, style: style, tolerance: tolerance)
        guard stroker.count > 0 else { return }
        let shape = newShape { projection.project(stroker.polygons, count: stroker.count, keepingSpareStorageIn: &$0) }
        let index = append(.fill(shape: shape, rule: .nonZero, color: color, alpha: alpha), part: .stroke)
        addStrokeNote(StrokeNote(command: index, style: style, polygons: stroker.count))
    }

    /// The area `p`'s stroke may cover in its layer's points: the path's control-point box
    /// grown by half the line width times `StrokeStyle.reach`; nil when it strokes nothing.
    static func strokeBox(_ p: LayerProperties) -> CGRect? {
        guard let path = p.path, let style = StrokeStyle(p) else { return nil }
        let box = path.boundingBox
        guard !box.isNull else { return nil }
        let grow = CGFloat(style.halfWidth * style.reach)
        return box.insetBy(dx: -grow, dy: -grow)
    }
}

/// What the display list tells of a stroke command (`DisplayList.Command.stroke`).
struct StrokeNote {
    var command: Int
    var style: StrokeStyle
    var polygons: Int
}

extension Projection {
    /// `project(polygons[0..<count], into: out)`, keeping the storage of `out`'s polygons past
    /// the result as empty polygons (a stroke whose dash count changes from frame to frame
    /// keeps its buffers). With a perspective chain, `project(_:)` (allocates).
    func project(_ polygons: [[CGPoint]], count: Int, keepingSpareStorageIn out: inout [[CGPoint]]) {
        guard tail.isEmpty else {
            out = project(Array(polygons[0..<count]))
            return
        }
        var n = 0
        for i in 0..<count {
            if n == out.count { out.append([]) }
            Projection.map(polygons[i], head, into: &out[n])
            if out[n].count >= 3 { n += 1 }
        }
        for i in n..<out.count where !out[i].isEmpty { out[i].removeAll(keepingCapacity: true) }
    }
}
