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
    /// Setting the whole value checks every geometric property; the forwarded setters below
    /// (`bounds`, `transform`, …) check only the one they set, so an animator setting a few
    /// properties per frame does not re-check two 4x4 matrices each time.
    public var properties: LayerProperties {
        get { storage }
        set {
            storage = newValue
            requireFiniteGeometry(newValue.hasFiniteGeometry)
            if let g = newValue.gradient { requireValidGradient(g) }
        }
    }

    /// The properties' storage (internal for the forwarded setters in `Layer+Stroke.swift`). Main-actor state read and written only by whole-value
    /// assignment or one field at a time, never across a call that could reach this layer
    /// again, so the per-access runtime exclusivity check (a thread-local access-set update,
    /// the largest part of a frame's model cost) is not needed.
    @exclusivity(unchecked) var storage = LayerProperties()

    /// Traps with every geometric value when `ok` is false (after the offending value was
    /// stored, so the message shows it).
    @inline(__always) private func requireFiniteGeometry(_ ok: Bool) {
        if !ok { nonFiniteGeometry() }
    }

    private func nonFiniteGeometry() -> Never {
        let p = storage
        preconditionFailure(
            "\(name ?? "layer"): non-finite geometry (bounds \(p.bounds), position \(p.position), "
                + "anchorPoint \(p.anchorPoint), zPosition \(p.zPosition), transform \(p.transform), "
                + "sublayerTransform \(p.sublayerTransform), cornerRadius \(p.cornerRadius), borderWidth \(p.borderWidth), shadowOffset \(p.shadowOffset), shadowRadius \(p.shadowRadius), opacity \(p.opacity))"
        )
    }

    /// Traps with `gradient`'s first invalid value (`Gradient.validate()`) when it is not valid.
    @inline(__always) private func requireValidGradient(_ gradient: Gradient) {
        if !gradient.isValid { invalidGradient(gradient) }
    }

    private func invalidGradient(_ gradient: Gradient) -> Never {
        do throws(TransitionKitError) {
            try gradient.validate()
        } catch {
            preconditionFailure("\(name ?? "layer"): \(error)")
        }
        preconditionFailure("\(name ?? "layer"): invalid gradient")
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
        get { storage.bounds }
        set {
            storage.bounds = newValue
            requireFiniteGeometry(LayerProperties.isFinite(newValue))
        }
    }
    public var position: CGPoint {
        get { storage.position }
        set {
            storage.position = newValue
            requireFiniteGeometry(newValue.x.isFinite && newValue.y.isFinite)
        }
    }
    public var zPosition: CGFloat {
        get { storage.zPosition }
        set {
            storage.zPosition = newValue
            requireFiniteGeometry(newValue.isFinite)
        }
    }
    public var anchorPoint: CGPoint {
        get { storage.anchorPoint }
        set {
            storage.anchorPoint = newValue
            requireFiniteGeometry(newValue.x.isFinite && newValue.y.isFinite)
        }
    }
    public var transform: Transform3D {
        get { storage.transform }
        set {
            storage.transform = newValue
            requireFiniteGeometry(newValue.isFinite)
        }
    }
    public var sublayerTransform: Transform3D {
        get { storage.sublayerTransform }
        set {
            storage.sublayerTransform = newValue
            requireFiniteGeometry(newValue.isFinite)
        }
    }
    public var opacity: Float {
        get { storage.opacity }
        set {
            storage.opacity = newValue
            requireFiniteGeometry(!newValue.isNaN)
        }
    }
    public var isHidden: Bool {
        get { storage.isHidden }
        set { storage.isHidden = newValue }
    }
    public var backgroundColor: Color? {
        get { storage.backgroundColor }
        set { storage.backgroundColor = newValue }
    }
    public var cornerRadius: CGFloat {
        get { storage.cornerRadius }
        set {
            storage.cornerRadius = newValue
            requireFiniteGeometry(newValue.isFinite)
        }
    }
    /// Which corners `cornerRadius` rounds (`CALayer.maskedCorners`).
    public var maskedCorners: CornerMask {
        get { storage.maskedCorners }
        set { storage.maskedCorners = newValue }
    }
    /// The shape of the rounded corners (`CALayer.cornerCurve`).
    public var cornerCurve: CornerCurve {
        get { storage.cornerCurve }
        set { storage.cornerCurve = newValue }
    }
    /// The border's width inside the bounds, in points (`CALayer.borderWidth`); finite.
    public var borderWidth: CGFloat {
        get { storage.borderWidth }
        set {
            storage.borderWidth = newValue
            requireFiniteGeometry(newValue.isFinite)
        }
    }
    /// The border's colour (`CALayer.borderColor`).
    public var borderColor: Color {
        get { storage.borderColor }
        set { storage.borderColor = newValue }
    }
    /// Whether the layer is drawn with its back to the viewer (`CALayer.isDoubleSided`).
    public var isDoubleSided: Bool {
        get { storage.isDoubleSided }
        set { storage.isDoubleSided = newValue }
    }
    /// Whether the layer is a transform layer (`CATransformLayer`: its sublayers keep their 3-D
    /// positions, depth-sorted; it draws nothing itself). See `LayerProperties.isTransformLayer`.
    public var isTransformLayer: Bool {
        get { storage.isTransformLayer }
        set { storage.isTransformLayer = newValue }
    }
    /// The shadow's colour (`CALayer.shadowColor`). Default opaque black.
    public var shadowColor: Color {
        get { storage.shadowColor }
        set { storage.shadowColor = newValue }
    }
    /// The shadow's opacity 0...1 (`CALayer.shadowOpacity`). Default 0: no shadow is drawn.
    public var shadowOpacity: Float {
        get { storage.shadowOpacity }
        set { storage.shadowOpacity = newValue }
    }
    /// The shadow's offset in the layer's own coordinates, points (`CALayer.shadowOffset`);
    /// finite. Default (0, −3) as Core Animation: up, in these y-down coordinates.
    public var shadowOffset: CGSize {
        get { storage.shadowOffset }
        set {
            storage.shadowOffset = newValue
            requireFiniteGeometry(newValue.width.isFinite && newValue.height.isFinite)
        }
    }
    /// The shadow's blur in points (`CALayer.shadowRadius`): a Gaussian of σ = `shadowRadius`;
    /// finite, 0 or less is hard. Default 3.
    public var shadowRadius: CGFloat {
        get { storage.shadowRadius }
        set {
            storage.shadowRadius = newValue
            requireFiniteGeometry(newValue.isFinite)
        }
    }
    /// The shadow's shape in the layer's own coordinates (`CALayer.shadowPath`). Nil: the
    /// layer's own shape, its bounds rounded as its background is (`cornerRadius`,
    /// `maskedCorners`, `cornerCurve`) when it has a background colour or contents, else its
    /// `path` filled, else no shadow. The shadow is drawn under the layer, through its `mask`
    /// but not its `masksToBounds` (a card that clips its contents keeps its shadow, which
    /// Core Animation drops), its strength `shadowColor`'s alpha × `shadowOpacity` × the
    /// layer's `opacity` × the alpha of what casts it: the background colour's (no contents),
    /// the fill colour's (a path alone), 1 with contents (exact for opaque contents; the alpha
    /// of translucent contents and of sublayers does not shape the shadow: give a `shadowPath`).
    public var shadowPath: ShapePath? {
        get { storage.shadowPath }
        set { storage.shadowPath = newValue }
    }
    /// A colour gradient filling the bounds (`CAGradientLayer`'s `colors`, `locations`,
    /// `startPoint`, `endPoint` and `type`; see `Gradient` for the semantics), clipped to the
    /// bounds rounded as the background is (`cornerRadius`, `maskedCorners`, `cornerCurve`,
    /// whether or not `masksToBounds`: Core Animation's gradient fills "the shape of the
    /// layer (including rounded corners)"), drawn above `backgroundColor` and below
    /// `contents`, `path`, the sublayers and the border (a gradient layer's gradient is its
    /// content; contents set as well are drawn over it), under the layer's `opacity` and
    /// `mask`. Nil draws none. Opaque `contents` covering the bounds hide it (as they hide the
    /// background). Default nil.
    /// - Precondition: a gradient set here passes `Gradient.validate()` (finite points,
    ///   `locations` nil or one per colour, ascending in 0...1); the trap names the bad value.
    /// - Complexity: O(colours) to check; the renderer builds its colour table once per
    ///   change (`TransitionKitRender`).
    public var gradient: Gradient? {
        get { storage.gradient }
        set {
            storage.gradient = newValue
            if let newValue { requireValidGradient(newValue) }
        }
    }
    public var masksToBounds: Bool {
        get { storage.masksToBounds }
        set { storage.masksToBounds = newValue }
    }
    public var contents: Bitmap? {
        get { storage.contents }
        set { storage.contents = newValue }
    }
    public var contentsGravity: ContentsGravity {
        get { storage.contentsGravity }
        set { storage.contentsGravity = newValue }
    }
    /// The part of `contents` drawn, unit coordinates (`LayerProperties.contentsRect`).
    public var contentsRect: CGRect {
        get { storage.contentsRect }
        set { storage.contentsRect = newValue }
    }
    public var path: ShapePath? {
        get { storage.path }
        set { storage.path = newValue }
    }
    public var fillColor: Color {
        get { storage.fillColor }
        set { storage.fillColor = newValue }
    }
    /// A warp of the contents and background by a mesh of faces (`CAMeshTransform`'s model):
    /// vertices from unit contents coordinates to bounds points, faces of four vertices. See
    /// `MeshTransform`. Default nil.
    public var meshTransform: MeshTransform? {
        get { storage.meshTransform }
        set { storage.meshTransform = newValue }
    }
    /// Filters applied to the layer and its sublayers drawn together (`CALayer.filters`, typed:
    /// see `LayerFilter`, such as `.gaussianBlur(radius:)`). Default empty.
    public var filters: [LayerFilter] {
        get { storage.filters }
        set { storage.filters = newValue }
    }

    /// The frame in the superlayer's coordinates (`CALayer.frame`): setting it sets
    /// `bounds.size` and `position` (through `anchorPoint`); reading it with a non-identity
    /// transform gives the untransformed frame (Core Animation's value is then undefined).
    public var frame: CGRect {
        get { storage.untransformedFrame }
        set {
            bounds.size = newValue.size
            position = CGPoint(
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
        LayerSnapshot(properties: storage, sublayers: sublayers.map { $0.snapshot() }, mask: mask?.snapshot())
    }

    /// Makes `snapshot` equal to `snapshot()`, reusing its storage: where the tree has the
    /// same shape as the last frame's (the same number of sublayers at every level, a mask
    /// where there was one), values are overwritten in place, so a frame-by-frame caller that
    /// keeps one snapshot and hands it to the renderer (which holds no copy after it returns)
    /// allocates nothing. Where the shape changed, that subtree is rebuilt.
    /// - Complexity: O(layers in the subtree); no allocation when the shape is unchanged and
    ///   `snapshot`'s arrays are not shared with another copy.
    public func snapshot(into snapshot: inout LayerSnapshot) {
        snapshot.reload(properties: storage, sublayers: sublayers, mask: mask)
    }
}
