import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Our strokes against two independent renders of the same scenes
/// (`Tests/Fixtures/oracles/strokes/README.md`, drawn by `Scripts/stroke-reference.py`):
/// Skia's stroker (`<scene>.skia.png`: caps, joins, miter limit; dashes and trims cut by its
/// contour measure) and a numpy evaluation of the stroke's definition on a 16 x 16 grid per
/// pixel (`<scene>.numpy.png`). CI reads the committed PNGs only.
///
/// PSNR over the RGBA bytes of the 96x64 frame, in dB (∞: identical), measured when the
/// references were made:
///
/// | scene | ours vs Skia | numpy vs Skia | ours vs numpy | bounds (Skia, numpy) |
/// | --- | --- | --- | --- | --- |
/// | butt | 49.39 | 50.56 | 62.56 | 45, 58 |
/// | round | 48.30 | 49.17 | 61.27 | 44, 57 |
/// | square | 48.68 | 49.36 | 61.98 | 44, 57 |
/// | miterlimit | 43.50 | 44.91 | 53.40 | 39, 49 |
/// | dashes | 42.27 | 42.11 | 61.29 | 38, 57 |
/// | dashround | 47.03 | 47.64 | 59.20 | 43, 55 |
/// | trim | 42.16 | 41.75 | 60.35 | 37, 56 |
/// | closed | ∞ | ∞ | ∞ | ∞, ∞ |
///
/// `closed` lies on whole pixels (a rectangle stroked 6 wide on integer coordinates): all
/// three are byte for byte equal, and the bound is ∞. Elsewhere the bound against Skia is
/// min(ours vs Skia, numpy vs Skia) − 4 dB, rounded down: it asks
/// no more of us than Skia's own distance from the definition (its anti-aliasing is not exact
/// area), so it measures us, not Skia's coverage. The bound against numpy is ours vs numpy −
/// 4 dB. 4 dB is 2.5 times the measured mean squared error; a join of the wrong kind, a cap
/// missing, a dash half a pixel off or a trim at the wrong end costs far more.
@Suite struct StrokeReferenceTests {
    static let size = CGSize(width: 96, height: 64)
    static let backdrop = Color(red: 0.2, green: 0.2, blue: 0.2)
    static let stroke = Color(red: 1, green: 0.8, blue: 0.2)

    /// One scene of the script: the same values as its `SCENES`.
    struct Scene: Sendable {
        var name: String
        var elements: [ShapePath.Element]
        var width: CGFloat
        var cap: ShapePath.LineCap
        var join: ShapePath.LineJoin
        var miterLimit: CGFloat
        var dash: (pattern: [CGFloat], phase: CGFloat)?
        var trim: (start: CGFloat, end: CGFloat)
        /// The least PSNR(ours, Skia) and PSNR(ours, numpy) accepted, dB.
        var bound: (skia: Double, numpy: Double)
    }

    static func m(_ x: CGFloat, _ y: CGFloat) -> ShapePath.Element { .move(to: CGPoint(x: x, y: y)) }
    static func l(_ x: CGFloat, _ y: CGFloat) -> ShapePath.Element { .line(to: CGPoint(x: x, y: y)) }
    static func c(_ x1: CGFloat, _ y1: CGFloat, _ x2: CGFloat, _ y2: CGFloat, _ x: CGFloat, _ y: CGFloat) -> ShapePath.Element {
        .curve(to: CGPoint(x: x, y: y), control1: CGPoint(x: x1, y: y1), control2: CGPoint(x: x2, y: y2))
    }

    static let zigzag = [m(12, 52), l(36, 12), l(60, 52), l(84, 12)]
    /// The circle of radius 24 about (48, 32) from its top, clockwise, four cubics (k = 4/3·(√2 − 1)).
    static let circle: [ShapePath.Element] = {
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1), cx = 48.0, cy = 32.0, r = 24.0
        return [
            m(cx, cy - r), c(cx + k * r, cy - r, cx + r, cy - k * r, cx + r, cy), c(cx + r, cy + k * r, cx + k * r, cy + r, cx, cy + r),
            c(cx - k * r, cy + r, cx - r, cy + k * r, cx - r, cy), c(cx - r, cy - k * r, cx - k * r, cy - r, cx, cy - r), .closeSubpath,
        ]
    }()

    static let scenes: [Scene] = [
        Scene(name: "butt", elements: zigzag, width: 6, cap: .butt, join: .miter, miterLimit: 10, dash: nil, trim: (0, 1), bound: (45, 58)),
        Scene(name: "round", elements: zigzag, width: 6, cap: .round, join: .round, miterLimit: 10, dash: nil, trim: (0, 1), bound: (44, 57)),
        Scene(name: "square", elements: zigzag, width: 6, cap: .square, join: .bevel, miterLimit: 10, dash: nil, trim: (0, 1), bound: (44, 57)),
        Scene(
            name: "miterlimit", elements: [m(10, 56), l(30, 36), l(50, 56), m(56, 56), l(86, 32), l(56, 44)], width: 6, cap: .butt, join: .miter,
            miterLimit: 4, dash: nil, trim: (0, 1), bound: (39, 49)),
        Scene(
            name: "dashes", elements: [m(8, 50), c(30, -10, 60, 80, 88, 14)], width: 4, cap: .butt, join: .miter, miterLimit: 10,
            dash: ([12, 6, 3, 6], 5), trim: (0, 1), bound: (38, 57)),
        Scene(
            name: "dashround", elements: [m(10, 20), l(86, 20), l(86, 50), l(10, 50)], width: 5, cap: .round, join: .round, miterLimit: 10,
            dash: ([8, 8], 4), trim: (0, 1), bound: (43, 55)),
        Scene(name: "trim", elements: circle, width: 6, cap: .butt, join: .miter, miterLimit: 10, dash: nil, trim: (0.1, 0.7), bound: (37, 56)),
        Scene(
            name: "closed", elements: [m(14, 12), l(82, 12), l(82, 52), l(14, 52), .closeSubpath], width: 6, cap: .butt, join: .miter,
            miterLimit: 10, dash: nil, trim: (0, 1), bound: (.infinity, .infinity)),
    ]

    /// `scene` drawn by the compositor at 1x.
    static func render(_ scene: Scene) throws -> Bitmap {
        let root = layer(
            CGRect(origin: .zero, size: size), backdrop,
            sublayers: [
                layer(CGRect(origin: .zero, size: size)) {
                    $0.path = .path(scene.elements)
                    $0.fillColor = .clear
                    $0.strokeColor = stroke
                    $0.lineWidth = scene.width
                    $0.lineCap = scene.cap
                    $0.lineJoin = scene.join
                    $0.miterLimit = scene.miterLimit
                    $0.lineDashPattern = scene.dash?.pattern
                    $0.lineDashPhase = scene.dash?.phase ?? 0
                    $0.strokeStart = scene.trim.start
                    $0.strokeEnd = scene.trim.end
                }
            ])
        return try Compositor(options: RenderOptions(scale: 1)).render(root, size: size)
    }

    static func reference(_ scene: Scene, _ renderer: String) throws -> Bitmap {
        let bitmap = try PNGDecoder.read(contentsOf: Fixtures.url("oracles/strokes/\(scene.name).\(renderer).png").path)
        #expect(bitmap.width == 96 && bitmap.height == 64, "\(scene.name).\(renderer)")
        return bitmap
    }

    /// Every reference PNG of the folder belongs to a scene tested here (none goes unread).
    @Test func everyReferenceIsAScene() throws {
        let folder = Fixtures.url("oracles/strokes").path
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        #expect(pngs == Self.scenes.flatMap { ["\($0.name).numpy.png", "\($0.name).skia.png"] }.sorted())
    }

    @Test(arguments: scenes.map(\.name))
    func oursIsWithinTheBoundOfSkia(_ name: String) throws {
        let scene = try #require(Self.scenes.first { $0.name == name })
        let ours = try Self.render(scene)
        let skia = try Self.reference(scene, "skia"), numpy = try Self.reference(scene, "numpy")
        writeForLooking(ours, name: "stroke_ref_\(name).ours")
        let vsSkia = GradientReferenceTests.psnr(ours, skia), vsNumpy = GradientReferenceTests.psnr(ours, numpy)
        let refs = GradientReferenceTests.psnr(numpy, skia)
        print(String(format: "stroke reference %@: ours-skia %.2f dB, numpy-skia %.2f dB, ours-numpy %.2f dB", name, vsSkia, refs, vsNumpy))
        #expect(vsSkia >= scene.bound.skia, "\(name): PSNR(ours, skia) \(vsSkia) dB < \(scene.bound.skia)")
        #expect(vsNumpy >= scene.bound.numpy, "\(name): PSNR(ours, numpy) \(vsNumpy) dB < \(scene.bound.numpy)")
    }
}
