import CPixelKernels

/// The instruction set the compositor's SIMD kernels run on, chosen once per process and handed
/// down, never read from a global by a kernel: the `Compositor` holds one (`native`, or `sse2`
/// injected by tests), each of its band renderers a copy (`counted()`), and the renderer's
/// callers pass it to the kernels they call (`BlendKernels.fade`, `BlendKernels.lerp`,
/// `SeparableRows`, `SeparableBlocks`, the separable per-column warp and `BlendedRowWindow`).
///
/// A kernel looks at it once per call (a row or a span), never per pixel: `avx2` is one compare
/// of a byte the optimiser keeps in a register across the call's loop. Where it is `.avx2` the
/// kernels take their C forms (`CPixelKernels`, eight pixels a step) and finish a row's last
/// pixels in SSE2; where it is `.sse2` they run the SSE2 Swift forms alone (the x86-64 baseline;
/// elsewhere the scalar forms). The two are byte-identical (`LerpKernels`' arithmetic), so the
/// choice moves time, never a pixel.
///
/// In debug builds a counted copy also counts the AVX2 calls that did work (`avx2Calls`), so a
/// test can check the AVX2 path was taken; per renderer, so nothing is shared between band
/// threads or tests running side by side. Release builds hold the instruction set alone.
struct KernelTable: Sendable {
    /// An instruction set the kernels have a form for.
    enum InstructionSet: Sendable, Hashable {
        /// The AVX2 forms in C, SSE2 for what is left of a row. Only where the CPU runs AVX2.
        case avx2
        /// The SSE2 forms in Swift (the x86-64 baseline; the scalar forms on other CPUs).
        case sse2
    }

    /// The kernels' instruction set.
    let instructionSet: InstructionSet

    #if DEBUG
        /// The AVX2 calls counted for this copy (`counted()`), nil for an uncounted table.
        private let calls: KernelCallCount?
    #endif

    /// A table for `instructionSet`.
    /// - Precondition: `.avx2` only where `cpuHasAVX2`.
    init(_ instructionSet: InstructionSet) {
        precondition(instructionSet != .avx2 || KernelTable.cpuHasAVX2, "the AVX2 kernels need a CPU that runs AVX2")
        self.instructionSet = instructionSet
        #if DEBUG
            calls = nil
        #endif
    }

    #if DEBUG
        private init(_ instructionSet: InstructionSet, calls: KernelCallCount) {
            self.instructionSet = instructionSet
            self.calls = calls
        }
    #endif

    /// Whether this CPU runs AVX2 (`tk_cpu_has_avx2`, asked once per process).
    static let cpuHasAVX2 = tk_cpu_has_avx2() != 0
    /// The fastest table this CPU runs: `.avx2` where it has AVX2, `.sse2` otherwise.
    static let native = KernelTable(cpuHasAVX2 ? .avx2 : .sse2)
    /// The SSE2 table on every CPU (tests compare it with `native`).
    static let sse2 = KernelTable(.sse2)

    /// Whether the kernels take their AVX2 forms. O(1), one compare.
    @inline(__always)
    var avx2: Bool { instructionSet == .avx2 }

    /// A copy with its own AVX2 call count starting at 0 in debug builds (a band renderer's);
    /// the same table in release builds.
    func counted() -> KernelTable {
        #if DEBUG
            KernelTable(instructionSet, calls: KernelCallCount())
        #else
            self
        #endif
    }

    /// Counts one AVX2 kernel call that did work, in a counted debug copy; nothing otherwise
    /// (release builds compile it away).
    @inline(__always)
    func tookAVX2() {
        #if DEBUG
            calls?.count += 1
        #endif
    }

    /// The AVX2 calls counted so far (`counted()`, debug builds); 0 in release builds and for
    /// an uncounted table.
    var avx2Calls: Int {
        #if DEBUG
            calls?.count ?? 0
        #else
            0
        #endif
    }

    /// Sets the count back to 0 (`avx2Calls`).
    func resetCount() {
        #if DEBUG
            calls?.count = 0
        #endif
    }
}

#if DEBUG
    /// One band renderer's count of AVX2 kernel calls (`KernelTable.counted()`).
    final class KernelCallCount: @unchecked Sendable {
        // @unchecked Sendable: a count belongs to one band renderer, which one thread renders
        // with at a time (handed between threads under `BandRendererPool`'s lock).
        var count = 0
    }
#endif
