import EffectBenchKit
import Foundation
import Testing
import TransitionKitCore

/// Declares no operation: the registry must refuse it, because the bench indexes operations
/// by this declaration (`render` without `--operation` takes the first, and trapped).
struct NoOperationEffect: TransitionEffect {
    static let name = "nooperation"
    static let summary = "declares no operation"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = []
    init(parameters: EffectParameters) {}
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { ClosureAnimator(duration: 0.2) { _, _ in } }
}

/// Declares push twice (a run would measure it twice and report two rows for it).
struct TwicePushEffect: TransitionEffect {
    static let name = "twicepush"
    static let summary = "declares push twice"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push, .pop, .push]
    init(parameters: EffectParameters) {}
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { ClosureAnimator(duration: 0.2) { _, _ in } }
}

/// Declares two parameters named `duration` (making it from text trapped).
struct TwoDurationsEffect: TransitionEffect {
    static let seconds = EffectParameter.number("duration", summary: "seconds", unit: "seconds", default: 0.3, range: 0...1, source: "a test")
    static let enabled = EffectParameter.flag("duration", summary: "a flag", default: true, source: "a test")
    static let name = "twodurations"
    static let summary = "two parameters named duration"
    static let parameters = [AnyEffectParameter(seconds), AnyEffectParameter(enabled)]
    static let supportedOperations: [TransitionOperation] = [.push]
    init(parameters: EffectParameters) {}
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { ClosureAnimator(duration: 0.2) { _, _ in } }
}

/// Bad declarations are refused when registered, with one line naming the effect, instead of
/// trapping later in `render` (index out of range) or when reading `--param` texts.
@MainActor
@Suite struct EffectDeclarationTests {
    func refusal<E: TransitionEffect>(_ type: E.Type) -> String? {
        do {
            _ = try EffectBench.registry(effects: [type])
            return nil
        } catch {
            guard case .invalidOperation(let message) = error else { return "wrong error \(error)" }
            return message
        }
    }

    @Test func registryRefusesAnEffectWithoutOperations() {
        #expect(refusal(NoOperationEffect.self)?.contains("effect 'nooperation' must declare each supported operation once") == true)
    }

    @Test func registryRefusesAnOperationDeclaredTwice() {
        #expect(refusal(TwicePushEffect.self)?.contains("declares [push, pop, push]") == true)
    }

    @Test func registryRefusesTwoParametersWithOneName() {
        #expect(
            refusal(TwoDurationsEffect.self)?.contains("effect 'twodurations' declares parameter names more than once: duration, duration") == true)
    }
}
