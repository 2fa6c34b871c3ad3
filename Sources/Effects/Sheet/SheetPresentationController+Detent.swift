import Foundation
import TransitionKitCore

extension SheetPresentationController {
    /// A height at which a sheet rests (`UISheetPresentationController.Detent`).
    ///
    /// Two detents are equal when their identifiers are (the resolver is not compared).
    public struct Detent: Sendable, Hashable, CustomStringConvertible {
        /// A detent's name (`UISheetPresentationController.Detent.Identifier`).
        public struct Identifier: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            /// The medium detent's identifier (`com.apple.UIKit.medium` in UIKit).
            public static let medium = Identifier("medium")
            /// The large detent's identifier (`com.apple.UIKit.large` in UIKit).
            public static let large = Identifier("large")
            public var description: String { rawValue }
        }

        /// What a resolver knows (`UISheetPresentationControllerDetentResolutionContext`).
        public struct ResolutionContext: Sendable, Hashable {
            /// The large detent's height, points: the container's height minus the top safe
            /// area and the top gap (`Sheet.Layout.maximumDetentValue`).
            public var maximumDetentValue: CGFloat
            public init(maximumDetentValue: CGFloat) { self.maximumDetentValue = maximumDetentValue }
        }

        /// The detent's identifier.
        public let identifier: Identifier
        private let resolver: @Sendable (ResolutionContext) -> CGFloat?

        /// Half the fully expanded height: `maximumDetentValue / 2` (Apple's Human Interface
        /// Guidelines, "Sheets": "medium is about half the fully expanded height").
        public static func medium() -> Detent { Detent(identifier: .medium) { $0.maximumDetentValue / 2 } }
        /// The fully expanded height: `maximumDetentValue`.
        public static func large() -> Detent { Detent(identifier: .large) { $0.maximumDetentValue } }

        /// A detent of your own (`.custom(identifier:resolver:)`): `resolver` returns the
        /// sheet's height in points for a context, or nil to leave the detent out there.
        /// Heights are clamped to 0...`maximumDetentValue`.
        /// - Parameters:
        ///   - identifier: default a new unique identifier ("custom-<UUID>").
        ///   - resolver: the height in points for a context (called when the sheet lays out its
        ///     detents), or nil to leave the detent out.
        public static func custom(
            identifier: Identifier? = nil, resolver: @escaping @Sendable (ResolutionContext) -> CGFloat?
        ) -> Detent {
            Detent(identifier: identifier ?? Identifier("custom-\(UUID().uuidString)"), resolver: resolver)
        }

        private init(identifier: Identifier, resolver: @escaping @Sendable (ResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// The height in points for `context`, clamped to 0...`maximumDetentValue`; nil when
        /// the resolver returns nil or a non-finite value.
        /// - Complexity: one resolver call.
        public func resolvedValue(in context: ResolutionContext) -> CGFloat? {
            guard let h = resolver(context), h.isFinite else { return nil }
            return min(max(h, 0), context.maximumDetentValue)
        }

        public static func == (a: Detent, b: Detent) -> Bool { a.identifier == b.identifier }
        public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
        public var description: String { "Detent(\(identifier))" }
    }
}
