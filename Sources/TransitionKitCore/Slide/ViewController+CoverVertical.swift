import Foundation

extension ViewController.Transition {
    /// UIKit's `.coverVertical` (iOS 18's `UIViewController.Transition.coverVertical`, the
    /// look of `UIModalTransitionStyle.coverVertical`): the view controller slides up from the
    /// bottom edge over the screen it covers, which does not move, and slides back down when it
    /// goes away; a pan down on it takes it away interactively.
    ///
    /// It is `Slide`'s present and dismiss with `Slide()`'s defaults (0.35 s, `easeInEaseOut`):
    /// with h the container's height in points and p the eased progress, the incoming view is at
    /// y = h·(1 − p) when it is presented or pushed, the outgoing view at y = h·p when it is
    /// dismissed or popped (`Slide.placement(_:progress:size:direction:tabDirection:)` for
    /// `.present` and `.dismiss`); a push and a pop use that same geometry, so a view
    /// controller pushed with it covers the stack from below. No overlay, no shadow.
    ///
    /// Gesture: a vertical pan (`PanGestureRecognizer(axis: .vertical)`) on the view
    /// controller's view, downward toward completion, pops it (top of a stack of two or more)
    /// or dismisses it (presented, presenting nothing); progress = downward translation ÷ the
    /// container's height, so the screen follows the finger; the default `InteractionPolicy`
    /// decides the release.
    ///
    /// ```swift
    /// sheet.preferredTransition = .coverVertical
    /// presenter.present(sheet)      // slides up; a drag down (or dismiss()) slides it back
    /// ```
    public static var coverVertical: Self {
        let slide = Slide()
        let pan = CustomGestureInteraction(direction: .down, operations: [.pop, .dismiss], name: "coverVertical.pan") {
            PanGestureRecognizer(axis: .vertical)
        }
        return Self(name: "coverVertical", gestures: [pan]) { operation in
            switch operation {
            case .push, .pop: return coverVerticalNavigationAnimator(slide, operation: operation)
            case .present, .dismiss, .tab: return SlideAnimator(slide)
            }
        }
    }

    /// A push as `slide`'s present and a pop as its dismiss.
    private static func coverVerticalNavigationAnimator(_ slide: Slide, operation: TransitionOperation) -> ClosureAnimator {
        let modal: TransitionOperation = operation == .push ? .present : .dismiss
        return ClosureAnimator(
            duration: slide.duration, timingCurve: slide.timingCurve,
            prepare: { context throws(TransitionKitError) in _ = try context.viewsInContainer(effect: "coverVertical") },
            update: { p, context in
                let placement = slide.placement(modal, progress: p, size: context.containerView.bounds.size)
                let (view, offset) =
                    modal == .present ? (context.view(forKey: .to), placement.incoming) : (context.view(forKey: .from), placement.outgoing)
                view?.transform3D = Transform3D(translationX: offset.x, y: offset.y)
            })
    }
}
