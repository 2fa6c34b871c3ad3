import Foundation

/// The reference model of the documented policy (README "Decisions", `NavigationController`,
/// `ViewController.present`/`dismiss`, `TransitionQueue`), written from the documentation and
/// independent of the implementation:
///
/// - requests are queued per window and run in order; each is evaluated against the stack and
///   presentation chain as they are when it runs;
/// - the stack (or chain) changes atomically when a transition ends; a cancelled transition, a
///   failed animator or a request with nothing to do leaves it unchanged;
/// - every completion runs exactly once, in request order, with `true` iff the state changed;
/// - `present` refuses (completion `false`) when the presenter's presentation root is not in
///   the window when called (not queued then), or, when it runs, already presents something,
///   is off screen, or the presented one is already presented; `dismiss` refuses when there is
///   nothing to dismiss or the target itself presents something.
///
/// View controllers are pool indices: `stack` holds navigation-pool indices (root first),
/// `chain` modal-pool indices (`chain[0]` presented by the navigation controller). Modal
/// `m<i>` is over full screen iff `i` is odd.
struct NavigationModel {
    /// A queued request: its id, what it asks, and whether it is interactive.
    struct Pending {
        var id: Int
        var spec: RequestSpec
    }

    /// What a request does when it runs.
    enum Outcome: Equatable {
        /// Nothing to do or refused: completion `false`, no change.
        case nothing
        /// Changes the state without animation: completion `true`.
        case immediate
        /// A transition runs; at its end the completion says whether it finished.
        case animated
    }

    var stack: [Int] = [0]
    var chain: [Int] = []
    /// Requests not yet completed, in run order; the first one runs (or is about to).
    var queue: [Pending] = []

    static func isOverFullScreen(_ modal: Int) -> Bool { modal % 2 == 1 }

    /// The roots of the presentation levels: nil is the navigation controller.
    private var roots: [Int?] { [nil] + chain.map { Optional($0) } }

    /// The presentation roots whose views are in the window, bottom first: the top one and
    /// each one whose presented view controller is over full screen. (`ModalPresentationStyle`
    /// documents that a full-screen presentation removes *the presenter's* view; a presenter
    /// further down that an over-full-screen presentation kept stays, unlike UIKit.)
    var visibleRoots: [Int?] {
        let r = roots
        return r.indices.filter { i in i == r.count - 1 || r[i + 1].map(Self.isOverFullScreen) == true }.map { r[$0] }
    }

    /// Whether the navigation controller is on screen and appeared.
    var navigationVisible: Bool { visibleRoots.contains(nil) }

    /// The view controllers that must be `.appeared` when nothing runs: the visible roots and
    /// the top of the stack when the navigation controller is visible.
    var appeared: (navigation: Bool, stackTop: Int?, modals: Set<Int>) {
        let visible = visibleRoots
        return (navigationVisible, navigationVisible ? stack.last : nil, Set(visible.compactMap { $0 }))
    }

    /// The presentation root of `caller` (a modal view controller is its own root).
    private func root(_ caller: Caller) -> Int? {
        switch caller {
        case .navigation: return nil
        case .modal(let m): return m
        }
    }

    /// Whether the view of presentation root `r` is in the window now, given that the head
    /// request's transition (if `headRunning`) has added its views.
    func isInWindow(_ r: Int?, headRunning: Bool) -> Bool {
        if visibleRoots.contains(r) { return true }
        guard headRunning, let head = queue.first, outcome(head.spec) == .animated else { return false }
        switch head.spec.kind {
        case .present(let caller, let modal):
            return r == root(caller) || r == modal
        case .dismiss:
            return chain.count >= 2 ? r == chain[chain.count - 2] || r == chain.last : r == nil || r == chain.last
        default:
            return false
        }
    }

    /// The call-time refusal of `present`/`dismiss`: true when the request is refused at once
    /// (completion `false` during the call, nothing queued).
    func isRefusedWhenCalled(_ kind: RequestKind, headRunning: Bool) -> Bool {
        switch kind {
        case .present(let caller, _):
            return !isInWindow(root(caller), headRunning: headRunning)
        case .dismiss(let caller):
            let r = root(caller)
            let target = presented(by: r) ?? r
            return !isInWindow(target, headRunning: headRunning)
        default:
            return false
        }
    }

    /// The modal view controller presentation root `r` presents, if any.
    private func presented(by r: Int?) -> Int? {
        guard let r else { return chain.first }
        guard let i = chain.firstIndex(of: r), i + 1 < chain.count else { return nil }
        return chain[i + 1]
    }

    /// The stack or chain `spec` leads to when it runs now, or nil when it has nothing to do.
    private func target(_ kind: RequestKind) -> (stack: [Int], chain: [Int])? {
        switch kind {
        case .push(let v):
            return (stack + [v], chain)
        case .pop:
            return stack.count > 1 ? (Array(stack.dropLast()), chain) : nil
        case .popToRoot:
            return stack.count > 1 ? ([stack[0]], chain) : nil
        case .popTo(let v):
            guard let i = stack.firstIndex(of: v), i < stack.count - 1 else { return nil }
            return (Array(stack[...i]), chain)
        case .setViewControllers(let list):
            // The same stack again changes nothing ("false: nothing to do").
            return list == stack ? nil : (list, chain)
        case .present(let caller, let modal):
            let r = root(caller)
            guard presented(by: r) == nil, visibleRoots.contains(r), !chain.contains(modal), r != modal else { return nil }
            return (stack, chain + [modal])
        case .dismiss(let caller):
            let r = root(caller)
            guard let t = presented(by: r) ?? r, t == chain.last else { return nil }
            return (stack, Array(chain.dropLast()))
        }
    }

    /// How `spec` runs against the current state.
    func outcome(_ spec: RequestSpec) -> Outcome {
        guard target(spec.kind) != nil else { return .nothing }
        switch spec.kind {
        case .present, .dismiss:
            break
        default:
            // The top does not change: committed without a transition.
            if target(spec.kind)?.stack.last == stack.last { return .immediate }
            if !navigationVisible { return .immediate }
        }
        return spec.animated ? .animated : .immediate
    }

    /// Whether `spec` changes the state when it runs now (its completion is `true`), given
    /// the decision of its interaction controller (nil: none, or undecided).
    func expectedResult(_ spec: RequestSpec, decision: Bool?) -> Bool? {
        switch outcome(spec) {
        case .nothing: return false
        case .immediate: return true
        case .animated:
            if spec.animator == .failing { return false }
            guard spec.interaction != nil else { return true }
            return decision
        }
    }

    /// Applies the head request's result: the new state if it changed, then removes it.
    mutating func completeHead(changed: Bool) {
        guard let head = queue.first else { return }
        if changed, let t = target(head.spec.kind) {
            stack = t.stack
            chain = t.chain
        }
        queue.removeFirst()
    }

    /// The navigation-pool view controllers the running request (the head) adds to the stack:
    /// from its start until it ends their `navigationController` is already set (U9). Empty
    /// when nothing runs or the head adds none (a pop, a present).
    var joining: [Int] {
        guard let head = queue.first, let t = target(head.spec.kind) else { return [] }
        return t.stack.filter { !stack.contains($0) }
    }

    /// Whether navigation-pool view controller `v` is in the stack or named by a queued request
    /// (pushing it then could trap when the request runs, so such a push is skipped).
    func isReferenced(_ v: Int) -> Bool {
        if stack.contains(v) { return true }
        return queue.contains { p in
            switch p.spec.kind {
            case .push(let w): return w == v
            case .setViewControllers(let list): return list.contains(v)
            default: return false
            }
        }
    }
}
