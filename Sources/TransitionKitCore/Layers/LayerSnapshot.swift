import Foundation

/// An immutable copy of a layer subtree at one frame: what the renderer draws.
///
/// Built by `Layer.snapshot()` or directly (tests and tools can describe a scene without
/// any live layer). Value type, `Sendable`, safe to hand to rendering threads.
public struct LayerSnapshot: Sendable, Equatable {
    /// The layer's value properties.
    public var properties: LayerProperties
    /// Sublayers in insertion order (back to front); the renderer orders siblings by
    /// `zPosition` stably, as Core Animation does.
    public var sublayers: [LayerSnapshot] { didSet { updateDepth() } }
    private var maskStorage: [LayerSnapshot] { didSet { updateDepth() } }
    /// Levels below this layer (0 without sublayers or mask), kept up to date as the tree is
    /// built, so renderers can check it in O(1) without recursion.
    public private(set) var depth = 0

    private mutating func updateDepth() {
        var d = 0
        for s in sublayers { d = max(d, s.depth + 1) }
        if let m = maskStorage.first { d = max(d, m.depth + 1) }
        depth = d
    }

    /// The mask layer, in this layer's coordinates (`CALayer.mask`).
    public var mask: LayerSnapshot? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    public init(properties: LayerProperties = LayerProperties(), sublayers: [LayerSnapshot] = [], mask: LayerSnapshot? = nil) {
        self.properties = properties
        self.sublayers = sublayers
        self.maskStorage = mask.map { [$0] } ?? []
        updateDepth()
    }

    /// A snapshot built by editing default properties, e.g.
    /// `LayerSnapshot { $0.bounds = r; $0.backgroundColor = .red }`.
    public init(sublayers: [LayerSnapshot] = [], mask: LayerSnapshot? = nil, _ configure: (inout LayerProperties) -> Void) {
        var p = LayerProperties()
        configure(&p)
        self.init(properties: p, sublayers: sublayers, mask: mask)
    }

    /// Sublayer indices in drawing order: stable sort by `zPosition`.
    public var drawingOrder: [Int] {
        sublayers.indices.sorted { a, b in
            let za = sublayers[a].properties.zPosition, zb = sublayers[b].properties.zPosition
            return za != zb ? za < zb : a < b
        }
    }

    /// The deepest nesting renderers accept (`Layer.maximumDepth`, 256).
    public static let maximumDepth = 256

    /// `Layer.snapshot(into:)`: overwrites this snapshot with a layer's values, sublayers and mask, in place where
    /// the shape is unchanged (the arrays are mutated, not replaced).
    @MainActor
    mutating func reload(properties: LayerProperties, sublayers layers: [Layer], mask: Layer?) {
        self.properties = properties
        if sublayers.count == layers.count {
            // Through the buffer: writing `sublayers[i]` one by one would run `didSet` (the depth
            // over all siblings) once per sublayer, O(n²) for n sublayers.
            sublayers.withUnsafeMutableBufferPointer { buffer in
                for i in layers.indices { layers[i].snapshot(into: &buffer[i]) }
            }
        } else {
            sublayers = layers.map { $0.snapshot() }
        }
        if let mask {
            if maskStorage.isEmpty { maskStorage = [mask.snapshot()] } else { mask.snapshot(into: &maskStorage[0]) }
        } else if !maskStorage.isEmpty {
            maskStorage = []
        }
    }
}
