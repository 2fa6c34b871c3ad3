import Foundation

/// What an effect's frames between progress 0 and 1 are declared to do: where the picture may
/// jump on purpose, where a frame may show neither screen, and which operations play another
/// one backwards. The frame laws of `TransitionKitTesting` (`EffectLaws.Law.continuity` and
/// `.reversal`) check an effect against its declaration; an effect that declares nothing
/// (`continuous`, the default of `TransitionEffect.frameTraits`) has every frame close to its
/// neighbours, no blank frame, and no reversal is checked.
///
/// ```swift
/// struct Wipe: TransitionEffect {
///     // …
///     // A pop is a push played backwards: pop at p draws push at 1 − p.
///     var frameTraits: EffectFrameTraits { EffectFrameTraits(mirroredOperations: [.pop, .dismiss]) }
/// }
/// ```
public struct EffectFrameTraits: Sendable, Hashable {
    /// Progress values (0...1) at which the picture may jump: a cut the effect makes on
    /// purpose (e.g. a sequence whose second part starts from another picture). A step of
    /// the continuity law that contains one of these values is not checked.
    public var cuts: [CGFloat]
    /// Progress ranges (within 0...1) in which a frame may be blank, one colour everywhere:
    /// e.g. `0.5...0.5` for a fade through a colour, which shows only that colour half-way.
    public var blankRanges: [ClosedRange<CGFloat>]
    /// Operations that are the reverse operation played backwards: for `.pop` (`.dismiss`),
    /// the frame of the pop (dismiss) at progress p equals the frame of the push (present) at
    /// 1 − p with the two screens' pictures exchanged, so the way back retraces the way in.
    /// Only `.pop` and `.dismiss` are meaningful (each names the pair it belongs to).
    public var mirroredOperations: Set<TransitionOperation>

    /// - Parameters:
    ///   - cuts: progress values (0...1) where the picture may jump (default none).
    ///   - blankRanges: progress ranges where a frame may be one colour (default none).
    ///   - mirroredOperations: `.pop` and/or `.dismiss` when each retraces its reverse
    ///     (default none).
    public init(cuts: [CGFloat] = [], blankRanges: [ClosedRange<CGFloat>] = [], mirroredOperations: Set<TransitionOperation> = []) {
        self.cuts = cuts
        self.blankRanges = blankRanges
        self.mirroredOperations = mirroredOperations
    }

    /// No cut, no blank frame, no operation declared the mirror of another.
    public static let continuous = EffectFrameTraits()
}

extension TransitionEffect {
    /// `EffectFrameTraits.continuous`: the frames are checked for continuity and blanks, no
    /// reversal is declared.
    public var frameTraits: EffectFrameTraits { .continuous }
}
