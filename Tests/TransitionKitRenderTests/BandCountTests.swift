import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// `BandCount`: every band when at least a quarter of the frame's pixels are resampled or when
/// copies scale with threads on the machine (given here, not measured), one otherwise. Expected
/// counts follow from the scenes' geometry (areas worked out by hand in each test), not from
/// running the estimate. A resampled layer counts the whole-pixel box around its contents, one
/// pixel wider on every side, within the frame. `CopyScaling`'s rule is checked on figures
/// worked out by hand.
@Suite struct BandCountTests {
    /// A 100x100 pt frame at scale 2 (200x200 px) holding one screen of contents (200x200 px
    /// image), configured by `configure`.
    func bands(
        threads: Int = 2, choosing: Bool = true, copiesScale: Bool = false, _ configure: (inout LayerProperties) -> Void
    ) throws -> Int {
        let image = Bitmap(width: 200, height: 200)
        let screen = layer(CGRect(x: 0, y: 0, width: 100, height: 100)) {
            $0.contents = image
            configure(&$0)
        }
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black, sublayers: [screen])
        var options = RenderOptions(scale: 2, threads: threads)
        options.choosesBandCount = choosing
        return BandCount.choose(root, options: options, width: 200, height: 200, copiesScale: copiesScale)
    }

    @Test func wholePixelCopiesUseOneBand() throws {
        #expect(try bands { _ in } == 1)
        // Moved by 10.5 pt = 21 px: still whole pixels, a copy.
        #expect(try bands { $0.position.x += 10.5 } == 1)
        #expect(try bands { $0.opacity = 0.5 } == 1)  // a blend of a copy
    }

    @Test func resampledContentsUseEveryBand() throws {
        // Moved by 0.25 pt = 0.5 px: every pixel is a two-tap blend.
        #expect(try bands { $0.position.x += 0.25 } == 2)
        #expect(try bands(threads: 4) { $0.transform = Transform3D(scaleX: 0.9, y: 0.9) } == 4)
        #expect(try bands { $0.transform = Transform3D(rotationAngle: 0.2, x: 1, y: 0, z: 0).concatenating(.perspective(distance: 300)) } == 2)
    }

    @Test func aSmallResampledAreaKeepsOneBand() throws {
        // Scaled to 0.45 about the centre: 90x90 px, box 92x92 px of 200x200 = 21.2 % < 25 %.
        #expect(try bands { $0.transform = Transform3D(scaleX: 0.45, y: 0.45) } == 1)
        // Scaled to 0.55: 110x110 px, box 112x112 px = 31.4 % >= 25 %.
        #expect(try bands { $0.transform = Transform3D(scaleX: 0.55, y: 0.55) } == 2)
        // Slid 75.25 pt (150.5 px) right: the box starts at column 150 − 1 = 149, so 51x200 px
        // of it stay in the frame, 25.5 %; slid 76.25 pt (152.5 px): 49 columns, 24.5 %.
        #expect(try bands { $0.position.x += 75.25 } == 2)
        #expect(try bands { $0.position.x += 76.25 } == 1)
    }

    /// Aspect-fill contents overflow an unmasked layer (Core Animation draws them outside its
    /// bounds): a 100x20 pt layer (200x40 px, 20 % of the frame) showing a 100x100 px image
    /// fills a 100x100 pt square around its centre (scaled by max(100/100, 20/100) = 1 pt per
    /// image pixel, 2 device pixels: resampled), the whole frame: every band. Masked to its
    /// bounds it draws 200x40 px, box 200x42 px = 21 %: one band.
    @Test func overflowingAspectFillContentsCountOutsideTheBounds() throws {
        let image = Bitmap(width: 100, height: 100)
        func bands(masks: Bool) -> Int {
            let strip = layer(CGRect(x: 0, y: 40, width: 100, height: 20)) {
                $0.contents = image
                $0.contentsGravity = .resizeAspectFill
                $0.masksToBounds = masks
            }
            let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black, sublayers: [strip])
            return BandCount.choose(root, options: RenderOptions(scale: 2, threads: 2), width: 200, height: 200, copiesScale: false)
        }
        #expect(bands(masks: false) == 2)
        #expect(bands(masks: true) == 1)
    }

    @Test func hiddenLayersAndFixedCountsAndOneThread() throws {
        #expect(
            try bands {
                $0.position.x += 0.25; $0.isHidden = true
            } == 1)
        #expect(try bands(threads: 3, choosing: false) { _ in } == 3)
        #expect(try bands(threads: 1) { $0.position.x += 0.25 } == 1)
    }

    /// Where copies scale, a frame of copies is split like a resampled one; with one thread, or
    /// a fixed count, nothing changes.
    /// A frame of 512x1024 px or more (2¹⁹ px drawn): the screen above drawn 1:1 in a corner of
    /// it is a copy-bound frame.
    @Test func copyBoundFramesUseEveryBandWhereCopiesScale() throws {
        let image = Bitmap(width: 200, height: 200)
        func bands(
            threads: Int = 2, width: Int = 512, height: Int = 1024, rows: Int? = nil, copiesScale: Bool = true,
            _ configure: (inout LayerProperties) -> Void = { _ in }
        ) -> Int {
            let screen = layer(CGRect(x: 0, y: 0, width: 100, height: 100)) {
                $0.contents = image
                configure(&$0)
            }
            let root = layer(CGRect(x: 0, y: 0, width: 256, height: 512), .black, sublayers: [screen])
            return BandCount.choose(
                root, options: RenderOptions(scale: 2, threads: threads), width: width, height: height, rows: rows,
                copiesScale: copiesScale)
        }
        #expect(bands() == 2)
        #expect(bands(threads: 3) { $0.opacity = 0.5 } == 3)
        #expect(bands(threads: 1) == 1)
        #expect(bands(copiesScale: false) == 1)
        // A hidden layer draws nothing, but the frame is still a copy-bound one (the background).
        #expect(bands { $0.isHidden = true } == 2)
        // Smaller: 511x1024 px, or a damage render of 511 of a 1024x2048 px frame's rows (523,264
        // px): one band; 512 of them (2¹⁹ px): every band.
        #expect(bands(width: 511) == 1)
        #expect(bands(width: 1024, height: 2048, rows: 511) == 1)
        #expect(bands(width: 1024, height: 2048, rows: 512) == 2)
        // The 200x200 px frame of the tests above, copy-bound: one band wherever copies scale.
        #expect(try self.bands(copiesScale: true) { _ in } == 1)
    }

    /// Two threads must copy at least 1.2 times as fast as one: 1.0 ms against 0.8 ms (1.25x)
    /// splits, against 0.85 ms (1.18x) or 1.0 ms does not; 1.2 ms against 1.0 ms is exactly the
    /// bound; the copy measured on a machine whose copies do not scale (0.41 ms on one thread,
    /// 0.42 on two) does not; no second thread (infinity) never does.
    @Test func copyScalingSplitsAtOnePointTwoTimes() {
        #expect(CopyScaling.splits(oneThread: 1.0, twoThreads: 0.8))
        #expect(!CopyScaling.splits(oneThread: 1.0, twoThreads: 0.85))
        #expect(!CopyScaling.splits(oneThread: 1.0, twoThreads: 1.0))
        #expect(CopyScaling.splits(oneThread: 1.2, twoThreads: 1.0))
        #expect(!CopyScaling.splits(oneThread: 0.41, twoThreads: 0.42))
        #expect(!CopyScaling.splits(oneThread: 1.0, twoThreads: .infinity))
        #expect(!CopyScaling.splits(oneThread: .infinity, twoThreads: 1.0))
        // This machine's measurement: both copies timed (a second thread starts here), and the
        // decision is the rule applied to them.
        let m = CopyScaling.measured
        #expect(m.oneThread > 0 && m.oneThread.isFinite && m.twoThreads > 0 && m.twoThreads.isFinite)
        #expect(m.splitsCopies == (m.oneThread >= 1.2 * m.twoThreads))
    }
}
