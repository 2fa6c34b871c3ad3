import Foundation
import TransitionKitCore

extension Flip {
    /// Which face of the card looks at the viewer.
    public enum Face: String, Sendable, Hashable {
        /// The outgoing view (the screen on show when the transition began).
        case outgoing
        /// The incoming view.
        case incoming
        /// Neither: exactly half-way both faces are edge-on.
        case neither
    }

    /// Where both faces are at one progress value: the closed form `FlipAnimator` applies and
    /// the tests check.
    public struct Placement: Hashable, Sendable {
        /// The outgoing view's turn about `direction.axis`, radians.
        public var outgoingAngle: CGFloat
        /// The incoming view's turn about `direction.axis`, radians.
        public var incomingAngle: CGFloat
        /// The outgoing layer's `transform` (about its anchor point, the centre).
        public var outgoing: Transform3D
        /// The incoming layer's `transform`.
        public var incoming: Transform3D
        /// The face the viewer sees.
        public var visible: Face
    }

    /// The placement at eased progress `p` (0...1) of `operation` (for `.tab`, `tabDirection`:
    /// `.forward` plays the push, `.reverse` the pop).
    ///
    /// With σ = `direction.sign` and k how far the card has turned (k = p for push, present and
    /// a forward tab switch; k = 1 − p for pop, dismiss and a reverse one, so they are the
    /// forward flip played backwards):
    /// - the front face (the outgoing view going forward, the incoming one going back) turns
    ///   by σ·π·k, from 0 to σ·π;
    /// - the back face (the incoming view going forward, the outgoing one going back) turns by
    ///   σ·π·(k − 1), from −σ·π to 0: the same rotation as π → 2π, written so that the end
    ///   state is exactly the identity;
    /// - each transform is `Transform3D(rotationAngle: angle, x:y:z: direction.axis)`
    ///   `.concatenating(.perspective(distance: perspectiveDistance))` (`CATransform3DConcat`
    ///   order: rotate, then project), exactly `.identity` at angle 0;
    /// - a face looks at the viewer while cos(angle) > 0: the eye is d in front of the plane's
    ///   centre, so its side of the plane is the sign of the turned normal's z, cos(angle). The
    ///   front face is seen for k < 0.5, the back face for k > 0.5, neither at k = 0.5.
    ///
    /// A push's outgoing view turns σπp; the pop's outgoing view turns σπ(−p), the other way.
    /// - Precondition: `p` is finite.
    /// - Complexity: O(1), two rotations and two matrix products.
    public func placement(_ operation: TransitionOperation, progress p: CGFloat, tabDirection: TabDirection? = nil) -> Placement {
        precondition(p.isFinite, "flip progress must be finite, got \(p)")
        let forward: Bool
        switch operation {
        case .push, .present: forward = true
        case .pop, .dismiss: forward = false
        case .tab: forward = (tabDirection ?? .forward) == .forward
        }
        let k = forward ? p : 1 - p
        let sigma = direction.sign
        let front = sigma * .pi * k, back = sigma * .pi * (k - 1)
        let visible: Face = k < 0.5 ? (forward ? .outgoing : .incoming) : k > 0.5 ? (forward ? .incoming : .outgoing) : .neither
        let (outgoingAngle, incomingAngle) = forward ? (front, back) : (back, front)
        return Placement(
            outgoingAngle: outgoingAngle, incomingAngle: incomingAngle, outgoing: faceTransform(angle: outgoingAngle),
            incoming: faceTransform(angle: incomingAngle), visible: visible)
    }

    /// A face's layer transform for a turn of `angle` radians about `direction.axis`: exactly
    /// `.identity` at 0, else the rotation then the perspective m34 = −1/`perspectiveDistance`.
    /// - Complexity: O(1).
    public func faceTransform(angle: CGFloat) -> Transform3D {
        guard angle != 0 else { return .identity }
        let a = direction.axis
        return Transform3D(rotationAngle: angle, x: a.x, y: a.y, z: a.z).concatenating(.perspective(distance: perspectiveDistance))
    }
}
