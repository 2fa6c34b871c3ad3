import Foundation
import IrisEffect
import Testing
import TransitionKitCore
import TransitionKitTesting

@MainActor
struct IrisTests {
    /// Every rule an effect keeps, for push and pop and the declared left-edge pan: endpoints,
    /// cancel restores, refusal, registry round trip, no allocation per frame, no leaks,
    /// interactions.
    @Test func keepsEveryLaw() {
        EffectLaws.check(Iris())
    }

    /// The closed form of `Iris`'s documentation: R = √(w² + h²)/2 + √2 pt; the outgoing circle
    /// R·(1 − 2p) until half-way, the incoming one R·(2p − 1) after.
    @Test func radiiFollowTheClosedForm() {
        let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
        let r = (390.0 * 390.0 + 844.0 * 844.0).squareRoot() / 2 + 2.0.squareRoot()  // 464.89 + 1.41
        let expected: [(CGFloat, CGFloat, CGFloat)] = [(0, r, 0), (0.25, r / 2, 0), (0.5, 0, 0), (0.75, 0, r / 2), (1, 0, r)]
        for (p, outgoing, incoming) in expected {
            let radii = Iris.radii(at: p, in: bounds)
            #expect(abs(radii.outgoing - outgoing) < 1e-9, "outgoing radius at \(p)")
            #expect(abs(radii.incoming - incoming) < 1e-9, "incoming radius at \(p)")
        }
    }

    /// Half-way the iris is shut: every pixel is the window's black background.
    @Test func halfwayIsBlack() throws {
        let scene = EffectScene()
        for operation in Iris.supportedOperations {
            let frame = try scene.frame(Iris(), operation, progress: 0.5)
            let visible = (0..<frame.height).flatMap { y in (0..<frame.width).map { x in frame.pixel(x: x, y: y) } }
            #expect(visible.count == frame.width * frame.height)
            #expect(visible.allSatisfy { $0 == RGBA8(r: 0, g: 0, b: 0, a: 255) }, "\(operation) at 0.5")
        }
    }

    /// At a quarter the outgoing screen shows inside a circle of radius R/2 about the centre
    /// and black outside it: the centre pixel is the untouched scene's, the corners are black.
    @Test func quarterShowsTheOutgoingScreenInsideTheCircle() throws {
        let scene = EffectScene()
        let frame = try scene.frame(Iris(), .push, progress: 0.25)
        let untouched = try scene.untouched(.push)
        let cx = frame.width / 2, cy = frame.height / 2
        #expect(frame.pixel(x: cx, y: cy) == untouched.pixel(x: cx, y: cy))
        for (x, y) in [(0, 0), (frame.width - 1, 0), (0, frame.height - 1), (frame.width - 1, frame.height - 1)] {
            #expect(frame.pixel(x: x, y: y) == RGBA8(r: 0, g: 0, b: 0, a: 255), "corner (\(x), \(y))")
        }
    }

    /// Looked at: at 0.25 of a push, the checkerboard of the outgoing screen in a circle on black.
    @Test func pushAtAQuarterLooksRight() throws {
        expectGolden(try EffectScene().frame(Iris(), .push, progress: 0.25), named: "IrisTests/push.p0.25")
    }

    /// Looked at: at 0.75 of a pop, the stripes of the incoming screen in a circle on black.
    @Test func popAtThreeQuartersLooksRight() throws {
        expectGolden(try EffectScene().frame(Iris(), .pop, progress: 0.75), named: "IrisTests/pop.p0.75")
    }

    /// `irisPush` and `irisPop` change the stack after 0.5 s (30 frames at 60 Hz) and complete once with true.
    @Test func categoryPushAndPop() throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 120, height: 200), frameClock: clock)
        let root = ViewController(title: "root"), detail = ViewController(title: "detail")
        let nav = NavigationController(rootViewController: root)
        window.rootViewController = nav
        var completions: [Bool] = []
        nav.irisPush(detail) { completions.append($0) }
        #expect((30...31).contains(clock.runUntilIdle()))
        #expect(nav.viewControllers.map(\.title) == ["root", "detail"])
        nav.irisPop { completions.append($0) }
        #expect((30...31).contains(clock.runUntilIdle()))
        #expect(nav.viewControllers.map(\.title) == ["root"])
        #expect(completions == [true, true])
    }

    /// `enableIrisSwipe`: a left-edge swipe to 70 % of the width pops, one to 30 % cancels;
    /// `disableIrisSwipe` removes it, after which the same swipe does nothing.
    @Test func edgeSwipePopsThroughTheIris() throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 120, height: 200), frameClock: clock)
        let nav = NavigationController(rootViewController: ViewController(title: "root"))
        window.rootViewController = nav
        nav.push(ViewController(title: "a"), animated: false)
        nav.push(ViewController(title: "b"), animated: false)
        nav.enableIrisSwipe()
        #expect(window.replay(SyntheticTrace.edgeSwipe(in: window.size, to: 0.3), on: clock).reachedIdle)
        #expect(nav.viewControllers.map(\.title) == ["root", "a", "b"])
        #expect(window.replay(SyntheticTrace.edgeSwipe(in: window.size, to: 0.7), on: clock).reachedIdle)
        #expect(nav.viewControllers.map(\.title) == ["root", "a"])
        nav.disableIrisSwipe()
        #expect(nav.interactivePopController == nil)
        #expect(window.replay(SyntheticTrace.edgeSwipe(in: window.size, to: 0.7), on: clock).reachedIdle)
        #expect(nav.viewControllers.map(\.title) == ["root", "a"])
    }

    /// The registry makes `iris` by name with a parameter given as text.
    @Test func registersByName() throws {
        var registry = EffectRegistry()
        try registry.register(Iris.self)
        let made = try registry.makeEffect(named: "iris", settings: ["duration": "0.8"])
        #expect(made as? Iris == Iris(duration: 0.8))
    }
}
