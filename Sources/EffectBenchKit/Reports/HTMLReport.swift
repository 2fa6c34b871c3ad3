import Foundation
import TransitionKitCore
import TransitionKitRender

/// `--html report.html`: one self-contained page with the table, a plot of per-frame render
/// cost against progress (inline SVG, with the 60 Hz and 120 Hz budgets), and an animated PNG
/// preview of each effect and operation (data URIs, so the file can be mailed around).
@MainActor
public enum HTMLReport {
    /// Frames of each preview animation.
    public static let previewFrames = 24
    /// Preview width, pixels (at least 0.5 pixels per point).
    public static let previewWidth: CGFloat = 240

    /// APNG previews keyed by "effect operation", base64: `previewFrames` frames of each
    /// entry's operations, about `previewWidth` pixels wide.
    /// - Throws: `BenchError` as `Sweep.run` does, or when the scene's images cannot be loaded.
    public static func previews(entries: [EffectRegistry.Entry], registry: EffectRegistry, scene: SceneOptions) throws(BenchError) -> [String: String]
    {
        var small = scene
        small.scale = max(0.5, min(scene.scale, previewWidth / scene.size.width))
        let images = try SceneImages.load(small), tabImages = try SceneImages.load(small, for: .tab)
        var out: [String: String] = [:]
        for entry in entries {
            let effect: any TransitionEffect
            do { effect = try registry.makeEffect(named: entry.name) } catch { throw BenchError(error) }
            for op in entry.supportedOperations {
                let images = op == .tab ? tabImages : images
                var frames: [Bitmap] = []
                let sweep = try Sweep.run(
                    effect: effect, name: entry.name, style: entry.modalPresentationStyle, operation: op,
                    scene: small, images: images, frames: previewFrames, threads: 1
                ) { _, b in frames.append(b) }
                do {
                    var apng = APNGEncoder(width: frames[0].width, height: frames[0].height)
                    let delay = max(0.01, sweep.transitionDuration / Double(previewFrames - 1))
                    for (i, f) in frames.enumerated() { try apng.append(f, delay: i == frames.count - 1 ? 0.8 : delay) }
                    out["\(entry.name) \(op.rawValue)"] = Data(try apng.encoded()).base64EncodedString()
                } catch {
                    throw .failure("could not encode the preview of \(entry.name) \(op.rawValue): \(error)")
                }
            }
        }
        return out
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A line plot of render milliseconds against progress, 360x160, with budget lines.
    static func plot(_ r: BenchReport.Result) -> String {
        let w = 360.0, h = 160.0, left = 40.0, bottom = 20.0
        let top = max(FrameBudget.hz60 * 1.1, r.renderMilliseconds.max * 1.1)
        func x(_ p: Double) -> Double { left + p * (w - left - 10) }
        func y(_ ms: Double) -> Double { (h - bottom) - ms / top * (h - bottom - 10) }
        let points = r.perFrame.map { String(format: "%.1f,%.1f", x($0.progress), y($0.renderMilliseconds)) }.joined(separator: " ")
        var svg =
            "<svg class=\"plot\" width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(Int(w))\" height=\"\(Int(h))\" fill=\"#fff\"/>"
        for (budget, label, colour) in [(FrameBudget.hz120, "120 Hz", "#e0a000"), (FrameBudget.hz60, "60 Hz", "#d03030")] {
            let yy = y(budget)
            svg += String(
                format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%@\" stroke-dasharray=\"4 3\"/>", left, yy, w - 10, yy, colour
            )
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"%@\">%@</text>", w - 52, yy - 3, colour, label)
        }
        svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>", left, h - bottom, w - 10, h - bottom)
        svg += String(format: "<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>", left, left, h - bottom)
        svg += String(format: "<text x=\"2\" y=\"14\" font-size=\"10\">%.1f ms</text>", top)
        svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">progress 0</text>", left, h - 5)
        svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">1</text>", w - 16, h - 5)
        svg += "<polyline fill=\"none\" stroke=\"#1060d0\" stroke-width=\"1.5\" points=\"\(points)\"/></svg>"
        return svg
    }

    /// The page for `report`; `previews` maps "effect operation" to a base64 APNG (missing
    /// ones are left out).
    public static func page(_ report: BenchReport, previews: [String: String]) -> String {
        let m = report.machine, s = report.scene
        var html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>effect-bench report</title>
            <style>body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse}
            td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:right}td:nth-child(-n+2),th:nth-child(-n+2){text-align:left}
            .warn{background:#fdd;padding:8px;font-weight:bold}.card{display:inline-block;vertical-align:top;margin:12px;border:1px solid #ccc;padding:8px}
            .card img{display:block;border:1px solid #999;margin-top:6px}</style></head><body>
            <h1>effect-bench</h1>

            """
        if !m.optimized {
            html += "<p class=\"warn\">DEBUG BUILD: these numbers are meaningless; build and run the bench with <code>-c release</code>.</p>\n"
        }
        html += "<p>\(s.widthPixels)x\(s.heightPixels) px (\(Int(s.widthPoints))x\(Int(s.heightPoints)) pt @\(s.scale)x, \(escape(s.source))), "
        html +=
            "\(report.frames) frames a sweep, \(report.threads) thread(s); \(m.cores) cores, \(escape(m.cpu)); \(escape(m.toolchain)), \(m.configuration) build.</p>\n"
        html +=
            "<table id=\"results\"><tr><th>effect</th><th>operation</th><th>model p50</th><th>model p99</th><th>render p50</th><th>render p90</th><th>render p99</th><th>render max</th><th>&gt;60 Hz</th><th>&gt;120 Hz</th><th>allocs/frame</th><th>bytes/frame</th></tr>\n"
        for r in report.results {
            let allocs =
                report.allocationCounting
                ? String(format: "%.1f + %.1f", r.steadyState.modelAllocations, r.steadyState.renderAllocations) : "n/a"
            let bytes =
                report.allocationCounting
                ? "\(TableReport.bytesText(r.steadyState.modelBytes)) + \(TableReport.bytesText(r.steadyState.renderBytes))" : "n/a"
            html += "<tr><td>\(escape(r.effect))</td><td>\(escape(r.operation))</td><td>\(TableReport.nsText(r.modelNanoseconds.p50))</td>"
            html += "<td>\(TableReport.nsText(r.modelNanoseconds.p99))</td><td>\(TableReport.msText(r.renderMilliseconds.p50))</td>"
            html += "<td>\(TableReport.msText(r.renderMilliseconds.p90))</td><td>\(TableReport.msText(r.renderMilliseconds.p99))</td>"
            html +=
                "<td>\(TableReport.msText(r.renderMilliseconds.max))</td><td>\(r.framesOver60hz)</td><td>\(r.framesOver120hz)</td><td>\(allocs)</td><td>\(bytes)</td></tr>\n"
        }
        html += "</table>\n<h2>Render cost per frame, and previews</h2>\n"
        for r in report.results {
            html += "<div class=\"card\"><b>\(escape(r.effect)) \(escape(r.operation))</b><br>\(plot(r))"
            if let png = previews["\(r.effect) \(r.operation)"] {
                html += "<img alt=\"\(escape(r.effect)) \(escape(r.operation)) preview\" src=\"data:image/png;base64,\(png)\">"
            }
            html += "</div>\n"
        }
        html += "</body></html>\n"
        return html
    }
}
