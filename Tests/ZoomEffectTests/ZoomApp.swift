import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting
import ZoomEffect

/// An app as a user of `preferredTransition = .zoom` writes it: a window (`ZoomScene.size`,
/// 60 Hz manual clock) whose root is a navigation controller over the photo grid, and a detail
/// screen showing the screenshot, zoomed from a thumbnail the provider picks.
@MainActor
final class ZoomApp {
    let clock: ManualFrameClock
    let window: Window
    let grid: ViewController
    let nav: NavigationController?
    let thumbnails: [View]
    let detail: ViewController
    /// The thumbnail the provider returns (a pager showing another item changes it).
    var current: View?
    /// Every context the provider was asked with, in order.
    private(set) var asked: [TransitionOperation] = []

    /// - Parameters:
    ///   - navigation: the grid in a navigation controller (push/pop) or alone (present/dismiss).
    ///   - options: the zoom's options.
    init(navigation: Bool = true, options: ZoomOptions = ZoomOptions()) throws {
        clock = ManualFrameClock(framesPerSecond: 60)
        window = Window(size: ZoomScene.size, frameClock: clock)
        grid = ViewController(title: "grid")
        grid.view.frame = ZoomScene.bounds
        thumbnails = ZoomScene.fillGrid(grid.view)
        detail = ViewController(title: "detail")
        detail.view.frame = ZoomScene.bounds
        ZoomScene.fillZoomed(detail.view)
        if navigation {
            let nav = NavigationController(rootViewController: grid)
            self.nav = nav
            window.rootViewController = nav
        } else {
            nav = nil
            window.rootViewController = grid
        }
        current = thumbnails[ZoomScene.sourceIndex]
        detail.preferredTransition = .zoom(options: options) { [weak self] context in
            self?.asked.append(context.operation)
            return self?.current
        }
    }

    /// Pushes (or presents) the detail screen and plays it to the end.
    func show() {
        if let nav { nav.push(detail) } else { grid.present(detail) }
        #expect(clock.runUntilIdle(maxFrames: 10_000) < 10_000)
    }

    /// Whether the detail screen is on screen (pushed or presented).
    var isShowingDetail: Bool {
        if let nav { return nav.topViewController === detail }
        return grid.presentedViewController === detail
    }

    /// The zoom animator running now, if any.
    var runningZoom: ZoomAnimator? { window.transitionQueue.current?.animator as? ZoomAnimator }

    /// Steps the clock one frame at a time until no transition runs, calling `frame` after
    /// each step with the zoomed view's visible rect (nil once it ended); returns the frames.
    @discardableResult
    func runOut(_ frame: (CGRect?) -> Void = { _ in }) -> Int {
        var n = 0
        while !window.transitionQueue.isIdle, n < 10_000 {
            clock.step()
            n += 1
            frame(window.transitionQueue.isIdle ? nil : ZoomScene.visible(detail.view)?.rect)
        }
        return n
    }

    /// Whether the detail view is back to how it was before any transition: no transform,
    /// no mask, opaque.
    var detailRestored: Bool {
        detail.view.layer.transform.isIdentity && detail.view.layer.mask == nil && detail.view.alpha == 1
    }
}
