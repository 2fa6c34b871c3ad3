import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// The public extension points: typed per-controller storage, the one interactive pop per
/// navigation controller, an effect's declared interactions, `transitionAnimator`, and
/// `Bitmap.pixel(x:y:)` outside the bitmap. Traces and their closed forms:
/// Tests/Fixtures/traces/README.md (320x480 `TestScene`).
@MainActor
@Suite struct ExtensionPointTests {
    /// An animator that moves the outgoing view right by progress · width.
    final class Recording: AnimatedTransitioning {
        func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.3 }
        func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
            context.view(forKey: .from)?.transform3D = Transform3D(translationX: progress * 320, y: 0)
        }
    }

    /// A test effect whose declared interactions are chosen per instance.
    struct Declaring: TransitionEffect {
        static let name = "declaring"
        static let summary = "test effect"
        static let parameters: [AnyEffectParameter] = []
        static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss]
        var interactions: [EffectInteraction] = []
        init(parameters: EffectParameters) throws(TransitionKitError) {}
        init(interactions: [EffectInteraction]) { self.interactions = interactions }
        @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { Recording() }
    }

    static let keyA = ExtensionKey<EdgePanPopController>("Tests.a")
    static let keyB = ExtensionKey<EdgePanPopController>("Tests.b")

    func install(_ key: ExtensionKey<EdgePanPopController>, on nc: NavigationController) -> EdgePanPopController {
        nc.installEdgePanPop(key: key, policy: .default, mode: .percentDriven) { _, _ in InteractiveAnimation(animator: Recording()) }
    }

    @Test func typedStorageKeepsValuesPerKeyAndType() {
        let vc = ViewController(title: "vc")
        let count = ExtensionKey<Int>("Tests.value"), text = ExtensionKey<String>("Tests.value")
        #expect(vc[extension: count] == nil)
        vc[extension: count] = 3
        vc[extension: text] = "three"
        // Same name, other type: a separate slot, never a failed cast.
        #expect(vc[extension: count] == 3 && vc[extension: text] == "three")
        #expect(ViewController()[extension: count] == nil, "per controller")
        vc[extension: count] = nil
        #expect(vc[extension: count] == nil && vc[extension: text] == "three")
    }

    /// One interactive pop per navigation controller (UIKit's single
    /// `interactivePopGestureRecognizer`): installing under another key replaces, removing
    /// under a key that was replaced does nothing, the installed one is kept without the
    /// caller storing it.
    @Test func onePopPerNavigationController() throws {
        let scene = TestScene()
        let nc = scene.navigationController
        nc.push(scene.makeViewController("A"), animated: false)
        let a = install(Self.keyA, on: nc)
        let b = install(Self.keyB, on: nc)
        #expect(nc.view.gestureRecognizers.count == 2 && nc.view.gestureRecognizers[0] === b.recognizer)  // b's edge + content pans
        #expect(nc.view.gestureRecognizers[1] === b.contentRecognizer)
        #expect(a.recognizer.view == nil && nc.edgePanPop(key: Self.keyA) == nil)
        #expect(nc.edgePanPop(key: Self.keyB) === b && nc.interactivePopController === b)
        nc.removeEdgePanPop(key: Self.keyA)
        #expect(nc.interactivePopController === b, "removing a replaced key leaves the installed pop")
        // Kept by the navigation controller: a swipe pops although the test holds no reference to it.
        weak let weakB = b
        _ = consume b
        #expect(weakB != nil)
        #expect(scene.window.replay(try Fixtures.trace("slow-drag"), on: scene.clock).reachedIdle)
        #expect(scene.stackTitles == ["root"])
        nc.removeEdgePanPop(key: Self.keyB)
        #expect(nc.view.gestureRecognizers.isEmpty && nc.interactivePopController == nil && weakB == nil)
    }

    /// `transitionAnimator` is the animator of the running push or pop, nil otherwise.
    @Test func transitionAnimatorIsReadable() {
        let scene = TestScene()
        let nc = scene.navigationController
        #expect(nc.transitionAnimator == nil)
        let animator = Recording()
        nc.perform(.push(scene.makeViewController("A")), animated: true, transition: TransitionOverride(animator: animator))
        #expect(nc.transitionAnimator === animator)
        scene.clock.runUntilIdle()
        #expect(nc.transitionAnimator == nil && scene.stackTitles == ["root", "A"])
    }

    /// `enableInteractivePop` asks the effect: the left-edge pan and a custom pan (a plain
    /// horizontal pan) both pop on the slow-drag trace (finishes at 95 %); an effect that
    /// declares no pop is refused by the check (`enableInteractivePop` traps on it, see
    /// `enableInteractivePopTrapsWithoutAPopGesture`).
    @Test(arguments: [false, true])
    func enableInteractivePopAsksTheEffect(custom: Bool) throws {
        let scene = TestScene()
        let nc = scene.navigationController
        nc.push(scene.makeViewController("A"), animated: false)
        let interaction: EffectInteraction =
            custom
            ? .custom(CustomGestureInteraction(operation: .pop, direction: .right) { PanGestureRecognizer(axis: .horizontal) })
            : .leftEdgePanPop
        let controller = nc.enableInteractivePop(Declaring(interactions: [interaction]))
        #expect((controller.recognizer is ScreenEdgePanGestureRecognizer) == !custom)
        #expect(nc.edgePanPop(key: NavigationController.interactivePopKey(for: Declaring.self)) === controller)
        #expect(scene.window.replay(try Fixtures.trace("slow-drag"), on: scene.clock).reachedIdle)
        #expect(scene.stackTitles == ["root"] && controller.interaction.transitionsStarted == 1)
        nc.disableInteractivePop(Declaring.self)
        #expect(nc.view.gestureRecognizers.isEmpty)
        #expect(throws: TransitionKitError.invalidOperation("effect 'declaring' declares no interactive pop gesture")) {
            _ = try NavigationController.popGesture(of: Declaring(interactions: [.dragToDismiss(.down)]))
        }
        #expect(nc.view.gestureRecognizers.isEmpty)
    }

    /// An effect that declares no pop gesture (none, or only a drag to dismiss) is a programmer
    /// error for `enableInteractivePop`: it traps naming the effect.
    @Test(arguments: [false, true])
    func enableInteractivePopTrapsWithoutAPopGesture(dragOnly: Bool) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [dragOnly] in
            await MainActor.run {
                let scene = TestScene()
                _ = scene.navigationController.enableInteractivePop(Declaring(interactions: dragOnly ? [.dragToDismiss(.down)] : []))
            }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("effect 'declaring' declares no interactive pop gesture"), "\(message)")
    }

    /// The generic delegate installs the declared drag-to-dismiss (down, the vertical trace
    /// at 60 % finishes under the default policy) and nothing for an effect declaring none.
    @Test func effectTransitioningDelegateDragsToDismiss() throws {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        let delegate = EffectTransitioningDelegate(effect: Declaring(interactions: [.dragToDismiss(.down)]), modalViewController: modal)
        scene.navigationController.present(modal, animated: false)
        let controller = try #require(delegate.enableDragToDismiss())
        #expect(controller.direction == .down && controller.recognizer.view === modal.view)
        #expect(delegate.enableDragToDismiss() === controller, "idempotent")
        #expect(scene.window.replay(try Fixtures.trace("vertical-drag-slow-60"), on: scene.clock).reachedIdle)
        #expect(scene.navigationController.presentedViewController == nil && controller.transitionsStarted == 1)

        let other = scene.makeViewController("N")
        let none = EffectTransitioningDelegate(effect: Declaring(interactions: [.leftEdgePanPop]), modalViewController: other)
        #expect(none.enableDragToDismiss() == nil && !other.view.gestureRecognizers.contains { _ in true })
    }

    @Test func bitmapPixelOutsideIsNil() throws {
        var bitmap = Bitmap(width: 2, height: 3, fill: .white)
        bitmap.setPixel(.black, x: 1, y: 2)
        #expect(bitmap.pixel(x: 1, y: 2) == .black && bitmap.pixel(x: 0, y: 0) == .white)
        for (x, y) in [(-1, 0), (0, -1), (2, 0), (0, 3), (Int.max, Int.min)] {
            #expect(bitmap.pixel(x: x, y: y) == nil, "(\(x), \(y))")
        }
    }
}
