import TransitionKitCore

extension Fade {
    /// Pop and dismiss are the push and present played backwards (the upper view's opacity
    /// is p one way, 1 − p the other); `.through` shows only `color` at progress 0.5, where
    /// both views are transparent, so that one frame is blank by design.
    public var frameTraits: EffectFrameTraits {
        EffectFrameTraits(blankRanges: style == .through ? [0.5...0.5] : [], mirroredOperations: [.pop, .dismiss])
    }
}
