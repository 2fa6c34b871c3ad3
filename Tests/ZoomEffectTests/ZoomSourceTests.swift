import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting
import ZoomEffect

/// Where the zoom goes: a source that is gone falls back to the centred shrink-and-fade
/// (V = lerp(B scaled 0.5 about its centre, B, z), opacity z) and the stack still changes as
/// asked; the provider is asked again at the pop, so a pager zooms back into the item it
/// shows then.
@MainActor
struct ZoomSourceTests {
    enum Gone: String, CaseIterable {
        case none, zeroSize, offScreen, removedFromWindow
    }

    /// The view the provider returns for each case (made from the grid's thumbnails).
    static func source(_ gone: Gone, _ app: ZoomApp) -> View? {
        switch gone {
        case .none: return nil
        case .zeroSize:
            let v = View(frame: CGRect(x: 50, y: 50, width: 0, height: 30))
            app.grid.view.addSubview(v)
            return v
        case .offScreen:
            let v = View(frame: CGRect(x: 250, y: 500, width: 40, height: 40))
            app.grid.view.addSubview(v)
            return v
        case .removedFromWindow:
            let v = app.thumbnails[3]
            v.removeFromSuperview()
            return v
        }
    }

    @Test(arguments: Gone.allCases)
    func goneSourceFallsBackAndNothingTraps(_ gone: Gone) throws {
        let app = try ZoomApp()
        let nav = try #require(app.nav)
        app.current = Self.source(gone, app)
        // A time-based push, looked at half-way through its 0.5 s.
        nav.push(app.detail)
        app.clock.step()
        let zoom = try #require(app.runningZoom)
        #expect(zoom.isFallback, "\(gone)")
        for _ in 0..<14 { app.clock.step() }
        let p = try #require(app.window.transitionQueue.current?.animatorProgress)
        let visible = try #require(ZoomScene.visible(app.detail.view))
        let b = ZoomScene.bounds
        let s = CGRect(x: 50, y: 100, width: 100, height: 200)  // B scaled 0.5 about its centre
        let expected = CGRect(
            x: s.minX + (b.minX - s.minX) * p, y: s.minY + (b.minY - s.minY) * p, width: s.width + (b.width - s.width) * p,
            height: s.height + (b.height - s.height) * p)
        #expect(close(visible.rect, expected, 1e-9), "\(gone): \(visible.rect) vs \(expected)")
        #expect(abs(app.detail.view.alpha - p) < 1e-6, "\(gone): fades with z: alpha \(app.detail.view.alpha) at \(p)")
        #expect(app.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(nav.viewControllers.count == 2 && app.detailRestored)
        // An interactive pop past half-way: the stack pops, the view faded out at the end.
        var lastAlpha: CGFloat = 1
        let trace = SyntheticTrace.drag(from: CGPoint(x: 100, y: 40), to: CGPoint(x: 100, y: 340), speed: 300)
        app.window.replay(trace, on: app.clock) {
            if !app.window.transitionQueue.isIdle { lastAlpha = app.detail.view.alpha }
        }
        #expect(nav.viewControllers.count == 1, "\(gone)")
        #expect(lastAlpha < 0.05, "\(gone): the fallback fades out (last alpha \(lastAlpha))")
        #expect(app.asked == [.push, .pop])
    }

    /// The pager: pushed from thumbnail 7, the detail screen pages to the item of thumbnail 12;
    /// the pop asks again and shrinks into thumbnail 12 (hidden meanwhile, thumbnail 7 shown).
    @Test func popZoomsIntoTheSourceTheProviderGivesThen() throws {
        let app = try ZoomApp()
        app.show()
        app.current = app.thumbnails[12]
        app.nav?.pop()
        var last: CGRect?
        var hidden: [Bool] = []
        app.runOut { rect in
            if let rect { last = rect }
            hidden.append(app.thumbnails[12].isHidden && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        }
        #expect(app.asked == [.push, .pop])
        #expect(close(try #require(last), ZoomScene.thumbnailFrame(12), 1), "\(String(describing: last))")
        #expect(hidden.dropLast().allSatisfy { $0 }, "thumbnail 12 hidden, 7 shown while the pop runs")
        #expect(!app.thumbnails[12].isHidden, "shown again at the end")
        #expect(app.nav?.viewControllers.count == 1)
    }

    /// An interactive finish also lands on the source the provider gave at the pop.
    @Test func interactiveFinishLandsOnTheNewSource() throws {
        let app = try ZoomApp()
        app.show()
        app.current = app.thumbnails[2]
        var last: CGRect?
        let trace = SyntheticTrace.drag(from: CGPoint(x: 100, y: 40), to: CGPoint(x: 100, y: 340), speed: 300)
        app.window.replay(trace, on: app.clock) {
            if !app.window.transitionQueue.isIdle, let r = ZoomScene.visible(app.detail.view)?.rect { last = r }
        }
        #expect(app.nav?.viewControllers.count == 1)
        #expect(close(try #require(last), ZoomScene.thumbnailFrame(2), 1), "\(String(describing: last))")
    }
}

/// The source is hidden only while the zoom runs (the module's documented rule): by the time
/// the request's completion runs the source is shown again and the dimming view is gone, and
/// what the completion sets on the source stays (it used to be overwritten afterwards).
@MainActor
struct ZoomCompletionTests {
    @Test func completionSeesTheSourceShownAndItsChangesStay() throws {
        let app = try ZoomApp()
        let nav = try #require(app.nav)
        let source = try #require(app.current)
        var seen: [(hidden: Bool, dimming: Bool)] = []
        nav.push(app.detail) { _ in
            seen.append((source.isHidden, nav.view.subviews.contains { $0.layer.name == "zoom dimming" }))
            source.isHidden = true  // the app's own change
        }
        #expect(app.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(seen.count == 1 && seen.first?.hidden == false && seen.first?.dimming == false)
        #expect(source.isHidden)
    }
}
