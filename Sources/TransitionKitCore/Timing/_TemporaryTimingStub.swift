// TEMPORARY: replaced by the real timing model (branch `timing`). Delete on merge.
import Foundation
public enum TimingCurve: Sendable, Hashable {
    case linear
    case stubEase
    public static let easeInEaseOut = TimingCurve.stubEase
    public static let easeIn = TimingCurve.stubEase
    public static let easeOut = TimingCurve.stubEase
    public static let `default` = TimingCurve.stubEase
    public func value(at progress: Double, duration: Double) -> Double {
        switch self {
        case .linear: return progress
        case .stubEase: return progress * progress * (3 - 2 * progress)
        }
    }
}
