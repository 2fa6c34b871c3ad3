/// `effect-bench --help`.
enum HelpText {
    static let text = """
        effect-bench: per-frame cost and pictures of TransitionKit's transition effects

        usage:
          effect-bench [run] [--effects a,b] [--size 393x852] [--scale 3] [--frames 120]
                       [--threads N] [--from a.png --to b.png] [--json out.json]
                       [--baseline old.json] [--threshold 0.10] [--html report.html]
          effect-bench list
          effect-bench render <effect> [--operation push|pop|present|dismiss]
                       [--progress P | --frames N [--sheet C]] [--from a.png --to b.png]
                       [--size WxH] [--scale S] [--param key=value]... --out file.png
          effect-bench play <effect> --operation pop|dismiss --gesture trace.json
                       [--from a.png --to b.png] [--size WxH] [--scale S] [--json] [--out file.png]

        run     sweeps every effect and operation from progress 0 to 1 and prints model cost
                (driver tick + effect, ns), render cost (ms), frames over the 60/120 Hz budgets
                and heap allocations per frame. Build with -c release.
        render  --progress P: one PNG at progress P; --frames N: an APNG of N frames in time;
                --sheet C: those frames as a contact sheet with C columns.
        play    replays a recorded touch trace (JSON) as an interactive pop or dismiss.

        --from is the outgoing screen (on top before the operation), --to the incoming one;
        both fill the view like scaleAspectFill. Without them a built-in scene is drawn.
        exit status: 0 ok, 1 failure, 2 bad arguments, 3 regression against --baseline.
        """
}
