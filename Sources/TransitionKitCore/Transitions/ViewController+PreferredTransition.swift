import Foundation

extension ViewController {
    /// A transition a view controller asks to be shown and taken away with (UIKit's
    /// `UIViewController.Transition`): set it as the view controller's `preferredTransition`
    /// before it is pushed or presented.
    ///
    /// Core knows nothing about any particular transition: a `Transition` is the closures that
    /// make its animators and interactive animations plus the gestures that pop or dismiss the
    /// view controller interactively. Effect modules extend it with static factories, as UIKit
    /// has `.zoom(options:sourceViewProvider:)`:
    ///
    /// ```swift
    /// extension ViewController.Transition {
    ///     public static func iris(duration: TimeInterval = 0.5) -> Self {
    ///         let iris = Iris(duration: duration)
    ///         return Self(name: "iris") { operation in iris.makeAnimator(for: operation) }
    ///     }
    /// }
    /// detail.preferredTransition = .iris()
    /// nav.push(detail)          // and nav.pop() plays the iris backwards
    /// ```
    @MainActor
    public struct Transition {
        /// A pan on the view controller's view that pops it (when it is the top of a
        /// navigation stack of two or more) or dismisses it (when it is presented and presents
        /// nothing): `CustomGestureInteraction`, the one gesture type (effects declare theirs
        /// with it too), with its `operations`. The name is kept so code written when this
        /// was a type of its own compiles unchanged: `Gesture(direction: .down) { … }`.
        public typealias Gesture = CustomGestureInteraction

        /// Makes one interactive run, given the operation (`.pop` or `.dismiss`), the view
        /// controller that goes away, the gesture's direction toward completion and where the
        /// finger touched down (the transition container's coordinates, points); nil refuses to
        /// begin (nothing starts).
        public typealias MakeInteractiveAnimation =
            @MainActor (
                _ operation: TransitionOperation, _ viewController: ViewController, _ direction: PanInteractionController.Direction,
                _ touchDown: CGPoint
            ) -> InteractiveAnimation?

        /// A name for messages and debugging (`"zoom"`).
        public var name: String
        /// Makes the animator of one push, pop, present or dismiss; called when that
        /// transition starts.
        public var makeAnimator: @MainActor (_ operation: TransitionOperation) -> any AnimatedTransitioning
        /// The gestures installed on the view controller's view (default none), each driven by
        /// `PanInteractionController`: progress = translation along its `direction` ÷ the
        /// view's width (horizontal) or height (vertical), released by the default
        /// `InteractionPolicy`, re-grabbed during the run-out; a touch during this view
        /// controller's time-based push or present catches it (scenario I1).
        public var gestures: [Gesture]
        /// Makes one interactive run of a gesture (default: `makeAnimator` alone).
        public var makeInteractiveAnimation: MakeInteractiveAnimation
        /// The `modalPresentationStyle` the view controller gets when this becomes its
        /// `preferredTransition`, as `EffectTransitioningDelegate` sets it (an effect that
        /// keeps the presenter's view in place behind says `.overFullScreen`); nil (the
        /// default) leaves the view controller's own. `effect(_:)` sets the effect's.
        public var modalPresentationStyle: ModalPresentationStyle?

        /// - Parameters:
        ///   - name: a name for messages.
        ///   - gestures: installed on the view controller's view when it is pushed or
        ///     presented (default none).
        ///   - makeInteractiveAnimation: one interactive run (default nil: `makeAnimator` alone,
        ///     nothing following the finger).
        ///   - makeAnimator: the animator of each transition.
        public init(
            name: String, gestures: [Gesture] = [], makeInteractiveAnimation: MakeInteractiveAnimation? = nil,
            makeAnimator: @escaping @MainActor (_ operation: TransitionOperation) -> any AnimatedTransitioning
        ) {
            self.name = name
            self.makeAnimator = makeAnimator
            self.gestures = gestures
            self.makeInteractiveAnimation =
                makeInteractiveAnimation ?? { operation, _, _, _ in InteractiveAnimation(animator: makeAnimator(operation)) }
        }
    }

    /// What is stored per view controller: the transition and the gestures installed for it.
    final class PreferredTransitionState {
        var transition: Transition?
        var controllers: [PanInteractionController] = []
        /// The full-width back swipe that comes with a declared left-edge pop.
        var contentController: PanInteractionController?
        var installed = false
    }

    private static let preferredTransitionKey = ExtensionKey<PreferredTransitionState>("TransitionKitCore.preferredTransition")

    private var preferredTransitionState: PreferredTransitionState {
        if let state = self[extension: Self.preferredTransitionKey] { return state }
        let state = PreferredTransitionState()
        self[extension: Self.preferredTransitionKey] = state
        return state
    }

    /// The transition this view controller is pushed, popped, presented and dismissed with
    /// (UIKit's `preferredTransition`); nil (the default) for the usual ones.
    ///
    /// Which animator a transition gets, first match wins:
    /// 1. the request's own `TransitionOverride` (category APIs such as `radialPush`, and the
    ///    gestures below);
    /// 2. the delegate's: the navigation controller's `delegate` for push and pop, the
    ///    presented view controller's `transitioningDelegate` for present and dismiss;
    /// 3. this transition's `makeAnimator`, asked at the start of each push or present of this
    ///    view controller and again at the start of its pop or dismiss (the top one leaving
    ///    for a pop of several);
    /// 4. the default slide.
    ///
    /// Setting a transition with a `modalPresentationStyle` sets this view controller's.
    ///
    /// Its gestures are installed on this view controller's view when it is pushed or
    /// presented (not when this is set, so setting it does not load the view) and removed
    /// when it changes; a gesture starts a pop only while the view controller is the top of a
    /// navigation stack of two or more on screen, a dismiss only while it is itself the
    /// presented view controller (not inside a presented navigation controller) and presents
    /// nothing, and either only when nothing else runs or waits in its window.
    public var preferredTransition: Transition? {
        get { self[extension: Self.preferredTransitionKey]?.transition }
        set {
            let state = preferredTransitionState
            removePreferredTransitionGestures(state)
            state.transition = newValue
            if let style = newValue?.modalPresentationStyle { modalPresentationStyle = style }
        }
    }

    private func removePreferredTransitionGestures(_ state: PreferredTransitionState) {
        for controller in state.controllers + [state.contentController].compactMap({ $0 }) {
            controller.recognizer.view?.removeGestureRecognizer(controller.recognizer)
        }
        state.controllers = []
        state.contentController = nil
        state.installed = false
    }

    /// The pan interaction controllers of `preferredTransition`'s gestures, once installed
    /// (empty before the first push or present, and without a transition).
    public var preferredTransitionInteractions: [PanInteractionController] {
        self[extension: Self.preferredTransitionKey]?.controllers ?? []
    }

    /// The full-width back swipe of `preferredTransition` (UIKit's
    /// `interactiveContentPopGestureRecognizer`, iOS 26; its recognizer is `recognizer`, a
    /// horizontal `PanGestureRecognizer`), installed on this view controller's view with its gestures when the transition declares the left-edge pop
    /// (`CustomGestureInteraction.leftEdgePanPop`: `.zoom(options:sourceViewProvider:)`, or
    /// `.effect(_:)` of an effect declaring `EffectInteraction.leftEdgePanPop`, such as
    /// `Slide`); nil before the first push, without a transition, or when the transition
    /// declares no left-edge pop (`.coverVertical`, `.crossDissolve`, `.flipHorizontal()`,
    /// `.partialCurl()`).
    ///
    /// The same rules as the navigation controller's
    /// `NavigationController.interactiveContentPopGestureRecognizer`: a pan anywhere on this
    /// view toward the trailing edge (the edge pan's direction, right) pops this view
    /// controller with the transition's interactive animation, progress = translation ÷ this
    /// view's width, clamped to 0...1; it begins only when, at the pan's 10 pt hysteresis, the
    /// movement is within 30° of the horizontal, and only when the pop can start now (this
    /// view controller is the top of a navigation stack of two or more on screen, nothing else
    /// runs or waits; it may re-grab its own pop's run-out, it never catches a push);
    /// otherwise it fails. It waits for every screen-edge pan receiving the touch (the
    /// transition's own and the navigation controller's) and for horizontal pans of views
    /// inside this view to fail; the navigation controller's own content pan waits for it.
    /// It never dismisses. Turn it off as in UIKit: `recognizer.isEnabled = false`.
    public var preferredTransitionContentPopInteraction: PanInteractionController? {
        self[extension: Self.preferredTransitionKey]?.contentController
    }

    /// Installs `preferredTransition`'s gestures on the view, once per transition value set,
    /// and after a declared left-edge pop its full-width back swipe.
    func installPreferredTransitionGestures() {
        guard let state = self[extension: Self.preferredTransitionKey], let transition = state.transition, !state.installed else { return }
        state.installed = true
        for gesture in transition.gestures {
            let recognizer = gesture.makeRecognizer()
            let controller = PanInteractionController(recognizer: recognizer, direction: gesture.direction) {
                [weak self] interaction, touchDown, catchOnly in
                self?.startPreferredInteraction(
                    interaction, operations: gesture.operations, direction: gesture.direction, touchDown: touchDown, catchOnly: catchOnly)
            }
            view.addGestureRecognizer(recognizer)
            state.controllers.append(controller)
        }
        if let edge = transition.gestures.first(where: Self.isLeftEdgePop) { installContentPop(state, direction: edge.direction) }
    }

    /// Whether `gesture` is the declared left-edge pop (merged dismiss operations aside).
    private static func isLeftEdgePop(_ gesture: CustomGestureInteraction) -> Bool {
        gesture.name == CustomGestureInteraction.leftEdgePanPop.name && gesture.direction == CustomGestureInteraction.leftEdgePanPop.direction
            && gesture.operations.contains(.pop)
    }

    /// The content pan of a declared left-edge pop (see
    /// `preferredTransitionContentPopInteraction`): pops only, never catches.
    private func installContentPop(_ state: PreferredTransitionState, direction: PanInteractionController.Direction) {
        let recognizer = ContentPopGestureRecognizer(direction: direction)
        let controller = PanInteractionController(recognizer: recognizer, direction: direction) {
            [weak self] interaction, touchDown, catchOnly in
            catchOnly
                ? nil : self?.startPreferredInteraction(interaction, operations: [.pop], direction: direction, touchDown: touchDown, catchOnly: false)
        }
        recognizer.canBeginHandler = { [weak self, weak controller] in
            guard let self, let controller else { return false }
            return controller.isTransitionRunning || TransitionRunner.canStart(.popOrDismiss(self, operations: [.pop]))
        }
        view.addGestureRecognizer(recognizer)
        state.contentController = controller
    }

    /// Begins (or catches) the pop or dismiss (of `operations`) a gesture moving toward
    /// `direction` drives through the interactive-start plan, or returns nil when neither can
    /// run now.
    private func startPreferredInteraction(
        _ interaction: any InteractiveTransitioning, operations: Set<TransitionOperation>, direction: PanInteractionController.Direction,
        touchDown: CGPoint, catchOnly: Bool
    ) -> PanInteractionController.Run? {
        guard preferredTransition != nil, isViewLoaded else { return nil }
        let plan = InteractiveTransitionPlan(request: .popOrDismiss(self, operations: operations), gestureView: view) {
            [weak self] touchDown, operation, _ in
            guard let self, let transition = self.preferredTransition else { return nil }
            return transition.makeInteractiveAnimation(operation, self, direction, touchDown)
        }
        return .init(TransitionRunner.startInteractive(plan, driving: interaction, touchDown: touchDown, catchOnly: catchOnly))
    }
}
