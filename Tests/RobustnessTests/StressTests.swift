import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import ZoomEffect

/// A model-based stress test over every effect and container: on a `StressWorld` (a tab bar
/// controller of two navigation controllers, modals over it), random interleavings of
/// requests (push, pop, tab switch, present, dismiss; time-based and programmatically
/// interactive, made while others run), touches at random frames (edge swipes and pans
/// down: slow drags, flicks released in the first frames, reversals, system cancels, a
/// second finger landing mid-drag, a touch during the run-out), window resizes, parameter
/// changes (the effects of the next requests and the installed gestures' configurations) and
/// random frame counts, checked after every step against the model: each tab's stack, the
/// selected tab and the presented modal change exactly when a completion says true (a
/// gesture's pop or drag either happens or not), every completion comes exactly once, no
/// display link runs once idle, every layer is back at rest (opaque, shown, untransformed,
/// unmasked), no frame has a non-finite layer property; at the end of each sequence nothing
/// created along the way (view controllers, animators, delegates, controllers) is alive.
///
/// Seeded (`TestBudget`): `TRANSITIONKIT_SEED` picks the run seed, each sequence has its own
/// seed (a failure names it; `TRANSITIONKIT_CASE_SEED=0x…` reruns that sequence alone). CI
/// runs 200 sequences of 40 steps; `TRANSITIONKIT_STRESS_SEQUENCES=N` runs N (a long run:
/// 20000 sequences). Window releases come at random frames (2 steps in 100; about three
/// sequences in five end with one): everything running or waiting then completes once, no display
/// link is left, and the window, its controllers and what they showed are freed.
@MainActor
@Suite struct StressTests {
    static let runSeed: UInt64 = 0x57E5_5000_0000_2026
    static let stepsPerSequence = 40

    /// The effects requests pick from per operation (configurations vary: the parameter
    /// changes of the test).
    static func navigationEffect(_ g: inout SplitMix64) -> any TransitionEffect {
        let duration = g.pick([0.0, 0.1, 0.3])
        switch g.index(8) {
        case 0: return Radial(duration: duration, popStyle: g.chance(0.5) ? .reveal : .conceal)
        case 1: return Fade(duration: duration, style: g.chance(0.5) ? .crossDissolve : .through)
        case 2: return PushBack3D()
        case 3: return Zoom(source: g.chance(0.5) ? .none : .thumbnail(Zoom.Thumbnail()))
        case 4: return ParallelEffect(Radial(duration: duration), Fade(duration: duration))
        case 5: return SequentialEffect(PushBack3D(), Fade(), split: 0.4)
        case 6: return StaggeredEffect(Fade(duration: duration))
        default: return Fade(duration: duration)
        }
    }

    static func tabEffect(_ g: inout SplitMix64) -> any TransitionEffect {
        switch g.index(4) {
        case 0: return Radial()
        case 1: return PushBack3D()
        case 2: return ParallelEffect(Radial(), Fade())
        default: return Fade(duration: g.pick([0.0, 0.2]))
        }
    }

    /// Presents with a random modal effect (generic: the delegate is typed).
    static func present(_ g: inout SplitMix64, on world: StressWorld) -> String {
        switch g.index(5) {
        case 0: world.present(DragDismiss(direction: g.pick([.bottom, .left, .right])))
        case 1: world.present(Zoom())
        case 2: world.present(Fade())
        case 3: world.present(ParallelEffect(DragDismiss(), Fade()))
        default: world.present(StaggeredEffect(Fade()))
        }
        return "present"
    }

    /// One random step on `world`, described.
    static func randomStep(_ g: inout SplitMix64, on world: StressWorld) -> String {
        let interactiveFree = world.interaction == nil
        switch g.index(100) {
        case 0..<14:
            let interactive = interactiveFree && g.chance(0.3)
            world.push(navigationEffect(&g), interactive: interactive)
            return "push\(interactive ? " interactive" : "")"
        case 14..<26:
            let interactive = interactiveFree && g.chance(0.4)
            world.pop(navigationEffect(&g), interactive: interactive)
            return "pop\(interactive ? " interactive" : "")"
        case 26..<32:
            let index = g.index(2)
            world.select(index, tabEffect(&g))
            return "select \(index)"
        case 32..<38:
            return present(&g, on: world)
        case 38..<43:
            let interactive = interactiveFree && g.chance(0.5)
            world.dismiss(interactive: interactive)
            return "dismiss\(interactive ? " interactive" : "")"
        case 43..<50:
            let p = CGFloat(g.index(11)) / 10
            world.update(p)
            return "update \(p)"
        case 50..<55:
            let finish = g.chance(0.5)
            world.endInteraction(finish: finish)
            return finish ? "finish" : "cancel"
        case 55..<72:
            return touch(&g, on: world)
        case 72..<77:
            let size = CGSize(width: CGFloat(200 + g.index(300)), height: CGFloat(300 + g.index(500)))
            world.resize(to: size)
            return "resize \(size.width)x\(size.height)"
        case 77..<81:
            world.installGestures(radial: Radial(duration: g.pick([0.1, 0.33]), popStyle: g.chance(0.5) ? .reveal : .conceal), zoom: Zoom())
            return "reinstall gestures"
        case 81..<83:
            world.releaseWindow()
            return "release the window"
        default:
            let n = g.pick([1, 2, 5, 20, 60])
            world.advance(n)
            return "\(n) frames"
        }
    }

    /// A random touch: an edge swipe (tab 0's radial pop), a pan down (tab 1's zoom pop or a
    /// modal's drag to dismiss), as a slow drag, a flick released in the first frames, a
    /// reversal; lifted or cancelled by the system; sometimes with a second finger, sometimes
    /// followed at once by another touch (during the run-out).
    static func touch(_ g: inout SplitMix64, on world: StressWorld) -> String {
        let y = CGFloat(100 + g.index(300))
        let edge = g.chance(0.5)
        let start = edge ? CGPoint(x: 2, y: y) : CGPoint(x: 160, y: 60)
        let far = edge ? CGPoint(x: CGFloat(20 + g.index(280)), y: y) : CGPoint(x: 160, y: CGFloat(80 + g.index(380)))
        var points = [start, far]
        let kind = g.index(4)
        var speed = CGFloat(g.pick([300, 900, 3000]))
        switch kind {
        case 1:
            // A flick released within its first frames.
            points = [start, CGPoint(x: start.x + (far.x - start.x) * 0.1, y: start.y + (far.y - start.y) * 0.1)]
            speed = 4000
        case 2: points.append(CGPoint(x: (start.x + far.x) / 2, y: (start.y + far.y) / 2))  // reversal
        default: break
        }
        let end: TouchPhase = g.chance(0.2) ? .cancelled : .ended
        let extra = g.chance(0.15) ? 2 + g.index(6) : nil
        world.touch(points, speed: speed, end: end, extraFingerAt: extra)
        var text = "\(edge ? "edge swipe" : "pan down") \(["drag", "flick", "reversal", "drag"][kind]) to \(far) at \(speed) pt/s, \(end)"
        if extra != nil { text += ", second finger" }
        if kind == 3 {
            world.advance(g.pick([1, 3]))
            world.touch([far, start], speed: 1500, end: .ended)
            text += ", touched again during the run-out"
        }
        return text
    }

    /// Runs one sequence; returns its steps and the world.
    static func run(seed: UInt64) -> (steps: [String], world: StressWorld) {
        var g = SplitMix64(seed: seed)
        let world = StressWorld()
        var steps: [String] = []
        for _ in 0..<stepsPerSequence {
            steps.append(randomStep(&g, on: world))
            world.check()
            if !world.issues.isEmpty || world.window == nil { break }
        }
        if world.window != nil && world.issues.isEmpty { world.tearDown() }
        return (steps, world)
    }

    /// A sequence that ends with "release the window", checked: no issue, nothing alive.
    static func expectWindowReleaseKeepsTheModel(seed: UInt64) {
        let (steps, world) = run(seed: seed)
        #expect(steps.last == "release the window", "\(steps)")
        #expect(world.issues == [], "\(world.issues)")
        #expect(world.survivors == [], "\(world.survivors)")
    }

    /// The sequences the stress test found failing once window releases were on: the window
    /// released while a push (or a pop, an interactive push) runs and a present or a dismiss
    /// waits; the waiting request held the window, so nothing ended: completions never came
    /// and the window, its tab bar controller and navigation controllers lived on (U10).
    @Test func windowReleasedMidTransition_seed0x29ee794699081791() {
        Self.expectWindowReleaseKeepsTheModel(seed: 0x29ee_7946_9908_1791)
    }

    @Test func windowReleasedMidTransition_seed0x78d2e62218e8b13a() {
        Self.expectWindowReleaseKeepsTheModel(seed: 0x78d2_e622_18e8_b13a)
    }

    @Test func windowReleasedMidTransition_seed0xbdd4cc695783f470() {
        Self.expectWindowReleaseKeepsTheModel(seed: 0xbdd4_cc69_5783_f470)
    }

    @Test func randomInterleavingsKeepTheModel() {
        let count = TestBudget.count("TRANSITIONKIT_STRESS_SEQUENCES", ciDefault: 200)
        let runSeed = TestBudget.seed(fallback: Self.runSeed)
        let start = Date()
        var totals = (steps: 0, frames: 0, requests: 0, touches: 0, releases: 0)
        var failures: [String] = []
        for index in 0..<count {
            let seed = TestBudget.caseSeed(run: runSeed, index: index)
            let (steps, world) = Self.run(seed: seed)
            totals = (
                totals.steps + steps.count, totals.frames + world.frames, totals.requests + world.requests, totals.touches + world.touches,
                totals.releases + (world.window == nil ? 1 : 0)
            )
            let issues = world.issues + (world.issues.isEmpty ? world.survivors.map { "alive at the end: \($0)" } : [])
            if !issues.isEmpty {
                let lines = steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
                failures.append(
                    "sequence seed 0x\(String(seed, radix: 16)) (TRANSITIONKIT_CASE_SEED): \(issues.prefix(3).joined(separator: "; "))\n\(lines)")
                if failures.count >= 3 { break }
            }
        }
        print(
            "StressTests: \(count) sequences, \(totals.steps) steps, \(totals.frames) frames, \(totals.requests) requests, "
                + "\(totals.touches) touches, \(totals.releases) window releases in \(String(format: "%.1f", Date().timeIntervalSince(start))) s; "
                + "run seed 0x\(String(runSeed, radix: 16))")
        #expect(failures.isEmpty, "\(failures.count) failing sequences; first: \(failures.first ?? "")")
        // The run must reach what it claims to stress (when it ran to the end).
        guard failures.isEmpty, TestBudget.rerunCaseSeed == nil else { return }
        #expect(totals.steps >= count * Self.stepsPerSequence / 2 && totals.requests > count && totals.touches > count)
        #expect(totals.releases >= count / 4, "\(totals.releases) window releases in \(count) sequences")
    }
}
