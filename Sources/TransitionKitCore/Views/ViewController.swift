import Foundation

/// The appearance callbacks UIKit sends a view controller; `animated` as UIKit passes it.
public enum AppearanceCallback: Sendable, Hashable {
    case viewWillAppear(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
}

/// Where a view controller is in its appearance cycle. Callbacks always come in balanced
/// pairs: `disappeared → appearing → appeared → disappearing → disappeared`, and a cancelled
/// transition turns `appearing` into `disappearing` (and back), as UIKit does.
public enum AppearanceState: Sendable, Hashable {
    case disappeared, appearing, appeared, disappearing
}

/// How a presented view controller covers its presenter (`UIModalPresentationStyle`).
public enum ModalPresentationStyle: Sendable, Hashable {
    /// The presenter's view is removed once the presentation finishes and gets
    /// disappearance callbacks.
    case fullScreen
    /// The presenter's view stays in the window behind the presented one and gets no
    /// appearance callbacks (what drag-to-dismiss cards use).
    case overFullScreen
}

/// Manages a view and its place in navigation and presentation (`UIViewController`).
///
/// Subclass it as in UIKit and override the lifecycle methods (`loadView()`, `viewDidLoad()`,
/// `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`, `viewDidDisappear(_:)`,
/// `viewWillLayoutSubviews()`, `viewDidLayoutSubviews()`, `willMove(toParent:)`,
/// `didMove(toParent:)`); or observe the same events through `viewDidLoadHandler` and
/// `appearanceObserver`, which are called right after the matching method (one mechanism:
/// method first, then closure). The default implementations do nothing, so calling `super`
/// is allowed and not needed; containers do their own work (filling their view, forwarding
/// appearance to the child on screen) outside these methods, so an override cannot break them.
/// The view is created on first access of `view`.
@MainActor
open class ViewController {
    /// A title, for debugging and navigation bars.
    public var title: String?
    /// Called once when the view is first created, to fill it (right after `viewDidLoad()`).
    public var viewDidLoadHandler: (@MainActor (ViewController) -> Void)?
    /// Receives every appearance callback, in order (right after the matching method).
    public var appearanceObserver: (@MainActor (ViewController, AppearanceCallback) -> Void)?
    /// The current appearance state (balanced; see `AppearanceState`).
    public private(set) var appearanceState: AppearanceState = .disappeared

    /// The navigation controller whose stack holds this view controller.
    public internal(set) weak var navigationController: NavigationController?
    /// The tab bar controller whose `viewControllers` hold this view controller (set on the
    /// tabs themselves, not on what a tab's navigation controller pushes).
    public internal(set) weak var tabBarController: TabBarController?
    /// The view controller this one presented modally, if any (owned).
    public internal(set) var presentedViewController: ViewController?
    /// The view controller that presented this one.
    public internal(set) weak var presentingViewController: ViewController?
    /// While this view controller is presented: what its present's animator left on the
    /// presenter's view, undone when the presentation ends (`endPresentation()`, U12).
    var presenterChanges: LayerChanges?
    /// Supplies the animator and interaction controller for presenting and dismissing this
    /// view controller (`UIViewController.transitioningDelegate`, held weakly like UIKit).
    public weak var transitioningDelegate: (any TransitioningDelegate)?
    /// How this view controller covers its presenter when presented. Default `.fullScreen`.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// Whether this view controller, while presented, refuses to be dismissed by the user's
    /// gestures (`UIViewController.isModalInPresentation`). Default false. A programmatic
    /// `dismiss` is not affected, as in UIKit. Gestures that honour it: the sheet's drag
    /// (`SheetEffect`), which rubber-bands instead and tells its delegate of the attempt.
    public var isModalInPresentation = false

    @exclusivity(unchecked) private var loadedView: View?
    /// True while `loadView()` runs (reading `view` then is a programmer error).
    private var isLoadingView = false
    /// Whether the view's size changed (or it was never laid out) since the last layout pass.
    var needsLayout = true
    /// The coordinator of the transition this view controller takes part in now, set and
    /// cleared by the coordinator (see `transitionCoordinator`).
    weak var runningTransitionCoordinator: TransitionCoordinator?
    /// Values of `subscript(extension:)`, by slot.
    var extensionValues: [ExtensionSlot: Any] = [:]

    public init(title: String? = nil) { self.title = title }

    /// The root view, created on first access: `loadView()`, then (for containers) the
    /// children's views are put in, then `viewDidLoad()` and `viewDidLoadHandler`.
    /// Setting it (what an overridden `loadView()` does) makes `newValue` the root view.
    /// - Precondition: `loadView()` sets `view` and does not read it.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            precondition(!isLoadingView, "\(title ?? "a view controller")'s loadView() read view before setting it")
            isLoadingView = true
            loadView()
            isLoadingView = false
            guard let loaded = loadedView else { preconditionFailure("\(title ?? "a view controller")'s loadView() did not set view") }
            containerViewDidLoad()
            viewDidLoad()
            viewDidLoadHandler?(self)
            return loaded
        }
        set {
            if let old = loadedView, old !== newValue { old.viewController = nil }
            loadedView = newValue
            newValue.viewController = self
            needsLayout = true
        }
    }

    /// Whether `view` has been created.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The container whose child this view controller is: its navigation controller, else its
    /// tab bar controller (`UIViewController.parent`).
    public var parent: ViewController? { navigationController ?? tabBarController }

    // MARK: Lifecycle (UIKit's names and order; every default does nothing but `loadView`)

    /// Creates the root view (`UIViewController.loadView()`): by default a white view of
    /// 320 × 480 points that flexes in both directions. Override it to make your own and assign
    /// it to `view` (without calling `super`); never call it yourself.
    open func loadView() {
        let v = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480), name: title.map { "\($0).view" })
        v.backgroundColor = .white
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = v
    }

    /// Called once after `loadView()` (and, in a container, after its children's views were put
    /// in), before `viewDidLoadHandler` (`UIViewController.viewDidLoad()`).
    open func viewDidLoad() {}
    /// The view is about to be added to the window (`viewWillAppear(_:)`): before the
    /// transition's animation is set up. `animated` as UIKit passes it.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is on screen and the transition that brought it has finished (`viewDidAppear(_:)`).
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the screen (`viewWillDisappear(_:)`); a cancelled interactive
    /// transition then brings it back with `viewWillAppear(_:)` and `viewDidAppear(_:)`.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view has left the screen (`viewDidDisappear(_:)`).
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews (`viewWillLayoutSubviews()`): after a change of
    /// its size while it is on screen (before the subviews follow their `autoresizingMask`),
    /// and right after `viewWillAppear(_:)` when its size changed (or it was never laid out)
    /// while it was off screen.
    open func viewWillLayoutSubviews() {}
    /// The view has laid out its subviews (`viewDidLayoutSubviews()`); see `viewWillLayoutSubviews()`.
    open func viewDidLayoutSubviews() {}
    /// This view controller is about to become `parent`'s child, or to leave its parent when
    /// `parent` is nil (`willMove(toParent:)`): at the start of the push or pop that moves it,
    /// at a container's init for its first children.
    open func willMove(toParent parent: ViewController?) {}
    /// This view controller became `parent`'s child, or left its parent when `parent` is nil
    /// (`didMove(toParent:)`): after the transition that moved it finished (after
    /// `viewDidAppear(_:)`); after a cancelled interactive pop with the parent it kept.
    open func didMove(toParent parent: ViewController?) {}

    /// Hook for container subclasses inside TransitionKitCore: puts the children's views in
    /// the freshly loaded view, before `viewDidLoad()`.
    func containerViewDidLoad() {}

    /// A layout pass (`viewWillLayoutSubviews()`, `layout`, `viewDidLayoutSubviews()`).
    func layoutPass(_ layout: () -> Void = {}) {
        needsLayout = false
        viewWillLayoutSubviews()
        layout()
        viewDidLayoutSubviews()
    }

    /// The layout pass after `viewWillAppear`, when one is due.
    private func layoutIfNeeded() {
        if needsLayout, isViewLoaded { layoutPass() }
    }

    /// Sends one appearance callback, enforcing balance: the method (`viewWillAppear(_:)` …),
    /// then `appearanceObserver`, then the container's child; after `viewWillAppear` the
    /// layout pass when one is due.
    /// - Precondition: the callback is legal in the current state (a programmer error otherwise).
    package func sendAppearance(_ callback: AppearanceCallback) {
        switch (appearanceState, callback) {
        case (.disappeared, .viewWillAppear), (.disappearing, .viewWillAppear): appearanceState = .appearing
        case (.appearing, .viewDidAppear): appearanceState = .appeared
        case (.appeared, .viewWillDisappear), (.appearing, .viewWillDisappear): appearanceState = .disappearing
        case (.disappearing, .viewDidDisappear): appearanceState = .disappeared
        default:
            preconditionFailure("unbalanced appearance callback \(callback) in state \(appearanceState) for \(title ?? "view controller")")
        }
        if case .viewWillAppear = callback { _ = view }  // UIKit: a view about to appear is loaded
        switch callback {
        case .viewWillAppear(let animated): viewWillAppear(animated)
        case .viewDidAppear(let animated): viewDidAppear(animated)
        case .viewWillDisappear(let animated): viewWillDisappear(animated)
        case .viewDidDisappear(let animated): viewDidDisappear(animated)
        }
        appearanceObserver?(self, callback)
        appearanceDidChange(callback)
        if case .viewWillAppear = callback { layoutIfNeeded() }
    }

    /// Brings the appearance state to `.disappeared` with the balanced callbacks its state
    /// needs (used when a view controller is removed outside a transition).
    package func endAppearance(animated: Bool) {
        switch appearanceState {
        case .appeared, .appearing:
            sendAppearance(.viewWillDisappear(animated: animated))
            sendAppearance(.viewDidDisappear(animated: animated))
        case .disappearing:
            sendAppearance(.viewDidDisappear(animated: animated))
        case .disappeared:
            break
        }
    }

    /// Hook for containers to forward appearance to their children.
    func appearanceDidChange(_ callback: AppearanceCallback) {}

    /// Lays out children after the window changed size (a navigation controller resizes
    /// its top view).
    func containerDidResize() {}

    /// The topmost view controller presented from this one (or this one).
    public var topPresentedViewController: ViewController {
        var vc: ViewController = self
        while let p = vc.presentedViewController { vc = p }
        return vc
    }
}
