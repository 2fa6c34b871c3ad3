import Foundation

extension Slide {
    /// Where everything is at one progress value: the closed form `SlideAnimator` applies and
    /// the tests check.
    public struct Placement: Hashable, Sendable {
        /// Translation of the incoming view, points (container coordinates, y down).
        public var incoming: CGPoint
        /// Translation of the outgoing view, points.
        public var outgoing: CGPoint
        /// Opacity 0...`dimming` of the black overlay on the covered view (push and pop:
        /// the lower view; 0 otherwise).
        public var dimming: CGFloat
        /// `shadowOpacity` 0...`Slide.shadowOpacity` of the covering view's edge shadow (push
        /// and pop: the upper view; 0 otherwise).
        public var shadowOpacity: Float
    }

    /// The placement at eased progress `p` of `operation` in a container of `size` points laid
    /// out in `direction`. With w the width, h the height, s = `direction.sign` (+1 left to
    /// right) and k how far the covering view has come in (p for push, 1 − p for pop):
    /// - push and pop: covering view at x = s·w·(1 − k), covered view at x = −s·`parallax`·w·k,
    ///   overlay opacity `dimming`·k, shadow opacity `shadowOpacity`·k (zero while the
    ///   covering view is outside, so frame 0 shows nothing of it; fully strong when it covers
    ///   the screen and its shadow falls outside);
    /// - present: incoming at y = h·(1 − p); dismiss: outgoing at y = h·p (cover vertical; no
    ///   overlay, no shadow, the presenter does not move);
    /// - tab toward a higher index (`tabDirection` `.forward`, sign t = +1; −1 toward a lower
    ///   one): incoming at x = s·t·w·(1 − p), outgoing at x = −s·t·w·p.
    /// - Complexity: O(1).
    public func placement(
        _ operation: TransitionOperation, progress p: CGFloat, size: CGSize, direction: UserInterfaceLayoutDirection = .leftToRight,
        tabDirection: TabDirection? = nil
    ) -> Placement {
        let w = size.width, h = size.height, s = direction.sign
        switch operation {
        case .push, .pop:
            let k = operation == .push ? p : 1 - p
            let covering = CGPoint(x: s * w * (1 - k), y: 0), covered = CGPoint(x: -s * parallax * w * k, y: 0)
            return Placement(
                incoming: operation == .push ? covering : covered, outgoing: operation == .push ? covered : covering, dimming: dimming * k,
                shadowOpacity: shadowOpacity * Float(k))
        case .present:
            return Placement(incoming: CGPoint(x: 0, y: h * (1 - p)), outgoing: .zero, dimming: 0, shadowOpacity: 0)
        case .dismiss:
            return Placement(incoming: .zero, outgoing: CGPoint(x: 0, y: h * p), dimming: 0, shadowOpacity: 0)
        case .tab:
            let t = s * (tabDirection ?? .forward).sign
            return Placement(incoming: CGPoint(x: t * w * (1 - p), y: 0), outgoing: CGPoint(x: -t * w * p, y: 0), dimming: 0, shadowOpacity: 0)
        }
    }

    /// The edge shadow's `shadowPath` in the covering view's own coordinates (`bounds`, points):
    /// a strip 4σ wide (σ = `shadowRadius`, the shadow's Gaussian deviation in points) along its
    /// leading edge (left edge left to right, right edge right to left), reaching 4σ past the
    /// top and bottom so the shadow keeps full strength to the screen's corners. The strip's far
    /// side adds at most 1 − Φ(4) = 3.2·10⁻⁵ of the shadow beside the near edge (invisible in 8
    /// bits), and the compositor blurs only the strip, not the whole screen.
    /// - Complexity: O(1).
    public func shadowPath(bounds: CGRect, direction: UserInterfaceLayoutDirection = .leftToRight) -> ShapePath {
        let reach = 4 * shadowRadius
        let x = direction == .leftToRight ? bounds.minX : bounds.maxX - reach
        return .rect(CGRect(x: x, y: bounds.minY - reach, width: reach, height: bounds.height + 2 * reach))
    }
}
