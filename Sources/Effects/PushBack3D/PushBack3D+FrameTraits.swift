import TransitionKitCore

extension PushBack3D {
    /// The pop is the push played backwards: at progress p it draws the push's frame at 1 − p
    /// (the outgoing view slides back in over the view that steps forward again).
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(mirroredOperations: [.pop]) }
}
