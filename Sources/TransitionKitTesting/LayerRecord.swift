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
        "\(layer.name ?? "")\(fieldSeparator)\(fields(layer.properties))\(fieldSeparator)frame: \(layer.frame)"
            + "\(fieldSeparator)mask: \(layer.mask.map { ObjectIdentifier($0).hashValue } ?? 0)"
            + "\(fieldSeparator)super: \(layer.superlayer.map { ObjectIdentifier($0).hashValue } ?? 0)"
            + "\(fieldSeparator)index: \(layer.indexInSuperlayer ?? -1)"
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
    var out = ["\(layer.name ?? "")\(fieldSeparator)\(fields(layer.properties))"]
    if let mask = layer.mask { out += layerState(mask).map { "mask of \(layer.name ?? ""): \($0)" } }
    for s in layer.sublayers { out += layerState(s) }
    return out
}

/// Between the fields of a record line: the layer's name first, then one `label: value` per
/// property (`fields`).
let fieldSeparator = " | "

/// Every stored property of `properties` as `label: value`, in declaration order, joined by
/// `fieldSeparator` (`Mirror`, so a property added to `LayerProperties` is recorded too).
func fields(_ properties: LayerProperties) -> String {
    Mirror(reflecting: properties).children.map { "\($0.label ?? "?"): \($0.value)" }.joined(separator: fieldSeparator)
}

/// The lines where two records (`layerRecord` or `layerState`) differ, at most `limit` (>= 1),
/// preceded by a line giving both counts when the trees have different sizes; empty when the
/// records are equal. A differing line names its layer and only the fields that differ, as
/// `layer 'name': opacity: 1.0 vs 0.5` (the first record's value, then the second's).
public func layerStateDifferences(_ a: [String], _ b: [String], limit: Int = 4) -> [String] {
    var out: [String] = []
    if a.count != b.count { out.append("\(a.count) layers vs \(b.count)") }
    for (x, y) in zip(a, b) where x != y && out.count < limit { out.append(lineDifference(x, y)) }
    return out
}

/// `layer '<name>': <field> vs <value>; ...` for two record lines of the same shape (the same
/// name and field labels), both lines whole otherwise.
func lineDifference(_ x: String, _ y: String) -> String {
    let xs = x.components(separatedBy: fieldSeparator), ys = y.components(separatedBy: fieldSeparator)
    func label(_ field: String) -> Substring? { field.firstIndex(of: ":").map { field[..<$0] } }
    guard xs.count == ys.count, xs.count > 1, xs[0] == ys[0],
        zip(xs.dropFirst(), ys.dropFirst()).allSatisfy({ label($0) != nil && label($0) == label($1) })
    else { return "\(x)\n  vs \(y)" }
    let changed = zip(xs.dropFirst(), ys.dropFirst()).filter { $0 != $1 }.map { f, g in
        "\(f) vs\(g.dropFirst(label(g)!.count + 1))"
    }
    return "layer '\(xs[0])': \(changed.joined(separator: "; "))"
}
