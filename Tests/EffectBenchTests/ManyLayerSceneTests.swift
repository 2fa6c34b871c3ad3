import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import EffectBenchKit

/// `run --many-layer`'s scene (`ManyLayerScreen`): its construction as documented, the live
/// layers drawing the pixels of the flat screenshot, and the rows a run adds.
@MainActor
@Suite struct ManyLayerSceneTests {
    static let scene = SceneOptions(size: CGSize(width: 60, height: 120), scale: 2)

    /// 40 cells × 5 layers on the root: 200 sublayers, each cell background (full width, 1 ÷ 40
    /// of the height), thumbnail (rounded), two bar shapes (a path with a fill), separator
    /// (0.5 pt high); 201 layers counted with the root, none nested deeper.
    @Test func listIsFortyCellsOfFiveLayers() throws {
        let size = CGSize(width: 390, height: 800)
        let list = ManyLayerScreen.list(size)
        #expect(list.sublayers.count == 200)
        #expect(LayerScene.count(list) == 201)
        #expect(list.sublayers.allSatisfy { $0.sublayers.isEmpty && $0.mask == nil })
        let cells = stride(from: 0, to: 200, by: 5).map { Array(list.sublayers[$0..<$0 + 5]) }
        #expect(cells.count == 40)
        for (i, cell) in cells.enumerated() {
            // 800 pt ÷ 40 cells = 20 pt a cell.
            #expect(cell[0].properties.bounds.size == CGSize(width: 390, height: 20) && cell[0].properties.position.y == 20 * CGFloat(i) + 10)
            #expect(cell[1].properties.cornerRadius == 4 && cell[1].properties.bounds.width == 14)
            #expect(cell[2].properties.path != nil && cell[3].properties.path != nil && cell[2].properties.backgroundColor == nil)
            #expect(cell[4].properties.bounds.height == 0.5 && cell[4].properties.position.y == 20 * CGFloat(i) + 19.75)
        }
    }

    /// The live layers draw what the flat screenshot shows: a stage whose outgoing view holds
    /// the 200 layers renders, before the transition, the bytes of the stage showing the flat
    /// image; and its presentation tree has exactly 200 layers more.
    @Test func liveLayersDrawTheFlatScreenshotsPixels() throws {
        let s = Self.scene
        let list = ManyLayerScreen.list(s.size), flat = try ManyLayerScreen.flatImage(size: s.size, scale: s.scale)
        let to = try DemoScreens.render(size: s.size, scale: s.scale).to
        let live = TransitionStage(
            operation: .push, size: s.size, scale: s.scale, fromContent: { LayerScene.show(list, in: $0) },
            toContent: { LayerScene.fill($0, with: to) })
        let flatStage = TransitionStage(operation: .push, size: s.size, scale: s.scale, fromImage: flat, toImage: to)
        let compositor = Compositor(options: RenderOptions(scale: s.scale, background: .black))
        let a = try compositor.render(live.snapshot(), size: s.size), b = try compositor.render(flatStage.snapshot(), size: s.size)
        #expect(a.width == 120 && a.height == 240)
        #expect(a.packedBytes == b.packedBytes)
        #expect(LayerScene.count(live.snapshot()) == LayerScene.count(flatStage.snapshot()) + 200)
    }

    /// `run --many-layer` adds per operation a "(flat)" and a "(many-layer)" row, in that order
    /// after the operation's own row; the many-layer tree has the flat tree's layers plus 200,
    /// its `vs_flat` is its render p50 ÷ the flat row's, and every rendered row has a floor.
    @Test func runAddsFlatAndManyLayerRows() throws {
        guard
            case .run(let o) = try ArgumentParser.parse([
                "--size", "60x120", "--scale", "1", "--frames", "3", "--repeat", "1",
                "--effects", "fade", "--many-layer",
            ])
        else { throw BenchError.usage("not a run") }
        let outcome = try RunCommand.run(o, registry: try EffectBench.registry(effects: []), progress: ProgressIndicator(enabled: false))
        let ops = try EffectBench.registry(effects: []).entry(named: "fade")?.supportedOperations.map(\.rawValue) ?? []
        #expect(!ops.isEmpty)
        #expect(outcome.report.results.map(\.operation) == ops.flatMap { [$0, "\($0) (flat)", "\($0) (many-layer)"] })
        for op in ops {
            let flat = try #require(outcome.report.result(effect: "fade", operation: "\(op) (flat)"))
            let many = try #require(outcome.report.result(effect: "fade", operation: "\(op) (many-layer)"))
            #expect(flat.variant == "flat" && many.variant == "many-layer")
            let flatLayers = try #require(flat.layers), manyLayers = try #require(many.layers)
            #expect(manyLayers == flatLayers + 200)
            let vsFlat = try #require(many.vsFlat)
            #expect(abs(vsFlat - many.renderMilliseconds.p50 / flat.renderMilliseconds.p50) < 1e-12)
            #expect(many.nsPerLayer != nil && many.loweringNanoseconds != nil)
        }
        #expect(outcome.report.results.allSatisfy { $0.xFloor != nil })
        #expect(outcome.text.contains("(many-layer)") && outcome.text.contains("vs flat"))
    }
}
