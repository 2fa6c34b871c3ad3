import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// `DamageRegion` and `Compositor.render(_:into:damage:)`: the region's set algebra, what the
/// tree diff finds (nothing, a ring, the whole frame), and damage renders equal to full renders.
@Suite struct DamageRegionTests {
    static func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> DamageRegion {
        DamageRegion(rect: CGRect(x: x, y: y, width: w, height: h))
    }

    /// A random damage region of 1–5 rectangles inside `full`, and `full` with the region's
    /// pixels overwritten (opaque green): the frame a damage render over that region must turn
    /// back into `full`.
    static func randomDamage(_ g: inout SplitMix64, over full: Bitmap) -> (region: DamageRegion, frame: Bitmap) {
        var region = DamageRegion()
        for _ in 0...g.index(4) {
            let x = g.index(full.width), y = g.index(full.height)
            region.formUnion(rect(x, y, 1 + g.index(full.width - x), 1 + g.index(full.height - y)))
        }
        var frame = full
        for r in region.rects {
            for y in Int(r.minY)..<Int(r.maxY) {
                for x in Int(r.minX)..<Int(r.maxX) { frame.setPixel(RGBA8(r: 7, g: 200, b: 9, a: 255), x: x, y: y) }
            }
        }
        return (region, frame)
    }

    /// Inclusion–exclusion: |A ∪ B| = |A| + |B| − |A ∩ B|, checked pixel by pixel too.
    @Test func unionCountsEachPixelOnce() {
        let a = Self.rect(0, 0, 10, 10), b = Self.rect(5, 5, 10, 10)
        let u = a.union(b)
        #expect(u.pixelCount == 100 + 100 - 25)
        #expect(u.bounds == CGRect(x: 0, y: 0, width: 15, height: 15))
        for y in -1...16 {
            for x in -1...16 {
                let inside = (0..<10).contains(x) && (0..<10).contains(y) || (5..<15).contains(x) && (5..<15).contains(y)
                #expect(u.contains(x: x, y: y) == inside, "(\(x), \(y))")
            }
        }
        // Three strips: rows 0..<5 one span, 5..<10 one joined span, 10..<15 one span.
        #expect(u.rects.count == 3)
        #expect(u.union(a) == u && a.union(b) == b.union(a))
        #expect(DamageRegion().isEmpty && DamageRegion().pixelCount == 0 && DamageRegion().bounds.isNull)
        // Touching rectangles join into one (the canonical form), and the union is commutative.
        #expect(Self.rect(0, 0, 4, 4).union(Self.rect(4, 0, 4, 4)) == Self.rect(0, 0, 8, 4))
        #expect(Self.rect(0, 0, 4, 4).union(Self.rect(0, 4, 4, 4)) == Self.rect(0, 0, 4, 8))
        #expect(DamageRegion(rect: CGRect(x: 0.5, y: 0.5, width: 1, height: 1)).pixelCount == 4)
        #expect(DamageRegion(rect: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)).isEmpty)
    }

    static func scene(_ children: [LayerSnapshot], size: CGFloat = 200, mask: LayerSnapshot? = nil) -> LayerSnapshot {
        LayerSnapshot(sublayers: children, mask: mask) {
            $0.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            $0.position = CGPoint(x: size / 2, y: size / 2)
            $0.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.9)
        }
    }

    /// A blue square over the whole scene, masked by a circle of `radius` at the centre.
    static func reveal(radius: CGFloat) -> LayerSnapshot {
        let mask = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            $0.position = CGPoint(x: 100, y: 100)
            $0.path = .circle(center: CGPoint(x: 100, y: 100), radius: radius)
        }
        let blue = LayerSnapshot(mask: mask) {
            $0.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            $0.position = CGPoint(x: 100, y: 100)
            $0.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.9)
        }
        return scene([blue])
    }

    /// A mask circle growing from r0 = 50 to r1 = 60 px redraws a ring, not the disc.
    /// A changed pixel is an edge pixel of either circle (the rasteriser's edge runs: pixels the
    /// outline crosses, and at most one more to their right, so a centre within √2/2 + 1 of the
    /// circle) or inside one circle and outside the other (in the annulus r0 ≤ d ≤ r1); the
    /// 1-pixel margin in x and y adds at most √2. So every damaged centre has
    /// r0 − 3.2 ≤ d ≤ r1 + 3.2 (1 + 3√2/2 ≈ 3.12). Conversely every pixel whose centre has
    /// r0 + 1 ≤ d ≤ r1 − 1 is wholly inside the new circle and outside the old one, so damaged.
    /// Pixels with centres in an annulus a ≤ d ≤ b lie inside a − √2/2 ≤ d ≤ b + √2/2 and cover
    /// a + √2/2 ≤ d ≤ b − √2/2, so the count is between π((r1 − 1.71)² − (r0 + 1.71)²) ≈ 2153
    /// and π((r1 + 3.91)² − (r0 − 3.91)²) ≈ 6130; the disc, π·60² ≈ 11310, is far above.
    @Test func aGrowingMaskCircleDamagesARing() throws {
        let options = RenderOptions(scale: 1)
        let size = CGSize(width: 200, height: 200)
        let damage = DamageRegion(from: Self.reveal(radius: 50), to: Self.reveal(radius: 60), size: size, options: options)
        let (r0, r1) = (50.0, 60.0)
        let upper = Double.pi * ((r1 + 3.91) * (r1 + 3.91) - (r0 - 3.91) * (r0 - 3.91))
        let lower = Double.pi * ((r1 - 1.71) * (r1 - 1.71) - (r0 + 1.71) * (r0 + 1.71))
        #expect(Double(damage.pixelCount) <= upper && Double(damage.pixelCount) >= lower, "\(damage.pixelCount) pixels")
        for y in 0..<200 {
            for x in 0..<200 {
                let d = ((Double(x) + 0.5 - 100) * (Double(x) + 0.5 - 100) + (Double(y) + 0.5 - 100) * (Double(y) + 0.5 - 100)).squareRoot()
                if damage.contains(x: x, y: y) { #expect(d >= r0 - 3.2 && d <= r1 + 3.2, "(\(x), \(y)) at \(d)") }
                if d >= r0 + 1 && d <= r1 - 1 { #expect(damage.contains(x: x, y: y), "(\(x), \(y)) at \(d) missing") }
            }
        }
        // And the damage render over the r0 frame is the r1 frame.
        let compositor = Compositor(options: options)
        var frame = try compositor.render(Self.reveal(radius: 50), size: size)
        compositor.render(Self.reveal(radius: 60), into: &frame, damage: damage)
        #expect(frame == (try compositor.render(Self.reveal(radius: 60), size: size)))
    }

    /// A growing square drawn as a general path (not an ellipse: the rasterised comparison,
    /// `ShapeDifference.region(_:_:_:_:frame:)`), from side 100 to 120 about (100, 100) on whole
    /// pixels: the changed pixels lie in the frame between them, plus the edge runs (at most one
    /// pixel beyond an edge) and the 1-pixel margin: inside the 126-pixel square and outside the
    /// 94-pixel one, at most 126² − 94² = 7040 pixels; and they include the 118² − 102² = 3520
    /// pixels strictly between the squares' interiors. The square itself is 14400.
    @Test func aGrowingSquarePathDamagesItsFrame() throws {
        func square(_ half: CGFloat) -> LayerSnapshot {
            let c = CGPoint(x: 100, y: 100)
            let shape = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
                $0.position = c
                $0.fillColor = Color(red: 0.8, green: 0.1, blue: 0.1)
                $0.path = .path([
                    .move(to: CGPoint(x: c.x - half, y: c.y - half)), .line(to: CGPoint(x: c.x + half, y: c.y - half)),
                    .line(to: CGPoint(x: c.x + half, y: c.y + half)), .line(to: CGPoint(x: c.x - half, y: c.y + half)), .closeSubpath,
                ])
            }
            return Self.scene([shape])
        }
        let size = CGSize(width: 200, height: 200), options = RenderOptions(scale: 1)
        let damage = DamageRegion(from: square(50), to: square(60), size: size, options: options)
        #expect(damage.pixelCount <= 126 * 126 - 94 * 94 && damage.pixelCount >= 118 * 118 - 102 * 102, "\(damage.pixelCount)")
        #expect(!damage.contains(x: 100, y: 100) && !damage.contains(x: 0, y: 0))
        let compositor = Compositor(options: options)
        var frame = try compositor.render(square(50), size: size)
        compositor.render(square(60), into: &frame, damage: damage)
        #expect(frame == (try compositor.render(square(60), size: size)))
    }

    @Test func anUnchangedTreeDamagesNothing() throws {
        let tree = Self.reveal(radius: 70)
        let size = CGSize(width: 200, height: 200)
        let damage = DamageRegion(from: tree, to: tree, size: size, options: RenderOptions(scale: 2))
        #expect(damage.isEmpty)
        // Rendering an empty region writes nothing, even into a picture that is not the tree's.
        var frame = Bitmap(width: 400, height: 400, fill: RGBA8(r: 1, g: 2, b: 3, a: 255))
        let before = frame
        Compositor(options: RenderOptions(scale: 2)).render(tree, into: &frame, damage: damage)
        #expect(frame == before)
    }

    @Test func aChangedSublayerListDamagesTheWholeFrame() {
        let one = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 20, height: 20); $0.backgroundColor = .black
        }
        let old = Self.scene([one, one]), new = Self.scene([one])
        let damage = DamageRegion(from: old, to: new, size: CGSize(width: 200, height: 200), options: RenderOptions(scale: 1))
        #expect(damage == DamageRegion.whole(width: 200, height: 200))
    }

    /// A small layer that moves damages its old and new boxes (plus the margin), nothing else.
    @Test func aMovedLayerDamagesItsOldAndNewBoxes() {
        func square(at x: CGFloat) -> LayerSnapshot {
            Self.scene([
                LayerSnapshot {
                    $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                    $0.position = CGPoint(x: x, y: 50)
                    $0.backgroundColor = .black
                }
            ])
        }
        let damage = DamageRegion(from: square(at: 20), to: square(at: 120), size: CGSize(width: 200, height: 200), options: RenderOptions(scale: 1))
        // Boxes 15..<25 and 115..<125 by 45..<55, one pixel wider on every side: 2 · 12 · 12.
        #expect(damage == Self.rect(14, 44, 12, 12).union(Self.rect(114, 44, 12, 12)))
    }

    /// A layer turned past 90° about y under perspective reaches behind the eye: the whole frame.
    @Test func geometryBehindTheEyeDamagesTheWholeFrame() {
        func tilted(_ degrees: Double) -> LayerSnapshot {
            var t = Transform3D.identity
            t.m34 = -1 / 100
            return Self.scene([
                LayerSnapshot {
                    $0.bounds = CGRect(x: 0, y: 0, width: 400, height: 100)
                    $0.position = CGPoint(x: 100, y: 100)
                    $0.transform = Transform3D(rotationAngle: degrees * .pi / 180, x: 0, y: 1, z: 0).concatenating(t)
                    $0.backgroundColor = .black
                }
            ])
        }
        let damage = DamageRegion(from: tilted(10), to: tilted(80), size: CGSize(width: 200, height: 200), options: RenderOptions(scale: 1))
        #expect(damage == DamageRegion.whole(width: 200, height: 200))
    }

    /// Random trees (`RandomLayerTree`, moderate coordinates as the band check in
    /// `CompositorFuzzTests`) rendered in full, then their pixels in a random region scribbled
    /// over and redrawn by a damage render: byte for byte the full render, whatever the region
    /// cuts (edges, masks, groups, rotated and perspective contents) and the thread count.
    @Test func damageRendersOfRandomTreesEqualFullRenders() throws {
        let (count, checked, failures) = try RandomTreeCase.run(ciDefault: 200, fallbackSeed: 0xDA3A_6E) { c in
            var options = RenderOptions(scale: c.scale, background: c.g.chance(0.5) ? .black : .transparent, threads: 1 + c.g.index(3))
            options.choosesBandCount = false  // every band count drawn, not only frames with much resampling
            let compositor = Compositor(options: options)
            let full = try compositor.render(c.root, size: c.size)
            let damaged = Self.randomDamage(&c.g, over: full)
            var frame = damaged.frame
            compositor.render(c.root, into: &frame, damage: damaged.region)
            return frame != full ? "\(FastPathTests.compare(frame, full))" : nil
        }
        #expect(checked * 2 >= count, "only \(checked) of \(count) trees checked")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}

/// The damage region computed from two trees (`DamageRegion(from:to:size:options:)`), fuzzed:
/// a frame rendered from one random tree and then redrawn over the region computed from it
/// and a second tree must be, byte for byte, the full render of the second tree. The second
/// tree is either the first with some layers changed (moved, faded, recoloured, transformed,
/// hidden, reshaped: what a transition frame changes) or an unrelated random tree.
@Suite struct DamageRegionFromTreesTests {
    /// `tree` with each layer changed with probability 1/3 in one property `g` picks.
    static func perturbed(_ tree: LayerSnapshot, _ g: inout SplitMix64) -> LayerSnapshot {
        var t = tree
        if g.chance(1.0 / 3) {
            var p = t.properties
            switch g.index(7) {
            case 0: p.position.x += CGFloat(g.index(41) - 20) / 4
            case 1: p.opacity = Float(g.index(11)) / 10
            case 2: p.backgroundColor = Color(red: CGFloat(g.index(5)) / 4, green: 0.5, blue: CGFloat(g.index(3)) / 2, alpha: 0.8)
            case 3: p.transform = p.transform.concatenating(Transform3D(rotationAngle: CGFloat(g.index(61) - 30) / 100, x: 0, y: 0, z: 1))
            case 4: p.isHidden.toggle()
            case 5: p.bounds.size.width *= CGFloat(50 + g.index(100)) / 100
            default: p.cornerRadius = CGFloat(g.index(12))
            }
            t.properties = p
        }
        t.sublayers = t.sublayers.map { perturbed($0, &g) }
        if let mask = t.mask, g.chance(0.5) { t.mask = perturbed(mask, &g) }
        return t
    }

    @Test func damageFromTwoRandomTreesRedrawsTheSecond() throws {
        var kinds = (perturbed: 0, unrelated: 0, partial: 0)
        let (count, checked, failures) = try RandomTreeCase.run(ciDefault: 200, fallbackSeed: 0xDA3A_7EE5) { c in
            let unrelated = c.g.chance(0.25)
            let second: LayerSnapshot
            if unrelated {
                var trees = RandomLayerTree(seed: c.g.next(), size: c.size, extreme: false)
                second = trees.tree()
                guard second.depth <= LayerSnapshot.maximumDepth, CompositorFuzzTests.magnitude(second, parent: .identity) < 1e9 else { return nil }
                kinds.unrelated += 1
            } else {
                second = Self.perturbed(c.root, &c.g)
                guard CompositorFuzzTests.magnitude(second, parent: .identity) < 1e9 else { return nil }
                kinds.perturbed += 1
            }
            var options = RenderOptions(scale: c.scale, background: c.g.chance(0.5) ? .black : .transparent, threads: 1 + c.g.index(3))
            options.choosesBandCount = false
            let compositor = Compositor(options: options)
            var frame = try compositor.render(c.root, size: c.size)
            let expected = try compositor.render(second, size: c.size)
            let region = DamageRegion(from: c.root, to: second, size: c.size, options: options)
            if region.pixelCount < frame.width * frame.height { kinds.partial += 1 }
            compositor.render(second, into: &frame, damage: region)
            return frame != expected ? "region \(region.rects.count) rects: \(FastPathTests.compare(frame, expected))" : nil
        }
        #expect(checked * 2 >= count, "only \(checked) of \(count) trees checked")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
        // Both kinds ran, and some regions were less than the whole frame (a region of the
        // whole frame always passes).
        #expect(kinds.perturbed > 0 && kinds.unrelated > 0 && kinds.partial > 0, "\(kinds)")
        print("DamageRegionFromTreesTests: \(count) cases, \(checked) checked, \(kinds)")
    }
}
