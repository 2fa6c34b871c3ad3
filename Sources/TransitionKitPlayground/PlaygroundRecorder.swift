import Foundation
import TransitionKitCore
import TransitionKitRender

/// Records one gesture: its touches as a trace JSON that `effect-bench play` replays exactly,
/// and the frames as an APNG (the scene only, without the HUD).
///
/// To be replayed frame for frame, a recording runs the model as `play` does: the stage the
/// family starts in, rebuilt with the clock at 0; one 1/60 s model frame per presented frame
/// (whatever the display's rate, at 1x, never paused); each touch stamped with the model time
/// of the frame it is delivered before (the first touch, and those in its frame, with the
/// clock's time, as `play` puts a trace's first sample at the clock's time), and several
/// moves in one frame coalesced to the last, as UIKit coalesces touches per frame. It ends,
/// as `play` does, at the first frame after the finger lifted with no display link active.
@MainActor
final class PlaygroundRecorder {
    let effect: String
    let settings: [String: String]
    let operation: TransitionOperation
    let size: CGSize
    let scale: CGFloat
    let imagePaths: (from: String, to: String)?
    private(set) var samples: [Touch] = []
    private(set) var frames = 0
    private var apng: APNGEncoder?
    private var ended = false
    private(set) var complete = false
    /// Whether the recorded finger lifted (the run-out is being recorded).
    var fingerLifted: Bool { ended }

    init(session: PlaygroundSession, imagePaths: (from: String, to: String)?) {
        effect = session.effectName
        settings = session.settings
        operation = session.family.stageOperation
        size = session.size
        scale = session.scale
        self.imagePaths = imagePaths
    }

    /// The touches of one frame, restamped and coalesced, and whether the model steps after them.
    func frame(_ touches: [Touch], clock: ManualFrameClock) -> (touches: [Touch], advance: Bool) {
        if ended {
            if clock.activeLinkCount == 0 { complete = true }
            return ([], !complete)
        }
        var accepted: [Touch] = []
        let first = samples.isEmpty
        let stamp = first ? clock.now : clock.now + clock.frameInterval
        for t in touches {
            if samples.isEmpty && accepted.isEmpty && t.phase != .began { continue }
            if ended { break }
            let touch = Touch(timestamp: stamp, location: t.location, phase: t.phase)
            if touch.phase == .moved, accepted.last?.phase == .moved { accepted[accepted.count - 1] = touch } else { accepted.append(touch) }
            if touch.phase.isTerminal { ended = true }
        }
        samples += accepted
        // Before the first touch the model waits; in the first touch's frame it does not step
        // (`play` delivers the first sample at the clock's time, before any step).
        return (accepted, !samples.isEmpty && !(first && !accepted.isEmpty))
    }

    /// Adds a presented frame (after a model step).
    func append(_ scene: Bitmap) {
        do {
            if apng == nil { apng = APNGEncoder(width: scene.width, height: scene.height) }
            try apng?.append(scene, delay: 1.0 / 60)
            frames += 1
        } catch {
            // A frame's size cannot change while recording (resizes wait); nothing to add.
        }
    }

    /// Writes `<base>.json` and `<base>.apng` in `directory` (each written whole or not at all).
    /// - Returns: the two paths.
    func write(to directory: String) throws(PlaygroundFailure) -> (trace: String, frames: String) {
        guard let apng, frames > 0 else { throw .failure("nothing recorded: a gesture needs a drag") }
        let trace: GestureTrace
        do { trace = try GestureTrace(samples: samples) } catch { throw .failure("the recorded touches are not a trace: \(error)") }
        let safe = effect.map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let base = (directory as NSString).appendingPathComponent("playground-\(String(safe))-\(operation.rawValue)")
        let tracePath = base + ".json", framesPath = base + ".apng"
        do {
            try trace.jsonData().write(to: URL(fileURLWithPath: tracePath), options: .atomic)
            try apng.write(to: framesPath)
        } catch { throw .failure("could not write the recording: \(error)") }
        return (tracePath, framesPath)
    }

    /// The `effect-bench play` command that replays the recording into `out`.
    func playCommand(trace: String, out: String) -> String {
        func number(_ v: CGFloat) -> String { v == v.rounded() ? String(Int(v)) : "\(Double(v))" }
        var words = ["effect-bench", "play", "'\(effect)'", "--operation", operation.rawValue, "--gesture", trace]
        words += ["--size", "\(number(size.width))x\(number(size.height))", "--scale", number(scale)]
        for (k, v) in settings.sorted(by: { $0.key < $1.key }) { words += ["--param", "\(k)=\(v)"] }
        if let imagePaths { words += ["--from", imagePaths.from, "--to", imagePaths.to] }
        words += ["--out", out]
        return words.joined(separator: " ")
    }
}

extension PlaygroundApp {
    func startRecording() {
        // A trace replays a gesture: with none declared for this family there is nothing
        // `effect-bench play` could replay, so say so instead of recording.
        if let reason = session.gestureNote {
            note = "not recording: \(reason)"
            return
        }
        resetSession()
        slowMotion = false
        paused = false
        session.tapsEnabled = false
        let paths = options.fromPath.flatMap { f in options.toPath.map { (f, $0) } }
        recorder = PlaygroundRecorder(session: session, imagePaths: paths)
        note = "recording: drag now (r again discards)"
    }

    func recordFrame(_ touches: [Touch], inputs: inout [PlaygroundSession.Input]) {
        guard let recorder else { return }
        let (stamped, advance) = recorder.frame(touches, clock: session.clock)
        inputs += stamped.map { .touch($0) }
        if advance { inputs.append(.advance(session.clock.frameInterval)) }
    }

    func finishRecording(_ finished: PlaygroundRecorder, complete: Bool) {
        recorder = nil
        session.tapsEnabled = true
        guard complete else {
            note = "recording discarded"
            return
        }
        do {
            let (trace, frames) = try finished.write(to: options.recordDirectory)
            note = "recorded \(finished.frames) frames"
            output("playground: recorded \(finished.frames) frames: \(trace), \(frames)")
            output("playground: replay: \(finished.playCommand(trace: trace, out: "play.apng"))")
        } catch {
            note = "\(error)"
            output("playground: \(error)")
        }
    }
}
