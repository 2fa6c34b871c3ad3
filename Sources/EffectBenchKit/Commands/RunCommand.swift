import Foundation
import TransitionKitCore
import TransitionKitRender

/// `effect-bench run` (also the default): sweep every effect and operation, print the table,
/// optionally write JSON and HTML, compare with a baseline and one effect with another
/// (`--compare a:b`: a ÷ b within this run, or with `--baseline` this run's a ÷ the baseline's b).
@MainActor
enum RunCommand {
    struct Outcome {
        var report: BenchReport
        var text: String
        var regression: Bool
    }

    static func run(_ options: RunOptions, registry: EffectRegistry, progress: ProgressIndicator = ProgressIndicator()) throws(BenchError) -> Outcome
    {
        // Validate everything before measuring, so a bad argument costs nothing and writes nothing.
        let names = options.effects.isEmpty ? registry.names : options.effects
        let entries = try names.map { (n: String) throws(BenchError) -> EffectRegistry.Entry in try EffectBench.entry(n, in: registry) }
        let baseline: BenchReport? = try options.baselinePath.map { (path: String) throws(BenchError) -> BenchReport in
            guard let data = FileManager.default.contents(atPath: path) else { throw .failure("cannot read baseline \(path)") }
            return try BenchReport.decode(data, path: path)
        }
        for pair in options.comparisons { try check(pair, entries: entries, registry: registry, baseline: baseline, options: options) }
        if let baseline, options.comparisons.isEmpty,
            !entries.contains(where: { e in e.supportedOperations.contains { op in baseline.result(effect: e.name, operation: op.rawValue) != nil } })
        {
            throw noOverlap(options)
        }
        for path in [options.jsonPath, options.htmlPath].compactMap({ $0 }) { try OutputPath.check(path) }

        let images = try SceneImages.load(options.scene), tabImages = try SceneImages.load(options.scene, for: .tab)
        var results: [BenchReport.Result] = []
        // Each operation's full-render row, then with --damage its damage row.
        let modes = options.damage ? [false, true] : [false]
        let total = entries.reduce(0) { $0 + $1.supportedOperations.count } * (modes.count + (options.manyLayer ? 2 : 0))
        var done = 0
        // One frame, presentation tree and compositor pool for every sweep: after each warm-up
        // the measured sweeps fault in no fresh pages and grow no buffers.
        let buffers = try SweepBuffers(scene: options.scene, threads: options.threads)
        for entry in entries {
            let effect: any TransitionEffect
            do { effect = try registry.makeEffect(named: entry.name, settings: options.parameters) } catch { throw BenchError(error) }
            for op in entry.supportedOperations {
                let images = op == .tab ? tabImages : images
                for damage in modes {
                    done += 1
                    // One warm-up sweep (caches, the pool's scratch buffers grown to this effect's
                    // largest frame, lazily built tables), discarded; then the repeats.
                    var sweeps: [SweepResult] = []
                    for k in 0...options.repeats {
                        progress.show(
                            "[\(done)/\(total)] \(entry.name) \(op.rawValue)\(damage ? " (damage)" : ""): "
                                + "\(k == 0 ? "warm-up" : "sweep \(k)/\(options.repeats)"), \(options.frames) frames")
                        let sweep = try Sweep.run(
                            effect: effect, name: entry.name, style: entry.modalPresentationStyle, operation: op,
                            scene: options.scene, images: images, frames: options.frames, threads: options.threads,
                            buffers: buffers, damage: damage)
                        if k > 0 { sweeps.append(sweep) }
                    }
                    // Then one sweep of the model alone: its ticks run with the model's data in the
                    // caches, where after a 12 MB frame every tick first refills them.
                    let modelOnly = try Sweep.run(
                        effect: effect, name: entry.name, style: entry.modalPresentationStyle, operation: op,
                        scene: options.scene, images: images, frames: options.frames, threads: options.threads,
                        buffers: buffers, renders: false, damage: damage)
                    results.append(BenchReport.Result(repeated: sweeps, modelOnly: modelOnly))
                }
                if options.manyLayer {
                    results += try layerRows(
                        entry: entry, effect: effect, operation: op, options: options, buffers: buffers, progress: progress, done: &done,
                        total: total)
                }
            }
        }
        progress.clear()
        /// With two or more threads, the measurement that decided the copy-bound frames' bands
        /// (nil when it could not be measured, no second thread or no memory for it: nothing split).
        func copyScaling(threads: Int) -> BenchReport.CopyScalingInfo? {
            guard threads > 1 else { return nil }
            let c = CopyScaling.measured
            guard c.twoThreads.isFinite else { return nil }
            return BenchReport.CopyScalingInfo(oneThread: c.oneThread, twoThreads: c.twoThreads, splitsCopies: c.splitsCopies)
        }
        let s = options.scene
        let report = BenchReport(
            machine: .current,
            scene: BenchReport.Scene(s),
            frames: options.frames, threads: options.threads, allocationCounting: AllocationCounter.isActive,
            repeats: options.repeats,
            copyScaling: copyScaling(threads: options.threads), parameters: options.parameters.isEmpty ? nil : options.parameters,
            results: results)
        var text = TableReport.format(report)
        var regression = false
        if baseline == nil && !options.comparisons.isEmpty {
            text += "\n" + EffectComparison(report: report, pairs: options.comparisons).format()
        }
        if let baseline {
            let comparison = BaselineComparison(current: report, baseline: baseline, threshold: options.threshold, pairs: options.comparisons)
            guard !comparison.rows.isEmpty else { throw noOverlap(options) }
            text += "\n" + comparison.format()
            regression = comparison.hasRegression
        }
        if let path = options.jsonPath { try OutputPath.write(report.encoded(), to: path) }
        if let path = options.htmlPath {
            progress.show("rendering previews for \(path)")
            let previews = try HTMLReport.previews(entries: entries, registry: registry, scene: options.scene)
            progress.clear()
            try OutputPath.write(Data(HTMLReport.page(report, previews: previews).utf8), to: path)
        }
        return Outcome(report: report, text: text, regression: regression)
    }

    /// The baseline shares no effect and operation with the run (checked before measuring).
    private static func noOverlap(_ options: RunOptions) -> BenchError {
        .failure("baseline \(options.baselinePath ?? "") has no effect and operation in common with this run")
    }

    /// A usage error unless `pair` gives at least one row: its effect is in this run, its
    /// reference in this run (or in `baseline` when given), and the two share an operation.
    private static func check(
        _ pair: EffectPair, entries: [EffectRegistry.Entry], registry: EffectRegistry, baseline: BenchReport?, options: RunOptions
    ) throws(BenchError) {
        func inRun(_ name: String) throws(BenchError) -> [TransitionOperation] {
            let entry = try EffectBench.entry(name, in: registry)
            guard entries.contains(where: { $0.name == name }) else {
                throw .usage("--compare \(pair): '\(name)' is not in this run; add it to --effects (\(entries.map(\.name).joined(separator: ",")))")
            }
            return entry.supportedOperations
        }
        let ops = try inRun(pair.effect).map(\.rawValue)
        let referenceOps: [String]
        if let baseline {
            referenceOps = baseline.results.filter { $0.effect == pair.reference }.map(\.operation)
            guard !referenceOps.isEmpty else {
                var names: [String] = []
                for r in baseline.results where !names.contains(r.effect) { names.append(r.effect) }
                throw .usage(
                    "--compare \(pair): baseline \(options.baselinePath ?? "") has no effect '\(pair.reference)'; it has: \(names.joined(separator: ", "))"
                )
            }
        } else {
            referenceOps = try inRun(pair.reference).map(\.rawValue)
        }
        guard ops.contains(where: referenceOps.contains) else {
            throw .usage(
                "--compare \(pair): the two share no operation (\(pair.effect): \(ops.joined(separator: ", ")); \(pair.reference): \(referenceOps.joined(separator: ", ")))"
            )
        }
    }
}

/// Output files: checked before work starts, written atomically (temporary file + rename)
/// and never over something that is not a regular file (renaming over `/dev/null` would
/// delete the device).
enum OutputPath {
    static func check(_ path: String) throws(BenchError) {
        // The directory by hand: Foundation's `deletingLastPathComponent` traps on "." and "./".
        guard !path.isEmpty, !path.hasSuffix("/") else { throw .failure("cannot write '\(path)': the path names a directory, not a file") }
        let dir = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        var isDirectory: ObjCBool = false
        let directory = path.hasPrefix("/") && dir.isEmpty ? "/" : dir.isEmpty ? "." : dir
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .failure("cannot write \(path): directory '\(dir)' does not exist")
        }
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType != .typeRegular
        {
            throw .failure("cannot write \(path): it exists and is not a regular file")
        }
    }

    static func write(_ data: Data, to path: String) throws(BenchError) {
        try check(path)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .failure("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
