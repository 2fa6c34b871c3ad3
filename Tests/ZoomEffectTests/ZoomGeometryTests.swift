import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting
import ZoomEffect

/// The zoom's geometry read back from the layers and the pixels, against the closed form of
/// the zoom's definition (container points, z the zoom fraction):
/// V(z) = lerp(S, B, z) with S the source's frame and B the container bounds, r(z) = r_S·(1 − z),
/// k = max(V.w ÷ A.w, V.h ÷ A.h) with the alignment rect A's centre on V's centre, and outside
/// the rounded V the screen behind, darkened by the dimming black at alpha 0.2·z.
@MainActor
struct ZoomGeometryTests {
    static let progresses: [CGFloat] = [0, 0.25, 0.5, 0.75, 1]

    @Test(arguments: [TransitionOperation.push, .pop, .present, .dismiss])
    func layersFollowTheClosedForm(_ operation: TransitionOperation) throws {
        for p in Self.progresses {
            let (stage, thumbnails) = try ZoomScene.stage(operation)
            stage.begin(animator: ZoomScene.zoom(thumbnails).makeAnimator(for: operation), interactive: true)
            stage.setProgress(p)
            let z = ZoomScene.z(operation, p)
            let s = ZoomScene.thumbnailFrame(ZoomScene.sourceIndex), b = ZoomScene.bounds
            let expected = CGRect(
                x: s.minX + (b.minX - s.minX) * z, y: s.minY + (b.minY - s.minY) * z, width: s.width + (b.width - s.width) * z,
                height: s.height + (b.height - s.height) * z)
            let view = ZoomScene.zoomedView(stage)
            let visible = try #require(ZoomScene.visible(view), "no rounded mask at \(p)")
            #expect(close(visible.rect, expected, 1e-9), "\(operation) p \(p): visible \(visible.rect) vs \(expected)")
            #expect(abs(visible.radius - ZoomScene.thumbnailRadius * (1 - z)) < 1e-9, "\(operation) p \(p): radius \(visible.radius)")
            let k = max(expected.width / b.width, expected.height / b.height)
            #expect(abs(visible.scale - k) < 1e-12, "\(operation) p \(p): scale \(visible.scale) vs \(k)")
            #expect(view.layer.transform.m22 == view.layer.transform.m11, "uniform scale")
            // The alignment rect (the bounds) is centred on V.
            let centre = try #require(view.layer.properties.localToParent.project(CGPoint(x: b.midX, y: b.midY)))
            #expect(abs(centre.x - expected.midX) < 1e-9 && abs(centre.y - expected.midY) < 1e-9)
            #expect(thumbnails[ZoomScene.sourceIndex].isHidden, "the source is hidden while the zoom runs")
            stage.end(finish: true)
            #expect(!thumbnails[ZoomScene.sourceIndex].isHidden, "the source is shown again at the end")
        }
    }

    /// An alignment rect (the top square of the zoomed screen) lands exactly on the square
    /// source at z = 0 and fills the width at z = 1 (aspect fill, centred).
    @Test func alignmentRectMapsOntoTheSource() throws {
        let a = CGRect(x: 0, y: 0, width: 200, height: 200)
        for p in Self.progresses {
            let (stage, thumbnails) = try ZoomScene.stage(.push)
            let options = ZoomOptions(alignmentRectProvider: { _ in a })
            stage.begin(animator: ZoomScene.zoom(thumbnails, options: options).makeAnimator(for: .push), interactive: true)
            stage.setProgress(p)
            let view = ZoomScene.zoomedView(stage)
            let visible = try #require(ZoomScene.visible(view))
            let m = view.layer.properties.localToParent
            let k = max(visible.rect.width / a.width, visible.rect.height / a.height)
            #expect(abs(visible.scale - k) < 1e-12)
            let centre = try #require(m.project(CGPoint(x: a.midX, y: a.midY)))
            #expect(abs(centre.x - visible.rect.midX) < 1e-9 && abs(centre.y - visible.rect.midY) < 1e-9)
            if p == 0 {
                let s = ZoomScene.thumbnailFrame(ZoomScene.sourceIndex)
                let topLeft = try #require(m.project(a.origin)), bottomRight = try #require(m.project(CGPoint(x: a.maxX, y: a.maxY)))
                #expect(close(CGRect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y), s, 1e-9))
            }
        }
    }

    /// Every pixel outside the rounded visible rect (by more than 1.5 px, clear of the
    /// anti-aliased edge) is the screen behind with the source hidden, times 1 − 0.2·z (black
    /// at alpha 0.2·z over it), within 1/255 of rounding.
    @Test(arguments: [TransitionOperation.push, .pop, .present, .dismiss])
    func outsideIsTheDimmedScreenBehind(_ operation: TransitionOperation) throws {
        for p: CGFloat in [0.25, 0.5, 0.75] {
            let (stage, thumbnails) = try ZoomScene.stage(operation)
            stage.begin(animator: ZoomScene.zoom(thumbnails).makeAnimator(for: operation), interactive: true)
            stage.setProgress(p)
            let frame = try ZoomScene.render(stage)
            let visible = try #require(ZoomScene.visible(ZoomScene.zoomedView(stage)))

            // The grid alone, untouched (the outgoing screen of a push not begun).
            let behindStage = try ZoomScene.stage(.push)
            behindStage.thumbnails[ZoomScene.sourceIndex].isHidden = true
            let behind = try ZoomScene.render(behindStage.stage)

            let dim = 1 - 0.2 * ZoomScene.z(operation, p)
            var checked = 0, worst = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let c = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)
                    guard Self.distanceOutside(c, visible.rect, visible.radius) > 1.5 else { continue }
                    let got = frame.pixel(x: x, y: y)!, under = behind.pixel(x: x, y: y)!
                    for (g, u) in [(got.r, under.r), (got.g, under.g), (got.b, under.b)] {
                        worst = max(worst, abs(Int(g) - Int((CGFloat(u) * dim).rounded())))
                    }
                    checked += 1
                }
            }
            #expect(checked > 1000, "\(operation) p \(p): \(checked) pixels outside")
            #expect(worst <= 1, "\(operation) p \(p): a pixel outside differs by \(worst)/255")
        }
    }

    /// How far `point` lies outside the rect rounded by `radius` (negative inside), points.
    static func distanceOutside(_ point: CGPoint, _ rect: CGRect, _ radius: CGFloat) -> CGFloat {
        let r = min(radius, min(rect.width, rect.height) / 2)
        let dx = max(rect.minX + r - point.x, 0, point.x - (rect.maxX - r))
        let dy = max(rect.minY + r - point.y, 0, point.y - (rect.maxY - r))
        if dx > 0 && dy > 0 { return (dx * dx + dy * dy).squareRoot() - r }
        if point.x < rect.minX || point.x > rect.maxX || point.y < rect.minY || point.y > rect.maxY {
            return max(rect.minX - point.x, point.x - rect.maxX, rect.minY - point.y, point.y - rect.maxY)
        }
        return -1
    }

    /// The default spring: critically damped, settling in 0.5 s (and so the time-based zoom
    /// lasts 0.5 s), the settling checked on the spring's own closed form.
    @Test func defaultTimingIsACriticallyDampedHalfSecondSpring() {
        let spring = ZoomOptions.defaultSpring
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
        #expect(abs(spring.settlingDuration - 0.5) < 1e-9)
        #expect(ZoomOptions().duration == spring.settlingDuration)
        // Critically damped from rest: x(t) = 1 − e^(−ωt)(1 + ωt), never past 1.
        let omega = (spring.stiffness / spring.mass).squareRoot()
        for t in stride(from: 0.0, through: 0.6, by: 0.05) {
            #expect(abs(spring.value(at: t) - (1 - exp(-omega * t) * (1 + omega * t))) < 1e-9)
            #expect(spring.value(at: t) <= 1)
        }
    }
}
