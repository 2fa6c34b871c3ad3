import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import EffectBenchKit

/// `effect-bench play` with the committed traces (320x480 window, closed forms in
/// Tests/Fixtures/traces/README.md): the default policy finishes a slow drag to 95 % and
/// cancels a flick back (D1), and a vertical drag at 101 pt/s released at 20 % cancels under
/// the default policy (position counts, the flick threshold is 500 pt/s).
@MainActor
@Suite struct PlayCommandTests {
    func summary(_ effect: String, _ op: TransitionOperation, _ trace: String) throws -> PlayCommand.Summary {
        let request = PlayRequest(effect: effect, operation: op, gesturePath: Fixtures.url("traces/\(trace).json").path, json: true)
        let line = try PlayCommand.run(request, registry: try EffectBench.registry(effects: []))
        #expect(!line.contains("\n"))
        return try JSONDecoder().decode(PlayCommand.Summary.self, from: Data(line.utf8))
    }

    @Test func D1_slowDragFinishesAndFlickBackCancels() throws {
        let finished = try summary("radial", .pop, "slow-drag")
        #expect(finished.outcome == "finished" && finished.depthBefore == 2 && finished.depthAfter == 1)
        let cancelled = try summary("pushback3d", .pop, "flick-back")
        #expect(cancelled.outcome == "cancelled" && cancelled.depthAfter == 2)
        #expect(try summary("radial", .pop, "flick").outcome == "finished")
    }

    /// The full-width back swipe (`interactiveContentPopGestureRecognizer`) comes with every
    /// left-edge pop: the committed `content-swipe` trace, from the middle of the content
    /// (x = 100, outside the 20 pt edge band) to 60 % of the width at rest, finishes; the
    /// 30 % one cancels and leaves the stack at depth 2.
    @Test(arguments: ["slide", "radial", "pushback3d"])
    func contentSwipePops(effect: String) throws {
        let finished = try summary(effect, .pop, "content-swipe")
        #expect(finished.outcome == "finished" && finished.depthBefore == 2 && finished.depthAfter == 1, "\(finished)")
        let cancelled = try summary(effect, .pop, "content-swipe-short")
        #expect(cancelled.outcome == "cancelled" && cancelled.depthAfter == 2, "\(cancelled)")
    }

    /// `play` asks the effect: fade declares no gesture, so pop is a usage error naming the
    /// playable effects (one line); without --out and --json the summary is printed as JSON.
    @Test func asksTheEffectAndPrintsJSONByDefault() throws {
        let registry = try EffectBench.registry(effects: [])
        let fadePop = PlayRequest(effect: "fade", operation: .pop, gesturePath: Fixtures.url("traces/flick.json").path)
        do {
            _ = try PlayCommand.run(fadePop, registry: registry)
            Issue.record("fade was played although it declares no gesture")
        } catch {
            #expect(error.kind == .usage)
            let message = error.description
            #expect(message.contains("'fade' declares no interactive pop") && message.contains("radial (pop)") && !message.contains("\n"))
        }
        let plain = PlayRequest(effect: "pushback3d", operation: .pop, gesturePath: Fixtures.url("traces/slow-drag.json").path)
        let line = try PlayCommand.run(plain, registry: registry)
        let s = try JSONDecoder().decode(PlayCommand.Summary.self, from: Data(line.utf8))
        #expect(s.outcome == "finished" && s.effect == "pushback3d" && s.depthAfter == 1)
    }

    /// zoom declares a pan down anywhere for pop and dismiss: 60 % of the height at rest
    /// finishes both, a drag the system cancels at 30 % cancels.
    @Test func zoomPlaysItsPanDown() throws {
        for op in [TransitionOperation.pop, .dismiss] {
            let s = try summary("zoom", op, "vertical-drag-slow-60")
            #expect(s.outcome == "finished" && s.depthBefore - s.depthAfter == 1, "\(op): \(s)")
            #expect(try summary("zoom", op, "vertical-cancel").outcome == "cancelled", "\(op)")
        }
    }

    /// sheet declares a drag down: from (160, 96), on its large sheet (top 480 − 411 = 69 pt),
    /// 60 % of the height at rest finishes; a drag the system cancels cancels.
    @Test func sheetTrace() throws {
        let s = try summary("sheet", .dismiss, "vertical-drag-slow-60")
        #expect(s.outcome == "finished" && s.depthBefore == 1 && s.depthAfter == 0 && s.samples > 0)
        #expect(try summary("sheet", .dismiss, "vertical-cancel").outcome == "cancelled")
    }

    /// `sheet --param detent=medium` plays the sheet's own drag between detents [medium,
    /// large] (closed form in Tests/Fixtures/traces/README.md): `sheet-detents`' first touch
    /// settles it at large (released at 86.5 at rest, nearest 69), its flick dismisses it
    /// (released at 116.2 at +800 pt/s: projected 116.2 + 800·0.998/0.002/1000 = 515.4, nearest
    /// the bottom, 480). The first touch alone (`sheet-medium-to-large`) leaves it at large: a
    /// drag but no transition, `cancelled`; a horizontal swipe never begins the vertical drag.
    @Test func sheetDetentTrace() throws {
        func play(_ trace: String) throws -> PlayCommand.Summary {
            let request = PlayRequest(
                effect: "sheet", operation: .dismiss, gesturePath: Fixtures.url("traces/\(trace).json").path, json: true,
                parameters: ["detent": "medium"])
            let line = try PlayCommand.run(request, registry: try EffectBench.registry(effects: []))
            return try JSONDecoder().decode(PlayCommand.Summary.self, from: Data(line.utf8))
        }
        let s = try play("sheet-detents")
        #expect(s.outcome == "finished" && s.depthBefore == 1 && s.depthAfter == 0 && s.detent == nil, "\(s)")
        let up = try play("sheet-medium-to-large")
        #expect(up.outcome == "cancelled" && up.depthAfter == 1 && up.detent == "large", "\(up)")
        let sideways = try play("content-swipe-short")
        #expect(sideways.outcome == "none" && sideways.depthAfter == 1 && sideways.detent == "medium", "\(sideways)")
        let large = try summary("sheet", .dismiss, "vertical-cancel")
        #expect(large.outcome == "cancelled" && large.detent == "large", "\(large)")
    }

    @Test func dragDismissTrace() throws {
        let s = try summary("dragdismiss", .dismiss, "vertical-drag-101")
        #expect(s.outcome == "cancelled" && s.depthBefore == 1 && s.depthAfter == 1 && s.samples > 0)
        #expect(try summary("dragdismiss", .dismiss, "vertical-drag-slow-60").outcome == "finished")
    }

    /// `play --operation tab`: the neighbour pan on tabs [outgoing, incoming] (closed forms
    /// in Tests/Fixtures/traces/README.md): a slow pan to 70 % of the content width finishes,
    /// one to 30 % cancels, a 15 % flick at 800 pt/s finishes, for every effect supporting tab
    /// (the selected tab's index is the depth: 0 → 1 when it switched).
    @Test(arguments: ["radial", "fade", "pushback3d"])
    func tabSwitchTraces(effect: String) throws {
        let finished = try summary(effect, .tab, "tab-swipe")
        #expect(finished.outcome == "finished" && finished.depthBefore == 0 && finished.depthAfter == 1 && finished.operation == "tab")
        let cancelled = try summary(effect, .tab, "tab-swipe-short")
        #expect(cancelled.outcome == "cancelled" && cancelled.depthAfter == 0)
        #expect(try summary(effect, .tab, "tab-flick").outcome == "finished")
        // A pan to the right, towards no tab: nothing starts (an edge pan's trace goes right).
        #expect(try summary(effect, .tab, "slow-drag").outcome == "none")
    }

    /// dragdismiss does not support tab: a usage error naming the operations it accepts.
    @Test func tabNeedsAnEffectSupportingIt() throws {
        let request = PlayRequest(effect: "dragdismiss", operation: .tab, gesturePath: Fixtures.url("traces/tab-swipe.json").path, json: true)
        let registry = try EffectBench.registry(effects: [])
        do {
            _ = try PlayCommand.run(request, registry: registry)
            Issue.record("dragdismiss was played for tab")
        } catch {
            #expect(error.kind == .usage && error.description.contains("does not support --operation tab"))
        }
    }

    @Test func badInput() throws {
        let registry = try EffectBench.registry(effects: [])
        let missing = PlayRequest(effect: "radial", operation: .pop, gesturePath: "/nonexistent.json", json: true)
        #expect(throws: BenchError.self) { try PlayCommand.run(missing, registry: registry) }
        let notJSON = PlayRequest(effect: "radial", operation: .pop, gesturePath: Fixtures.url("screenshots/shell-appts.png").path, json: true)
        do {
            _ = try PlayCommand.run(notJSON, registry: registry)
            Issue.record("a PNG was accepted as a trace")
        } catch {
            #expect(error.description.contains("not valid JSON") && !error.description.contains("\n"))
        }
        let fadeDismiss = PlayRequest(effect: "fade", operation: .dismiss, gesturePath: Fixtures.url("traces/flick.json").path, json: true)
        #expect(throws: BenchError.self) { try PlayCommand.run(fadeDismiss, registry: registry) }
        let radialDismiss = PlayRequest(effect: "radial", operation: .dismiss, gesturePath: Fixtures.url("traces/flick.json").path, json: true)
        #expect(throws: BenchError.self) { try PlayCommand.run(radialDismiss, registry: registry) }
    }
}
