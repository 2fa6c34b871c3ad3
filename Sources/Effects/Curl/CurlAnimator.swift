import Foundation
import TransitionKitCore

/// The curl animator, a pure function of progress for present, dismiss, push and pop.
///
/// Scene: the page (the outgoing view for present and push, the incoming one for dismiss and
/// pop) is put above the other view. Three things follow the axis each frame: a mask on the
/// page's layer (a rectangle turned with the axis, its edge 1 pt past it, so the flat part's edge
/// lies under the roll and shows no seam), a view under the roll whose layer casts the roll's
/// shadow (a `shadowPath` rectangle over the cylinder's footprint, offset r/4 toward the
/// revealed side, blur r/4, opacity 0.5), and a view above the page whose layer draws the page's
/// contents and background and a copy of its sublayers (subviews included, as they were when the
/// transition was prepared) through the curl's `MeshTransform` (the part past the axis), which
/// warps that whole subtree.
/// At curl amount 0 the mask and both views are off, so the page is drawn untouched; at 1 the
/// mask leaves nothing of it.
///
/// `animationEnded(_:)` removes the two views, puts the page's own mask back and, after a
/// cancelled dismiss or pop whose views both stay, restores the container's order.
@MainActor
public final class CurlAnimator: AnimatedTransitioning {
    /// The effect's configuration.
    public let configuration: Curl
    /// The configuration's curve (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve { configuration.timingCurve }

    @exclusivity(unchecked) private var mask: Layer?
    @exclusivity(unchecked) private var savedMask: Layer?
    @exclusivity(unchecked) private var shadowView: View?
    @exclusivity(unchecked) private var shadowCaster: Layer?
    @exclusivity(unchecked) private var curlView: View?
    /// Two meshes written in turn, so the one written is not shared with the last frame's
    /// snapshot and is rewritten in place.
    @exclusivity(unchecked) private var meshes: [MeshTransform] = []
    @exclusivity(unchecked) private var nextMesh = 0
    private weak var page: View?
    private weak var under: View?
    private var pageWasBelow = false

    /// - Parameter configuration: default `Curl()` (30°, 40 pt, 0.6 s).
    public init(_ configuration: Curl = Curl()) {
        self.configuration = configuration
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.duration }

    /// Puts the page above the other view and adds the mask, the shadow view and the curl view.
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   transition container (nothing is changed then).
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        let container = context.containerView
        let (from, to) = try context.viewsInContainer(effect: "curl")
        let forward = context.navigationEquivalent.insertsIncomingAbove
        let (page, under) = forward ? (from, to) : (to, from)
        let subviews = container.subviews
        pageWasBelow = subviews.firstIndex { $0 === page }! < subviews.firstIndex { $0 === under }!
        container.insertSubview(page, aboveSubview: under)
        self.page = page
        self.under = under
        let size = page.bounds.size, r = configuration.radius
        let span = 2 * (size.width + size.height) + 4 * r
        let angle = -configuration.angle * .pi / 180

        let mask = Layer(name: "curl flat part")
        mask.backgroundColor = .black
        mask.bounds = CGRect(x: 0, y: 0, width: span, height: span)
        mask.anchorPoint = CGPoint(x: 0.5, y: 1)
        mask.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        savedMask = page.layer.mask
        self.mask = mask

        let shadowView = View(frame: page.frame, name: "curl shadow")
        let caster = Layer(name: "curl shadow caster")
        caster.bounds = CGRect(x: 0, y: 0, width: span, height: r)
        caster.anchorPoint = CGPoint(x: 0.5, y: 0)
        caster.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        caster.shadowPath = .rect(caster.bounds)
        caster.shadowOpacity = 0.5
        caster.shadowRadius = r / 4
        caster.shadowOffset = CGSize(width: 0, height: r / 4)
        shadowView.layer.addSublayer(caster)
        shadowView.isHidden = true
        container.insertSubview(shadowView, aboveSubview: page)

        // The roll is the page with its subviews: its contents, background and a copy of its
        // sublayers (taken now, once), warped together by the mesh.
        let curlView = View(frame: page.frame, name: "curl page")
        curlView.layer.contents = page.layer.contents
        curlView.layer.backgroundColor = page.layer.backgroundColor
        curlView.layer.masksToBounds = page.layer.masksToBounds
        for sublayer in page.layer.sublayers { curlView.layer.addSublayer(sublayer.copyTree()) }
        curlView.isHidden = true
        container.insertSubview(curlView, aboveSubview: shadowView)
        let tint = Color(red: 1, green: 1, blue: 1, alpha: configuration.backTint)
        let flat = MeshTransform.Vertex(from: .zero, to: MeshTransform.Point3D(x: 0, y: 0))
        let mesh = MeshTransform(
            unchecked: [MeshTransform.Vertex](repeating: flat, count: Curl.meshVertexCount), faces: Curl.meshFaces, backFaceTint: tint)
        meshes = [mesh, mesh]
        meshes[1].vertices = [MeshTransform.Vertex](repeating: flat, count: Curl.meshVertexCount)
        (self.shadowView, shadowCaster, self.curlView) = (shadowView, caster, curlView)
    }

    /// The curl amount c = progress for present and push, 1 − progress for dismiss and pop;
    /// the axis from `Curl.cylinderAxis(at:pageSize:)`, the mesh from `Curl.curledPosition`.
    /// - Complexity: O(`Curl.cylinderStrips`); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        guard let page, let mask, let shadowView, let shadowCaster, let curlView else { return }
        let c = context.upperViewProgress(progress)
        let size = page.bounds.size
        let curls = c > 0
        // The mask stays on for the whole transition (at c = 0 the axis touches the page's
        // corner and the mask covers all of it): taking it off and on would change the layer
        // tree's shape, and a snapshot of a new shape allocates.
        page.layer.mask = mask
        shadowView.isHidden = !curls || c >= 1
        curlView.isHidden = !curls || c >= 1
        let (axis, n, _) = configuration.cylinderAxis(at: c, pageSize: size)
        let origin = page.layer.bounds.origin
        mask.position = CGPoint(x: origin.x + axis.x + n.x, y: origin.y + axis.y + n.y)
        guard curls else { return }
        shadowView.frame = page.frame
        curlView.frame = page.frame
        shadowCaster.position = axis
        nextMesh ^= 1
        configuration.curlMesh(at: c, pageSize: size, into: &meshes[nextMesh].vertices)
        curlView.layer.meshTransform = meshes[nextMesh]
    }

    /// Removes the shadow and curl views, restores the page's mask and, after a cancelled
    /// dismiss or pop whose views both stay in the container, its place below the other view.
    public func animationEnded(_ transitionCompleted: Bool) {
        shadowView?.removeFromSuperview()
        curlView?.removeFromSuperview()
        page?.layer.mask = savedMask
        if !transitionCompleted, pageWasBelow, let page, let under, let container = page.superview, under.superview === container {
            container.insertSubview(page, belowSubview: under)
        }
        (mask, savedMask, shadowView, shadowCaster, curlView) = (nil, nil, nil, nil, nil)
        meshes = []
    }
}
