import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// A subclass that overrides every lifecycle method without calling `super`.
@MainActor
final class NoSuperViewController: ViewController {
    var events: [String] = []
    override func viewDidLoad() { events.append("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { events.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { events.append("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { events.append("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { events.append("viewDidDisappear") }
    override func willMove(toParent parent: ViewController?) { events.append("willMove") }
    override func didMove(toParent parent: ViewController?) { events.append("didMove") }
}

/// Breaker attacks on the lifecycle order, the interactive-start plan, tab reselection and
/// window release (scenarios S1, S2, U1, U5, U8, I1).
@MainActor
@Suite struct BreakerTests {
    // MARK: Lifecycle

    /// S1 + lifecycle: two animated pushes in one turn run one after the other, each with
    /// UIKit's push sequence (LifecycleOrderTests.pushAndPop), B's complete before C's begins.
    @Test func lifecycleOfAPushQueuedBehindAPush() {
        let log = LifecycleLog()
        let scene = LifecycleOrderTests.Scene(log), clock = scene.clock, nav = scene.nav
        let b = LoggingViewController("B", log: log), c = LoggingViewController("C", log: log)
        log.clear()
        var completions: [String] = []
        nav.push(b) { completions.append("B \($0)") }
        nav.push(c) { completions.append("C \($0)") }
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(
            log.events == [
                "B willMove(toParent: navigation)", "B loadView", "B viewDidLoad", "R viewWillDisappear(true)", "B viewWillAppear(true)",
                "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "R viewDidDisappear(true)", "B viewDidAppear(true)",
                "B didMove(toParent: navigation)",
                "C willMove(toParent: navigation)", "C loadView", "C viewDidLoad", "B viewWillDisappear(true)", "C viewWillAppear(true)",
                "C viewWillLayoutSubviews", "C viewDidLayoutSubviews", "B viewDidDisappear(true)", "C viewDidAppear(true)",
                "C didMove(toParent: navigation)",
            ])
        #expect(completions == ["B true", "C true"])
        #expect(nav.viewControllers.map(\.title) == ["R", "B", "C"] && clock.activeLinkCount == 0)
    }

    /// A cancelled interactive push: B's will-appear is balanced by will/did-disappear, R
    /// comes back with will/did-appear, and B is not a child (willMove(nav) ... didMove(nil)).
    @Test func lifecycleOfACancelledInteractivePush() {
        let log = LifecycleLog()
        let scene = LifecycleOrderTests.Scene(log), clock = scene.clock, nav = scene.nav, root = scene.root
        let b = LoggingViewController("B", log: log)
        _ = b.view
        log.clear()
        let interaction = PercentDrivenInteractiveTransition()
        var finished: [Bool] = []
        nav.perform(
            .push(b), animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction)
        ) { finished.append($0) }
        interaction.update(0.4)
        interaction.cancel()
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(
            log.events == [
                "B willMove(toParent: navigation)", "R viewWillDisappear(true)", "B viewWillAppear(true)", "B viewWillLayoutSubviews",
                "B viewDidLayoutSubviews", "B viewWillDisappear(true)", "B viewDidDisappear(true)", "R viewWillAppear(true)",
                "R viewDidAppear(true)", "B didMove(toParent: nil)",
            ], "\(log.events)")
        #expect(finished == [false])
        #expect(nav.viewControllers.map(\.title) == ["R"] && b.parent == nil)
        #expect(b.appearanceState == .disappeared && root.appearanceState == .appeared && clock.activeLinkCount == 0)
    }

    /// B's `viewWillAppear` pushes C (once): the push is queued behind B's (S2) and runs once
    /// B's has finished: `[R, B, C]`, C on screen, both completions once, balanced callbacks.
    @Test func U9_viewWillAppearThatPushes() {
        let scene = TestScene()
        let b = scene.makeViewController("B"), c = scene.makeViewController("C")
        var pushedFromWillAppear = false
        var completions: [String] = []
        var parentsInWillAppear: [String] = []
        let log = scene
        b.appearanceObserver = { vc, callback in
            guard case .viewWillAppear = callback, !pushedFromWillAppear else { return }
            pushedFromWillAppear = true
            // UIKit: a pushed view controller's navigationController (and parent) are set in
            // its viewWillAppear (pushViewController adds it as a child first).
            parentsInWillAppear = [vc.navigationController?.title ?? "nil", vc.parent?.title ?? "nil"]
            vc.navigationController?.push(c) { completions.append("C \($0)") }
        }
        scene.navigationController.push(b) { completions.append("B \($0)") }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(parentsInWillAppear == ["navigation", "navigation"], "navigationController, parent in viewWillAppear: \(parentsInWillAppear)")
        #expect(completions == ["B true", "C true"])
        #expect(log.stackTitles == ["root", "B", "C"])
        #expect(c.appearanceState == .appeared && b.appearanceState == .disappeared && scene.root.appearanceState == .disappeared)
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// As above, the push issued on the navigation controller itself (not through
    /// `navigationController`): queued (S2), `[R, B, C]`, both completions once.
    @Test func viewWillAppearThatPushesThroughTheNavigationController() {
        let scene = TestScene()
        let nav = scene.navigationController
        let b = scene.makeViewController("B"), c = scene.makeViewController("C")
        var pushed = false
        var completions: [String] = []
        b.appearanceObserver = { _, callback in
            guard case .viewWillAppear = callback, !pushed else { return }
            pushed = true
            nav.push(c) { completions.append("C \($0)") }
        }
        nav.push(b) { completions.append("B \($0)") }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == ["B true", "C true"])
        #expect(scene.stackTitles == ["root", "B", "C"])
        #expect(c.appearanceState == .appeared && b.appearanceState == .disappeared && scene.clock.activeLinkCount == 0)
    }

    /// B's `viewWillAppear` presents M (once) during B's animated push: queued, runs after the
    /// push: B presents M, M appeared, both completions once.
    @Test func viewWillAppearThatPresents() {
        let scene = TestScene()
        let b = scene.makeViewController("B"), m = scene.makeViewController("M")
        var presented = false
        var completions: [String] = []
        b.appearanceObserver = { vc, callback in
            guard case .viewWillAppear = callback, !presented else { return }
            presented = true
            vc.present(m) { completions.append("M \($0)") }
        }
        scene.navigationController.push(b) { completions.append("B \($0)") }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == ["B true", "M true"])
        #expect(m.appearanceState == .appeared && b.appearanceState == .disappeared, "M \(m.appearanceState), B \(b.appearanceState)")
        #expect(
            m.presentingViewController === scene.navigationController,
            "presented from \(m.presentingViewController?.title ?? "nil") (UIKit: the full-screen presentation context, the navigation controller)")
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// R's `viewWillAppear` of an interactive pop pushes C; the pop is cancelled at 40 %: the
    /// push then runs on `[R, A]`: `[R, A, C]`; every view controller balanced.
    @Test func viewWillAppearThatPushesDuringACancelledInteractivePop() {
        let scene = TestScene()
        let a = scene.makeViewController("A"), c = scene.makeViewController("C")
        scene.navigationController.push(a, animated: false)
        var pushed = false
        var completions: [String] = []
        scene.root.appearanceObserver = { vc, callback in
            guard case .viewWillAppear = callback, !pushed else { return }
            pushed = true
            vc.navigationController?.push(c) { completions.append("C \($0)") }
        }
        let interaction = PercentDrivenInteractiveTransition()
        scene.navigationController.perform(
            .pop, animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction)
        ) { completions.append("pop \($0)") }
        interaction.update(0.4)
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == ["pop false", "C true"])
        #expect(scene.stackTitles == ["root", "A", "C"])
        #expect(c.appearanceState == .appeared && a.appearanceState == .disappeared && scene.root.appearanceState == .disappeared)
    }

    /// Overrides that do not call `super`: UIKit's defaults do nothing here, so the
    /// transitions, the observer and the appearance state work as with `super`.
    @Test func overridesWithoutSuper() {
        let scene = TestScene()
        let b = NoSuperViewController(title: "B")
        var observed: [String] = []
        b.appearanceObserver = { _, callback in observed.append(TabBarTestScene.name(callback)) }
        var completions: [Bool] = []
        scene.navigationController.push(b) { completions.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        scene.navigationController.pop { completions.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [true, true])
        #expect(
            b.events == [
                "willMove", "viewDidLoad", "viewWillAppear", "viewDidAppear", "didMove", "willMove", "viewWillDisappear", "viewDidDisappear",
                "didMove",
            ])
        #expect(observed == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        #expect(b.appearanceState == .disappeared && b.parent == nil && scene.stackTitles == ["root"])
    }

    // MARK: Tabs

    /// U5 + T_S2: selecting B again while A→B animates is queued; when it runs B is selected:
    /// the delegate is asked and hears didSelect B, no second switch, completion false; the
    /// appearance log is the one switch's.
    @Test func reselectingATabDuringASwitch() throws {
        let scene = TabBarTestScene()
        let delegate = TabLoggingDelegate()
        delegate.animator = RecordingAnimator()
        scene.tabs.delegate = delegate
        var completions: [Bool] = []
        scene.tabs.select(1) { completions.append($0) }
        scene.clock.advance(frames: 5)
        #expect(scene.tabs.isTransitioning)
        scene.tabs.select(1) { completions.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [true, false])
        #expect(delegate.log == ["shouldSelect B", "animator A→B", "didSelect B", "shouldSelect B", "didSelect B"], "\(delegate.log)")
        #expect(scene.appearanceLog == ["A willDisappear", "B willAppear", "A didDisappear", "B didAppear"])
        #expect(scene.tabs.selectedIndex == 1 && scene.clock.activeLinkCount == 0)
    }

    // MARK: Window release (U8)

    /// The window released during the run-out of an interactive push (percent-driven, or
    /// display-link driven): ends at once, completion false once, stack as it was, layers
    /// restored, no link on the clock, the driver, animator and interaction gone.
    @Test(arguments: [false, true])
    func windowReleasedDuringARunOut(displayLink: Bool) throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let root = ViewController(title: "root")
        let nav = NavigationController(rootViewController: root)
        let a = ViewController(title: "A")
        var completions: [Bool] = []
        let refs = WeakReferences()
        weak var released: Window?
        do {
            let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
            released = window
            window.rootViewController = nav
            let animator = RecordingAnimator()
            let interaction: any GestureDrivenTransitioning =
                displayLink ? DisplayLinkInteractiveTransition(runOutDuration: 0.33) { 0.5 } : PercentDrivenInteractiveTransition()
            refs.add(animator, "animator")
            refs.add(interaction, "interaction")
            nav.perform(.push(a), animated: true, transition: TransitionOverride(animator: animator, interactionController: interaction)) {
                completions.append($0)
            }
            refs.add(window.transitionQueue.current, "driver")
            interaction.update(0.5)
            clock.advance(frames: 2)
            interaction.release(finish: true, velocity: 0)
            clock.advance(frames: 3)
            #expect(completions.isEmpty, "still running out")
            #expect(clock.activeLinkCount > 0)
        }
        #expect(released == nil, "nothing else keeps the window")
        clock.advance(frames: 60)
        #expect(completions == [false])
        #expect(clock.activeLinkCount == 0)
        #expect(nav.viewControllers.map(\.title) == ["root"])
        #expect(root.view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && root.view.layer.transform.isIdentity)
        #expect(a.view.layer.mask == nil && a.view.alpha == 1 && a.view.superview == nil)
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
    }

    // MARK: Preferred transition pans (the interactive-start plan)

    /// A preferred transition with a downward pan and `RecordingAnimator`s.
    static func recordingTransition() -> ViewController.Transition {
        ViewController.Transition(
            name: "recording", gestures: [CustomGestureInteraction(direction: .down) { PanGestureRecognizer(axis: .vertical) }]
        ) { _ in RecordingAnimator() }
    }

    /// I1 through Core's preferred transition: caught in the first frame, a tap lets it
    /// finish; caught and dragged back past half-way, it is cancelled; each completion once,
    /// layers restored, no link left, nothing leaked.
    @Test(arguments: [false, true])
    func preferredTransitionCatch(drag: Bool) throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = Self.recordingTransition()
        var completions: [Bool] = []
        scene.navigationController.push(a) { completions.append($0) }
        let refs = WeakReferences()
        refs.add(scene.window.transitionQueue.current, "driver")
        refs.add(scene.window.transitionQueue.current?.animator as AnyObject?, "animator")
        // Frame 3: RecordingAnimator's incoming view has alpha = progress, and a view with
        // alpha 0 (frame 0) takes no touches (UIKit's hit-testing).
        scene.clock.advance(frames: 3)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 200))
        #expect(scene.window.transitionQueue.current?.state == .interacting, "caught in frame 3")
        if drag {
            finger.move(to: CGPoint(x: 160, y: 212))
            finger.move(to: CGPoint(x: 160, y: 452))
            finger.rest(for: 0.15)
        }
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [!drag])
        #expect(scene.stackTitles == (drag ? ["root"] : ["root", "A"]))
        #expect(a.view.alpha == 1 && a.view.layer.mask == nil && scene.root.view.layer.transform.isIdentity)
        #expect(!a.view.layer.sublayers.contains { $0.name == "test shadow" })
        #expect(scene.clock.activeLinkCount == 0)
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
    }

    /// S2 during a preferred-transition pan pop: a programmatic pop requested mid-drag waits;
    /// the pan is released past half-way (the pop finishes: `[R]`), then the queued pop
    /// runs on a stack of one: nothing pops, its completion false; a pan released short of
    /// half-way (cancelled), then the queued pop pops A.
    @Test(arguments: [true, false])
    func programmaticPopDuringAPreferredPanPop(finish: Bool) throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = Self.recordingTransition()
        scene.navigationController.push(a)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        var log: [String] = []
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 100))
        finger.move(to: CGPoint(x: 160, y: 150))
        #expect(scene.window.transitionQueue.current?.state == .interacting)
        scene.navigationController.pop { log.append("pop \($0)") }
        finger.move(to: CGPoint(x: 160, y: finish ? 400 : 160))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log == ["pop \(!finish)"])
        #expect(scene.stackTitles == ["root"])
        #expect(scene.clock.activeLinkCount == 0 && a.view.alpha == 1 && a.view.layer.mask == nil)
    }

    /// A touch during a run-out of a caught transition re-grabs it; a second catch-and-drag
    /// then cancels: the push completion once, false.
    @Test func reGrabAfterACaughtRelease() throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = Self.recordingTransition()
        var completions: [Bool] = []
        scene.navigationController.push(a) { completions.append($0) }
        scene.clock.advance(frames: 5)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 200))
        finger.lift()  // a tap: the push runs on (percent-driven run-out)
        scene.clock.advance(frames: 2)
        let driver = try #require(scene.window.transitionQueue.current)
        #expect(driver.state == .finishing)
        finger.down(at: CGPoint(x: 160, y: 200))
        #expect(driver.state == .interacting, "re-grabbed: \(driver.state)")
        finger.move(to: CGPoint(x: 160, y: 212))
        finger.move(to: CGPoint(x: 160, y: 470))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [false] && scene.stackTitles == ["root"] && scene.clock.activeLinkCount == 0)
    }

    /// I1, last sentence: a push of another animator (an override's `SlideAnimator` while A's
    /// preferred transition animates with `RecordingAnimator`) is not caught: a touch and a
    /// drag leave it time-based and it finishes; afterwards a pan pops A.
    @Test func aPushOfAnotherAnimatorIsNotCaught() throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = Self.recordingTransition()
        var completions: [Bool] = []
        scene.navigationController.perform(.push(a), animated: true, transition: TransitionOverride(animator: SlideAnimator())) {
            completions.append($0)
        }
        scene.clock.advance(frames: 6)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 200))
        #expect(scene.window.transitionQueue.current?.state == .animating, "not caught")
        finger.move(to: CGPoint(x: 160, y: 300))
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [true] && scene.stackTitles == ["root", "A"])
        finger.down(at: CGPoint(x: 160, y: 100))
        finger.move(to: CGPoint(x: 160, y: 400))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root"] && scene.clock.activeLinkCount == 0)
    }

    /// Lifecycle of a push caught by a touch and dragged back (cancelled): the same order as
    /// a cancelled interactive push (`lifecycleOfACancelledInteractivePush`).
    @Test func lifecycleOfACaughtAndCancelledPush() {
        let log = LifecycleLog()
        let scene = LifecycleOrderTests.Scene(log), clock = scene.clock, nav = scene.nav
        let b = LoggingViewController("B", log: log)
        b.preferredTransition = Self.recordingTransition()
        _ = b.view
        log.clear()
        var finished: [Bool] = []
        nav.push(b) { finished.append($0) }
        clock.advance(frames: 6)
        let finger = Finger(window: scene.window, clock: clock, stepsClock: false)
        finger.down(at: CGPoint(x: 160, y: 200))
        finger.move(to: CGPoint(x: 160, y: 212))
        finger.move(to: CGPoint(x: 160, y: 470))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(
            log.events == [
                "B willMove(toParent: navigation)", "R viewWillDisappear(true)", "B viewWillAppear(true)", "B viewWillLayoutSubviews",
                "B viewDidLayoutSubviews", "B viewWillDisappear(true)", "B viewDidDisappear(true)", "R viewWillAppear(true)",
                "R viewDidAppear(true)", "B didMove(toParent: nil)",
            ], "\(log.events)")
        #expect(finished == [false] && nav.viewControllers.count == 1 && b.parent == nil && clock.activeLinkCount == 0)
    }

    /// The preferred transition replaced (its gestures removed) while a finger holds a caught
    /// push: the transition must still end (UIKit cancels a recognizer removed mid-gesture):
    /// after the lift and a run-out the queue is idle, the completion called once, no link.
    @Test func preferredTransitionReplacedDuringACatch() throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = Self.recordingTransition()
        var completions: [Bool] = []
        scene.navigationController.push(a) { completions.append($0) }
        scene.clock.advance(frames: 6)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 200))
        finger.move(to: CGPoint(x: 160, y: 240))
        #expect(scene.window.transitionQueue.current?.state == .interacting)
        a.preferredTransition = nil
        finger.move(to: CGPoint(x: 160, y: 260))
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000, "the caught transition never ends")
        #expect(completions.count == 1 && scene.clock.activeLinkCount == 0, "completions \(completions)")
        #expect(scene.window.transitionQueue.isIdle)
    }

    /// The same during a preferred-transition pan pop that the pan started.
    @Test func preferredTransitionReplacedDuringAPanPop() throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = Self.recordingTransition()
        scene.navigationController.push(a)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 100))
        finger.move(to: CGPoint(x: 160, y: 200))
        #expect(scene.window.transitionQueue.current?.state == .interacting)
        a.preferredTransition = nil
        finger.move(to: CGPoint(x: 160, y: 220))
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000, "the pan's pop never ends")
        #expect(scene.window.transitionQueue.isIdle && scene.clock.activeLinkCount == 0)
    }

    /// The coordinator of a caught push: `initiallyInteractive` stays false ("never changes
    /// once it started", `TransitionCoordinatorContext.initiallyInteractive`), `isInteractive`
    /// is true while the finger holds it, `notifyWhenInteractionChanges` is called once at the
    /// release (UIKit calls on every change from interactive to non-interactive) with the
    /// outcome; an alongside closure registered in A's `viewWillAppear` (opacity 1 − progress
    /// of a row) follows the finger and, cancelled, the row is put back (U2), the completion
    /// says cancelled.
    @Test(arguments: [true, false])
    func I1_coordinatorOfACaughtPush(dragBack: Bool) throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        let row = View(frame: CGRect(x: 0, y: 100, width: 320, height: 44), name: "row")
        a.view.addSubview(row)
        a.preferredTransition = Self.recordingTransition()
        var interactionChanges: [Bool] = []
        var completionsCancelled: [Bool] = []
        var coordinatorRef: TransitionCoordinator?
        a.appearanceObserver = { vc, callback in
            guard case .viewWillAppear(animated: true) = callback, let coordinator = vc.transitionCoordinator,
                coordinatorRef == nil
            else { return }
            coordinatorRef = coordinator
            coordinator.notifyWhenInteractionChanges { interactionChanges.append($0.isCancelled) }
            coordinator.animate(
                alongsideTransition: { context in row.layer.opacity = Float(1 - context.progress) },
                completion: { completionsCancelled.append($0.isCancelled) })
        }
        scene.navigationController.push(a)
        scene.clock.advance(frames: 6)
        let coordinator = try #require(coordinatorRef)
        #expect(!coordinator.initiallyInteractive && !coordinator.isInteractive)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 200))
        #expect(coordinator.isInteractive, "held by the finger")
        #expect(!coordinator.initiallyInteractive, "initiallyInteractive never changes once it started")
        if dragBack {
            finger.move(to: CGPoint(x: 160, y: 212))
            finger.move(to: CGPoint(x: 160, y: 470))
            finger.rest(for: 0.15)
            #expect(isApproximatelyEqual(Double(row.layer.opacity), 1, absolute: 1e-6), "the alongside follows the finger to 0")
        }
        finger.lift()
        #expect(interactionChanges == [dragBack], "notifyWhenInteractionChanges at the release: \(interactionChanges)")
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completionsCancelled == [dragBack])
        #expect(row.layer.opacity == (dragBack ? 1 : 0), "row opacity \(row.layer.opacity)")
        #expect(interactionChanges.count == 1)
    }

    /// U8's "nothing is on screen" for the view controllers: once the window that showed a
    /// navigation controller is released, its root and top are no longer appeared (as when
    /// `Window.rootViewController` is replaced, which ends their appearance), so the navigation
    /// controller can be shown in a new window. Today the states stay `.appeared` and
    /// `Window.rootViewController = nav` in a new window traps ("unbalanced appearance callback
    /// viewWillAppear(animated: false) in state appeared"); the guard below keeps the suite alive.
    @Test(arguments: [false, true])
    func U8_aReleasedWindowEndsTheAppearanceOfItsViewControllers(whileTransitioning: Bool) throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let root = ViewController(title: "root")
        let nav = NavigationController(rootViewController: root)
        let a = ViewController(title: "A")
        do {
            let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
            window.rootViewController = nav
            if whileTransitioning {
                nav.push(a)
                clock.advance(frames: 5)
            }
        }
        clock.advance(frames: 30)
        #expect(nav.view.window == nil)
        try #require(
            nav.appearanceState == .disappeared && root.appearanceState == .disappeared,
            "after the window went away: nav \(nav.appearanceState), root \(root.appearanceState)")
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        window.rootViewController = nav
        #expect(nav.appearanceState == .appeared && nav.topViewController.appearanceState == .appeared)
    }
}
