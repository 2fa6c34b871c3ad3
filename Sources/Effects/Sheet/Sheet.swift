import Foundation
import TransitionKitCore

/// UIKit's sheet (`UISheetPresentationController`, the iPhone page sheet) as a registered
/// effect (`sheet`), present and dismiss.
///
/// Present: the sheet rises from the container's bottom edge until its top edge is at the
/// presented detent (`detent`: `.large` by default, as UIKit's default `detents` are
/// `[.large()]`), its top corners rounded (`cornerRadius`, continuous). While it rises above
/// the largest detent below the full height, the screen behind pushes back: it scales about
/// its centre until its sides are `sideInset` from the container's, its top edge moves down
/// to `safeAreaTop`, its corners round to `cornerRadius`, and a black dimming over it rises
/// to `dimming`. Dismiss is the present played backwards. The frames are
/// `Sheet.Layout.placement(sheetTop:presenterTop:)`; the timing is a critically damped spring
/// (`spring`). Every length is in points.
///
/// Use `SheetPresentationController` (detents, the drag between them, the delegate) to
/// present a view controller as a sheet; this value is its geometry and the registry entry.
///
/// ```swift
/// let sheet = presenter.presentSheet(settings) { $0.detents = [.medium(), .large()] }
/// ```
public struct Sheet: TransitionEffect, Hashable {
    /// The detent a registry-made sheet is presented at.
    public enum PresentedDetent: String, Sendable, Hashable, CaseIterable {
        /// `Detent.medium()`: half the fully expanded height.
        case medium
        /// `Detent.large()`: the fully expanded height.
        case large
    }

    public static let name = "sheet"
    public static let summary = "UIKit's page sheet (UISheetPresentationController): detents, the screen behind pushed back, present and dismiss"

    /// `detent`: `large` (default) or `medium`.
    public static let detentParameter = EffectParameter<PresentedDetent>.choice(
        "detent", summary: "detent the sheet is presented at", default: .large, source: "UISheetPresentationController detents default [.large()]")
    /// `safeareatop`: points 0...200, default 59.
    public static let safeAreaTopParameter = EffectParameter.number(
        "safeareatop", summary: "top safe-area inset of the container", unit: "points", default: Sheet.defaultSafeAreaTop, range: 0...200,
        source: "chosen: iPhone 15 Pro (393x852 pt) status bar area, 59 pt")
    /// `topgap`: points 0...100, default 10.
    public static let topGapParameter = EffectParameter.number(
        "topgap", summary: "gap between the safe area and the large sheet's top edge", unit: "points", default: Sheet.defaultTopGap,
        range: 0...100, source: "chosen: the visible strip of the pushed-back screen above a large page sheet, 10 pt")
    /// `cornerradius`: points 0...100, default 10.
    public static let cornerRadiusParameter = EffectParameter.number(
        "cornerradius", summary: "continuous radius of the sheet's top corners and the pushed-back screen", unit: "points",
        default: Sheet.defaultCornerRadius, range: 0...100, source: "chosen: UIKit's default sheet corner radius before iOS 26, 10 pt")
    /// `sideinset`: points 0...100, default 16.
    public static let sideInsetParameter = EffectParameter.number(
        "sideinset", summary: "inset of each side of the pushed-back screen", unit: "points", default: Sheet.defaultSideInset, range: 0...100,
        source: "chosen: the iPhone's 16 pt system layout margin (scale 361/393 = 0.919 at 393 pt)")
    /// `dimming`: opacity 0...1, default 0.1.
    public static let dimmingParameter = EffectParameter.number(
        "dimming", summary: "opacity of the black dimming over the screen behind a dimmed detent", unit: "opacity",
        default: Sheet.defaultDimming, range: 0...1, source: "chosen: the 0.1 black overlay of TransitionKit's push (Slide)")
    /// `response`: seconds 0.05...5, default 0.5.
    public static let responseParameter = EffectParameter.number(
        "response", summary: "response of the critically damped spring (present, dismiss, settling)", unit: "seconds",
        default: Sheet.defaultResponse, range: 0.05...5, source: "SwiftUI's .smooth spring: duration 0.5 s, bounce 0")
    public static let parameters = [
        AnyEffectParameter(detentParameter), AnyEffectParameter(safeAreaTopParameter), AnyEffectParameter(topGapParameter),
        AnyEffectParameter(cornerRadiusParameter), AnyEffectParameter(sideInsetParameter), AnyEffectParameter(dimmingParameter),
        AnyEffectParameter(responseParameter),
    ]
    public static let supportedOperations: [TransitionOperation] = [.present, .dismiss]
    /// The screen behind stays visible (pushed back), so the sheet is `.overFullScreen`.
    public static let modalPresentationStyle: ModalPresentationStyle = .overFullScreen

    /// 59 pt: the top safe-area inset of an iPhone 15 Pro in portrait (a choice; TransitionKit
    /// has no safe area of its own).
    public static let defaultSafeAreaTop: CGFloat = 59
    /// 10 pt between the safe area and a large sheet's top edge (a choice).
    public static let defaultTopGap: CGFloat = 10
    /// 10 pt: the sheet's corner radius (a choice, see `cornerRadiusParameter`).
    public static let defaultCornerRadius: CGFloat = 10
    /// 16 pt each side of the pushed-back screen (a choice, see `sideInsetParameter`).
    public static let defaultSideInset: CGFloat = 16
    /// 0.1: the dimming's opacity over a dimmed detent (a choice).
    public static let defaultDimming: CGFloat = 0.1
    /// 0.5 s: the spring's response (SwiftUI's `.smooth`).
    public static let defaultResponse: Double = 0.5

    /// The detent of a registry-made present (default `.large`).
    public var detent: PresentedDetent
    /// Top safe-area inset, points >= 0 (default 59).
    public var safeAreaTop: CGFloat
    /// Gap above a large sheet, points >= 0 (default 10).
    public var topGap: CGFloat
    /// Corner radius, points >= 0 (default 10).
    public var cornerRadius: CGFloat
    /// Side inset of the pushed-back screen, points >= 0 (default 16).
    public var sideInset: CGFloat
    /// Dimming opacity 0...1 (default 0.1).
    public var dimming: CGFloat
    /// Spring response, seconds > 0 (default 0.5).
    public var response: Double

    /// - Parameters: see the properties; every length in points.
    /// - Precondition: lengths finite and >= 0, `dimming` in 0...1, `response` finite and > 0.
    public init(
        detent: PresentedDetent = .large, safeAreaTop: CGFloat = Sheet.defaultSafeAreaTop, topGap: CGFloat = Sheet.defaultTopGap,
        cornerRadius: CGFloat = Sheet.defaultCornerRadius, sideInset: CGFloat = Sheet.defaultSideInset, dimming: CGFloat = Sheet.defaultDimming,
        response: Double = Sheet.defaultResponse
    ) {
        for (name, v) in [("safeAreaTop", safeAreaTop), ("topGap", topGap), ("cornerRadius", cornerRadius), ("sideInset", sideInset)] {
            precondition(v.isFinite && v >= 0, "sheet \(name) must be finite and >= 0 points, got \(v)")
        }
        precondition(dimming.isFinite && (0...1).contains(dimming), "sheet dimming must be 0...1, got \(dimming)")
        precondition(response.isFinite && response > 0, "sheet response must be finite and > 0 seconds, got \(response)")
        self.detent = detent
        self.safeAreaTop = safeAreaTop
        self.topGap = topGap
        self.cornerRadius = cornerRadius
        self.sideInset = sideInset
        self.dimming = dimming
        self.response = response
    }

    /// From validated registry parameters.
    /// - Throws: nothing beyond the registry's own validation (every declared range is valid).
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(
            detent: parameters[Self.detentParameter], safeAreaTop: parameters[Self.safeAreaTopParameter],
            topGap: parameters[Self.topGapParameter], cornerRadius: parameters[Self.cornerRadiusParameter],
            sideInset: parameters[Self.sideInsetParameter], dimming: parameters[Self.dimmingParameter],
            response: parameters[Self.responseParameter])
    }

    /// The critically damped spring of the present, the dismiss and the settling after a drag:
    /// `Spring(response: response, dampingRatio: 1, initialVelocity:)` (mass 1, stiffness
    /// (2π/response)², no overshoot when starting at rest; Apple's "Designing Fluid
    /// Interfaces" recommends critical damping for motion that must not bounce).
    /// - Parameter initialVelocity: distances per second (the finger's speed / the distance
    ///   left), finite.
    public func spring(initialVelocity: Double = 0) -> Spring {
        Spring(response: response, dampingRatio: 1, initialVelocity: initialVelocity)
    }

    /// A present or dismiss at `detent` with no `SheetPresentationController` (the registry's,
    /// the bench's and the laws'); the controller's own transitions come from the controller.
    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        SheetAnimator(self)
    }

    /// A drag down on the sheet dismisses it (`.dragToDismiss(.down)`), for an
    /// `EffectTransitioningDelegate` over this effect and `effect-bench play`; a sheet presented
    /// through `SheetPresentationController` has its own drag between detents instead.
    public var interactions: [EffectInteraction] { [.dragToDismiss(.down)] }

    /// The dismiss retraces the present: at progress p it draws the present at 1 − p.
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(mirroredOperations: [.dismiss]) }
}
