import Foundation
import TransitionKitCore

extension Radial {
    /// A left-edge pan pops with the reveal following the finger (RadialTransition's
    /// `enableRadialSwipe`).
    public var interactions: [EffectInteraction] { [.leftEdgePanPop] }

    /// The reveal of one interactive run: for a pop its circle is centred at (0, finger.y)
    /// from the touch-down on, following the finger's y (see
    /// `RadialAnimator.followingFinger(touchDown:)`); a tab switch reveals from the incoming
    /// tab's bar item as when tapped, whatever the finger does.
    @MainActor
    public func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation {
        let animator = RadialAnimator(self, operation: operation)
        return operation == .tab ? InteractiveAnimation(animator: animator) : animator.followingFinger(touchDown: touchDown)
    }
}

extension RadialAnimator {
    /// This animator for one finger-driven run: the start frame is the empty rectangle at
    /// (0, finger.y) in the container, RadialTransition's `CGRectMake(-d/2, location.y - d/2, d, d)`
    /// circle at d = 0, set at `touchDown` and on every finger move (the original rebuilt its
    /// mask around the finger). A non-finite y counts as 0.
    /// - Parameter touchDown: where the pan began, container points.
    public func followingFinger(touchDown: CGPoint) -> InteractiveAnimation {
        startFrame = Self.fingerStartFrame(touchDown)
        return InteractiveAnimation(animator: self) { [weak self] finger in
            self?.startFrame = Self.fingerStartFrame(finger)
        }
    }

    /// The start frame for a finger at `finger` (container points): (0, finger.y, 0, 0).
    static func fingerStartFrame(_ finger: CGPoint) -> CGRect {
        CGRect(x: 0, y: finger.y.isFinite ? finger.y : 0, width: 0, height: 0)
    }
}
