import Foundation
import TransitionKitCore

/// One value the HUD edits live: a number, choice or flag parameter whole, or one coordinate
/// of a point or one component of a colour. Tab walks the fields, up/down step the chosen one
/// (shift: a tenth of the step), each within its range:
/// - a number: 1/20 of its declared range (1 for whole numbers; shift 1/200, whole numbers
///   still 1), clamped to the range;
/// - a choice: the next or previous case, wrapping; a flag: toggled;
/// - a point's x or y (points): 1/20 of the scene's width or height (shift 1/200), clamped to
///   ±half of it. A point declares finite coordinates only; an offset within the container is
///   what a point parameter places (Zoom's `sourceoffset`: thumbnail centre minus container
///   centre), so the container bounds the edit;
/// - a colour's red, green, blue or alpha: 17/255 (shift 1/255), clamped to the declared
///   0...1, so a colour of whole bytes stays one (`#rrggbb`).
struct ParameterField: Equatable {
    let parameter: AnyEffectParameter
    /// nil: the whole value; 0, 1 a point's x, y; 0...3 a colour's red, green, blue, alpha.
    let component: Int?

    /// Every field of `parameters`, in declaration order, a point's and a colour's components
    /// in order.
    static func fields(of parameters: [AnyEffectParameter]) -> [ParameterField] {
        parameters.flatMap { p -> [ParameterField] in
            switch p.kind {
            case .point: return (0..<2).map { ParameterField(parameter: p, component: $0) }
            case .color: return (0..<4).map { ParameterField(parameter: p, component: $0) }
            case .number, .choice, .flag: return [ParameterField(parameter: p, component: nil)]
            }
        }
    }

    /// `name`, or `name.x`, `name.r` for a component.
    var label: String {
        guard let component else { return parameter.name }
        let names = parameter.kind == .point ? ["x", "y"] : ["r", "g", "b", "a"]
        return "\(parameter.name).\(names[component])"
    }

    /// What the HUD shows for the parameter's `text`: the field's value and unit (`0.33
    /// seconds`, `-19.5 points`, `0.200 of #00000033`).
    func shown(_ text: String) -> String {
        let unit = parameter.unit.isEmpty ? "" : " \(parameter.unit)"
        switch (parameter.kind, component) {
        case (.point, let c?):
            guard let p = (try? parameter.value(fromText: text)) as? CGPoint else { return text }
            return String(format: "%g", Double(c == 0 ? p.x : p.y)) + unit
        case (.color, let c?):
            guard let color = (try? parameter.value(fromText: text)) as? Color else { return text }
            return String(format: "%.3f of %@", Double(Self.components(color)[c]), text)
        default:
            return text + unit
        }
    }

    /// The parameter's text after one step of the field in `direction` (+1 up, -1 down), or
    /// nil when `text` is not a value of the parameter.
    /// - Parameters:
    ///   - fine: a tenth of the step (shift).
    ///   - container: the scene's size in points (a point's range).
    func stepped(_ text: String, by direction: Int, fine: Bool, container: CGSize) -> String? {
        let d = Double(direction)
        switch parameter.kind {
        case .number(let range, let whole):
            guard let value = (try? parameter.value(fromText: text)) as? Double else { return nil }
            let step = whole ? 1 : (range.upperBound - range.lowerBound) / (fine ? 200 : 20)
            var moved = min(range.upperBound, max(range.lowerBound, value + d * step))
            moved = whole ? moved.rounded() : Self.tidy(moved)
            return parameter.text(for: moved)
        case .choice(let cases):
            let i = cases.firstIndex(of: text.lowercased()) ?? 0
            return cases[((i + direction) % cases.count + cases.count) % cases.count]
        case .flag:
            guard let value = (try? parameter.value(fromText: text)) as? Bool else { return nil }
            return parameter.text(for: !value)
        case .point:
            guard var p = (try? parameter.value(fromText: text)) as? CGPoint, let c = component else { return nil }
            let side = Double(c == 0 ? container.width : container.height)
            let v = Double(c == 0 ? p.x : p.y) + d * side / (fine ? 200 : 20)
            let clamped = CGFloat(Self.tidy(min(side / 2, max(-side / 2, v))))
            if c == 0 { p.x = clamped } else { p.y = clamped }
            return parameter.text(for: p)
        case .color:
            guard let color = (try? parameter.value(fromText: text)) as? Color, let c = component else { return nil }
            var parts = Self.components(color)
            parts[c] = min(1, max(0, parts[c] + CGFloat(d * (fine ? 1 : 17) / 255)))
            // Components that were whole bytes stay whole bytes (n/255 exactly).
            parts = parts.map { v in ((v * 255).rounded() / 255 - v).magnitude < 1e-9 ? (v * 255).rounded() / 255 : v }
            return parameter.text(for: Color(red: parts[0], green: parts[1], blue: parts[2], alpha: parts[3]))
        }
    }

    static func components(_ c: Color) -> [CGFloat] { [c.red, c.green, c.blue, c.alpha] }

    /// `v` to 6 decimal places, so steps of a decimal range read back as typed (`0.83`, not
    /// `0.8300000000000001`).
    static func tidy(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
}
