import Foundation
import TransitionKitCore

/// One command of a lowered frame (`LoweredFrame`): what the band executor does, in order.
/// Shapes are indices into the frame's polygon slots (`LoweredFrame.shapes`, device pixels
/// unless noted). A region (`clip`, `beginMask`, `beginGroup`) names the index of the command
/// that ends it (`restore`, `endGroup`), so an executor that finds it empty in its band skips
/// to there.
enum LoweredCommand {
    /// Fills polygon set `shape` by `rule` with `color` times `alpha` (0...255): a layer's
    /// background (its bounds rounded by `cornerRadius`), its `path` or its border.
    case fill(shape: Int, rule: ShapePath.FillRule, color: Color, alpha: UInt32)
    /// Draws `image` mapped onto `rect` (layer points) over polygon set `area` (the drawn area,
    /// device pixels) through `projection`, times `alpha`.
    case contents(image: Bitmap, rect: CGRect, area: Int, projection: Projection, alpha: UInt32)
    /// Draws gradient plan `plan` (`LoweredFrame.gradientPlans`) over polygon set `shape` (the
    /// bounds rounded as the background is, device pixels) times `alpha`: a layer's gradient,
    /// above its background, below its contents.
    case gradient(plan: Int, shape: Int, alpha: UInt32)
    /// Blends `color` times `alpha` with the coverage of shadow plan `plan`
    /// (`LoweredFrame.shadowPlans`): a layer's shadow, under its other parts.
    case shadow(plan: Int, color: Color, alpha: UInt32)
    /// Narrows the clip to polygon set `shape` (filled by `rule`, coverage times `alpha`) until
    /// the `restore` at `end`: `masksToBounds` (alpha 255) or a leaf `mask` layer (a path or a
    /// background alone). `drawnOnce` (masks only): whether the clip is drawn through once, by
    /// contents alone (a kept shape clip then draws straight into its spans).
    case clip(shape: Int, rule: ShapePath.FillRule, alpha: UInt32, drawnOnce: Bool?, end: Int)
    /// A general `mask` layer: the commands up to `endMask` draw the mask subtree offscreen
    /// (the whole clip, never cut to damage); its alpha becomes the clip until the `restore` at
    /// `end` (the host layer's).
    case beginMask(end: Int)
    case endMask
    /// Group opacity: the commands up to `endGroup` (at `end`) draw into a transparent
    /// offscreen buffer, composited once times `alpha` through the clip.
    case beginGroup(alpha: UInt32, end: Int)
    case endGroup
    /// Ends the innermost clip region.
    case restore
    /// Draws mesh plan `plan` (`LoweredFrame.meshPlans`: a layer's `meshTransform`, its
    /// background and contents warped face by face) times `alpha`.
    case mesh(plan: Int, alpha: UInt32)
    /// Blurs the pixels of the group it ends (the last command before its `endGroup`) as
    /// blur `plan` (`LoweredFrame.blurs`) says, over its box: a layer's `filters`.
    case blur(plan: Int)
}

/// A layer's blur: how (`plan`) and over which pixels (`box`: the box of what its group draws,
/// grown by the blur's reach, cut to the frame).
struct LoweredBlur {
    var plan: BlurPlan
    var box: PixelRect
}

/// Where a command comes from: the layer (`path`: its positions in drawing order from the
/// root, a mask subtree entered through −1) and which of its parts.
struct LoweredOrigin: Equatable {
    enum Part: String { case shadow, background, gradient, contents, path, stroke, border, clip, mask, group, mesh, filter }
    var pathRange: Range<Int>
    var part: Part
}

/// A part that may hide what is drawn before it: it paints `rect` (device pixels, the whole
/// pixels inside its projected shape, cut to its ancestors' pixel-aligned `masksToBounds`)
/// opaque. `index` is the command index from which it no longer hides: its own command, or the
/// next one where the part is not drawn (a background under opaque contents).
struct OccluderCandidate: Equatable {
    var index: Int
    var rect: PixelRect
    var part: LoweredOrigin.Part
}

/// A frame lowered once, before its bands are drawn: every layer's projection, pixel geometry,
/// clip and group decision made in one walk (`lower`), as a flat list of commands every band
/// executes (`BandRenderer.execute`), with the opaque parts the occlusion pass reads
/// (`occluders`) and the resampled area the band count reads (`resampledPixels`). Read-only
/// while bands draw; reused from frame to frame (the compositor's pool keeps it), its slots'
/// storage kept, so a steady sequence of frames allocates no polygons.
final class LoweredFrame {
    private(set) var commands: [LoweredCommand] = []
    /// The whole pixels each command may touch, cut to the frame (the frame itself for region
    /// ends and for shapes whose bounds are not finite): a band or damage the box misses has
    /// nothing for it to draw.
    private(set) var bounds: [PixelRect] = []
    /// Where each command comes from (`origin(of:)`).
    private(set) var origins: [LoweredOrigin] = []
    /// The layer paths of `origins`, flat.
    private var pathStore: [Int] = []
    /// The walk's current layer path.
    private var walkPath: [Int] = []
    /// Polygon slots; the first `shapeCount` are this frame's.
    private(set) var shapes: [[[CGPoint]]] = []
    private(set) var shapeCount = 0
    private(set) var occluders: [OccluderCandidate] = []
    /// Shadow plans; the first `shadowCount` are this frame's.
    private(set) var shadowPlans: [ShadowPlan] = []
    private(set) var shadowCount = 0
    /// Gradient plans; the first `gradientCount` are this frame's (their ramps kept between frames).
    private(set) var gradientPlans: [GradientPlan] = []
    private(set) var gradientCount = 0
    /// Mesh plans; the first `meshCount` are this frame's.
    private(set) var meshPlans: [MeshPlan] = []
    private(set) var meshCount = 0
    /// This frame's blurs (`LoweredCommand.blur`). A frame with one is drawn as one band over
    /// every row, without the occlusion pass (`hasBlur`).
    private(set) var blurs: [LoweredBlur] = []
    /// Offscreen pictures of meshed subtrees (`lowerFlattenedMesh`); the first
    /// `meshGroupCount` are this frame's.
    private(set) var meshGroups: [MeshGroup] = []
    private(set) var meshGroupCount = 0
    /// Gaussian edge tables by σ, kept across frames (a transition keeps its shadows' σ).
    private var edgeProfiles: [GaussianEdgeProfile] = []
    /// The stroke outline builder, its buffers kept across frames.
    let stroker = StrokeOutline()
    /// What the display list tells of this frame's stroke commands, in command order.
    private(set) var strokeNotes: [StrokeNote] = []
    /// Pixels of the frame covered by contents drawn through resampling (`BandCount`).
    private(set) var resampledPixels = 0
    /// The frame, device pixels.
    private(set) var frame = PixelRect.empty
    /// Whether `occluders` were collected (the fast paths are on).
    private(set) var findsOccluders = true

    // Scratch buffers of the walk (layer points).
    var localBounds: [CGPoint] = []
    var localArea: [CGPoint] = []
    var localRect: [CGPoint] = []
    var clipTemp: [CGPoint] = []
    var flattened: [[CGPoint]] = []
    var projectedScratch: [[CGPoint]] = []
    /// The layers of the transform layers being lowered, and their paths (`lowerTransformLayer`).
    var depthItems: [DepthSortedLayer] = []
    var depthPaths: [Int] = []

    /// Empties the list for a new frame `frame` (device pixels).
    func begin(frame: PixelRect, findsOccluders: Bool) {
        commands.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        bounds.removeAll(keepingCapacity: true)
        pathStore.removeAll(keepingCapacity: true)
        walkPath.removeAll(keepingCapacity: true)
        occluders.removeAll(keepingCapacity: true)
        shapeCount = 0
        shadowCount = 0
        gradientCount = 0
        meshCount = 0
        strokeNotes.removeAll(keepingCapacity: true)
        blurs.removeAll(keepingCapacity: true)
        // Last frame's plans let go of their images, so a kept offscreen picture is the only
        // reference to its pixels when it is drawn again (no copy on write).
        for plan in meshPlans { plan.image = nil }
        meshGroupCount = 0
        resampledPixels = 0
        self.frame = frame
        self.findsOccluders = findsOccluders
    }

    /// Appends `command`, a `part` of the layer the walk is at; returns its index.
    @discardableResult
    func append(_ command: LoweredCommand, part: LoweredOrigin.Part) -> Int {
        commands.append(command)
        switch command {
        case .fill(let shape, _, _, _), .contents(_, _, let shape, _, _), .clip(let shape, _, _, _, _), .gradient(_, let shape, _):
            bounds.append(PixelRect.bounds(of: shapes[shape])?.intersection(frame) ?? frame)
        case .shadow(let plan, _, _):
            bounds.append(shadowPlans[plan].box)
        case .mesh(let plan, _):
            bounds.append(meshPlans[plan].box)
        case .blur(let plan):
            bounds.append(blurs[plan].box)
        default:
            bounds.append(frame)
        }
        let start = pathStore.count
        pathStore.append(contentsOf: walkPath)
        origins.append(LoweredOrigin(pathRange: start..<pathStore.count, part: part))
        return commands.count - 1
    }

    /// The walk enters sublayer `k` (in drawing order; −1 for a mask subtree).
    func enter(_ k: Int) { walkPath.append(k) }
    /// The walk leaves the layer it entered last.
    func leave() { walkPath.removeLast() }

    /// The layer path (positions in drawing order from the root) and part command `index`
    /// comes from.
    func origin(of index: Int) -> (path: ArraySlice<Int>, part: LoweredOrigin.Part) {
        let o = origins[index]
        return (pathStore[o.pathRange], o.part)
    }

    /// Sets the end index of the region begun at `start` to `end`.
    func close(_ start: Int, at end: Int) {
        switch commands[start] {
        case .clip(let s, let r, let a, let d, _): commands[start] = .clip(shape: s, rule: r, alpha: a, drawnOnce: d, end: end)
        case .beginMask: commands[start] = .beginMask(end: end)
        case .beginGroup(let a, _): commands[start] = .beginGroup(alpha: a, end: end)
        default: preconditionFailure("not a region")
        }
    }

    /// A new polygon slot, filled by `fill` in place (its storage kept from earlier frames).
    func newShape(_ fill: (inout [[CGPoint]]) -> Void) -> Int {
        if shapeCount == shapes.count { shapes.append([]) }
        fill(&shapes[shapeCount])
        shapeCount += 1
        return shapeCount - 1
    }

    /// A new shadow plan slot, built by `build` (its storage kept from earlier frames); nil
    /// when `build` finds nothing to draw.
    func newShadowPlan(_ build: (ShadowPlan) -> Bool) -> Int? {
        if shadowCount == shadowPlans.count { shadowPlans.append(ShadowPlan()) }
        guard build(shadowPlans[shadowCount]) else { return nil }
        shadowCount += 1
        return shadowCount - 1
    }

    /// A new gradient plan slot, built by `build` (its ramp kept from earlier frames); nil when
    /// `build` finds nothing to draw.
    func newGradientPlan(_ build: (GradientPlan) -> Bool) -> Int? {
        if gradientCount == gradientPlans.count { gradientPlans.append(GradientPlan()) }
        guard build(gradientPlans[gradientCount]) else { return nil }
        gradientCount += 1
        return gradientCount - 1
    }

    /// The next offscreen picture slot of this frame (kept from earlier frames).
    func nextMeshGroup() -> MeshGroup {
        if meshGroupCount == meshGroups.count { meshGroups.append(MeshGroup()) }
        meshGroupCount += 1
        return meshGroups[meshGroupCount - 1]
    }

    /// A new mesh plan slot, built by `build` (its storage kept from earlier frames); nil when
    /// `build` finds nothing to draw.
    func newMeshPlan(_ build: (MeshPlan) -> Bool) -> Int? {
        if meshCount == meshPlans.count { meshPlans.append(MeshPlan()) }
        guard build(meshPlans[meshCount]) else { return nil }
        meshCount += 1
        return meshCount - 1
    }

    /// The edge profile table for `sigma` pixels, made once and kept (the last 8 σ used).
    func edgeProfile(sigma: Double) -> GaussianEdgeProfile {
        if let i = edgeProfiles.firstIndex(where: { $0.sigma == max(0, sigma) }) { return edgeProfiles[i] }
        let p = GaussianEdgeProfile(sigma: sigma)
        if edgeProfiles.count == 8 { edgeProfiles.removeFirst() }
        edgeProfiles.append(p)
        return p
    }

    /// Whether the frame has a blur: its pixels need rows from outside any band, and what the
    /// occlusion pass would cut from under an opaque part may be blurred into sight, so it is
    /// drawn as one band without the occlusion pass.
    var hasBlur: Bool { !blurs.isEmpty }

    /// Adds a blur as `plan` of what the commands from `first` on draw (their boxes' union, grown
    /// by its reach, cut to the frame); returns its index.
    func newBlur(_ plan: BlurPlan, drawnFrom first: Int) -> Int {
        var box = PixelRect.empty
        for k in first..<commands.count {
            switch commands[k] {
            case .fill, .contents, .gradient, .shadow, .mesh: box = box.union(bounds[k])
            default: break
            }
        }
        let r = plan.reach
        let grown = box.isEmpty ? box : PixelRect(x0: box.x0 - r, y0: box.y0 - r, x1: box.x1 + r, y1: box.y1 + r).intersection(frame)
        blurs.append(LoweredBlur(plan: plan, box: grown))
        return blurs.count - 1
    }

    /// Leaves out the occlusion pass's candidates (a frame with a blur: `hasBlur`).
    func dropOccluders() {
        occluders.removeAll(keepingCapacity: true)
        findsOccluders = false
    }

    func addOccluder(_ candidate: OccluderCandidate) { occluders.append(candidate) }
    func addStrokeNote(_ note: StrokeNote) { strokeNotes.append(note) }
    func addResampled(_ pixels: Int) { resampledPixels += pixels }
}

/// Lowered frames kept between renders (one per concurrent render), like the band renderers.
final class LoweredFramePool: @unchecked Sendable {
    // @unchecked Sendable: `idle` is read and written only under `lock`.
    private let lock = NSLock()
    private var idle: [LoweredFrame] = []

    func take() -> LoweredFrame {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast() ?? LoweredFrame()
    }

    func give(_ frame: LoweredFrame) {
        lock.lock()
        if idle.count < 4 { idle.append(frame) }
        lock.unlock()
    }
}
