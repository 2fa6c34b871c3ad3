import Foundation
import TransitionKitCore
import TransitionKitDisplay
import TransitionKitRender

/// The keys (also listed in the HUD):
/// `e`/`E` next/previous effect, `o` next operation family, `s` slow motion (10x), space pause,
/// `.`/right step one frame forward and `,`/left one back (while paused), `l` loop, `[`/`]`
/// scrub the timeline (shift: 10 %), escape end scrubbing, `p`/backspace the reverse
/// transition, `0` reset, tab/shift-tab choose a parameter field (`ParameterField`), up/down
/// change it (shift: a tenth of the step), `x` the next emulated display scale (1, 2, 3),
/// `r` record, `d` dump, `h` the HUD's help, `q` quit.
extension PlaygroundApp {
    func handle(_ key: DisplayKey, shift: Bool, inputs: inout [PlaygroundSession.Input]) {
        if recorder != nil, key != .character("r"), key != .character("q") { return }
        switch key {
        case .character("e"), .character("E"): nextEffect(by: shift || key == .character("E") ? -1 : 1)
        case .character("o"): nextFamily()
        case .character("s"): slowMotion.toggle()
        case .space: paused.toggle()
        case .character("."), .right:
            if scrub != nil { setScrub((scrub?.progress ?? 0) + 1.0 / 60) } else if paused { stepRequest += 1 }
        case .character(","), .left:
            if scrub != nil { setScrub((scrub?.progress ?? 0) - 1.0 / 60) } else if paused { stepBack() }
        case .character("l"): loops.toggle()
        case .character("["): setScrub((scrub?.progress ?? session.progress) - (shift ? 0.1 : 0.01))
        case .character("]"): setScrub((scrub?.progress ?? session.progress) + (shift ? 0.1 : 0.01))
        case .character("{"): setScrub((scrub?.progress ?? session.progress) - 0.1)
        case .character("}"): setScrub((scrub?.progress ?? session.progress) + 0.1)
        case .escape:
            if scrub != nil { scrub = nil } else { quit = true }
        case .character("p"), .backspace:
            guard scrub == nil else { return }
            inputs.append(.reverse)
        case .character("0"): resetSession()
        case .tab: moveParameter(by: shift ? -1 : 1)
        case .up: changeParameter(by: 1, fine: shift)
        case .down: changeParameter(by: -1, fine: shift)
        case .character("r"):
            // Once the finger lifted, the recording ends by itself with the run-out: `r` then
            // waits for it instead of throwing the gesture away.
            if let recorder {
                if recorder.fingerLifted { note = "recording: writing after the run-out" } else { finishRecording(recorder, complete: false) }
            } else {
                startRecording()
            }
        case .character("d"): dump()
        case .character("x"): cycleEmulatedScale(inputs: &inputs)
        case .character("h"): showsHelp.toggle()
        case .character("q"): quit = true
        default: break
        }
    }

    /// `x`: the window as on a display of the next scale of 1, 2, 3 (`DisplayWindow.emulatedScale`;
    /// 1 is the display's own), keeping its size in points: a move to a display of another
    /// density, on any platform. The scene follows as a container change.
    func cycleEmulatedScale(inputs: inout [PlaygroundSession.Input]) {
        let points = display.size
        let scales: [CGFloat?] = [nil, 2, 3]
        let i = scales.firstIndex { $0 == display.emulatedScale } ?? 0
        display.emulatedScale = scales[(i + 1) % scales.count]
        display.requestSize(points)
        mapper.windowUnitsPerPoint = display.windowUnitsPerPoint
        // The window keeps its points: the container is the scene's size at the new scale now
        // (the window's pixels follow with the resize event, which then changes nothing).
        follow(session.size, scale: display.scale, into: &inputs)
    }

    func resetSession() {
        session.reset()
        log = []
        logComplete = true
        logStartSize = session.size
        logStartScale = session.scale
        scrub = nil
        endedSeen = session.transitionsEnded
    }

    func nextEffect(by step: Int) {
        let names = session.registry.names
        guard !names.isEmpty else { return }
        let i = names.firstIndex(of: session.effectName) ?? 0
        let name = names[((i + step) % names.count + names.count) % names.count]
        do { try session.select(effect: name) } catch { note = error.description }
        parameterIndex = 0
        resetSession()
    }

    func nextFamily() {
        let families = PlaygroundSession.families(of: session.entry)
        guard let i = families.firstIndex(of: session.family) else { return }
        session.select(family: families[(i + 1) % families.count])
        resetSession()
    }

    /// Steps the model one frame back: the session is rebuilt and every input since its last
    /// reset replayed but the last advance (the model is deterministic, so this is the state
    /// one frame earlier, exactly).
    func stepBack() {
        guard logComplete, let lastAdvance = log.lastIndex(where: { if case .advance = $0 { true } else { false } }) else { return }
        let replay = Array(log[..<lastAdvance])
        session.reset()
        for input in replay { session.apply(input) }
        log = replay
        endedSeen = session.transitionsEnded
    }

    /// Shows the effect at `progress` (clamped to 0...1) on a stage of its own: the last
    /// operation (or the family's first), begun interactively and set to that progress, as
    /// `effect-bench render` evaluates a frame.
    func setScrub(_ progress: Double) {
        let p = min(1, max(0, progress))
        let op = session.lastOperation ?? (session.family == .navigation ? .push : session.family == .modal ? .present : .tab)
        if let current = scrub, current.operation == op {
            current.stage.setProgress(CGFloat(p))
            scrub = (current.stage, p, op)
            return
        }
        // The session's size and scale were checked when the session was made.
        let images = session.images
        let stage = TransitionStage(
            operation: op, size: session.size, scale: session.scale, modalPresentationStyle: session.entry.modalPresentationStyle,
            fromImage: images.from, toImage: images.to)
        stage.begin(animator: session.effect.makeAnimator(for: op), interactive: true)
        stage.setProgress(CGFloat(p))
        scrub = (stage, p, op)
    }

    /// `d`: renders the current state headless, in a session of its own built from the
    /// inputs since the last reset, and writes it to `playground-dump.png` (and its RGBA8
    /// bytes, row after row, to `playground-dump.rgba`) in the record directory, next to the
    /// state as JSON; prints the paths. Scripts compare a screenshot of the window with it.
    func dump() {
        guard logComplete else {
            note = "dump: the input log overflowed; reset (0) first"
            return
        }
        do throws(any Error) {
            let copy = try PlaygroundSession(
                registry: session.registry, effect: session.effectName, family: session.family, settings: session.settings,
                size: logStartSize, scale: logStartScale, images: imageProvider)
            copy.tapsEnabled = session.tapsEnabled
            for input in log { copy.apply(input) }
            let frame = try compositor.render(copy.stage.snapshot(), size: copy.size)
            let base = (options.recordDirectory as NSString).appendingPathComponent("playground-dump")
            try PNGEncoder.write(frame, to: base + ".png")
            try Data(frame.packedBytes).write(to: URL(fileURLWithPath: base + ".rgba"), options: .atomic)
            let state = String(
                format: "{\"effect\":\"%@\",\"state\":\"%@\",\"progress\":%.6f,\"width\":%d,\"height\":%d,\"depth\":%d}",
                copy.effectName, copy.interactionState, copy.progress, frame.width, frame.height, copy.depth)
            try Data(state.utf8).write(to: URL(fileURLWithPath: base + ".json"), options: .atomic)
            output("playground: dump \(base).png \(state)")
            note = "dumped \(base).png"
        } catch { note = "dump: \(error)" }
    }

    // MARK: Parameters

    var parameters: [AnyEffectParameter] { session.entry.parameters }

    /// The fields tab walks: every parameter, a point's and a colour's components apart.
    var parameterFields: [ParameterField] { ParameterField.fields(of: parameters) }

    func moveParameter(by step: Int) {
        let count = parameterFields.count
        guard count > 0 else { return }
        parameterIndex = ((parameterIndex + step) % count + count) % count
    }

    /// The parameter's current text (its setting, or its default).
    func text(of parameter: AnyEffectParameter) -> String { session.settings[parameter.name] ?? parameter.defaultText }

    /// Moves the chosen field one step within its range (`ParameterField`; `fine`: shift, a
    /// tenth of the step), remakes the effect and resets the session.
    func changeParameter(by direction: Int, fine: Bool = false) {
        let fields = parameterFields
        guard fields.indices.contains(parameterIndex) else { return }
        let field = fields[parameterIndex]
        let parameter = field.parameter
        guard let next = field.stepped(text(of: parameter), by: direction, fine: fine, container: session.size) else {
            note = "\(parameter.name): '\(text(of: parameter))' is not \(parameter.acceptedText)"
            return
        }
        do { try session.set(parameter: parameter.name, to: next == parameter.defaultText ? nil : next) } catch { note = error.description }
        log = []
        logComplete = true
        logStartSize = session.size
        logStartScale = session.scale
        endedSeen = session.transitionsEnded
    }
}
