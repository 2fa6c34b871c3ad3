/// `effect-bench --help`: the usage block comes from `CommandGrammar` (shared with README.md).
enum HelpText {
    static var text: String {
        let usage = CommandGrammar.usageLines.map { "  " + $0 }.joined(separator: "\n")
        return """
            effect-bench: per-frame cost and pictures of TransitionKit's transition effects

            usage:
            \(usage)

            run     sweeps every effect and operation from progress 0 to 1 and prints model cost
                    (driver tick + effect, ns), render cost (ms), frames over the 60/120 Hz budgets
                    and heap allocations per frame. Build with -c release. --compare a:b adds
                    rows a ÷ b (p50) per shared operation; with --baseline, this run's a ÷ the
                    baseline's b. --param sets a parameter of the one effect --effects names.
                    × floor = render p50 ÷ a frame memcpy timed between frames; --baseline
                    judges its ratio. --many-layer adds rows with the outgoing screen a list of
                    200 live layers and the same list as one bitmap (layers, ns/layer, vs flat).
            render  --progress P: one PNG at progress P; --frames N: an APNG of N frames in time;
                    --sheet C: those frames as a contact sheet with C columns.
            play    replays a recorded touch trace (JSON) as an interactive pop, dismiss or tab
                    switch.

            an effect (also in --effects and --compare) is a registered name or a composition of
            them: a+b (at once), a>b (one after the other), staggered(a) (a cascade over the
            incoming view's subviews), parenthesised as needed; quote it in a shell. Its parts'
            parameters are --param <part>.<name>=value, plus split (a>b) and delay (staggered).

            --from is the outgoing screen (on top before the operation), --to the incoming one;
            both fill the view like scaleAspectFill. Without them a built-in scene is drawn.
            exit status: 0 ok, 1 failure, 2 bad arguments, 3 regression against --baseline
            (a × floor ratio over 1 + --threshold; the render ratio for a baseline without × floor).
            """
    }

    /// `text` for a bench program named `program` (a user's own bench executable built on
    /// `EffectBench.main`, e.g. `iris-bench`): every "effect-bench" in it names `program`.
    static func text(program: String) -> String {
        program == "effect-bench" ? text : text.replacingOccurrences(of: "effect-bench", with: program)
    }
}
