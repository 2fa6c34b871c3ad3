import Foundation
import TransitionKitCore

extension EffectLaws {
    /// `Law.refusal` for one operation: once with the incoming view, once with the outgoing
    /// view taken out of the container before the effect prepares.
    @MainActor
    static func checkRefusal<Effect: TransitionEffect>(
        _ effect: Effect, _ operation: TransitionOperation, _ style: ModalPresentationStyle, _ scene: EffectScene,
        _ log: inout ViolationLog
    ) throws(TransitionKitError) {
        for (key, which) in [(TransitionContextKey.to, "incoming"), (.from, "outgoing")] {
            let stage = try scene.makeStage(operation, modalPresentationStyle: style)
            let stack = stage.modelIdentity
            let presented = [stage.fromViewController, stage.toViewController].map { $0.presentedViewController.map(ObjectIdentifier.init) }
            let probe = ProbeAnimator(effect.makeAnimator(for: operation)) { $0.view(forKey: key)?.removeFromSuperview() }
            stage.begin(animator: probe, interactive: false)
            stage.clock.runUntilIdle()
            let label = "without the \(which) view in the container"
            switch stage.refusal {
            case .transitionUnavailable?: break
            case let other?: log.add("\(label), prepareTransition threw \(other), not transitionUnavailable")
            case nil: log.add("\(label), prepareTransition did not throw")
            }
            if stage.completed == true { log.add("\(label), the transition completed with true") }
            if stage.modelIdentity != stack {
                log.add("\(label), the navigation stack or the selected tab changed")
            }
            if [stage.fromViewController, stage.toViewController].map({ $0.presentedViewController.map(ObjectIdentifier.init) }) != presented {
                log.add("\(label), the presentation changed")
            }
        }
    }

    /// Progress values at which `Law.registryRoundTrip` compares the two effects' frames:
    /// away from the endpoints, where many configurations draw the same untouched or final
    /// scene, and from the middle, where a symmetric difference could cancel.
    static let roundTripProgresses: [CGFloat] = [0.3, 0.7]

    /// `Law.registryRoundTrip`.
    @MainActor
    static func checkRegistryRoundTrip<Effect: TransitionEffect>(_: Effect.Type, _ scene: EffectScene, _ log: inout ViolationLog) {
        var registry = EffectRegistry()
        do {
            try registry.register(Effect.self)
        } catch {
            return log.add("register threw: \(error)")
        }
        guard let entry = registry.entry(named: Effect.name) else { return log.add("no entry named '\(Effect.name)' after registering") }
        if entry.summary != Effect.summary { log.add("summary '\(entry.summary)' vs '\(Effect.summary)'") }
        if entry.supportedOperations != Effect.supportedOperations {
            log.add("operations \(entry.supportedOperations.map(\.rawValue)) vs \(Effect.supportedOperations.map(\.rawValue))")
        }
        if entry.parameters.map(\.name) != Effect.parameters.map(\.name) {
            log.add("parameters \(entry.parameters.map(\.name)) vs \(Effect.parameters.map(\.name))")
        }
        if entry.modalPresentationStyle != Effect.modalPresentationStyle { log.add("presentation style differs") }
        let direct: Effect
        do {
            direct = try Effect(parameters: EffectParameters(Effect.parameters))
        } catch {
            return log.add("init(parameters:) with every default threw: \(error)")
        }
        let defaultTexts = Dictionary(Effect.parameters.map { ($0.name, $0.defaultText) }, uniquingKeysWith: { a, _ in a })
        for (settings, how) in [([String: String](), "with no settings"), (defaultTexts, "with the default texts")] {
            let made: any TransitionEffect
            do {
                made = try registry.makeEffect(named: Effect.name, settings: settings)
            } catch {
                log.add("makeEffect(named:) \(how) threw: \(error)")
                continue
            }
            guard let typed = made as? Effect else {
                log.add("makeEffect(named:) \(how) made a \(type(of: made)), not a \(Effect.self)")
                continue
            }
            if let same = sameValue(typed, direct), !same { log.add("makeEffect(named:) \(how) differs from init(parameters:) with defaults") }
            if let difference = frameDifference(typed, direct, scene) {
                log.add("makeEffect(named:) \(how) draws other frames than init(parameters:) with defaults: \(difference)")
            }
        }
    }

    /// Where the animators of `a` and `b` draw different frames (the first operation and
    /// progress of `roundTripProgresses` found), or nil when every compared frame is the same.
    @MainActor
    static func frameDifference<Effect: TransitionEffect>(_ a: Effect, _ b: Effect, _ scene: EffectScene) -> String? {
        for operation in Effect.supportedOperations {
            for p in roundTripProgresses {
                do {
                    let (x, y) = (try scene.frame(a, operation, progress: p), try scene.frame(b, operation, progress: p))
                    if x != y {
                        let s = GoldenImage.statistics(x, y)
                        return
                            "\(operation.rawValue) at \(p): \(s.map { "\($0.differing) pixels differ, by up to \($0.maxDifference)/255" } ?? "sizes differ")"
                    }
                } catch {
                    return "\(operation.rawValue) at \(p): the frame could not be rendered: \(error)"
                }
            }
        }
        return nil
    }

    /// Whether two values are equal, when their type is `Equatable`; nil otherwise.
    static func sameValue<T>(_ a: T, _ b: T) -> Bool? {
        guard let a = a as? any Equatable else { return nil }
        return a.isEqual(to: b)
    }
}

extension Equatable {
    /// Whether `other` is a `Self` equal to this value.
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
