import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// The kernel tables (`KernelTable`): chosen once from the CPU (`native`), handed to every
/// kernel by its caller, and the SSE2 one injectable. Two compositors, one on `native` and one
/// on `.sse2`, render the same trees to the same bytes (the AVX2 and SSE2 kernels are
/// required to be byte-identical), and the native one takes the AVX2 kernels exactly where the
/// CPU has AVX2 while the SSE2 one never does (per-compositor counts, debug builds). Also
/// `onBothKernelTables`, which the kernel-level tests run their checks under.
extension FastPathTests {
    /// Runs `body` on a counted copy of `native` and then of `.sse2`, expecting the AVX2 kernels
    /// taken on the first exactly where the CPU has AVX2 (`KernelTable.cpuHasAVX2`), and never
    /// on the second (debug builds count; release builds check nothing). Each run has its own
    /// count, so tests running side by side do not see each other's calls.
    static func onBothKernelTables(_ body: (KernelTable) -> Void) {
        for table in [KernelTable.native, .sse2] {
            let kernels = table.counted()
            body(kernels)
            #if DEBUG
                if table.avx2 {
                    #expect(kernels.avx2Calls > 0, "AVX2 table: no AVX2 kernel call")
                } else {
                    #expect(kernels.avx2Calls == 0, "SSE2 table: \(kernels.avx2Calls) AVX2 kernel calls")
                }
            #endif
        }
    }

    @Test func nativeKernelTableIsTheCPUs() {
        #expect(KernelTable.native.avx2 == KernelTable.cpuHasAVX2)
        #expect(KernelTable.sse2.instructionSet == .sse2)
        #expect(Compositor().kernels.instructionSet == KernelTable.native.instructionSet)
        #expect(Compositor(kernels: .sse2).kernels.instructionSet == .sse2)
        #if arch(x86_64) && os(Linux)
            // The CPU's own word (the kernel's flag list) on AVX2 against the run-time check.
            #expect(KernelTable.cpuHasAVX2 == cpuInfoListsFlag("avx2"))
        #endif
    }

    /// Scenes that reach every kernel the table switches: the cross-fade (an opaque screen at
    /// opacity, fused with a deferred copy), the two-tap lerp (a sub-pixel slide), the
    /// separable rows both ways (scales near 1 take the horizontal-first blocks, 0.6 and 1.7
    /// the vertical-first passes, at full strength and faded), and the per-column warp's
    /// blended row window and y lerp (a push-back's rotation about y in perspective).
    func kernelScenes() -> [(String, LayerSnapshot, CGFloat)] {
        let size = Self.size, full = CGRect(origin: .zero, size: Self.size)
        let photo = Self.image(width: 180, height: 300, opaque: true)
        let rotate = Transform3D(rotationAngle: -25 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
        func scene(_ layers: [LayerSnapshot]) -> LayerSnapshot { layer(full, .black, sublayers: layers) }
        return [
            ("fade", scene([screen(full, photo), screen(full, Self.image(width: 180, height: 300, opaque: true)) { $0.opacity = 0.55 }]), 3),
            ("slide", scene([screen(CGRect(x: 0.5 / 3, y: 0, width: 60, height: 100), photo) { $0.opacity = 0.8 }]), 3),
            ("slide-y", scene([screen(CGRect(x: 0, y: 10.75 / 3, width: 60, height: 100), photo)]), 3),
            // A navigation push's frame: a screen on a half pixel dimmed by a translucent sublayer
            // inside its clip (the tinted lerp), and the incoming one casting a shadow over it.
            (
                "slide-dimmed",
                scene([
                    layer(CGRect(x: -20.5 / 3, y: 0, width: 60, height: 100), sublayers: [layer(full, Color(red: 0, green: 0, blue: 0, alpha: 0.1))])
                    {
                        $0.contents = photo; $0.contentsGravity = .resizeAspectFill; $0.masksToBounds = true
                    },
                    screen(CGRect(x: 31.5 / 3, y: 0, width: 60, height: 100), photo) {
                        $0.shadowOpacity = 0.5; $0.shadowRadius = 2; $0.shadowOffset = .zero
                    },
                ]), 3
            ),
            // A 1:1 screen under a dimming sublayer (the tinted copy).
            (
                "copy-dimmed",
                scene([
                    layer(full, sublayers: [layer(full, Color(red: 0, green: 0, blue: 0, alpha: 0.3))]) {
                        $0.contents = photo; $0.contentsGravity = .resizeAspectFill; $0.masksToBounds = true
                    }
                ]), 3
            ),
            ("scale-near-1", scene([screen(full, photo) { $0.transform = Transform3D(scaleX: 0.93, y: 0.93) }]), 3),
            (
                "scale-0.6-faded",
                scene([
                    screen(full, photo) {
                        $0.transform = Transform3D(scaleX: 0.6, y: 0.6); $0.opacity = 0.7
                    }
                ]), 3
            ),
            (
                "scale-1.7",
                scene([screen(full, Self.image(width: 97, height: 61, opaque: true)) { $0.transform = Transform3D(scaleX: 1.7, y: 1.7) }]), 2
            ),
            (
                "rotate-y",
                scene([
                    screen(full, photo) {
                        $0.anchorPoint = CGPoint(x: 1, y: 0.5)
                        $0.position = CGPoint(x: size.width, y: size.height / 2)
                        $0.transform = rotate
                    },
                    screen(CGRect(x: 41.37, y: 0, width: 60, height: 100), photo),
                ]), 3
            ),
        ]
    }

    @Test func nativeAndSSE2CompositorsRenderTheSameBytes() throws {
        var scenes = kernelScenes()
        let handMade = scenes.count
        // And random trees (moderate values), for the kernels' use in every other context.
        var g = SplitMix64(seed: 0x6b65_726e_656c)
        for i in 0..<40 {
            let size = CGSize(width: 8 + g.index(90), height: 8 + g.index(90))
            var trees = RandomLayerTree(seed: g.next(), size: size, extreme: false)
            scenes.append(("random \(i) \(size)", layer(CGRect(origin: .zero, size: size), sublayers: [trees.tree()]), g.pick([1, 2, 3])))
        }
        for threads in [1, 3] {
            var options = RenderOptions(background: .black)
            options.threads = threads
            options.choosesBandCount = false
            let native = Compositor(options: options), sse2 = Compositor(options: options, kernels: .sse2)
            var handMadeCalls = 0
            for (index, (name, root, scale)) in scenes.enumerated() {
                let size = root.properties.bounds.size
                var o = options
                o.scale = scale
                var a = native, b = sse2
                a.options = o
                b.options = o
                let expected = try b.render(root, size: size), got = try a.render(root, size: size)
                #expect(got == expected, "\(name) on \(threads) threads: \(Self.compare(got, expected))")
                if index == handMade - 1 { handMadeCalls = native.avx2Calls }
            }
            #if DEBUG
                // The hand-made scenes alone reach the AVX2 kernels where the CPU has them.
                #expect((handMadeCalls > 0) == KernelTable.cpuHasAVX2, "\(handMadeCalls) AVX2 calls")
                #expect(sse2.avx2Calls == 0, "SSE2 compositor: \(sse2.avx2Calls) AVX2 calls")
            #endif
        }
    }
}
