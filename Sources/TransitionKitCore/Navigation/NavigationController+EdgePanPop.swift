import Foundation

/// The interactive pop: one per navigation controller.
///
/// Like UIKit's single `interactivePopGestureRecognizer`, a navigation controller has at most
/// one interactive pop. Installing one under a key replaces the one installed under another
/// key (its recognizer leaves the view, an active gesture on it is cancelled and so is its
/// transition); installing again under the same key reconfigures it (L3); removing under a
/// key removes only the pop installed under that key. So `enableRadialSwipe()` then
/// `enablePushBack3DSwipe()` leaves only the push-back swipe, and `disableRadialSwipe()`
/// afterwards changes nothing.
extension NavigationController {
    /// Installs (or reconfigures) the left-edge pan pop stored under `key`: the shared body
    /// of the effects' `enable…Swipe` methods. In a right-to-left layout (this controller's
    /// view's `effectiveUserInterfaceLayoutDirection` when it is installed) the pan starts at
    /// the right edge and moves left.
    ///
    /// If the pop installed now is under `key`, it keeps its recognizers (and whether each is
    /// enabled) and only takes the new `policy`, `mode` and `makeAnimation` (from the next
    /// gesture on). Otherwise the installed one, if any, is removed (see the rule above) and a
    /// new `EdgePanPopController` with a left-edge `ScreenEdgePanGestureRecognizer` and the
    /// full-width back swipe (`interactiveContentPopGestureRecognizer`, enabled) is kept by
    /// this navigation controller and both recognizers are added to this controller's view
    /// (which loads it), the edge pan first.
    /// - Parameters:
    ///   - key: the installer's key, e.g. `ExtensionKey<EdgePanPopController>("RadialEffect.swipe")`.
    ///   - policy: the release rule.
    ///   - mode: percent-driven or display-link driven.
    ///   - makeAnimation: the animation of each pop, given the touch-down point.
    /// - Returns: the installed controller (kept by this navigation controller; no need to store it).
    @discardableResult
    public func installEdgePanPop(
        key: ExtensionKey<EdgePanPopController>, policy: InteractionPolicy, mode: InteractionMode,
        makeAnimation: @escaping EdgePanPopController.MakeAnimation
    ) -> EdgePanPopController {
        installPop(key: key, gesture: nil, policy: policy, mode: mode, makeAnimation: makeAnimation)
    }

    /// The body of `installEdgePanPop` and of custom pop gestures: `gesture` nil is the
    /// left-edge pan. An installed pop under `key` is reconfigured only if its gesture is the
    /// same kind (left edge, or a custom one with the same direction); otherwise replaced.
    func installPop(
        key: ExtensionKey<EdgePanPopController>, gesture: CustomGestureInteraction?, policy: InteractionPolicy, mode: InteractionMode,
        makeAnimation: @escaping EdgePanPopController.MakeAnimation
    ) -> EdgePanPopController {
        // The edge pan starts at the leading edge and moves toward the trailing one: the left edge
        // and rightward, or in a right-to-left layout (`semanticContentAttribute`) the right edge
        // and leftward, as UIKit's interactive pop.
        let rightToLeft = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let direction = gesture?.direction ?? (rightToLeft ? .left : .right)
        if let existing = edgePanPop(key: key), existing.interaction.direction == direction,
            (existing.recognizer is ScreenEdgePanGestureRecognizer) == (gesture == nil)
        {
            existing.policy = policy
            existing.mode = mode
            existing.makeAnimation = makeAnimation
            return existing
        }
        if let installed = interactivePop { removeEdgePanPop(key: installed.key) }
        let recognizer = gesture?.makeRecognizer() ?? ScreenEdgePanGestureRecognizer(edges: rightToLeft ? .right : .left)
        // The left-edge pan brings the full-width back swipe, moving the same way.
        let content = gesture == nil ? ContentPopGestureRecognizer(direction: direction) : nil
        let controller = EdgePanPopController(
            navigationController: self, recognizer: recognizer, contentRecognizer: content, direction: direction, policy: policy, mode: mode,
            makeAnimation: makeAnimation)
        view.addGestureRecognizer(recognizer)
        if let content { view.addGestureRecognizer(content) }
        interactivePop = (key, controller)
        return controller
    }

    /// Removes the pop installed under `key`: its recognizers leave this view (an active
    /// gesture is cancelled first, which cancels its transition) and the controller is
    /// released. Does nothing if the installed pop is under another key or none is installed.
    public func removeEdgePanPop(key: ExtensionKey<EdgePanPopController>) {
        guard let controller = edgePanPop(key: key) else { return }
        view.removeGestureRecognizer(controller.recognizer)
        if let content = controller.contentRecognizer { view.removeGestureRecognizer(content) }
        interactivePop = nil
    }

    /// The pop installed under `key`, or nil when none is or another key's replaced it.
    public func edgePanPop(key: ExtensionKey<EdgePanPopController>) -> EdgePanPopController? {
        guard let installed = interactivePop, installed.key == key else { return nil }
        return installed.controller
    }

    /// The one interactive pop installed on this navigation controller, whatever its key
    /// (UIKit's `interactivePopGestureRecognizer` role); nil when none is.
    public var interactivePopController: EdgePanPopController? { interactivePop?.controller }

    /// The edge pan of the installed interactive pop (UIKit's `interactivePopGestureRecognizer`):
    /// `interactivePopController?.recognizer`; nil when no pop is installed. Set its
    /// `isEnabled` to false to turn the back swipe from the edge off.
    public var interactivePopGestureRecognizer: PanGestureRecognizer? { interactivePop?.controller.recognizer }

    /// The full-width back swipe (UIKit's `interactiveContentPopGestureRecognizer`, iOS 26): a
    /// horizontal pan anywhere in the content that pops the top view controller, installed on
    /// this controller's view with every left-edge pop (an effect declaring
    /// `EffectInteraction.leftEdgePanPop`, `enableInteractivePop(Slide())`, `enableRadialSwipe()`,
    /// …); nil when no pop is installed or the installed one is an effect's custom gesture. A
    /// `preferredTransition` declaring the left-edge pop brings its own on the pushed view
    /// controller's view (`ViewController.preferredTransitionContentPopInteraction`), which
    /// this one waits for.
    ///
    /// It drives the same pop as the edge pan, with the same animation, `policy` and `mode`:
    /// progress = translation toward the trailing edge ÷ this view's width, clamped to 0...1.
    /// It begins only when, at the pan's 10 pt hysteresis, the movement points toward the
    /// trailing edge (right; left in a right-to-left layout, read when the pop is installed)
    /// within 30° of the horizontal (|dy| <= tan 30°·|dx|: steeper pans are left to vertical
    /// scrolling, which shares the content with it; UIKit does not document its angle), and
    /// the pop can start now (two or more view controllers, on screen, no other transition
    /// running or waiting; it may re-grab its own pop's run-out). Otherwise it fails and the
    /// touch goes to the other recognizers.
    ///
    /// Precedence, for each touch (`GestureRecognizer.require(toFail:)`): it waits until the
    /// edge pan has failed, so a touch in the edge band is the edge pan's and one swipe never
    /// starts two pops; and until every pan of a view inside the content whose `axis` is not
    /// `.vertical` has failed, so a horizontal scroller or slider keeps its pans. Its
    /// `delegate` (`GestureRecognizerDelegate`) may refuse a touch or a begin.
    ///
    /// Turn it off as in UIKit: `interactiveContentPopGestureRecognizer?.isEnabled = false`
    /// (kept while the same pop is reconfigured; a pop installed under another key comes with
    /// a new, enabled recognizer).
    public var interactiveContentPopGestureRecognizer: PanGestureRecognizer? { interactivePop?.controller.contentRecognizer }

    /// The animator of the push or pop running on this navigation controller now, nil when
    /// none runs (also while its window's queue runs a modal transition).
    public var transitionAnimator: (any AnimatedTransitioning)? {
        guard isViewLoaded, let driver = transitionQueue.current, driver.context.containerView === view else { return nil }
        return driver.animator
    }
}
