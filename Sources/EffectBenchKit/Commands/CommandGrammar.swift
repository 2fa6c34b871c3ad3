import Foundation

/// effect-bench's command grammar: one row per command form, the single source of the usage
/// block of `effect-bench --help` and of the grammar block in README.md ("effect-bench"); a
/// test (`HelpTextTests`) fails when the README's block differs from `usageLines`. Defaults
/// shown in the grammar are read from the option types, so they cannot drift from the parser.
enum CommandGrammar {
    /// One command form: its words, its option groups in order (each kept on one line when
    /// wrapping), and an optional one-line remark shown after `#`.
    struct Form {
        var command: String
        var options: [String]
        var remark: String?
    }

    /// Every form, in the order `--help` and the README show them.
    static var forms: [Form] {
        let run = RunOptions()
        let size = "\(Int(run.scene.size.width))x\(Int(run.scene.size.height))"
        return [
            Form(command: "effect-bench", options: [], remark: "= run: every registered effect, default scene, table"),
            Form(
                command: "effect-bench run",
                options: [
                    "[--effects a,b]", "[--size \(size)]", "[--scale \(format(run.scene.scale))]", "[--frames \(run.frames)]",
                    "[--repeat \(run.repeats)]", "[--threads N]", "[--from a.png --to b.png]", "[--json out.json]", "[--baseline old.json]",
                    "[--threshold \(format(run.threshold))]", "[--html report.html]", "[--compare a:b]...", "[--damage]", "[--many-layer]",
                    "[--param name=value]...",
                ]),
            Form(command: "effect-bench list", options: [], remark: "effects, their parameters and accepted values"),
            Form(
                command: "effect-bench render <effect>",
                options: [
                    "[--operation push|pop|present|dismiss|tab]", "[--progress P | --frames N [--sheet C]]", "[--from a.png --to b.png]",
                    "[--size WxH]", "[--scale S]", "[--param name=value]...", "[--threads N]", "--out file.png | --progress P --list",
                ]),
            Form(
                command: "effect-bench play <effect>",
                options: [
                    "--operation pop|dismiss|tab", "--gesture trace.json", "[--from a.png --to b.png]", "[--size WxH]", "[--scale S]",
                    "[--param name=value]...", "[--json]", "[--out file.png]",
                ]),
        ]
    }

    /// Longest line of the wrapped grammar, in characters.
    static let width = 95
    /// Column where continuation lines and remarks start.
    static let indent = 17
    /// Column where `#` remarks start on a form without options.
    static let remarkColumn = 35

    /// The grammar as lines: each form's options wrapped at `width`, continuation lines
    /// indented to `indent`, remarks aligned at `remarkColumn`.
    static var usageLines: [String] {
        var lines: [String] = []
        for form in forms {
            var line = form.command
            for option in form.options {
                if line.count + 1 + option.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: indent) + option
                } else {
                    line += " " + option
                }
            }
            if let remark = form.remark {
                line = line.padding(toLength: max(remarkColumn, line.count + 1), withPad: " ", startingAt: 0) + "# " + remark
            }
            lines.append(line)
        }
        return lines
    }

    /// A number as the grammar shows it: whole numbers without a fraction (`3`, `120`), others
    /// with the digits they need (`0.25`).
    private static func format<T: BinaryFloatingPoint>(_ value: T) -> String {
        let d = Double(value)
        return d == d.rounded() ? String(Int(d)) : String(d)
    }
}
