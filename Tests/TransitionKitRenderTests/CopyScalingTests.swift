import Testing

@testable import TransitionKitRender

/// `CopyScaling`'s measurement where the machine cannot give it what it needs: the copy is an
/// optional speed-up, so a process short of memory renders as before (one band for copy-bound
/// frames) instead of stopping.
@Suite struct CopyScalingTests {
    /// Buffers no allocator can provide (2⁶⁰ bytes each, refused at once without touching a
    /// page): no measurement, so nothing is split, and the figures are not finite (the bench
    /// then leaves `copy_scaling` out of its JSON).
    @Test func buffersThatCannotBeAllocatedMeasureNothingAndSplitNothing() {
        let m = CopyScaling.measure(bytes: 1 << 60)
        #expect(!m.splitsCopies)
        #expect(!m.oneThread.isFinite && !m.twoThreads.isFinite)
    }

    /// A small copy is still measured: both figures finite and positive.
    @Test func aSmallCopyIsMeasured() {
        let m = CopyScaling.measure(bytes: 1 << 16)
        #expect(m.oneThread > 0 && m.oneThread.isFinite && m.twoThreads > 0 && m.twoThreads.isFinite)
    }
}
