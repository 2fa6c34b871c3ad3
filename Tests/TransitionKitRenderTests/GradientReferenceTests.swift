import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Our gradients against two independent renders of the same scenes
/// (`Tests/Fixtures/oracles/gradients/README.md`, drawn by `Scripts/gradient-reference.py`):
/// Skia's linear, radial and sweep shaders (`<scene>.skia.png`) and a numpy evaluation of the
/// closed forms at pixel centres (`<scene>.numpy.png`). CI reads the committed PNGs only.
///
/// PSNR over the RGBA bytes of the 96x64 frame, in dB (∞: identical), measured when the
/// references were made:
///
/// | scene | ours vs Skia | numpy vs Skia | ours vs numpy | bounds (Skia, numpy) |
/// | --- | --- | --- | --- | --- |
/// | axial | 60.61 | ∞ | 60.61 | 56, 56 |
/// | radial | 64.39 | ∞ | 64.39 | 60, 60 |
/// | conic | 58.56 | 73.23 | 58.53 | 54, 54 |
/// | locations | 59.19 | ∞ | 59.19 | 55, 55 |
/// | rounded | 51.92 | 52.49 | 61.38 | 47, 57 |
/// | translucent | 57.16 | 55.40 | 60.17 | 51, 56 |
///
/// The bound against Skia is min(ours vs Skia, numpy vs Skia) − 4 dB, rounded down: where
/// the two references agree byte for byte (axial, radial, locations) it holds us to Skia
/// itself; where they differ (the conic's centre and seam, the rounded corners, where Skia's
/// anti-aliasing is not exact-area, the translucent stop's blend rounding) it asks no more of
/// us than Skia's own distance from the closed form, so it measures us, not Skia's coverage or
/// ramp. The bound against numpy is ours vs numpy − 4 dB. 4 dB is 2.5 times the measured mean
/// squared error: at about 60 dB a few per cent of the bytes are one step off (the ramp's
/// 1024 entries and rounding); a bias of one step on every byte is 48 dB, a half-pixel shift
/// of the geometry or a wrong interpolation space far lower, and both fail.
@Suite struct GradientReferenceTests {
    static let size = CGSize(width: 96, height: 64)

    /// One scene of the script: the same values as its `SCENES`.
    struct Scene: Sendable {
        var name: String
        var backdrop: Color
        var frame: CGRect
        var radius: CGFloat
        var gradient: Gradient
        /// The least PSNR(ours, Skia) and PSNR(ours, numpy) accepted, dB.
        var bound: (skia: Double, numpy: Double)
    }

    static let full = CGRect(x: 0, y: 0, width: 96, height: 64)
    static let scenes: [Scene] = [
        Scene(
            name: "axial", backdrop: .black, frame: full, radius: 0,
            gradient: Gradient(
                colors: [.red, Color(red: 1, green: 1, blue: 0), .blue], startPoint: CGPoint(x: 0.1, y: 0.2), endPoint: CGPoint(x: 0.9, y: 0.7)),
            bound: (56, 56)),
        Scene(
            name: "radial", backdrop: .black, frame: full, radius: 0,
            gradient: Gradient(
                colors: [.white, Color(red: 0.2, green: 0.6, blue: 1), Color(red: 0.2, green: 0.2, blue: 0.4)], startPoint: CGPoint(x: 0.4, y: 0.5),
                endPoint: CGPoint(x: 0.9, y: 1.0), type: .radial),
            bound: (60, 60)),
        Scene(
            name: "conic", backdrop: .black, frame: full, radius: 0,
            gradient: Gradient(
                colors: [.red, .green, .blue, .red], startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 0.5, y: 0), type: .conic),
            bound: (54, 54)),
        Scene(
            name: "locations", backdrop: .black, frame: full, radius: 0,
            gradient: Gradient(
                colors: [Color(red: 1, green: 0.6, blue: 0), .white, Color(red: 0.4, green: 0, blue: 0.6)], locations: [0.25, 0.4, 0.8],
                startPoint: .zero,
                endPoint: CGPoint(x: 1, y: 1)),
            bound: (55, 55)),
        Scene(
            name: "rounded", backdrop: Color(red: 0.2, green: 0.2, blue: 0.2), frame: CGRect(x: 8, y: 8, width: 80, height: 48), radius: 14,
            gradient: Gradient(
                colors: [Color(red: 0, green: 0.8, blue: 1), Color(red: 1, green: 0, blue: 0.6)], startPoint: .zero, endPoint: CGPoint(x: 1, y: 1)),
            bound: (47, 57)),
        Scene(
            name: "translucent", backdrop: .red, frame: full, radius: 0,
            gradient: Gradient(colors: [.white, .clear], startPoint: CGPoint(x: 0, y: 0.5), endPoint: CGPoint(x: 1, y: 0.5)), bound: (51, 56)),
    ]

    /// `scene` drawn by the compositor at 1x.
    static func render(_ scene: Scene) throws -> Bitmap {
        let root = layer(
            CGRect(origin: .zero, size: size), scene.backdrop,
            sublayers: [
                layer(scene.frame) {
                    $0.gradient = scene.gradient
                    $0.cornerRadius = scene.radius
                }
            ])
        return try Compositor(options: RenderOptions(scale: 1)).render(root, size: size)
    }

    /// 10·log10(255² / MSE) over every byte (premultiplied RGBA) of two same-sized frames; ∞ when equal.
    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        var sum = 0.0, count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y) ?? .transparent, q = b.pixel(x: x, y: y) ?? .transparent
                for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b), (p.a, q.a)] {
                    let d = Double(u) - Double(v)
                    sum += d * d
                    count += 1
                }
            }
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }

    static func reference(_ scene: Scene, _ renderer: String) throws -> Bitmap {
        let bitmap = try PNGDecoder.read(contentsOf: Fixtures.url("oracles/gradients/\(scene.name).\(renderer).png").path)
        #expect(bitmap.width == 96 && bitmap.height == 64, "\(scene.name).\(renderer)")
        return bitmap
    }

    /// Every reference PNG of the folder belongs to a scene tested here (none goes unread).
    @Test func everyReferenceIsAScene() throws {
        let folder = Fixtures.url("oracles/gradients").path
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        #expect(pngs == Self.scenes.flatMap { ["\($0.name).numpy.png", "\($0.name).skia.png"] }.sorted())
    }

    @Test(arguments: scenes.map(\.name))
    func oursIsWithinTheBoundOfSkia(_ name: String) throws {
        let scene = try #require(Self.scenes.first { $0.name == name })
        let ours = try Self.render(scene)
        let skia = try Self.reference(scene, "skia"), numpy = try Self.reference(scene, "numpy")
        writeForLooking(ours, name: "gradient_ref_\(name).ours")
        let vsSkia = Self.psnr(ours, skia), vsNumpy = Self.psnr(ours, numpy), refs = Self.psnr(numpy, skia)
        print(String(format: "gradient reference %@: ours-skia %.2f dB, numpy-skia %.2f dB, ours-numpy %.2f dB", name, vsSkia, refs, vsNumpy))
        #expect(vsSkia >= scene.bound.skia, "\(name): PSNR(ours, skia) \(vsSkia) dB < \(scene.bound.skia)")
        #expect(vsNumpy >= scene.bound.numpy, "\(name): PSNR(ours, numpy) \(vsNumpy) dB < \(scene.bound.numpy)")
    }
}
