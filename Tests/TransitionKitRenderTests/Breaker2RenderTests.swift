import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Breaking `Compositor.render(_:intoPixels:width:height:bytesPerRow:)` (odd widths, padding,
/// 1x1, one row, more threads than rows, a compositor alternating between memory and bitmaps)
/// and the coincident-edge intersection (`exactIntersection`, `ConvexClipping`) with polygons
/// that are not simple convex ones. Expected values: the doc comments: the memory render equals
/// the `Bitmap` render byte for byte and writes no padding; a clip the drawing lies well inside
/// changes no pixel by more than the documented 1/255 (the clip's coverage is 255 there).
@Suite struct Breaker2RenderTests {
    // MARK: Pixel memory

    /// Renders into memory of `bytesPerRow` filled with `garbage`; the frame and whether the
    /// padding (and 4 bytes before the frame) kept `garbage`.
    static func memoryRender(
        _ tree: LayerSnapshot, _ compositor: Compositor, width: Int, height: Int, bytesPerRow: Int, garbage: UInt8
    ) -> (Bitmap, Bool) {
        let count = 8 + bytesPerRow * height
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: garbage, count: count)
        let base = memory + 4
        compositor.render(tree, intoPixels: base, width: width, height: height, bytesPerRow: bytesPerRow)
        var frame = Bitmap(width: width, height: height)
        let stride = frame.rowStride
        var intact = UnsafeRawBufferPointer(start: memory, count: 4).allSatisfy { $0 == garbage }
        frame.withUnsafeMutablePixels { dst in
            for y in 0..<height {
                let row = base + y * bytesPerRow
                UnsafeMutableRawPointer(dst + y * stride).copyMemory(from: row, byteCount: width * 4)
                let pad = UnsafeRawBufferPointer(start: row + width * 4, count: bytesPerRow - width * 4)
                if pad.contains(where: { $0 != garbage }) { intact = false }
            }
        }
        let tail = UnsafeRawBufferPointer(start: base + bytesPerRow * (height - 1) + width * 4, count: 4)
        if tail.contains(where: { $0 != garbage }) { intact = false }
        return (frame, intact)
    }

    /// Odd and tiny shapes (1x1, one row, one column, 7x3), strides from exact to 4 KiB of
    /// padding, 1...8 threads with fixed bands (more bands than rows), at scales 1 and 3: equal
    /// to a fresh compositor's bitmap render, padding untouched.
    @Test(arguments: [1, 2, 8])
    func oddShapesAndPaddingEqualTheBitmapRender(threads: Int) throws {
        var seeds = SplitMix64(seed: 0xB2E4_2026)
        let shapes = [(1, 1), (1, 5), (5, 1), (7, 3), (3, 7), (33, 2), (2, 33)]
        for (i, (w, h)) in shapes.enumerated() {
            for scale: CGFloat in [1, 3] {
                let size = CGSize(width: CGFloat(w) / scale, height: CGFloat(h) / scale)
                var trees = RandomLayerTree(seed: seeds.next(), size: size, extreme: false)
                let tree = trees.tree()
                var options = RenderOptions(scale: scale, background: RGBA8(r: 10, g: 20, b: 30, a: 255), threads: threads)
                options.choosesBandCount = false
                var expected = Bitmap(width: w, height: h)
                Compositor(options: options).render(tree, into: &expected)
                let compositor = Compositor(options: options)
                for bytesPerRow in [4 * w, 4 * w + 4, 4 * w + 4096] {
                    for garbage: UInt8 in [0, 0xFF] {
                        let (frame, intact) = Self.memoryRender(tree, compositor, width: w, height: h, bytesPerRow: bytesPerRow, garbage: garbage)
                        #expect(frame == expected, "case \(i) \(w)x\(h) scale \(scale) bytesPerRow \(bytesPerRow) threads \(threads)")
                        #expect(intact, "case \(i): bytes outside the frame written (bytesPerRow \(bytesPerRow))")
                    }
                }
            }
        }
    }

    /// One compositor alternating between bitmaps and memory of other strides and sizes (its
    /// pool's renderers are reused across them): every render equals a fresh compositor's.
    @Test func alternatingDestinationsShareThePool() throws {
        var seeds = SplitMix64(seed: 0xA17E_2026)
        var options = RenderOptions(scale: 2, background: .black, threads: 3)
        options.choosesBandCount = false
        let shared = Compositor(options: options)
        for i in 0..<24 {
            let w = [40, 41, 40, 17][i % 4], h = [30, 30, 31, 2][i % 4]
            let size = CGSize(width: CGFloat(w) / 2, height: CGFloat(h) / 2)
            var trees = RandomLayerTree(seed: seeds.next(), size: size, extreme: false)
            let tree = trees.tree()
            var expected = Bitmap(width: w, height: h)
            Compositor(options: options).render(tree, into: &expected)
            if i % 2 == 0 {
                var bitmap = Bitmap(width: w, height: h)
                shared.render(tree, into: &bitmap)
                #expect(bitmap == expected, "case \(i): bitmap render after memory renders differs")
            } else {
                let (frame, intact) = Self.memoryRender(tree, shared, width: w, height: h, bytesPerRow: 4 * w + 4 * (i % 5), garbage: 0x5A)
                #expect(frame == expected && intact, "case \(i): memory render after bitmap renders differs")
            }
        }
    }

    /// A frame of the largest width, one row (16384x1) and a tall one (1x16384): equal to the
    /// bitmap render.
    @Test func largestSidesEqualTheBitmapRender() throws {
        for (w, h) in [(Bitmap.maximumDimension, 1), (1, Bitmap.maximumDimension)] {
            let size = CGSize(width: w, height: h)
            let tree = layer(CGRect(x: 0.25, y: 0.25, width: size.width - 0.5, height: size.height - 0.5), .white) { $0.cornerRadius = 0.3 }
            let compositor = Compositor(options: RenderOptions(scale: 1, background: .black, threads: 2))
            let expected = try compositor.render(tree, size: size)
            let (frame, intact) = Self.memoryRender(tree, compositor, width: w, height: h, bytesPerRow: 4 * w + 8, garbage: 0x33)
            #expect(frame == expected && intact, "\(w)x\(h)")
        }
    }

    // MARK: Coincident edges with shapes that are not convex

    /// A star polygon {n/k}: n points on a circle joined every k-th; one polygon whose every turn
    /// has the same sign, but which winds k times around its centre (not convex).
    static func star(n: Int, k: Int, center: CGPoint, radius: CGFloat, phase: Double = 0.1) -> ShapePath {
        let points = (0..<n).map { i -> CGPoint in
            let a = phase + 2 * Double.pi * Double(i * k % n) / Double(n)
            return CGPoint(x: center.x + radius * CGFloat(cos(a)), y: center.y + radius * CGFloat(sin(a)))
        }
        return .path([.move(to: points[0])] + points.dropFirst().map { .line(to: $0) } + [.closeSubpath], fillRule: .nonZero)
    }

    static func withRule(_ path: ShapePath, _ rule: ShapePath.FillRule) -> ShapePath {
        guard case let .path(elements) = path.primitive else { return path }
        return .path(elements, fillRule: rule)
    }

    /// `ConvexClipping.convexOrientation` is documented nil for a polygon that is not convex:
    /// a pentagram ({5/2}), a heptagram ({7/3}), a square wound twice, are not.
    @Test func starsAndDoublyWoundPolygonsAreNotConvex() {
        let square = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)]
        let cases: [(String, [CGPoint])] = [
            ("pentagram", Self.star(n: 5, k: 2, center: CGPoint(x: 20, y: 20), radius: 10).flattened().first ?? []),
            ("heptagram", Self.star(n: 7, k: 3, center: CGPoint(x: 20, y: 20), radius: 10).flattened().first ?? []),
            ("square twice", square + square),
        ]
        for (name, polygon) in cases {
            #expect(ConvexClipping.convexOrientation(polygon) == nil, "\(name) taken as convex")
        }
        #expect(ConvexClipping.convexOrientation(square) == 1)
        #expect(ConvexClipping.convexOrientation(square.reversed()) == -1)
    }

    /// A layer drawing a star path inside a parent that masks to its rounded bounds, the star
    /// well inside them: the clip is 255 over the whole star, so the picture equals the same star
    /// without the parent's clip (within 1/255), under either fill rule, fast and general path.
    @Test(arguments: [false, true])
    func aStarInsideARoundedClipIsTheStar(general: Bool) throws {
        let size = CGSize(width: 60, height: 60)
        for (n, k) in [(5, 2), (7, 3), (7, 2), (8, 3)] {
            for rule: ShapePath.FillRule in [.nonZero, .evenOdd] {
                let path = Self.withRule(Self.star(n: n, k: k, center: CGPoint(x: 29.3, y: 30.2), radius: 17.1), rule)
                func scene(clipped: Bool) -> LayerSnapshot {
                    let drawn = layer(CGRect(x: 0, y: 0, width: 60, height: 60)) {
                        $0.path = path
                        $0.fillColor = .white
                    }
                    let parent = layer(CGRect(x: 0.5, y: 0.5, width: 59, height: 59), sublayers: [drawn]) {
                        $0.masksToBounds = clipped
                        $0.cornerRadius = 4
                    }
                    return layer(CGRect(origin: .zero, size: size), .black, sublayers: [parent])
                }
                var options = RenderOptions(scale: 1, background: .black)
                options.disableFastPaths = general
                let compositor = Compositor(options: options)
                let clipped = try compositor.render(scene(clipped: true), size: size)
                let free = try compositor.render(scene(clipped: false), size: size)
                let d = FastPathTests.compare(clipped, free)
                #expect(d.maxChannel <= 1, "{\(n)/\(k)} \(rule) general \(general): \(d)")
            }
        }
    }

    /// The star as the clip (a mask path) of a concave drawn shape (an L): the clip's outline is
    /// the star, which clips the L only if taken as convex. Expected: the same L through the
    /// same star with a second, far subpath in the mask (which leaves the product path), within
    /// 1/255.
    @Test func aConcaveShapeThroughAStarMaskIsCutToTheStar() throws {
        let size = CGSize(width: 60, height: 60)
        let l = ShapePath.path([
            .move(to: CGPoint(x: 5.3, y: 5.2)), .line(to: CGPoint(x: 54.7, y: 5.2)), .line(to: CGPoint(x: 54.7, y: 30.4)),
            .line(to: CGPoint(x: 30.4, y: 30.4)), .line(to: CGPoint(x: 30.4, y: 54.6)), .line(to: CGPoint(x: 5.3, y: 54.6)), .closeSubpath,
        ])
        let star = Self.star(n: 5, k: 2, center: CGPoint(x: 30, y: 30), radius: 24)
        guard case let .path(starElements) = star.primitive else { return }
        let far: [ShapePath.Element] = [
            .move(to: CGPoint(x: 57, y: 57)), .line(to: CGPoint(x: 58, y: 57)), .line(to: CGPoint(x: 58, y: 58)), .closeSubpath,
        ]
        func scene(_ mask: ShapePath) -> LayerSnapshot {
            let m = layer(CGRect(origin: .zero, size: size)) {
                $0.path = mask
                $0.fillColor = .white
            }
            let drawn = layer(CGRect(origin: .zero, size: size), mask: m) {
                $0.path = l
                $0.fillColor = .white
            }
            return layer(CGRect(origin: .zero, size: size), .black, sublayers: [drawn])
        }
        for general in [false, true] {
            var options = RenderOptions(scale: 1, background: .black)
            options.disableFastPaths = general
            let compositor = Compositor(options: options)
            let one = try compositor.render(scene(star), size: size)
            let two = try compositor.render(scene(.path(starElements + far)), size: size)
            let d = FastPathTests.compare(one, two)
            #expect(d.maxChannel <= 1, "general \(general): \(d)")
        }
    }

    /// Degenerate drawn polygons through a rounded clip: collinear, zero-area, a repeated point,
    /// huge and NaN coordinates: no trap, fast and general path within 1/255, and nothing drawn
    /// for the zero-area ones.
    @Test func degeneratePolygonsThroughARoundedClip() throws {
        let size = CGSize(width: 40, height: 40)
        let polygons: [(String, [CGPoint], Bool)] = [
            ("collinear", [CGPoint(x: 3, y: 3), CGPoint(x: 20, y: 20), CGPoint(x: 35, y: 35)], true),
            ("one point", [CGPoint(x: 7, y: 7), CGPoint(x: 7, y: 7), CGPoint(x: 7, y: 7)], true),
            ("back and forth", [CGPoint(x: 3.5, y: 10), CGPoint(x: 30.5, y: 10), CGPoint(x: 3.5, y: 10), CGPoint(x: 30.5, y: 10)], true),
            ("huge", [CGPoint(x: -1e12, y: -1e12), CGPoint(x: 1e12, y: -1e12), CGPoint(x: 0, y: 1e12)], false),
            ("nan", [CGPoint(x: CGFloat.nan, y: 3), CGPoint(x: 20, y: 3), CGPoint(x: 20, y: 30)], false),
            ("repeated", [CGPoint(x: 3.3, y: 3.3), CGPoint(x: 3.3, y: 3.3), CGPoint(x: 30.1, y: 4.7), CGPoint(x: 17, y: 33.2)], false),
        ]
        for (name, points, empty) in polygons {
            let path = ShapePath.path([.move(to: points[0])] + points.dropFirst().map { .line(to: $0) } + [.closeSubpath])
            let drawn = layer(CGRect(origin: .zero, size: size)) {
                $0.path = path
                $0.fillColor = .white
            }
            let parent = layer(CGRect(x: 1.5, y: 1.5, width: 37, height: 37), sublayers: [drawn]) {
                $0.masksToBounds = true
                $0.cornerRadius = 6
            }
            let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [parent])
            var general = RenderOptions(scale: 2, background: .black)
            general.disableFastPaths = true
            let fast = try Compositor(options: RenderOptions(scale: 2, background: .black)).render(root, size: size)
            let slow = try Compositor(options: general).render(root, size: size)
            let d = FastPathTests.compare(fast, slow)
            #expect(d.maxChannel <= 1, "\(name): \(d)")
            if empty {
                let black = try Compositor(options: RenderOptions(scale: 2, background: .black)).render(
                    layer(CGRect(origin: .zero, size: size), .black), size: size)
                #expect(FastPathTests.compare(fast, black).maxChannel == 0, "\(name) drew something")
            }
        }
    }
}
