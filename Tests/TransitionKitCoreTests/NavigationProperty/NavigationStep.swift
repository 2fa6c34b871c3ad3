import Foundation
import TransitionKitCore

/// One step of a navigation property sequence, as data: sequences are generated, replayed and
/// shrunk without any live object, and printed as readable steps.
///
/// View controllers are named by pool index: `v0` (the root) … `v7` of the navigation pool,
/// `m0` … `m3` of the modal pool (even ones full screen, odd ones over full screen). A step
/// that is not applicable when it runs (pushing a view controller some stack or queued request
/// already holds, acting on an interaction that does not exist) is skipped, so every
/// sub-sequence of a valid sequence is valid: shrinking never produces a programmer error.
enum NavigationStep: Hashable, CustomStringConvertible {
    /// Issue a request.
    case request(RequestSpec)
    /// Act on live interaction number `slot` (modulo the number of live ones).
    case interact(slot: Int, InteractionAction)
    /// `clock.advance(by: seconds)`: whole 60 Hz frames until `seconds` have passed.
    case advance(seconds: Double)
    /// `clock.step(by: seconds)`: one frame of that length.
    case tick(seconds: Double)
    /// `window.resize(to:)`, points.
    case resize(width: Double, height: Double)

    var description: String {
        switch self {
        case .request(let spec): return spec.description
        case .interact(let slot, let action): return "interaction[\(slot)].\(action)"
        case .advance(let s): return "clock.advance(by: \(s))"
        case .tick(let s): return "clock.step(by: \(s))"
        case .resize(let w, let h): return "window.resize(to: \(w)x\(h))"
        }
    }

    /// Simpler variants of this step for shrinking, simplest first: one of the requests its
    /// completion issues alone, the request without them (or with one fewer), without
    /// interaction, not animated, with the standard animator.
    var simplifications: [NavigationStep] {
        guard case .request(let spec) = self else { return [] }
        var out: [RequestSpec] = []
        if !spec.then.isEmpty {
            out += spec.then  // one of the completion's requests alone
            out.append(RequestSpec(kind: spec.kind, animated: spec.animated, animator: spec.animator, interaction: spec.interaction))
            for i in spec.then.indices {
                var s = spec
                s.then.remove(at: i)
                out.append(s)
            }
            for i in spec.then.indices {
                var s = spec
                s.then[i] = spec.then[i].simplestVariant
                if s != spec { out.append(s) }
            }
        }
        if spec.interaction != nil { out.append(with(spec) { $0.interaction = nil }) }
        if spec.animated { out.append(with(spec) { $0.animated = false }) }
        if spec.animator != .standard { out.append(with(spec) { $0.animator = .standard }) }
        return out.map { .request($0) }
    }
}

/// `value` changed by `change`.
func with<T>(_ value: T, _ change: (inout T) -> Void) -> T {
    var copy = value
    change(&copy)
    return copy
}

/// What a step does to a `PercentDrivenInteractiveTransition`.
enum InteractionAction: Hashable, CustomStringConvertible {
    case update(Double)
    case finish
    case cancel
    case pause

    var description: String {
        switch self {
        case .update(let p): return "update(\(p))"
        case .finish: return "finish()"
        case .cancel: return "cancel()"
        case .pause: return "pause()"
        }
    }
}

/// Who calls `present`/`dismiss`: the navigation controller or modal view controller `m<i>`.
enum Caller: Hashable, CustomStringConvertible {
    case navigation
    case modal(Int)

    var description: String {
        switch self {
        case .navigation: return "nav"
        case .modal(let i): return "m\(i)"
        }
    }
}

/// The change a request asks for.
enum RequestKind: Hashable, CustomStringConvertible {
    case push(Int)
    case pop
    case popToRoot
    case popTo(Int)
    case setViewControllers([Int])
    case present(caller: Caller, modal: Int)
    case dismiss(caller: Caller)

    var description: String {
        switch self {
        case .push(let i): return "nav.push(v\(i)"
        case .pop: return "nav.pop("
        case .popToRoot: return "nav.popToRoot("
        case .popTo(let i): return "nav.pop(to: v\(i), "
        case .setViewControllers(let list): return "nav.setViewControllers([\(list.map { "v\($0)" }.joined(separator: ", "))]"
        case .present(let caller, let modal): return "\(caller).present(m\(modal)"
        case .dismiss(let caller): return "\(caller).dismiss("
        }
    }
}

/// The animator a request runs with.
enum AnimatorChoice: Hashable, CustomStringConvertible {
    /// No override: the delegate's or the default slide (0.35 s).
    case standard
    /// `SlideAnimator(duration:)`, seconds.
    case slide(Double)
    /// The test suite's `RecordingAnimator` (anchor point, mask, extra sublayer, perspective).
    case recording(Double)
    /// A `RecordingAnimator` whose `prepareTransition` throws.
    case failing

    var description: String {
        switch self {
        case .standard: return "standard"
        case .slide(let d): return "slide \(d)s"
        case .recording(let d): return "recording \(d)s"
        case .failing: return "failing"
        }
    }
}

/// How an interactive request's `PercentDrivenInteractiveTransition` runs out.
struct InteractionSpec: Hashable, CustomStringConvertible {
    /// `completionSpeed`, > 0.
    var speed: Double
    /// A spring `completionCurve` instead of ease-in-ease-out.
    var spring: Bool

    var description: String { "interactive(speed \(speed)\(spring ? ", spring" : ""))" }
}

/// A request with its options and the requests its completion issues (re-entrancy).
struct RequestSpec: Hashable, CustomStringConvertible {
    var kind: RequestKind
    var animated: Bool
    var animator: AnimatorChoice
    /// nil: time-based; otherwise driven by a new interaction controller.
    var interaction: InteractionSpec?
    /// Issued from this request's completion, in order.
    var then: [RequestSpec] = []

    /// This request without completion requests, interaction or animation.
    var simplestVariant: RequestSpec { RequestSpec(kind: kind, animated: false, animator: .standard, interaction: nil) }

    var description: String {
        var options = ["animated: \(animated)"]
        if animator != .standard { options.append(animator.description) }
        if let interaction { options.append(interaction.description) }
        var text = kind.description + (kind.description.hasSuffix("(") || kind.description.hasSuffix(", ") ? "" : ", ")
        text += options.joined(separator: ", ") + ")"
        if !then.isEmpty { text += " { then " + then.map(\.description).joined(separator: "; ") + " }" }
        return text
    }
}
