import Foundation

/// One property of one layer that a part of a composition set.
@MainActor
struct LayerWrite {
    let layer: Layer
    let property: EffectConflict.Property

    func sameTarget(as other: LayerWrite) -> Bool { layer === other.layer && property == other.property }
}

/// The state of every layer below a root (masks included) at one moment, to tell which
/// properties changed since: how a composition learns what each of its parts sets.
/// - Complexity: O(layers) to record and to compare; used when a composition prepares, never
///   per frame.
@MainActor
struct LayerTreeState {
    private struct Entry {
        let layer: Layer
        let properties: LayerProperties
        let mask: Layer?
        let sublayers: [ObjectIdentifier]
    }
    private var entries: [Entry] = []

    /// Records `root` and every layer below it.
    init(_ root: Layer) {
        var seen = Set<ObjectIdentifier>()
        record(root, &seen)
    }

    private mutating func record(_ layer: Layer, _ seen: inout Set<ObjectIdentifier>) {
        guard seen.insert(ObjectIdentifier(layer)).inserted else { return }
        entries.append(Entry(layer: layer, properties: layer.properties, mask: layer.mask, sublayers: layer.sublayers.map(ObjectIdentifier.init)))
        if let m = layer.mask { record(m, &seen) }
        for s in layer.sublayers { record(s, &seen) }
    }

    /// The properties of recorded layers that differ now from when they were recorded.
    /// Layers added since are not listed themselves: adding one changes its superlayer's
    /// sublayers or mask.
    func writes() -> [LayerWrite] {
        var out: [LayerWrite] = []
        var changed: [EffectConflict.Property] = []
        for e in entries {
            changed.removeAll(keepingCapacity: true)
            EffectConflict.Property.changed(e.properties, e.layer.properties, into: &changed)
            if e.layer.mask !== e.mask { changed.append(.mask) }
            if e.layer.sublayers.map(ObjectIdentifier.init) != e.sublayers { changed.append(.sublayers) }
            out += changed.map { LayerWrite(layer: e.layer, property: $0) }
        }
        return out
    }
}

extension Array where Element == LayerWrite {
    /// Adds the writes not yet listed.
    @MainActor
    mutating func formUnion(_ other: [LayerWrite]) {
        for w in other where !contains(where: { $0.sameTarget(as: w) }) { append(w) }
    }
}

extension EffectConflict.Role {
    /// The role of `layer` in a transition with `context`'s container and views.
    @MainActor
    init(of layer: Layer, in context: any ContextTransitioning) {
        let from = context.view(forKey: .from)?.layer, to = context.view(forKey: .to)?.layer
        if layer === context.containerView.layer {
            self = .container
        } else if layer === from {
            self = .fromView
        } else if layer === to {
            self = .toView
        } else if let from, layer.isDescendant(of: from) {
            self = .insideFromView
        } else if let to, layer.isDescendant(of: to) {
            self = .insideToView
        } else {
            self = .other
        }
    }
}
