import Foundation
import TransitionKitCore

/// The parsed command line (grammar in README.md and `effect-bench --help`).
enum Command: Equatable {
    case run(RunOptions)
    case list
    case render(RenderRequest)
    case play(PlayRequest)
    case help
}

/// Scene settings shared by every command: the window's size and scale, and its two screens.
public struct SceneOptions: Equatable, Sendable {
    /// Points; default 393x852 (iPhone 15/16 in portrait).
    public var size = CGSize(width: 393, height: 852)
    /// Pixels per point; default 3.
    public var scale: CGFloat = 3
    /// The outgoing screen (PNG path); nil with `toPath` nil → `DemoScreens`.
    public var fromPath: String?
    /// The incoming screen (PNG path).
    public var toPath: String?

    /// A scene of `size` points (each side 0 < side <= 16384) at `scale` pixels per point
    /// (0.5...8), showing the PNGs at `fromPath` and `toPath`, or `DemoScreens` when both are nil.
    public init(size: CGSize = CGSize(width: 393, height: 852), scale: CGFloat = 3, fromPath: String? = nil, toPath: String? = nil) {
        self.size = size
        self.scale = scale
        self.fromPath = fromPath
        self.toPath = toPath
    }
}

struct RunOptions: Equatable {
    var scene = SceneOptions()
    /// Effects by registry name; empty → all.
    var effects: [String] = []
    /// Frames per sweep, 2...10000 (default 120).
    var frames = 120
    /// Row bands rendered in parallel, 1...64 (default 1).
    var threads = 1
    /// Measured sweeps per effect and operation, 1...100, after one discarded warm-up sweep
    /// (default 3); each frame's cost is its minimum over them.
    var repeats = 3
    var jsonPath: String?
    var baselinePath: String?
    /// Allowed slowdown against the baseline before failing, as a fraction (default 0.10:
    /// with the warm-up, the reused frame buffers and the per-frame minimum over the repeats,
    /// back-to-back runs of one build on an idle machine differ by a few percent; on a shared
    /// virtual machine by more, up to 14 % on some p50s of the 2-core EPYC VM, whose plain
    /// memcpy moved by up to 80 % between runs: raise it there).
    var threshold = 0.10
    var htmlPath: String?
    /// `--compare a:b` pairs: ratio rows a ÷ b within this run, or with `--baseline` this
    /// run's a ÷ the baseline's b.
    var comparisons: [EffectPair] = []
    /// `--damage`: also sweep each effect and operation redrawing only what changed since the
    /// previous frame (`DamageRegion`), reported as separate rows ("push (damage)").
    var damage = false
    /// `--many-layer`: also sweep each effect and operation with the outgoing screen a list of
    /// 200 live layers (`ManyLayerScreen`) and with the same list flattened into one bitmap,
    /// reported as rows of their own ("push (many-layer)", "push (flat)").
    var manyLayer = false
    /// `--param name=value` settings of the one effect `effects` names, read and validated by
    /// the effect registry (as `render`'s); empty: every parameter at its default.
    var parameters: [String: String] = [:]
}

struct RenderRequest: Equatable {
    var scene = SceneOptions(size: CGSize(width: 393, height: 852), scale: 1)
    var effect: String
    var operation: TransitionOperation?
    /// One frame at this progress (0...1), or nil for an animation.
    var progress: Double?
    /// Frames of an animation (2...1000; default 30 when neither progress nor frames is given).
    var frames: Int?
    /// Contact-sheet columns (1...32), nil → APNG.
    var sheetColumns: Int?
    /// `--param name=value` settings, read and validated by the effect registry.
    var parameters: [String: String] = [:]
    /// Row bands the `progress` frame is drawn in, exactly (1...64, default 1;
    /// `RenderOptions.threads` with the count not chosen per frame), to check that banding
    /// leaves the picture unchanged.
    var threads = 1
    /// The PNG (APNG, sheet) to write; nil only with `list`.
    var outPath: String?
    /// `--list`: print the frame's display list (`Compositor.displayList(for:size:)`).
    var list = false
}

struct PlayRequest: Equatable {
    var scene = SceneOptions(size: CGSize(width: 320, height: 480), scale: 1)
    var effect: String
    var operation: TransitionOperation
    var gesturePath: String
    var json = false
    /// `--param name=value` settings, read and validated by the effect registry.
    var parameters: [String: String] = [:]
    var outPath: String?
}

/// A small hand-written parser: `--name value` or `--name=value` options, positional words.
/// Unknown options, missing values and bad numbers give a usage error naming the option and
/// what it accepts; nothing is run.
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws(BenchError) -> Command {
        var words = arguments[...]
        let verb = words.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        if verb != nil { words = words.dropFirst() }
        var options = try Options(words, jsonIsFlag: verb == "play")
        if options.flag("help") || options.flag("h") { return .help }
        switch verb {
        case nil, "run":
            var run = RunOptions()
            run.scene = try scene(&options, defaults: run.scene)
            if let e = options.value("effects") {
                run.effects = e.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                if run.effects.isEmpty { throw .usage("--effects needs a comma-separated list of effect names") }
                if let twice = run.effects.enumerated().first(where: { run.effects[..<$0.offset].contains($0.element) })?.element {
                    throw .usage("--effects names '\(twice)' twice; name each effect once")
                }
            }
            run.frames = try options.int("frames", in: 2...10_000) ?? run.frames
            run.threads = try options.int("threads", in: 1...64) ?? run.threads
            run.repeats = try options.int("repeat", in: 1...100) ?? run.repeats
            if options.isBare("json") { throw .usage("--json needs a file path: --json out.json") }
            run.jsonPath = try options.path("json")
            run.baselinePath = try options.path("baseline")
            run.threshold = try options.double("threshold", in: 0...100) ?? run.threshold
            run.htmlPath = try options.path("html")
            run.damage = options.flag("damage")
            run.manyLayer = options.flag("many-layer")
            if run.manyLayer && (run.scene.fromPath != nil || run.scene.toPath != nil) {
                throw .usage("--many-layer draws the built-in list screen; it cannot be combined with --from/--to")
            }
            for text in options.values("compare") {
                let pair = try EffectPair(parsing: text)
                guard !run.comparisons.contains(pair) else { throw .usage("--compare \(pair) is given twice") }
                run.comparisons.append(pair)
            }
            run.parameters = try parameters(options.values("param"))
            if !run.parameters.isEmpty && run.effects.count != 1 {
                throw .usage(
                    "--param sets a parameter of one effect: name it alone with --effects "
                        + "(e.g. --effects dragdismiss --param behindviewscale=1; --effects 'a+b' --param a.duration=0.5)")
            }
            if let json = run.jsonPath, json == run.htmlPath {
                throw .usage("--json and --html name the same file '\(json)'; the HTML page would replace the JSON report")
            }
            try options.finish(allowingPositional: 0)
            return .run(run)
        case "list":
            try options.finish(allowingPositional: 0)
            return .list
        case "help":
            return .help
        case "render":
            guard let effect = options.positional.first else {
                throw .usage("render needs an effect name: effect-bench render <effect> --out file.png")
            }
            let list = options.flag("list")
            let out = try options.path("out")
            guard out != nil || list else { throw .usage("render needs --out file.png (or --list with --progress P)") }
            var r = RenderRequest(effect: effect, outPath: out)
            r.list = list
            r.scene = try scene(&options, defaults: r.scene)
            r.operation = try options.value("operation").map(operation)
            r.progress = try options.double("progress", in: 0...1)
            r.frames = try options.int("frames", in: 2...1000)
            r.sheetColumns = try options.int("sheet", in: 1...32)
            if let n = try options.int("threads", in: 1...64) {
                guard r.progress != nil else {
                    throw .usage(
                        r.frames == nil
                            ? "--threads needs --progress P (it draws one frame in N row bands)"
                            : "--threads applies to one frame (--progress P), not to --frames")
                }
                r.threads = n
            }
            if r.list && r.progress == nil {
                throw .usage("--list prints one frame's display list: it needs --progress P")
            }
            if r.progress != nil && (r.frames != nil || r.sheetColumns != nil) {
                throw .usage("--progress draws one frame; it cannot be combined with --frames or --sheet")
            }
            r.parameters = try parameters(options.values("param"))
            try options.finish(allowingPositional: 1)
            return .render(r)
        case "play":
            guard let effect = options.positional.first else {
                throw .usage("play needs an effect name: effect-bench play <effect> --operation pop --gesture trace.json")
            }
            guard let op = try options.value("operation").map(operation) else { throw .usage("play needs --operation pop|dismiss|tab") }
            guard op == .pop || op == .dismiss || op == .tab else {
                throw .usage("play --operation must be pop, dismiss or tab (interactive), got \(op.rawValue)")
            }
            guard let gesture = try options.path("gesture") else { throw .usage("play needs --gesture trace.json") }
            var p = PlayRequest(effect: effect, operation: op, gesturePath: gesture)
            p.scene = try scene(&options, defaults: p.scene)
            p.json = options.flag("json")
            p.outPath = try options.path("out")
            p.parameters = try parameters(options.values("param"))
            try options.finish(allowingPositional: 1)
            return .play(p)
        case let other?:
            throw .usage("unknown command '\(other)'; accepted: run, list, render, play, help")
        }
    }

    private static func scene(_ options: inout Options, defaults: SceneOptions) throws(BenchError) -> SceneOptions {
        var s = defaults
        if let v = options.value("size") { s.size = try size(v) }
        s.scale = try options.double("scale", in: 0.5...8).map { CGFloat($0) } ?? s.scale
        s.fromPath = try options.path("from")
        s.toPath = try options.path("to")
        let pixels = (s.size.width * s.scale, s.size.height * s.scale)
        guard pixels.0 >= 1, pixels.1 >= 1, pixels.0 <= CGFloat(Bitmap.maximumDimension), pixels.1 <= CGFloat(Bitmap.maximumDimension) else {
            throw .usage(
                "--size \(number(s.size.width))x\(number(s.size.height)) at --scale \(number(s.scale)) gives \(number(pixels.0))x\(number(pixels.1)) pixels; accepted: 1...\(Bitmap.maximumDimension) pixels a side"
            )
        }
        return s
    }

    /// `v` for a message: whole numbers without a fraction ("393"), others as Swift prints them ("0.001").
    static func number(_ v: CGFloat) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }

    static func size(_ text: String) throws(BenchError) -> CGSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0, w <= 16384, h <= 16384
        else {
            throw .usage("--size '\(text)' is not WIDTHxHEIGHT in points (e.g. 393x852, each 0 < side <= 16384)")
        }
        return CGSize(width: w, height: h)
    }

    static func operation(_ text: String) throws(BenchError) -> TransitionOperation {
        guard let op = TransitionOperation(rawValue: text) else {
            throw .usage("--operation '\(text)' is unknown; accepted: \(TransitionOperation.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return op
    }

    /// `--param name=value` pairs as name → text; the registry reads the text against the
    /// effect's parameters (`EffectRegistry.makeEffect(named:settings:)`). Names are matched
    /// whatever their case (parameter names are declared lowercase, so `behindViewScale`, as a
    /// UIKit user writes it, is `behindviewscale`); values are passed on as given.
    static func parameters(_ pairs: [String]) throws(BenchError) -> [String: String] {
        var out: [String: String] = [:]
        for pair in pairs {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv.count == 2, !kv[0].isEmpty, !kv[1].isEmpty else {
                throw .usage("--param '\(pair)' is not name=value (e.g. --param duration=0.5, --param popstyle=conceal)")
            }
            let name = kv[0].lowercased()
            guard out[name] == nil else { throw .usage("--param \(name) is given twice") }
            out[name] = String(kv[1])
        }
        return out
    }
}

/// Option storage while parsing: every option must be consumed, or it is an error.
struct Options {
    private var named: [(name: String, value: String?)] = []
    private var used = Set<Int>()
    private var single = Set<String>()
    /// Names read as flags (`flag`): each may be given once, without a value.
    private var flags = Set<String>()
    private(set) var positional: [String] = []

    /// Reads `words`. `--help`, `-h`, `--damage`, `--many-layer` and `--list` are flags; `--json` is one when `jsonIsFlag` (play's
    /// `--json`), otherwise it takes the next word as its path (run's `--json out.json`, any
    /// file name) unless that word is missing or an option, so run can say the path is missing.
    init(_ words: ArraySlice<String>, jsonIsFlag: Bool) throws(BenchError) {
        var i = words.startIndex
        func isOption(_ w: String) -> Bool { w.hasPrefix("-") && w.count > 1 && Double(w) == nil }
        while i < words.endIndex {
            let w = words[i]
            if isOption(w) {
                let body = w.drop(while: { $0 == "-" })
                let name = String(body)
                if let eq = body.firstIndex(of: "=") {
                    named.append((String(body[..<eq]), String(body[body.index(after: eq)...])))
                } else if name == "help" || name == "h" || name == "damage" || name == "many-layer" || name == "list"
                    || (name == "json" && (jsonIsFlag || i + 1 == words.endIndex || isOption(words[i + 1])))
                {
                    named.append((String(body), nil))
                } else {
                    guard i + 1 < words.endIndex else { throw .usage("option --\(body) needs a value") }
                    named.append((String(body), words[i + 1]))
                    i += 1
                }
            } else {
                positional.append(w)
            }
            i += 1
        }
    }

    mutating func value(_ name: String) -> String? {
        single.insert(name)
        guard let i = named.lastIndex(where: { $0.name == name }) else { return nil }
        for j in named.indices where named[j].name == name { used.insert(j) }
        return named[i].value
    }

    /// The file path given to `--name` (nil when absent); `--name=` with nothing after the `=`
    /// is a usage error, not a path to the current directory.
    mutating func path(_ name: String) throws(BenchError) -> String? {
        guard let v = value(name) else { return nil }
        guard !v.isEmpty else { throw .usage("--\(name) names an empty path; give a file path after it") }
        return v
    }

    mutating func values(_ name: String) -> [String] {
        var out: [String] = []
        for j in named.indices where named[j].name == name {
            used.insert(j)
            if let v = named[j].value { out.append(v) }
        }
        return out
    }

    /// Whether the flag `--name` is given (bare). Every occurrence is consumed here; `finish`
    /// rejects the flag given twice or with a value (`--damage=1`).
    mutating func flag(_ name: String) -> Bool {
        flags.insert(name)
        for j in named.indices where named[j].name == name { used.insert(j) }
        return named.contains { $0.name == name && $0.value == nil }
    }

    /// Whether `--name` is given without a value, consuming nothing (run's `--json` missing its path).
    func isBare(_ name: String) -> Bool { named.contains { $0.name == name && $0.value == nil } }

    mutating func int(_ name: String, in range: ClosedRange<Int>) throws(BenchError) -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw .usage("--\(name) '\(v)' is not an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return n
    }

    mutating func double(_ name: String, in range: ClosedRange<Double>) throws(BenchError) -> Double? {
        guard let v = value(name) else { return nil }
        guard let n = Double(v), n.isFinite, range.contains(n) else {
            throw .usage("--\(name) '\(v)' is not a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return n
    }

    func finish(allowingPositional count: Int) throws(BenchError) {
        for name in flags.sorted() {
            let given = named.filter { $0.name == name }
            if let value = given.lazy.compactMap(\.value).first {
                throw .usage("option --\(name) takes no value, got --\(name)=\(value)")
            }
            if given.count > 1 { throw .usage("option --\(name) is given more than once") }
        }
        for name in single.sorted() where named.filter({ $0.name == name }).count > 1 {
            throw .usage("option --\(name) is given more than once")
        }
        if let i = named.indices.first(where: { !used.contains($0) }) {
            throw .usage("unknown option --\(named[i].name) for this command; see effect-bench --help")
        }
        if positional.count > count {
            throw .usage("unexpected argument '\(positional[count])'; see effect-bench --help")
        }
    }
}
