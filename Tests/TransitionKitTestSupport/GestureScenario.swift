import Foundation
import TransitionKitCore
import TransitionKitTesting

extension Fixtures {
    /// A gesture trace from `Tests/Fixtures/traces/<name>.json` (all for a 320x480 window;
    /// the folder's README gives each trace's closed-form translation and velocity).
    public static func trace(_ name: String) throws -> GestureTrace {
        try GestureTrace(contentsOf: url("traces/\(name).json").path)
    }
}

extension TestScene {
    /// A scene whose stack is `[root, A]` (A pushed without animation; only `[root]` when
    /// `pushA` is false), configured by `install` (e.g. enabling an edge swipe), with the
    /// appearance log cleared afterwards.
    /// - Returns: the scene, A, and what `install` returned.
    public static func withStack<T>(pushA: Bool = true, install: (NavigationController) -> T) -> (TestScene, ViewController, T) {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        if pushA { scene.navigationController.push(a, animated: false) }
        let installed = install(scene.navigationController)
        scene.clearLog()
        return (scene, a, installed)
    }
}

extension TestScene {
    /// What differs from a clean cancel of a pop from `[root, A]` (empty when clean): the
    /// stack, the layer records of root and A against `before` (C1), the views' places, an
    /// idle queue and clock (no display link left), and the appearance states.
    public func popCancelIssues(_ a: ViewController, before: [[String]]) -> [String] {
        var issues: [String] = []
        if stackTitles != ["root", "A"] { issues.append("stack \(stackTitles)") }
        if layerRecords(root, a) != before { issues.append("C1: layers differ from before the transition") }
        if root.view.superview != nil { issues.append("root's view still in the container") }
        if a.view.superview !== navigationController.view { issues.append("A's view not back in the container") }
        if !navigationController.transitionQueue.isIdle { issues.append("transition queue busy") }
        if clock.activeLinkCount != 0 { issues.append("\(clock.activeLinkCount) display links left") }
        if a.appearanceState != .appeared || root.appearanceState != .disappeared { issues.append("appearance states") }
        return issues
    }

    /// What differs from a finished pop from `[root, A]` (empty when clean): stack `[root]`,
    /// A's view gone, root's view in the container at identity with its own anchor point and
    /// the container's frame, no mask, idle queue and clock.
    public func popFinishIssues(_ a: ViewController) -> [String] {
        var issues: [String] = []
        if stackTitles != ["root"] { issues.append("stack \(stackTitles)") }
        if a.view.superview != nil { issues.append("A's view still in the container") }
        let v = root.view
        if v.superview !== navigationController.view { issues.append("root's view not in the container") }
        if v.transform3D != .identity || v.layer.anchorPoint != CGPoint(x: 0.5, y: 0.5) || v.layer.mask != nil {
            issues.append("root's layer not restored")
        }
        if v.frame != navigationController.view.bounds { issues.append("root's frame \(v.frame)") }
        if !navigationController.transitionQueue.isIdle { issues.append("transition queue busy") }
        if clock.activeLinkCount != 0 { issues.append("\(clock.activeLinkCount) display links left") }
        return issues
    }
}
