import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// `ViewController.transitionCoordinator`: who has it and when, its read-only values,
/// `notifyWhenInteractionChanges`, completions of gesture-started pops, and its lifetime.
/// Expected release values are the fixture traces' closed forms
/// (Tests/Fixtures/traces/README.md, 320 pt wide: progress = translation / 320, velocity in
/// progress per second = pt/s ÷ 320).
@MainActor
@Suite struct TransitionCoordinatorTests {
    /// Nil outside transitions; during an animated push the same object on the navigation
    /// controller, the leaving and the arriving view controller, from `willShow` through the
    /// will-appearance callbacks and every frame; nil again in the did-appearance callbacks,
    /// the request's completion and after. A push without animation has none.
    @Test func coordinatorOnlyWhileAnAnimatedTransitionRuns() {
        let s = CoordinatorScene(pushA: false)
        #expect(s.nc.transitionCoordinator == nil && s.scene.root.transitionCoordinator == nil)
        var inAppearance: [String] = []
        s.a.appearanceObserver = { vc, callback in inAppearance.append("\(callback) \(vc.transitionCoordinator != nil)") }
        var inCompletion: Bool?
        s.nc.perform(.push(s.a), animated: true, transition: TransitionOverride(animator: RecordingAnimator(duration: 0.3))) { _ in
            inCompletion = s.nc.transitionCoordinator != nil
        }
        let coordinator = s.observer.last
        #expect(s.observer.seen == [true] && coordinator != nil)
        #expect(s.nc.transitionCoordinator === coordinator && s.a.transitionCoordinator === coordinator)
        #expect(s.scene.root.transitionCoordinator === coordinator)
        #expect(coordinator?.operation == .push && coordinator?.presentationStyle == nil && coordinator?.containerView === s.nc.view)
        #expect(coordinator?.viewController(forKey: .from) === s.scene.root && coordinator?.viewController(forKey: .to) === s.a)
        #expect(coordinator?.view(forKey: .to) === s.a.view)
        #expect(coordinator?.isAnimated == true && coordinator?.transitionDuration == 0.3)
        #expect(coordinator?.isInteractive == false && coordinator?.initiallyInteractive == false && coordinator?.isInterruptible == false)
        s.scene.clock.advance(frames: 9)
        #expect(s.a.transitionCoordinator === coordinator)
        #expect(isApproximatelyEqual(Double(coordinator?.percentComplete ?? -1), 0.5, absolute: 1e-9))  // 9 of 18 frames
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(inAppearance == ["viewWillAppear(animated: true) true", "viewDidAppear(animated: true) false"])
        #expect(inCompletion == false)
        #expect(s.nc.transitionCoordinator == nil && s.a.transitionCoordinator == nil && s.scene.root.transitionCoordinator == nil)
        s.nc.push(s.scene.makeViewController("B"), animated: false)
        #expect(s.observer.seen == [true, false])
    }

    /// A modal presentation: the presenter (the navigation controller), the view controller in
    /// its stack and the presented one share the coordinator, with the presented one's style.
    @Test func presentationHasACoordinator() {
        let s = CoordinatorScene(pushA: false)
        let modal = s.scene.makeViewController("M")
        modal.modalPresentationStyle = .overFullScreen
        s.nc.present(modal, animated: true)
        let coordinator = modal.transitionCoordinator
        #expect(coordinator != nil && s.nc.transitionCoordinator === coordinator && s.scene.root.transitionCoordinator === coordinator)
        #expect(coordinator?.operation == .present && coordinator?.presentationStyle == .overFullScreen)
        #expect(coordinator?.containerView === s.scene.window.rootView)
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(modal.transitionCoordinator == nil && s.nc.transitionCoordinator == nil)
        modal.dismiss(animated: true)
        #expect(modal.transitionCoordinator?.operation == .dismiss && modal.transitionCoordinator === s.nc.transitionCoordinator)
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(modal.transitionCoordinator == nil)
    }

    /// One interaction-change call per release, with the decision and the values at release.
    struct Release: Sendable, CustomTestStringConvertible {
        var trace: String
        var cancelled: Bool
        var percent: Double
        var velocity: Double
        var testDescription: String { trace }
    }

    nonisolated static let releases: [Release] = [
        Release(trace: "slow-drag", cancelled: false, percent: 303.0 / 320, velocity: 0),
        Release(trace: "flick", cancelled: false, percent: 48.0 / 320, velocity: 800.0 / 320),
        Release(trace: "reversal", cancelled: true, percent: 32.0 / 320, velocity: 0),
        Release(trace: "system-cancel", cancelled: true, percent: 192.0 / 320, velocity: 300.0 / 320),
    ]

    @Test(arguments: releases)
    func notifyWhenInteractionChangesOncePerRelease(_ release: Release) throws {
        let s = CoordinatorScene()
        var calls: [(cancelled: Bool, interactive: Bool, percent: CGFloat, velocity: CGFloat)] = []
        s.observer.onWillShow = { coordinator in
            #expect(coordinator?.isInteractive == false)  // not started yet in willShow
            coordinator?.notifyWhenInteractionChanges { context in
                calls.append((context.isCancelled, context.isInteractive, context.percentComplete, context.completionVelocity))
            }
        }
        #expect(try s.replay(release.trace).reachedIdle)
        #expect(calls.count == 1)
        #expect(calls.first?.cancelled == release.cancelled && calls.first?.interactive == false)
        #expect(isApproximatelyEqual(Double(calls.first?.percent ?? -1), release.percent, absolute: 1e-9))
        // Velocities within the traces' rounding (1e-4 pt/s) over 320 pt.
        #expect(isApproximatelyEqual(Double(calls.first?.velocity ?? -1), release.velocity, absolute: 1e-6))
        #expect(s.scene.stackTitles == (release.cancelled ? ["root", "A"] : ["root"]))
    }

    /// Re-grab (`regrab-edge`): released at 0.3 at rest (cancel), caught during the run-out,
    /// released again past half-way (finish): one call per release, none at the re-grab.
    @Test func notifyAtEachReleaseAfterARegrab() throws {
        let s = CoordinatorScene()
        var calls: [(cancelled: Bool, percent: CGFloat)] = []
        var initiallyInteractive: [Bool] = []
        s.observer.onWillShow = { coordinator in
            coordinator?.notifyWhenInteractionChanges { context in
                calls.append((context.isCancelled, context.percentComplete))
                initiallyInteractive.append(context.initiallyInteractive && context.isInterruptible)
            }
        }
        #expect(try s.replay("regrab-edge").reachedIdle)
        #expect(calls.map(\.cancelled) == [true, false] && initiallyInteractive == [true, true])
        #expect(isApproximatelyEqual(Double(calls.first?.percent ?? -1), 0.3, absolute: 1e-9))
        #expect((calls.last?.percent ?? 0) > 0.5 && s.scene.stackTitles == ["root"])
    }

    /// Display-link driven (`.displayLinkDriven()`): its linear run-out is the driver's, like
    /// a percent-driven one's, so the one call comes at the release with the progress on
    /// screen then: `slow-drag`'s 303 pt of 320 (the percent-driven case above), not finished.
    @Test func displayLinkDrivenNotifiesAtTheRelease() throws {
        let s = CoordinatorScene()
        s.nc.interactivePopController?.mode = .displayLinkDriven()
        var calls: [(cancelled: Bool, percent: CGFloat)] = []
        s.observer.onWillShow = { coordinator in
            coordinator?.notifyWhenInteractionChanges { calls.append(($0.isCancelled, $0.percentComplete)) }
        }
        #expect(try s.replay("slow-drag").reachedIdle)
        #expect(calls.count == 1 && calls.first?.cancelled == false)
        #expect(isApproximatelyEqual(Double(calls.first?.percent ?? -1), 303.0 / 320, absolute: 1e-9))
        #expect(s.scene.stackTitles == ["root"])
    }

    /// A time-based push never calls the interaction-change handler; its completion runs.
    @Test func neverNotifiedForAnAnimatedPush() {
        let s = CoordinatorScene(pushA: false)
        var calls = 0
        var completions: [Bool] = []
        s.observer.onWillShow = { coordinator in
            coordinator?.notifyWhenInteractionChanges { _ in calls += 1 }
            coordinator?.animate(alongsideTransition: nil) { completions.append($0.isCancelled) }
        }
        s.nc.push(s.a)
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(calls == 0 && completions == [false] && s.scene.stackTitles == ["root", "A"])
    }

    /// How an app learns whether an edge swipe popped: it reads the navigation controller's
    /// coordinator in `willShow` and registers a completion: true after `slow-drag` (popped),
    /// false after `reversal` (cancelled), matching the stack.
    @Test func edgeSwipeCompletionLearnedThroughTheCoordinator() throws {
        let s = CoordinatorScene()
        var popped: [Bool] = []
        s.observer.onWillShow = { coordinator in
            coordinator?.animate(alongsideTransition: nil) { context in popped.append(!context.isCancelled) }
        }
        #expect(try s.replay("reversal").reachedIdle)
        #expect(popped == [false] && s.scene.stackTitles == ["root", "A"])
        #expect(try s.replay("slow-drag").reachedIdle)
        #expect(popped == [false, true] && s.scene.stackTitles == ["root"])
    }

    /// How a presented screen learns whether a drag dismissed it: in its `viewWillDisappear`
    /// (the appearance observer) it reads its coordinator and registers a completion; an
    /// interactive dismissal cancelled at 0.3, then one finished at 0.8 (the path a drag
    /// dismissal takes: `dismiss` with an interaction controller) report false, then true.
    @Test func dragDismissalCompletionLearnedInViewWillDisappear() {
        let s = CoordinatorScene(pushA: false)
        let modal = s.scene.makeViewController("M")
        modal.modalPresentationStyle = .overFullScreen
        s.nc.present(modal, animated: false)
        var dismissed: [Bool] = []
        modal.appearanceObserver = { vc, callback in
            guard callback == .viewWillDisappear(animated: true), vc.presentingViewController != nil else { return }
            vc.transitionCoordinator?.animate(alongsideTransition: nil) { dismissed.append(!$0.isCancelled) }
        }
        for (progress, finish) in [(0.3, false), (0.8, true)] {
            let interaction = PercentDrivenInteractiveTransition()
            modal.dismiss(animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction))
            interaction.update(progress)
            interaction.release(finish: finish, velocity: 0)
            #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        }
        #expect(dismissed == [false, true] && s.nc.presentedViewController == nil)
    }

    /// L1 for the coordinator: after a time-based push, a cancelled interactive pop and a
    /// present, the coordinator, the driver and what the handlers captured are freed; a
    /// coordinator the app keeps reports the outcome and refuses new work.
    @Test func coordinatorAndDriverFreedAfterTheEnd() throws {
        final class Token {}
        let s = CoordinatorScene(pushA: false)
        let watched = WeakReferences()
        func register(_ coordinator: TransitionCoordinator?, _ label: String) {
            let token = Token()
            watched.add(token, "\(label) handler capture")
            coordinator?.animate(alongsideTransition: { _ in _ = token }, completion: { _ in _ = token })
            coordinator?.notifyWhenInteractionChanges { _ in _ = token }
        }
        do {
            s.nc.push(s.a)
            watched.add(s.nc.transitionCoordinator, "push coordinator")
            watched.add(s.driver, "push driver")
            register(s.nc.transitionCoordinator, "push")
        }
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        do {
            let interaction = PercentDrivenInteractiveTransition()
            s.nc.perform(.pop, animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction))
            watched.add(s.a.transitionCoordinator, "pop coordinator")
            watched.add(s.driver, "pop driver")
            register(s.a.transitionCoordinator, "pop")
            interaction.update(0.5)
            interaction.cancel()
        }
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        do {
            let modal = s.scene.makeViewController("M")
            s.nc.present(modal, animated: true)
            watched.add(modal.transitionCoordinator, "present coordinator")
            watched.add(s.driver, "present driver")
            register(modal.transitionCoordinator, "present")
        }
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(watched.count == 9 && watched.alive.isEmpty, "\(watched.alive)")
        // A kept coordinator: the outcome stays readable, nothing new is accepted.
        let interaction = PercentDrivenInteractiveTransition()
        s.nc.presentedViewController?.dismiss(
            animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction))
        let kept = try #require(s.nc.transitionCoordinator)
        interaction.update(0.25)
        interaction.cancel()
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(kept.isCancelled && kept.percentComplete == 0 && !kept.isInteractive)
        var late = 0
        #expect(kept.animate(alongsideTransition: { _ in late += 1 }, completion: { _ in late += 1 }) == false)
        kept.notifyWhenInteractionChanges { _ in late += 1 }
        s.nc.presentedViewController?.dismiss(animated: true)
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(late == 0 && s.nc.presentedViewController == nil)
    }
}
