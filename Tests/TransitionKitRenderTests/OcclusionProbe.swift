import Foundation
import TransitionKitCore

@testable import TransitionKitRender

/// The occlusion pass's result for a tree, read back as layer paths (positions in drawing
/// order from the root) and parts, for tests that name the layer a cut or hole comes from.
struct OcclusionProbe {
    struct Part: Equatable {
        var path: [Int]
        var part: LoweredOrigin.Part
        var visible: PixelRect
        var hidden: PixelRect
    }
    var occluder: Part?
    var cut: Part?
    var hole: Part?
    var cuts: [Part]
}

extension BandRenderer {
    /// `findOccluders` of `root` lowered through `projection`, each command index turned into
    /// the layer path it comes from.
    func occlusion(_ root: LayerSnapshot, projection: Projection) -> OcclusionProbe {
        let (o, list) = findOccluders(root, projection: projection)
        func part(_ c: Cut) -> OcclusionProbe.Part {
            OcclusionProbe.Part(path: Array(list.origin(of: c.index).path), part: c.part, visible: c.visible, hidden: c.hidden)
        }
        let occluder = o.occluder.map {
            OcclusionProbe.Part(path: Array(list.origin(of: $0).path), part: o.occluderPart!, visible: band, hidden: .empty)
        }
        return OcclusionProbe(occluder: occluder, cut: o.cut.map(part), hole: o.hole.map(part), cuts: cuts.map(part))
    }
}
