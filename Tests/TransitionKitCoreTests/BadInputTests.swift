import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Bad input from outside is rejected with a typed error naming the value; programmer errors
/// trap with a precondition naming the value (checked with exit tests).
@MainActor
@Suite struct BadInputTests {
    @Test(arguments: [Double.nan, .infinity, -1, 0, 2_000_000])
    func clockRateRejected(rate: Double) {
        #expect(throws: TransitionKitError.self) { _ = try ManualFrameClock(validatingFramesPerSecond: rate) }
        #expect(throws: TransitionKitError.self) { _ = try RealTimeFrameClock(validatingFramesPerSecond: rate) }
    }

    /// The error rule: a literal argument out of range is a programmer error and traps; the
    /// validating initialisers above take input from outside and throw.
    @Test func literalArgumentsOutOfRangeTrap() async {
        await #expect(processExitsWith: .failure) { await MainActor.run { _ = ManualFrameClock(framesPerSecond: 0) } }
        await #expect(processExitsWith: .failure) { await MainActor.run { _ = RealTimeFrameClock(framesPerSecond: 2000) } }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = Window(size: CGSize(width: 0, height: 10), frameClock: ManualFrameClock()) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = Window(size: CGSize(width: 10, height: 10), scale: 0, frameClock: ManualFrameClock()) }
        }
        await #expect(processExitsWith: .failure) { _ = Bitmap(width: 0, height: 1) }
        await #expect(processExitsWith: .failure) { _ = Bitmap(width: 1, height: Bitmap.maximumDimension + 1) }
    }

    @Test(arguments: [
        CGSize(width: CGFloat.nan, height: 10), CGSize(width: 10, height: CGFloat.infinity), CGSize(width: -1, height: 10),
        CGSize(width: 0, height: 0),
    ])
    func windowSizeRejected(size: CGSize) throws {
        let clock = ManualFrameClock()
        #expect(throws: TransitionKitError.self) { _ = try Window(validatingSize: size, frameClock: clock) }
        let w = Window(size: CGSize(width: 10, height: 10), frameClock: clock)
        #expect(throws: TransitionKitError.self) { try w.resize(validatingSize: size) }
        #expect(w.size == CGSize(width: 10, height: 10))
    }

    /// Sizes as a literal `resize(to:)` are a programmer error: it traps naming the size (finite
    /// cases only: an exit test's captures are JSON-encoded, which has no nan or inf).
    @Test(arguments: [CGSize(width: -1, height: 10), CGSize(width: 0, height: 0), CGSize(width: 10, height: 2e9)])
    func windowResizeTraps(size: CGSize) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [size] in
            await MainActor.run { Window(size: CGSize(width: 10, height: 10), frameClock: ManualFrameClock()).resize(to: size) }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("window size") && message.contains("\(size.width)"), "\(message)")
    }

    @Test func windowScaleRejected() throws {
        let clock = ManualFrameClock()
        for s in [CGFloat.nan, 0, -2, .infinity] {
            #expect(throws: TransitionKitError.self) { _ = try Window(validatingSize: CGSize(width: 10, height: 10), scale: s, frameClock: clock) }
        }
    }

    @Test func bitmapSizeRejected() {
        for (w, h) in [(0, 1), (1, 0), (-5, 5), (16385, 1), (1, 100_000)] {
            #expect(throws: TransitionKitError.self) { _ = try Bitmap(validatingWidth: w, height: h) }
        }
        #expect(throws: TransitionKitError.self) { _ = try Bitmap(width: 2, height: 2, packedBytes: [0, 0, 0]) }
    }

    @Test func percentDrivenIgnoresNonFiniteProgress() {
        let p = PercentDrivenInteractiveTransition()
        p.update(0.4)
        p.update(.nan)
        p.update(.infinity)
        #expect(p.percentComplete == 0.4)
        p.update(7)
        #expect(p.percentComplete == 1)
    }

    // A NaN, infinite or negative animator duration no longer traps: the transition is
    // refused (`ClosureAnimatorTests.badDurationRefuses`).

    @Test func zeroCompletionSpeedTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { PercentDrivenInteractiveTransition().completionSpeed = 0 }
        }
    }

    @Test func perspectiveDistanceTraps() async {
        await #expect(processExitsWith: .failure) { _ = Transform3D.perspective(distance: 0) }
        await #expect(processExitsWith: .failure) { _ = Transform3D.perspective(distance: .nan) }
    }
}

/// Inputs found by trying to break the package (each was a crash, hang or silent NaN).
@MainActor
@Suite struct BreakerRegressionTests {
    @Test func springValidatingInitsRejectExtremes() {
        #expect(throws: TransitionKitError.self) { _ = try Spring(validatingResponse: 1e-300, dampingRatio: 1) }
        #expect(throws: TransitionKitError.self) { _ = try Spring(validatingResponse: 1e300, dampingRatio: 1) }
        #expect(throws: TransitionKitError.self) { _ = try Spring(validatingDuration: 1e-300, bounce: 0) }
        #expect(throws: TransitionKitError.self) { _ = try Spring(validatingMass: 1e-300, stiffness: 1e300, damping: 1) }
        #expect(throws: TransitionKitError.self) { _ = try CubicBezier(validatingX1: 0, y1: 1e308, x2: 1, y2: -1e308) }
    }

    @Test func percentDrivenCanBeReused() {
        let scene = TestScene()
        let interaction = PercentDrivenInteractiveTransition()
        for (title, finish) in [("A", true), ("B", true)] {
            scene.navigationController.perform(
                .push(scene.makeViewController(title)), animated: true,
                transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction))
            interaction.update(0.5)
            finish ? interaction.finish() : interaction.cancel()
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        }
        #expect(scene.stackTitles == ["root", "A", "B"] && scene.navigationController.transitionQueue.isIdle)
    }

    /// G3 variant: a transition cancelled after a resize leaves the on-screen view filling the
    /// new bounds.
    @Test func G3_cancelAfterResizeFillsNewBounds() throws {
        let scene = TestScene()
        let interaction = PercentDrivenInteractiveTransition()
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction))
        interaction.update(0.3)
        scene.window.resize(to: CGSize(width: 480, height: 320))
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.root.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
    }

    @Test func presentingAViewControllerAlreadyOnScreenIsRefused() {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        var log: [Bool] = []
        scene.navigationController.present(modal, animated: false) { log.append($0) }
        modal.present(scene.navigationController, animated: false) { log.append($0) }  // a cycle
        #expect(log == [true, false] && modal.presentedViewController == nil)
    }

    @Test func replacingTheRootWhilePresentingTearsDownTheChain() {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        scene.navigationController.present(modal, animated: false)
        let other = ViewController(title: "other")
        scene.window.rootViewController = other
        #expect(modal.appearanceState == .disappeared && modal.view.superview == nil && scene.navigationController.presentedViewController == nil)
        #expect(scene.navigationController.appearanceState == .disappeared && other.appearanceState == .appeared)
    }

    @Test func programmerErrorsTrapWithAMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let l = Layer(); l.mask = l
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let l = Layer(); l.position = CGPoint(x: CGFloat.nan, y: 0)
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let root = Layer()
                var node = root
                for _ in 0..<300 { let child = Layer(); node.addSublayer(child); node = child }
                withExtendedLifetime(root) {}
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let scene = TestScene()
                scene.navigationController.setViewControllers([scene.navigationController], animated: false)
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = InteractionPolicy(directionAware: false, positionCounts: false) }
        }
    }
}
