import Foundation
import TransitionKitCore

/// The properties a navigation property sequence checks after every step (into the
/// harness's issues):
///
/// - always: the stack and presentation chain equal the model's (no view controller twice or
///   lost), every view controller's appearance state equals the one its callbacks lead to,
///   its `navigationController` is the navigation controller exactly when it is in the stack
///   or the running request adds it (U9),
///   every layer property of the window's tree and of every loaded pool view is finite;
/// - when nothing runs or waits (queue idle ⟺ model queue empty): exactly the model's visible
///   view controllers are appeared and all others disappeared; the window holds exactly the
///   visible roots' views and the navigation controller's view exactly the top's; those views
///   fill their containers; every pool view's layer is restored (identity transform, centred
///   anchor point, opacity 1, no mask, no extra sublayer); no display link is left.
@MainActor
enum NavigationInvariants {
    static func check(_ h: NavigationHarness) {
        guard h.firstIssue == nil else { return }
        let titles = h.navigation.viewControllers.map { $0.title ?? "?" }
        let expected = h.model.stack.map { "v\($0)" }
        if titles != expected { h.record("stack \(titles), model \(expected)") }
        if Set(titles).count != titles.count { h.record("stack \(titles) holds a view controller twice") }
        var chain: [String] = []
        var node = h.navigation.presentedViewController
        while let p = node, chain.count <= h.modalPool.count {
            chain.append(p.title ?? "?")
            node = p.presentedViewController
        }
        let expectedChain = h.model.chain.map { "m\($0)" }
        if chain != expectedChain { h.record("presentation chain \(chain), model \(expectedChain)") }
        // U9: the ones the running request adds to the stack have their navigationController
        // from its start; every other view controller outside the stack has none.
        let joining = Set(h.model.joining.map { "v\($0)" })
        for vc in [h.navigation] + h.stackPool + h.modalPool {
            let title = vc.title ?? "?"
            if vc.appearanceState != h.appearance.state(title) {
                h.record("\(title): appearanceState \(vc.appearanceState), its callbacks say \(h.appearance.state(title))")
            }
            if vc.isViewLoaded, let bad = nonFiniteLayer(vc.view.layer) { h.record("\(title): \(bad)") }
            if (vc.navigationController === h.navigation) != (titles.contains(title) || joining.contains(title)) {
                h.record(
                    "\(title): navigationController \(vc.navigationController?.title ?? "nil"), in the stack: \(titles.contains(title)), "
                        + "joining: \(joining.contains(title))")
            }
        }
        if let bad = nonFiniteLayer(h.window.rootView.layer) { h.record("window: \(bad)") }
        let idle = h.window.transitionQueue.isIdle
        if idle != h.model.queue.isEmpty {
            h.record("queue idle \(idle), but the model has \(h.model.queue.count) requests to complete")
        }
        if idle { checkIdle(h) }
    }

    private static func checkIdle(_ h: NavigationHarness) {
        let appeared = h.model.appeared
        for (i, vc) in h.stackPool.enumerated() {
            expectState(h, vc, appeared.stackTop == i)
        }
        for (i, vc) in h.modalPool.enumerated() {
            expectState(h, vc, appeared.modals.contains(i))
        }
        expectState(h, h.navigation, appeared.navigation)
        let rootViews = h.model.visibleRoots.map { r in r.map { h.modalPool[$0].view } ?? h.navigation.view }
        if h.window.rootView.subviews.map(ObjectIdentifier.init) != rootViews.map(ObjectIdentifier.init) {
            h.record("window subviews \(h.window.rootView.subviews.map { $0.layer.name ?? "?" }), expected \(rootViews.map { $0.layer.name ?? "?" })")
        }
        let top = h.navigation.topViewController.view
        if h.navigation.view.subviews.count != 1 || h.navigation.view.subviews.first !== top {
            h.record("navigation view subviews \(h.navigation.view.subviews.map { $0.layer.name ?? "?" }), expected only the top's")
        }
        for v in rootViews where !fills(v, h.window.rootView) {
            h.record("\(v.layer.name ?? "?") frame \(v.frame) does not fill the window \(h.window.rootView.bounds)")
        }
        if !fills(top, h.navigation.view) { h.record("top view frame \(top.frame) does not fill \(h.navigation.view.bounds)") }
        for vc in h.stackPool + h.modalPool where vc.isViewLoaded {
            let l = vc.view.layer
            if l.transform != .identity || l.anchorPoint != CGPoint(x: 0.5, y: 0.5) || l.opacity != 1 || l.mask != nil || !l.sublayers.isEmpty {
                h.record("\(vc.title ?? "?"): layer not restored (\(l.properties), mask \(l.mask != nil), \(l.sublayers.count) sublayers)")
            }
            let onScreen = top === vc.view || rootViews.contains { $0 === vc.view }
            if !onScreen && vc.view.superview != nil { h.record("\(vc.title ?? "?")'s view is left in \(vc.view.superview?.layer.name ?? "?")") }
        }
        let nl = h.navigation.view.layer
        if nl.transform != .identity || nl.anchorPoint != CGPoint(x: 0.5, y: 0.5) || nl.opacity != 1 || nl.mask != nil {
            h.record("navigation view layer not restored (\(nl.properties))")
        }
        if h.clock.activeLinkCount != 0 { h.record("\(h.clock.activeLinkCount) display links active while idle") }
        if h.navigation.isTransitioning { h.record("isTransitioning while the queue is idle") }
    }

    private static func expectState(_ h: NavigationHarness, _ vc: ViewController, _ appeared: Bool) {
        let want: AppearanceState = appeared ? .appeared : .disappeared
        let title = vc.title ?? "?"
        if h.appearance.state(title) != want { h.record("\(title) is \(h.appearance.state(title)) while idle; the model says \(want)") }
    }

    /// Whether `view`'s frame equals `container`'s bounds (to 1e-9 relative: autoresizing adds
    /// and subtracts sizes).
    private static func fills(_ view: View, _ container: View) -> Bool {
        let a = view.frame, b = container.bounds
        let tolerance = 1e-9 * max(1, b.width, b.height)
        return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// The 16 entries of `t`, row by row.
    static func entries(_ t: Transform3D) -> [CGFloat] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }

    /// The first non-finite property in `layer`'s tree (masks included), described, or nil.
    static func nonFiniteLayer(_ layer: Layer) -> String? {
        let p = layer.properties
        let values: [CGFloat] =
            [p.bounds.minX, p.bounds.minY, p.bounds.width, p.bounds.height, p.position.x, p.position.y, p.zPosition]
            + [p.anchorPoint.x, p.anchorPoint.y, CGFloat(p.opacity), p.cornerRadius] + entries(p.transform) + entries(p.sublayerTransform)
        if values.contains(where: { !$0.isFinite }) { return "layer \(layer.name ?? "?") has a non-finite property: \(p)" }
        if let mask = layer.mask, let bad = nonFiniteLayer(mask) { return bad }
        for s in layer.sublayers {
            if let bad = nonFiniteLayer(s) { return bad }
        }
        return nil
    }
}
