import Foundation
import TransitionKitRender

/// The plain-text table `effect-bench run` prints.
public enum TableReport {
    /// The header lines, one row per result (columns effect, op, model p50, model p99, render
    /// p50, render p90, render p99, render max, × floor, >60Hz, >120Hz, allocs/frame, bytes/frame;
    /// damaged p50 with damage rows; layers, ns/layer, vs flat with `--many-layer` rows) and the
    /// legend.
    public static func format(_ report: BenchReport) -> String {
        var lines: [String] = []
        let m = report.machine, s = report.scene
        if !m.optimized {
            lines.append(
                "WARNING: DEBUG BUILD, numbers are meaningless; build and run the bench with -c release")
        }
        lines.append(
            "effect-bench: \(s.widthPixels)x\(s.heightPixels) px (\(fmt(s.widthPoints, 0))x\(fmt(s.heightPoints, 0)) pt @\(fmt(s.scale, 2))x, \(s.source)), "
                + "\(report.frames) frames a sweep, \(report.threads) thread\(report.threads == 1 ? "" : "s")"
                + (report.repeats.map { ", \($0) sweep\($0 == 1 ? "" : "s") after a warm-up, per-frame minimum" } ?? ""))
        lines.append("machine: \(m.cores) cores, \(m.cpu); \(m.toolchain), \(m.configuration) build")
        if let p = report.parametersText { lines.append("parameters: " + p) }
        if let c = report.copyScaling {
            lines.append(
                "bands: a \(CopyScaling.frameWidth)x\(CopyScaling.frameHeight) px copy took \(fmt(c.oneThread, 2)) ms on one thread, \(fmt(c.twoThreads, 2)) ms on two "
                    + "(\(fmt(c.oneThread / c.twoThreads, 2))x); " + bandsDecision(c, pixels: s.widthPixels * s.heightPixels))
        }
        var header = [
            "effect", "op", "model p50", "model p99", "render p50", "render p90", "render p99", "render max", "× floor", ">60Hz", ">120Hz",
            "allocs/frame",
            "bytes/frame",
        ]
        // Damage rows (`run --damage`) add the redrawn fraction of the frame, p50.
        let damage = report.results.contains { $0.damagedFraction != nil }
        if damage { header.append("damaged p50") }
        // `--many-layer` rows add their layer count, per-layer work and cost against the flat screen.
        let layered = report.results.contains { $0.variant != nil }
        if layered { header += ["layers", "ns/layer", "vs flat"] }
        var rows: [[String]] = []
        for r in report.results {
            let st = r.steadyState
            let allocs = report.allocationCounting ? "\(fmt(st.modelAllocations, 1)) + \(fmt(st.renderAllocations, 1))" : "n/a"
            let bytes = report.allocationCounting ? "\(bytesText(st.modelBytes)) + \(bytesText(st.renderBytes))" : "n/a"
            rows.append([
                r.effect, r.operation, nsText(r.modelNanoseconds.p50), nsText(r.modelNanoseconds.p99),
                msText(r.renderMilliseconds.p50), msText(r.renderMilliseconds.p90), msText(r.renderMilliseconds.p99),
                msText(r.renderMilliseconds.max), r.xFloor.map { "\(fmt($0, 2))x" } ?? "", "\(r.framesOver60hz)", "\(r.framesOver120hz)", allocs,
                bytes,
            ])
            if damage { rows[rows.count - 1].append(r.damagedFraction.map { "\(fmt(100 * $0.p50, 1)) %" } ?? "") }
            if layered {
                rows[rows.count - 1] += [
                    r.layers.map { "\($0)" } ?? "", r.nsPerLayer.map { "\(fmt($0, 1)) ns" } ?? "", r.vsFlat.map { "\(fmt($0, 2))x" } ?? "",
                ]
            }
        }
        lines.append(contentsOf: grid([header] + rows))
        lines.append(
            "model = driver tick + effect evaluation, per-frame minimum including a sweep without rendering (frame 0 "
                + "includes setting the transition up, so it is the max/p99 of short sweeps); render = presentation snapshot + compositing; >60Hz/>120Hz = frames whose model + render "
                + "exceed 16.67 / 8.33 ms; allocations and bytes: mean per frame over frames 1...n−2 (model + render)"
                + (damage
                    ? "; (damage) rows redraw only what changed since the previous frame into its pixels (render includes "
                        + "finding the region), damaged p50 = median fraction of the frame redrawn" : ""))
        if let floor = report.results.compactMap(\.floorMilliseconds).map(\.p50).min() {
            let most = report.results.compactMap(\.floorMilliseconds).map(\.p50).max() ?? floor
            lines.append(
                "× floor = render p50 ÷ the p50 of a frame-sized memcpy (\(report.scene.widthPixels)x\(report.scene.heightPixels) px × 4 bytes, "
                    + "the fastest of \(SweepBuffers.floorCopies) after every frame, not timed into it, between buffers that together exceed the "
                    + "last-level cache; \(msText(floor))–\(msText(most)) over the rows): "
                    + "it moves with the machine's memory speed as the render does, so it is the figure to compare between runs")
        }
        if layered {
            lines.append(
                "(flat) / (many-layer) rows: the outgoing screen is a list of \(ManyLayerScreen.cellCount) cells × "
                    + "\(ManyLayerScreen.layersPerCell) layers flattened into one bitmap, or kept as its "
                    + "\(ManyLayerScreen.cellCount * ManyLayerScreen.layersPerCell) live layers; layers = in the presentation tree; "
                    + "ns/layer = (model p50 + lowering p50) ÷ layers, lowering = presentation snapshot + a 1-pixel damage render, "
                    + "between frames; vs flat = render p50 ÷ the (flat) row's")
        }
        let afterRender = report.results.compactMap { r in r.modelP50AfterRender.map { (p50: $0, result: r) } }
        if let slowest = afterRender.max(by: { $0.p50 < $1.p50 }) {
            lines.append(
                "model after a rendered frame (caches refilled; rendered sweeps only): p50 at most \(nsText(slowest.p50)) "
                    + "(\(slowest.result.effect) \(slowest.result.operation))")
        }
        let spreads = report.results.compactMap { r in r.renderP50Spread.map { (spread: $0, result: r) } }
        if let noisiest = spreads.max(by: { $0.spread < $1.spread }) {
            lines.append(
                "noise: render p50 differed between the \(report.repeats ?? 1) sweeps by at most \(fmt(100 * noisiest.spread, 1)) % "
                    + "(\(noisiest.result.effect) \(noisiest.result.operation))")
        }
        return lines.joined(separator: "\n")
    }

    static func grid(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                c < 2
                    ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ")
        }
    }

    /// What the copy measurement decided for frames of `pixels` pixels
    /// (`CopyScaling.splitsCopyBoundFrame`), and why.
    static func bandsDecision(_ c: BenchReport.CopyScalingInfo, pixels: Int) -> String {
        let speedup = "\(fmt(CopyScaling.minimumSpeedup, 1))x",
            area = "2^\(CopyScaling.minimumPixels.trailingZeroBitCount) px (512x\(CopyScaling.minimumPixels / 512))"
        guard c.splitsCopies else {
            return "below \(speedup), so only frames that resample are split into bands"
        }
        guard CopyScaling.splitsCopyBoundFrame(pixels: pixels, copiesScale: true) else {
            return "at least \(speedup), but this frame (\(pixels) px) is under \(area), so only frames that resample are split"
        }
        return "at least \(speedup) and the frame at least \(area), so copy-bound frames are split into bands too"
    }

    static func fmt(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
    static func nsText(_ ns: Double) -> String { ns >= 10_000 ? "\(fmt(ns / 1000, 1)) µs" : "\(fmt(ns, 0)) ns" }
    static func msText(_ ms: Double) -> String { "\(fmt(ms, 2)) ms" }
    static func bytesText(_ b: Double) -> String {
        b >= 1_048_576 ? "\(fmt(b / 1_048_576, 1)) MB" : b >= 1024 ? "\(fmt(b / 1024, 1)) kB" : "\(fmt(b, 0)) B"
    }
}
