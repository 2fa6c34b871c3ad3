import TransitionKitCore

extension DragDismiss {
    /// The dismiss is the present played backwards: at progress p the modal stands where the
    /// present puts it at 1 − p.
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(mirroredOperations: [.dismiss]) }
}
