import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import TransitionKitCore
import TransitionKitTestSupport
import ZoomEffect

/// One app of the stress test: a window on a manual 60 Hz clock whose root is a tab bar
/// controller of two navigation controllers, with interactive pops installed (radial's edge
/// pan on the first tab, zoom's pan down on the second) and modals presented over the tabs
/// through an `EffectTransitioningDelegate` (drag to dismiss where the effect declares it).
///
/// The model it keeps (`StressModel`) follows the documented rules: a request changes the
/// stack, the selection or the presentation exactly when its completion says true, each
/// completion is called exactly once, a gesture's transition either happens or leaves all as
/// it was. `check(idle:)` compares the controllers with the model and the layers with their
/// rest state; `checkFrame()` looks for a non-finite layer property.
@MainActor
final class StressWorld {
    let clock = ManualFrameClock(framesPerSecond: 60)
    private(set) var window: Window?
    private(set) var tabs: TabBarController?
    private(set) var navigations: [NavigationController]
    private(set) var issues: [String] = []
    /// Everything that must be gone once the world is torn down, weakly.
    private(set) var tracked: [Tracked] = []
    /// The model: each tab's stack, the selected tab, the presented modal.
    private(set) var stacks: [[ObjectIdentifier]]
    private(set) var selected = 0
    private(set) var presented: ObjectIdentifier?
    /// Completion counts of the requests made, by serial; each must reach exactly 1.
    private var completions: [Int: (what: String, calls: Int)] = [:]
    /// Applied to the model when a request completes with true, by serial.
    private var onFinish: [Int: @MainActor () -> Void] = [:]
    /// Each modal's transitioning delegate, kept while it may be presented (the app keeps it:
    /// the modal holds it weakly, and a dismiss without it runs another animation that does
    /// not undo what the effect's present did to the presenter).
    private var modalDelegates: [ObjectIdentifier: TransitioningDelegate] = [:]
    /// The programmatic interaction running, if any.
    private(set) var interaction: PercentDrivenInteractiveTransition?
    private var serial = 0
    private var touchTime: TimeInterval = 0
    /// Frames checked, requests made, touches sent.
    private(set) var frames = 0, requests = 0, touches = 0
    /// Touches since the last idle check (each may have popped once by gesture).
    private var touchesSinceCheck = 0

    init() {
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        navigations = (0..<2).map { NavigationController(rootViewController: ViewController(title: "root\($0)")) }
        let tabs = TabBarController(viewControllers: navigations)
        window.rootViewController = tabs
        self.window = window
        self.tabs = tabs
        stacks = navigations.map { $0.viewControllers.map(ObjectIdentifier.init) }
        for n in navigations { titles[ObjectIdentifier(n.viewControllers[0])] = n.viewControllers[0].title }
        installGestures(radial: Radial(), zoom: Zoom())
    }

    /// The pops the touches drive: radial's left-edge pan on tab 0, zoom's pan down on tab 1
    /// (`enableInteractivePop` again with the same type reconfigures it).
    func installGestures(radial: Radial, zoom: Zoom) {
        navigations[0].enableInteractivePop(radial)
        navigations[1].enableInteractivePop(zoom)
    }

    var isIdle: Bool { window?.transitionQueue.isIdle ?? true }

    // MARK: Requests

    /// The titles of the view controllers pushed, for messages.
    private var titles: [ObjectIdentifier: String] = [:]

    private func track(_ object: AnyObject?, _ what: String) {
        if let object { tracked.append(Tracked(object: object, what: "\(what) #\(serial)")) }
    }

    /// A completion that counts its calls and applies `change` to the model when true.
    private func completion(_ what: String, change: @escaping @MainActor () -> Void) -> @MainActor (Bool) -> Void {
        serial += 1
        requests += 1
        let id = serial
        completions[id] = (what, 0)
        onFinish[id] = change
        return { [weak self] finished in
            guard let self else { return }
            self.completions[id]!.calls += 1
            if self.completions[id]!.calls > 1 { self.issues.append("\(what) #\(id): completion called \(self.completions[id]!.calls) times") }
            if finished, self.completions[id]!.calls == 1 { self.onFinish[id]?() }
            self.onFinish[id] = nil
        }
    }

    /// Pushes a new view controller on the selected tab with `effect` (interactive: driven by
    /// `interaction` from now on).
    func push(_ effect: any TransitionEffect, interactive: Bool) {
        let tab = selected
        let vc = ViewController(title: "vc\(serial + 1)")
        track(vc, "pushed view controller")
        titles[ObjectIdentifier(vc)] = vc.title
        let p = interactive ? PercentDrivenInteractiveTransition() : nil
        let animator = effect.makeAnimator(for: .push)
        track(animator, "\(type(of: effect).name) push animator")
        if let p { interaction = p }
        navigations[tab].perform(
            .push(vc), animated: true, transition: TransitionOverride(animator: animator, interactionController: p),
            completion: completion("push") { [unowned self] in stacks[tab].append(ObjectIdentifier(vc)) })
    }

    /// Pops the selected tab's top with `effect` (time-based, or interactive).
    func pop(_ effect: any TransitionEffect, interactive: Bool) {
        let tab = selected
        let p = interactive ? PercentDrivenInteractiveTransition() : nil
        let animator = effect.makeAnimator(for: .pop)
        track(animator, "\(type(of: effect).name) pop animator")
        if let p { interaction = p }
        navigations[tab].perform(
            .pop, animated: true, transition: TransitionOverride(animator: animator, interactionController: p),
            completion: completion("pop") { [unowned self] in
                if stacks[tab].count > 1 { stacks[tab].removeLast() } else { issues.append("pop of a root completed true") }
            })
    }

    /// Selects tab `index` with `effect`.
    func select(_ index: Int, _ effect: any TransitionEffect) {
        let animator = effect.makeAnimator(for: .tab)
        track(animator, "\(type(of: effect).name) tab animator")
        tabs?.select(
            index, animated: true, transition: TransitionOverride(animator: animator),
            completion: completion("select \(index)") { [unowned self] in selected = index })
    }

    /// Presents a new modal over the tabs with `effect`, its delegate kept while presented.
    func present<Effect: TransitionEffect>(_ effect: Effect) {
        guard let tabs else { return }
        let modal = ViewController(title: "modal\(serial + 1)")
        track(modal, "modal")
        let delegate = EffectTransitioningDelegate(effect: effect, modalViewController: modal)
        track(delegate, "transitioning delegate")
        if effect.interaction(for: .dismiss) != nil { track(delegate.enableDragToDismiss(), "drag-to-dismiss controller") }
        modalDelegates[ObjectIdentifier(modal)] = delegate
        tabs.present(modal, animated: true, completion: completion("present") { [unowned self] in presented = ObjectIdentifier(modal) })
    }

    /// Dismisses the modal (time-based, or interactive through the delegate's
    /// `dismissalInteractionController`).
    func dismiss(interactive: Bool) {
        guard let modal = tabs?.presentedViewController else { return }
        if interactive, let delegate = modalDelegates[ObjectIdentifier(modal)] as? AnyDismissInteractionSettable {
            let p = PercentDrivenInteractiveTransition()
            delegate.setDismissalInteraction(p)
            interaction = p
        }
        modal.dismiss(animated: true, completion: completion("dismiss") { [unowned self] in presented = nil })
    }

    /// Moves the programmatic interaction to `progress`.
    func update(_ progress: CGFloat) { interaction?.update(progress) }

    /// Finishes or cancels the programmatic interaction.
    func endInteraction(finish: Bool) {
        guard let p = interaction else { return }
        interaction = nil
        finish ? p.finish() : p.cancel()
    }

    /// Resizes the window (mid-transition or not).
    func resize(to size: CGSize) {
        do { try window?.resize(validatingSize: size) } catch { issues.append("resize to \(size) threw \(error)") }
    }

    // MARK: Touches

    /// One finger's samples: down at `points[0]`, moves through the rest at `speed` points
    /// per second (8 ms samples), lifted with `end` (`.ended` or a system `.cancelled`),
    /// stepping the clock one frame every other sample (the checks run on each).
    func touch(_ points: [CGPoint], speed: CGFloat, end: TouchPhase, extraFingerAt extra: Int? = nil) {
        guard let window, let first = points.first else { return }
        touches += 1
        touchesSinceCheck += 1
        func send(_ location: CGPoint, _ phase: TouchPhase) {
            window.send(Touch(timestamp: touchTime, location: location, phase: phase))
        }
        touchTime = max(touchTime, clock.now)
        send(first, .began)
        var location = first, samples = 0
        for target in points.dropFirst() {
            let d = hypot(target.x - location.x, target.y - location.y)
            let n = max(1, Int((d / (speed * 0.008)).rounded(.up)))
            let start = location
            for k in 1...n {
                location = CGPoint(
                    x: start.x + (target.x - start.x) * CGFloat(k) / CGFloat(n), y: start.y + (target.y - start.y) * CGFloat(k) / CGFloat(n))
                touchTime += 0.008
                send(location, .moved)
                samples += 1
                if samples == extra {
                    // A second finger lands and lifts again while the first moves.
                    send(CGPoint(x: 200, y: 300), .began)
                    send(CGPoint(x: 200, y: 300), .ended)
                }
                if samples % 2 == 0 { step() }
            }
        }
        touchTime += 0.008
        send(location, end)
    }

    // MARK: Frames and checks

    /// One frame, then the frame check.
    func step() {
        clock.step()
        frames += 1
        checkFrame()
    }

    /// `n` frames, each checked.
    func advance(_ n: Int) { for _ in 0..<n { step() } }

    /// No layer of the window has a non-finite property, the drawn tree included.
    func checkFrame() {
        guard let window else { return }
        if let bad = ExtremeSizeTests.nonFinite(window.rootView.layer) { issues.append("frame \(frames): non-finite layer \(bad)") }
    }

    /// After every step: completions at most once (counted as they come); when nothing runs,
    /// the controllers match the model, every completion came, and every layer is at rest.
    func check() {
        guard isIdle, let tabs else { return }
        let actualStacks = navigations.map { $0.viewControllers.map(ObjectIdentifier.init) }
        // A gesture's pop has no completion of ours: since the last check each touch (a
        // touch during a run-out is a second one) either popped the then top or nothing, and
        // requests queued behind it pushed on what was left; so the stack is the model with at
        // most that many view controllers taken out (never the root), the others in order.
        for t in 0..<2 where actualStacks[t] != stacks[t] {
            let popped = stacks[t].count - actualStacks[t].count
            if popped > 0, popped <= touchesSinceCheck, actualStacks[t].first == stacks[t].first,
                Self.isSubsequence(actualStacks[t], of: stacks[t])
            {
                stacks[t] = actualStacks[t]
            } else {
                let model = stacks[t].map { titles[$0] ?? "?" }, actual = navigations[t].viewControllers.map { $0.title ?? "?" }
                issues.append("tab \(t): stack \(actual), model \(model)")
            }
        }
        if tabs.selectedIndex != selected { issues.append("selected tab \(tabs.selectedIndex), model \(selected)") }
        let actualPresented = tabs.presentedViewController.map(ObjectIdentifier.init)
        if actualPresented != presented {
            // A drag to dismiss has no completion of ours either.
            if actualPresented == nil { presented = nil } else { issues.append("presented view controller differs from the model") }
        }
        modalDelegates = modalDelegates.filter { $0.key == actualPresented }
        touchesSinceCheck = 0
        for (id, c) in completions where c.calls != 1 { issues.append("\(c.what) #\(id): \(c.calls) completions once idle") }
        completions = [:]
        if let window, window.clock(idle: clock) == false { issues.append("a display link still runs while idle") }
        // A presenter may stay changed while its modal is up (drag-dismiss's card pushes the
        // screen behind back): its own layer is not checked then, its sublayers are.
        let presenter = presented != nil ? tabs.view.layer : nil
        if let window, let bad = Self.notAtRest(window.rootView.layer, except: presenter) { issues.append("at rest: \(bad)") }
    }

    /// Whether `a` is `b` with some elements taken out, the rest in order.
    static func isSubsequence(_ a: [ObjectIdentifier], of b: [ObjectIdentifier]) -> Bool {
        var i = a.startIndex
        for x in b where i < a.endIndex && a[i] == x { i += 1 }
        return i == a.endIndex
    }

    /// The first layer that an effect left changed: at rest every layer is opaque (opacity 1),
    /// shown, untransformed and unmasked (the app's views set none of these), `except`'s own
    /// properties excepted.
    static func notAtRest(_ layer: Layer, except: Layer? = nil) -> String? {
        let p = layer.properties
        if layer !== except && (p.opacity != 1 || p.isHidden || p.transform != .identity || layer.mask != nil) {
            return
                "layer '\(layer.name ?? "")': opacity \(p.opacity), hidden \(p.isHidden), transform \(p.transform == .identity ? "identity" : "\(p.transform)"), mask \(layer.mask != nil)"
        }
        for s in layer.sublayers { if let bad = notAtRest(s, except: except) { return bad } }
        return nil
    }

    /// Releases the window and the tab bar controller mid-whatever (as an app closing a scene
    /// does), runs the clock on, and checks that every completion came exactly once and no
    /// display link is left.
    func releaseWindow() {
        track(window, "released window")
        track(tabs, "tab bar controller of the released window")
        for n in navigations { track(n, "navigation controller of the released window") }
        window = nil
        tabs = nil
        navigations = []
        modalDelegates = [:]
        interaction = nil
        clock.advance(frames: 120)
        for (id, c) in completions where c.calls != 1 {
            issues.append("after the window was released, \(c.what) #\(id) completed \(c.calls) times")
        }
        completions = [:]
        if clock.activeLinkCount != 0 { issues.append("after the window was released, \(clock.activeLinkCount) display links run") }
    }

    /// Ends everything (finishes the interaction, runs the clock out, dismisses and pops to
    /// the roots without animation) and checks the model a last time.
    func tearDown() {
        guard window != nil else { return }
        endInteraction(finish: true)
        if clock.runUntilIdle(maxFrames: 20_000) == 20_000 { issues.append("the clock never went idle") }
        check()
        tabs?.presentedViewController?.dismiss(animated: false)
        for n in navigations { n.popToRoot(animated: false) }
        modalDelegates = [:]
        clock.runUntilIdle(maxFrames: 20_000)
    }

    /// The tracked objects still alive.
    var survivors: [String] { tracked.filter { $0.object != nil }.map(\.what) }

    func record(_ issue: String) { issues.append(issue) }
}

extension Window {
    /// Whether `clock` has no display link running (the window's transitions all ended).
    fileprivate func clock(idle clock: ManualFrameClock) -> Bool { clock.activeLinkCount == 0 }
}

/// A transitioning delegate that takes an interaction controller for its next dismissal.
@MainActor
protocol AnyDismissInteractionSettable: AnyObject {
    func setDismissalInteraction(_ interaction: any InteractiveTransitioning)
}

extension EffectTransitioningDelegate: AnyDismissInteractionSettable {
    func setDismissalInteraction(_ interaction: any InteractiveTransitioning) { dismissalInteractionController = interaction }
}
