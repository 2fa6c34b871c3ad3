import Foundation
import Testing
import TransitionKitCore

/// The rules every transition effect must keep, checked in one call for every operation the
/// effect supports and every gesture it declares.
///
/// ```swift
/// @Test func irisKeepsTheLaws() {
///     EffectLaws.check(Iris())
/// }
/// ```
///
/// Each violation is recorded as an issue at the caller, its message naming the effect, the
/// operation and the law, e.g. `iris push: cancel restores: layer "from" …`. The checks run
/// on an `EffectScene` (by default 120x200 points at scale 2) with interactive, linearly
/// driven transitions, so the effect sees exactly the progress values the law gives it.
public enum EffectLaws {
    /// One rule.
    public enum Law: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Progress 0 renders the untouched scene and progress 1 both the finished hierarchy
        /// and the final scene (an untouched stage of the reverse operation with the pictures
        /// swapped), with no pixel differing at all (0/255); after finishing, the container's
        /// own properties are as before, and so is every layer of the outgoing view (out of
        /// sight then; not checked for present, whose presenter may keep state from
        /// `finalizeTransition` until dismissed), and every layer of the incoming view is as
        /// before the transition, the state it has in the final scene (an untouched stage), so
        /// nothing the effect set on it is left for the next transition to find.
        case endpoints
        /// Between progress 0 and 1, at `frameSteps` + 1 progress values of one interactive
        /// run, no frame differs from the next by more than `continuityRate` × the step in mean
        /// absolute difference (`meanDifference`), a step over it being halved up to three
        /// times before it counts as a jump; a step containing one of `frameTraits.cuts` is not
        /// checked. No frame is blank (one colour everywhere) unless both screens' pictures
        /// are, or its progress is in one of `frameTraits.blankRanges`.
        case continuity
        /// For each operation in `frameTraits.mirroredOperations` (pop, dismiss): at each of
        /// `frameSteps` + 1 progress values p, the frame of the operation with the pictures
        /// exchanged equals the frame of its reverse (push, present) at 1 − p, within
        /// `reversalChannelTolerance` per channel but in at most `reversalDifferingFraction` of
        /// the pixels.
        case reversal
        /// A cancel at progress 0.5 restores every layer of both screens exactly (properties,
        /// masks, sublayers, superlayers and order, compared as `layerRecord`s and as the
        /// window's `LayerSnapshot`), the stack or presentation, and completes with false.
        case cancelRestores
        /// With the incoming or the outgoing view taken out of the container just before the
        /// effect prepares, `prepareTransition` throws `TransitionKitError.transitionUnavailable`,
        /// the stack or presentation is unchanged, and no completion reports true.
        case refusal
        /// Registering the type and making it by name with default parameters (and with the
        /// default texts) gives the effect its own initialiser makes from default parameters,
        /// with the same name, summary, parameters, operations and presentation style: compared
        /// as values when the effect is `Equatable`, and in every case by their animators'
        /// frames (at progress 0.3 and 0.7 of every supported operation, byte for byte), so an
        /// effect that is not `Equatable` is compared too.
        case registryRoundTrip
        /// `updateTransition` and rendering its frame (the window's snapshot written into a
        /// kept `LayerSnapshot`, composited into a kept bitmap) make no heap allocation in steady
        /// state (counted by `CAllocationCounter`; only where it is active: Linux with glibc;
        /// the render step in optimized builds only, see `renderedRounds`).
        case noAllocationPerFrame
        /// After an interactive run finished and one cancelled, the animator, the interaction
        /// controller and the view controller that left (popped, dismissed, or never arrived)
        /// are deallocated.
        case noLeaks
        /// Each declared interaction drives a supported operation, no other drives the same
        /// one (only the first would be installed); and, in both interaction modes: a gesture released short
        /// of half-way cancels (stack and every layer as before), a second one past half-way
        /// finishes (the stack or presentation changed, the revealed screen's layers as they
        /// were before the first gesture), and the view controller that left is deallocated.
        case interactions

        /// The law's name in messages, e.g. "cancel restores".
        public var description: String {
            switch self {
            case .endpoints: return "endpoints"
            case .continuity: return "continuity"
            case .reversal: return "reversal"
            case .cancelRestores: return "cancel restores"
            case .refusal: return "refusal"
            case .registryRoundTrip: return "registry round trip"
            case .noAllocationPerFrame: return "no allocation per frame"
            case .noLeaks: return "no leaks"
            case .interactions: return "interactions"
            }
        }
    }

    /// One broken rule.
    public struct Violation: Sendable, CustomStringConvertible, Equatable {
        /// The effect's registry name.
        public var effect: String
        /// The operation checked, nil for laws about the type (registry round trip).
        public var operation: TransitionOperation?
        /// The rule.
        public var law: Law
        /// What differed.
        public var detail: String

        /// "<effect> <operation>: <law>: <detail>".
        public var description: String {
            "\(effect)\(operation.map { " \($0.rawValue)" } ?? ""): \(law): \(detail)"
        }
    }

    /// Checks `effect` against `laws` and records each violation as an issue at
    /// `sourceLocation`.
    /// - Parameters:
    ///   - effect: the configuration to check (its animators are made from it).
    ///   - laws: the laws to check (default all).
    ///   - scene: where to run (default `EffectScene()`).
    ///   - sourceLocation: where issues are reported (default: the call).
    /// - Returns: the violations (empty when the effect keeps every law checked).
    /// - Complexity: per supported operation a few dozen renders of `scene` and a few
    ///   gesture replays: a few seconds per configuration in a debug build at the default scene
    ///   size.
    @MainActor
    @discardableResult
    public static func check<Effect: TransitionEffect>(
        _ effect: Effect, laws: Set<Law> = Set(Law.allCases), scene: EffectScene? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Violation] {
        let found = violations(of: effect, laws: laws, scene: scene)
        for v in found { Issue.record(Comment(rawValue: v.description), sourceLocation: sourceLocation) }
        return found
    }

    /// The violations of `laws` by `effect`, without recording issues (see
    /// `check(_:laws:scene:sourceLocation:)`).
    ///
    /// With no `scene`, the laws run on `EffectScene()` (120x200 points at scale 2), and the
    /// endpoints law runs a second time on `EffectScene.oddSized` (121x203 points at scale 1),
    /// where half the width or height is not a whole pixel: an effect that places a seam,
    /// edge or centre at a half point shows it there.
    @MainActor
    public static func violations<Effect: TransitionEffect>(
        of effect: Effect, laws: Set<Law> = Set(Law.allCases), scene: EffectScene? = nil
    ) -> [Violation] {
        var log = ViolationLog(effect: Effect.name)
        let stageScene = scene ?? EffectScene()
        let style = Effect.modalPresentationStyle
        // Built once for all operations (its two pattern bitmaps are generated per scene).
        let oddScene = scene == nil && laws.contains(.endpoints) ? EffectScene.oddSized : nil
        for operation in Effect.supportedOperations {
            for law in Law.allCases where laws.contains(law) {
                log.operation = operation
                log.law = law
                do {
                    switch law {
                    case .endpoints:
                        try checkEndpoints(effect, operation, style, stageScene, &log)
                        if let oddScene { try checkEndpoints(effect, operation, style, oddScene, &log, on: "the odd-sized scene") }
                    case .continuity: try checkContinuity(effect, operation, style, stageScene, &log)
                    case .reversal: try checkReversal(effect, operation, style, stageScene, &log)
                    case .cancelRestores: try checkCancelRestores(effect, operation, style, stageScene, &log)
                    case .refusal: try checkRefusal(effect, operation, style, stageScene, &log)
                    case .noAllocationPerFrame: try checkNoAllocation(effect, operation, style, stageScene, &log)
                    case .noLeaks: try checkNoLeaks(effect, operation, style, stageScene, &log)
                    case .registryRoundTrip, .interactions: break
                    }
                } catch {
                    log.add("the stage failed: \(error)")
                }
            }
        }
        if laws.contains(.registryRoundTrip) {
            log.operation = nil
            log.law = .registryRoundTrip
            checkRegistryRoundTrip(Effect.self, stageScene, &log)
        }
        if laws.contains(.interactions) {
            log.law = .interactions
            var driven: [TransitionOperation] = []
            for interaction in effect.interactions {
                let operation = interaction.operation
                log.operation = operation
                // `enableInteractivePop` and `enableDragToDismiss` install the first gesture
                // declared for an operation, and only for a supported one.
                guard Effect.supportedOperations.contains(operation) else {
                    log.add("\(interactionName(interaction)) drives \(operation.rawValue), which the effect does not support")
                    continue
                }
                guard !driven.contains(operation) else {
                    log.add("\(interactionName(interaction)) is a second gesture for \(operation.rawValue); only the first declared is installed")
                    continue
                }
                driven.append(operation)
                checkInteraction(effect, interaction, stageScene, &log)
            }
        }
        return log.violations
    }
}

/// The violations found so far, with the operation and law being checked.
struct ViolationLog {
    let effect: String
    var operation: TransitionOperation?
    var law: EffectLaws.Law = .endpoints
    private(set) var violations: [EffectLaws.Violation] = []

    init(effect: String) { self.effect = effect }

    /// Adds a violation of the current law and operation.
    mutating func add(_ detail: String) {
        violations.append(EffectLaws.Violation(effect: effect, operation: operation, law: law, detail: detail))
    }

    /// Adds a violation of `law` for `operation`.
    mutating func add(_ operation: TransitionOperation?, _ law: EffectLaws.Law, _ detail: String) {
        violations.append(EffectLaws.Violation(effect: effect, operation: operation, law: law, detail: detail))
    }

    /// Adds `detail` followed by the differing lines of two records when they differ.
    mutating func compare(_ before: [String], _ after: [String], _ detail: String) {
        let differences = layerStateDifferences(before, after, limit: 2)
        if !differences.isEmpty { add("\(detail): \(differences.joined(separator: "; "))") }
    }
}
