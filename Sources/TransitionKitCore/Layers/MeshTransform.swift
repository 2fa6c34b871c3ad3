import Foundation

/// A warp of a layer's contents and background by a mesh of quadrilateral faces: Core
/// Animation's `CAMeshTransform` model (private on iOS), public here. Set it as
/// `Layer.meshTransform`.
///
/// Each vertex pairs a point of the contents, `from`, in unit contents coordinates ((0, 0) the
/// top-left and (1, 1) the bottom-right corner of the layer's bounds), with where that point is
/// drawn, `to`, in the layer's bounds coordinates (points; `z` toward the viewer, as
/// `Transform3D`'s). A face is four vertex indices around a quadrilateral; its part of the unit
/// square is drawn onto the quadrilateral of its four `to` points, projected through the
/// layer's whole transform (its `transform` with any perspective m34, and its ancestors').
///
/// How a face is drawn (`Compositor`):
/// - its `from` quadrilateral is cut to the unit square (points of `from` outside 0...1 draw
///   nothing), mapped by the projective map that takes its four `from` corners to its four
///   projected `to` corners (the square-to-quadrilateral map, Heckbert, "Fundamentals of Texture
///   Mapping and Image Warping", 1989, §2.2.3, composed with the inverse of another), and its
///   pixels get their exact covered area and a bilinear sample of the contents over the
///   background colour. A face whose four `to` points are not coplanar is drawn by that map of
///   its projected corners (exact at the corners; an edge shared with a neighbour is the same
///   line, so coverage has no gap).
/// - Faces of one mesh are drawn together: a pixel cut by an edge that two faces share gets the
///   sum of the two exact areas (no seam), while a face in front of another where they overlap
///   covers it (see `TransitionKitRender`'s documentation for the rule).
/// - Painter's order: faces are drawn back to front by the depth of their centroid (the mean
///   `z` of their four corners after the layer's own transform), ties in face order.
/// - A face seen from behind (its projected corners wound clockwise on the screen, the way a
///   layer's bounds wind when its back faces the viewer) is not drawn when the layer's
///   `isDoubleSided` is false; otherwise it shows the contents as seen through the page
///   (mirrored, as the map draws them) with `backFaceTint` composited over them.
/// - `cornerRadius`, `contentsGravity` and `masksToBounds` do not shape a meshed layer's contents
///   and background (the contents fill the unit square); its border, shadow, path and sublayers
///   are drawn unwarped as usual.
///
/// Invalid meshes (an index out of range, a non-finite point) are rejected by the validating
/// initialisers (`MeshTransform.Error`); one built with `init(unchecked:faces:backFaceTint:)`
/// that is invalid (`validationError` is not nil) draws nothing of the layer's contents and
/// background, every frame, and the rest of the layer as usual.
///
/// Cost per frame: O(vertices + faces · log faces) to project and sort, plus each face's pixels
/// (a bilinear sample and a perspective divide per pixel, the compositor's general path).
public struct MeshTransform: Sendable, Equatable {
    /// A point in the layer's bounds coordinates, points; `z` toward the viewer.
    public struct Point3D: Sendable, Hashable {
        public var x: CGFloat, y: CGFloat, z: CGFloat
        public init(x: CGFloat, y: CGFloat, z: CGFloat = 0) {
            self.x = x
            self.y = y
            self.z = z
        }
    }

    /// One vertex: contents point `from` (unit coordinates, 0...1 inside the contents) drawn at
    /// `to` (bounds points).
    public struct Vertex: Sendable, Hashable {
        public var from: CGPoint
        public var to: Point3D
        public init(from: CGPoint, to: Point3D) {
            self.from = from
            self.to = to
        }
    }

    /// A quadrilateral face: four indices into `vertices`, in order around it.
    public struct Face: Sendable, Hashable {
        public var indices: [Int]
        /// - Parameters: a, b, c, d: vertex indices around the face (either way round).
        public init(_ a: Int, _ b: Int, _ c: Int, _ d: Int) { indices = [a, b, c, d] }
    }

    /// Why a mesh is invalid.
    public enum Error: Swift.Error, Sendable, Equatable {
        /// Face `face` names vertex `index`, not in `0..<vertexCount`.
        case indexOutOfRange(face: Int, index: Int, vertexCount: Int)
        /// Vertex `vertex` has a non-finite coordinate.
        case nonFinitePoint(vertex: Int)
        /// A grid needs at least one column and one row, got `columns` × `rows`.
        case emptyGrid(columns: Int, rows: Int)
    }

    /// The vertices. Set directly, they are not validated (the compositor skips an invalid
    /// mesh); an animator rewriting them each frame in place allocates nothing.
    public var vertices: [Vertex]
    /// The faces. Set directly, they are not validated, as `vertices`.
    public var faces: [Face]
    /// Composited (source-over) on the contents of faces seen from behind, nil for none: a
    /// TransitionKit addition, so a page's back can be lighter than its front (the curl uses
    /// white at 0.6). Default nil.
    public var backFaceTint: Color?

    /// A validated mesh.
    /// - Throws: `MeshTransform.Error` for an index out of range or a non-finite point.
    /// - Complexity: O(vertices + faces).
    public init(vertices: [Vertex], faces: [Face], backFaceTint: Color? = nil) throws(MeshTransform.Error) {
        self.init(unchecked: vertices, faces: faces, backFaceTint: backFaceTint)
        if let error = validationError { throw error }
    }

    /// A mesh taken as it is: if it is invalid the compositor draws nothing of the layer's
    /// contents and background (see the type's overview).
    public init(unchecked vertices: [Vertex], faces: [Face], backFaceTint: Color? = nil) {
        self.vertices = vertices
        self.faces = faces
        self.backFaceTint = backFaceTint
    }

    /// A grid of `columns` × `rows` faces over the unit square: vertex (i, j), i in 0...columns
    /// and j in 0...rows, has `from` = (i/columns, j/rows) and `to` = `position(from)`, index
    /// j·(columns + 1) + i; faces row by row, each wound (i, j), (i+1, j), (i+1, j+1), (i, j+1).
    /// The default position lays the grid flat on `bounds` (no warp).
    /// - Throws: `MeshTransform.Error.emptyGrid` below one column or row, `.nonFinitePoint`.
    /// - Complexity: O(columns · rows).
    public init(
        columns: Int, rows: Int, bounds: CGRect, backFaceTint: Color? = nil, position: ((CGPoint) -> Point3D)? = nil
    ) throws(MeshTransform.Error) {
        guard columns >= 1, rows >= 1 else { throw .emptyGrid(columns: columns, rows: rows) }
        var vertices: [Vertex] = []
        vertices.reserveCapacity((columns + 1) * (rows + 1))
        for j in 0...rows {
            for i in 0...columns {
                let from = CGPoint(x: CGFloat(i) / CGFloat(columns), y: CGFloat(j) / CGFloat(rows))
                let flat = Point3D(x: bounds.minX + from.x * bounds.width, y: bounds.minY + from.y * bounds.height)
                vertices.append(Vertex(from: from, to: position?(from) ?? flat))
            }
        }
        var faces: [Face] = []
        faces.reserveCapacity(columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let k = j * (columns + 1) + i
                faces.append(Face(k, k + 1, k + columns + 2, k + columns + 1))
            }
        }
        try self.init(vertices: vertices, faces: faces, backFaceTint: backFaceTint)
    }

    /// Why the mesh is invalid (the first problem found, vertices first), nil when it is valid.
    /// - Complexity: O(vertices + faces).
    public var validationError: MeshTransform.Error? {
        for (k, v) in vertices.enumerated() {
            guard v.from.x.isFinite, v.from.y.isFinite, v.to.x.isFinite, v.to.y.isFinite, v.to.z.isFinite else {
                return .nonFinitePoint(vertex: k)
            }
        }
        for (f, face) in faces.enumerated() {
            for i in face.indices where !vertices.indices.contains(i) {
                return .indexOutOfRange(face: f, index: i, vertexCount: vertices.count)
            }
        }
        return nil
    }
}
