import Foundation

/// A node of the layer tree (`CALayer`): geometry, appearance and sublayers.
///
/// `Layer` holds the *model* values. A transition's animator sets them at every progress;
/// the transition driver records them before the transition and restores them afterwards,
/// so an effect cannot leave a layer displaced. `snapshot()` copies the tree into a
/// `LayerSnapshot`, the `Sendable` presentation tree the renderer draws on any thread.
@MainActor
public final class Layer {
    /// All value properties (see `LayerProperties` for names, units and defaults).
    /// Non-finite geometry traps, as Core Animation raises `CALayerInvalidGeometry` for it.
    public var properties = LayerProperties() {
        didSet {
            precondition(
                properties.hasFiniteGeometry,
                "\(name ?? "layer"): non-finite geometry (bounds \(properties.bounds), position \(properties.position), "
                    + "anchorPoint \(properties.anchorPoint), zPosition \(properties.zPosition), transform \(properties.transform), "
                    + "opacity \(properties.opacity))")
        }
    }

    /// The deepest sublayer nesting accepted (256 levels below a root): rendering and
    /// snapshots recurse once per level, and this bound keeps them within any thread's stack.
    /// Core Animation documents no limit; real interfaces nest a few dozen levels.
    public static let maximumDepth = LayerSnapshot.maximumDepth
    /// A debugging name (`CALayer.name`).
    public var name: String?
    /// The sublayers, back to front before `zPosition` ordering.
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?
    /// A layer whose alpha masks this one's content (`CALayer.mask`), in this layer's
    /// coordinates. A mask is not a sublayer; its `superlayer` is nil.
    public var mask: Layer? {
        didSet {
            if let mask {
                precondition(mask.superlayer == nil, "a mask layer must not have a superlayer")
                precondition(
                    mask !== self && !isDescendant(of: mask) && !mask.containsInMasks(self),
                    "\(name ?? "layer"): mask \(mask.name ?? "layer") would create a cycle (a layer masking itself or an ancestor)")
            }
        }
    }

    /// Whether `layer` is this layer's mask, or the mask of its mask, and so on.
    private func containsInMasks(_ layer: Layer) -> Bool {
        var m = mask
        var steps = 0
        while let current = m, steps <= Self.maximumDepth {
            if current === layer { return true }
            m = current.mask
            steps += 1
        }
        return false
    }

    /// Levels from the root of this layer's tree (0 for a root).
    public var depth: Int {
        var n = 0, node = superlayer
        while let s = node { n += 1; node = s.superlayer }
        return n
    }

    private var subtreeHeight: Int {
        sublayers.reduce(0) { max($0, $1.subtreeHeight + 1) }
    }

    public init(name: String? = nil) { self.name = name }

    // MARK: Forwarded properties (Core Animation names)

    public var bounds: CGRect {
        get { properties.bounds }
        set { properties.bounds = newValue }
    }
    public var position: CGPoint {
        get { properties.position }
        set { properties.position = newValue }
    }
    public var zPosition: CGFloat {
        get { properties.zPosition }
        set { properties.zPosition = newValue }
    }
    public var anchorPoint: CGPoint {
        get { properties.anchorPoint }
        set { properties.anchorPoint = newValue }
    }
    public var transform: Transform3D {
        get { properties.transform }
        set { properties.transform = newValue }
    }
    public var sublayerTransform: Transform3D {
        get { properties.sublayerTransform }
        set { properties.sublayerTransform = newValue }
    }
    public var opacity: Float {
        get { properties.opacity }
        set { properties.opacity = newValue }
    }
    public var isHidden: Bool {
        get { properties.isHidden }
        set { properties.isHidden = newValue }
    }
    public var backgroundColor: Color? {
        get { properties.backgroundColor }
        set { properties.backgroundColor = newValue }
    }
    public var cornerRadius: CGFloat {
        get { properties.cornerRadius }
        set { properties.cornerRadius = newValue }
    }
    public var masksToBounds: Bool {
        get { properties.masksToBounds }
        set { properties.masksToBounds = newValue }
    }
    public var contents: Bitmap? {
        get { properties.contents }
        set { properties.contents = newValue }
    }
    public var contentsGravity: ContentsGravity {
        get { properties.contentsGravity }
        set { properties.contentsGravity = newValue }
    }
    public var path: ShapePath? {
        get { properties.path }
        set { properties.path = newValue }
    }
    public var fillColor: Color {
        get { properties.fillColor }
        set { properties.fillColor = newValue }
    }

    /// The frame in the superlayer's coordinates (`CALayer.frame`): setting it sets
    /// `bounds.size` and `position` (through `anchorPoint`); reading it with a non-identity
    /// transform gives the untransformed frame (Core Animation's value is then undefined).
    public var frame: CGRect {
        get { properties.untransformedFrame }
        set {
            properties.bounds.size = newValue.size
            properties.position = CGPoint(
                x: newValue.minX + anchorPoint.x * newValue.width,
                y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    // MARK: Tree

    /// Appends `layer` as the frontmost sublayer, removing it from its old superlayer first.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (clamped to 0...count) among the sublayers.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        precondition(!isDescendant(of: layer), "inserting \(layer.name ?? "layer") would create a cycle")
        let newDepth = depth + 1 + layer.subtreeHeight
        precondition(
            newDepth <= Self.maximumDepth,
            "inserting \(layer.name ?? "layer") nests layers \(newDepth) levels deep; at most \(Self.maximumDepth) are supported")
        layer.removeFromSuperlayer()
        let i = max(0, min(index, sublayers.count))
        sublayers.insert(layer, at: i)
        layer.superlayer = self
    }

    /// Inserts `layer` directly above `sibling` (which must be a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer) {
        layer.removeFromSuperlayer()
        insertSublayer(layer, at: sublayers.index(ofSibling: sibling, in: "insertSublayer(_:above:)") + 1)
    }

    /// Inserts `layer` directly below `sibling` (which must be a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer) {
        layer.removeFromSuperlayer()
        insertSublayer(layer, at: sublayers.index(ofSibling: sibling, in: "insertSublayer(_:below:)"))
    }

    /// Removes the layer from its superlayer, if any.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Whether `ancestor` is this layer or one of its superlayers.
    public func isDescendant(of ancestor: Layer) -> Bool {
        var node: Layer? = self
        while let n = node {
            if n === ancestor { return true }
            node = n.superlayer
        }
        return false
    }

    /// The index of this layer among its superlayer's sublayers.
    public var indexInSuperlayer: Int? {
        superlayer?.sublayers.firstIndex { $0 === self }
    }

    // MARK: Presentation

    /// A `Sendable` copy of this layer, its mask and its sublayers: the presentation tree the
    /// renderer draws. Hidden sublayers are kept (the renderer skips them).
    /// - Complexity: O(layers in the subtree); allocates one array per layer with sublayers.
    public func snapshot() -> LayerSnapshot {
        LayerSnapshot(properties: properties, sublayers: sublayers.map { $0.snapshot() }, mask: mask?.snapshot())
    }
}
