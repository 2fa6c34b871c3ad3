import Foundation
import TransitionKitCore
import TransitionKitTestSupport

/// Runs navigation property steps against a real window (manual 60 Hz clock, navigation
/// controller, pools of view controllers) and the reference `NavigationModel` side by side,
/// recording the first disagreement as an issue.
///
/// Checks after every step: `NavigationInvariants`. Completions are checked as they run: at
/// most once, in request order, with the model's result. `finish()` then decides every open
/// interaction, runs the clock until nothing animates and checks that everything ended.
@MainActor
final class NavigationHarness {
    /// An interaction controller handed to one request, with the model of its documented
    /// state: `finish()`/`cancel()` count once, `pause()` undoes them during the run-out only.
    final class Interaction {
        let controller: PercentDrivenInteractiveTransition
        let requestID: Int
        let number: Int
        var ended = false
        var decision: Bool?
        var completed = false

        init(controller: PercentDrivenInteractiveTransition, requestID: Int, number: Int) {
            self.controller = controller
            self.requestID = requestID
            self.number = number
        }
    }

    /// Records `didShow` issues: the shown view controller must already be the committed top.
    final class Delegate: NavigationControllerDelegate {
        var issues: [String] = []
        func navigationController(_ nc: NavigationController, didShow viewController: ViewController, animated: Bool) {
            if nc.topViewController !== viewController { issues.append("didShow \(viewController.title ?? "?") is not the top of the stack") }
        }
    }

    let clock: ManualFrameClock
    let window: Window
    let navigation: NavigationController
    /// Navigation pool: `v0` (the root) … `v7`.
    let stackPool: [ViewController]
    /// Modal pool: `m0` … `m3`; odd ones are over full screen.
    let modalPool: [ViewController]
    let delegate = Delegate()
    var model = NavigationModel()
    var appearance = AppearanceTracker()
    private(set) var interactions: [Interaction] = []
    private(set) var issues: [String] = []
    /// Completion calls per request id.
    private(set) var completionCounts: [Int: Int] = [:]
    private var nextRequestID = 0
    /// Requests issued, steps skipped as not applicable, per-outcome completion counts.
    private(set) var requestsIssued = 0
    private(set) var stepsSkipped = 0
    private(set) var results: [String: Int] = [:]
    /// > 0 while the completion handler of a request that ran from the queue runs (the next
    /// queued request has not started yet).
    private var completionDepth = 0
    /// The request whose call is on the stack (a refusal at call time completes inside it).
    private var callingRequestID: Int?

    init() {
        clock = ManualFrameClock(framesPerSecond: 60)
        window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        stackPool = (0..<8).map { ViewController(title: "v\($0)") }
        modalPool = (0..<4).map { i in
            let m = ViewController(title: "m\(i)")
            if NavigationModel.isOverFullScreen(i) { m.modalPresentationStyle = .overFullScreen }
            return m
        }
        navigation = NavigationController(rootViewController: stackPool[0])
        navigation.title = "nav"
        navigation.delegate = delegate
        for vc in [navigation] + stackPool + modalPool {
            // weak: a released window ends appearances (U8), maybe after the harness
            vc.appearanceObserver = { [weak self] vc, callback in self?.appearance.record(vc.title ?? "?", callback) }
        }
        window.rootViewController = navigation
    }

    var firstIssue: String? { issues.first ?? delegate.issues.first ?? appearance.issues.first }

    func record(_ issue: String) { issues.append(issue) }

    // MARK: Steps

    /// Runs one step and checks the invariants after it.
    func run(_ step: NavigationStep) {
        switch step {
        case .request(let spec): issue(spec)
        case .interact(let slot, let action): interact(slot: slot, action)
        case .advance(let seconds): clock.advance(by: seconds)
        case .tick(let seconds): clock.step(by: seconds)
        case .resize(let w, let h):
            do { try window.resize(validatingSize: CGSize(width: w, height: h)) } catch { record("resize to \(w)x\(h) threw \(error)") }
        }
        NavigationInvariants.check(self)
    }

    /// The interactions whose request has not completed, in creation order.
    var liveInteractions: [Interaction] { interactions.filter { !$0.completed } }

    private func interact(slot: Int, _ action: InteractionAction) {
        let live = liveInteractions
        guard !live.isEmpty else {
            stepsSkipped += 1
            return
        }
        let i = live[slot % live.count]
        switch action {
        case .update(let p):
            i.controller.update(CGFloat(p))
            if !i.ended, i.controller.percentComplete != min(1, max(0, CGFloat(p))) {
                record("interaction \(i.number): update(\(p)) left percentComplete \(i.controller.percentComplete)")
            }
        case .finish, .cancel:
            let finish = action == .finish
            if !i.ended {
                i.ended = true
                i.decision = finish
            }
            finish ? i.controller.finish() : i.controller.cancel()
        case .pause:
            if i.ended && isRunning(i.requestID) {
                i.ended = false
                i.decision = nil
            }
            i.controller.pause()
        }
        if i.controller.isReleased != i.ended {
            record("interaction \(i.number) after \(action): isReleased \(i.controller.isReleased), documented \(i.ended)")
        }
    }

    /// Whether request `id` runs as a transition now (it is the head, animates, has started).
    private func isRunning(_ id: Int) -> Bool {
        guard completionDepth == 0, let head = model.queue.first, head.id == id else { return false }
        return model.outcome(head.spec) == .animated && head.spec.animator != .failing
    }

    /// Whether a push of `v` may be issued: `v` is in no stack or queued request (else it
    /// could trap when it runs — a programmer error, not a case to test).
    private func isApplicable(_ spec: RequestSpec) -> Bool {
        if case .push(let v) = spec.kind { return !model.isReferenced(v) }
        return true
    }

    private func issue(_ spec: RequestSpec) {
        guard isApplicable(spec) else {
            stepsSkipped += 1
            return
        }
        let id = nextRequestID
        nextRequestID += 1
        requestsIssued += 1
        let refused = model.isRefusedWhenCalled(spec.kind, headRunning: completionDepth == 0)
        if !refused { model.queue.append(NavigationModel.Pending(id: id, spec: spec)) }
        let transition = makeTransition(spec, id: id)
        let completion: @MainActor (Bool) -> Void = { [weak self] value in
            self?.completed(id, spec, value, refusedWhenCalled: refused)
        }
        let outerCall = callingRequestID
        callingRequestID = id
        defer { callingRequestID = outerCall }
        let animated = spec.animated
        switch spec.kind {
        case .push(let v):
            navigation.perform(.push(stackPool[v]), animated: animated, transition: transition, completion: completion)
        case .pop:
            navigation.perform(.pop, animated: animated, transition: transition, completion: completion)
        case .popToRoot:
            navigation.perform(.popToRoot, animated: animated, transition: transition, completion: completion)
        case .popTo(let v):
            navigation.perform(.popTo(stackPool[v]), animated: animated, transition: transition, completion: completion)
        case .setViewControllers(let list):
            navigation.perform(.setViewControllers(list.map { stackPool[$0] }), animated: animated, transition: transition, completion: completion)
        case .present(let caller, let m):
            viewController(caller).present(modalPool[m], animated: animated, transition: transition, completion: completion)
        case .dismiss(let caller):
            viewController(caller).dismiss(animated: animated, transition: transition, completion: completion)
        }
        if refused && completionCounts[id] != 1 {
            record("request \(id) \(spec.kind) is refused when called but its completion did not run during the call")
        }
    }

    private func viewController(_ caller: Caller) -> ViewController {
        switch caller {
        case .navigation: return navigation
        case .modal(let m): return modalPool[m]
        }
    }

    private func makeTransition(_ spec: RequestSpec, id: Int) -> TransitionOverride? {
        let animator: any AnimatedTransitioning
        switch spec.animator {
        case .standard:
            // An interaction needs an override; the default slide stands in for the standard animator.
            guard spec.interaction != nil else { return nil }
            animator = SlideAnimator()
        case .slide(let d): animator = SlideAnimator(duration: d)
        case .recording(let d): animator = RecordingAnimator(duration: d, timingCurve: .easeInEaseOut)
        case .failing:
            let failing = RecordingAnimator()
            failing.failPrepare = true
            animator = failing
        }
        guard let spec = spec.interaction else { return TransitionOverride(animator: animator) }
        let controller = PercentDrivenInteractiveTransition()
        controller.completionSpeed = CGFloat(spec.speed)
        if spec.spring { controller.completionCurve = .spring(Spring(mass: 1, stiffness: 300, damping: 30)) }
        interactions.append(Interaction(controller: controller, requestID: id, number: interactions.count))
        return TransitionOverride(animator: animator, interactionController: controller)
    }

    private func completed(_ id: Int, _ spec: RequestSpec, _ value: Bool, refusedWhenCalled: Bool) {
        let count = (completionCounts[id] ?? 0) + 1
        completionCounts[id] = count
        guard count == 1 else {
            record("request \(id) \(spec.kind): completion called \(count) times")
            return
        }
        results["\(spec.kind.name) \(value)", default: 0] += 1
        for i in interactions where i.requestID == id { i.completed = true }
        if refusedWhenCalled {
            // Refused during the call: the queue and its head are untouched.
            if value { record("request \(id) \(spec.kind): refused when called, yet completion(true)") }
            if callingRequestID != id { record("request \(id) \(spec.kind): refused when called, but completed later") }
            for next in spec.then { issue(next) }
            return
        }
        guard let head = model.queue.first, head.id == id else {
            record("request \(id) \(spec.kind) completed out of order (expected request \(model.queue.first?.id ?? -1) first)")
            return
        }
        let decision = interactions.first { $0.requestID == id }?.decision
        let expected = model.expectedResult(spec, decision: decision)
        if let expected, expected != value {
            record("request \(id) \(spec.kind) completed \(value); the model expects \(expected) (\(model.outcome(spec)))")
        } else if expected == nil {
            record("request \(id) \(spec.kind) completed \(value) while its interaction was neither finished nor cancelled")
        }
        model.completeHead(changed: expected ?? value)
        completionDepth += 1
        for next in spec.then { issue(next) }
        completionDepth -= 1
    }

    // MARK: End

    /// Finishes (even-numbered) or cancels (odd) every open interaction, runs the clock until
    /// nothing animates, and checks that every request completed exactly once.
    func finish() {
        var rounds = 0
        while rounds < 50 {
            rounds += 1
            for i in liveInteractions where !i.ended {
                i.ended = true
                i.decision = i.number % 2 == 0
                i.decision! ? i.controller.finish() : i.controller.cancel()
            }
            let frames = clock.runUntilIdle(maxFrames: 100_000)
            if frames == 100_000 { record("runUntilIdle: display links still active after 100000 frames") }
            if window.transitionQueue.isIdle { break }
        }
        if !window.transitionQueue.isIdle || navigation.isTransitioning {
            record("still transitioning after every interaction ended and the clock ran until idle (\(rounds) rounds)")
        }
        if !model.queue.isEmpty { record("requests \(model.queue.map(\.id)) never completed") }
        for id in 0..<nextRequestID where completionCounts[id] != 1 {
            record("request \(id): completion called \(completionCounts[id] ?? 0) times after the clock passed every duration")
        }
        NavigationInvariants.check(self)
    }
}

extension RequestKind {
    /// The request's name without arguments, for outcome statistics.
    var name: String {
        switch self {
        case .push: return "push"
        case .pop: return "pop"
        case .popToRoot: return "popToRoot"
        case .popTo: return "popTo"
        case .setViewControllers: return "setViewControllers"
        case .present: return "present"
        case .dismiss: return "dismiss"
        }
    }
}
