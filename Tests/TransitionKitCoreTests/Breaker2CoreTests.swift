import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// Breaking the code added with the live scale (`Window.resize(to:scale:)`), window release
/// mid-transition (U8, U10, U11), the presenter restore (U12, `LayerChanges`) and
/// `AnyEffectParameter.value(fromText:)`/`text(for:)`. Expected values: the doc comments (a
/// scale alone moves no layer; completions once; what a present's animator left is undone
/// however the presentation ends, what the app changed meanwhile stays).
@MainActor
@Suite struct Breaker2CoreTests {
    static let size = CGSize(width: 320, height: 480)
    static let edgePan = ExtensionKey<EdgePanPopController>("Breaker2CoreTests.edgePan")

    func tree(_ layer: Layer) -> [String] { ["\(layer.name ?? "?"): \(layer.properties)"] + layer.sublayers.flatMap(tree) }

    // MARK: Scale

    /// A scale change alone moves no layer: push, pop, present, dismiss and tab switches with
    /// the scale changed (1 -> 3 -> 0.5 -> 8) at every third frame lay out exactly as the same
    /// transitions without a change, frame for frame; completions once, true.
    @Test(arguments: ["push", "pop", "present", "dismiss"])
    func scaleChangesEveryThirdFrameMoveNoLayer(operation: String) {
        func run(changing: Bool) -> (frames: [[String]], completions: [Bool], titles: [String], scale: CGFloat) {
            let scene = TestScene(size: Self.size, scale: 1)
            let a = scene.makeViewController("A")
            let modal = ViewController(title: "modal")
            var completions: [Bool] = []
            let slide = TransitionOverride(animator: SlideAnimator())
            if operation == "pop" || operation == "dismiss" {
                if operation == "pop" { scene.navigationController.perform(.push(a), animated: false) }
                if operation == "dismiss" { scene.navigationController.present(modal, animated: false) }
                _ = scene.clock.runUntilIdle(maxFrames: 100)
            }
            switch operation {
            case "push": scene.navigationController.perform(.push(a), animated: true, transition: slide) { completions.append($0) }
            case "pop": scene.navigationController.perform(.pop, animated: true, transition: slide) { completions.append($0) }
            case "present": scene.navigationController.present(modal, animated: true, transition: slide) { completions.append($0) }
            default: scene.navigationController.dismiss(animated: true, transition: slide) { completions.append($0) }
            }
            var frames: [[String]] = []
            let scales: [CGFloat] = [3, 0.5, 8, 2]
            for i in 0..<40 {
                if changing && i % 3 == 0 { scene.window.resize(to: Self.size, scale: scales[(i / 3) % scales.count]) }
                frames.append(tree(scene.window.rootView.layer))
                scene.clock.advance(frames: 1)
            }
            _ = scene.clock.runUntilIdle(maxFrames: 1000)
            frames.append(tree(scene.window.rootView.layer))
            return (frames, completions, scene.stackTitles, scene.window.scale)
        }
        let plain = run(changing: false), changed = run(changing: true)
        #expect(changed.frames == plain.frames, "\(operation): a scale change moved a layer")
        #expect(changed.completions == [true] && plain.completions == [true])
        #expect(changed.titles == plain.titles)
        #expect(changed.scale == 8 || changed.scale == 2 || changed.scale == 0.5 || changed.scale == 3)
    }

    /// A tab switch with scale changes mid-way ends on the new tab, once, with the last scale.
    @Test func scaleChangesDuringATabSwitch() {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: Self.size, scale: 2, frameClock: clock)
        let tabs = TabBarController(viewControllers: [ViewController(title: "one"), ViewController(title: "two")])
        window.rootViewController = tabs
        let frame = tabs.viewControllers[0].view.frame
        var completions: [Bool] = []
        tabs.select(1, animated: true, transition: TransitionOverride(animator: SlideAnimator())) { completions.append($0) }
        for s: CGFloat in [3, 1, 0.5, 8] {
            clock.advance(frames: 2)
            window.resize(to: Self.size, scale: s)
        }
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [true] && tabs.selectedIndex == 1 && window.scale == 8)
        #expect(tabs.viewControllers[1].view.frame == frame, "the new tab's view fills the tab area")
    }

    /// Mid-drag of the edge-pan pop, the scale changes twice (and the size once): the drag
    /// still pops, its completion runs once, the window ends at the last scale and size.
    @Test(arguments: [true, false])
    func scaleChangeMidInteractivePop(finish: Bool) {
        let scene = TestScene(size: Self.size, scale: 1)
        let a = scene.makeViewController("A")
        scene.navigationController.perform(.push(a), animated: false)
        _ = scene.clock.runUntilIdle(maxFrames: 100)
        _ = scene.navigationController.installEdgePanPop(key: Self.edgePan, policy: .default, mode: .percentDriven) { _, _ in
            EdgePanPopController.PopAnimation(animator: SlideAnimator())
        }
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 2, y: 200))
        finger.move(to: CGPoint(x: 60, y: 200))
        #expect(scene.window.transitionQueue.current?.state == .interacting)
        scene.window.resize(to: Self.size, scale: 3)
        finger.move(to: CGPoint(x: 90, y: 200))
        scene.window.resize(to: CGSize(width: 400, height: 600), scale: 2)
        finger.move(to: CGPoint(x: finish ? 300 : 20, y: 200))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == (finish ? ["root"] : ["root", "A"]))
        #expect(scene.window.scale == 2 && scene.window.size == CGSize(width: 400, height: 600))
        let top = scene.navigationController.viewControllers.last
        #expect(top?.view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(top?.view.layer.transform.isIdentity == true && scene.clock.activeLinkCount == 0)
    }

    /// The accepted range is closed, 0.5...8; anything else throws and leaves size and scale.
    @Test func scaleBoundsAndRefusals() throws {
        let scene = TestScene(size: Self.size, scale: 2)
        try scene.window.resize(validatingSize: Self.size, scale: 0.5)
        #expect(scene.window.scale == 0.5)
        try scene.window.resize(validatingSize: Self.size, scale: 8)
        #expect(scene.window.scale == 8)
        for bad: CGFloat in [0.4999999, 8.0000001, 0, -1, -.infinity, .infinity, .nan, .leastNonzeroMagnitude] {
            #expect(throws: TransitionKitError.self) { try scene.window.resize(validatingSize: CGSize(width: 10, height: 10), scale: bad) }
            #expect(scene.window.scale == 8 && scene.window.size == Self.size)
        }
        #expect(throws: TransitionKitError.self) { try scene.window.resize(validatingSize: CGSize(width: CGFloat.nan, height: 10), scale: 2) }
        #expect(scene.window.scale == 8, "a refused size must not change the scale")
    }

    // MARK: Window release

    /// U8/U10/U11: a window released mid-present with a push, a dismiss and a tab request
    /// queued behind: the running present completes false, the queued present/dismiss false,
    /// each once; nothing the window showed or queued stays alive.
    @Test func windowReleasedMidPresentWithQueuedRequests() {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var window: Window? = Window(size: Self.size, scale: 2, frameClock: clock)
        let refs = WeakReferences()
        var log: [String] = []
        do {
            let nav = NavigationController(rootViewController: ViewController(title: "root"))
            window?.rootViewController = nav
            let modal = ViewController(title: "modal"), second = ViewController(title: "second")
            nav.present(modal, animated: true, transition: TransitionOverride(animator: SlideAnimator())) { log.append("present \($0)") }
            nav.perform(.push(ViewController(title: "A")), animated: true) { log.append("push \($0)") }
            modal.dismiss(animated: true) { log.append("dismiss \($0)") }
            nav.present(second, animated: true) { log.append("present2 \($0)") }
            clock.advance(frames: 4)
            window?.resize(to: Self.size, scale: 3)
            refs.add(window, "window")
            refs.add(nav, "nav")
            refs.add(modal, "modal")
            refs.add(second, "second")
            refs.add(window?.transitionQueue.current, "driver")
        }
        window = nil
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(log.filter { $0.hasPrefix("present ") } == ["present false"])
        #expect(log.filter { $0.hasPrefix("dismiss") } == ["dismiss false"])
        #expect(log.filter { $0.hasPrefix("present2") } == ["present2 false"])
        #expect(log.filter { $0.hasPrefix("push") }.count == 1, "push completion once: \(log)")
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
        #expect(clock.activeLinkCount == 0)
    }

    // MARK: Presenter restore (U12)

    /// Marks a present leaves on its presenter in `animationEnded` (not `finalizeTransition`):
    /// a transform on the presenter, an opacity on one of its subviews' layers, a subview added.
    final class MarksInAnimationEnded: AnimatedTransitioning, TransitioningDelegate {
        var presenter: View?
        func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.1 }
        func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
            presenter = context.viewController(forKey: .from)?.view
        }
        func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {}
        func animationEnded(_ transitionCompleted: Bool) {
            guard transitionCompleted, let presenter else { return }
            presenter.transform3D = Transform3D(scaleX: 0.8, y: 0.8, z: 1)
            presenter.subviews.first?.layer.opacity = 0.25
            presenter.addSubview(View(frame: CGRect(x: 0, y: 0, width: 10, height: 10), name: "dim"))
            self.presenter = nil
        }
        func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)? {
            self
        }
    }

    func makeModal(_ title: String, marks: MarksInAnimationEnded) -> ViewController {
        let modal = ViewController(title: title)
        modal.modalPresentationStyle = .overFullScreen
        modal.transitioningDelegate = marks
        return modal
    }

    /// Nested: A presents B, B presents C, both leaving marks; ended by dismissing C then B,
    /// by replacing the root, or by releasing the window: A's and B's trees are as before.
    @Test(arguments: ["dismissTwice", "rootReplaced", "windowReleased"])
    func nestedPresentationsRestoreBothPresenters(ending: String) {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var window: Window? = Window(size: Self.size, frameClock: clock)
        let a = ViewController(title: "A")
        a.view.addSubview(View(frame: CGRect(x: 1, y: 2, width: 30, height: 40), name: "a row"))
        window?.rootViewController = a
        let marks = MarksInAnimationEnded()
        let b = makeModal("B", marks: marks), c = makeModal("C", marks: marks)
        b.view.addSubview(View(frame: CGRect(x: 5, y: 6, width: 30, height: 40), name: "b row"))
        let aBefore = tree(a.view.layer), bBefore = tree(b.view.layer)
        a.present(b)
        _ = clock.runUntilIdle(maxFrames: 1000)
        let bShown = tree(b.view.layer)
        b.present(c)
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(a.view.subviews.count == 2 && b.view.subviews.count == 2, "marks left")
        switch ending {
        case "dismissTwice":
            c.dismiss(animated: false)
            #expect(tree(b.view.layer).count == bShown.count)
            b.dismiss(animated: false)
        case "rootReplaced": window?.rootViewController = ViewController(title: "other")
        default: window = nil
        }
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(tree(a.view.layer) == aBefore, "A not restored (\(ending))")
        #expect(tree(b.view.layer).count == bBefore.count, "B's dim view not removed (\(ending))")
        #expect(b.view.subviews.map(\.layer.name) == ["b row"] && b.view.layer.transform.isIdentity)
        #expect(a.presentedViewController == nil && b.presentedViewController == nil && c.presentingViewController == nil)
        _ = window
    }

    /// What the app changes on the presenter while the modal is up stays: a new subview, the
    /// presenter's background colour, the marked subview's opacity set again by the app.
    /// Doc: "each changed property gets its value from before the step" and "the views and
    /// layers the step added leave", everything else as it is now.
    @Test func appChangesDuringThePresentationStay() {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: Self.size, frameClock: clock)
        let a = ViewController(title: "A")
        a.view.addSubview(View(frame: CGRect(x: 1, y: 2, width: 30, height: 40), name: "a row"))
        window.rootViewController = a
        let marks = MarksInAnimationEnded()
        a.present(makeModal("B", marks: marks))
        _ = clock.runUntilIdle(maxFrames: 1000)
        let appView = View(frame: CGRect(x: 50, y: 50, width: 20, height: 20), name: "app")
        a.view.addSubview(appView)
        a.view.backgroundColor = .white
        a.dismiss(animated: true, transition: TransitionOverride(animator: SlideAnimator()))
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(a.view.subviews.map(\.layer.name) == ["a row", "app"], "the app's subview stays, the dim view leaves")
        #expect(a.view.backgroundColor == .white && a.view.layer.transform.isIdentity)
        #expect(a.view.subviews.first?.layer.opacity == 1)
    }

    /// Shrinks the presenter by its frame (not a transform) when the present finishes.
    final class ShrinksByFrame: AnimatedTransitioning, TransitioningDelegate {
        func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.1 }
        func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {}
        func finalizeTransition(using context: any ContextTransitioning) {
            guard context.operation == .present, let presenter = context.viewController(forKey: .from)?.view else { return }
            presenter.frame = context.containerView.bounds.insetBy(dx: 20, dy: 30)
        }
        func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)? {
            self
        }
    }

    /// G3 with U12: the window resized while the modal is up (the presenter, the root, is given
    /// the new bounds), then the modal dismissed: the presenter fills the resized window, not
    /// the size it had before the present ("not the frame a resize gives it later").
    @Test(arguments: [false, true])
    func aResizeAfterAFrameShrinkingPresentStays(overFullScreen: Bool) {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: Self.size, frameClock: clock)
        let a = ViewController(title: "A")
        window.rootViewController = a
        let shrink = ShrinksByFrame()
        let modal = ViewController(title: "modal")
        modal.modalPresentationStyle = overFullScreen ? .overFullScreen : .fullScreen
        modal.transitioningDelegate = shrink
        a.present(modal)
        _ = clock.runUntilIdle(maxFrames: 1000)
        let large = CGSize(width: 600, height: 700)
        window.resize(to: large, scale: 2)
        a.dismiss(animated: false)
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(a.view.frame == CGRect(origin: .zero, size: large), "overFullScreen \(overFullScreen)")
        withExtendedLifetime(shrink) {}
    }

    /// U8 with U12: the window released mid-way through an animated dismiss of a presentation
    /// whose present left marks: the dismiss completes once, false; the presenter's tree is as
    /// before the present; everything is freed.
    @Test func windowReleasedMidDismissRestoresThePresenter() {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var window: Window? = Window(size: Self.size, frameClock: clock)
        let a = ViewController(title: "A")
        a.view.addSubview(View(frame: CGRect(x: 1, y: 2, width: 30, height: 40), name: "a row"))
        window?.rootViewController = a
        let marks = MarksInAnimationEnded()
        let refs = WeakReferences()
        var log: [Bool] = []
        let before = tree(a.view.layer)
        do {
            let modal = makeModal("B", marks: marks)
            a.present(modal)
            _ = clock.runUntilIdle(maxFrames: 1000)
            a.dismiss(animated: true, transition: TransitionOverride(animator: SlideAnimator())) { log.append($0) }
            clock.advance(frames: 5)
            refs.add(modal, "modal")
            refs.add(window, "window")
        }
        window = nil
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(log == [false])
        #expect(tree(a.view.layer) == before)
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
        #expect(a.presentedViewController == nil && clock.activeLinkCount == 0)
    }

    /// U11: the root of a window released while it presented a marking modal, shown in a new
    /// window at another scale: it presents again (completion true) and ends as before.
    @Test func aReleasedWindowsRootPresentsAgainInANewWindow() {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var window: Window? = Window(size: Self.size, frameClock: clock)
        let a = ViewController(title: "A")
        a.view.addSubview(View(frame: CGRect(x: 1, y: 2, width: 30, height: 40), name: "a row"))
        window?.rootViewController = a
        let marks = MarksInAnimationEnded()
        let before = tree(a.view.layer).dropFirst()
        a.present(makeModal("B", marks: marks))
        _ = clock.runUntilIdle(maxFrames: 1000)
        window = nil
        #expect(a.presentedViewController == nil && a.view.superview == nil)
        let second = Window(size: CGSize(width: 500, height: 300), scale: 3, frameClock: clock)
        second.rootViewController = a
        var log: [Bool] = []
        a.present(makeModal("C", marks: marks)) { log.append($0) }
        _ = clock.runUntilIdle(maxFrames: 1000)
        a.dismiss(animated: true) { log.append($0) }
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(log == [true, true])
        #expect(Array(tree(a.view.layer).dropFirst()) == Array(before))
        #expect(a.view.frame == CGRect(x: 0, y: 0, width: 500, height: 300) && a.view.layer.transform.isIdentity)
    }

    /// U12 with a plain sublayer among the presenter's subviews' layers (a badge added with
    /// `addSublayer` after the row view): the present's animator adds a subview (a dim view);
    /// after the dismiss the presenter's sublayers are in their order from before the present
    /// ("a subview or sublayer list the step changed gets its old order").
    @Test(arguments: [false, true])
    func aPlainSublayerKeepsItsPlaceAmongTheSubviews(animatedDismiss: Bool) {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: Self.size, frameClock: clock)
        let a = ViewController(title: "A")
        a.view.addSubview(View(frame: CGRect(x: 1, y: 2, width: 30, height: 40), name: "a row"))
        a.view.layer.addSublayer(Layer(name: "badge"))
        window.rootViewController = a
        let marks = MarksInAnimationEnded()
        let before = tree(a.view.layer)
        a.present(makeModal("B", marks: marks))
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(a.view.layer.sublayers.contains { $0.name == "dim" }, "the dim view was added")
        if animatedDismiss {
            a.dismiss(animated: true, transition: TransitionOverride(animator: SlideAnimator()))
        } else {
            a.dismiss(animated: false)
        }
        _ = clock.runUntilIdle(maxFrames: 1000)
        #expect(a.view.layer.sublayers.map(\.name) == ["a row", "badge"])
        #expect(tree(a.view.layer) == before)
    }
}
