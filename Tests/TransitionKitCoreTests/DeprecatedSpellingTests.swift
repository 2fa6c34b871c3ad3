import Foundation
import Testing
import TransitionKitCore

/// Release 1.0.0's spellings, called from deprecated witnesses of a protocol whose
/// requirements are not deprecated: the test build (warnings as errors) has no deprecation
/// warning, while any other caller of an old spelling gets one.
@MainActor
private protocol CoreSpellings {
    func hasEnded(_ p: PercentDrivenInteractiveTransition) -> Bool
    func read(_ b: Bitmap, x: Int, y: Int) -> RGBA8
    func write(_ c: RGBA8, into b: inout Bitmap, x: Int, y: Int)
}

@MainActor
private struct OldCoreSpellings: CoreSpellings {
    @available(*, deprecated)
    func hasEnded(_ p: PercentDrivenInteractiveTransition) -> Bool { p.hasEnded }
    @available(*, deprecated)
    func read(_ b: Bitmap, x: Int, y: Int) -> RGBA8 { b[x, y] }
    @available(*, deprecated)
    func write(_ c: RGBA8, into b: inout Bitmap, x: Int, y: Int) { b[x, y] = c }
}

/// The 1.0.0 spellings compile and behave as the new ones they forward to.
@MainActor
@Suite struct DeprecatedCoreSpellingTests {
    private let old: any CoreSpellings = OldCoreSpellings()

    /// `hasEnded` is `isReleased` before a release, after `finish()` and after `pause()`'s
    /// return to interaction (no context: the release waits, so `pause()` keeps it released).
    @Test func hasEndedIsIsReleased() {
        let p = PercentDrivenInteractiveTransition()
        #expect(old.hasEnded(p) == false && p.isReleased == false)
        p.update(0.3)
        p.finish()
        #expect(old.hasEnded(p) == true && p.isReleased == true)
        let q = PercentDrivenInteractiveTransition()
        q.cancel()
        #expect(old.hasEnded(q) == q.isReleased && q.isReleased)
    }

    /// The subscript reads what `pixel(x:y:)` reads and writes what `setPixel(_:x:y:)` writes.
    @Test func subscriptIsPixelAndSetPixel() throws {
        let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
        var b = Bitmap(width: 2, height: 3, fill: .white)
        old.write(red, into: &b, x: 1, y: 2)
        #expect(try #require(b.pixel(x: 1, y: 2)) == red)
        #expect(old.read(b, x: 1, y: 2) == red)
        #expect(old.read(b, x: 0, y: 0) == .white && b.pixel(x: 0, y: 0) == .white)
        var c = Bitmap(width: 2, height: 3, fill: .white)
        c.setPixel(red, x: 1, y: 2)
        #expect(b == c)
    }

    /// Outside the bitmap the old subscript traps, as in 1.0.0, where `pixel(x:y:)` is nil.
    @Test func subscriptOutsideTraps() async {
        #expect(Bitmap(width: 2, height: 3).pixel(x: 2, y: 0) == nil)
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = (OldCoreSpellings() as any CoreSpellings).read(Bitmap(width: 2, height: 3), x: 2, y: 0) }
        }
    }
}
