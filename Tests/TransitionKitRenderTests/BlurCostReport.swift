import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// The layer blur's cost as a ratio to a frame copy, measured in one process (not a pass/fail
/// test: timings on a shared machine are noisy). Run in release with
/// `TRANSITIONKIT_BLUR_COST=1 swift test -c release --filter BlurCostReport`: a full-screen
/// opaque contents layer (1179x2556, scale 3) blurred at radii 0…20 pt, each frame's median
/// render time over the median time of copying the frame's bytes (`UnsafeMutablePointer.update`,
/// memcpy), printed one line a radius.
@Suite struct BlurCostReport {
    static var enabled: Bool { ProcessInfo.processInfo.environment["TRANSITIONKIT_BLUR_COST"] == "1" }

    static func median(_ n: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<n {
            let t0 = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        return times.sorted()[n / 2]
    }

    @Test(.enabled(if: enabled, "set TRANSITIONKIT_BLUR_COST=1"))
    func fullScreenLayerBlurCost() throws {
        let size = CGSize(width: 393, height: 852)
        var bytes = [UInt8](repeating: 255, count: 1179 * 2556 * 4)
        for i in 0..<(1179 * 2556) {
            bytes[4 * i] = UInt8(i % 251)
            bytes[4 * i + 1] = UInt8((i / 1179) % 253)
        }
        let image = try Bitmap(width: 1179, height: 2556, packedBytes: bytes)
        let compositor = Compositor(options: RenderOptions(scale: 3))
        var frame = try compositor.render(LayerSnapshot(), size: size)
        let src = UnsafeMutablePointer<UInt32>.allocate(capacity: 1179 * 2556)
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: 1179 * 2556)
        src.initialize(repeating: 7, count: 1179 * 2556)
        dst.initialize(repeating: 0, count: 1179 * 2556)
        defer {
            src.deallocate()
            dst.deallocate()
        }
        for radius in [0, 0.1, 0.2, 0.33, 0.5, 0.67, 1, 1.5, 2, 3, 5, 8, 12, 16, 20] as [CGFloat] {
            let tree = LayerSnapshot(sublayers: [
                LayerSnapshot {
                    $0.bounds = CGRect(origin: .zero, size: size)
                    $0.position = CGPoint(x: size.width / 2, y: size.height / 2)
                    $0.contents = image
                    $0.filters = [.gaussianBlur(radius: radius)]
                }
            ]) {
                $0.bounds = CGRect(origin: .zero, size: size)
                $0.position = CGPoint(x: size.width / 2, y: size.height / 2)
            }
            compositor.render(tree, into: &frame)
            let copy = Self.median(15) { dst.update(from: src, count: 1179 * 2556) }
            let render = Self.median(15) { compositor.render(tree, into: &frame) }
            let copy2 = Self.median(15) { dst.update(from: src, count: 1179 * 2556) }
            let c = (copy + copy2) / 2
            print(
                String(
                    format: "blur cost: radius %5.2f pt (σ %6.2f px): render %7.3f ms, memcpy %6.3f ms, ratio %5.2f", radius, radius * 3, render, c,
                    render / c))
        }
    }
}
