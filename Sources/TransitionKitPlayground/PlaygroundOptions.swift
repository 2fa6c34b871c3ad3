import Foundation
import TransitionKitCore

/// The playground's command line:
/// `playground [EFFECT] [--family navigation|modal|tab] [--param NAME=VALUE]... [--from A.png --to B.png]
/// [--size WxH] [--record-dir DIR] [--frames N] [--loop] [--no-hud] [--no-vsync] [--copy-frames]`.
package struct PlaygroundOptions: Equatable {
    /// The effect to start with (default: the first registered).
    package var effect: String?
    package var family: PlaygroundSession.Family?
    package var settings: [String: String] = [:]
    package var fromPath: String?
    package var toPath: String?
    /// The scene's size in points (the window is the HUD's width wider); iPhone 14's 390 x 844.
    package var size = CGSize(width: 390, height: 844)
    /// Where `r` writes the recorded trace and APNG (default: the current directory).
    package var recordDirectory = "."
    /// Quit after this many frames (scripts); nil runs until the window closes.
    package var frames: Int?
    /// Start with loop on and the family's first transition running (`--loop`: a demo, and
    /// how the per-effect frame rates are measured).
    package var loop = false
    package var hud = true
    package var vsync = true
    /// Render each frame into a bitmap and copy it into the texture, as before frames were
    /// rendered straight into it (`--copy-frames`: to measure what the copy cost).
    package var copyFrames = false

    static let usage = """
        usage: playground [EFFECT] [--family navigation|modal|tab] [--param NAME=VALUE]... [--from A.png --to B.png]
                          [--size WxH] [--record-dir DIR] [--frames N] [--loop] [--no-hud] [--no-vsync] [--copy-frames]
        mouse: click push/present/switch, drag from the left edge pop, drag down dismiss,
               click or drag the HUD's timeline to scrub
        keys: e/E effect, o operation family, s slow motion (10x), space pause, . , step (paused),
              l loop, [ ] scrub (shift: 10 %), esc end scrub, p reverse, 0 reset,
              tab/shift-tab choose a parameter (points and colours by component), up/down change it
              within its range (shift: finer), x display scale 1x/2x/3x, r record (trace + APNG),
              d dump the headless render, h help in the HUD, q quit
        """

    package init() {}

    /// Parses `arguments` (without the program name).
    /// - Throws: a one-line message for an unknown option or a bad value.
    package static func parse(_ arguments: [String]) throws(PlaygroundFailure) -> PlaygroundOptions {
        var o = PlaygroundOptions()
        var i = 0
        func value(_ name: String) throws(PlaygroundFailure) -> String {
            i += 1
            guard i < arguments.count else { throw .usage("\(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--help", "-h": throw .help
            case "--family":
                let v = try value(a)
                guard let f = PlaygroundSession.Family(rawValue: v) else { throw .usage("--family '\(v)': accepted: navigation, modal, tab") }
                o.family = f
            case "--param":
                let v = try value(a)
                guard let eq = v.firstIndex(of: "="), eq != v.startIndex else { throw .usage("--param '\(v)' is not NAME=VALUE") }
                o.settings[String(v[..<eq])] = String(v[v.index(after: eq)...])
            case "--from": o.fromPath = try value(a)
            case "--to": o.toPath = try value(a)
            case "--size":
                let v = try value(a)
                let parts = v.split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 4096 }) else {
                    throw .usage("--size '\(v)' is not WIDTHxHEIGHT in points, each 16...4096")
                }
                o.size = CGSize(width: parts[0], height: parts[1])
            case "--record-dir": o.recordDirectory = try value(a)
            case "--frames":
                let v = try value(a)
                guard let n = Int(v), n >= 1 else { throw .usage("--frames '\(v)' is not a whole number >= 1") }
                o.frames = n
            case "--no-hud": o.hud = false
            case "--loop": o.loop = true
            case "--no-vsync": o.vsync = false
            case "--copy-frames": o.copyFrames = true
            default:
                if a.hasPrefix("-") || o.effect != nil { throw .usage("unknown argument '\(a)'") }
                o.effect = a
            }
            i += 1
        }
        if (o.fromPath == nil) != (o.toPath == nil) { throw .usage("--from and --to go together: give both images or neither") }
        return o
    }
}

/// Why the playground stopped before opening its window, as one line.
package enum PlaygroundFailure: Error, Equatable {
    case help
    case usage(String)
    case failure(String)

    /// 0 help, 2 bad arguments, 1 anything else (no display, no SDL, a bad file).
    var exitCode: Int32 {
        switch self {
        case .help: return 0
        case .usage: return 2
        case .failure: return 1
        }
    }
}
