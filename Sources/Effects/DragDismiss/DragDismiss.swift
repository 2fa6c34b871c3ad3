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
    public enum Direction: Int, Sendable, Hashable, CaseIterable {
        /// From below (ZFModalTransitonDirectionBottom, the original's default).
        case bottom = 0
        /// From the left edge.
        case left = 1
        /// From the right edge.
        case right = 2
    }

    public static let name = "dragdismiss"
    public static let summary = "modal slides in on a spring over a shrunken view, drag to dismiss (ZFDragableModalTransition), present and dismiss"
    public static let parameters = [
        EffectParameter(
            name: "direction", summary: "edge the modal enters from: 0 bottom, 1 left, 2 right", unit: "0, 1 or 2",
            defaultValue: 0, range: 0...2, source: "ZFModalTransitonDirectionBottom", wholeNumbers: true),
        EffectParameter(
            name: "behindviewscale", summary: "scale of the view behind the modal when presented", unit: "factor",
            defaultValue: 0.9, range: 0.1...1.5, source: "ZFModalTransitionAnimator behindViewScale 0.9"),
        EffectParameter(
            name: "behindviewalpha", summary: "opacity of the view behind the modal when presented", unit: "opacity 0...1",
            defaultValue: 1, range: 0...1, source: "ZFModalTransitionAnimator behindViewAlpha 1.0"),
        EffectParameter(
            name: "duration", summary: "length of the spring animation", unit: "seconds",
            defaultValue: DragDismiss.defaultDuration, range: 0.05...10,
            source: "ZFModalTransitionAnimator's UIView spring animation, duration 0.8 s"),
        EffectParameter(
            name: "dampingratio", summary: "spring damping ratio (1 = no overshoot)", unit: "ratio",
            defaultValue: DragDismiss.defaultDampingRatio, range: 0.05...2,
            source: "ZFModalTransitionAnimator usingSpringWithDamping: 0.8"),
        EffectParameter(
            name: "velocity", summary: "initial spring velocity (1 = the whole distance in one second)",
            unit: "distances per second", defaultValue: DragDismiss.defaultInitialSpringVelocity, range: -10...10,
            source: "ZFModalTransitionAnimator initialSpringVelocity: 0.1"),
        EffectParameter(
            name: "bounces", summary: "1 lets the spring overshoot reach the layers, 0 clamps progress to 0...1",
            unit: "0 or 1", defaultValue: 1, range: 0...1, source: "ZFModalTransitionAnimator bounces YES", wholeNumbers: true),
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
    /// - Throws: `TransitionKitError.invalidValue` when `direction` is not 0, 1 or 2 or
    ///   `bounces` is not 0 or 1 (the registry has checked the ranges already).
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        let d = parameters["direction"]
        guard d == d.rounded(), let direction = Direction(rawValue: Int(d)) else {
            throw .invalidValue(name: "direction", value: d, accepted: "0 (bottom), 1 (left) or 2 (right)")
        }
        let b = parameters["bounces"]
        guard b == 0 || b == 1 else { throw .invalidValue(name: "bounces", value: b, accepted: "0 or 1") }
        self.init(
            direction: direction, behindViewScale: parameters["behindviewscale"], behindViewAlpha: parameters["behindviewalpha"],
            duration: parameters["duration"], dampingRatio: parameters["dampingratio"],
            initialSpringVelocity: parameters["velocity"], bounces: b == 1)
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
