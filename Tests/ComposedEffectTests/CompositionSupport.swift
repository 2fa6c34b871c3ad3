import Foundation
import TransitionKitCore

/// A test effect that only scales the incoming view about its centre, from 0.5 at progress 0
/// to 1 at progress 1 (s = 0.5 + 0.5·p): a second transform to concatenate with push-back's
/// slide. Push and pop.
struct Grow: TransitionEffect, Hashable {
    static let name = "grow"
    static let summary = "test effect: the incoming view grows from half size"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push, .pop]

    init() {}
    init(parameters: EffectParameters) throws(TransitionKitError) {}

    /// The incoming view's scale at progress p: 0.5 + 0.5·p.
    static func scale(at p: CGFloat) -> CGFloat { 0.5 + 0.5 * p }

    @MainActor
    func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        ClosureAnimator(duration: 0.2) { p, context in
            let s = Grow.scale(at: p)
            context.view(forKey: .to)?.transform3D = Transform3D(scaleX: s, y: s)
        }
    }
}

/// A stage of 120x200 points at scale 1 whose incoming view has a white background and
/// `rows` subviews (20 pt high rows, 10 pt apart), the outgoing one a grey background.
@MainActor
func makeStage(_ operation: TransitionOperation, rows: Int = 0, style: ModalPresentationStyle = .fullScreen) throws -> TransitionStage {
    TransitionStage(
        operation: operation, size: CGSize(width: 120, height: 200), modalPresentationStyle: style,
        fromContent: { $0.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5) },
        toContent: { view in
            view.backgroundColor = .white
            for i in 0..<rows {
                view.addSubview(View(frame: CGRect(x: 10, y: 10 + 30 * CGFloat(i), width: 100, height: 20), name: "row \(i)"))
            }
        })
}

/// `effect`'s `operation` begun interactively on `stage` and shown at `progress`.
@MainActor
func show<E: TransitionEffect>(_ effect: E, _ operation: TransitionOperation, at progress: CGFloat, on stage: TransitionStage) {
    stage.begin(animator: effect.makeAnimator(for: operation), interactive: true)
    stage.setProgress(progress)
}

/// The rectangle of an ellipse mask path, nil for any other path.
func ellipseRect(_ path: ShapePath?) -> CGRect? {
    guard case .ellipse(let r)? = path?.primitive else { return nil }
    return r
}

/// Whether every entry of two matrices differs by at most `tolerance`.
func nearlyEqual(_ a: Transform3D, _ b: Transform3D, tolerance: CGFloat = 1e-12) -> Bool {
    let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
    let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
    return zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
}
