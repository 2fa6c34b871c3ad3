import Foundation

/// A plug-in transition effect: one module conforms a type to this and registers it.
///
/// The effect is a value that makes animators (and, for interactive effects, interaction
/// controllers) for the operations it supports.
public protocol TransitionEffect: Sendable {
    /// Registry and command-line name, lowercase (`radial`, `fade`, `pushback3d`, `dragdismiss`).
    static var name: String { get }
    /// One line describing the effect.
    static var summary: String { get }
    /// The tunable parameters, each declared once as a typed `EffectParameter` static and
    /// listed here type-erased, in the order listings show them.
    static var parameters: [AnyEffectParameter] { get }
    /// Operations it animates.
    static var supportedOperations: [TransitionOperation] { get }
    /// An instance from validated parameters (`parameters[Self.someParameter]`); with every
    /// parameter at its default it equals the effect's default configuration.
    /// - Throws: `TransitionKitError` only for a combination of values the effect rejects
    ///   (each value alone has been validated).
    init(parameters: EffectParameters) throws(TransitionKitError)
    /// How a presented view controller covers its presenter with this effect (default
    /// `.fullScreen`; an effect that keeps the presenter visible behind says `.overFullScreen`).
    static var modalPresentationStyle: ModalPresentationStyle { get }
    /// A fresh animator for `operation` (one of `supportedOperations`).
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning
    /// The gestures that drive this effect's operations interactively (default none); see
    /// `EffectInteraction`. A pop gesture needs `.pop`, a dismiss one `.dismiss` in
    /// `supportedOperations`.
    var interactions: [EffectInteraction] { get }
    /// The animation of one interactive run of `operation`, given where the finger touched
    /// down (container coordinates, points). Default: `makeAnimator(for:)` alone; an effect
    /// whose look follows the finger (radial's reveal centre) returns `fingerMoved` too.
    @MainActor func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation
    /// What this configuration's frames between progress 0 and 1 are declared to do, for the
    /// frame laws of `TransitionKitTesting` (default `.continuous`: no cut, no blank frame, no
    /// operation declared the mirror of another); see `EffectFrameTraits`.
    var frameTraits: EffectFrameTraits { get }
}

extension TransitionEffect {
    public static var modalPresentationStyle: ModalPresentationStyle { .fullScreen }
}
