import Foundation
import TransitionKitCore

/// How a finished animated present ends in scenario U12 of `Documentation/Scenarios.md`: the
/// ways without an animated dismiss (UIKit: the presentation controller's
/// `dismissalTransitionDidEnd` cleans up however the dismiss ran), and an animated dismiss by
/// another animator than the present's, which sets nothing on the presenter itself.
public enum PresentationEnding: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `dismiss(animated: false)`.
    case dismissWithoutAnimation
    /// `Window.rootViewController` replaced while the modal is up.
    case rootReplaced
    /// The window released while the modal is up (its deinit dismisses without animation).
    case windowReleased
    /// `dismiss(animated: true)` with a `SlideAnimator` override.
    case animatedDismissBySlide

    public var description: String { rawValue }
}

/// The state of every layer of a presenter's view tree around one presentation (U12).
@MainActor
public struct PresentationRun {
    /// Every layer's name and properties below the presenter's view, pre-order, before the present.
    public let before: [String]
    /// The same once the animated present finished.
    public let presented: [String]
    /// The same after the presentation ended.
    public let after: [String]
    /// The present's completion (true: it finished) and whether the link was undone at the end.
    public let presentFinished: Bool
    public let linkUndone: Bool
    /// The properties of the presenter's view's own layer before the present and at the end.
    public let rootBefore: LayerProperties
    public let rootAfter: LayerProperties

    /// Shows `presenter` as the root of a new window of `size`, presents `modal` from it
    /// with animation (its `preferredTransition`), plays it out on a 60 Hz manual clock and
    /// ends the presentation as `ending` says.
    public init(presenter: ViewController, modal: ViewController, ending: PresentationEnding, size: CGSize = CGSize(width: 320, height: 480)) {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var window: Window? = Window(size: size, frameClock: clock)
        window?.rootViewController = presenter
        before = Self.tree(presenter.view.layer)
        rootBefore = presenter.view.layer.properties
        var finished = false
        presenter.present(modal, animated: true) { finished = $0 }
        _ = clock.runUntilIdle(maxFrames: 10_000)
        presentFinished = finished && presenter.presentedViewController === modal
        presented = Self.tree(presenter.view.layer)
        switch ending {
        case .dismissWithoutAnimation: presenter.dismiss(animated: false)
        case .rootReplaced: window?.rootViewController = ViewController(title: "replacement")
        case .windowReleased: window = nil
        case .animatedDismissBySlide:
            presenter.dismiss(animated: true, transition: TransitionOverride(animator: SlideAnimator()))
            _ = clock.runUntilIdle(maxFrames: 10_000)
        }
        after = Self.tree(presenter.view.layer)
        rootAfter = presenter.view.layer.properties
        linkUndone = presenter.presentedViewController == nil && modal.presentingViewController == nil
        _ = window
    }

    private static func tree(_ layer: Layer) -> [String] {
        ["\(layer.name ?? "?"): \(layer.properties)"] + layer.sublayers.flatMap(tree)
    }
}
