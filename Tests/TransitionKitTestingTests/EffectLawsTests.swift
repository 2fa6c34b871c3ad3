import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting

/// The law checks pass for an effect that keeps them and fail, naming the law, for effects
/// broken on purpose (`LawProbeEffect.Flaw`): a law that cannot fail checks nothing.
@MainActor
@Suite struct EffectLawsTests {
    @Test func aCorrectEffectKeepsEveryLaw() {
        #expect(EffectLaws.violations(of: LawProbeEffect()) == [])
    }

    /// Each flaw breaks its law, for every operation the law runs on; `check` reports it as
    /// an issue (a known one here) whose message names the effect and the law.
    @Test(arguments: [
        (LawProbeEffect.Flaw.leavesLayerAfterCancel, EffectLaws.Law.cancelRestores),
        (.leavesLayerAfterCancel, .interactions),
        (.allocatesPerFrame, .noAllocationPerFrame),
        (.ignoresMissingView, .refusal),
        (.retainsItself, .noLeaks),
        (.retainsItself, .interactions),
        (.dimsOutgoingViewAfterFinish, .endpoints),
        (.tintsContainerAfterFinish, .endpoints),
        (.raisesIncomingAfterFinish, .endpoints),
        (.jumpsHalfway, .continuity),
        (.blanksHalfway, .continuity),
        (.easesTheWayBack, .reversal),
    ])
    func aBrokenEffectFailsItsLaw(flaw: LawProbeEffect.Flaw, law: EffectLaws.Law) {
        if law == .noAllocationPerFrame && !EffectLaws.allocationCounterIsActive { return }  // not countable here
        let found = EffectLaws.violations(of: LawProbeEffect(flaw: flaw), laws: [law])
        #expect(!found.isEmpty && found.allSatisfy { $0.law == law && $0.effect == "lawprobe" }, "\(found)")
        if law != .interactions {
            // A presenter may keep state after a finished present, so its view is not checked.
            // The reversal law runs on the operations declared mirrored (pop and dismiss).
            let operations: [TransitionOperation] =
                switch flaw {
                case .dimsOutgoingViewAfterFinish: [.push, .pop, .dismiss]
                case .easesTheWayBack: [.pop, .dismiss]
                default: LawProbeEffect.supportedOperations
                }
            #expect(Set(found.compactMap(\.operation)) == Set(operations), "\(found)")
        }
        withKnownIssue {
            EffectLaws.check(LawProbeEffect(flaw: flaw), laws: [law])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("lawprobe ") && $0.rawValue.contains(": \(law): ") }
        }
    }

    /// Each flaw breaks only its own laws: the others still pass (the laws are independent).
    @Test(arguments: LawProbeEffect.Flaw.allCases)
    func aFlawBreaksNoOtherLaw(flaw: LawProbeEffect.Flaw) {
        let broken: Set<EffectLaws.Law> =
            switch flaw {
            case .none: []
            case .leavesLayerAfterCancel: [.cancelRestores, .interactions]
            case .allocatesPerFrame: [.noAllocationPerFrame]
            case .ignoresMissingView: [.refusal]
            case .retainsItself: [.noLeaks, .interactions]
            // The drag-to-dismiss check presents with the effect first, dimming the presenter.
            case .dimsOutgoingViewAfterFinish: [.endpoints, .interactions]
            case .tintsContainerAfterFinish: [.endpoints]
            // The pop gesture's revealed screen is the incoming view, raised after the finish.
            case .raisesIncomingAfterFinish: [.endpoints, .interactions]
            case .jumpsHalfway, .blanksHalfway: [.continuity]
            case .easesTheWayBack: [.reversal]
            }
        let found = EffectLaws.violations(of: LawProbeEffect(flaw: flaw), laws: Set(EffectLaws.Law.allCases).subtracting(broken))
        #expect(found == [], "\(found)")
    }

    /// A gesture for an operation the effect does not support, or a second gesture for one
    /// operation (only the first is ever installed), breaks the interactions law; the first
    /// pop gesture is still checked (and kept).
    @Test func aGestureThatCannotBeInstalledFailsTheInteractions() {
        let found = EffectLaws.violations(of: MisdeclaredGesturesEffect(), laws: [.interactions])
        #expect(
            found.map(\.detail) == [
                "drag-to-dismiss down drives dismiss, which the effect does not support",
                "custom gesture 'second' is a second gesture for pop; only the first declared is installed",
            ], "\(found)")
        #expect(found.allSatisfy { $0.law == .interactions })
    }

    /// A cut declared in `frameTraits.cuts` is not a violation: the half-way jump passes the
    /// continuity law once the probe declares it (and fails it otherwise, above).
    @Test func aDeclaredCutKeepsTheContinuity() {
        #expect(EffectLaws.violations(of: LawProbeEffect(flaw: .jumpsHalfway, declaresCut: true), laws: [.continuity]) == [])
    }

    /// The blank frames of `.blanksHalfway` are named with their progress (10/24 ... 14/24,
    /// the grid points in 0.4...0.6) for every operation.
    @Test func blankFramesAreNamedWithTheirProgress() {
        let found = EffectLaws.violations(of: LawProbeEffect(flaw: .blanksHalfway), laws: [.continuity])
        let blanks = found.filter { $0.detail.contains("is blank") }
        #expect(blanks.count == 5 * LawProbeEffect.supportedOperations.count, "\(found)")
        #expect(blanks.contains { $0.detail.hasPrefix("the frame at progress 0.5 is blank") }, "\(found)")
    }

    /// The mean absolute difference is 0 for equal frames and 1 between opaque white and
    /// transparent black (every channel differs by 255), and half of that for half the pixels.
    @Test func meanDifferenceRunsFromZeroToOne() throws {
        let white = Bitmap(width: 4, height: 2, fill: RGBA8(r: 255, g: 255, b: 255, a: 255))
        var half = Bitmap(width: 4, height: 2, fill: .transparent)
        #expect(EffectLaws.meanDifference(white, white) == 0)
        #expect(EffectLaws.meanDifference(white, half) == 1)
        for x in 0..<4 { half.setPixel(RGBA8(r: 255, g: 255, b: 255, a: 255), x: x, y: 0) }
        #expect(EffectLaws.meanDifference(white, half) == 0.5)
    }

    /// An effect that is not `Equatable` is still compared by the registry round trip: the
    /// registry's and the initialiser's `CounterDissolveEffect` draw different frames, with no
    /// settings and with the default texts.
    @Test func aNonEquatableEffectThatDrawsOtherFramesFailsTheRegistryRoundTrip() {
        let found = EffectLaws.violations(of: CounterDissolveEffect(parameters: EffectParameters([])), laws: [.registryRoundTrip])
        #expect(found.count == 2, "\(found)")
        #expect(found.allSatisfy { $0.law == .registryRoundTrip && $0.detail.contains("draws other frames than init(parameters:)") }, "\(found)")
        #expect(found.first?.detail.hasPrefix("makeEffect(named:) with no settings") == true, "\(found)")
    }

    /// A name the registry refuses breaks the registry round trip.
    @Test func aRefusedNameFailsTheRegistryRoundTrip() {
        let found = EffectLaws.violations(of: BadlyNamedEffect(), laws: [.registryRoundTrip])
        #expect(found.count == 1 && found[0].law == .registryRoundTrip && found[0].detail.hasPrefix("register threw"), "\(found)")
    }

    /// A layer left changed is reported by name with only the fields that changed (opacity
    /// 1.0 before, 0.5 after, set through `alpha`), not as two whole records.
    @Test func aLayerLeftChangedIsNamedWithTheFieldThatChanged() {
        let found = EffectLaws.violations(of: LawProbeEffect(flaw: .dimsOutgoingViewAfterFinish), laws: [.endpoints])
        let detail = found.first { $0.detail.contains("outgoing view's layers differ") }?.detail ?? ""
        #expect(detail.contains("layer 'from.view': opacity: 1.0 vs 0.5"), "\(found)")
        #expect(!detail.contains("bounds:") && !detail.contains("\n"), "only the changed field: \(detail)")
    }

    /// The record lines of two layers that differ in two fields (the fields in `LayerProperties`'
    /// declaration order, zPosition before opacity), and the fallback to whole lines when the
    /// lines do not have the same fields.
    @Test func recordDifferencesNameTheChangedFields() {
        let a = Layer(name: "card"), b = Layer(name: "card")
        b.opacity = 0.25
        b.zPosition = 3
        #expect(layerStateDifferences(layerState(a), layerState(b)) == ["layer 'card': zPosition: 0.0 vs 3.0; opacity: 1.0 vs 0.25"])
        #expect(layerStateDifferences(["x | a: 1"], ["y | a: 1"]) == ["x | a: 1\n  vs y | a: 1"])
        #expect(layerStateDifferences(["x | a: 1"], ["x | a: 1", "z"]) == ["1 layers vs 2"])
    }

    /// A progress-0 frame that is not the untouched scene breaks the endpoints law: an
    /// animator that dims the outgoing view by 1 % from the start.
    @Test func aWrongFirstFrameFailsTheEndpoints() {
        let found = EffectLaws.violations(of: DimmingEffect(), laws: [.endpoints])
        #expect(found.contains { $0.law == .endpoints && $0.detail.hasPrefix("progress 0 vs the untouched scene") }, "\(found)")
        // The message says what such a difference usually is.
        #expect(found.contains { $0.detail.contains("a look the effect adds, such as corners, a border, a shadow") }, "\(found)")
    }

    /// A seam at half the container's width, not rounded to the pixel grid, is invisible on
    /// the default scene (60 pt at scale 2 is pixel 120) and shows on the odd-sized one (60.5 pt
    /// at scale 1 cuts pixel 60 in two halves, whose coverages blend to 75 %, not 100 %).
    @Test func aHalfPointSeamFailsTheEndpointsOnTheOddSizedScene() throws {
        #expect(EffectLaws.violations(of: HalfSeamEffect(), laws: [.endpoints], scene: EffectScene()) == [])
        let found = EffectLaws.violations(of: HalfSeamEffect(), laws: [.endpoints])
        #expect(
            found.contains { $0.detail.hasPrefix("progress 0 vs the untouched scene") && $0.detail.contains("on the odd-sized scene") },
            "\(found)")
    }
}

/// A push that splits the outgoing view at w/2 (not rounded to pixels) into two halves of its
/// mask that slide apart, uncovering the incoming view below.
struct HalfSeamEffect: TransitionEffect {
    static let name = "halfseam"
    static let summary = "two halves slide apart from an unrounded seam"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push]
    init() {}
    init(parameters: EffectParameters) {}
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        let mask = Layer(name: "halves"), left = Layer(name: "left"), right = Layer(name: "right")
        return ClosureAnimator(
            duration: 0.3,
            prepare: { context throws(TransitionKitError) in
                let (from, to) = try context.viewsInContainer(effect: Self.name)
                context.containerView.insertSubview(from, aboveSubview: to)
                for half in [left, right] {
                    half.backgroundColor = .black
                    mask.addSublayer(half)
                }
                mask.frame = from.bounds
                from.layer.mask = mask
            },
            update: { progress, context in
                let b = context.containerView.bounds, w = b.width / 2, shift = w * progress
                left.frame = CGRect(x: -shift, y: 0, width: w, height: b.height)
                right.frame = CGRect(x: w + shift, y: 0, width: w, height: b.height)
            })
    }
}

/// A push whose outgoing view is at 99 % opacity from progress 0 on (a wrong first frame).
struct DimmingEffect: TransitionEffect {
    static let name = "dimming"
    static let summary = "dims the outgoing view from the first frame"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push]
    init() {}
    init(parameters: EffectParameters) {}
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        ClosureAnimator(duration: 0.3) { progress, context in
            context.view(forKey: .from)?.alpha = progress < 1 ? 0.99 : 1
            context.view(forKey: .to)?.alpha = progress
        }
    }
}

/// Push and pop only, declaring a dismiss drag it cannot drive and a second pop gesture.
struct MisdeclaredGesturesEffect: TransitionEffect {
    static let name = "misdeclared"
    static let summary = "declares gestures that cannot be installed"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push, .pop]
    init() {}
    init(parameters: EffectParameters) {}
    var interactions: [EffectInteraction] {
        [
            .leftEdgePanPop, .dragToDismiss(.down),
            .custom(CustomGestureInteraction(operation: .pop, direction: .down, name: "second") { PanGestureRecognizer() }),
        ]
    }
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { LawProbeAnimator(flaw: .none) }
}
