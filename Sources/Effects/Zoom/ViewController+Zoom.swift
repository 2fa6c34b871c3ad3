import Foundation
import TransitionKitCore

extension ViewController.Transition {
    /// The zoom as a view controller's `preferredTransition` (UIKit's
    /// `.zoom(options:sourceViewProvider:)`): pushing or presenting the view controller grows
    /// it out of the view `sourceViewProvider` returns, popping or dismissing it shrinks it
    /// back into the view the provider returns then (asked again, so a pager can zoom back
    /// into the item it shows now). See `Zoom` for the geometry and the fallback.
    ///
    /// Gestures on the zoomed view: a downward pan anywhere pops or dismisses it, a pan from
    /// the left screen edge pops it; `options.interactiveDismissShouldBegin` may refuse.
    ///
    /// ```swift
    /// detail.preferredTransition = .zoom { _ in cell }
    /// nav.push(detail)
    /// ```
    /// - Parameters:
    ///   - options: look and timing (default `ZoomOptions()`).
    ///   - sourceViewProvider: the source view for a context; nil falls back.
    public static func zoom(
        options: ZoomOptions = ZoomOptions(), sourceViewProvider: @escaping @MainActor @Sendable (ZoomContext) -> View?
    ) -> Self {
        let zoom = Zoom(options: options, source: .view(sourceViewProvider))
        let gestures = [
            CustomGestureInteraction(direction: .down, name: "zoom.pan") { PanGestureRecognizer(axis: .vertical) },
            CustomGestureInteraction.leftEdgePanPop,
        ]
        return Self(
            name: Zoom.name, gestures: gestures,
            makeInteractiveAnimation: { operation, viewController, direction, _ in
                if let shouldBegin = options.interactiveDismissShouldBegin {
                    let source =
                        operation == .pop
                        ? viewController.navigationController?.viewControllers.dropLast().last : viewController.presentingViewController
                    guard shouldBegin(ZoomContext(zoomedViewController: viewController, sourceViewController: source, operation: operation)) else {
                        return nil
                    }
                }
                return zoom.interactiveAnimation(dragDirection: direction)
            },
            makeAnimator: { operation in zoom.makeAnimator(for: operation) })
    }
}
