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
/// Apps observe the appearance cycle through `appearanceObserver` instead of overriding
/// methods (TransitionKit exposes no `open` classes). The view is created on first access.
@MainActor
public class ViewController {
    /// A title, for debugging and navigation bars.
    public var title: String?
    /// Called once when the view is first created, to fill it.
    public var viewDidLoadHandler: (@MainActor (ViewController) -> Void)?
    /// Receives every appearance callback, in order.
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
    /// Supplies the animator and interaction controller for presenting and dismissing this
    /// view controller (`UIViewController.transitioningDelegate`, held weakly like UIKit).
    public weak var transitioningDelegate: (any TransitioningDelegate)?
    /// How this view controller covers its presenter when presented. Default `.fullScreen`.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen

    @exclusivity(unchecked) private var loadedView: View?
    /// The coordinator of the transition this view controller takes part in now, set and
    /// cleared by the coordinator (see `transitionCoordinator`).
    weak var runningTransitionCoordinator: TransitionCoordinator?
    /// Values of `subscript(extension:)`, by slot.
    var extensionValues: [ExtensionSlot: Any] = [:]

    public init(title: String? = nil) { self.title = title }

    /// The root view, created on first access (`loadView` then `viewDidLoad`).
    public var view: View {
        if let loadedView { return loadedView }
        let v = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480), name: title.map { "\($0).view" })
        v.backgroundColor = .white
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        loadedView = v
        viewDidLoad()
        viewDidLoadHandler?(self)
        return v
    }

    /// Whether `view` has been created.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Hook for container subclasses inside TransitionKitCore.
    func viewDidLoad() {}

    /// Sends one appearance callback, enforcing balance.
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
        appearanceObserver?(self, callback)
        appearanceDidChange(callback)
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
