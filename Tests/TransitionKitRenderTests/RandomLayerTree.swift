import Foundation
import TransitionKitCore
import TransitionKitTestSupport

/// Random layer trees for the compositor fuzz test, drawn from the awkward end of every
/// property: transforms singular, huge, mirrored, in perspective with geometry behind the eye
/// (w <= 0) and, rarely, non-finite (the compositor documents that it skips such layers);
/// zero, tiny and huge sizes; every kind of mask (a mask layer with its own subtree, a shape
/// mask, rounded corners with `masksToBounds`); nested and out-of-range opacity; contents
/// bitmaps with every gravity; shape paths with curves, degenerate and huge coordinates;
/// `zPosition` ties, hidden layers, `sublayerTransform` perspective; and, now and then, a
/// chain as deep as `LayerSnapshot.maximumDepth`.
///
/// Values are the documented input domain: colours may be out of 0...1 (clamped when drawn),
/// bitmaps are premultiplied (the `Bitmap` contract), opacity may be any `Float`.
struct RandomLayerTree {
    var rng: SplitMix64
    /// Layers generated so far in this tree (bounds the work per case).
    private var layers = 0
    /// The container size in points the tree is drawn into.
    let size: CGSize
    /// Whether huge, singular-at-the-eye and non-finite values are drawn; without them every
    /// coordinate stays moderate (the band-invariance check needs that).
    let extreme: Bool

    init(seed: UInt64, size: CGSize, extreme: Bool = true) {
        rng = SplitMix64(seed: seed)
        self.size = size
        self.extreme = extreme
    }

    /// A whole tree: usually a bushy one of up to ~60 layers, sometimes a deep chain.
    mutating func tree() -> LayerSnapshot {
        if rng.chance(0.04) { return chain(depth: rng.chance(0.5) ? LayerSnapshot.maximumDepth : 1 + rng.index(64)) }
        return layer(depth: 0, maxDepth: 1 + rng.index(6))
    }

    /// A chain of `depth` levels below the root, each a small group (opacity, mask or clip).
    private mutating func chain(depth: Int) -> LayerSnapshot {
        var node = layer(depth: 99, maxDepth: 0)
        for _ in 0..<depth {
            var parent = LayerSnapshot(properties: properties(), sublayers: [node])
            if rng.chance(0.2) { parent.properties.opacity = 0.9 }
            if rng.chance(0.1) { parent.properties.masksToBounds = true }
            node = parent
        }
        return node
    }

    private mutating func layer(depth: Int, maxDepth: Int) -> LayerSnapshot {
        layers += 1
        var node = LayerSnapshot(properties: properties())
        if depth < maxDepth && layers < 60 {
            node.sublayers = (0..<rng.index(depth == 0 ? 6 : 4)).map { _ in layer(depth: depth + 1, maxDepth: maxDepth) }
        }
        if rng.chance(0.15) && layers < 60 {
            // A layer mask: a shape, a rounded clip or a whole subtree.
            var mask = LayerSnapshot(properties: properties())
            if rng.chance(0.4) { mask.properties.path = path() }
            if rng.chance(0.3) && depth < maxDepth { mask.sublayers = [layer(depth: depth + 1, maxDepth: maxDepth)] }
            node.mask = mask
        }
        return node
    }

    private mutating func properties() -> LayerProperties {
        var p = LayerProperties()
        p.bounds = CGRect(origin: point(scale: 10), size: CGSize(width: length(), height: length()))
        p.position = point(scale: max(size.width, size.height))
        p.anchorPoint = rng.chance(0.7) ? CGPoint(x: 0.5, y: 0.5) : CGPoint(x: rng.pick([0, 1, -2, 0.25, 3]), y: rng.pick([0, 1, 0.5, -1]))
        p.zPosition = rng.chance(0.7) ? 0 : rng.pick([-100, -1, 1, 1, 50, 1e6])
        p.transform = transform()
        if rng.chance(0.15) { p.sublayerTransform = rng.chance(0.7) ? .perspective(distance: rng.pick([50, 300, 2000])) : transform() }
        p.opacity = rng.chance(0.6) ? 1 : rng.pick([0, 0.001, 0.3, 0.5, 0.99, -1, 2, .infinity, .nan])
        p.isHidden = rng.chance(0.05)
        if rng.chance(0.75) { p.backgroundColor = color() }
        p.cornerRadius = rng.chance(0.7) ? 0 : rng.pick([0.5, 4, 20, 1e4, -5])
        p.masksToBounds = rng.chance(0.25)
        if rng.chance(0.25) {
            p.contents = bitmap()
            p.contentsGravity = rng.pick([.resize, .resizeAspect, .resizeAspectFill])
        }
        if rng.chance(0.15) {
            p.path = path()
            p.fillColor = color()
        }
        return p
    }

    /// A length in points: 0, tiny, ordinary or huge.
    private mutating func length() -> CGFloat {
        switch rng.index(10) {
        case 0: return 0
        case 1: return rng.pick([1e-9, 0.001, 0.4])
        case 2 where extreme: return rng.pick([1e5, 1e9, 3e15])
        default: return CGFloat(rng.index(Int(max(size.width, size.height)) * 2 + 1))
        }
    }

    private mutating func point(scale: CGFloat) -> CGPoint {
        if extreme && rng.chance(0.05) { return CGPoint(x: rng.pick([-1e12, 1e12, 1e300]), y: rng.pick([-1e9, 0, 1e9])) }
        return CGPoint(x: CGFloat(Double.random(in: -0.5...1.5, using: &rng)) * scale, y: CGFloat(Double.random(in: -0.5...1.5, using: &rng)) * scale)
    }

    private mutating func transform() -> Transform3D {
        let kind = rng.index(20)
        switch kind {
        case _ where !extreme && [9, 10, 11, 14, 17, 18].contains(kind): return .identity
        case 0..<8: return .identity
        case 8: return Transform3D(scaleX: 0, y: 1)  // singular
        case 9: return Transform3D(scaleX: 0, y: 0, z: 0)  // the zero map
        case 10: return Transform3D(scaleX: rng.pick([1e9, -1e9, 1e-9]), y: rng.pick([1e9, 1, -1e-9]))  // huge, tiny, mirrored
        case 11: return Transform3D(translationX: rng.pick([1e12, -3e8]), y: rng.pick([5e7, -1]), z: rng.pick([0, 1e6, -1e6]))
        case 12, 13:
            // Perspective rotation about y: past 90° (or close to the eye) parts go behind it.
            let angle = CGFloat(rng.pick([60, 89.9, 90, 95, 135, 180, 270])) * .pi / 180
            return Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0).concatenating(.perspective(distance: extreme ? rng.pick([1, 50, 300]) : 300))
        case 14:
            var t = Transform3D.identity
            t.m34 = rng.pick([-1, -0.01, 0.5, 10])
            t.m43 = rng.pick([0, -500, 500])
            t.m44 = rng.pick([1, 0, -1, 1e-12])  // w of the origin: on or behind the eye
            return t
        case 15:
            return Transform3D(
                a: rng.pick([1, 2, -1]), b: rng.pick([0, 0.5, 1e6]), c: rng.pick([0, -0.5]), d: rng.pick([1, 0, -2]), tx: 3, ty: -7)
        case 16: return Transform3D(rotationAngle: CGFloat(Double.random(in: 0...(2 * .pi), using: &rng)), x: 0, y: 0, z: 1)
        case 17:
            // Random entries, perspective row included.
            var values = (0..<16).map { _ in CGFloat(rng.pick([0, 1, -1, 0.5, 1e-6, 1e6, 3])) }
            values[15] = rng.pick([1, 0.5, -0.5])
            return Transform3D(rows: (0..<4).map { r in SIMD4(values[r * 4], values[r * 4 + 1], values[r * 4 + 2], values[r * 4 + 3]) })
        case 18:
            var t = Transform3D(rotationAngle: 1, x: 1, y: 1, z: 0)
            t.m41 = rng.pick([.nan, .infinity, 1])  // non-finite: documented as skipped
            return t
        default: return Transform3D(rotationAngle: CGFloat(Double.random(in: -3...3, using: &rng)), x: 1, y: 0, z: 0)
        }
    }

    /// A colour, sometimes outside 0...1 (clamped when drawn) and, rarely, NaN.
    private mutating func color() -> Color {
        func c() -> CGFloat { rng.chance(0.9) ? CGFloat(Double.random(in: 0...1, using: &rng)) : rng.pick([-1, 2, 1e300, .nan]) }
        return Color(red: c(), green: c(), blue: c(), alpha: rng.chance(0.5) ? 1 : c())
    }

    /// A premultiplied bitmap of 1…9 pixels a side.
    private mutating func bitmap() -> Bitmap {
        var b = Bitmap(width: 1 + rng.index(9), height: 1 + rng.index(9))
        let opaque = rng.chance(0.5)
        for y in 0..<b.height {
            for x in 0..<b.width {
                let a = opaque ? 255 : rng.index(256)
                b.setPixel(RGBA8(r: UInt8(rng.index(a + 1)), g: UInt8(rng.index(a + 1)), b: UInt8(rng.index(a + 1)), a: UInt8(a)), x: x, y: y)
            }
        }
        return b
    }

    private mutating func path() -> ShapePath {
        let extent = max(size.width, size.height)
        func p() -> CGPoint {
            extreme && rng.chance(0.05)
                ? CGPoint(x: 1e12, y: -1e12)
                : CGPoint(x: CGFloat(rng.index(Int(extent) * 2)) - extent / 2, y: CGFloat(rng.index(Int(extent) * 2)) - extent / 2)
        }
        switch rng.index(5) {
        case 0: return .rect(CGRect(origin: p(), size: CGSize(width: length(), height: length())))
        case 1: return .ellipse(in: CGRect(origin: p(), size: CGSize(width: length(), height: length())))
        case 2: return .roundedRect(CGRect(origin: p(), size: CGSize(width: length(), height: length())), cornerRadius: rng.pick([0, 3, 1e6, -2]))
        default:
            var elements: [ShapePath.Element] = [.move(to: p())]
            for _ in 0..<rng.index(8) {
                switch rng.index(5) {
                case 0: elements.append(.line(to: p()))
                case 1: elements.append(.quadCurve(to: p(), control: p()))
                case 2: elements.append(.curve(to: p(), control1: p(), control2: p()))
                case 3: elements.append(.closeSubpath)
                default: elements.append(.move(to: p()))
                }
            }
            return .path(elements, fillRule: rng.chance(0.5) ? .nonZero : .evenOdd)
        }
    }
}
