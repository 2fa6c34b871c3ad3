import Foundation
import TransitionKitCore
import TransitionKitRender

extension RunCommand {
    /// `run --many-layer`'s two rows of one effect and operation: the outgoing screen the
    /// `ManyLayerScreen` list flattened into one bitmap ("push (flat)"), then the same list as
    /// its live layers ("push (many-layer)", `vsFlat` set against the first). Both use the
    /// built-in incoming screen, one warm-up and `options.repeats` sweeps, a model-only sweep,
    /// and measure the per-layer work between frames (`SweepBuffers.measureLowering(of:)`).
    /// - Throws: `BenchError` from the sweeps or the scene's images.
    static func layerRows(
        entry: EffectRegistry.Entry, effect: any TransitionEffect, operation op: TransitionOperation, options: RunOptions,
        buffers: SweepBuffers, progress: ProgressIndicator, done: inout Int, total: Int
    ) throws(BenchError) -> [BenchReport.Result] {
        // The screen is drawn for the view it fills (the content area above the tab bar for a
        // tab switch), as `SceneImages` draws the built-in screens.
        var size = options.scene.size
        if op == .tab { size.height = max(1 / options.scene.scale, size.height - TabBar.height) }
        let list = ManyLayerScreen.list(size)
        let flat: Bitmap, to: Bitmap
        do {
            flat = try ManyLayerScreen.flatImage(size: size, scale: options.scene.scale)
            to = try DemoScreens.render(size: size, scale: options.scene.scale).to
        } catch {
            throw BenchError(error)
        }
        var rows: [BenchReport.Result] = []
        for (variant, layers) in [("flat", nil), ("many-layer", list)] as [(String, LayerSnapshot?)] {
            done += 1
            func sweep(renders: Bool = true) throws(BenchError) -> SweepResult {
                var result = try Sweep.run(
                    effect: effect, name: entry.name, style: entry.modalPresentationStyle, operation: op, scene: options.scene,
                    images: (flat, to), frames: options.frames, threads: options.threads, buffers: buffers, renders: renders,
                    fromLayers: layers, measuresLowering: renders)
                result.operation = "\(op.rawValue) (\(variant))"
                return result
            }
            var sweeps: [SweepResult] = []
            for k in 0...options.repeats {
                progress.show(
                    "[\(done)/\(total)] \(entry.name) \(op.rawValue) (\(variant)): "
                        + "\(k == 0 ? "warm-up" : "sweep \(k)/\(options.repeats)"), \(options.frames) frames")
                let s = try sweep()
                if k > 0 { sweeps.append(s) }
            }
            var row = BenchReport.Result(repeated: sweeps, modelOnly: try sweep(renders: false))
            row.setLayerScene(variant: variant, layers: sweeps.compactMap(\.layers).max() ?? 1)
            if let first = rows.first { row.compare(withFlat: first) }
            rows.append(row)
        }
        return rows
    }
}
