import Foundation
import TransitionKitCore

/// The drag-to-dismiss modal (ZFDragableModalTransition) as a registered effect
/// (`dragdismiss`), present and dismiss.
///
/// Present: the modal slides in from the container's bottom, left or right edge
/// (`direction`) while the view behind it shrinks to `behindViewScale` and fades to
/// `behindViewAlpha`, on a spring (damping ratio 0.8, initial velocity 0.1, 0.8 s; see
/// `spring`). Dismiss is the reverse. With `bounces` the spring's overshoot reaches the
/// layers (progress slightly above 1); without it progress is clamped to 0...1.
///
/// The modal must be presented `.overFullScreen` so the view behind stays visible;
/// `DragDismissTransitioningDelegate` sets that up. After a finished present the behind view
/// stays scaled; after a finished dismiss it is at identity transform, opacity 1 and frame
/// equal to the container's bounds, even if the window was resized meanwhile (scenario G3).
///
/// With b the presented fraction (b = progress for present, 1 − progress for dismiss):
/// - modal translation: bottom (0, h·(1 − b)), left (−w·(1 − b), 0), right (w·(1 − b), 0),
///   w and h the container's current size;
/// - behind view: transform = scale s(b) = 1 + (behindViewScale − 1)·b about its centre,
///   opacity = 1 + (behindViewAlpha − 1)·b.
///
/// ```swift
/// let delegate = DragDismissTransitioningDelegate(modalViewController: card)  // keep it alive
/// nc.present(card)
/// ```
public struct DragDismiss: TransitionEffect, Hashable {
    /// The edge the modal enters from and leaves through (`ZFModalTransitonDirection`).
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// From below (ZFModalTransitonDirectionBottom, the original's default).
        case bottom
        /// From the left edge.
        case left
        /// From the right edge.
        case right
    }

    public static let name = "dragdismiss"
    public static let summary = "modal slides in on a spring over a shrunken view, drag to dismiss (ZFDragableModalTransition), present and dismiss"

    /// `direction`: `bottom` (default), `left` or `right`.
    public static let directionParameter = EffectParameter<Direction>.choice(
        "direction", summary: "edge the modal enters from and leaves through", default: .bottom, source: "ZFModalTransitonDirectionBottom")
    /// `behindviewscale`: factor 0.1...1.5, default 0.9.
    public static let behindViewScaleParameter = EffectParameter.number(
        "behindviewscale", summary: "scale of the view behind the modal when presented", unit: "factor", default: 0.9, range: 0.1...1.5,
        source: "ZFModalTransitionAnimator behindViewScale 0.9")
    /// `behindviewalpha`: opacity 0...1, default 1.
    public static let behindViewAlphaParameter = EffectParameter.number(
        "behindviewalpha", summary: "opacity of the view behind the modal when presented", unit: "opacity", default: 1, range: 0...1,
        source: "ZFModalTransitionAnimator behindViewAlpha 1.0")
    /// `duration`: seconds 0.05...10, default 0.8.
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the spring animation", unit: "seconds", default: DragDismiss.defaultDuration, range: 0.05...10,
        source: "ZFModalTransitionAnimator's UIView spring animation, duration 0.8 s")
    /// `dampingratio`: 0.05...2, default 0.8.
    public static let dampingRatioParameter = EffectParameter.number(
        "dampingratio", summary: "spring damping ratio (1 = no overshoot)", unit: "ratio", default: DragDismiss.defaultDampingRatio,
        range: 0.05...2, source: "ZFModalTransitionAnimator usingSpringWithDamping: 0.8")
    /// `velocity`: distances per second −10...10, default 0.1.
    public static let velocityParameter = EffectParameter.number(
        "velocity", summary: "initial spring velocity (1 = the whole distance in one second)", unit: "distances per second",
        default: DragDismiss.defaultInitialSpringVelocity, range: -10...10, source: "ZFModalTransitionAnimator initialSpringVelocity: 0.1")
    /// `bounces`: flag, default true.
    public static let bouncesParameter = EffectParameter.flag(
        "bounces", summary: "let the spring's overshoot reach the layers (false clamps progress to 0...1)", default: true,
        source: "ZFModalTransitionAnimator bounces YES")
    public static let parameters = [
        AnyEffectParameter(directionParameter), AnyEffectParameter(behindViewScaleParameter), AnyEffectParameter(behindViewAlphaParameter),
        AnyEffectParameter(durationParameter), AnyEffectParameter(dampingRatioParameter), AnyEffectParameter(velocityParameter),
        AnyEffectParameter(bouncesParameter),
    ]
    public static let supportedOperations: [TransitionOperation] = [.present, .dismiss]
    /// The presenter stays visible (shrunk) behind the modal, so the modal is `.overFullScreen`.
    public static let modalPresentationStyle: ModalPresentationStyle = .overFullScreen

    /// Default duration: 0.8 s (ZFModalTransitionAnimator's spring animation).
    public static let defaultDuration: TimeInterval = 0.8
    /// Default damping ratio: 0.8 (ZFModalTransitionAnimator's `usingSpringWithDamping:`).
    public static let defaultDampingRatio: Double = 0.8
    /// Default initial velocity: 0.1 distances per second (`initialSpringVelocity:`).
    public static let defaultInitialSpringVelocity: Double = 0.1

    /// The edge the modal enters from and leaves through (default `.bottom`).
    public var direction: Direction
    /// Scale of the behind view when presented, > 0 (default 0.9).
    public var behindViewScale: CGFloat
    /// Opacity 0...1 of the behind view when presented (default 1.0).
    public var behindViewAlpha: CGFloat
    /// Seconds, > 0 (default 0.8).
    public var duration: TimeInterval
    /// UIKit damping ratio, > 0 (default 0.8).
    public var dampingRatio: Double
    /// UIKit initial spring velocity in distances per second (default 0.1).
    public var initialSpringVelocity: Double
    /// Whether the spring's overshoot reaches the layers (default true); false clamps
    /// progress to 0...1.
    public var bounces: Bool

    /// - Parameters:
    ///   - direction: default `.bottom`.
    ///   - behindViewScale: factor, finite and > 0 (default 0.9).
    ///   - behindViewAlpha: opacity 0...1 (default 1).
    ///   - duration: seconds, finite and > 0 (default 0.8).
    ///   - dampingRatio: finite and > 0 (default 0.8).
    ///   - initialSpringVelocity: distances per second, finite (default 0.1).
    ///   - bounces: default true.
    /// - Precondition: the values are in those ranges.
    public init(
        direction: Direction = .bottom, behindViewScale: CGFloat = 0.9, behindViewAlpha: CGFloat = 1,
        duration: TimeInterval = DragDismiss.defaultDuration, dampingRatio: Double = DragDismiss.defaultDampingRatio,
        initialSpringVelocity: Double = DragDismiss.defaultInitialSpringVelocity, bounces: Bool = true
    ) {
        precondition(behindViewScale.isFinite && behindViewScale > 0, "dragdismiss behindViewScale must be finite and > 0, got \(behindViewScale)")
        precondition(
            behindViewAlpha.isFinite && (0...1).contains(behindViewAlpha), "dragdismiss behindViewAlpha must be 0...1, got \(behindViewAlpha)")
        precondition(duration.isFinite && duration > 0, "dragdismiss duration must be finite and > 0 seconds, got \(duration)")
        precondition(dampingRatio.isFinite && dampingRatio > 0, "dragdismiss dampingRatio must be finite and > 0, got \(dampingRatio)")
        precondition(initialSpringVelocity.isFinite, "dragdismiss initialSpringVelocity must be finite, got \(initialSpringVelocity)")
        self.direction = direction
        self.behindViewScale = behindViewScale
        self.behindViewAlpha = behindViewAlpha
        self.duration = duration
        self.dampingRatio = dampingRatio
        self.initialSpringVelocity = initialSpringVelocity
        self.bounces = bounces
    }

    /// From validated registry parameters.
    /// - Throws: nothing beyond the registry's own validation (every declared range is valid).
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(
            direction: parameters[Self.directionParameter], behindViewScale: parameters[Self.behindViewScaleParameter],
            behindViewAlpha: parameters[Self.behindViewAlphaParameter], duration: parameters[Self.durationParameter],
            dampingRatio: parameters[Self.dampingRatioParameter], initialSpringVelocity: parameters[Self.velocityParameter],
            bounces: parameters[Self.bouncesParameter])
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        DragDismissAnimator(self)
    }
}

extension DragDismiss {
    /// The behind view's transform at presented fraction `b`: scale 1 + (behindViewScale − 1)·b
    /// in x and y, about its anchor point (the centre). b = 0 is exactly the identity.
    /// - Complexity: O(1).
    public func behindViewTransform(at b: CGFloat) -> Transform3D {
        let s = 1 + (behindViewScale - 1) * b
        return Transform3D(scaleX: s, y: s)
    }

    /// The behind view's opacity at presented fraction `b`: 1 + (behindViewAlpha − 1)·b,
    /// clamped to 0...1 (the spring may overshoot).
    public func behindViewOpacity(at b: CGFloat) -> CGFloat { min(1, max(0, 1 + (behindViewAlpha - 1) * b)) }

    /// The modal's translation in points at presented fraction `b` in a container of `size`
    /// points: bottom (0, h·(1 − b)), left (−w·(1 − b), 0), right (w·(1 − b), 0).
    /// - Complexity: O(1).
    public func modalTranslation(at b: CGFloat, containerSize size: CGSize) -> CGPoint {
        switch direction {
        case .bottom: return CGPoint(x: 0, y: size.height * (1 - b))
        case .left: return CGPoint(x: -size.width * (1 - b), y: 0)
        case .right: return CGPoint(x: size.width * (1 - b), y: 0)
        }
    }
}
