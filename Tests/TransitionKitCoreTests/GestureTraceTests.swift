import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Gesture-trace parsing, validation (typed errors naming the sample and field) and replay.
@MainActor
@Suite struct GestureTraceTests {
    static let fixtureNames = [
        "slow-drag", "flick", "flick-back", "reversal", "system-cancel", "edge-pan-root",
        "vertical-drag", "vertical-drag-101", "vertical-drag-99",
        "vertical-drag-slow-60", "vertical-cancel", "regrab-edge", "regrab-card",
    ]

    static func fixture(_ name: String) throws -> GestureTrace {
        try GestureTrace(contentsOf: Fixtures.url("traces/\(name).json").path)
    }

    /// Parses `{"samples":[…]}` built from sample texts.
    static func parse(_ samples: [String]) throws(GestureTraceError) -> GestureTrace {
        try GestureTrace(jsonData: Data("{\"samples\":[\(samples.joined(separator: ","))]}".utf8))
    }

    static let began = #"{"t":0,"x":1,"y":420,"phase":"began"}"#
    static let moved = #"{"t":0.1,"x":30,"y":420,"phase":"moved"}"#
    static let ended = #"{"t":0.2,"x":30,"y":420,"phase":"ended"}"#

    @Test func validTraceParses() throws {
        let trace = try Self.parse([Self.began, Self.moved, Self.ended])
        #expect(
            trace.samples == [
                Touch(timestamp: 0, location: CGPoint(x: 1, y: 420), phase: .began),
                Touch(timestamp: 0.1, location: CGPoint(x: 30, y: 420), phase: .moved),
                Touch(timestamp: 0.2, location: CGPoint(x: 30, y: 420), phase: .ended),
            ])
        #expect(trace.duration == 0.2)
        // Round trip through the writer.
        #expect(try GestureTrace(jsonData: trace.jsonData()) == trace)
        // Unknown keys are ignored; whitespace, escapes and exponents are fine.
        let fancy = try GestureTrace(
            jsonData: Data(
                """
                \u{FEFF}{ "version": 1, "samples" : [ {"phase":"be\\u0067an","t":0e0,"x":-1.5E1,"y":4.2e2,"note":"\\"hi\\""},
                {"t":1,"x":0,"y":0,"phase":"cancelled"} ] }
                """.utf8))
        #expect(fancy.samples[0] == Touch(timestamp: 0, location: CGPoint(x: -15, y: 420), phase: .began))
    }

    @Test func everyFixtureParses() throws {
        for name in Self.fixtureNames {
            let trace = try Self.fixture(name)
            #expect(trace.samples.first?.phase == .began, "\(name)")
            #expect(trace.samples.last?.phase.isTerminal == true, "\(name)")
        }
    }

    /// Each malformed input and the exact error it must give.
    static let malformed: [(String, [String], GestureTraceError)] = [
        ("empty", [], .emptyTrace),
        ("missing x", [began, #"{"t":0.1,"y":420,"phase":"moved"}"#, ended], .missingField(index: 1, field: "x")),
        ("missing t", [began, moved, #"{"x":30,"y":420,"phase":"ended"}"#], .missingField(index: 2, field: "t")),
        ("missing phase", [#"{"t":0,"x":1,"y":420}"#], .missingField(index: 0, field: "phase")),
        (
            "t is a string", [began, #"{"t":"0.1","x":30,"y":420,"phase":"moved"}"#, ended],
            .wrongType(index: 1, field: "t", expected: "a number", found: "string \"0.1\"")
        ),
        (
            "y is a boolean", [began, #"{"t":0.1,"x":30,"y":true,"phase":"moved"}"#, ended],
            .wrongType(index: 1, field: "y", expected: "a number", found: "boolean true")
        ),
        (
            "x is null", [began, #"{"t":0.1,"x":null,"y":420,"phase":"moved"}"#, ended],
            .wrongType(index: 1, field: "x", expected: "a number", found: "null")
        ),
        (
            "phase is a number", [began, #"{"t":0.1,"x":30,"y":420,"phase":1}"#, ended],
            .wrongType(index: 1, field: "phase", expected: "a string (began, moved, ended, cancelled)", found: "number 1")
        ),
        (
            "NaN string", [began, #"{"t":0.1,"x":"NaN","y":420,"phase":"moved"}"#, ended],
            .nonFiniteValue(index: 1, field: "x", value: "NaN")
        ),
        (
            "Infinity string", [began, moved, #"{"t":"-Infinity","x":30,"y":420,"phase":"ended"}"#],
            .nonFiniteValue(index: 2, field: "t", value: "-Infinity")
        ),
        (
            "unknown phase", [began, #"{"t":0.1,"x":30,"y":420,"phase":"stationary"}"#, ended],
            .unknownPhase(index: 1, value: "stationary")
        ),
        ("phase case", [#"{"t":0,"x":1,"y":420,"phase":"Began"}"#], .unknownPhase(index: 0, value: "Began")),
        (
            "time goes back", [began, #"{"t":0.3,"x":30,"y":420,"phase":"moved"}"#, ended],
            .nonMonotonicTime(index: 2, time: 0.2, previousTime: 0.3)
        ),
        ("first not began", [moved, ended], .firstSampleNotBegan(phase: .moved)),
        (
            "moved after ended", [began, ended, #"{"t":0.3,"x":40,"y":420,"phase":"moved"}"#],
            .sampleAfterEnd(index: 2, phase: .moved, endIndex: 1)
        ),
        (
            "cancelled after ended", [began, moved, ended, #"{"t":0.3,"x":40,"y":420,"phase":"cancelled"}"#],
            .sampleAfterEnd(index: 3, phase: .cancelled, endIndex: 2)
        ),
        (
            "began while down", [began, moved, #"{"t":0.15,"x":40,"y":420,"phase":"began"}"#, ended],
            .beganWhileTouchDown(index: 2, beganIndex: 0)
        ),
        ("no end", [began, moved], .unterminatedTouch(beganIndex: 0)),
        ("sample not an object", [began, "[1,2]", ended], .sampleNotObject(index: 1, found: "array")),
    ]

    @Test func malformedSamplesGiveTheSpecificError() {
        for (label, samples, expected) in Self.malformed {
            do {
                let trace = try Self.parse(samples)
                Issue.record("\(label): accepted \(trace.samples.count) samples, expected \(expected)")
            } catch {
                #expect(error == expected, "\(label)")
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test func errorMessagesNameTheSampleAndField() {
        let e = GestureTraceError.nonFiniteValue(index: 7, field: "y", value: "1e400")
        #expect(e.description.contains("sample 7") && e.description.contains("\"y\"") && e.description.contains("1e400"))
        #expect(GestureTraceError.unknownPhase(index: 3, value: "x").description.contains("began, moved, ended, cancelled"))
    }

    @Test func malformedDocuments() {
        func error(_ text: String) -> GestureTraceError? {
            do { _ = try GestureTrace(jsonData: Data(text.utf8)); return nil } catch { return error }
        }
        #expect(error("[]") == .missingSamples(found: "array"))
        #expect(error(#"{"sample":[]}"#) == .missingSamples(found: "object"))
        #expect(error(#"{"samples":{}}"#) == .missingSamples(found: "\"samples\" of type object"))
        for bad in [
            "", "{", #"{"samples":[}"#, #"{"samples":[]} x"#, #"{"samples":[{"t":01}]}"#, #"{"samples":[{"t":1.}]}"#,
            "{\"samples\":[\"a\u{01}\"]}", #"{"samples":[NaN]}"#, String(repeating: "[", count: 100),
        ] {
            guard case .invalidJSON? = error(bad) else {
                Issue.record("\(bad.debugDescription) gave \(String(describing: error(bad)))")
                continue
            }
        }
        // Foundation's parser tolerates a trailing comma; the samples are still rejected.
        #expect(error(#"{"samples": [1, 2,]}"#) != nil)
        // A number beyond the double range makes the document invalid (Foundation's parser).
        guard case .invalidJSON(let reason)? = error(#"{"samples":[{"t":0,"x":1e400,"y":0,"phase":"began"}]}"#) else {
            Issue.record("1e400 accepted")
            return
        }
        #expect(reason.contains("1e400"))
    }

    @Test func samplesBuiltInCodeAreValidated() {
        #expect(throws: GestureTraceError.emptyTrace) { try GestureTrace(samples: []) }
        let bad = [Touch(timestamp: 0, location: CGPoint(x: CGFloat.infinity, y: 0), phase: .began)]
        #expect(throws: GestureTraceError.nonFiniteValue(index: 0, field: "x", value: "inf")) { try GestureTrace(samples: bad) }
        let back = [Touch(timestamp: 1, location: .zero, phase: .began), Touch(timestamp: 0.5, location: .zero, phase: .ended)]
        #expect(throws: GestureTraceError.nonMonotonicTime(index: 1, time: 0.5, previousTime: 1)) { try GestureTrace(samples: back) }
    }

    @Test func unreadableFile() {
        let path = "/nonexistent/dir/trace.json"
        do {
            _ = try GestureTrace(contentsOf: path)
            Issue.record("read a missing file")
        } catch {
            guard case let .unreadableFile(p, reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(p == path)
            #expect(!reason.isEmpty)
        }
    }

    // MARK: Replay

    /// An edge pan on a 320x480 window's content view, fed by a fixture.
    func replay(_ name: String, _ recognizer: PanGestureRecognizer) throws -> (GestureReplayResult, GestureTrace, GestureHarness, Int) {
        let h = GestureHarness()
        var actions = 0
        recognizer.addAction { _ in actions += 1 }
        h.content.addGestureRecognizer(recognizer)
        let trace = try Self.fixture(name)
        let result = h.window.replay(trace, on: h.clock)
        return (result, trace, h, actions)
    }

    @Test func replaySlowDragDeliversEverySampleAndEnds() throws {
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        var delivered: [TimeInterval] = []
        var frameTimes: [TimeInterval] = []
        edge.addAction { g in delivered.append((g as! PanGestureRecognizer).location(in: nil).x) }
        let h = GestureHarness()
        h.content.addGestureRecognizer(edge)
        // A display link standing in for a transition driver: records the frame of each action.
        let trace = try Self.fixture("slow-drag")
        var link: DisplayLink?
        link = h.clock.makeDisplayLink { l in
            frameTimes.append(l.timestamp)
            if edge.state == .ended { link?.invalidate() }
        }
        let result = h.window.replay(trace, on: h.clock)
        #expect(result.samplesDelivered == trace.samples.count)
        #expect(result.reachedIdle)
        #expect(edge.state == .ended)
        #expect(h.clock.activeLinkCount == 0)
        // Every sample after the recognizer began produced one action call.
        let firstBegan = trace.samples.firstIndex { $0.location.x - 1 >= 10 }!
        #expect(delivered.count == trace.samples.count - firstBegan)
        // Samples are delivered just before the first frame at or after their time: the last
        // one (t = 3.19 s) before frame ceil(3.19·60) = 192, whose link sees `ended` and stops.
        #expect(result.framesStepped == 192)
        #expect(isApproximatelyEqual(frameTimes.last!, 192.0 / 60, absolute: 1e-9))
        // D1 through the fixture: x/w = 0.95 at rest finishes with the default policy.
        let progress = edge.translation(in: nil).x / 320
        #expect(isApproximatelyEqual(progress, 303.0 / 320, absolute: 1e-9))
        #expect(edge.velocity(in: nil) == .zero)
        #expect(InteractionPolicy.default.shouldFinish(progress: progress, velocity: edge.velocity(in: nil).x, endState: edge.state))
    }

    @Test func replayWithoutDisplayLinksStopsAfterTheLastSample() throws {
        let (result, trace, h, _) = try replay("flick", ScreenEdgePanGestureRecognizer())
        #expect(result.samplesDelivered == trace.samples.count && result.framesStepped == 5 && result.reachedIdle)
        #expect(isApproximatelyEqual(h.clock.now, 5.0 / 60, absolute: 1e-12), "t = 0.068 s is delivered at frame ceil(0.068·60) = 5")
    }

    @Test func replayFrameCap() throws {
        let h = GestureHarness()
        let trace = try Self.fixture("slow-drag")
        let result = h.window.replay(trace, on: h.clock, maxFrames: 10)
        #expect(!result.reachedIdle)
        #expect(result.framesStepped == 10)
        #expect(result.samplesDelivered < trace.samples.count)
    }

    @Test func D1_fixturesThroughTheRecognizer() throws {
        let flick = ScreenEdgePanGestureRecognizer()
        _ = try replay("flick", flick)
        // Closed form: 48 pt at 800 pt/s.
        #expect(isApproximatelyEqual(flick.translation(in: nil).x / 320, 0.15, absolute: 1e-9))
        #expect(isApproximatelyEqual(flick.velocity(in: nil).x, 800, absolute: 1e-3))
        #expect(InteractionPolicy.default.shouldFinish(progress: 0.15, velocity: flick.velocity(in: nil).x, endState: flick.state))

        let back = ScreenEdgePanGestureRecognizer()
        _ = try replay("flick-back", back)
        let p = back.translation(in: nil).x / 320
        #expect(isApproximatelyEqual(p, 0.55, absolute: 1e-9))
        // Least squares over the last 100 ms (32 ms of rest, then the −800 pt/s flick): −574.77 pt/s,
        // computed independently by the Python generator's README table.
        #expect(isApproximatelyEqual(back.velocity(in: nil).x, -574.7708, absolute: 1e-3))
        #expect(!InteractionPolicy.default.shouldFinish(progress: p, velocity: back.velocity(in: nil).x, endState: back.state))
    }

    @Test func S5_reversalCancels() throws {
        let edge = ScreenEdgePanGestureRecognizer()
        _ = try replay("reversal", edge)
        #expect(edge.state == .ended)
        #expect(isApproximatelyEqual(edge.translation(in: nil).x, 32, absolute: 1e-9))
        #expect(!InteractionPolicy.default.shouldFinish(progress: 0.1, velocity: edge.velocity(in: nil).x, endState: edge.state))
    }

    @Test func C2_systemCancelFixture() throws {
        let edge = ScreenEdgePanGestureRecognizer()
        _ = try replay("system-cancel", edge)
        #expect(edge.state == .cancelled)
        let p = edge.translation(in: nil).x / 320
        #expect(isApproximatelyEqual(p, 0.6, absolute: 1e-9))
        #expect(!InteractionPolicy.default.shouldFinish(progress: p, velocity: edge.velocity(in: nil).x, endState: edge.state))
    }

    @Test func D3_verticalDragFixtures() throws {
        for (name, speed, finishes) in [("vertical-drag-101", 101.0, true), ("vertical-drag-99", 99.0, false)] {
            let pan = PanGestureRecognizer(axis: .vertical)
            _ = try replay(name, pan)
            #expect(pan.state == .ended)
            let v = pan.velocity(in: nil).y
            #expect(isApproximatelyEqual(v, speed, absolute: 1e-3), "\(name)")
            #expect(isApproximatelyEqual(pan.translation(in: nil).y / 480, 0.2, absolute: 1e-9))
            #expect(InteractionPolicy.dragDismissOriginal.shouldFinish(progress: 0.2, velocity: v, endState: pan.state) == finishes, "\(name)")
        }
        // Both gestures in one trace: the recognizer runs twice, each touch ends.
        let pan = PanGestureRecognizer(axis: .vertical)
        var ends: [CGFloat] = []
        pan.addAction { g in if g.state == .ended { ends.append((g as! PanGestureRecognizer).velocity(in: nil).y) } }
        let (result, trace, _, _) = try replay("vertical-drag", pan)
        #expect(result.samplesDelivered == trace.samples.count)
        #expect(ends.count == 2)
        #expect(isApproximatelyEqual(ends[0], 101, absolute: 1e-3) && isApproximatelyEqual(ends[1], 99, absolute: 1e-3))
    }

    @Test func edgePanRootFixtureEndsAtSixtyPercent() throws {
        let edge = ScreenEdgePanGestureRecognizer()
        let (_, _, h, _) = try replay("edge-pan-root", edge)
        #expect(edge.state == .ended)
        #expect(edge.location(in: nil).x == 192)
        #expect(h.clock.activeLinkCount == 0)
    }
}
