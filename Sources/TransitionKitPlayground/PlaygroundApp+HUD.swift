import Foundation
import TransitionKitCore

extension PlaygroundApp {
    /// The HUD's lines for this frame.
    func hudState() -> HUDState {
        var s = HUDState()
        func line(_ text: String, _ color: RGBA8 = HUD.text) { s.lines.append((text, color)) }
        func ms(_ seconds: Double) -> String { String(format: "%.2f MS", seconds * 1000) }
        let names = session.registry.names
        let index = (names.firstIndex(of: session.effectName) ?? 0) + 1
        line("TRANSITIONKIT PLAYGROUND", HUD.accent)
        line("EFFECT     \(session.effectName) (\(index)/\(names.count))   [E]")
        line("FAMILY     \(session.family.rawValue)   [O]")
        let op = scrub?.operation ?? session.lastOperation
        line("OPERATION  \(op?.rawValue ?? "-")   DEPTH \(session.depth)")
        let progress = scrub?.progress ?? session.progress
        line(String(format: "PROGRESS   %.3f", progress))
        let state = scrub != nil ? "scrubbing" : session.interactionState
        line("STATE      \(state)", state.hasPrefix("interacting") || state.hasPrefix("run-out") ? HUD.accent : HUD.text)
        line("MODEL \(ms(last.model))  RENDER \(ms(last.render))")
        line("UPLOAD \(ms(last.upload))  PRESENT \(ms(last.present))")
        let size = session.size
        line(String(format: "SCENE %.0fX%.0f PT AT %gX   [X]", size.width, size.height, Double(session.scale)))
        let rate = String(format: "%.0f HZ", clock.refreshRate)
        line("FRAMES \(clock.framesFired)  MISSED \(clock.framesMissed) AT \(rate)", clock.lastMissed > 0 ? HUD.bad : HUD.text)
        var modes: [String] = []
        if slowMotion { modes.append("SLOW 10X") }
        if paused { modes.append("PAUSED") }
        if loops { modes.append("LOOP") }
        if recorder != nil { modes.append("RECORDING") }
        line("MODE       \(modes.isEmpty ? "1X" : modes.joined(separator: " "))", modes.isEmpty ? HUD.text : HUD.accent)
        if let gestureNote = session.gestureNote { line(String(gestureNote.prefix(50)), HUD.dim) }
        line("")
        line("PARAMETERS (TAB CHOOSES, UP/DOWN +SHIFT FINE)", HUD.dim)
        let fields = parameterFields
        if fields.isEmpty { line("  none", HUD.dim) }
        for (i, field) in fields.enumerated() {
            let text = "\(i == parameterIndex ? ">" : " ") \(field.label) = \(field.shown(text(of: field.parameter)))"
            line(String(text.prefix(52)), i == parameterIndex ? HUD.accent : HUD.text)
        }
        if fields.indices.contains(parameterIndex) {
            let p = fields[parameterIndex].parameter
            line("  \(p.acceptedText), default \(p.defaultText)", HUD.dim)
        }
        line("")
        if showsHelp {
            for text in [
                "CLICK      PUSH / PRESENT / SWITCH TAB", "EDGE DRAG  POP (DRAG DOWN: DISMISS)", "E / O      EFFECT / OPERATION FAMILY",
                "S          SLOW MOTION 10X", "SPACE      PAUSE;  . ,  STEP (PAUSED)", "L          LOOP;  P  REVERSE;  0  RESET",
                "[ ]        SCRUB (SHIFT 10 %); ESC ENDS", "TAB        NEXT PARAMETER (SHIFT: BACK)", "UP/DOWN    CHANGE IT (SHIFT: FINER)",
                "X          DISPLAY SCALE 1X / 2X / 3X", "R          RECORD;  D  DUMP;  Q  QUIT", "H          HIDE THIS HELP",
            ] { line(text, HUD.text) }
        } else {
            line("CLICK PUSH/PRESENT  EDGE DRAG POP/DISMISS", HUD.dim)
            line("S SLOW  SPACE PAUSE  , . STEP  L LOOP  X SCALE", HUD.dim)
            line("[ ] SCRUB  P REVERSE  0 RESET  R RECORD  H HELP", HUD.dim)
        }
        if let note { line(String(note.prefix(52)), HUD.bad) }
        s.progress = progress
        s.scrubbing = scrub != nil
        s.frameTimes = frameTimes
        return s
    }
}
