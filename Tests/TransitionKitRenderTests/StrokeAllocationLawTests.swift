import CAllocationCounter
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// The zero-allocation law (`EffectLaws`' `noAllocationPerFrame`) for stroke frames: once a
/// compositor has rendered a frame, rendering frames with strokes into a kept bitmap allocates
/// nothing, also when the stroke changes from frame to frame: `strokeEnd` drawing a ring and a
/// curved general path, the dash phase marching, the dash count changing with the trim (the
/// outline's polygons past the count keep their storage, `StrokeOutline`), under a rotation and
/// group opacity. Counted on the calling thread (`tk_thread_allocation_count`), fewest over
/// rounds after a warm-up round, one thread so every band runs here. Only optimised builds are
/// counted (a debug build allocates temporaries the optimiser removes) over glibc malloc;
/// elsewhere the test is skipped. CI runs it in release with the law suites
/// (`swift test -c release --filter 'LawTests|LawsTests'`).
@Suite struct StrokeAllocationLawTests {

    @Test(.enabled(if: RenderAllocationCount.counts, "counts only in optimised builds over glibc malloc"))
    func strokeFramesAfterTheFirstAllocateNothing() throws {
        let size = CGSize(width: 120, height: 90)
        let wave = ShapePath.path([
            .move(to: CGPoint(x: 4, y: 30)), .curve(to: CGPoint(x: 46, y: 10), control1: CGPoint(x: 15, y: -10), control2: CGPoint(x: 30, y: 50)),
            .quadCurve(to: CGPoint(x: 20, y: 36), control: CGPoint(x: 50, y: 40)), .line(to: CGPoint(x: 4, y: 30)), .closeSubpath,
        ])
        func tree(_ k: Int) -> LayerSnapshot {
            let f = CGFloat(k) / 8
            let ring = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
                $0.position = CGPoint(x: 30, y: 30)
                $0.path = .circle(center: CGPoint(x: 25, y: 25), radius: 20)
                $0.fillColor = .clear
                $0.strokeColor = .white
                $0.lineWidth = 6
                $0.lineCap = .round
                $0.strokeEnd = 0.1 + 0.8 * f
            }
            let ants = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)
                $0.position = CGPoint(x: 85, y: 30)
                $0.path = .roundedRect(CGRect(x: 4, y: 4, width: 42, height: 32), cornerRadius: 8)
                $0.fillColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
                $0.strokeColor = .red
                $0.lineWidth = 2
                $0.lineDashPattern = [5, 3]
                $0.lineDashPhase = 8 * f
                $0.strokeStart = 0.3 * f
                $0.opacity = 0.8
                $0.transform = Transform3D(rotationAngle: 0.2 * f, x: 0, y: 0, z: 1)
            }
            let curve = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)
                $0.position = CGPoint(x: 60, y: 70)
                $0.path = wave
                $0.fillColor = .clear
                $0.strokeColor = .green
                $0.lineWidth = 3 + 2 * f
                $0.lineJoin = k % 2 == 0 ? .round : .miter
                $0.lineDashPattern = [7, 2, 1]
                $0.strokeEnd = 1 - 0.5 * f
            }
            return LayerSnapshot(sublayers: [ring, ants, curve]) {
                $0.bounds = CGRect(origin: .zero, size: size)
                $0.position = CGPoint(x: 60, y: 45)
                $0.backgroundColor = .black
            }
        }
        // The trees are made first: only the renders are counted.
        let trees = (0..<8).map(tree)
        let compositor = Compositor(options: RenderOptions(scale: 2))
        let fewest = try RenderAllocationCount.fewest(rendering: trees, with: compositor, size: size)
        #expect(fewest == 0, "\(fewest) allocations per \(trees.count) stroke frames")
    }
}
