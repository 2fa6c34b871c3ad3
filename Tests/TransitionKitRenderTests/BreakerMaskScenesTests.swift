import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Random scenes (a breaker's fuzz test for the repeated-rows change;
/// `TRANSITIONKIT_MASK_SCENES=N` for a long run, `TRANSITIONKIT_MASK_SCENES_LARGE=1` for frames
/// up to 216x420 pt, `TRANSITIONKIT_MASK_SCENES_SCALED=1` for zoom-like scales): random scenes of masked / shape-clipped layers (rect masks with fractional sides,
/// several subpaths whose vertical sides share a pixel column or are 0.1 px apart, subpaths on
/// 16-row band boundaries, rounded rects, ellipses, even-odd holes, masks partly left of x = 0,
/// rounded `masksToBounds` clips drawn through by several sublayers, contents narrower than the
/// mask's reach), rendered the fast way, the general way, in 2/3/7 bands and as damage renders.
@Suite struct BreakerMaskScenesTests {
    struct Gen {
        var g: SplitMix64
        let scale: Double
        let W: Double, H: Double
        var transforms = false

        /// A point value on the device pixel grid (1/scale), optionally plus a nasty fraction.
        mutating func pt(_ lo: Double, _ hi: Double, fractional: Bool) -> Double {
            let steps = max(1, Int((hi - lo) * scale))
            var v = lo + Double(g.index(steps)) / scale
            if fractional {
                switch g.index(6) {
                case 0: v += 0.1
                case 1: v += Double(g.index(10)) / 10
                case 2: v += Double(g.index(64)) / 64
                case 3: v += 0.5 / scale
                case 4: v += Double.random(in: 0..<1, using: &g)
                default: break
                }
            }
            return v
        }

        mutating func color() -> Color {
            Color(
                red: Double(g.index(256)) / 255, green: Double(g.index(256)) / 255, blue: Double(g.index(256)) / 255,
                alpha: g.chance(0.7) ? 1 : Double(g.index(256)) / 255)
        }

        /// Rect subpath elements.
        func rectElements(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reversed: Bool) -> [ShapePath.Element] {
            let p = [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)]
            let q = reversed ? p.reversed() : p
            return [.move(to: q[0]), .line(to: q[1]), .line(to: q[2]), .line(to: q[3]), .closeSubpath]
        }

        /// A mask layer for a host of size `w`×`h` points (mask in the host's coordinates).
        mutating func mask(w: Double, h: Double) -> LayerSnapshot {
            // The mask layer's own frame: usually the host's bounds, sometimes offset/bigger
            // (reaching left of x = 0 or beyond the host).
            var mf = CGRect(x: 0, y: 0, width: w, height: h)
            if g.chance(0.4) {
                mf = CGRect(
                    x: pt(-w / 2, w / 4, fractional: g.chance(0.5)), y: pt(-h / 3, h / 4, fractional: g.chance(0.5)),
                    width: w * (0.5 + Double.random(in: 0..<1.2, using: &g)), height: h * (0.5 + Double.random(in: 0..<1.2, using: &g)))
            }
            let mw = Double(mf.width), mh = Double(mf.height)
            let kind = g.index(7)
            let s = scale
            var m = layer(mf) { _ in }
            switch kind {
            case 0:
                // Rounded rect background mask (a zoom's screen mask).
                m.properties.backgroundColor = .white
                m.properties.cornerRadius = CGFloat(Double.random(in: 0..<(min(mw, mh) / 2), using: &g))
            case 1:
                // Fractional rect path.
                let x0 = pt(-mw / 3, mw / 2, fractional: true), y0 = pt(-mh / 4, mh / 2, fractional: true)
                let x1 = x0 + 1 + pt(0, mw, fractional: true), y1 = y0 + 1 + pt(0, mh, fractional: true)
                m.properties.path = .path(rectElements(x0, y0, x1, y1, reversed: g.chance(0.5)), fillRule: g.chance(0.5) ? .evenOdd : .nonZero)
            case 2, 3:
                // Several subpaths, vertical sides sharing a pixel column or 0.1 px apart,
                // tops/bottoms on 16-device-row boundaries from the first top.
                let n = 2 + g.index(4)
                let baseX = pt(-mw / 3, mw / 2, fractional: true), baseY = pt(-mh / 4, mh / 2, fractional: true)
                let right = baseX + 2 + pt(0, mw, fractional: true)
                var el: [ShapePath.Element] = []
                for k in 0..<n {
                    let dx = Double(k) * g.pick([0.1, 0.1, 0.05, 0.3, 1.0 / s, 0.5 / s, 0])
                    let x0 = baseX + dx
                    let x1 = g.chance(0.7) ? right + Double(k) * g.pick([0, 0.1, -0.1]) : x0 + 1 + pt(0, mw, fractional: true)
                    let y0 = g.chance(0.5) ? baseY + Double(16 * g.index(3)) / s + g.pick([0, 0, 0.1, -0.1, 1 / s]) : baseY + Double(k)
                    var y1 =
                        g.chance(0.5)
                        ? baseY + Double(16 * (1 + g.index(6))) / s + g.pick([0, 0, 0.1, -0.1, 1 / s]) : y0 + 1 + pt(0, mh, fractional: true)
                    if y1 <= y0 { y1 = y0 + 1 }
                    el += rectElements(min(x0, x1 - 0.2), y0, x1, y1, reversed: g.chance(0.5))
                }
                m.properties.path = .path(el, fillRule: g.chance(0.5) ? .evenOdd : .nonZero)
            case 4:
                let r = CGRect(
                    x: pt(-mw / 4, mw / 3, fractional: true), y: pt(-mh / 4, mh / 3, fractional: true),
                    width: 2 + pt(0, mw, fractional: true), height: 2 + pt(0, mh, fractional: true))
                m.properties.path = .roundedRect(r, cornerRadius: CGFloat(Double.random(in: 0..<(min(r.width, r.height) / 2), using: &g)))
            case 5:
                let r = CGRect(
                    x: pt(-mw / 4, mw / 3, fractional: true), y: pt(-mh / 4, mh / 3, fractional: true),
                    width: 2 + pt(0, mw, fractional: true), height: 2 + pt(0, mh, fractional: true))
                m.properties.path = .ellipse(in: r)
            default:
                // Even-odd (or reversed non-zero) hole: outer rect and inner rect.
                let x0 = pt(-mw / 4, mw / 3, fractional: true), y0 = pt(-mh / 4, mh / 3, fractional: true)
                let x1 = x0 + 6 + pt(0, mw, fractional: true), y1 = y0 + 6 + pt(0, mh, fractional: true)
                let ix = x0 + 1 + pt(0, (x1 - x0) / 3, fractional: true), iy = y0 + 1 + pt(0, (y1 - y0) / 3, fractional: true)
                let evenOdd = g.chance(0.5)
                let el =
                    rectElements(x0, y0, x1, y1, reversed: false)
                    + rectElements(
                        ix, iy, max(ix + 0.5, x1 - 1 - pt(0, 3, fractional: true)), max(iy + 0.5, y1 - 1), reversed: !evenOdd || g.chance(0.5))
                m.properties.path = .path(el, fillRule: evenOdd ? .evenOdd : .nonZero)
            }
            if m.properties.path != nil { m.properties.fillColor = g.chance(0.9) ? .white : Color(red: 1, green: 1, blue: 1, alpha: 0.6) }
            if g.chance(0.05) { m.properties.opacity = 0.5 }
            return m
        }

        mutating func contentsLayer(_ frame: CGRect, exact: Bool) -> LayerSnapshot {
            let iw = max(1, Int((Double(frame.width) * scale).rounded())), ih = max(1, Int((Double(frame.height) * scale).rounded()))
            let img = FastPathTests.image(width: iw, height: ih, opaque: g.chance(0.7))
            return layer(frame, g.chance(0.2) ? color() : nil) { $0.contents = img }
        }

        mutating func scene() -> (LayerSnapshot, exact: Bool) {
            var exact = true
            var kids: [LayerSnapshot] = []
            for _ in 0..<(1 + g.index(4)) {
                let fractionalFrame = g.chance(0.2)
                let w = 4 + pt(0, W, fractional: false), h = 4 + pt(0, H * 1.2, fractional: false)
                let x = pt(-W / 3, W * 0.8, fractional: false), y = pt(-H / 4, H * 0.8, fractional: false)
                var frame = CGRect(x: x, y: y, width: w, height: h)
                let kind = g.index(6)
                var node: LayerSnapshot
                switch kind {
                case 0:
                    // Contents only, masked: drawn once (the direct fill).
                    if fractionalFrame { frame.origin.x += 0.1; exact = false }
                    node = contentsLayer(frame, exact: true)
                    node.mask = mask(w: w, h: h)
                case 1:
                    // Background only, masked (fractional frame fine: solid fills are exact).
                    if fractionalFrame { frame.origin.x += 0.37; frame.origin.y += 0.2 }
                    node = layer(frame, color())
                    node.mask = mask(w: w, h: h)
                case 2:
                    // Contents narrower than the mask's reach (mask frame wider than the host).
                    node = contentsLayer(frame, exact: true)
                    var m = mask(w: w * 1.8, h: h * 1.3)
                    m.properties.position.x -= CGFloat(w * 0.4)
                    node.mask = m
                case 3:
                    // A rounded masksToBounds clip drawn through by several sublayers.
                    if fractionalFrame { frame.origin.x += 0.25; frame.origin.y += 0.6 }
                    node = layer(frame, g.chance(0.4) ? color() : nil) {
                        $0.masksToBounds = true
                        $0.cornerRadius = CGFloat(Double.random(in: 0..<(min(w, h) / 2), using: &g))
                    }
                    var subs: [LayerSnapshot] = []
                    for _ in 0..<(1 + g.index(3)) {
                        let sf = CGRect(
                            x: pt(-w / 3, w, fractional: false), y: pt(-h / 3, h, fractional: false),
                            width: 2 + pt(0, w, fractional: false), height: 2 + pt(0, h, fractional: false))
                        if g.chance(0.5) {
                            subs.append(contentsLayer(sf, exact: true))
                        } else {
                            subs.append(layer(sf, color()))
                        }
                    }
                    if g.chance(0.5) { subs.append(contentsLayer(CGRect(x: 0, y: 0, width: w, height: h), exact: true)) }
                    node.sublayers = subs
                    if g.chance(0.3) { node.mask = mask(w: w, h: h) }
                case 4:
                    // Masked layer with contents and background / sublayers (a group).
                    node = contentsLayer(frame, exact: true)
                    if node.properties.backgroundColor == nil { node.properties.backgroundColor = color() }
                    if g.chance(0.5) { node.sublayers = [layer(CGRect(x: 1, y: 1, width: w / 2, height: h / 2), color())] }
                    node.mask = mask(w: w, h: h)
                default:
                    // Masked path layer.
                    node = layer(frame, nil) {
                        $0.path = .roundedRect(CGRect(x: 0.3, y: 0.7, width: w - 0.5, height: h - 1), cornerRadius: 3)
                        $0.fillColor = Color(red: 0.8, green: 0.1, blue: 0.3, alpha: 0.9)
                    }
                    node.mask = mask(w: w, h: h)
                }
                if g.chance(0.15) { node.properties.opacity = 0.7 }
                if transforms && g.chance(0.5) {
                    // Zoom-like scale about the centre, or a sub-pixel translation.
                    exact = false
                    if g.chance(0.6) {
                        let k = 0.5 + Double.random(in: 0..<0.6, using: &g)
                        node.properties.transform = Transform3D(scaleX: k, y: k)
                    } else {
                        node.properties.transform = Transform3D(
                            translationX: Double.random(in: -3..<3, using: &g), y: Double.random(in: -3..<3, using: &g))
                    }
                }
                kids.append(node)
            }
            var root = layer(CGRect(x: 0, y: 0, width: W, height: H), Color(red: 0.5, green: 0.5, blue: 0.5), sublayers: kids)
            if g.chance(0.15) {
                // The whole scene under a rounded clip or a mask too.
                root.properties.masksToBounds = true
                root.properties.cornerRadius = CGFloat(Double.random(in: 0..<(min(W, H) / 2), using: &g))
            }
            return (root, exact)
        }
    }

    static func describeDiff(_ a: Bitmap, _ b: Bitmap) -> String {
        var n = 0, first = ""
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                if n == 0 { first = "(\(x),\(y)) \(String(describing: a.pixel(x: x, y: y))) vs \(String(describing: b.pixel(x: x, y: y)))" }
                n += 1
            }
        }
        return "\(n) px, first \(first), \(FastPathTests.compare(a, b))"
    }

    static func check(seed: UInt64) throws -> [String] {
        var rng = SplitMix64(seed: seed)
        let scale = rng.pick([1.0, 2.0, 3.0])
        let big = ProcessInfo.processInfo.environment["TRANSITIONKIT_MASK_SCENES_LARGE"] != nil
        let W = Double(16 + rng.index(big ? 200 : 60)), H = Double(20 + rng.index(big ? 400 : 100))
        var gen = Gen(g: rng, scale: scale, W: W, H: H)
        gen.transforms = ProcessInfo.processInfo.environment["TRANSITIONKIT_MASK_SCENES_SCALED"] != nil
        let (root, exact) = gen.scene()
        let size = CGSize(width: W, height: H)
        var failures: [String] = []
        let fastO = RenderOptions(scale: scale, background: .black)
        var slowO = fastO
        slowO.disableFastPaths = true
        let fast = try Compositor(options: fastO).render(root, size: size)
        let slow = try Compositor(options: slowO).render(root, size: size)
        let d = FastPathTests.compare(fast, slow)
        if d.maxChannel > (exact ? 0 : 1) { failures.append("fast vs general (exact \(exact)): \(describeDiff(fast, slow))") }
        for threads in [2, 3, 7] {
            var o = fastO
            o.threads = threads
            o.choosesBandCount = false
            let banded = try Compositor(options: o).render(root, size: size)
            if banded != fast { failures.append("\(threads) bands vs one: \(describeDiff(banded, fast))") }
            var so = o
            so.disableFastPaths = true
            let sb = try Compositor(options: so).render(root, size: size)
            if sb != slow { failures.append("general \(threads) bands vs one: \(describeDiff(sb, slow))") }
        }
        // Damage renders over the full render.
        for t in 0..<3 {
            var o = fastO
            o.threads = 1 + gen.g.index(3)
            o.choosesBandCount = false
            if t == 2 { o.disableFastPaths = true }
            let full = t == 2 ? slow : fast
            let damaged = DamageRegionTests.randomDamage(&gen.g, over: full)
            var frame = damaged.frame
            Compositor(options: o).render(root, into: &frame, damage: damaged.region)
            if frame != full { failures.append("damage (threads \(o.threads), general \(o.disableFastPaths)): \(describeDiff(frame, full))") }
        }
        return failures
    }

    @Test func randomMaskScenes() throws {
        let failures = try TestBudget.failures("TRANSITIONKIT_MASK_SCENES", ciDefault: 200, fallbackSeed: 0x5CE_E5) { try Self.check(seed: $0) }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(2))")
    }
}
