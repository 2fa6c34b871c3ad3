import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// Prints the median wall time per frame of the oracle scenes (informational, no assertion:
/// timings belong to release builds, `swift test -c release`, and to effect-bench).
@Suite struct CompositorTimingTests {
    static func scenes(width: CGFloat, height: CGFloat) -> [(String, LayerSnapshot)] {
        let screen = CGRect(x: 0, y: 0, width: width, height: height)
        let centre = CGPoint(x: width / 2, y: height / 2)
        let tilt = Transform3D(scaleX: 0.9, y: 0.9)
            .concatenating(Transform3D(rotationAngle: 10 * .pi / 180, x: 1, y: 0, z: 0))
            .concatenating(.perspective(distance: 500))
        let image = try! Bitmap(width: 390, height: 844, fill: RGBA8(r: 0, g: 0, b: 255, a: 255))
        return [
            ("circle_clip", layer(screen, sublayers: [layer(screen, .red),
                layer(screen, .blue, mask: LayerSnapshot { $0.path = .circle(center: centre, radius: width * 150 / 390) })])),
            ("perspective_quad", layer(screen, .red, sublayers: [layer(screen, .blue) { $0.transform = tilt }])),
            ("perspective_contents", layer(screen, .red, sublayers: [layer(screen) { $0.transform = tilt; $0.contents = image }])),
            ("rounded_rect", layer(screen, .red, sublayers: [layer(CGRect(x: 45, y: 100, width: 300, height: 200), .blue) { $0.cornerRadius = 24 }])),
            ("opacity_bands", layer(screen, .red, sublayers: [0.3, 0.5, 0.75, 0.5].enumerated().map { i, a in
                layer(CGRect(x: 0, y: CGFloat(i) * height / 4, width: width, height: height / 4), .blue) { $0.opacity = Float(a) }
            })),
        ]
    }

    @Test func framesPerScene() throws {
        let iterations = ProcessInfo.processInfo.environment["TRANSITIONKIT_TIMING_ITERATIONS"].flatMap(Int.init) ?? 3
        for (scale, threads) in [(1.0, 1), (3.0, 1), (3.0, 2)] {
            let compositor = Compositor(options: RenderOptions(scale: CGFloat(scale), threads: threads))
            for (name, root) in Self.scenes(width: scale == 1 ? 390 : 393, height: scale == 1 ? 844 : 852) {
                var bitmap = try Bitmap(width: Int(393 * scale), height: Int(852 * scale))
                if scale == 1 { bitmap = try Bitmap(width: 390, height: 844) }
                var times: [Double] = []
                for _ in 0..<iterations {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    compositor.render(root, into: &bitmap)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                }
                times.sort()
                print("timing \(name) \(bitmap.width)x\(bitmap.height) threads \(threads): median \(String(format: "%.2f", times[times.count / 2])) ms")
            }
        }
    }
}
