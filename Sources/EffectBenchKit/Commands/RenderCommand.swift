import Foundation
import TransitionKitCore
import TransitionKitRender

/// `effect-bench render`: one frame as PNG (`--progress P`), every frame as APNG
/// (`--frames N`), or those frames as a contact sheet (`--sheet C`); `--list` prints the
/// frame's display list (`Compositor.displayList(for:size:)`: its commands, bands and what
/// the occlusion pass left out), with or without `--out`.
///
/// `--progress P` shows the layer state at progress P as an interactive transition at
/// `percentComplete` P does (handed to the animator directly, no timing curve);
/// `--frames N` plays the transition in time, frame k at k/(N−1) of its duration through the
/// effect's timing curve, as a display would show it.
@MainActor
enum RenderCommand {
    static func run(_ request: RenderRequest, registry: EffectRegistry) throws(BenchError) -> String {
        let entry = try EffectBench.entry(request.effect, in: registry)
        let op = request.operation ?? entry.supportedOperations[0]
        guard entry.supportedOperations.contains(op) else {
            throw .usage(
                "\(entry.name) does not support --operation \(op.rawValue); accepted: \(entry.supportedOperations.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let effect: any TransitionEffect
        do { effect = try registry.makeEffect(named: entry.name, settings: request.parameters) } catch { throw BenchError(error) }
        if let out = request.outPath { try OutputPath.check(out) }
        let images = try SceneImages.load(request.scene, for: op)
        let scene = request.scene
        if let progress = request.progress {
            let stage: TransitionStage
            do {
                try TransitionStage.check(size: scene.size, scale: scene.scale)
                stage = TransitionStage(
                    operation: op, size: scene.size, scale: scene.scale, modalPresentationStyle: entry.modalPresentationStyle,
                    fromImage: images.from, toImage: images.to)
            } catch { throw BenchError(error) }
            stage.begin(animator: effect.makeAnimator(for: op), interactive: true)
            guard stage.completed == nil else {
                throw .failure(
                    "\(entry.name) \(op.rawValue) could not start: \(stage.refusal.map(String.init(describing:)) ?? "its animator refused the scene")"
                )
            }
            stage.setProgress(CGFloat(progress))
            var lines: [String] = []
            if request.list {
                do {
                    lines.append(try compositor(scene, threads: request.threads).displayList(for: stage.snapshot(), size: scene.size).description)
                } catch {
                    throw BenchError(error)
                }
            }
            if let out = request.outPath {
                let bitmap = try render(stage.snapshot(), scene, threads: request.threads)
                do { try PNGEncoder.write(bitmap, to: out) } catch { throw BenchError(error) }
                lines.append("wrote \(out): \(entry.name) \(op.rawValue) at progress \(progress), \(bitmap.width)x\(bitmap.height) px")
            }
            return lines.joined(separator: "\n")
        }
        guard let outPath = request.outPath else { throw .usage("render needs --out file.png") }
        let count = request.frames ?? 30
        var frames: [Bitmap] = []
        let sweep = try Sweep.run(
            effect: effect, name: entry.name, style: entry.modalPresentationStyle, operation: op, scene: scene,
            images: images, frames: count, threads: 1
        ) { _, b in frames.append(b) }
        return try BenchError.mapping {
            if let columns = request.sheetColumns {
                let size = ContactSheet.size(
                    frameCount: count, frameWidth: frames[0].width, frameHeight: frames[0].height, columns: columns, spacing: 8)
                guard size.width <= Bitmap.maximumDimension, size.height <= Bitmap.maximumDimension else {
                    throw BenchError.usage(
                        "--frames \(count) with --sheet \(columns) makes a \(size.width)x\(size.height) px sheet; at most \(Bitmap.maximumDimension) px a side: use more columns or fewer frames"
                    )
                }
                let labelled = frames.enumerated().map { (bitmap: $1, progress: Double($0) / Double(count - 1)) }
                let sheet = try ContactSheet.compose(frames: labelled, columns: columns, spacing: 8, background: RGBA8(r: 40, g: 40, b: 40, a: 255))
                try PNGEncoder.write(sheet, to: outPath)
                return "wrote \(outPath): contact sheet of \(count) frames of \(entry.name) \(op.rawValue), \(sheet.width)x\(sheet.height) px"
            }
            var apng = APNGEncoder(width: frames[0].width, height: frames[0].height)
            let delay = max(0.001, sweep.transitionDuration / Double(count - 1))
            for f in frames { try apng.append(f, delay: delay) }
            try apng.write(to: outPath)
            return
                "wrote \(outPath): \(count) frames of \(entry.name) \(op.rawValue) (APNG, \(String(format: "%.3f", sweep.transitionDuration)) s)"
        }
    }

    static func render(_ snapshot: LayerSnapshot, _ scene: SceneOptions, threads: Int = 1) throws(BenchError) -> Bitmap {
        do {
            return try compositor(scene, threads: threads).render(snapshot, size: scene.size)
        } catch {
            throw BenchError(error)
        }
    }

    /// The compositor `render` draws with: the scene's scale, black behind, exactly `threads` bands.
    static func compositor(_ scene: SceneOptions, threads: Int) -> Compositor {
        var options = RenderOptions(scale: scene.scale, background: .black, threads: threads)
        options.choosesBandCount = false
        return Compositor(options: options)
    }
}
