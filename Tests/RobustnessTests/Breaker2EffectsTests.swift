import DragDismissEffect
import Foundation
import PushBack3DEffect
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting
import ZoomEffect

/// Breaking the presenter restore (U12) and the live scale with the built-in effects: an
/// interactive drag-dismiss cancelled then ended otherwise, nested push-back presentations
/// ended at once, a scale change mid-zoom and mid-push-back. Expected values: the doc
/// comments (the presenter as before the present however the presentation ends; a scale
/// change alone moves no layer; completions once).
@MainActor
@Suite struct Breaker2EffectsTests {
    func tree(_ layer: Layer) -> [String] { ["\(layer.name ?? "?"): \(layer.properties)"] + layer.sublayers.flatMap(tree) }

    /// A drag-dismiss modal dragged a little and released slowly (cancelled): the presenter is
    /// as the present left it, the modal still up; then dismissed in each way, the presenter is
    /// as before the present.
    @Test(arguments: ["notAnimated", "animated", "rootReplaced"])
    func cancelledInteractiveDismissThenDismiss(ending: String) {
        let scene = TestScene()
        let presenter = scene.navigationController
        let before = tree(presenter.view.layer)
        let modal = ViewController(title: "modal")
        modal.preferredTransition = .effect(DragDismiss(behindViewAlpha: 0.6))
        var log: [String] = []
        presenter.present(modal, animated: true) { log.append("present \($0)") }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        let presented = tree(presenter.view.layer)
        #expect(presented != before, "the present left the presenter shrunk")
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 200))
        finger.move(to: CGPoint(x: 160, y: 240), speed: 100)
        #expect(scene.window.transitionQueue.current?.state == .interacting)
        finger.rest(for: 0.2)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(presenter.presentedViewController === modal, "the cancelled drag keeps the modal up")
        #expect(tree(presenter.view.layer) == presented, "after the cancelled drag the presenter is as the present left it")
        switch ending {
        case "notAnimated": presenter.dismiss(animated: false) { log.append("dismiss \($0)") }
        case "animated": presenter.dismiss(animated: true) { log.append("dismiss \($0)") }
        default: scene.window.rootViewController = ViewController(title: "other")
        }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(tree(presenter.view.layer) == before, "\(ending): the presenter differs from before the present")
        #expect(log == ["present true"] + (ending == "rootReplaced" ? [] : ["dismiss true"]))
        #expect(modal.presentingViewController == nil && scene.clock.activeLinkCount == 0)
    }

    /// A presents B, B presents C, both push-back: ended at once (root replaced, window
    /// released) or one by one without animation, A's and B's trees are as before.
    @Test(arguments: ["oneByOne", "rootReplaced", "windowReleased"])
    func nestedPushBackPresentationsRestoreBoth(ending: String) {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var window: Window? = Window(size: CGSize(width: 320, height: 480), scale: 2, frameClock: clock)
        let a = ViewController(title: "A")
        a.view.addSubview(View(frame: CGRect(x: 10, y: 10, width: 50, height: 50), name: "a row"))
        window?.rootViewController = a
        let b = ViewController(title: "B"), c = ViewController(title: "C")
        b.view.addSubview(View(frame: CGRect(x: 20, y: 20, width: 50, height: 50), name: "b row"))
        b.preferredTransition = .effect(PushBack3D(scale: 0.9, dimming: 0.3))
        c.preferredTransition = .effect(PushBack3D(scale: 0.8, dimming: 0.5))
        let aBefore = tree(a.view.layer), bBefore = tree(b.view.layer)
        var log: [Bool] = []
        a.present(b) { log.append($0) }
        _ = clock.runUntilIdle(maxFrames: 10_000)
        let bShown = tree(b.view.layer)
        b.present(c) { log.append($0) }
        _ = clock.runUntilIdle(maxFrames: 10_000)
        #expect(log == [true, true])
        switch ending {
        case "oneByOne":
            c.dismiss(animated: false)
            #expect(tree(b.view.layer) == bShown, "B after C's dismiss")
            b.dismiss(animated: false)
        case "rootReplaced": window?.rootViewController = ViewController(title: "other")
        default: window = nil
        }
        _ = clock.runUntilIdle(maxFrames: 10_000)
        #expect(tree(a.view.layer) == aBefore, "A (\(ending))")
        #expect(Array(tree(b.view.layer).dropFirst()) == Array(bBefore.dropFirst()), "B's sublayers (\(ending))")
        #expect(b.view.layer.transform == .identity && b.view.layer.opacity == 1, "B (\(ending))")
        #expect(a.presentedViewController == nil && b.presentedViewController == nil)
        _ = window
    }

    /// A scale change alone moves no layer mid-zoom and mid-push-back present: every frame's
    /// layers equal those of the same present without the change; the completion once, true.
    @Test(arguments: ["zoom", "pushback"])
    func scaleChangeMidEffectPresentMovesNoLayer(effect: String) {
        func run(changing: Bool) -> (frames: [[String]], log: [Bool]) {
            let scene = TestScene(size: CGSize(width: 320, height: 480), scale: 1)
            let modal = ViewController(title: "modal")
            modal.preferredTransition = effect == "zoom" ? .effect(Zoom()) : .effect(PushBack3D(scale: 0.9, dimming: 0.3))
            var log: [Bool] = []
            scene.navigationController.present(modal, animated: true) { log.append($0) }
            var frames: [[String]] = []
            for i in 0..<60 {
                if changing && i % 4 == 1 { scene.window.resize(to: scene.window.size, scale: [3, 0.5, 8][i / 4 % 3]) }
                frames.append(tree(scene.window.rootView.layer))
                scene.clock.step()
            }
            _ = scene.clock.runUntilIdle(maxFrames: 10_000)
            frames.append(tree(scene.window.rootView.layer))
            return (frames, log)
        }
        let plain = run(changing: false), changed = run(changing: true)
        #expect(plain.log == [true] && changed.log == [true])
        let firstDiff = plain.frames.indices.first { plain.frames[$0] != changed.frames[$0] }
        #expect(firstDiff == nil, "\(effect): frame \(firstDiff ?? -1) differs")
    }

    /// R1 mid-drag: a drag-dismiss dragged past half-way, the window moved to scale 3 and then
    /// resized with scale 2 while the finger is down, released: the modal is dismissed once,
    /// the presenter is as before the present and fills the resized window.
    @Test func scaleChangesMidDragDismiss() {
        let scene = TestScene()
        let presenter = scene.navigationController
        let before = tree(presenter.view.layer).dropFirst()
        let modal = ViewController(title: "modal")
        modal.preferredTransition = .effect(DragDismiss(behindViewAlpha: 0.6))
        var log: [Bool] = []
        presenter.present(modal) { log.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 160, y: 100))
        finger.move(to: CGPoint(x: 160, y: 250))
        #expect(scene.window.transitionQueue.current?.state == .interacting)
        scene.window.resize(to: scene.window.size, scale: 3)
        finger.move(to: CGPoint(x: 160, y: 300))
        let large = CGSize(width: 400, height: 600)
        scene.window.resize(to: large, scale: 2)
        finger.move(to: CGPoint(x: 160, y: 420))
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(log == [true], "the present once")
        #expect(presenter.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(presenter.view.frame == CGRect(origin: .zero, size: large))
        #expect(presenter.view.layer.transform == .identity && presenter.view.layer.opacity == 1)
        #expect(Array(tree(presenter.view.layer).dropFirst()).count == before.count)
        #expect(scene.window.scale == 2 && scene.clock.activeLinkCount == 0)
    }
}
