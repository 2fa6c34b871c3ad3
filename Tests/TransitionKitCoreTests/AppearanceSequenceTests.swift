import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// The appearance sequence of every transition path, written out in full.
///
/// UIKit's rule, in our words: when a transition starts, the view controller going away is
/// told it will disappear and the one coming in that it will appear; when it finishes, the
/// first is told it did disappear and the second that it did appear. A cancelled transition
/// turns the incoming one round (will disappear, did disappear) and brings the outgoing one
/// back (will appear, did appear). `animated` is what the transition was; a transition
/// without animation passes false. A presenter that stays on screen behind an
/// over-full-screen presentation is never told anything. A navigation controller passes its
/// own callbacks on to its top view controller.
///
/// Each row also lists the navigation delegate's `willShow`/`didShow`, the request's
/// completion, and the views left in the window and in the navigation controller.
@MainActor
@Suite struct AppearanceSequenceTests {
    enum Operation: String, Sendable {
        case push, pop, popToRoot, popTo, setViewControllers, present, dismiss
    }

    enum Path: String, Sendable {
        /// Animated, time-based, runs to the end.
        case finished
        /// Animated, interactive, cancelled at 40%.
        case cancelled
        /// `animated: false`.
        case nonAnimated
        /// Requested animated while the navigation controller is not in a window.
        case offscreen
    }

    struct Row: Sendable {
        var operation: Operation
        var style: ModalPresentationStyle = .fullScreen
        var path: Path
        var completed: Bool
        var events: [String]
        var views: String

        var name: String { "\(operation) \(style) \(path)" }
    }

    final class Delegate: NavigationControllerDelegate {
        var log: (String) -> Void = { _ in }
        func navigationController(_ nc: NavigationController, willShow vc: ViewController, animated: Bool) {
            log("willShow(\(vc.title!), \(animated))")
        }
        func navigationController(_ nc: NavigationController, didShow vc: ViewController, animated: Bool) {
            log("didShow(\(vc.title!), \(animated))")
        }
    }

    static let rows: [Row] = [
        // Push: root → A.
        Row(
            operation: .push, path: .finished, completed: true,
            events: [
                "willShow(A, true)",
                "root viewWillDisappear(true)", "A viewWillAppear(true)",
                "root viewDidDisappear(true)", "A viewDidAppear(true)",
                "didShow(A, true)", "completion(true)",
            ], views: "window[navigation] navigation[A]"),
        Row(
            operation: .push, path: .cancelled, completed: false,
            events: [
                "willShow(A, true)",
                "root viewWillDisappear(true)", "A viewWillAppear(true)",
                "A viewWillDisappear(true)", "A viewDidDisappear(true)", "root viewWillAppear(true)", "root viewDidAppear(true)",
                "completion(false)",
            ], views: "window[navigation] navigation[root]"),
        Row(
            operation: .push, path: .nonAnimated, completed: true,
            events: [
                "willShow(A, false)",
                "root viewWillDisappear(false)", "A viewWillAppear(false)",
                "root viewDidDisappear(false)", "A viewDidAppear(false)",
                "didShow(A, false)", "completion(true)",
            ], views: "window[navigation] navigation[A]"),
        Row(
            operation: .push, path: .offscreen, completed: true,
            events: ["willShow(A, false)", "didShow(A, false)", "completion(true)"],
            views: "window[] navigation[A]"),
        // Pop: root, A → root.
        Row(
            operation: .pop, path: .finished, completed: true,
            events: [
                "willShow(root, true)",
                "A viewWillDisappear(true)", "root viewWillAppear(true)",
                "A viewDidDisappear(true)", "root viewDidAppear(true)",
                "didShow(root, true)", "completion(true)",
            ], views: "window[navigation] navigation[root]"),
        Row(
            operation: .pop, path: .cancelled, completed: false,
            events: [
                "willShow(root, true)",
                "A viewWillDisappear(true)", "root viewWillAppear(true)",
                "root viewWillDisappear(true)", "root viewDidDisappear(true)", "A viewWillAppear(true)", "A viewDidAppear(true)",
                "completion(false)",
            ], views: "window[navigation] navigation[A]"),
        Row(
            operation: .pop, path: .nonAnimated, completed: true,
            events: [
                "willShow(root, false)",
                "A viewWillDisappear(false)", "root viewWillAppear(false)",
                "A viewDidDisappear(false)", "root viewDidAppear(false)",
                "didShow(root, false)", "completion(true)",
            ], views: "window[navigation] navigation[root]"),
        // Pop to root: root, A, B → root (A, never on screen, hears nothing).
        Row(
            operation: .popToRoot, path: .finished, completed: true,
            events: [
                "willShow(root, true)",
                "B viewWillDisappear(true)", "root viewWillAppear(true)",
                "B viewDidDisappear(true)", "root viewDidAppear(true)",
                "didShow(root, true)", "completion(true)",
            ], views: "window[navigation] navigation[root]"),
        Row(
            operation: .popToRoot, path: .cancelled, completed: false,
            events: [
                "willShow(root, true)",
                "B viewWillDisappear(true)", "root viewWillAppear(true)",
                "root viewWillDisappear(true)", "root viewDidDisappear(true)", "B viewWillAppear(true)", "B viewDidAppear(true)",
                "completion(false)",
            ], views: "window[navigation] navigation[B]"),
        Row(
            operation: .popToRoot, path: .nonAnimated, completed: true,
            events: [
                "willShow(root, false)",
                "B viewWillDisappear(false)", "root viewWillAppear(false)",
                "B viewDidDisappear(false)", "root viewDidAppear(false)",
                "didShow(root, false)", "completion(true)",
            ], views: "window[navigation] navigation[root]"),
        // Pop to A: root, A, B → root, A.
        Row(
            operation: .popTo, path: .finished, completed: true,
            events: [
                "willShow(A, true)",
                "B viewWillDisappear(true)", "A viewWillAppear(true)",
                "B viewDidDisappear(true)", "A viewDidAppear(true)",
                "didShow(A, true)", "completion(true)",
            ], views: "window[navigation] navigation[A]"),
        Row(
            operation: .popTo, path: .cancelled, completed: false,
            events: [
                "willShow(A, true)",
                "B viewWillDisappear(true)", "A viewWillAppear(true)",
                "A viewWillDisappear(true)", "A viewDidDisappear(true)", "B viewWillAppear(true)", "B viewDidAppear(true)",
                "completion(false)",
            ], views: "window[navigation] navigation[B]"),
        Row(
            operation: .popTo, path: .nonAnimated, completed: true,
            events: [
                "willShow(A, false)",
                "B viewWillDisappear(false)", "A viewWillAppear(false)",
                "B viewDidDisappear(false)", "A viewDidAppear(false)",
                "didShow(A, false)", "completion(true)",
            ], views: "window[navigation] navigation[A]"),
        // setViewControllers: root, A → B, C (a push from A to C; B hears nothing).
        Row(
            operation: .setViewControllers, path: .finished, completed: true,
            events: [
                "willShow(C, true)",
                "A viewWillDisappear(true)", "C viewWillAppear(true)",
                "A viewDidDisappear(true)", "C viewDidAppear(true)",
                "didShow(C, true)", "completion(true)",
            ], views: "window[navigation] navigation[C]"),
        Row(
            operation: .setViewControllers, path: .cancelled, completed: false,
            events: [
                "willShow(C, true)",
                "A viewWillDisappear(true)", "C viewWillAppear(true)",
                "C viewWillDisappear(true)", "C viewDidDisappear(true)", "A viewWillAppear(true)", "A viewDidAppear(true)",
                "completion(false)",
            ], views: "window[navigation] navigation[A]"),
        Row(
            operation: .setViewControllers, path: .nonAnimated, completed: true,
            events: [
                "willShow(C, false)",
                "A viewWillDisappear(false)", "C viewWillAppear(false)",
                "A viewDidDisappear(false)", "C viewDidAppear(false)",
                "didShow(C, false)", "completion(true)",
            ], views: "window[navigation] navigation[C]"),
        // Present M over the navigation controller (which passes its callbacks to root).
        Row(
            operation: .present, path: .finished, completed: true,
            events: [
                "navigation viewWillDisappear(true)", "root viewWillDisappear(true)", "M viewWillAppear(true)",
                "navigation viewDidDisappear(true)", "root viewDidDisappear(true)", "M viewDidAppear(true)",
                "completion(true)",
            ], views: "window[M] navigation[root]"),
        Row(
            operation: .present, path: .cancelled, completed: false,
            events: [
                "navigation viewWillDisappear(true)", "root viewWillDisappear(true)", "M viewWillAppear(true)",
                "M viewWillDisappear(true)", "M viewDidDisappear(true)",
                "navigation viewWillAppear(true)", "root viewWillAppear(true)",
                "navigation viewDidAppear(true)", "root viewDidAppear(true)",
                "completion(false)",
            ], views: "window[navigation] navigation[root]"),
        Row(
            operation: .present, path: .nonAnimated, completed: true,
            events: [
                "navigation viewWillDisappear(false)", "root viewWillDisappear(false)", "M viewWillAppear(false)",
                "navigation viewDidDisappear(false)", "root viewDidDisappear(false)", "M viewDidAppear(false)",
                "completion(true)",
            ], views: "window[M] navigation[root]"),
        Row(
            operation: .present, style: .overFullScreen, path: .finished, completed: true,
            events: ["M viewWillAppear(true)", "M viewDidAppear(true)", "completion(true)"],
            views: "window[navigation, M] navigation[root]"),
        Row(
            operation: .present, style: .overFullScreen, path: .cancelled, completed: false,
            events: ["M viewWillAppear(true)", "M viewWillDisappear(true)", "M viewDidDisappear(true)", "completion(false)"],
            views: "window[navigation] navigation[root]"),
        Row(
            operation: .present, style: .overFullScreen, path: .nonAnimated, completed: true,
            events: ["M viewWillAppear(false)", "M viewDidAppear(false)", "completion(true)"],
            views: "window[navigation, M] navigation[root]"),
        // Dismiss M, presented over the navigation controller.
        Row(
            operation: .dismiss, path: .finished, completed: true,
            events: [
                "M viewWillDisappear(true)", "navigation viewWillAppear(true)", "root viewWillAppear(true)",
                "M viewDidDisappear(true)", "navigation viewDidAppear(true)", "root viewDidAppear(true)",
                "completion(true)",
            ], views: "window[navigation] navigation[root]"),
        Row(
            operation: .dismiss, path: .cancelled, completed: false,
            events: [
                "M viewWillDisappear(true)", "navigation viewWillAppear(true)", "root viewWillAppear(true)",
                "navigation viewWillDisappear(true)", "root viewWillDisappear(true)",
                "navigation viewDidDisappear(true)", "root viewDidDisappear(true)",
                "M viewWillAppear(true)", "M viewDidAppear(true)",
                "completion(false)",
            ], views: "window[M] navigation[root]"),
        Row(
            operation: .dismiss, path: .nonAnimated, completed: true,
            events: [
                "M viewWillDisappear(false)", "navigation viewWillAppear(false)", "root viewWillAppear(false)",
                "M viewDidDisappear(false)", "navigation viewDidAppear(false)", "root viewDidAppear(false)",
                "completion(true)",
            ], views: "window[navigation] navigation[root]"),
        Row(
            operation: .dismiss, style: .overFullScreen, path: .finished, completed: true,
            events: ["M viewWillDisappear(true)", "M viewDidDisappear(true)", "completion(true)"],
            views: "window[navigation] navigation[root]"),
        Row(
            operation: .dismiss, style: .overFullScreen, path: .cancelled, completed: false,
            events: ["M viewWillDisappear(true)", "M viewWillAppear(true)", "M viewDidAppear(true)", "completion(false)"],
            views: "window[navigation, M] navigation[root]"),
        Row(
            operation: .dismiss, style: .overFullScreen, path: .nonAnimated, completed: true,
            events: ["M viewWillDisappear(false)", "M viewDidDisappear(false)", "completion(true)"],
            views: "window[navigation] navigation[root]"),
    ]

    /// Every path has exactly one row, and every row is checked.
    @Test func everyPathHasItsSequence() {
        var checked: Set<String> = []
        for row in Self.rows {
            check(row)
            checked.insert(row.name)
        }
        #expect(Self.rows.count == 28)
        #expect(checked.count == 28)  // no row repeats another's path
    }

    private func check(_ row: Row) {
        let scene = TestScene()
        let nc = scene.navigationController, root = scene.root
        let a = ViewController(title: "A"), b = ViewController(title: "B"), c = ViewController(title: "C")
        let m = ViewController(title: "M")
        m.modalPresentationStyle = row.style
        // The starting point, before anything is recorded.
        switch row.operation {
        case .push, .present: break
        case .pop, .setViewControllers: nc.setViewControllers([root, a], animated: false)
        case .popToRoot, .popTo: nc.setViewControllers([root, a, b], animated: false)
        case .dismiss: nc.present(m, animated: false)
        }
        if row.path == .offscreen { scene.window.rootViewController = nil }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)

        var log: [String] = []
        for vc in [nc, root, a, b, c, m] {
            vc.appearanceObserver = { vc, callback in log.append("\(vc.title!) \(Self.describe(callback))") }
        }
        let delegate = Delegate()
        delegate.log = { log.append($0) }
        nc.delegate = delegate

        let interaction = PercentDrivenInteractiveTransition()
        let transition = row.path == .cancelled ? TransitionOverride(animator: RecordingAnimator(), interactionController: interaction) : nil
        let animated = row.path != .nonAnimated
        var completion: Bool?
        let done: @MainActor (Bool) -> Void = {
            completion = $0
            log.append("completion(\($0))")
        }
        switch row.operation {
        case .push: nc.perform(.push(a), animated: animated, transition: transition, completion: done)
        case .pop: nc.perform(.pop, animated: animated, transition: transition, completion: done)
        case .popToRoot: nc.perform(.popToRoot, animated: animated, transition: transition, completion: done)
        case .popTo: nc.perform(.popTo(a), animated: animated, transition: transition, completion: done)
        case .setViewControllers: nc.perform(.setViewControllers([b, c]), animated: animated, transition: transition, completion: done)
        case .present: nc.present(m, animated: animated, transition: transition, completion: done)
        case .dismiss: nc.dismiss(animated: animated, transition: transition, completion: done)
        }
        if row.path == .cancelled {
            interaction.update(0.4)
            scene.clock.advance(frames: 3)
            interaction.cancel()
        }
        let frames = scene.clock.runUntilIdle()

        #expect(log == row.events, "\(row.name)")
        #expect(completion == row.completed, "\(row.name)")
        // The clock went idle (fewer frames than the limit) and only an animation needed frames.
        #expect(frames < 100_000 && scene.clock.activeLinkCount == 0, "\(row.name)")
        #expect((frames > 0) == (row.path == .finished || row.path == .cancelled), "\(row.name): \(frames) frames")
        #expect(nc.transitionQueue.isIdle && scene.window.transitionQueue.isIdle, "\(row.name)")
        let views = "window\(Self.names(scene.window.rootView)) navigation\(Self.names(nc.view))"
        #expect(views == row.views, "\(row.name)")
    }

    private static func describe(_ callback: AppearanceCallback) -> String {
        switch callback {
        case .viewWillAppear(let animated): "viewWillAppear(\(animated))"
        case .viewDidAppear(let animated): "viewDidAppear(\(animated))"
        case .viewWillDisappear(let animated): "viewWillDisappear(\(animated))"
        case .viewDidDisappear(let animated): "viewDidDisappear(\(animated))"
        }
    }

    /// The subviews of `view` by view controller title, back to front.
    private static func names(_ view: View) -> String {
        "[" + view.subviews.map { ($0.layer.name ?? "?").replacingOccurrences(of: ".view", with: "") }.joined(separator: ", ") + "]"
    }
}
