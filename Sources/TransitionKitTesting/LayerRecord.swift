import Foundation
import TransitionKitCore

/// Text records of layer trees, for checking that a transition restored every layer: two
/// records are equal iff the recorded state is the same, and `layerStateDifferences` shows
/// where they differ.
///
/// Two kinds: `layerRecord` includes object identities (which layer is the mask, the
/// superlayer, the index among siblings), so it says "the very same layers are back where
/// they were"; `layerState` has no identities, so the trees of two different windows compare
/// equal iff they draw the same frame.

/// Every layer of `layer`'s tree, depth first: its name, every value property (bounds,
/// position, anchor point, transform, opacity, path, …), its frame, and the identities of
/// its mask and superlayer with its index among its siblings.
/// - Complexity: O(layers in the tree).
@MainActor
public func layerRecord(_ layer: Layer) -> [String] {
    var out = [
        "\(layer.name ?? "") \(layer.properties) frame:\(layer.frame) "
            + "mask:\(layer.mask.map { ObjectIdentifier($0).hashValue } ?? 0) "
            + "super:\(layer.superlayer.map { ObjectIdentifier($0).hashValue } ?? 0) index:\(layer.indexInSuperlayer ?? -1)"
    ]
    for s in layer.sublayers { out += layerRecord(s) }
    return out
}

/// `layerRecord` of each view controller's view's layer, in argument order.
@MainActor
public func layerRecords(_ viewControllers: ViewController...) -> [[String]] {
    viewControllers.map { layerRecord($0.view.layer) }
}

/// Every layer of `layer`'s tree, depth first: its name and every value property, then its
/// mask's record and its sublayers' records, without object identities.
/// - Complexity: O(layers in the tree).
@MainActor
public func layerState(_ layer: Layer) -> [String] {
    var out = ["\(layer.name ?? "") \(layer.properties)"]
    if let mask = layer.mask { out += layerState(mask).map { "mask of \(layer.name ?? ""): \($0)" } }
    for s in layer.sublayers { out += layerState(s) }
    return out
}

/// The lines where two records (`layerRecord` or `layerState`) differ, at most `limit` (>= 1),
/// preceded by a line giving both counts when the trees have different sizes; empty when the
/// records are equal.
public func layerStateDifferences(_ a: [String], _ b: [String], limit: Int = 4) -> [String] {
    var out: [String] = []
    if a.count != b.count { out.append("\(a.count) layers vs \(b.count)") }
    for (x, y) in zip(a, b) where x != y && out.count < limit { out.append("\(x)\n  vs \(y)") }
    return out
}
