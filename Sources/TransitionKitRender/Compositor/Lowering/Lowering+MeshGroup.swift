import Foundation
import TransitionKitCore

/// The offscreen picture of a meshed layer's subtree, kept from frame to frame: a compositor
/// of its own (one band, no workers) and the bitmap it renders into.
final class MeshGroup {
    var compositor = Compositor(options: RenderOptions(scale: 1, background: .transparent, threads: 1))
    var bitmap = Bitmap(width: 1, height: 1)
}

/// A `meshTransform` warps the layer together with its sublayers, as Core Animation's
/// `CAMeshTransform` does (the layer's subtree is flattened first): a meshed layer that draws
/// more than its background and contents (visible sublayers, a gradient, a `path`, a border)
/// is rendered flat, without its mesh, shadow, mask and opacity, into an offscreen bitmap of
/// its bounds once per frame (`MeshGroup`), and the mesh samples that bitmap as its contents.
/// Its shadow (unwarped, as for any meshed layer), mask and opacity apply to the warped
/// result as they apply to a layer's drawing (a group when it draws two parts).
extension LoweredFrame {
    /// Whether the mesh of `node` warps more than its background and contents.
    static func meshWarpsSubtree(_ node: LayerSnapshot) -> Bool {
        let p = node.properties
        return node.sublayers.contains { !$0.properties.isHidden } || (p.path != nil && p.fillColor.alpha > 0) || drawsBorder(p)
            || drawsGradient(p)
    }

    /// Emits a meshed layer whose subtree the mesh warps (see the extension): its mask, then in
    /// a group when its opacity or mask needs one, its shadow and the mesh over the flattened
    /// subtree.
    /// - Complexity: one render of the subtree into w·h pixels, w×h the layer's bounds in
    ///   device pixels (at the layer's largest pixels per point, each side at most
    ///   `Bitmap.maximumDimension`), plus the mesh's cost; no allocation once the slot's
    ///   bitmap has the layer's size.
    func lowerFlattenedMesh(
        _ node: LayerSnapshot, _ mesh: MeshTransform, geometry: LayerPixelGeometry, projection: Projection, step: Transform3D,
        parent: Projection, alpha: UInt32, counts: Bool
    ) {
        let p = node.properties
        guard let flat = flatten(node, geometry: geometry, projection: projection),
            let plan = lowerMesh(mesh, properties: flat, step: step, parent: parent)
        else { return }
        if counts { addResampled(meshPlans[plan].box.width * meshPlans[plan].box.height) }
        let parts = 1 + (LoweredFrame.shadowCaster(p) != nil ? 1 : 0)
        var maskStart: Int? = nil
        if let mask = node.mask {
            guard let start = lowerMask(mask, host: projection, drawnOnce: false) else { return }
            maskStart = start
        }
        if parts > 1 && (alpha < 255 || node.mask != nil) {
            let start = append(.beginGroup(alpha: alpha, end: -1), part: .group)
            lowerShadow(p, geometry: geometry, projection: projection, alpha: 255)
            append(.mesh(plan: plan, alpha: 255), part: .mesh)
            close(start, at: append(.endGroup, part: .group))
        } else {
            lowerShadow(p, geometry: geometry, projection: projection, alpha: alpha)
            append(.mesh(plan: plan, alpha: alpha), part: .mesh)
        }
        if let maskStart { close(maskStart, at: append(.restore, part: .mask)) }
    }

    /// Renders `node` flat into the next `MeshGroup` slot: its bounds fill the slot's bitmap
    /// exactly (w·s × h·s device pixels rounded up, s the layer's pixels per point, stretched
    /// by under a pixel to whole pixels), its own mesh, shadow, mask and opacity left out.
    /// Returns `node`'s properties with that bitmap as contents and no background; nil when
    /// the layer has no finite, positive pixel size.
    private func flatten(_ node: LayerSnapshot, geometry: LayerPixelGeometry, projection: Projection) -> LayerProperties? {
        let bounds = geometry.bounds
        let s = projection.pixelsPerPoint(over: bounds)
        let w = Double(bounds.width) * s, h = Double(bounds.height) * s
        guard s.isFinite, s > 0, w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        let limit = Double(Bitmap.maximumDimension)
        let width = Int(min(limit, w.rounded(.up))), height = Int(min(limit, h.rounded(.up)))
        let group = nextMeshGroup()
        if group.bitmap.width != width || group.bitmap.height != height { group.bitmap = Bitmap(width: width, height: height) }
        var flat = node.properties
        flat.meshTransform = nil
        flat.opacity = 1
        flat.shadowOpacity = 0
        flat.isHidden = false
        flat.isDoubleSided = true
        flat.anchorPoint = .zero
        flat.position = .zero
        flat.transform = Transform3D(scaleX: CGFloat(Double(width) / w), y: CGFloat(Double(height) / h))
        group.compositor.options.scale = CGFloat(s)
        group.compositor.options.disableFastPaths = !findsOccluders
        group.compositor.render(LayerSnapshot(properties: flat, sublayers: node.sublayers), into: &group.bitmap)
        var warped = node.properties
        warped.contents = group.bitmap
        warped.backgroundColor = nil
        return warped
    }
}
