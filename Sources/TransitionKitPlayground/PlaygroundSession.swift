import Foundation
import TransitionKitCore

/// The playground's model, headless: one effect's transitions in a window on a manual frame
/// clock, driven by touches, taps and frame steps. The display loop (`Playground`) feeds it
/// what the person does and the display's frames; tests feed it the same inputs and render it
/// without a display, so every presented frame can be compared with a headless render.
///
/// The scene is the stage `effect-bench play` replays gestures on (`TransitionStage`), for the
/// family chosen:
/// - `.navigation`: a navigation stack `[to, from]` with the effect's interactive pop
///   installed as `play` installs it (`enableInteractivePop`); a tap pushes another screen
///   with the effect's push animator, an edge swipe pops;
/// - `.modal`: `from` presented over `to` with the effect's transitioning delegate and, where
///   the effect declares one, its drag to dismiss; a tap dismisses or presents again;
/// - `.tab`: a tab bar controller over `[from, to]` with the effect's tab pan; a tap switches.
///
/// A tap is a touch that ends within `tapSlop` points of where it began and within
/// `tapDuration` seconds, while no transition runs.
@MainActor
public final class PlaygroundSession {
    /// What a tap and a drag do (see the type's documentation).
    public enum Family: String, Sendable, CaseIterable {
        case navigation, modal, tab

        /// The operations of this family.
        var operations: [TransitionOperation] {
            switch self {
            case .navigation: return [.push, .pop]
            case .modal: return [.present, .dismiss]
            case .tab: return [.tab]
            }
        }

        /// The stage operation the family starts in (the one `play` replays a gesture on).
        var stageOperation: TransitionOperation {
            switch self {
            case .navigation: return .pop
            case .modal: return .dismiss
            case .tab: return .tab
            }
        }
    }

    /// One thing that happened to the session, in order: what the display loop applies and a
    /// test replays.
    public enum Input: Sendable, Hashable {
        /// A touch sample (window points, seconds on the touch timeline).
        case touch(Touch)
        /// The model clock advances by this many seconds (> 0), firing its display links once.
        case advance(TimeInterval)
        /// The scene is resized to this many points (a container resize).
        case resize(CGSize)
        /// The scene's container changes to this size in points and this scale in pixels per
        /// point (the window moved to a display of another density, or its scale changed): the
        /// same container change as `.resize` (`Window.resize(to:scale:)`).
        case container(CGSize, scale: CGFloat)
        /// A time-based transition the other way (pop after push, dismiss after present, the
        /// other tab), as the loop and the pop key ask for.
        case reverse
    }

    /// Points a touch may move and still be a tap (UIKit's tap tolerance is about 10 points).
    public static let tapSlop: CGFloat = 10
    /// Seconds a touch may last and still be a tap.
    public static let tapDuration: TimeInterval = 0.5

    /// The effects to choose from.
    public let registry: EffectRegistry
    /// The effect's registered name.
    public private(set) var effectName: String
    /// The parameters set away from their defaults, as `--param` text.
    public private(set) var settings: [String: String]
    /// The effect made from `effectName` and `settings`.
    public private(set) var effect: any TransitionEffect
    /// What a tap and a drag do.
    public private(set) var family: Family
    /// The scene's size in points.
    public private(set) var size: CGSize
    /// Pixels per point, 0.5...8; changed by `.container` inputs, kept by `reset()`.
    public private(set) var scale: CGFloat
    /// Makes the two screens' images for a scene size and family (called at every reset).
    public typealias ImageProvider = @MainActor (CGSize, Family) throws(TransitionKitError) -> (from: Bitmap, to: Bitmap)
    /// The two screens' images, made by `imageProvider` at the last reset.
    public private(set) var images: (from: Bitmap, to: Bitmap)
    private let imageProvider: ImageProvider
    /// The stage the transitions run on; replaced by `reset()`.
    public private(set) var stage: TransitionStage
    /// Why the effect's gesture for the family is not installed (it declares none), or nil.
    public private(set) var gestureNote: String?
    /// How the last transition ended: `finished` or `cancelled`; nil before any.
    public private(set) var lastOutcome: String?
    /// The operation of the running or last transition.
    public private(set) var lastOperation: TransitionOperation?
    /// Whether a tap pushes, presents or switches (off while recording: `play` has no taps).
    public var tapsEnabled = true
    /// Transitions ended since the session began (finished or cancelled).
    public private(set) var transitionsEnded = 0

    private var keepAlive: [AnyObject] = []
    private var screens = 0
    private var touchDown: Touch?
    private var touchIsTap = false
    private var depthAtStart: Int?

    /// A session over `effectName` in `family`.
    /// - Throws: `TransitionKitError` for an unknown effect, a bad setting, a size or scale out
    ///   of range, or a family the effect does not support.
    public init(
        registry: EffectRegistry, effect effectName: String, family: Family? = nil, settings: [String: String] = [:],
        size: CGSize, scale: CGFloat, images: @escaping ImageProvider
    ) throws(TransitionKitError) {
        self.registry = registry
        let entry = try registry.resolvedEntry(named: effectName)
        self.effectName = entry.name
        self.settings = settings
        effect = try registry.makeEffect(named: entry.name, settings: settings)
        let families = Self.families(of: entry)
        guard let chosen = family ?? families.first, families.contains(chosen) else {
            throw .invalidOperation(
                "effect '\(entry.name)' supports no \(family?.rawValue ?? "") transition; it has \(entry.supportedOperations.map(\.rawValue))")
        }
        self.family = chosen
        self.size = size
        self.scale = scale
        imageProvider = images
        let made = try images(size, chosen)
        self.images = made
        stage = try Self.makeStage(chosen, entry: entry, size: size, scale: scale, images: made)
        installGesture()
    }

    /// The families `entry` supports, in `Family.allCases` order.
    static func families(of entry: EffectRegistry.Entry) -> [Family] {
        Family.allCases.filter { f in f.operations.contains { entry.supportedOperations.contains($0) } }
    }

    /// The registry entry of the current effect.
    public var entry: EffectRegistry.Entry {
        // The name came from the registry.
        registry.entry(named: effectName) ?? (try! registry.resolvedEntry(named: effectName))
    }

    /// The model clock (the stage's manual clock, 60 Hz nominal).
    public var clock: ManualFrameClock { stage.clock }

    /// The window the transitions run in.
    public var window: Window { stage.window }

    /// Installs the effect's gesture for the family as `effect-bench play` does.
    private func installGesture() {
        keepAlive = []
        gestureNote = nil
        switch family {
        case .navigation:
            // An effect chosen by name may declare no pop gesture: say so instead of trapping.
            do {
                _ = try NavigationController.popGesture(of: effect)
                stage.navigationController!.enableInteractivePop(effect)
            } catch { gestureNote = error.description }
        case .tab:
            do {
                try TabBarController.checkSwitchable(type(of: effect))
                stage.tabBarController!.enableInteractiveSwitch(effect)
            } catch { gestureNote = error.description }
        case .modal:
            func install<E: TransitionEffect>(_ effect: E) -> AnyObject {
                let delegate = EffectTransitioningDelegate(effect: effect, modalViewController: stage.fromViewController)
                if effect.interaction(for: .dismiss) != nil { delegate.enableDragToDismiss() }
                return delegate
            }
            keepAlive.append(install(effect))
            if effect.interaction(for: .dismiss) == nil { gestureNote = "effect '\(effectName)' declares no interactive dismiss gesture" }
        }
    }

    /// Builds the stage again (the family's starting state, the clock at 0), keeping the
    /// effect, family, settings and size.
    public func reset() {
        if let made = try? imageProvider(size, family) { images = made }
        // The size and scale were accepted when the session was made.
        stage = try! Self.makeStage(family, entry: entry, size: size, scale: scale, images: images)
        installGesture()
        screens = 0
        touchDown = nil
        depthAtStart = nil
    }

    /// Switches to another effect (registered name or composition), with no settings; keeps
    /// the family when the effect supports it, else takes its first. Resets the stage.
    /// - Throws: `TransitionKitError` for an unknown name.
    public func select(effect name: String) throws(TransitionKitError) {
        let entry = try registry.resolvedEntry(named: name)
        effect = try registry.makeEffect(named: entry.name)
        effectName = entry.name
        settings = [:]
        let families = Self.families(of: entry)
        if !families.contains(family), let first = families.first { family = first }
        reset()
    }

    /// Switches the family (must be one the effect supports) and resets the stage.
    public func select(family: Family) {
        precondition(Self.families(of: entry).contains(family), "effect '\(effectName)' does not support \(family)")
        self.family = family
        reset()
    }

    /// Sets parameter `name` to `text` (nil: its default), remakes the effect and resets.
    /// - Throws: `TransitionKitError` for a value the parameter does not accept.
    public func set(parameter name: String, to text: String?) throws(TransitionKitError) {
        var changed = settings
        changed[name] = text
        effect = try registry.makeEffect(named: effectName, settings: changed)
        settings = changed
        reset()
    }

    /// Applies one input.
    public func apply(_ input: Input) {
        switch input {
        case .touch(let touch): send(touch)
        case .advance(let seconds): advance(by: seconds)
        case .resize(let size): resize(to: size, scale: scale)
        case .container(let size, let scale): resize(to: size, scale: scale)
        case .reverse: reverse()
        }
    }

    private func send(_ touch: Touch) {
        window.send(touch)
        switch touch.phase {
        case .began:
            touchDown = touch
            touchIsTap = isIdle
        case .moved:
            if let down = touchDown, hypot(touch.location.x - down.location.x, touch.location.y - down.location.y) > Self.tapSlop {
                touchIsTap = false
            }
        case .ended:
            if let down = touchDown, tapsEnabled, touchIsTap, isIdle, touch.timestamp - down.timestamp <= Self.tapDuration,
                hypot(touch.location.x - down.location.x, touch.location.y - down.location.y) <= Self.tapSlop
            {
                tap()
            }
            touchDown = nil
        case .cancelled:
            touchDown = nil
        }
        noteStart()
    }

    /// Linear progress of the running transition (0...1); after one ended, 1 when it finished
    /// and 0 when it was cancelled; 0 before any.
    public var progress: Double {
        if let driver = window.transitionQueue.current { return Double(driver.percentComplete) }
        return lastOutcome == "finished" ? 1 : 0
    }

    /// The interaction state: `interacting` (a finger drives it), `run-out (finishing)` or
    /// `run-out (cancelling)` after the release, `animating` (time-based), or once idle how the
    /// last one ended (`finished`, `cancelled`; `idle` before any).
    public var interactionState: String {
        guard let driver = window.transitionQueue.current else { return lastOutcome ?? "idle" }
        switch driver.state {
        case .idle: return "starting"
        case .animating: return "animating"
        case .interacting: return "interacting"
        case .finishing: return "run-out (finishing)"
        case .cancelling: return "run-out (cancelling)"
        case .ended(let completed): return completed ? "finished" : "cancelled"
        }
    }

    /// Whether no transition runs or waits.
    public var isIdle: Bool { window.transitionQueue.isIdle }

    /// The number the family's transitions change: the navigation stack's depth, the number
    /// of presented view controllers, or the selected tab.
    public var depth: Int {
        switch family {
        case .navigation: return stage.navigationController!.viewControllers.count
        case .tab: return stage.tabBarController!.selectedIndex
        case .modal:
            var n = 0
            var vc: ViewController? = stage.toViewController
            while let p = vc?.presentedViewController { n += 1; vc = p }
            return n
        }
    }

    private func advance(by seconds: TimeInterval) {
        precondition(seconds > 0 && seconds.isFinite, "advance by finite seconds > 0, got \(seconds)")
        noteStart()
        clock.step(by: seconds)
        noteEnd()
    }

    /// Both container inputs: one `Window` container change.
    private func resize(to size: CGSize, scale: CGFloat) {
        // The loop passes the window's size in points, at least 1 x 1, at the scale it reported;
        // a value the window refuses leaves it as it was.
        try? window.resize(validatingSize: size, scale: scale)
        self.size = window.size
        self.scale = window.scale
    }

    private func noteStart() {
        guard depthAtStart == nil, !isIdle else { return }
        depthAtStart = depth
        lastOperation = currentOperation
    }

    private func noteEnd() {
        guard let before = depthAtStart, isIdle else { return }
        lastOutcome = depth != before ? "finished" : "cancelled"
        depthAtStart = nil
        transitionsEnded += 1
    }

    /// The operation a running transition performs, read from the depth's direction.
    private var currentOperation: TransitionOperation? {
        switch family {
        case .tab: return .tab
        case .navigation: return pendingOperation ?? .pop
        case .modal: return pendingOperation ?? .dismiss
        }
    }

    private var pendingOperation: TransitionOperation?

    /// A tap: push, present or dismiss, or switch tab, time-based with the effect's animator.
    private func tap() {
        switch family {
        case .navigation: push()
        case .modal: depth == 0 ? present() : dismiss()
        case .tab: switchTab()
        }
    }

    private func reverse() {
        guard isIdle else { return }
        switch family {
        case .navigation: stage.navigationController!.viewControllers.count > 1 ? pop() : push()
        case .modal: depth == 0 ? present() : dismiss()
        case .tab: switchTab()
        }
    }

    private func supports(_ op: TransitionOperation) -> Bool { entry.supportedOperations.contains(op) }

    private func override(_ op: TransitionOperation) -> TransitionOverride? {
        supports(op) ? TransitionOverride(animator: effect.makeAnimator(for: op)) : nil
    }

    private func push() {
        screens += 1
        let vc = ViewController(title: "screen \(screens + 1)")
        vc.view.frame = window.rootView.bounds
        let image = screens % 2 == 1 ? images.to : images.from
        vc.view.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
        vc.view.layer.contents = image
        vc.view.layer.contentsGravity = .resizeAspectFill
        vc.view.clipsToBounds = true
        pendingOperation = .push
        stage.navigationController!.perform(.push(vc), animated: true, transition: override(.push))
        noteStart()
        pendingOperation = nil
    }

    private func pop() {
        pendingOperation = .pop
        stage.navigationController!.perform(.pop, animated: true, transition: override(.pop))
        noteStart()
        pendingOperation = nil
    }

    private func present() {
        pendingOperation = .present
        stage.toViewController.present(stage.fromViewController, animated: true)
        noteStart()
        pendingOperation = nil
    }

    private func dismiss() {
        pendingOperation = .dismiss
        stage.fromViewController.dismiss(animated: true)
        noteStart()
        pendingOperation = nil
    }

    private func switchTab() {
        guard let tabs = stage.tabBarController else { return }
        // The stage has two tabs.
        tabs.select(1 - tabs.selectedIndex, animated: true, transition: override(.tab))
        noteStart()
    }
}
