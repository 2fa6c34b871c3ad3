import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTesting
import ZoomEffect

struct Declared<E: TransitionEffect>: TransitionEffect {
    static var name: String { E.name }
    static var summary: String { E.summary }
    static var parameters: [AnyEffectParameter] { E.parameters }
    static var supportedOperations: [TransitionOperation] { E.supportedOperations }
    static var modalPresentationStyle: ModalPresentationStyle { E.modalPresentationStyle }
    let inner: E
    init(_ inner: E) { self.inner = inner }
    init(parameters: EffectParameters) throws(TransitionKitError) { inner = try E(parameters: parameters) }
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { inner.makeAnimator(for: operation) }
    var frameTraits: EffectFrameTraits { EffectFrameTraits(mirroredOperations: [.pop, .dismiss]) }
}

@MainActor
@Suite struct ZZFrameProbe {
    func probe<E: TransitionEffect>(_ label: String, _ e: E) throws {
        let scene = try EffectScene()
        for op in E.supportedOperations {
            var frames: [Bitmap] = []
            let n = 192
            let stage = try scene.makeStage(op, modalPresentationStyle: E.modalPresentationStyle)
            stage.begin(animator: e.makeAnimator(for: op), interactive: true)
            for i in 0...n {
                stage.setProgress(CGFloat(i) / CGFloat(n))
                frames.append(try scene.render(stage))
            }
            stage.end(finish: false)
            var worst24 = 0.0, worst192 = 0.0
            for i in 0..<n { worst192 = max(worst192, EffectLaws.meanDifference(frames[i], frames[i + 1]) * Double(n)) }
            for i in stride(from: 0, to: n, by: 8) { worst24 = max(worst24, EffectLaws.meanDifference(frames[i], frames[i + 8]) * 24) }
            print("PROBE \(label) \(op.rawValue) rate@24 \(worst24) rate@192 \(worst192)")
        }
        let v = EffectLaws.violations(of: Declared(e), laws: [.reversal, .continuity, .endpoints])
        for x in v { print("PROBE \(label) VIOL \(x)") }
    }

    @Test func run() throws {
        try probe("fade", Fade())
        try probe("fadeblack", Fade.through(.black))
        try probe("pushback", PushBack3D())
        try probe("radial", Radial())
        try probe("radialconceal", Radial(popStyle: .conceal))
        try probe("radialstart", Radial(startFrame: CGRect(x: 20, y: 30, width: 40, height: 40)))
        try probe("drag", DragDismiss())
        try probe("dragleft", DragDismiss(direction: .left))
        try probe("zoom", Zoom())
        try probe("zoomnone", Zoom(source: .none))
        try probe("par1", ParallelEffect(Radial(), Fade()))
        try probe("par2", ParallelEffect(DragDismiss(), Fade()))
        try probe("seq", SequentialEffect(PushBack3D(), Fade(), split: 0.4))
        try probe("stag1", StaggeredEffect(Fade()))
        try probe("stag2", StaggeredEffect(ParallelEffect(Radial(), Fade()), delay: 0.1))
    }
}
