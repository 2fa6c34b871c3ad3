import Foundation

/// What one step changed in a view tree, recorded so that it can be undone later, change by
/// change: the presentation keeps what a finished present's animator left on the
/// presenter's view (`finalizeTransition`, `animationEnded`: a presenter shrunk behind a
/// card) and the end of the presentation puts it back, however it ends (scenario U12).
///
/// Only what the step changed is recorded and undone: of each layer the properties that
/// changed (a shrunk presenter's `transform` and `opacity`, not the frame a resize gives it
/// later, G3), its mask, and the sublayers and subviews it added or removed. The changed
/// layers and views are held weakly, so one the app dropped meanwhile is not kept for the
/// undo; the members of a changed mask or sublayer or subview list are held until then.
@MainActor
struct LayerChanges {
    private struct LayerState {
        let layer: Layer
        let properties: LayerProperties
        let mask: Layer?
        let sublayers: [Layer]
    }
    private struct LayerChange {
        weak var layer: Layer?
        let before: LayerProperties
        let after: LayerProperties
        let mask: Layer?
        let maskAfter: Layer?
        let sublayers: [Layer]
        let sublayersAfter: [Layer]
    }
    private struct ViewChange {
        weak var view: View?
        let subviews: [View]
        let subviewsAfter: [View]
    }

    private var recorded: (layers: [LayerState], views: [(View, [View])])?
    private var layerChanges: [LayerChange] = []
    private var viewChanges: [ViewChange] = []

    /// Whether the step changed nothing (after `finishRecording()`).
    var isEmpty: Bool { layerChanges.isEmpty && viewChanges.isEmpty }

    /// Starts recording: takes the state of every view and layer below `root` (masks included).
    /// - Complexity: O(views + layers) of the tree.
    init(recording root: View) {
        var layers: [LayerState] = []
        var views: [(View, [View])] = []
        Self.walk(root) { views.append(($0, $0.subviews)) }
        Self.walk(root.layer) { layers.append(LayerState(layer: $0, properties: $0.properties, mask: $0.mask, sublayers: $0.sublayers)) }
        recorded = (layers, views)
    }

    /// Ends recording: keeps what differs now from the state taken by `init(recording:)`.
    /// - Complexity: O(views + layers) of the recorded tree.
    mutating func finishRecording() {
        guard let (layers, views) = recorded else { return }
        recorded = nil
        for s in layers {
            let l = s.layer
            let sublayersChanged = !Self.same(l.sublayers, s.sublayers)
            guard l.properties != s.properties || l.mask !== s.mask || sublayersChanged else { continue }
            assert(Self.undo(l.properties, before: s.properties, after: l.properties) == s.properties, "a LayerProperties field is missing")
            layerChanges.append(
                LayerChange(
                    layer: l, before: s.properties, after: l.properties, mask: s.mask, maskAfter: l.mask,
                    sublayers: sublayersChanged ? s.sublayers : [], sublayersAfter: sublayersChanged ? l.sublayers : []))
        }
        for (view, subviews) in views where !Self.same(view.subviews, subviews) {
            viewChanges.append(ViewChange(view: view, subviews: subviews, subviewsAfter: view.subviews))
        }
    }

    /// Puts back what the recorded step changed, leaving everything else as it is now: each
    /// changed property gets its value from before the step, except a geometry one (`bounds`,
    /// `position`) changed again since (a resize gave the view a new frame, G3), which keeps
    /// its new value; a mask the step set is taken off
    /// (the old one back); a subview or sublayer list the step changed gets its old order if
    /// nothing changed it since (a sublayer list also when undoing the subviews left it with
    /// its old members in another order), else the views and layers the step added leave.
    /// - Complexity: O(changed views and layers).
    func undo() {
        for c in viewChanges {
            guard let view = c.view else { continue }
            if Self.same(view.subviews, c.subviewsAfter) {
                for s in view.subviews { s.removeFromSuperview() }
                for s in c.subviews { view.addSubview(s) }
            } else {
                for s in c.subviewsAfter where s.superview === view && !c.subviews.contains(where: { $0 === s }) { s.removeFromSuperview() }
            }
        }
        for c in layerChanges {
            guard let layer = c.layer else { continue }
            layer.properties = Self.undo(layer.properties, before: c.before, after: c.after)
            if c.mask !== c.maskAfter, layer.mask === c.maskAfter {
                c.mask?.removeFromSuperlayer()
                layer.mask = c.mask
            }
            guard !c.sublayers.isEmpty || !c.sublayersAfter.isEmpty else { continue }
            // Undoing the subviews above re-adds their layers last, past plain sublayers that
            // were between or above them: the old members in another order get the old order.
            if Self.same(layer.sublayers, c.sublayersAfter) || Self.sameMembers(layer.sublayers, c.sublayers) {
                for s in layer.sublayers { s.removeFromSuperlayer() }
                for s in c.sublayers { layer.addSublayer(s) }
            } else {
                for s in c.sublayersAfter where s.superlayer === layer && !c.sublayers.contains(where: { $0 === s }) { s.removeFromSuperlayer() }
            }
        }
    }

    /// `current` with every field that differs between `before` and `after` set back to `before`'s,
    /// but the geometry (`bounds`, `position`) only where `current` still has `after`'s.
    private nonisolated static func undo(_ current: LayerProperties, before: LayerProperties, after: LayerProperties) -> LayerProperties {
        var p = current
        undoField(\.bounds, in: &p, before: before, after: after, keepingLaterChange: true)
        undoField(\.position, in: &p, before: before, after: after, keepingLaterChange: true)
        undoField(\.zPosition, in: &p, before: before, after: after)
        undoField(\.anchorPoint, in: &p, before: before, after: after)
        undoField(\.transform, in: &p, before: before, after: after)
        undoField(\.sublayerTransform, in: &p, before: before, after: after)
        undoField(\.opacity, in: &p, before: before, after: after)
        undoField(\.isHidden, in: &p, before: before, after: after)
        undoField(\.backgroundColor, in: &p, before: before, after: after)
        undoField(\.cornerRadius, in: &p, before: before, after: after)
        undoField(\.masksToBounds, in: &p, before: before, after: after)
        undoField(\.contents, in: &p, before: before, after: after)
        undoField(\.contentsGravity, in: &p, before: before, after: after)
        undoField(\.contentsRect, in: &p, before: before, after: after)
        undoField(\.path, in: &p, before: before, after: after)
        undoField(\.fillColor, in: &p, before: before, after: after)
        undoField(\.maskedCorners, in: &p, before: before, after: after)
        undoField(\.cornerCurve, in: &p, before: before, after: after)
        undoField(\.borderWidth, in: &p, before: before, after: after)
        undoField(\.borderColor, in: &p, before: before, after: after)
        undoField(\.isDoubleSided, in: &p, before: before, after: after)
        undoField(\.isTransformLayer, in: &p, before: before, after: after)
        undoField(\.shadowColor, in: &p, before: before, after: after)
        undoField(\.shadowOpacity, in: &p, before: before, after: after)
        undoField(\.shadowOffset, in: &p, before: before, after: after)
        undoField(\.shadowRadius, in: &p, before: before, after: after)
        undoField(\.shadowPath, in: &p, before: before, after: after)
        undoField(\.gradient, in: &p, before: before, after: after)
        undoField(\.strokeColor, in: &p, before: before, after: after)
        undoField(\.lineWidth, in: &p, before: before, after: after)
        undoField(\.lineCap, in: &p, before: before, after: after)
        undoField(\.lineJoin, in: &p, before: before, after: after)
        undoField(\.miterLimit, in: &p, before: before, after: after)
        undoField(\.lineDashPattern, in: &p, before: before, after: after)
        undoField(\.lineDashPhase, in: &p, before: before, after: after)
        undoField(\.strokeStart, in: &p, before: before, after: after)
        undoField(\.strokeEnd, in: &p, before: before, after: after)
        return p
    }

    /// Sets `p`'s `key` back to `before`'s where `before` and `after` differ; with
    /// `keepingLaterChange`, only where `p` (the current value) still has `after`'s.
    private nonisolated static func undoField<T: Equatable>(
        _ key: WritableKeyPath<LayerProperties, T>, in p: inout LayerProperties, before: LayerProperties, after: LayerProperties,
        keepingLaterChange: Bool = false
    ) {
        guard before[keyPath: key] != after[keyPath: key] else { return }
        if keepingLaterChange && p[keyPath: key] != after[keyPath: key] { return }
        p[keyPath: key] = before[keyPath: key]
    }

    private static func same<T: AnyObject>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    /// Whether `a` and `b` hold the same objects, in any order.
    private static func sameMembers<T: AnyObject>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && a.allSatisfy { x in b.contains { $0 === x } }
    }

    private static func walk(_ view: View, _ visit: (View) -> Void) {
        visit(view)
        for s in view.subviews { walk(s, visit) }
    }

    private static func walk(_ layer: Layer, _ visit: (Layer) -> Void) {
        visit(layer)
        if let m = layer.mask { walk(m, visit) }
        for s in layer.sublayers { walk(s, visit) }
    }
}
