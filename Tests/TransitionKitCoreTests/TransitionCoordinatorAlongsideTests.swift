import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// `TransitionCoordinator.animate(alongsideTransition:completion:)` and
/// `animateAlongsideTransition(in:animation:completion:)`: a navigation-bar-like title
/// cross-fade (old title 1 − p, new title p, `TitleBar.crossFade`) run with pushes and pops.
/// Expected per-frame values: the driver's progress at each frame and, for the time-based
/// push, the closed form of the linear 0.3 s animator at 60 Hz (frame k at k/18).
@MainActor
@Suite struct TransitionCoordinatorAlongsideTests {
    /// An animated push with a linear 0.3 s animator, the cross-fade registered in `willShow`:
    /// called once at the start with progress 0, then once per frame after the animator, with
    /// the bar's opacities 1 − p and p of the driver's progress p = k/18 at frame k; finished,
    /// the last frame's state (old title 0, new title 1) stays and the completion runs once.
    @Test func crossFadeAlongsidePushFrameByFrame() {
        let s = CoordinatorScene(pushA: false)
        var calls: [(progress: CGFloat, animatorCalls: Int)] = []
        var completions: [Bool] = []
        let animator = RecordingAnimator(duration: 0.3, timingCurve: .linear)
        s.observer.onWillShow = { coordinator in
            let registered = coordinator?.animateAlongsideTransition(
                in: s.bar.view,
                animation: { context in
                    calls.append((context.progress, animator.progressLog.count))
                    s.bar.crossFade(context)
                }, completion: { completions.append($0.isCancelled) })
            #expect(registered == true)
        }
        s.nc.perform(.push(s.a), animated: true, transition: TransitionOverride(animator: animator))
        // The start: the animator's frame at 0, then the closure's.
        #expect(calls.count == 1 && calls[0].progress == 0 && calls[0].animatorCalls == 1)
        #expect(s.bar.oldTitle.opacity == 1 && s.bar.newTitle.opacity == 0)
        var frame = 0
        while let driver = s.driver {
            s.scene.clock.step()
            frame += 1
            let p = driver.animatorProgress
            #expect(isApproximatelyEqual(Double(p), min(1, Double(frame) / 18), absolute: 1e-9), "frame \(frame)")
            #expect(s.bar.oldTitle.opacity == Float(1 - p) && s.bar.newTitle.opacity == Float(p), "frame \(frame)")
            #expect(s.bar.newTitle.position.x == 170 - 10 * p)
            #expect(calls.last?.progress == p && calls.last?.animatorCalls == animator.progressLog.count, "after the animator")
            #expect(frame < 100)
        }
        #expect(frame == 18 && calls.count == 19)
        #expect(calls.map(\.progress) == animator.progressLog)
        #expect(s.scene.stackTitles == ["root", "A"] && completions == [false])
        #expect(s.bar.oldTitle.opacity == 0 && s.bar.newTitle.opacity == 1 && s.bar.newTitle.position.x == 160 && !s.bar.newTitle.isHidden)
    }

    /// An interactive pop cancelled by the `reversal` trace (out to 0.5, back to 0.1, let go
    /// at rest): the bar moved with the finger, and after the cancel the bar and the whole
    /// window are exactly as before (layer records with identities, and the presentation
    /// snapshot); the completion learns the cancel.
    @Test func cancelledInteractivePopRestoresTitlesExactly() throws {
        let s = CoordinatorScene()
        let barBefore = layerRecord(s.bar.view.layer)
        let windowBefore = s.scene.window.snapshot()
        var progressSeen: [CGFloat] = []
        var driverProgress: [CGFloat] = []
        var completions: [Bool] = []
        s.observer.onWillShow = { coordinator in
            coordinator?.animateAlongsideTransition(
                in: s.bar.view,
                animation: { context in
                    progressSeen.append(context.progress)
                    driverProgress.append(s.driver?.animatorProgress ?? .nan)
                    s.bar.crossFade(context)
                }, completion: { completions.append($0.isCancelled) })
        }
        #expect(try s.replay("reversal").reachedIdle)
        #expect(progressSeen == driverProgress && progressSeen == s.animators[0].progressLog)
        #expect(isApproximatelyEqual(Double(progressSeen.max() ?? 0), 0.5, absolute: 1e-9))  // it did move the bar
        #expect(s.scene.stackTitles == ["root", "A"] && completions == [true])
        #expect(layerRecord(s.bar.view.layer) == barBefore)
        #expect(s.scene.window.snapshot() == windowBefore)
        #expect(s.bar.oldTitle.opacity == 1 && s.bar.newTitle.opacity == 0 && s.bar.newTitle.isHidden)
    }

    /// The same pop finished by the `slow-drag` trace: the bar keeps the final state.
    @Test func finishedInteractivePopKeepsFinalTitles() throws {
        let s = CoordinatorScene()
        var completions: [Bool] = []
        s.observer.onWillShow = { coordinator in
            coordinator?.animateAlongsideTransition(in: s.bar.view, animation: s.bar.crossFade) { completions.append($0.isCancelled) }
        }
        #expect(try s.replay("slow-drag").reachedIdle)
        #expect(s.scene.stackTitles == ["root"] && completions == [false])
        #expect(s.animators[0].progressLog.last == 1)
        #expect(s.bar.oldTitle.opacity == 0 && s.bar.newTitle.opacity == 1 && s.bar.newTitle.position.x == 160 && !s.bar.newTitle.isHidden)
    }

    /// `animate(alongsideTransition:)` records the container (the navigation controller's
    /// view): a toolbar inside it, moved, faded and given an extra layer by the closure, is
    /// put back exactly after a cancelled push; the two view controllers' views are the
    /// driver's and are restored too, so the window is as before.
    @Test func containerAlongsideRestoredAfterCancelledPush() {
        let s = CoordinatorScene(pushA: false)
        let toolbar = View(frame: CGRect(x: 0, y: 436, width: 320, height: 44), name: "toolbar")
        s.nc.view.addSubview(toolbar)
        let navBefore = layerRecord(s.nc.view.layer)
        let windowBefore = s.scene.window.snapshot()
        let interaction = PercentDrivenInteractiveTransition()
        s.nc.perform(.push(s.a), animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction))
        let registered = s.nc.transitionCoordinator?.animate(alongsideTransition: { context in
            toolbar.alpha = 1 - context.progress
            toolbar.transform3D = Transform3D(translationX: 0, y: 44 * context.progress)
            if toolbar.layer.sublayers.isEmpty { toolbar.layer.addSublayer(Layer(name: "badge")) }
        })
        #expect(registered == true)
        interaction.update(0.4)
        #expect(toolbar.layer.opacity == Float(1 - 0.4) && toolbar.layer.sublayers.count == 1)
        interaction.cancel()
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(s.scene.stackTitles == ["root"])
        #expect(layerRecord(s.nc.view.layer) == navBefore)
        #expect(s.scene.window.snapshot() == windowBefore)
    }

    /// Registered while the transition runs (an interactive pop at 0.4): the closure runs at
    /// once at the progress on screen, then with every update; the cancel puts the bar back as
    /// it was when the closure was registered.
    @Test func registeredWhileRunningStartsAtOnce() {
        let s = CoordinatorScene()
        let interaction = PercentDrivenInteractiveTransition()
        s.nc.perform(.pop, animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction))
        interaction.update(0.4)
        s.bar.view.alpha = 0.9  // the app's own change before registering: the state to return to
        let barAtRegistration = layerRecord(s.bar.view.layer)
        var seen: [CGFloat] = []
        s.a.transitionCoordinator?.animateAlongsideTransition(in: s.bar.view) { context in
            seen.append(context.progress)
            s.bar.crossFade(context)
        }
        #expect(seen == [0.4] && s.bar.newTitle.opacity == 0.4)
        interaction.update(0.7)
        #expect(seen == [0.4, 0.7])
        interaction.cancel()
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(seen.last == 0 && s.scene.stackTitles == ["root", "A"])
        #expect(layerRecord(s.bar.view.layer) == barAtRegistration)
    }

    /// A transition whose animator refuses to prepare: the closure never runs, the completion
    /// runs once with `isCancelled`, and the bar is untouched.
    @Test func refusedTransitionCompletesCancelled() {
        let s = CoordinatorScene(pushA: false)
        let barBefore = layerRecord(s.bar.view.layer)
        let animator = RecordingAnimator()
        animator.failPrepare = true
        var calls = 0
        var completions: [Bool] = []
        s.observer.onWillShow = { coordinator in
            coordinator?.animateAlongsideTransition(in: s.bar.view) { context in
                calls += 1
                s.bar.crossFade(context)
            } completion: {
                completions.append($0.isCancelled)
            }
        }
        var done: Bool?
        s.nc.perform(.push(s.a), animated: true, transition: TransitionOverride(animator: animator)) { done = $0 }
        #expect(done == false && completions == [true] && calls == 0)
        #expect(layerRecord(s.bar.view.layer) == barBefore && s.nc.transitionCoordinator == nil)
    }
}
