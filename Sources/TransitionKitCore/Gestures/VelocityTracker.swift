import Foundation

/// Estimates the velocity of a moving point from timestamped samples.
///
/// Method: an ordinary least-squares fit of a straight line, position = a + v·t, separately
/// for x and y, over the samples whose timestamp lies in the window
/// `[time − horizon, time]` (default horizon 100 ms, the horizon of Android's
/// `VelocityTracker`). The slope `v` is the velocity:
///
///     v = Σ (tᵢ − t̄)(xᵢ − x̄) / Σ (tᵢ − t̄)²
///
/// Why this fit: it uses every recent sample rather than the last two, so one late or early
/// sample does not spike the result; it weights samples by their actual times, so uneven
/// spacing is handled exactly (a constant-speed motion gives that speed however it is
/// sampled); and it reacts within `horizon` to a change of speed. Times are taken relative
/// to the newest sample for numerical stability.
///
/// Degenerate input never produces NaN or infinity:
/// - fewer than two samples in the window → velocity 0 (a single sample has no speed);
/// - all samples in the window within 1 µs of each other (duplicate timestamps) → 0;
/// - samples with a non-finite time or position are ignored when added;
/// - a finger that rested longer than `horizon` before `time` has no samples in the
///   window → 0 (this is how a release after a pause gets zero velocity).
///
/// Samples older than twice `horizon` before the newest one are discarded as new ones
/// arrive, so memory stays bounded by the sample rate × 2 × horizon.
public struct VelocityTracker: Sendable, Hashable {
    /// One position sample.
    public struct Sample: Sendable, Hashable {
        /// Seconds.
        public var time: TimeInterval
        /// Points, in whatever coordinate space the caller uses.
        public var location: CGPoint
    }

    /// Default fitting window, seconds: 100 ms, as in Android's `VelocityTracker`
    /// (`HORIZON = 100 ms`).
    public static let defaultHorizon: TimeInterval = 0.1

    /// Timestamps within this spread (seconds) are treated as one instant: 1 µs.
    static let minimumTimeSpread: TimeInterval = 1e-6

    /// The fitting window in seconds, finite and > 0.
    public let horizon: TimeInterval
    /// The retained samples, oldest first.
    public private(set) var samples: [Sample] = []

    /// - Parameter horizon: fitting window in seconds, finite and > 0 (default 0.1).
    public init(horizon: TimeInterval = VelocityTracker.defaultHorizon) {
        precondition(horizon.isFinite && horizon > 0, "VelocityTracker horizon must be finite and > 0 seconds, got \(horizon)")
        self.horizon = horizon
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
        newest = -.infinity
    }

    /// At most this many samples are retained (the newest): 2·horizon at 1 kHz touch sampling
    /// needs 200, so the fit is unchanged for real input and a flood of samples stays O(1).
    public static let maximumSamples = 256

    /// Adds a sample; non-finite times or positions are ignored.
    /// - Parameters:
    ///   - location: points.
    ///   - time: seconds; normally non-decreasing.
    /// - Complexity: amortised O(1).
    public mutating func add(_ location: CGPoint, at time: TimeInterval) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { return }
        samples.append(Sample(time: time, location: location))
        newest = max(newest, time)
        let cutoff = newest - horizon * 2
        // Drop old samples in batches so the removal cost is amortised.
        if samples.count > 2 * Self.maximumSamples || (samples.count > 16 && samples[0].time < cutoff) {
            let keepFrom = max(samples.count - Self.maximumSamples, samples.firstIndex { $0.time >= cutoff } ?? samples.count)
            samples.removeFirst(keepFrom)
        }
    }

    private var newest = -TimeInterval.infinity

    /// The velocity in points per second at `time` (default: the newest sample's time).
    ///
    /// - Parameter time: the end of the fitting window, seconds. Pass the time of a release
    ///   to measure the velocity at lift-off from the samples before it.
    /// - Returns: the least-squares slope of position against time over the samples in
    ///   `[time − horizon, time]`; `.zero` for fewer than two samples or coincident times.
    /// - Complexity: O(n) in the retained samples.
    public func velocity(at time: TimeInterval? = nil) -> CGPoint {
        velocity(at: time) { $0 }
    }

    /// The velocity of the samples' images under `map` (e.g. window → view coordinates);
    /// samples `map` sends to `nil` are skipped.
    func velocity(at time: TimeInterval?, mapping map: (CGPoint) -> CGPoint?) -> CGPoint {
        guard let end = time ?? samples.last?.time, end.isFinite else { return .zero }
        let start = end - horizon
        // Small slack so a sample exactly `horizon` old (up to rounding) is kept.
        let slack = VelocityTracker.minimumTimeSpread
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0
        var lo = TimeInterval.infinity, hi = -TimeInterval.infinity
        // Two passes: means first, then centred sums (numerically stable).
        for s in samples where s.time >= start - slack && s.time <= end + slack {
            guard let p = map(s.location), p.x.isFinite, p.y.isFinite else { continue }
            let t = s.time - end
            n += 1; st += t; sx += Double(p.x); sy += Double(p.y)
            lo = min(lo, s.time); hi = max(hi, s.time)
        }
        guard n >= 2, hi - lo >= VelocityTracker.minimumTimeSpread else { return .zero }
        let tm = st / n, xm = sx / n, ym = sy / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples where s.time >= start - slack && s.time <= end + slack {
            guard let p = map(s.location), p.x.isFinite, p.y.isFinite else { continue }
            let dt = (s.time - end) - tm
            stt += dt * dt
            stx += dt * (Double(p.x) - xm)
            sty += dt * (Double(p.y) - ym)
        }
        guard stt > 0 else { return .zero }
        let vx = stx / stt, vy = sty / stt
        return CGPoint(x: vx.isFinite ? CGFloat(vx) : 0, y: vy.isFinite ? CGFloat(vy) : 0)
    }
}
