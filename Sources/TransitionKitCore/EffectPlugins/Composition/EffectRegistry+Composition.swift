import Foundation

extension EffectRegistry {
    /// The entry called `name`: a registered effect, or else a composition of registered
    /// effects written in the composed-name grammar, built on the spot (not registered):
    ///
    /// ```
    /// expression := term (('+' | '>') term)*     parallel, sequence; left to right, no precedence
    /// term       := name | '(' expression ')' | 'staggered(' expression ')'
    /// ```
    ///
    /// `radial>fade` is `SequentialEffect<Radial, Fade>`, `radial+fade>pushback3d` is
    /// `SequentialEffect<ParallelEffect<Radial, Fade>, PushBack3D>` (named
    /// `(radial+fade)>pushback3d`), `staggered(fade)` is `StaggeredEffect<Fade>`. Spaces are
    /// not accepted. The entry's `name` is the composition's own (`ComposedEffect`). A name
    /// has at most `maximumComposedNameLength` characters and `maximumComposedParts` effect
    /// names (a bound on the generic type built and on the reader's recursion). Each effect
    /// name appears at most once, and at most one `>` and one `staggered(` appear, because a
    /// composition's parameter names must not repeat (`fade.duration`, `split`, `delay`).
    /// - Throws: `TransitionKitError.unknownName` (listing the registered names) when `name`
    ///   is neither registered nor such an expression of registered names;
    ///   `TransitionKitError.invalidText` when it is longer or has more parts than allowed;
    ///   `TransitionKitError.invalidOperation` when the composition cannot be registered (its
    ///   parts share no operation, or its parameter names repeat: `fade+fade`).
    /// - Complexity: O(registered effects · operands + length of `name`).
    public func resolvedEntry(named name: String) throws(TransitionKitError) -> Entry {
        if let e = entry(named: name) { return e }
        let parts = name.split { $0 == "+" || $0 == ">" }.count
        guard name.count <= Self.maximumComposedNameLength, parts <= Self.maximumComposedParts else {
            throw .invalidText(
                name: "effect", text: String(name.prefix(40)) + (name.count > 40 ? "…" : ""),
                accepted: "a composed name of at most \(Self.maximumComposedParts) effects and \(Self.maximumComposedNameLength) characters")
        }
        var parser = CompositionParser(text: name, registry: self)
        guard name.isComposedEffectName, let type = parser.parse() else {
            throw .unknownName(kind: "effect", name: name, accepted: names)
        }
        func checked<E: TransitionEffect>(_ t: E.Type) throws(TransitionKitError) -> Entry { try Self.checkedEntry(t) }
        return try checked(type)
    }
}

extension EffectRegistry {
    /// The longest composed name `resolvedEntry(named:)` reads, characters.
    public static let maximumComposedNameLength = 200
    /// The most effect names a composed name may join.
    public static let maximumComposedParts = 8
}

/// A recursive-descent reader of the composed-name grammar (see
/// `EffectRegistry.resolvedEntry(named:)`), producing the composition's type.
private struct CompositionParser {
    let text: [Character]
    let registry: EffectRegistry
    var index = 0

    init(text: String, registry: EffectRegistry) {
        self.text = Array(text)
        self.registry = registry
    }

    /// The whole text as one expression, or nil.
    mutating func parse() -> (any TransitionEffect.Type)? {
        guard let t = expression(), index == text.count else { return nil }
        return t
    }

    private mutating func expression() -> (any TransitionEffect.Type)? {
        guard var left = term() else { return nil }
        while index < text.count, text[index] == "+" || text[index] == ">" {
            let op = text[index]
            index += 1
            guard let right = term() else { return nil }
            left = op == "+" ? parallel(left, right) : sequence(left, right)
        }
        return left
    }

    private mutating func term() -> (any TransitionEffect.Type)? {
        if index < text.count, text[index] == "(" {
            index += 1
            guard let inner = expression(), index < text.count, text[index] == ")" else { return nil }
            index += 1
            return inner
        }
        let start = index
        while index < text.count, text[index].isLetter || text[index].isNumber { index += 1 }
        let word = String(text[start..<index])
        if word == "staggered", index < text.count, text[index] == "(" {
            guard let inner = term() else { return nil }
            return staggered(inner)
        }
        return registry.entry(named: word)?.type
    }

    private func parallel<A: TransitionEffect, B: TransitionEffect>(_: A.Type, _: B.Type) -> any TransitionEffect.Type {
        ParallelEffect<A, B>.self
    }

    private func sequence<A: TransitionEffect, B: TransitionEffect>(_: A.Type, _: B.Type) -> any TransitionEffect.Type {
        SequentialEffect<A, B>.self
    }

    private func staggered<E: TransitionEffect>(_: E.Type) -> any TransitionEffect.Type {
        StaggeredEffect<E>.self
    }
}
