import Foundation
import TransitionKitCore

extension Sheet {
    /// `UIScrollView.DecelerationRate.normal`: 0.998, the fraction of velocity kept per
    /// millisecond.
    public static let decelerationRate: CGFloat = 0.998
    /// UIScrollView's rubber-band constant, 0.55 (the commonly cited constant of its formula
    /// c·d·x / (d + c·x)).
    public static let rubberBandCoefficient: CGFloat = 0.55

    /// Where a release at `velocity` points per second comes to rest, relative to where it
    /// was released, if it decelerated like a scroll view: v/1000 · d/(1 − d) points with
    /// d = `decelerationRate` per millisecond (0.499 s · v for 0.998). The projection of
    /// Apple's WWDC 2018 talk "Designing Fluid Interfaces".
    /// - Precondition: `decelerationRate` in 0..<1.
    public static func projectedDistance(velocity: CGFloat, decelerationRate d: CGFloat = Sheet.decelerationRate) -> CGFloat {
        precondition(d >= 0 && d < 1, "decelerationRate must be in 0..<1, got \(d)")
        return velocity / 1000 * d / (1 - d)
    }

    /// UIScrollView's rubber band: a drag `x` points past a limit shows c·d·|x| / (d + c·|x|)
    /// points past it (sign kept), d the `dimension` (the container's height), c the
    /// coefficient; never more than c·d and 0.55·x for small x.
    public static func rubberBand(_ x: CGFloat, dimension d: CGFloat, coefficient c: CGFloat = Sheet.rubberBandCoefficient) -> CGFloat {
        guard d > 0 else { return 0 }
        let a = abs(x)
        return (x < 0 ? -1 : 1) * c * d * a / (d + c * a)
    }

    /// The drag that shows `shown` points past a limit: the inverse of
    /// `rubberBand(_:dimension:coefficient:)`, d·|y| / (c·(d − |y|)) (sign kept); a shown
    /// distance of c·d or more (unreachable) maps to the largest finite drag.
    public static func inverseRubberBand(_ shown: CGFloat, dimension d: CGFloat, coefficient c: CGFloat = Sheet.rubberBandCoefficient) -> CGFloat {
        guard d > 0, c > 0 else { return 0 }
        let a = abs(shown)
        let x = a < c * d ? d * a / (c * (d - a)) : CGFloat.greatestFiniteMagnitude
        return (shown < 0 ? -1 : 1) * x
    }
}

extension Sheet.Layout {
    /// Where a released sheet goes.
    public enum ReleaseTarget: Sendable, Hashable {
        /// Settle at this detent.
        case detent(SheetPresentationController.Detent.Identifier)
        /// Leave through the bottom (refused when the sheet is modal in presentation).
        case dismiss
    }

    /// The detent (or the dismissal, at top H) whose top edge is nearest the projected
    /// position y + `Sheet.projectedDistance(velocity:)` (ties: the taller detent).
    /// - Parameters:
    ///   - y: the sheet's top edge at release, points.
    ///   - velocity: the finger's vertical speed, points per second (positive downwards).
    /// - Complexity: O(detents).
    public func releaseTarget(sheetTop y: CGFloat, velocity: CGFloat) -> ReleaseTarget {
        let projected = y + Sheet.projectedDistance(velocity: velocity)
        var best = ReleaseTarget.dismiss, bestDistance = abs(projected - dismissedTop)
        for d in detents.reversed() {
            let distance = abs(projected - top(forHeight: d.height))
            if distance < bestDistance { (best, bestDistance) = (.detent(d.identifier), distance) }
        }
        return best
    }

    /// The sheet's top edge while the finger would put it at `raw`: `raw` between the
    /// tallest detent's top and the smallest's (or the container's bottom when `canDismiss`);
    /// beyond them the rubber band `Sheet.rubberBand(_:dimension:)` of the excess, d = H.
    public func draggedTop(raw: CGFloat, canDismiss: Bool) -> CGFloat {
        let (low, high) = limits(canDismiss: canDismiss)
        if raw < low { return low + Sheet.rubberBand(raw - low, dimension: containerSize.height) }
        if raw > high { return high + Sheet.rubberBand(raw - high, dimension: containerSize.height) }
        return raw
    }

    /// The finger position `raw` that `draggedTop(raw:canDismiss:)` shows at `shown` (its
    /// inverse), so a drag that catches a sheet outside the limits starts where it is.
    public func rawTop(shown: CGFloat, canDismiss: Bool) -> CGFloat {
        let (low, high) = limits(canDismiss: canDismiss)
        if shown < low { return low + Sheet.inverseRubberBand(shown - low, dimension: containerSize.height) }
        if shown > high { return high + Sheet.inverseRubberBand(shown - high, dimension: containerSize.height) }
        return shown
    }

    private func limits(canDismiss: Bool) -> (CGFloat, CGFloat) {
        let tallest = detents.last?.height ?? maximumDetentValue, smallest = detents.first?.height ?? maximumDetentValue
        return (top(forHeight: tallest), canDismiss ? dismissedTop : top(forHeight: smallest))
    }
}
