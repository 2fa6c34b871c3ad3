import Foundation
import TransitionKitCore

/// One face of a lowered mesh: its drawn polygon (device pixels: the face's `from`
/// quadrilateral cut to the unit square, mapped through the face's own projective map), the map
/// from device pixels back to contents pixels (or to unit coordinates without contents), whether
/// it is seen from behind, and its whole-pixel box.
struct MeshFacePlan {
    /// The unit square's corners, clockwise from the origin (made once, not per frame).
    static let unitSquare = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)]
    var polygon: [[CGPoint]] = [[]]
    var deviceToSource = PlaneHomography.identity
    var isBack = false
    var depth = 0.0
    var box = PixelRect.empty
}

/// A layer's `meshTransform` lowered once per frame (`LoweredFrame.lowerMesh`): its faces in
/// painter's order (back to front by centroid depth, ties in face order), the contents they
/// sample, the background under them and the tint of faces seen from behind. Slots and their
/// polygons are reused from frame to frame.
final class MeshPlan {
    var image: Bitmap?
    /// Premultiplied background colour (0: none) and back-face tint (0: none).
    var background: UInt32 = 0
    var backTint: UInt32 = 0
    /// Face slots; the first `count` are this frame's, drawn in the order `order` gives.
    var faces: [MeshFacePlan] = []
    var count = 0
    /// Indices into `faces` in painter's order.
    var order: [Int] = []
    var backFaces = 0
    /// The union of the faces' boxes, cut to the frame.
    var box = PixelRect.empty
    // Scratch (unit coordinates).
    var unitQuad: [[CGPoint]] = [[]]
    var clipped: [[CGPoint]] = []
    /// Point buffers of emptied clip slots, reused (`ConvexClipping.clip(_:to:orientation:into:temp:spare:)`).
    var spare: [[CGPoint]] = []
    var temp: [CGPoint] = []
    var device: [CGPoint] = []
    var from: [CGPoint] = []

    /// The `k`th face to draw.
    @inline(__always) func face(_ k: Int) -> MeshFacePlan { faces[order[k]] }
}

extension PlaneHomography {
    /// The projective map taking the unit square's corners (0, 0), (1, 0), (1, 1), (0, 1) to
    /// `q[0]`...`q[3]` (Heckbert, "Fundamentals of Texture Mapping and Image Warping", 1989,
    /// §2.2.3, in this type's row-vector layout); affine when the quadrilateral is a
    /// parallelogram. Nil when three corners are collinear (no such map).
    /// - Complexity: O(1).
    static func squareToQuad(_ q: [CGPoint]) -> PlaneHomography? {
        let x0 = Double(q[0].x), y0 = Double(q[0].y), x1 = Double(q[1].x), y1 = Double(q[1].y)
        let x2 = Double(q[2].x), y2 = Double(q[2].y), x3 = Double(q[3].x), y3 = Double(q[3].y)
        let sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3
        var g = 0.0, h = 0.0
        if sx != 0 || sy != 0 {
            let dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2
            let det = dx1 * dy2 - dx2 * dy1
            guard det != 0 else { return nil }
            g = (sx * dy2 - dx2 * sy) / det
            h = (dx1 * sy - sx * dy1) / det
        }
        let m = PlaneHomography(
            m11: x1 - x0 + g * x1, m12: y1 - y0 + g * y1, m13: g,
            m21: x3 - x0 + h * x3, m22: y3 - y0 + h * y3, m23: h,
            m31: x0, m32: y0, m33: 1)
        return m.isFinite && m.inverted() != nil ? m : nil
    }
}

extension LoweredFrame {
    /// Lowers `mesh` on a layer drawn through `step` (its points, z included, to its
    /// superlayer's plane: `localToParent` with the superlayer's `sublayerToLocal`) and the
    /// superlayer's `parent` chain into a new mesh plan; nil when the mesh is invalid
    /// (`MeshTransform.validationError`) or no face is drawn.
    ///
    /// Per face: the four `to` points mapped by `step` (w > `Projection.minimumW`, else the face
    /// is skipped), their depth z/w, then `parent`; a face whose projected quadrilateral is not
    /// convex (seen edge-on or folded over itself) or whose `from` quadrilateral is degenerate is
    /// skipped. Seen from behind: the projected corners wound the other way from the `from`
    /// corners; skipped unless `doubleSided`.
    /// - Complexity: O(vertices + faces · log faces) (insertion sort up to 64 faces, almost
    ///   linear for a mesh whose order barely changes); no allocation once the slots have grown.
    func lowerMesh(
        _ mesh: MeshTransform, properties p: LayerProperties, step: Transform3D, parent: Projection
    ) -> Int? {
        guard mesh.validationError == nil else { return nil }
        return newMeshPlan { plan in
            plan.image = p.contents
            plan.background = p.backgroundColor.map { $0.premultipliedRGBA8.packed } ?? 0
            plan.backTint = mesh.backFaceTint.map { $0.premultipliedRGBA8.packed } ?? 0
            plan.order.removeAll(keepingCapacity: true)
            plan.count = 0
            plan.backFaces = 0
            plan.box = .empty
            let toSource =
                p.contents.map { PlaneHomography(scaleX: Double($0.width), y: Double($0.height), translationX: 0, y: 0) } ?? .identity
            let square = MeshFacePlan.unitSquare
            for face in mesh.faces {
                plan.device.removeAll(keepingCapacity: true)
                plan.from.removeAll(keepingCapacity: true)
                var depth = 0.0
                for i in face.indices {
                    let v = mesh.vertices[i]
                    let q = step.transform(x: v.to.x, y: v.to.y, z: v.to.z)
                    guard Double(q.w) > Projection.minimumW, let d = parent.mapPoint(Double(q.x / q.w), Double(q.y / q.w)) else { break }
                    depth += Double(q.z / q.w) / 4
                    plan.device.append(CGPoint(x: d.x, y: d.y))
                    plan.from.append(v.from)
                }
                guard plan.device.count == 4, let deviceWinding = ConvexClipping.convexOrientation(plan.device),
                    let fromWinding = ConvexClipping.convexOrientation(plan.from),
                    let fromMap = PlaneHomography.squareToQuad(plan.from), let toMap = PlaneHomography.squareToQuad(plan.device),
                    let unitToDevice = fromMap.inverted()?.concatenating(toMap), let deviceToUnit = unitToDevice.inverted()
                else { continue }
                let isBack = deviceWinding != fromWinding
                if isBack && !p.isDoubleSided { continue }
                // The face's part of the contents: its `from` quadrilateral cut to the unit square.
                // A quadrilateral inside the square is its own part (the clip would return its
                // points unchanged, in order); one on or past one of the square's sides has none.
                // Either way the clip is not run: it frees an output slot it empties, which the
                // next face would allocate again, every frame.
                let part: [CGPoint]
                if plan.from.allSatisfy({ (0...1).contains($0.x) && (0...1).contains($0.y) }) {
                    part = plan.from
                } else {
                    if plan.from.allSatisfy({ $0.x <= 0 }) || plan.from.allSatisfy({ $0.x >= 1 }) || plan.from.allSatisfy({ $0.y <= 0 })
                        || plan.from.allSatisfy({ $0.y >= 1 })
                    {
                        continue
                    }
                    swap(&plan.unitQuad[0], &plan.from)
                    ConvexClipping.clip(plan.unitQuad, to: square, orientation: 1, into: &plan.clipped, temp: &plan.temp, spare: &plan.spare)
                    guard let clipped = plan.clipped.first else { continue }
                    part = clipped
                }
                if plan.count == plan.faces.count { plan.faces.append(MeshFacePlan()) }
                let k = plan.count
                plan.faces[k].polygon[0].removeAll(keepingCapacity: true)
                for u in part {
                    let q = unitToDevice.apply(Double(u.x), Double(u.y))
                    guard q.w > 0 else { break }
                    plan.faces[k].polygon[0].append(CGPoint(x: q.x / q.w, y: q.y / q.w))
                }
                let toImage = deviceToUnit.concatenating(toSource)
                guard plan.faces[k].polygon[0].count == part.count, toImage.isFinite,
                    let box = PixelRect.bounds(of: plan.faces[k].polygon)?.intersection(frame), !box.isEmpty
                else { continue }
                plan.faces[k].deviceToSource = toImage
                plan.faces[k].isBack = isBack
                plan.faces[k].depth = depth
                plan.faces[k].box = box
                plan.order.append(k)
                plan.count += 1
                if isBack { plan.backFaces += 1 }
                plan.box = plan.box.isEmpty ? box : plan.box.union(box)
            }
            guard plan.count > 0 else { return false }
            // Painter's order: back to front by centroid depth, ties in face order.
            func before(_ a: Int, _ b: Int) -> Bool {
                let da = plan.faces[a].depth, db = plan.faces[b].depth
                return da != db ? da < db : a < b
            }
            if plan.count <= 64 {
                for i in 1..<max(plan.count, 1) {
                    let k = plan.order[i]
                    var j = i
                    while j > 0 && before(k, plan.order[j - 1]) {
                        plan.order[j] = plan.order[j - 1]
                        j -= 1
                    }
                    plan.order[j] = k
                }
            } else {
                plan.order.sort(by: before)
            }
            return true
        }
    }
}
