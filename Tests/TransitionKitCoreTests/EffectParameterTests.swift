import Foundation
import Testing
import TransitionKitCore

/// Typed effect parameters: each kind reads the text forms its documentation lists and
/// rejects the rest with the exact message; `EffectParameters` sets, reads back and writes
/// text; the registry names unknown effects and parameters. Expected values are the
/// documented text forms (`EffectParameterKind`) and, for colours, n/255 of the hex digits.
@Suite struct EffectParameterTests {
    enum Side: String, CaseIterable, Sendable, Hashable { case left, right }

    static let duration = EffectParameter.number(
        "duration", summary: "length", unit: "seconds", default: 0.33, range: 0...10, source: "test")
    static let count = EffectParameter.number("count", summary: "how many", unit: "", default: 2, range: 1...8, wholeNumbers: true, source: "test")
    static let side = EffectParameter<Side>.choice("side", summary: "edge", default: .left, source: "test")
    static let bounces = EffectParameter.flag("bounces", summary: "overshoot", default: true, source: "test")
    static let origin = EffectParameter.point("origin", summary: "start", default: CGPoint(x: 1, y: 2), source: "test")
    static let tint = EffectParameter.color("tint", summary: "colour", default: .black, source: "test")
    static let all = [
        AnyEffectParameter(duration), AnyEffectParameter(count), AnyEffectParameter(side), AnyEffectParameter(bounces),
        AnyEffectParameter(origin), AnyEffectParameter(tint),
    ]

    @Test func numberReadsFiniteTextInRange() throws {
        #expect(try Self.duration.value(fromText: "0.5") == 0.5)
        #expect(try Self.duration.value(fromText: " 10 ") == 10)
        #expect(try Self.duration.value(fromText: "1e-3") == 0.001)
        #expect(try Self.count.value(fromText: "8") == 8)
        for bad in ["", "abc", "nan", "inf", "-0.1", "10.000001", "0x"] {
            #expect(throws: TransitionKitError.invalidText(name: "duration", text: bad, accepted: "a number in 0...10 seconds")) {
                try Self.duration.value(fromText: bad)
            }
        }
        #expect(throws: TransitionKitError.invalidText(name: "count", text: "2.5", accepted: "a whole number in 1...8")) {
            try Self.count.value(fromText: "2.5")
        }
    }

    @Test func choiceReadsCaseNames() throws {
        #expect(try Self.side.value(fromText: "right") == .right)
        #expect(try Self.side.value(fromText: "LEFT") == .left)
        for bad in ["", "1", "up", "lef"] {
            #expect(throws: TransitionKitError.invalidText(name: "side", text: bad, accepted: "one of left, right")) {
                try Self.side.value(fromText: bad)
            }
        }
    }

    @Test func flagReadsTheSixWords() throws {
        for (text, value) in [("true", true), ("yes", true), ("1", true), ("false", false), ("no", false), ("0", false), ("TRUE", true)] {
            #expect(try Self.bounces.value(fromText: text) == value, "\(text)")
        }
        #expect(throws: TransitionKitError.invalidText(name: "bounces", text: "maybe", accepted: "one of true, false, yes, no, 1, 0")) {
            try Self.bounces.value(fromText: "maybe")
        }
    }

    @Test func pointReadsXCommaY() throws {
        #expect(try Self.origin.value(fromText: "12.5,-40") == CGPoint(x: 12.5, y: -40))
        #expect(try Self.origin.value(fromText: " 3 , 4 ") == CGPoint(x: 3, y: 4))
        for bad in ["", "1", "1,2,3", "nan,0", "0,inf", "a,b", "1;2"] {
            #expect(throws: TransitionKitError.invalidText(name: "origin", text: bad, accepted: "a point x,y (two finite numbers, points)")) {
                try Self.origin.value(fromText: bad)
            }
        }
    }

    @Test func colourReadsHexAndComponents() throws {
        // Hex digits are bytes n, read as n/255 (Color(red8:…)).
        #expect(try Self.tint.value(fromText: "#ff8000") == Color(red: 1, green: 128.0 / 255, blue: 0))
        #expect(try Self.tint.value(fromText: "#FF800080") == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))
        #expect(try Self.tint.value(fromText: "0.2,0.4,0.6") == Color(red: 0.2, green: 0.4, blue: 0.6))
        #expect(try Self.tint.value(fromText: "1,1,1,0") == Color(red: 1, green: 1, blue: 1, alpha: 0))
        let accepted = "a colour #rrggbb, #rrggbbaa or r,g,b[,a] with components 0...1"
        for bad in ["", "#fff", "#12345", "#1234567", "#gggggg", "ff8000", "1.5,0,0", "0,0", "0,0,0,0,0", "nan,0,0", "-0.1,0,0"] {
            #expect(throws: TransitionKitError.invalidText(name: "tint", text: bad, accepted: accepted)) { try Self.tint.value(fromText: bad) }
        }
    }

    @Test func listingText() {
        #expect(Self.all.map(\.kind.name) == ["number", "number", "choice", "flag", "point", "color"])
        #expect(
            Self.all.map(\.acceptedText) == [
                "0...10 seconds", "1...8 whole", "left | right", "true | false", "x,y points", "#rrggbb | #rrggbbaa | r,g,b[,a]",
            ])
        #expect(Self.all.map(\.defaultText) == ["0.33", "2", "left", "true", "1,2", "#000000"])
    }

    @Test func parametersDefaultsTextAndSetting() throws {
        let defaults = EffectParameters(Self.all)
        #expect(defaults[Self.duration] == 0.33 && defaults[Self.side] == .left && defaults[Self.bounces])
        #expect(defaults[Self.origin] == CGPoint(x: 1, y: 2) && defaults[Self.tint] == .black)
        let text = ["duration": "0.5", "side": "right", "bounces": "no", "origin": "3,4", "tint": "#ff000080", "count": "5"]
        let p = try EffectParameters(Self.all, text: text)
        #expect(p[Self.duration] == 0.5 && p[Self.side] == .right && !p[Self.bounces] && p[Self.count] == 5)
        #expect(p[Self.origin] == CGPoint(x: 3, y: 4) && p[Self.tint] == Color(red8: 255, green8: 0, blue8: 0, alpha8: 128))
        // Written as text (a flag as true/false) and read back: the same values.
        #expect(p.textValues == text.merging(["bounces": "false"]) { $1 })
        #expect(try EffectParameters(Self.all, text: p.textValues) == p)
        // A colour that is not a whole number of 255ths is written as components and still reads back.
        let odd = try defaults.setting(Self.tint, to: Color(red: 0.3, green: 0.2, blue: 0.1))
        #expect(odd.textValues["tint"] == "0.3,0.2,0.1,1")
        #expect(try EffectParameters(Self.all, text: odd.textValues) == odd)

        let set = try defaults.setting(Self.duration, to: 2).setting(Self.side, to: .right)
        #expect(set[Self.duration] == 2 && set[Self.side] == .right && set != defaults)
        #expect(throws: TransitionKitError.invalidText(name: "duration", text: "11", accepted: "a number in 0...10 seconds")) {
            try defaults.setting(Self.duration, to: 11)
        }
        #expect(throws: TransitionKitError.invalidText(name: "origin", text: "nan,0", accepted: "a point x,y (two finite numbers, points)")) {
            try defaults.setting(Self.origin, to: CGPoint(x: CGFloat.nan, y: 0))
        }
        let undeclared = EffectParameter.number("speed", summary: "", unit: "", default: 1, range: 0...2, source: "test")
        #expect(throws: TransitionKitError.unknownName(kind: "parameter", name: "speed", accepted: Self.all.map(\.name))) {
            try defaults.setting(undeclared, to: 1)
        }
        #expect(throws: TransitionKitError.unknownName(kind: "parameter", name: "durration", accepted: Self.all.map(\.name))) {
            try EffectParameters(Self.all, text: ["durration": "1"])
        }
    }

    @Test func unknownNameMessages() {
        let registered = ["radial", "fade", "pushback3d", "dragdismiss"]
        #expect(
            TransitionKitError.unknownName(kind: "effect", name: "irs", accepted: registered).description
                == "unknown effect 'irs'; registered: radial, fade, pushback3d, dragdismiss")
        #expect(
            TransitionKitError.unknownName(kind: "effect", name: "radail", accepted: registered).description
                == "unknown effect 'radail'; registered: radial, fade, pushback3d, dragdismiss; did you mean 'radial'?")
        #expect(
            TransitionKitError.unknownName(kind: "effect", name: "irs", accepted: ["iris", "radial"]).description
                == "unknown effect 'irs'; registered: iris, radial; did you mean 'iris'?")
        #expect(
            TransitionKitError.unknownName(kind: "radial parameter", name: "durr", accepted: ["duration", "popstyle"]).description
                == "unknown radial parameter 'durr'; accepted: duration, popstyle")
        #expect(TransitionKitError.unknownName(kind: "effect", name: "x", accepted: []).description == "unknown effect 'x'; none registered")
        #expect(
            TransitionKitError.invalidText(name: "popstyle", text: "foo", accepted: "one of reveal, conceal").description
                == "parameter 'popstyle': 'foo' is not one of reveal, conceal")
    }
}

/// A choice with an empty case (it cannot be given as `--param name=`).
enum EmptyChoice: String, CaseIterable, Sendable, Hashable {
    case none = ""
    case some
}
/// A choice whose cases differ only in letter case (the text is compared ignoring it, so
/// the second could never be chosen).
enum CaseTwinChoice: String, CaseIterable, Sendable, Hashable {
    case lower = "on"
    case upper = "ON"
}

/// Choice parameters whose cases cannot all be given as text trap when declared, with a
/// message naming the parameter, instead of listing values that cannot be chosen.
@Suite struct ChoiceDeclarationTests {
    @Test func aChoiceWithAnEmptyCaseTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = EffectParameter<EmptyChoice>.choice("mode", summary: "m", default: .some, source: "test")
        }
    }

    @Test func aChoiceWithCasesDifferingOnlyInLetterCaseTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = EffectParameter<CaseTwinChoice>.choice("mode", summary: "m", default: .lower, source: "test")
        }
    }
}
