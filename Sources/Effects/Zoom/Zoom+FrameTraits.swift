import TransitionKitCore

extension Zoom {
    /// Pop and dismiss are the push and present played backwards: the zoom fraction is
    /// z = 1 − p for them and z = p for push and present, and every frame is a function of z.
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(mirroredOperations: [.pop, .dismiss]) }
}
