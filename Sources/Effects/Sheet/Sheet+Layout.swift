import Foundation
import TransitionKitCore

extension Sheet {
    /// The closed-form geometry of a sheet in one container: its detents' heights and, for
    /// any position of the sheet's top edge, where the sheet and the screen behind it are.
    /// y grows downwards; every length is in points, container coordinates.
    public struct Layout: Sendable, Hashable {
        /// A detent resolved for this container: its identifier and height in points.
        public struct ResolvedDetent: Sendable, Hashable {
            public var identifier: SheetPresentationController.Detent.Identifier
            public var height: CGFloat
        }

        /// The geometry's constants (safe area, gap, radius, inset, dimming).
        public let configuration: Sheet
        /// The container's size, points.
        public let containerSize: CGSize
        /// The detents that resolved here, by increasing height, each identifier once (the
        /// first of equal identifiers counts); `[large]` when none resolves.
        public let detents: [ResolvedDetent]
        /// At and below this detent nothing is dimmed (nil: every detent is dimmed).
        public let largestUndimmedDetentIdentifier: SheetPresentationController.Detent.Identifier?

        /// - Parameters:
        ///   - configuration: the constants (default `Sheet()`).
        ///   - containerSize: points, finite.
        ///   - detents: in any order (UIKit's `detents`).
        ///   - largestUndimmedDetentIdentifier: see the property.
        /// - Complexity: O(n log n) for n detents, one resolver call each.
        public init(
            configuration: Sheet = Sheet(), containerSize: CGSize, detents: [SheetPresentationController.Detent],
            largestUndimmedDetentIdentifier: SheetPresentationController.Detent.Identifier? = nil
        ) {
            self.configuration = configuration
            self.containerSize = containerSize
            self.largestUndimmedDetentIdentifier = largestUndimmedDetentIdentifier
            let maximum = Self.maximumDetentValue(containerHeight: containerSize.height, configuration: configuration)
            let context = SheetPresentationController.Detent.ResolutionContext(maximumDetentValue: maximum)
            var seen = Set<SheetPresentationController.Detent.Identifier>()
            var resolved: [ResolvedDetent] = []
            for d in detents where seen.insert(d.identifier).inserted {
                if let h = d.resolvedValue(in: context) { resolved.append(ResolvedDetent(identifier: d.identifier, height: h)) }
            }
            if resolved.isEmpty { resolved = [ResolvedDetent(identifier: .large, height: maximum)] }
            let sorted = resolved.sorted { $0.height < $1.height }
            self.detents = sorted
            // The two ramps, computed once so a frame does no array work.
            let h = containerSize.height
            if let highest = sorted.last, highest.height >= maximum - 0.5 {
                pushBackRamp = (h - (sorted.last { $0.height < maximum - 0.5 }?.height ?? 0), h - maximum)
            } else {
                pushBackRamp = nil
            }
            var undimmed: CGFloat = 0
            if let id = largestUndimmedDetentIdentifier, let d = sorted.first(where: { $0.identifier == id }) { undimmed = d.height }
            dimmingRamp = sorted.first { $0.height > undimmed + 0.5 }.map { (h - undimmed, h - $0.height) }
        }

        /// The tops (from, to) over which the push back goes from 0 to 1; nil: never.
        private let pushBackRamp: (from: CGFloat, to: CGFloat)?
        /// The tops (from, to) over which the dimming goes from 0 to `dimming`; nil: never.
        private let dimmingRamp: (from: CGFloat, to: CGFloat)?

        public static func == (a: Self, b: Self) -> Bool {
            a.configuration == b.configuration && a.containerSize == b.containerSize && a.detents == b.detents
                && a.largestUndimmedDetentIdentifier == b.largestUndimmedDetentIdentifier
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(configuration)
            hasher.combine(detents)
            hasher.combine(largestUndimmedDetentIdentifier)
        }

        /// The large detent's height: H − `safeAreaTop` − `topGap`, at least 0 (H the
        /// container's height). UIKit's `maximumDetentValue`.
        public static func maximumDetentValue(containerHeight h: CGFloat, configuration: Sheet = Sheet()) -> CGFloat {
            max(0, h - configuration.safeAreaTop - configuration.topGap)
        }

        /// `maximumDetentValue(containerHeight:configuration:)` for this container.
        public var maximumDetentValue: CGFloat { Self.maximumDetentValue(containerHeight: containerSize.height, configuration: configuration) }

        /// The top edge of a sheet `height` points tall: H − height.
        public func top(forHeight height: CGFloat) -> CGFloat { containerSize.height - height }

        /// The top edge at detent `identifier`, nil when it did not resolve here.
        public func top(of identifier: SheetPresentationController.Detent.Identifier) -> CGFloat? {
            detents.first { $0.identifier == identifier }.map { top(forHeight: $0.height) }
        }

        /// The top edge of a dismissed sheet: the container's bottom, H.
        public var dismissedTop: CGFloat { containerSize.height }

        /// How far the screen behind is pushed back, 0...1, with the sheet's top edge at `y`:
        /// 0 unless some detent reaches the full height; then (y₀ − y) / (y₀ − y_large) clamped,
        /// with y_large = H − `maximumDetentValue` and y₀ the top of the largest detent below
        /// the full height (H when there is none): the page-sheet look comes in only on the way
        /// from the detent below up to the large one.
        /// - Complexity: O(1) (computed when the layout is made).
        public func pushBackFraction(sheetTop y: CGFloat) -> CGFloat {
            guard let r = pushBackRamp else { return 0 }
            return Self.fraction(from: r.from, to: r.to, at: y)
        }

        /// The dimming's opacity with the sheet's top edge at `y`: `dimming` ·
        /// (y_u − y) / (y_u − y_d) clamped to 0...1, y_u the top of
        /// `largestUndimmedDetentIdentifier` (H when nil), y_d the top of the next taller
        /// detent; 0 when there is none (nothing is dimmed).
        /// - Complexity: O(1).
        public func dimmingOpacity(sheetTop y: CGFloat) -> CGFloat {
            guard let r = dimmingRamp else { return 0 }
            return configuration.dimming * Self.fraction(from: r.from, to: r.to, at: y)
        }

        /// The pushed-back screen's scale at fraction `k`: 1 − k·2·`sideInset`/W (W the
        /// container's width), so at k = 1 its sides are `sideInset` in from the container's.
        public func presenterScale(pushBack k: CGFloat) -> CGFloat {
            let w = containerSize.width
            return w > 0 ? 1 - k * min(1, 2 * configuration.sideInset / w) : 1
        }

        /// Everything at one position of the sheet's top edge `y`.
        /// - Parameters:
        ///   - y: the sheet's top edge, points from the container's top (0...container height).
        ///   - presenterTop: the top edge of the screen behind before it is pushed back: 0 for a
        ///     full-screen one, a sheet's top for a sheet under a second sheet.
        /// - Returns: with k = `pushBackFraction(sheetTop:)` and s = `presenterScale(pushBack:)`:
        ///   the sheet's translation y; the presenter's transform, scale s about its centre and
        ///   a translation that puts its top edge at presenterTop + k·(`safeAreaTop` −
        ///   presenterTop); its corner radius k·`cornerRadius`; the dimming's opacity.
        /// - Complexity: O(1); no allocation.
        public func placement(sheetTop y: CGFloat, presenterTop: CGFloat = 0) -> Placement {
            let k = pushBackFraction(sheetTop: y)
            let s = presenterScale(pushBack: k), h = containerSize.height
            let ty = presenterTop + k * (configuration.safeAreaTop - presenterTop) - h / 2 * (1 - s)
            return Placement(
                sheetTop: y, pushBack: k, presenterTransform: Transform3D(a: s, b: 0, c: 0, d: s, tx: 0, ty: ty),
                presenterCornerRadius: k * configuration.cornerRadius, dimming: dimmingOpacity(sheetTop: y))
        }

        /// (from − y) / (from − to) clamped to 0...1; a step at `to` when the two are equal.
        static func fraction(from: CGFloat, to: CGFloat, at y: CGFloat) -> CGFloat {
            guard from - to > 1e-9 else { return y <= to ? 1 : 0 }
            return min(1, max(0, (from - y) / (from - to)))
        }
    }

    /// Where the sheet and the screen behind are at one position (`Layout.placement`).
    public struct Placement: Sendable, Hashable {
        /// The sheet's top edge, points (its layer's translation; the view fills the container).
        public var sheetTop: CGFloat
        /// How far the screen behind is pushed back, 0...1.
        public var pushBack: CGFloat
        /// The screen behind's layer transform (about its centre).
        public var presenterTransform: Transform3D
        /// The screen behind's corner radius, points.
        public var presenterCornerRadius: CGFloat
        /// The dimming's opacity over the screen behind, 0...`dimming`.
        public var dimming: CGFloat
    }
}
