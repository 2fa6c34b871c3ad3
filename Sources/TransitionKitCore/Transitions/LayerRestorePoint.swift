import Foundation

/// A record of view and layer trees taken before a transition, restored when it ends.
///
/// Covers, for every view and layer below the recorded roots (masks included): all value
/// properties (`anchorPoint`, `transform`, `opacity`, frame, …), the `mask`, the order of
/// subviews and sublayers (anything an animator added is removed) — scenario C1 for any
/// effect, not only the listed ones. Membership of the roots themselves in the container is
/// the driver's job.
///
/// The driver takes its record when the transition starts, after the will-appearance
/// callbacks, so what the app changed in them is the state restored (scenario U1).
///
/// A transition coordinator's record for an alongside closure leaves out the two view
/// controllers' views (`excluding`): the driver's own record restores those, so two records
/// never disagree about one layer; on a finish the alongside closures draw the last frame
/// after that restore, so their final state stays (U2).
@MainActor
struct LayerRestorePoint {
    private struct LayerRecord {
        let layer: Layer
        let properties: LayerProperties
        let mask: Layer?
        let sublayers: [Layer]
    }
    private struct ViewRecord {
        let view: View
        let subviews: [View]
    }
    private var layers: [LayerRecord] = []
    private var views: [ViewRecord] = []
    /// The recorded root views (the two view controllers' views).
    let roots: [View]

    /// Records the trees of `roots`, leaving out the trees of the views in `excluded` (a root
    /// inside one of them records nothing).
    /// - Complexity: O(views + layers) of the recorded trees.
    init(capturing roots: [View], excluding excluded: [View] = []) {
        self.roots = roots
        // Marking the excluded views and their layers as seen stops both walks there.
        var seenLayers = Set(excluded.map { ObjectIdentifier($0.layer) })
        var seenViews = Set(excluded.map(ObjectIdentifier.init))
        for root in roots where !excluded.contains(where: root.isDescendant(of:)) {
            captureViews(root, &seenViews)
            captureLayers(root.layer, &seenLayers)
        }
    }

    private mutating func captureViews(_ view: View, _ seen: inout Set<ObjectIdentifier>) {
        guard seen.insert(ObjectIdentifier(view)).inserted else { return }
        views.append(ViewRecord(view: view, subviews: view.subviews))
        for s in view.subviews { captureViews(s, &seen) }
    }

    private mutating func captureLayers(_ layer: Layer, _ seen: inout Set<ObjectIdentifier>) {
        guard seen.insert(ObjectIdentifier(layer)).inserted else { return }
        layers.append(LayerRecord(layer: layer, properties: layer.properties, mask: layer.mask, sublayers: layer.sublayers))
        if let m = layer.mask { captureLayers(m, &seen) }
        for s in layer.sublayers { captureLayers(s, &seen) }
    }

    /// Puts every recorded view and layer back as it was.
    /// - Complexity: O(views + layers).
    func restore() {
        for record in views where record.view.subviews.map(ObjectIdentifier.init) != record.subviews.map(ObjectIdentifier.init) {
            for s in record.view.subviews { s.removeFromSuperview() }
            for s in record.subviews { record.view.addSubview(s) }
        }
        for record in layers {
            record.layer.properties = record.properties
            if record.layer.mask !== record.mask {
                record.mask?.removeFromSuperlayer()
                record.layer.mask = record.mask
            }
            if record.layer.sublayers.map(ObjectIdentifier.init) != record.sublayers.map(ObjectIdentifier.init) {
                for s in record.layer.sublayers { s.removeFromSuperlayer() }
                for s in record.sublayers { record.layer.addSublayer(s) }
            }
        }
    }
}
