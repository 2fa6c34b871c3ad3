import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// `CAShapeLayer`'s stroke (`Layer.strokeColor`, `lineWidth`, `lineCap`, `lineJoin`,
/// `miterLimit`, `lineDashPattern`, `lineDashPhase`, `strokeStart`, `strokeEnd`) against
/// closed forms: a white stroke at scale 1 over the black container, so a pixel's red byte is
/// 255 × its coverage (exact-area coverage, `CoverageRasterizer`), and the stroke's area is the
/// sum of red / 255. Outlines on whole pixels cover exactly 0 or 255.
@Suite struct StrokeTests {
    static let size = CGSize(width: 100, height: 80)

    /// A root of `size` holding one shape layer at the origin (its coordinates are pixels)
    /// stroking `path` in white, unfilled.
    static func render(_ path: ShapePath, _ configure: (inout LayerProperties) -> Void = { _ in }) throws -> Bitmap {
        let shape = LayerSnapshot {
            $0.bounds = CGRect(origin: .zero, size: size)
            $0.position = CGPoint(x: size.width / 2, y: size.height / 2)
            $0.path = path
            $0.fillColor = .clear
            $0.strokeColor = .white
            configure(&$0)
        }
        let root = LayerSnapshot(sublayers: [shape]) {
            $0.bounds = CGRect(origin: .zero, size: size)
            $0.position = CGPoint(x: size.width / 2, y: size.height / 2)
        }
        return try Compositor(options: RenderOptions(scale: 1)).render(root, size: size)
    }

    static func line(_ a: CGPoint, _ b: CGPoint) -> ShapePath { .path([.move(to: a), .line(to: b)]) }

    /// The red byte of every pixel, rows of columns.
    static func red(_ b: Bitmap) -> [[Int]] {
        (0..<b.height).map { y in (0..<b.width).map { x in Int(b.pixel(x: x, y: y)?.r ?? 0) } }
    }

    /// Σ coverage, pixels.
    static func area(_ b: Bitmap) -> Double { red(b).joined().reduce(0.0) { $0 + Double($1) / 255 } }

    /// The pixels `inside(x, y)` names are 255, every other pixel 0; returns the mismatches.
    static func mismatches(_ b: Bitmap, _ inside: (Int, Int) -> Bool) -> [String] {
        var out: [String] = []
        for (y, row) in red(b).enumerated() {
            for (x, v) in row.enumerated() where v != (inside(x, y) ? 255 : 0) { out.append("(\(x), \(y)) = \(v)") }
        }
        return out
    }

    /// A horizontal butt line of width 2 centred on y = 10 from x = 4 to 20 covers exactly
    /// rows 9 and 10, columns 4..<20: the rectangle [4, 20] × [9, 11].
    @Test func wholePixelButtLineCoversExactlyItsRows() throws {
        let b = try Self.render(Self.line(CGPoint(x: 4, y: 10), CGPoint(x: 20, y: 10))) { $0.lineWidth = 2 }
        let bad = Self.mismatches(b) { x, y in (4..<20).contains(x) && (9...10).contains(y) }
        #expect(bad.isEmpty, "\(bad.prefix(8))")
    }

    /// Centred on y = 10.5, the same line covers [9.5, 11.5]: rows 9 and 11 half (127.5 of
    /// 255, ±1 for the 8-bit rounding), row 10 whole.
    @Test func halfPixelOffsetGivesHalfCoverage() throws {
        let b = try Self.render(Self.line(CGPoint(x: 4, y: 10.5), CGPoint(x: 20, y: 10.5))) { $0.lineWidth = 2 }
        let r = Self.red(b)
        for x in 4..<20 {
            #expect(abs(Double(r[9][x]) - 127.5) <= 1, "row 9 column \(x): \(r[9][x])")
            #expect(r[10][x] == 255, "row 10 column \(x): \(r[10][x])")
            #expect(abs(Double(r[11][x]) - 127.5) <= 1, "row 11 column \(x): \(r[11][x])")
        }
        #expect(r[8][10] == 0 && r[12][10] == 0 && r[10][3] == 0 && r[10][20] == 0)
    }

    /// A circle of radius r = 30 stroked w = 4 wide covers the annulus between r ± w/2, area
    /// π((r + w/2)² − (r − w/2)²) = 2πrw = 753.98 pixels. The bound, 1.5 pixels: the 8-bit
    /// rounding of about 400 edge pixels (0.5/255 each, 0.8) and the chords (the outline of a
    /// polygon inscribed within 0.02 px of the circle is w × its perimeter, short of 2πrw by
    /// about 2πw·0.02/3 = 0.17).
    @Test func circleStrokeAreaIsTwoPiRW() throws {
        let b = try Self.render(.circle(center: CGPoint(x: 50, y: 40), radius: 30)) { $0.lineWidth = 4 }
        let a = Self.area(b)
        #expect(abs(a - 2 * Double.pi * 30 * 4) <= 1.5, "area \(a)")
    }

    /// strokeEnd = 0.5 on the rectangle (10, 10, 40, 20) (perimeter 120, from its min-x min-y
    /// corner towards max x, as `CGPath(rect:)`) strokes its first 60 points: the top edge and
    /// the right edge down to (50, 30), joined by a miter at (50, 10), butt ends. Width 2:
    /// exactly [10, 51] × [9, 11] ∪ [49, 51] × [9, 30].
    @Test func strokeEndHalfPaintsTheFirstHalfOfTheRectangle() throws {
        let b = try Self.render(.rect(CGRect(x: 10, y: 10, width: 40, height: 20))) {
            $0.lineWidth = 2
            $0.strokeEnd = 0.5
        }
        let bad = Self.mismatches(b) { x, y in ((10..<51).contains(x) && (9..<11).contains(y)) || ((49..<51).contains(x) && (9..<30).contains(y)) }
        #expect(bad.isEmpty, "\(bad.prefix(8))")
        // strokeStart 0.5 to 1 strokes the rest: the bottom edge from (50, 30) and the left edge up to (10, 10).
        let rest = try Self.render(.rect(CGRect(x: 10, y: 10, width: 40, height: 20))) {
            $0.lineWidth = 2
            $0.strokeStart = 0.5
        }
        let bad2 = Self.mismatches(rest) { x, y in ((9..<50).contains(x) && (29..<31).contains(y)) || ((9..<11).contains(x) && (10..<31).contains(y))
        }
        #expect(bad2.isEmpty, "\(bad2.prefix(8))")
    }

    /// Dashes [10, 5] on a line from x = 0 to 100 paint [15k, 15k + 10]; phase 3 moves them 3
    /// back, [15k − 3, 15k + 7]; an odd pattern [10] repeats as [10, 10]. Butt ends, width 2
    /// on y = 20: rows 19 and 20.
    @Test func dashesAtClosedFormPositionsAndPhaseShiftsThem() throws {
        let line = Self.line(CGPoint(x: 0, y: 20), CGPoint(x: 100, y: 20))
        for (pattern, phase, painted) in [
            ([10.0, 5.0], 0.0, { (x: Int) in x % 15 < 10 }),
            ([10.0, 5.0], 3.0, { (x: Int) in (x + 3) % 15 < 10 }),
            ([10.0], 0.0, { (x: Int) in x % 20 < 10 }),
        ] {
            let b = try Self.render(line) {
                $0.lineWidth = 2
                $0.lineDashPattern = pattern.map { CGFloat($0) }
                $0.lineDashPhase = CGFloat(phase)
            }
            let bad = Self.mismatches(b) { x, y in (19...20).contains(y) && painted(x) }
            #expect(bad.isEmpty, "pattern \(pattern) phase \(phase): \(bad.prefix(8))")
        }
    }

    /// An L of two arms of 40 points meeting at a right angle, width w = 8 (h = 4), butt ends:
    /// the two arm rectangles cover 2 · 40 · 8 − h² = 624 pixels (they share an h × h square
    /// inside the corner); the join adds, at the outer corner, the h × h square (miter,
    /// w²/4 = 16), half of it (bevel, w²/8 = 8) or a quarter disc of radius h (round,
    /// πw²/16 = 12.566). Miter and bevel lie on whole pixels or across them on a diagonal:
    /// exact up to the 8-bit rounding (0.05); the round join's chords, sagitta at most 0.02 px,
    /// lose at most 2/3 · 0.02 × the arc length 2π (0.084; 0.15).
    @Test func rightAngleJoinAreas() throws {
        let l = ShapePath.path([.move(to: CGPoint(x: 20, y: 60)), .line(to: CGPoint(x: 60, y: 60)), .line(to: CGPoint(x: 60, y: 20))])
        let cases: [(ShapePath.LineJoin, Double, Double)] = [(.miter, 640, 0.05), (.bevel, 632, 0.05), (.round, 624 + 4 * .pi, 0.15)]
        for (join, expected, tolerance) in cases {
            let a = Self.area(
                try Self.render(l) {
                    $0.lineWidth = 8
                    $0.lineJoin = join
                })
            #expect(abs(a - expected) <= tolerance, "\(join): area \(a), closed form \(expected)")
        }
    }

    /// At a right angle the miter is 1/sin(45°) = √2 = 1.414 widths long: a miter limit of 1.5
    /// draws it (area 640, as above), 1.4 bevels (632).
    @Test func miterLimitSwitchesToBevelAtOneOverSinHalfTheta() throws {
        let l = ShapePath.path([.move(to: CGPoint(x: 20, y: 60)), .line(to: CGPoint(x: 60, y: 60)), .line(to: CGPoint(x: 60, y: 20))])
        for (limit, expected) in [(1.5, 640.0), (1.4, 632.0)] {
            let a = Self.area(
                try Self.render(l) {
                    $0.lineWidth = 8
                    $0.miterLimit = CGFloat(limit)
                })
            #expect(abs(a - expected) <= 0.05, "miter limit \(limit): area \(a), closed form \(expected)")
        }
    }

    /// Square caps add h = w/2 at each end, round caps a half disc of radius h: a line of
    /// length 40, w = 8 covers 320 (butt), 320 + 2 · 4 · 8 = 384 (square), 320 + π · 16 = 370.27
    /// (round: chords whose sagitta is at most 0.02 px lose at most 2/3 · 0.02 × the arc length
    /// 2π · 4, 0.34 in all; 0.4).
    @Test func capAreas() throws {
        let line = Self.line(CGPoint(x: 20, y: 40), CGPoint(x: 60, y: 40))
        for (cap, expected, tolerance) in [(ShapePath.LineCap.butt, 320.0, 0.0), (.square, 384, 0.0), (.round, 320 + 16 * .pi, 0.4)] {
            let a = Self.area(
                try Self.render(line) {
                    $0.lineWidth = 8
                    $0.lineCap = cap
                })
            #expect(abs(a - expected) <= tolerance, "\(cap): area \(a), closed form \(expected)")
        }
    }

    /// The stroke is drawn over the fill: a red-filled rectangle stroked white 2 wide shows
    /// white on its edge's inner half, red inside.
    @Test func strokeIsDrawnAboveTheFill() throws {
        let b = try Self.render(.rect(CGRect(x: 10, y: 10, width: 40, height: 20))) {
            $0.lineWidth = 2
            $0.fillColor = .red
        }
        #expect(b.pixel(x: 30, y: 10) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(b.pixel(x: 30, y: 9) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(b.pixel(x: 30, y: 20) == RGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    /// The layer's transform scales the line width (Core Animation strokes in layer space): a
    /// 2-point line under a 2x scale covers 4 rows.
    @Test func lineWidthFollowsTheTransform() throws {
        let b = try Self.render(Self.line(CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 20))) {
            $0.lineWidth = 2
            $0.anchorPoint = .zero
            $0.position = .zero
            $0.transform = Transform3D(scaleX: 2, y: 2)
        }
        let bad = Self.mismatches(b) { x, y in (20..<60).contains(x) && (38..<42).contains(y) }
        #expect(bad.isEmpty, "\(bad.prefix(8))")
    }

    /// The display list names the stroke and its values.
    @Test func displayListShowsTheStroke() throws {
        let shape = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
            $0.position = CGPoint(x: 50, y: 40)
            $0.path = Self.line(CGPoint(x: 0, y: 20), CGPoint(x: 100, y: 20))
            $0.strokeColor = .white
            $0.lineWidth = 2
            $0.lineDashPattern = [10, 5]
            $0.strokeEnd = 0.5
        }
        let list = try Compositor(options: RenderOptions(scale: 1)).displayList(for: shape, size: Self.size)
        let strokes = list.commands.filter { $0.part == "stroke" }
        #expect(strokes.count == 1)
        #expect(strokes.first?.stroke?.polygons == 4)
        #expect(list.description.contains("stroke px 0,19 50x2 coverage edges nonZero"), "\(list)")
        #expect(list.description.contains("lineWidth 2 pt cap butt join miter (limit 10) dash [10, 5] phase 0 trim 0...0.5, 4 polygons"), "\(list)")
    }

    /// A damage render over the previous frame equals the full render when only strokeEnd, or
    /// only the path of a stroked layer, changes (the stroke's box reaches half the width times
    /// the miter limit round the path).
    @Test func damageCoversStrokeChanges() throws {
        let compositor = Compositor(options: RenderOptions(scale: 1))
        func tree(_ end: CGFloat, _ corner: CGFloat) -> LayerSnapshot {
            LayerSnapshot(sublayers: [
                LayerSnapshot {
                    $0.bounds = CGRect(origin: .zero, size: Self.size)
                    $0.position = CGPoint(x: 50, y: 40)
                    $0.path = .path([.move(to: CGPoint(x: 20, y: 60)), .line(to: CGPoint(x: corner, y: 20)), .line(to: CGPoint(x: 80, y: 60))])
                    $0.fillColor = .clear
                    $0.strokeColor = .white
                    $0.lineWidth = 6
                    $0.strokeEnd = end
                }
            ]) {
                $0.bounds = CGRect(origin: .zero, size: Self.size)
                $0.position = CGPoint(x: 50, y: 40)
            }
        }
        for (old, new) in [(tree(0.3, 50), tree(0.8, 50)), (tree(1, 50), tree(1, 60))] {
            var frame = try compositor.render(old, size: Self.size)
            let region = DamageRegion(from: old, to: new, size: Self.size, options: compositor.options)
            compositor.render(new, into: &frame, damage: region)
            #expect(frame == (try compositor.render(new, size: Self.size)))
        }
    }
}
