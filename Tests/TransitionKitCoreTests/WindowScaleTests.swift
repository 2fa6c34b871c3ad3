import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// Scenario R1 for a scale change (Documentation/Scenarios.md): `Window.resize(to:scale:)` is
/// the window's one container change, so a window moved mid-transition to a display of
/// another density (with or without a size change) goes on as the same transition started in
/// the new container at the same progress. Expected values: the layers of that fresh
/// transition (Core's `SlideAnimator`, UIKit's push slide), frame for frame and at the end,
/// and the progress the animator was given (RecordingAnimator, linear over 0.3 s: elapsed /
/// 0.3, the same values as without the change: layers are in points, a scale alone moves none).
@MainActor
@Suite struct WindowScaleTests {
    static let size = CGSize(width: 320, height: 480), large = CGSize(width: 768, height: 1024)

    /// `[root]` pushing A with `animator` in a window of `size` at `scale`.
    func pushing(size: CGSize, scale: CGFloat, _ animator: any AnimatedTransitioning) -> TestScene {
        let scene = TestScene(size: size, scale: scale)
        let a = scene.makeViewController("A")
        scene.navigationController.perform(.push(a), animated: true, transition: TransitionOverride(animator: animator))
        return scene
    }

    func differences(_ a: TestScene, _ b: TestScene) -> [String] {
        layerStateDifferences(layerState(a.window.rootView.layer), layerState(b.window.rootView.layer))
    }

    /// A slide push at scale 1 moved to scale 3 (size kept, or also resized to 768x1024) at
    /// 0.1 s: right after, at 0.2 s and at the end the layers equal those of the push started
    /// at scale 3 in the new container, and the window ends at the new scale and size.
    @Test(arguments: [false, true])
    func R1_scaleChangeMidTransitionMatchesFreshTransition(alsoResized: Bool) throws {
        let newSize = alsoResized ? Self.large : Self.size
        let scene = pushing(size: Self.size, scale: 1, SlideAnimator())
        let fresh = pushing(size: newSize, scale: 3, SlideAnimator())
        scene.clock.advance(by: 0.1)
        fresh.clock.advance(by: 0.1)
        #expect(scene.navigationController.isTransitioning)
        scene.window.resize(to: newSize, scale: 3)
        #expect(scene.window.scale == 3 && scene.window.size == newSize)
        #expect(differences(scene, fresh) == [], "right after the change")
        scene.clock.advance(by: 0.1)
        fresh.clock.advance(by: 0.1)
        #expect(differences(scene, fresh) == [], "0.1 s after the change")
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000 && fresh.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(differences(scene, fresh) == [], "at the end")
        #expect(scene.stackTitles == ["root", "A"])
        #expect(scene.window.scale == 3 && scene.window.size == newSize)
        let top = try #require(scene.navigationController.viewControllers.last)
        #expect(top.view.frame == CGRect(origin: .zero, size: newSize))
    }

    /// The animator goes on through a scale change as if there were none: 6 frames of 1/60 s
    /// before it (progress k/18, 1/3 at 0.1 s), then the rest, the same values as a push
    /// without the change (neither restarted nor driven again: nothing in points changed); it
    /// ends once, finished.
    @Test func R1_theAnimatorGoesOnThroughAScaleChange() {
        let changed = RecordingAnimator(), plain = RecordingAnimator()
        let scene = pushing(size: Self.size, scale: 1, changed)
        let unchanged = pushing(size: Self.size, scale: 1, plain)
        scene.clock.advance(by: 0.1)
        unchanged.clock.advance(by: 0.1)
        scene.window.resize(to: Self.size, scale: 2)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000 && unchanged.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(plain.progressLog.count == 19 && isApproximatelyEqual(Double(plain.progressLog[6]), 1.0 / 3, absolute: 1e-9))
        #expect(changed.progressLog == plain.progressLog)
        #expect(changed.endedLog == [true] && plain.endedLog == [true])
        #expect(scene.stackTitles == ["root", "A"] && scene.window.scale == 2)
    }

    /// A scale read from outside that the window refuses (9, 0.25, NaN) throws naming it and
    /// leaves the window's size and scale as they were.
    @Test func aRefusedScaleLeavesTheWindowAsItWas() {
        let scene = TestScene(size: Self.size, scale: 2)
        for bad: CGFloat in [9, 0.25, .nan] {
            #expect(throws: TransitionKitError.self) { try scene.window.resize(validatingSize: Self.large, scale: bad) }
            #expect(scene.window.scale == 2 && scene.window.size == Self.size)
        }
        #expect(throws: TransitionKitError.self) { try scene.window.resize(validatingSize: CGSize(width: 0, height: 10), scale: 3) }
        #expect(scene.window.scale == 2)
    }
}
