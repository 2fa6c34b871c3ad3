import Foundation
import TransitionKitCore

extension EffectLaws {
    /// Steps of `Law.continuity` and `Law.reversal`: frames at progress i / `frameSteps`,
    /// i = 0...`frameSteps` (a step of 1/24 progress).
    public static let frameSteps = 24
    /// The continuity bound: two frames `h` apart in progress differ by at most
    /// `continuityRate` × h in mean absolute difference (`meanDifference`, 0...1). A frame
    /// changing at this rate would run through the whole range of every channel of every pixel
    /// six times during one transition; the fastest step measured over the built-in effects
    /// and compositions on the default scene, at steps of 1/24 and 1/192, is 2.86 per unit
    /// progress (`SequentialEffect(PushBack3D(), Fade(), split: 0.4)`'s pop; drag-dismiss's
    /// present 2.02, fade's dissolve 0.74), under half the bound. A cut keeps its size however
    /// short the step, so it exceeds the bound once the step is small enough: after the
    /// halvings, any jump of more than 6/768 ≈ 0.008 mean absolute difference.
    public static let continuityRate = 6.0
    /// How often a step over the bound is halved (following the half that changes more)
    /// before it is reported: a change that is only fast (a quick slide) shrinks with the
    /// step and passes, a jump does not. Five halvings: steps down to 1/768 progress.
    static let continuityHalvings = 5
    /// The reversal tolerance: pop (dismiss) at p and push (present) at 1 − p may differ by
    /// this much in any channel (0...255) of any pixel: an opacity of 1 − p rounds to 8 bits
    /// differently from the push's p once the two are blended (a dissolve differs by 1/255 in
    /// most pixels).
    public static let reversalChannelTolerance = 2
    /// The fraction of pixels (0...1) that may differ by more than `reversalChannelTolerance`:
    /// an edge whose position is computed from 1 − p rather than p may land a float's rounding
    /// apart and change the coverage of the pixels along it; 0.2 % is a one-pixel edge around
    /// a fifth of the default scene's (240 + 400) × 2 pixel perimeter.
    public static let reversalDifferingFraction = 0.002

    /// The mean absolute difference of two bitmaps of the same size: the sum over every pixel
    /// and channel (premultiplied RGBA as stored) of |a − b|, divided by 255 × 4 × pixels;
    /// 0 for identical frames, 1 between opaque white and transparent black. A slide moving
    /// a picture by d pixels changes it by about d × the picture's mean gradient, a
    /// dissolve by the step × the two pictures' mean difference: both scale with the step.
    /// - Complexity: O(w·h).
    public static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.width == b.width && a.height == b.height, "meanDifference of \(a.width)x\(a.height) and \(b.width)x\(b.height)")
        let w = a.width, h = a.height, sa = a.rowStride, sb = b.rowStride
        var total = 0
        a.withUnsafePixels { pa in
            b.withUnsafePixels { pb in
                for y in 0..<h {
                    let ra = pa + y * sa, rb = pb + y * sb
                    for x in 0..<w where ra[x] != rb[x] {
                        let u = ra[x], v = rb[x]
                        for shift in stride(from: UInt32(0), to: 32, by: 8) {
                            total += abs(Int((u >> shift) & 0xFF) - Int((v >> shift) & 0xFF))
                        }
                    }
                }
            }
        }
        return Double(total) / (255 * 4 * Double(max(1, w * h)))
    }

    /// Whether every pixel of `bitmap` is the same colour.
    static func isBlank(_ bitmap: Bitmap) -> Bool {
        guard bitmap.width > 0, bitmap.height > 0 else { return true }
        let w = bitmap.width, s = bitmap.rowStride
        return bitmap.withUnsafePixels { p in
            let first = p[0]
            for y in 0..<bitmap.height {
                let row = p + y * s
                for x in 0..<w where row[x] != first { return false }
            }
            return true
        }
    }

    /// `Law.continuity` for one operation: the frames at `frameSteps` + 1 progress values of
    /// one interactive run, each step checked against the bound (halving it when over), and
    /// every frame against blankness.
    @MainActor
    static func checkContinuity<Effect: TransitionEffect>(
        _ effect: Effect, _ operation: TransitionOperation, _ style: ModalPresentationStyle, _ scene: EffectScene,
        _ log: inout ViolationLog
    ) throws(TransitionKitError) {
        let traits = effect.frameTraits
        let stage = try scene.makeStage(operation, modalPresentationStyle: style)
        stage.begin(animator: effect.makeAnimator(for: operation), interactive: true)
        guard stage.completed == nil else { return log.add("the transition did not start (completed \(stage.completed!))") }
        defer { stage.end(finish: false) }
        func frame(_ p: Double) throws(TransitionKitError) -> Bitmap {
            stage.setProgress(CGFloat(p))
            return try scene.render(stage)
        }
        let screensBlank = isBlank(scene.fromImage) && isBlank(scene.toImage)
        var previous = try frame(0)
        var reported = 0
        for i in 0...frameSteps {
            let p = Double(i) / Double(frameSteps)
            let current = i == 0 ? previous : try frame(p)
            if !screensBlank && isBlank(current) && !traits.blankRanges.contains(where: { $0.contains(CGFloat(p)) }) {
                log.add("the frame at progress \(p) is blank (one colour everywhere) though neither screen is")
            }
            defer { previous = current }
            guard i > 0, reported < 2 else { continue }
            var (a, b) = (p - 1 / Double(frameSteps), p)
            if traits.cuts.contains(where: { Double($0) >= a && Double($0) <= b }) { continue }
            var low = previous, high = current
            var d = meanDifference(low, high)
            var halvings = 0
            while d > continuityRate * (b - a) && halvings < continuityHalvings {
                let m = (a + b) / 2
                let middle = try frame(m)
                let (d0, d1) = (meanDifference(low, middle), meanDifference(middle, high))
                if d0 >= d1 { (b, high, d) = (m, middle, d0) } else { (a, low, d) = (m, middle, d1) }
                halvings += 1
            }
            if d > continuityRate * (b - a) {
                reported += 1
                log.add(
                    "between progress \(a) and \(b) the frame changes by \(d) (mean absolute difference), over the bound "
                        + "\(continuityRate) × \(b - a): a jump (declare it in frameTraits.cuts if it is deliberate)")
            }
        }
    }

    /// `Law.reversal` for one operation declared in `frameTraits.mirroredOperations`: the
    /// frame at each of `frameSteps` + 1 progress values p on a stage with the pictures
    /// exchanged, against the reverse operation's frame at 1 − p on a plain stage.
    @MainActor
    static func checkReversal<Effect: TransitionEffect>(
        _ effect: Effect, _ operation: TransitionOperation, _ style: ModalPresentationStyle, _ scene: EffectScene,
        _ log: inout ViolationLog
    ) throws(TransitionKitError) {
        guard effect.frameTraits.mirroredOperations.contains(operation) else { return }
        let reverse = EffectScene.reverse(of: operation)
        guard operation == .pop || operation == .dismiss, Effect.supportedOperations.contains(reverse) else {
            return log.add("\(operation.rawValue) is declared the mirror of \(reverse.rawValue), which is not a supported push or present")
        }
        let back = try scene.makeStage(operation, modalPresentationStyle: style, swapped: true)
        let forth = try scene.makeStage(reverse, modalPresentationStyle: style)
        back.begin(animator: effect.makeAnimator(for: operation), interactive: true)
        forth.begin(animator: effect.makeAnimator(for: reverse), interactive: true)
        defer {
            back.end(finish: false)
            forth.end(finish: false)
        }
        guard back.completed == nil, forth.completed == nil else { return log.add("the transitions did not start") }
        for i in 0...frameSteps {
            let p = CGFloat(i) / CGFloat(frameSteps)
            back.setProgress(p)
            forth.setProgress(1 - p)
            let (a, b) = (try scene.render(back), try scene.render(forth))
            guard let s = GoldenImage.statistics(a, b, perChannel: reversalChannelTolerance) else {
                return log.add("frame sizes differ")
            }
            let allowed = Int(reversalDifferingFraction * Double(a.width * a.height))
            if s.beyondTolerance > allowed {
                return log.add(
                    "\(operation.rawValue) at \(p) vs \(reverse.rawValue) at \(1 - p): \(s.beyondTolerance) pixels differ by more than "
                        + "\(reversalChannelTolerance)/255, by up to \(s.maxDifference)/255 (at most \(allowed) may)")
            }
        }
    }
}
