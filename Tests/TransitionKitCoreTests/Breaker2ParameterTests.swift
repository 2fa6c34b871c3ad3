import Foundation
import Testing
import TransitionKitCore

/// Breaking `AnyEffectParameter.value(fromText:)` and `text(for:)`: every kind's text reads back
/// to the same value (documented: "`value` as text the parameter reads back"), garbage, NaN,
/// infinities and out-of-range values throw `invalidText`, a value of another type gives nil.
@Suite struct Breaker2ParameterTests {
    enum Style: String, CaseIterable, Sendable { case reveal, conceal, both2 }

    static let number = AnyEffectParameter(
        EffectParameter.number("duration", summary: "s", unit: "seconds", default: 0.33, range: -2...1e300, source: "t"))
    static let whole = AnyEffectParameter(
        EffectParameter.number("count", summary: "n", unit: "", default: 3, range: 1...1e18, wholeNumbers: true, source: "t"))
    static let choice = AnyEffectParameter(EffectParameter<Style>.choice("style", summary: "c", default: .reveal, source: "t"))
    static let flag = AnyEffectParameter(EffectParameter.flag("on", summary: "f", default: true, source: "t"))
    static let point = AnyEffectParameter(EffectParameter.point("center", summary: "p", default: CGPoint(x: 1, y: 2), source: "t"))
    static let color = AnyEffectParameter(EffectParameter.color("tint", summary: "c", default: .white, source: "t"))

    func roundTrip(_ p: AnyEffectParameter, _ value: any Sendable & Hashable) throws -> AnyHashable? {
        guard let text = p.text(for: value) else { return nil }
        return AnyHashable(try p.value(fromText: text))
    }

    @Test func numbersRoundTrip() throws {
        let values: [Double] = [
            0.33, -2, 1e300, 0, -0.0, 1 / 3, .pi, 1e-300, .leastNonzeroMagnitude, 0.1 + 0.2, 123_456_789.123_456_789, 1e15 - 1, 1e15, 9.5e14 + 0.5,
        ]
        for v in values {
            #expect(try roundTrip(Self.number, v) == AnyHashable(v), "\(v) as \(Self.number.text(for: v) ?? "nil")")
        }
        for v: Double in [1, 2, 999_999_999_999_999, 1e15, 1e17, 1e18] {
            #expect(try roundTrip(Self.whole, v) == AnyHashable(v), "whole \(v) as \(Self.whole.text(for: v) ?? "nil")")
        }
    }

    @Test func otherKindsRoundTrip() throws {
        for s in Style.allCases { #expect(try roundTrip(Self.choice, s) == AnyHashable(s)) }
        for b in [true, false] { #expect(try roundTrip(Self.flag, b) == AnyHashable(b)) }
        let points = [CGPoint(x: 0.1, y: -0.2), CGPoint(x: 1e300, y: -1e-300), CGPoint(x: 1e15, y: 12.5), CGPoint(x: -0.0, y: 0)]
        for p in points { #expect(try roundTrip(Self.point, p) == AnyHashable(p), "\(p) as \(Self.point.text(for: p) ?? "nil")") }
        let colors = [
            Color.white, Color(red: 0, green: 0, blue: 0, alpha: 0), Color(red8: 1, green8: 128, blue8: 254, alpha8: 3),
            Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4), Color(red: 1e-300, green: 1, blue: 0.5, alpha: 1),
            Color(red: 17.0 / 255, green: 0, blue: 1, alpha: 254.0 / 255),
        ]
        for c in colors { #expect(try roundTrip(Self.color, c) == AnyHashable(c), "\(c) as \(Self.color.text(for: c) ?? "nil")") }
    }

    @Test func garbageAndOutOfRangeThrowInvalidText() {
        let cases: [(AnyEffectParameter, [String])] = [
            (Self.number, ["", " ", "nan", "NaN", "inf", "-inf", "infinity", "1e400", "-2.0000001", "0.5s", "1,5", "0x", "--1", "\u{0}"]),
            (Self.whole, ["0", "1.5", "1e19", "nan", "2.0000000001", "-1"]),
            (Self.choice, ["", "rev", "reveal ", "both", "Ｒeveal", "reveal,conceal"]),
            (Self.flag, ["", "2", "tru", "yes!", "on", "nan"]),
            (Self.point, ["", "1", "1,2,3", "1,", ",2", "nan,1", "1,inf", "1;2", "1e400,0"]),
            (
                Self.color,
                ["", "#", "#fff", "#ggggggg", "#1234567", "#123456789", "#ＦＦＦＦＦＦ", "1,1", "1,1,1,1,1", "2,0,0", "-0.1,0,0", "nan,0,0", "0,0,0,inf"]
            ),
        ]
        for (p, texts) in cases {
            for text in texts {
                do {
                    let v = try p.value(fromText: text)
                    Issue.record("\(p.name): '\(text)' accepted as \(v)")
                } catch {
                    if case .invalidText(let name, let t, _) = error {
                        #expect(name == p.name && t == text)
                    } else {
                        Issue.record("\(p.name): '\(text)' threw \(error), not invalidText")
                    }
                }
            }
        }
    }

    @Test func aValueOfAnotherTypeHasNoText() {
        #expect(Self.number.text(for: 1 as Int) == nil)
        #expect(Self.number.text(for: Float(1)) == nil)
        #expect(Self.flag.text(for: "true") == nil)
        #expect(Self.point.text(for: 1.0) == nil)
        #expect(Self.color.text(for: RGBA8.white) == nil)
        #expect(Self.choice.text(for: "reveal") == nil)
    }

    /// The text of the default is the parameter's `defaultText`, and it reads back.
    @Test func defaultsReadBack() throws {
        for p in [Self.number, Self.whole, Self.choice, Self.flag, Self.point, Self.color] {
            let v = try p.value(fromText: p.defaultText)
            #expect(p.text(for: v) == p.defaultText, "\(p.name)")
        }
    }
}
