import Foundation
import TransitionKitCore

/// One layer drawn in a transform layer's 3-D space (`LoweredFrame.lowerTransformLayer`): the
/// layer, its chain to the transform layer's parent (what `lowerLayer` takes as
/// `parentSublayerToLocal`), the product of the transform layers' opacities above it, its depth
/// key and its path below the transform layer (`LoweredFrame.depthPaths`).
struct DepthSortedLayer {
    var node: LayerSnapshot
    var chain: Transform3D
    var opacity: Float
    /// z/w of the layer's bounds centre in the parent's space (larger is nearer the viewer).
    var depth: Double
    /// Position among the collected layers in the transform layers' own drawing order.
    var order: Int
    var pathStart: Int
    var pathCount: Int
}

extension LoweredFrame {
    /// Lowers transform layer `node` (`LayerProperties.isTransformLayer`, Core Animation's
    /// `CATransformLayer`): its sublayers, and those of nested transform layers, keep their
    /// 3-D positions in the parent's space instead of being flattened into the transform
    /// layer's plane, and are drawn back to front by the depth of their bounds centre.
    ///
    /// Each collected layer is lowered as if it were a sublayer of the transform layer's
    /// parent whose map to the parent's space is the product of every 4x4 transform down to it
    /// (`sublayerToLocal` and `localToParent` of each transform layer on the way): flattening
    /// happens only there, so a cube's faces keep their places. The depth key is the
    /// homogeneous z/w of the layer's bounds centre under that product (with the parent's
    /// `sublayerTransform`, so a perspective `m34` there counts): z grows toward the viewer in
    /// Core Animation's space, and z/w = z/(1 + m34·z) is increasing in z wherever w > 0, so
    /// sorting by it orders by distance from the eye. Ties keep the drawing order (`zPosition`,
    /// then insertion). A painter's sort of whole layers, as Core Animation's: layers that
    /// cross each other are not split.
    ///
    /// The transform layer itself draws nothing (background, contents, gradient, path, border,
    /// shadow, `mask` and `masksToBounds` are ignored, as Apple documents for
    /// `CATransformLayer`), and its opacity multiplies each collected layer's own.
    /// - Complexity: O(n²) comparisons for the n collected layers (an insertion sort, stable
    ///   and free of allocation; n is a handful of faces), plus their lowering. Allocates
    ///   nothing once the frame's buffers have grown.
    func lowerTransformLayer(
        _ node: LayerSnapshot, parent: Projection, parentSublayerToLocal: Transform3D, opacity: Float, occlusion: PixelRect?,
        counts: Bool
    ) {
        let base = depthItems.count, pathBase = depthPaths.count
        defer {
            depthItems.removeSubrange(base...)
            depthPaths.removeSubrange(pathBase...)
        }
        collectDepthSorted(node, chain: parentSublayerToLocal, opacity: opacity, pathPrefix: 0)
        sortDepthItems(from: base)
        for k in base..<depthItems.count {
            let item = depthItems[k]
            for j in 0..<item.pathCount { enter(depthPaths[item.pathStart + j]) }
            lowerLayer(
                item.node, parent: parent, parentSublayerToLocal: item.chain, opacity: item.opacity, occlusion: occlusion,
                counts: counts)
            for _ in 0..<item.pathCount { leave() }
        }
    }

    /// Appends the layers `node` (a transform layer reached through `chain`, with accumulated
    /// `opacity`) contributes: its visible sublayers, and the contributions of those that are
    /// transform layers themselves. `pathPrefix`: how many entries of `depthPaths`' end are the
    /// path from the outermost transform layer down to `node`.
    private func collectDepthSorted(_ node: LayerSnapshot, chain: Transform3D, opacity: Float, pathPrefix: Int) {
        let p = node.properties
        guard !p.isHidden else { return }
        let opacity = opacity * p.opacity
        guard PixelMath.alpha8(opacity) > 0 else { return }
        let inner = LoweredFrame.depthChain(p, below: chain)
        let prefixStart = depthPaths.count - pathPrefix
        LoweredFrame.forEachInDrawingOrder(node) { k, i in
            let child = node.sublayers[i]
            if child.properties.isTransformLayer {
                // The prefix, then k: the path down to the nested transform layer.
                for j in 0..<pathPrefix { depthPaths.append(depthPaths[prefixStart + j]) }
                depthPaths.append(k)
                collectDepthSorted(child, chain: inner, opacity: opacity, pathPrefix: pathPrefix + 1)
                return
            }
            let c = child.properties
            let step = c.localToParent.concatenating(inner)
            let centre = step.transform(x: c.bounds.midX, y: c.bounds.midY)
            let depth = Double(centre.w) > Projection.minimumW ? Double(centre.z / centre.w) : -Double.infinity
            let start = depthPaths.count
            for j in 0..<pathPrefix { depthPaths.append(depthPaths[prefixStart + j]) }
            depthPaths.append(k)
            depthItems.append(
                DepthSortedLayer(
                    node: child, chain: inner, opacity: opacity, depth: depth, order: depthItems.count, pathStart: start,
                    pathCount: pathPrefix + 1))
        }
    }

    /// What transform layer `p`'s sublayers take as their parent's `sublayerToLocal` when `p`
    /// is reached through `chain`: its own maps followed by `chain`, unflattened (the one rule
    /// lowering and `DamageRegion` share).
    static func depthChain(_ p: LayerProperties, below chain: Transform3D) -> Transform3D {
        p.sublayerToLocal.concatenating(p.localToParent.concatenating(chain))
    }

    /// Sorts `depthItems[base...]` by depth, far to near, ties by `order` (insertion sort).
    private func sortDepthItems(from base: Int) {
        guard depthItems.count - base > 1 else { return }
        for i in (base + 1)..<depthItems.count {
            let item = depthItems[i]
            var j = i
            while j > base, DepthSortedLayer.drawsAfter(depthItems[j - 1], item) {
                depthItems[j] = depthItems[j - 1]
                j -= 1
            }
            depthItems[j] = item
        }
    }
}

extension DepthSortedLayer {
    /// Whether `a` is drawn after `b`: nearer the viewer, or as near and later in the order.
    static func drawsAfter(_ a: DepthSortedLayer, _ b: DepthSortedLayer) -> Bool {
        a.depth != b.depth ? a.depth > b.depth : a.order > b.order
    }
}
