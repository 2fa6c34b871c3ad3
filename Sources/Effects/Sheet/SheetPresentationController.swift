import Foundation
import TransitionKitCore

/// What a sheet tells its delegate (`UISheetPresentationControllerDelegate` and the part of
/// `UIAdaptivePresentationControllerDelegate` a sheet uses). Both methods default to nothing.
@MainActor
public protocol SheetPresentationControllerDelegate: AnyObject {
    /// The user's drag settled the sheet at another detent (`selectedDetentIdentifier` changed).
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: SheetPresentationController)
    /// The user tried to dismiss a sheet whose view controller `isModalInPresentation`: once
    /// per release that would have dismissed it.
    func presentationControllerDidAttemptToDismiss(_ sheetPresentationController: SheetPresentationController)
}

extension SheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: SheetPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ sheetPresentationController: SheetPresentationController) {}
}

/// Presents one view controller as a sheet (`UISheetPresentationController`): it rests at
/// one of its `detents`, a drag on it moves it between them and down to dismiss it, and the
/// screen behind pushes back as it reaches the large detent (geometry: `Sheet.Layout`).
///
/// Creating it makes the view controller `.overFullScreen`, makes this object its
/// `transitioningDelegate` and stores it on the view controller (`sheetPresentationController`),
/// which keeps it. `presentSheet(_:configure:completion:)` does all of this and presents.
///
/// ```swift
/// let sheet = presenter.presentSheet(settings) { sheet in
///     sheet.detents = [.medium(), .large()]
///     sheet.prefersGrabberVisible = true
/// }
/// sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
/// ```
///
/// The drag (a vertical pan on the sheet's view, 10 pt hysteresis): the sheet follows the
/// finger, rubber-banding (`Sheet.rubberBand`) above its tallest detent and, when the view
/// controller `isModalInPresentation`, below its smallest. On release the target is the
/// detent nearest the position projected by the velocity (`Sheet.Layout.releaseTarget`), or
/// the dismissal; the sheet settles there on `Sheet.spring(initialVelocity:)` starting at the
/// finger's speed. A drag that starts while it settles catches it where it is. A dismissal is
/// an ordinary animated `dismiss` (appearance callbacks and transition coordinator as for any
/// presentation) starting where the finger let go.
@MainActor
public final class SheetPresentationController: TransitioningDelegate {
    static let key = ExtensionKey<SheetPresentationController>("SheetEffect.controller")

    /// The view controller shown as the sheet.
    public private(set) weak var presentedViewController: ViewController?
    /// The view controller it is presented on, while presented.
    public var presentingViewController: ViewController? { presentedViewController?.presentingViewController }
    /// The constants of the geometry (safe area, gap, inset, dimming, spring).
    public var configuration: Sheet { didSet { layoutDidChange() } }
    /// The heights it may rest at (default `[.large()]`), in any order.
    public var detents: [Detent] = [.large()] { didSet { layoutDidChange() } }
    /// The detent it rests at; nil: the smallest. Setting it moves the sheet at once, or on
    /// the spring inside `animateChanges(_:)`.
    public var selectedDetentIdentifier: Detent.Identifier? {
        didSet { if !isAnimatingChanges { layoutDidChange() } }
    }
    /// At and below this detent the screen behind is not dimmed (nil: every detent dims).
    public var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { layoutDidChange() } }
    /// Whether the grabber shows (UIKit's `prefersGrabberVisible`, default false): a 36 × 5 pt
    /// capsule centred 5 pt below the sheet's top edge, filled with light-mode `tertiaryLabel`
    /// (#3C3C43 at 30 % opacity), a sublayer of the sheet's layer; read when presenting.
    public var prefersGrabberVisible = false
    /// The corner radius of the sheet and the pushed-back screen, points; nil:
    /// `configuration.cornerRadius` (10 pt). Read when presenting.
    public var preferredCornerRadius: CGFloat?
    /// Told of detent changes and refused dismissals (held weakly).
    public weak var delegate: (any SheetPresentationControllerDelegate)?

    /// The sheet's top edge on screen (container points) while presented, nil otherwise.
    public private(set) var currentTop: CGFloat?
    /// Whether the sheet is settling on its spring now.
    public var isSettling: Bool { settleLink != nil }

    var isAnimatingChanges = false
    var settleLink: DisplayLink?
    var pan: PanGestureRecognizer?
    var dragOrigin: CGFloat = 0
    var isDragging = false
    /// The release a dismissal starts from (top edge, velocity), handed to its animator once.
    var pendingRelease: (top: CGFloat, velocity: CGFloat)?
    private var cachedLayout: Sheet.Layout?

    /// - Parameters:
    ///   - presentedViewController: the view controller to show as a sheet; it becomes
    ///     `.overFullScreen` and keeps this object.
    ///   - configuration: default `Sheet()`.
    public init(presentedViewController: ViewController, configuration: Sheet = Sheet()) {
        self.presentedViewController = presentedViewController
        self.configuration = configuration
        presentedViewController.modalPresentationStyle = .overFullScreen
        presentedViewController.transitioningDelegate = self
        presentedViewController[extension: Self.key] = self
    }

    /// `configuration` with `preferredCornerRadius` applied.
    public var effectiveConfiguration: Sheet {
        var c = configuration
        if let r = preferredCornerRadius, r.isFinite, r >= 0 { c.cornerRadius = r }
        return c
    }

    /// Runs `changes` (detents, `selectedDetentIdentifier`, …), then moves the sheet to its
    /// new detent on the spring (`animateChanges(_:)`).
    public func animateChanges(_ changes: () -> Void) {
        isAnimatingChanges = true
        changes()
        isAnimatingChanges = false
        cachedLayout = nil
        guard let layout = currentLayout else { return }
        settle(to: selectedTop(in: layout), velocity: 0)
    }

    /// The layout for a container of `size` points with the current detents.
    public func layout(in size: CGSize) -> Sheet.Layout {
        if let cachedLayout, cachedLayout.containerSize == size { return cachedLayout }
        let layout = Sheet.Layout(
            configuration: effectiveConfiguration, containerSize: size, detents: detents,
            largestUndimmedDetentIdentifier: largestUndimmedDetentIdentifier)
        cachedLayout = layout
        return layout
    }

    /// The top edge of the selected detent (the smallest when none is selected or it did not
    /// resolve).
    public func selectedTop(in layout: Sheet.Layout) -> CGFloat {
        if let id = selectedDetentIdentifier, let top = layout.top(of: id) { return top }
        return layout.top(forHeight: layout.detents.first?.height ?? layout.maximumDetentValue)
    }

    // MARK: TransitioningDelegate

    public func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)? {
        SheetAnimator(effectiveConfiguration, controller: self)
    }

    public func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? {
        stopSettling()
        defer { pendingRelease = nil }
        return SheetAnimator(effectiveConfiguration, controller: self, release: pendingRelease)
    }

    // MARK: State

    /// The layout of the container the sheet is in now.
    var currentLayout: Sheet.Layout? {
        guard currentTop != nil, let container = presentedViewController?.view.superview else { return nil }
        return layout(in: container.bounds.size)
    }

    func presentationDidFinish(top: CGFloat) {
        currentTop = top
        installPan()
    }

    func dismissalDidFinish() {
        stopSettling()
        currentTop = nil
    }

    /// A cancelled dismiss leaves the sheet where it started: it settles back to its detent.
    func transitionWasCancelled() {
        guard let layout = currentLayout else { return }
        settle(to: selectedTop(in: layout), velocity: 0)
    }

    /// Detents or selection changed: the presented sheet goes to its detent at once.
    private func layoutDidChange() {
        cachedLayout = nil
        guard !isAnimatingChanges, !isDragging, let layout = currentLayout else { return }
        stopSettling()
        apply(top: selectedTop(in: layout))
    }

    /// Puts the sheet's top edge at `y` and the screen behind where it goes with it.
    func apply(top y: CGFloat) {
        guard let sheetVC = presentedViewController, let presenter = presentingViewController?.view, let state = SheetState.of(sheetVC),
            let layout = currentLayout
        else { return }
        currentTop = y
        SheetState.apply(
            layout.placement(sheetTop: y, presenterTop: state.presenterTop), sheet: sheetVC.view, presenter: presenter, dimming: state.dimming)
    }
}

extension ViewController {
    /// The sheet presentation controller made for this view controller
    /// (`UIViewController.sheetPresentationController`), nil when it is not shown as a sheet.
    public var sheetPresentationController: SheetPresentationController? { self[extension: SheetPresentationController.key] }

    /// Presents `viewController` as a sheet: makes its `SheetPresentationController` (or
    /// reuses the one it has), lets `configure` set it up, then `present(_:animated:completion:)`
    /// (always animated: the sheet's look is set up by its animator).
    /// - Returns: the sheet presentation controller.
    @discardableResult
    public func presentSheet(
        _ viewController: ViewController, configure: ((SheetPresentationController) -> Void)? = nil,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) -> SheetPresentationController {
        let sheet = viewController.sheetPresentationController ?? SheetPresentationController(presentedViewController: viewController)
        configure?(sheet)
        present(viewController, animated: true, completion: completion)
        return sheet
    }
}
