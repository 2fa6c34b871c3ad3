import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import ZoomEffect

/// Every effect and operation on windows from the smallest positive size to
/// `Window.maximumSide`: the transition runs (interactive at several progresses, then
/// time-based) without a trap, every layer property stays finite, and the frame renders
/// (scaled down to at most 64 px) to valid premultiplied pixels or fails with a typed error.
/// Larger sizes are a typed error, for a new window and for a resize.
@MainActor
@Suite struct ExtremeSizeTests {
    static let sides: [CGFloat] = [.leastNonzeroMagnitude, 1e-300, 1e-9, 0.001, 1, 1e6, Window.maximumSide]

    /// A registry of the five built-in effects.
    static func registry() throws -> EffectRegistry {
        var registry = EffectRegistry()
        try registry.register(Radial.self)
        try registry.register(Fade.self)
        try registry.register(PushBack3D.self)
        try registry.register(DragDismiss.self)
        try registry.register(Zoom.self)
        return registry
    }

    /// One composition of each kind (parallel, sequence, stagger), each over different parts,
    /// written in the registry's composed-name grammar.
    static let compositions = ["radial+fade", "dragdismiss+fade", "pushback3d>fade", "zoom>fade", "staggered(fade)"]

    /// The registered entries and the compositions' entries (`resolvedEntry(named:)`).
    static func entries(_ registry: EffectRegistry) throws -> [EffectRegistry.Entry] {
        try registry.allEntries + compositions.map { try registry.resolvedEntry(named: $0) }
    }

    /// Every effect and composition with its defaults, plus the fade through a colour.
    static func effects() throws -> [any TransitionEffect] {
        let registry = try registry()
        return try (registry.names + compositions).map { try registry.makeEffect(named: $0) }
            + [registry.makeEffect(named: "fade", settings: ["style": "through"])]
    }

    /// The first non-finite layer property in `layer`'s tree, or nil.
    static func nonFinite(_ layer: Layer) -> String? {
        let p = layer.properties
        let t = p.transform
        let values =
            [p.bounds.minX, p.bounds.minY, p.bounds.width, p.bounds.height, p.position.x, p.position.y, p.zPosition, p.cornerRadius]
            + [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m43, t.m44, CGFloat(p.opacity)]
        if values.contains(where: { !$0.isFinite }) { return "\(layer.name ?? "layer"): \(p)" }
        for s in layer.sublayers + (layer.mask.map { [$0] } ?? []) {
            if let bad = nonFinite(s) { return bad }
        }
        return nil
    }

    /// Renders `stage` at a scale that makes it at most 64 px a side; returns an issue or nil.
    static func renderIssue(_ stage: TransitionStage, side: CGFloat) -> String? {
        let scale = min(1e6, 64 / side)
        do {
            let frame = try Compositor(options: RenderOptions(scale: scale)).render(stage.snapshot(), size: stage.window.size)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let p = frame.pixel(x: x, y: y) ?? .transparent
                    if p.r > p.a || p.g > p.a || p.b > p.a { return "pixel (\(x), \(y)) \(p) not premultiplied" }
                }
            }
        } catch {
            // A size the compositor cannot draw (under 1 px at the largest scale): a typed error.
            if !error.description.contains("render size") { return "unexpected error \(error)" }
        }
        return nil
    }

    @Test func everyEffectRunsOnEveryWindowSize() throws {
        var issues: [String] = []
        var runs = 0
        for side in Self.sides {
            for effect in try Self.effects() {
                for operation in type(of: effect).supportedOperations {
                    for interactive in [true, false] {
                        let label = "\(type(of: effect).name) \(operation) \(interactive ? "interactive" : "timed") on \(side) pt"
                        let style = type(of: effect).modalPresentationStyle
                        let stage = TransitionStage(
                            operation: operation, size: CGSize(width: side, height: side), modalPresentationStyle: style,
                            fromImage: nil, toImage: nil)
                        stage.begin(animator: effect.makeAnimator(for: operation), interactive: interactive)
                        for p in interactive ? [0, 0.3, 0.7, 1] as [CGFloat] : [] {
                            stage.setProgress(p)
                            if let bad = Self.nonFinite(stage.window.rootView.layer) { issues.append("\(label) at \(p): \(bad)") }
                            if let bad = Self.renderIssue(stage, side: side) { issues.append("\(label) at \(p): \(bad)") }
                        }
                        if !interactive {
                            stage.clock.advance(frames: 5)
                            if let bad = Self.renderIssue(stage, side: side) { issues.append("\(label) mid-way: \(bad)") }
                        }
                        stage.end(finish: true)
                        if case .effectConflict? = stage.refusal, Self.compositions.contains(type(of: effect).name) {
                            // A composition may refuse when its parts set the same property (zoom
                            // falls back to its shrink-and-fade on a window too small for its
                            // thumbnail, and that fade's opacity meets fade's): a typed refusal.
                            if stage.completed == true { issues.append("\(label): refused with \(stage.refusal!) but completed true") }
                        } else if stage.completed != true {
                            issues.append("\(label): completed \(String(describing: stage.completed)), refusal \(String(describing: stage.refusal))")
                        }
                        runs += 1
                    }
                }
            }
        }
        // Operations: radial 3, fade 5, fade through 5, pushback3d 3 (each with tab), dragdismiss 2,
        // zoom 4 (no tab); the compositions those their parts share: radial+fade 3,
        // dragdismiss+fade 2, pushback3d>fade 3, zoom>fade 4, staggered(fade) 5.
        #expect(runs == Self.sides.count * 2 * (3 + 5 + 5 + 3 + 2 + 4 + 3 + 2 + 3 + 4 + 5))
        #expect(issues.isEmpty, "\(issues.count) issues: \(issues.prefix(6))")
    }

    /// Above `Window.maximumSide` (a spring's overshoot of the largest double traps in the
    /// layer's finite-geometry check): a typed error naming the limit, and a resize leaves the
    /// window as it was.
    @Test(arguments: [1e9.nextUp, 1e15, .greatestFiniteMagnitude, .infinity, .nan, 0, -1] as [CGFloat])
    func sizesOutsideTheLimitsAreTypedErrors(side: CGFloat) throws {
        let clock = ManualFrameClock()
        #expect(throws: TransitionKitError.self) { try Window(validatingSize: CGSize(width: side, height: 10), frameClock: clock) }
        #expect(throws: TransitionKitError.self) { try Window(validatingSize: CGSize(width: 10, height: side), frameClock: clock) }
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        do {
            try window.resize(validatingSize: CGSize(width: side, height: side))
            Issue.record("resize to \(side) accepted")
        } catch {
            #expect(error.description.contains("1e9") || side <= 0 || !side.isFinite, "\(error)")
        }
        #expect(window.size == CGSize(width: 320, height: 480))
    }
}
