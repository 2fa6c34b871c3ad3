import Foundation

/// The default animator when no delegate supplies one: UIKit's horizontal slide.
///
/// Push: the incoming view slides in from the container's right edge while the outgoing one
/// moves left by `parallax` of the width; pop is the exact reverse. Modal present slides up
/// from the bottom edge, dismiss slides back down. A tab switch (`.tab`) slides both views
/// side by side by the whole width, like a paged scroll: towards a higher index the incoming
/// view comes in from the right (translation w·(1 − p)) while the outgoing one leaves to the
/// left (−w·p); towards a lower index the mirror image (`TabDirection.sign`).
@MainActor
public final class SlideAnimator: AnimatedTransitioning {
    /// Duration in seconds (default 0.35 s, the figure commonly measured for UIKit's push).
    public var duration: TimeInterval
    /// Fraction 0...1 of the width the covered view moves (default 0.3, UIKit's parallax).
    public var parallax: CGFloat
    public let timingCurve: TimingCurve

    public init(duration: TimeInterval = 0.35, parallax: CGFloat = 0.3, timingCurve: TimingCurve = .easeInEaseOut) {
        precondition(duration.isFinite && duration >= 0, "duration must be finite and >= 0 seconds, got \(duration)")
        self.duration = duration
        self.parallax = parallax
        self.timingCurve = timingCurve
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { duration }

    public func updateTransition(progress p: CGFloat, using context: any ContextTransitioning) {
        guard let from = context.view(forKey: .from), let to = context.view(forKey: .to) else { return }
        let w = context.containerView.bounds.width, h = context.containerView.bounds.height
        switch context.operation {
        case .push:
            to.transform3D = Transform3D(translationX: w * (1 - p), y: 0)
            from.transform3D = Transform3D(translationX: -parallax * w * p, y: 0)
        case .pop:
            from.transform3D = Transform3D(translationX: w * p, y: 0)
            to.transform3D = Transform3D(translationX: -parallax * w * (1 - p), y: 0)
        case .present:
            to.transform3D = Transform3D(translationX: 0, y: h * (1 - p))
        case .dismiss:
            from.transform3D = Transform3D(translationX: 0, y: h * p)
        case .tab:
            let side = (context.tabDirection ?? .forward).sign
            to.transform3D = Transform3D(translationX: side * w * (1 - p), y: 0)
            from.transform3D = Transform3D(translationX: -side * w * p, y: 0)
        }
    }
}
