import Foundation
import Testing

@testable import EffectBenchKit

/// `copy_scaling` in reports and baselines: with two or more threads, whether copy-bound frames
/// (radial, fade) were split into bands depends on a copy measured on the machine at run time
/// (`CopyScaling`), which can come out either side of its 1.2x bound from one run to the next
/// on a shared machine; a report without the key (one thread, no second thread started, or
/// written before the key existed) split none.
extension ReportTests {
    static func twoThreadReport(splits: Bool?) -> BenchReport {
        var r = report(render: ["radial push": 2])
        r.threads = 2
        r.copyScaling = splits.map { BenchReport.CopyScalingInfo(oneThread: 1.0, twoThreads: $0 ? 0.5 : 0.95, splitsCopies: $0) }
        return r
    }

    /// The key round-trips with the three documented fields, and a report without it decodes
    /// to nil.
    @Test func copyScalingRoundTripsAndIsOptional() throws {
        let report = Self.twoThreadReport(splits: true)
        let data = try report.encoded()
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(Set((object["copy_scaling"] as! [String: Any]).keys) == ["one_thread_ms", "two_threads_ms", "splits_copies"])
        #expect(try BenchReport.decode(data, path: "x") == report)
        var old = object
        old["copy_scaling"] = nil
        let decoded = try BenchReport.decode(JSONSerialization.data(withJSONObject: old), path: "old.json")
        #expect(decoded.copyScaling == nil)
    }

    /// Two-thread runs whose copy-bound frames were split differently draw those frames in a
    /// different number of bands: flagged as not comparable, like another thread count. The
    /// same decision (or one thread, where nothing is split) is not flagged.
    @Test func aBaselineWhoseCopyBoundFramesWereSplitDifferentlyIsFlagged() {
        let split = Self.twoThreadReport(splits: true), whole = Self.twoThreadReport(splits: false)
        let old = Self.twoThreadReport(splits: nil)
        #expect(
            BaselineComparison(current: split, baseline: whole, threshold: 0.25).mismatches == [
                "copy-bound frames split into bands vs baseline in one band"
            ])
        #expect(
            BaselineComparison(current: old, baseline: split, threshold: 0.25).mismatches == [
                "copy-bound frames in one band vs baseline split into bands"
            ])
        #expect(BaselineComparison(current: split, baseline: old, threshold: 0.25).mismatches.count == 1)
        #expect(BaselineComparison(current: whole, baseline: old, threshold: 0.25).mismatches.isEmpty)
        #expect(BaselineComparison(current: split, baseline: split, threshold: 0.25).mismatches.isEmpty)
    }

    /// The table's `bands:` line states the copy measured (1.0 ms on one thread, 0.5 or 0.95 ms
    /// on two) and what it decided for the run's frame: split where the copy scaled at least
    /// 1.2x and the frame has at least 2^19 px. The report's frame is 1179x2556 px (3,013,524
    /// px): split; set to 40x80 px (3,200 px), a scaling copy does not decide it.
    @Test func bandsLineSaysWhatTheCopyDecidedForTheFrame() {
        func bandsLine(_ r: BenchReport) -> String? {
            TableReport.format(r).split(separator: "\n").first { $0.hasPrefix("bands:") }.map(String.init)
        }
        var split = Self.twoThreadReport(splits: true), whole = Self.twoThreadReport(splits: false)
        #expect(
            bandsLine(whole)
                == "bands: a 1179x2556 px copy took 1.00 ms on one thread, 0.95 ms on two (1.05x); below 1.2x, "
                + "so only frames that resample are split into bands")
        #expect(
            bandsLine(split)
                == "bands: a 1179x2556 px copy took 1.00 ms on one thread, 0.50 ms on two (2.00x); at least 1.2x "
                + "and the frame at least 2^19 px (512x1024), so copy-bound frames are split into bands too")
        split.scene.widthPixels = 40
        split.scene.heightPixels = 80
        #expect(
            bandsLine(split)
                == "bands: a 1179x2556 px copy took 1.00 ms on one thread, 0.50 ms on two (2.00x); at least 1.2x, "
                + "but this frame (3200 px) is under 2^19 px (512x1024), so only frames that resample are split")
        whole.copyScaling = nil
        #expect(bandsLine(whole) == nil)
    }
}
