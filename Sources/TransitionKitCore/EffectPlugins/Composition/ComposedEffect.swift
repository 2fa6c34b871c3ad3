import Foundation

/// An effect made of other effects without an animator of its own: `ParallelEffect` (two
/// effects at once, `radial+fade`), `SequentialEffect` (one after the other, `radial>fade`)
/// and `StaggeredEffect` (one effect over the incoming view's subviews in a cascade,
/// `staggered(fade)`). Compositions nest, and register, list, render, run and play like any
/// effect (`try registry.register(ParallelEffect<Radial, Fade>.self)`).
///
/// Rules shared by every composition:
/// - **One timeline.** The state at progress p is a function of p alone; the driver restores
///   every layer on cancel as for any effect. A parallel or sequential composition's timing
///   curve is its first part's, applied to the whole timeline; each part sees that eased
///   progress mapped to its window (see each type), never its own curve. A stagger's curve
///   is linear and its effect's curve runs inside each item's window in time-based playback,
///   so the items keep their windows' times whatever the curve (see `StaggeredEffect`).
///   Parts end (`animationEnded`) in the reverse order of their preparation, so restores of
///   state they share compose.
/// - **Names.** `a+b` (parallel), `a>b` (sequence), `staggered(a)`; a composed operand is
///   parenthesised: `(radial+fade)>pushback3d`. Quote them in a shell.
/// - **Parameters.** A part's parameters are listed as `<part name>.<parameter>`
///   (`radial.duration`, `fade.style`), a composed part's under their own names; a sequence
///   adds `split`, a stagger `delay`. A composition whose names would repeat (the same effect
///   twice, a sequence of sequences) cannot be registered (`EffectRegistry.register` throws);
///   as a value it works.
/// - **Operations**: those both parts support (a stagger: its effect's), in the first part's
///   order. **Gestures**: the first part's, for those operations; the first part's
///   `makeInteractiveAnimation` is used, and the finger drives the composition's progress
///   p, so the part sees its own window of it (a sequence's first part `min(1, p / split)`,
///   a stagger's item 0 `itemWindow`): it follows the finger exactly only in a parallel
///   composition. **Presentation style**: `.overFullScreen`
///   if either part uses it.
/// - **Conflicts**: see `EffectConflict`; `validate()` finds them up front.
public protocol ComposedEffect: TransitionEffect {}

extension ComposedEffect {
    /// Runs every supported operation of this composition once on a small internal stage
    /// (40x60 points, scale 1, the incoming view with two subviews) up to its first frame, so
    /// that a conflict between its parts is reported now rather than when a transition is
    /// refused.
    /// - Throws: `TransitionKitError.effectConflict` naming both parts, the layer and the
    ///   property; any other error a part's prepare throws on that stage.
    /// - Complexity: per operation one stage and one prepare (a few probed frames of each
    ///   part); no rendering.
    @MainActor
    public func validate() throws(TransitionKitError) {
        for operation in Self.supportedOperations {
            let stage = TransitionStage(
                operation: operation, size: CGSize(width: 40, height: 60), modalPresentationStyle: Self.modalPresentationStyle,
                fromContent: { $0.backgroundColor = .black },
                toContent: { view in
                    view.backgroundColor = .white
                    for y in [10.0, 30.0] { view.addSubview(View(frame: CGRect(x: 5, y: y, width: 30, height: 15), name: "row")) }
                })
            stage.begin(animator: makeAnimator(for: operation), interactive: true)
            stage.end(finish: false)
            if let error = stage.refusal { throw error }
        }
    }
}

/// The naming, parameter and operation rules every composition shares (see `ComposedEffect`).
enum Composition {
    /// `name`, parenthesised when it is itself a parallel or sequential composition.
    static func operand(_ name: String) -> String {
        name.contains("+") || name.contains(">") ? "(\(name))" : name
    }

    /// The prefix of `E`'s parameters in a composition: `<name>.`, none for a composed part.
    static func prefix<E: TransitionEffect>(_: E.Type) -> String {
        E.self is any ComposedEffect.Type ? "" : E.name + "."
    }

    /// `E`'s parameters as a composition lists them (prefixed).
    static func parameters<E: TransitionEffect>(_: E.Type) -> [AnyEffectParameter] {
        let p = prefix(E.self)
        return E.parameters.map { AnyEffectParameter($0, name: p + $0.name) }
    }

    /// The part `E` made from a composition's parameters.
    /// - Throws: what `E.init(parameters:)` throws.
    static func part<E: TransitionEffect>(_: E.Type, from parameters: EffectParameters) throws(TransitionKitError) -> E {
        try E(parameters: parameters.part(E.parameters, prefix: prefix(E.self)))
    }

    /// The operations both support, in `A`'s order.
    static func operations<A: TransitionEffect, B: TransitionEffect>(_: A.Type, _: B.Type) -> [TransitionOperation] {
        A.supportedOperations.filter { B.supportedOperations.contains($0) }
    }

    /// `.overFullScreen` if either part uses it, else `.fullScreen`.
    static func style<A: TransitionEffect, B: TransitionEffect>(_: A.Type, _: B.Type) -> ModalPresentationStyle {
        A.modalPresentationStyle == .overFullScreen || B.modalPresentationStyle == .overFullScreen ? .overFullScreen : .fullScreen
    }

    /// The first part's gestures for the operations the composition supports.
    static func interactions(_ first: [EffectInteraction], supported: [TransitionOperation]) -> [EffectInteraction] {
        first.filter { supported.contains($0.operation) }
    }

    /// The animator of two parts on their windows.
    @MainActor
    static func animator<A: TransitionEffect, B: TransitionEffect>(
        _ first: A, _ firstAnimator: any AnimatedTransitioning, _ firstWindow: ProgressWindow, _ second: B,
        _ secondWindow: ProgressWindow, for operation: TransitionOperation, rule: CompositionAnimator.DurationRule
    ) -> CompositionAnimator {
        CompositionAnimator(
            first: .init(name: A.name, animator: firstAnimator, window: firstWindow),
            second: .init(name: B.name, animator: second.makeAnimator(for: operation), window: secondWindow), durationRule: rule)
    }
}

extension AnyEffectParameter {
    /// `other` under another name (a composition lists its parts' parameters prefixed).
    init(_ other: AnyEffectParameter, name: String) {
        self.name = name
        summary = other.summary
        unit = other.unit
        kind = other.kind
        source = other.source
        defaultText = other.defaultText
        defaultValue = other.defaultValue
        let read = other.read
        // A bad value names the parameter as given (`fade.duration`), not the part's own name.
        self.read = { (text: String) throws(TransitionKitError) -> any Sendable & Hashable in
            do throws(TransitionKitError) {
                return try read(text)
            } catch {
                switch error {
                case let .invalidText(_, text, accepted): throw .invalidText(name: name, text: text, accepted: accepted)
                case let .invalidValue(_, value, accepted): throw .invalidValue(name: name, value: value, accepted: accepted)
                default: throw error
                }
            }
        }
        write = other.write
    }
}

extension String {
    /// Whether this is a composed effect's registry name: lowercase names joined by `+` and
    /// `>`, with balanced parentheses (`radial+fade`, `(radial+fade)>pushback3d`,
    /// `staggered(fade)`).
    var isComposedEffectName: Bool {
        var depth = 0
        for c in self {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if depth < 0 { return false }
        }
        guard depth == 0, !contains("()") else { return false }
        let operands = filter { $0 != "(" && $0 != ")" }.split(separator: "+", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ">", omittingEmptySubsequences: false) }
        return operands.allSatisfy { String($0).isLowercaseName }
    }
}
