import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// `meshTransform` against the existing renderer and closed forms: a flat grid draws what the
/// layer draws without a mesh (so the faces' shared edges leave no seam), faces are drawn back
/// to front, a face seen from behind is culled or tinted, and invalid meshes are refused or
/// skipped.
@Suite struct MeshTransformTests {
    static let size = CGSize(width: 64, height: 48)

    /// A 40x30 opaque image with a different colour in every pixel (red along x, green along y).
    static let image: Bitmap = {
        var bytes: [UInt8] = []
        for y in 0..<30 {
            for x in 0..<40 { bytes += [UInt8(x * 6), UInt8(y * 8), UInt8((x * y) % 256), 255] }
        }
        return try! Bitmap(width: 40, height: 30, packedBytes: bytes)
    }()

    static func render(_ sublayers: [LayerSnapshot], scale: CGFloat = 1, threads: Int = 1) throws -> Bitmap {
        let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: sublayers)
        return try Compositor(options: RenderOptions(scale: scale, threads: threads)).render(root, size: size)
    }

    /// The largest channel difference between two bitmaps of one size, in 1/255.
    static func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y)!, q = b.pixel(x: x, y: y)!
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
            }
        }
        return worst
    }

    /// The image layer at a sub-pixel frame, turned by `transform`.
    static func imageLayer(_ transform: Transform3D, mesh: MeshTransform?) -> LayerSnapshot {
        layer(CGRect(x: 12.3, y: 8.6, width: 40, height: 30)) {
            $0.contents = image
            $0.transform = transform
            $0.meshTransform = mesh
        }
    }

    static let transforms: [(String, Transform3D)] = [
        ("sub-pixel offset", .identity),
        ("rotation 17°", Transform3D(rotationAngle: 17 * .pi / 180, x: 0, y: 0, z: 1)),
        (
            "perspective turn", Transform3D(rotationAngle: 35 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 120))
        ),
    ]

    /// The oracle is the existing contents path on the same layer without a mesh. A seam drawn
    /// by compositing each face over the last would leave c₁·c₂ of the black background in a
    /// pixel the shared edge cuts (0.25 at half coverage: 64/255 on a bright pixel); the faces
    /// summed give c₁ + c₂ = 1 of the image, up to the 8-bit rounding of each coverage (1/255).
    @Test(arguments: 0..<3, [1, 2])
    func aFlatGridDrawsWhatTheLayerDrawsWithoutAMesh(_ k: Int, scale: Int) throws {
        let (name, transform) = Self.transforms[k]
        let mesh = try MeshTransform(columns: 8, rows: 8, bounds: CGRect(x: 0, y: 0, width: 40, height: 30))
        let plain = try Self.render([Self.imageLayer(transform, mesh: nil)], scale: CGFloat(scale))
        let meshed = try Self.render([Self.imageLayer(transform, mesh: mesh)], scale: CGFloat(scale))
        #expect(Self.largestDifference(plain, meshed) <= 1, "\(name) at \(scale)x: \(Self.largestDifference(plain, meshed))/255")
        // Two bands give the same bytes as one.
        #expect(try Self.render([Self.imageLayer(transform, mesh: mesh)], scale: CGFloat(scale), threads: 2) == meshed)
    }

    /// Two faces over one another: the one nearer the viewer (z = 10) covers the other whatever
    /// their order in `faces`: painter's order by centroid depth. A background colour alone is
    /// drawn, on whole pixels, so the colours are exact.
    @Test(arguments: [false, true])
    func theNearerFaceIsDrawnOnTop(_ nearFirst: Bool) throws {
        // Face 0: the left half of the unit square on x 0...20 at z = 0; face 1: the right half
        // drawn onto the same place at z = 10 (both 20x20 pt on whole pixels).
        func v(_ u: CGFloat, _ w: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> MeshTransform.Vertex {
            MeshTransform.Vertex(from: CGPoint(x: u, y: w), to: MeshTransform.Point3D(x: x, y: y, z: z))
        }
        let far = [v(0, 0, 0, 0, 0), v(0.5, 0, 20, 0, 0), v(0.5, 1, 20, 20, 0), v(0, 1, 0, 20, 0)]
        let near = [v(0.5, 0, 0, 0, 10), v(1, 0, 20, 0, 10), v(1, 1, 20, 20, 10), v(0.5, 1, 0, 20, 10)]
        let vertices = nearFirst ? near + far : far + near
        let faces = [MeshTransform.Face(0, 1, 2, 3), MeshTransform.Face(4, 5, 6, 7)]
        // Contents: left half red, right half blue (2x1 pixels, nearest on whole pixels).
        let contents = try Bitmap(width: 2, height: 1, packedBytes: [255, 0, 0, 255, 0, 0, 255, 255])
        let mesh = try MeshTransform(vertices: vertices, faces: faces)
        let bitmap = try Self.render([
            layer(CGRect(x: 10, y: 10, width: 40, height: 20)) {
                $0.contents = contents
                $0.meshTransform = mesh
            }
        ])
        // The near face samples the right half: blue in its interior (pixel 25, 20 is at
        // image u = 0.5 + 0.5·15.5/20 → x = 1.775 px: the blue pixel, clamped at the edge).
        #expect(bitmap.pixel(x: 25, y: 20) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(bitmap.pixel(x: 45, y: 20) == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    /// A face turned past 90° about the y axis: culled when the layer is not double-sided; else
    /// drawn with the tint over its contents (white at 0.6 over red: 255, 153, 153 by
    /// `PixelMath.over` of premultiplied (153, 153, 153, 153) over (255, 0, 0, 255)).
    @Test(arguments: [false, true])
    func aFaceSeenFromBehindIsCulledOrTinted(_ doubleSided: Bool) throws {
        // The unit square drawn mirrored in x: its corners wind the other way on the screen.
        let mesh = try MeshTransform(columns: 1, rows: 1, bounds: .zero, backFaceTint: Color(red: 1, green: 1, blue: 1, alpha: 0.6)) { p in
            MeshTransform.Point3D(x: 20 * (1 - p.x), y: 20 * p.y)
        }
        let bitmap = try Self.render([
            layer(CGRect(x: 10, y: 10, width: 20, height: 20), .red) {
                $0.meshTransform = mesh
                $0.isDoubleSided = doubleSided
            }
        ])
        let expected = doubleSided ? RGBA8(r: 255, g: 153, b: 153, a: 255) : RGBA8(r: 0, g: 0, b: 0, a: 255)
        #expect(bitmap.pixel(x: 20, y: 20) == expected)
    }

    @Test func invalidMeshesAreRefusedByTheValidatingInitialisers() {
        let v = MeshTransform.Vertex(from: .zero, to: MeshTransform.Point3D(x: 0, y: 0))
        #expect(throws: MeshTransform.Error.indexOutOfRange(face: 0, index: 4, vertexCount: 4)) {
            try MeshTransform(vertices: [v, v, v, v], faces: [MeshTransform.Face(0, 1, 2, 4)])
        }
        let bad = MeshTransform.Vertex(from: .zero, to: MeshTransform.Point3D(x: .nan, y: 0))
        #expect(throws: MeshTransform.Error.nonFinitePoint(vertex: 1)) {
            try MeshTransform(vertices: [v, bad, v, v], faces: [MeshTransform.Face(0, 1, 2, 3)])
        }
        #expect(throws: MeshTransform.Error.emptyGrid(columns: 0, rows: 3)) { try MeshTransform(columns: 0, rows: 3, bounds: .zero) }
    }

    /// An invalid mesh set unchecked draws nothing of the layer's background and contents (its
    /// border still), every time: the frame equals the same tree without them.
    @Test func anInvalidMeshDrawsNothingOfTheContentsAndBackground() throws {
        let v = MeshTransform.Vertex(from: .zero, to: MeshTransform.Point3D(x: 0, y: 0))
        let mesh = MeshTransform(unchecked: [v], faces: [MeshTransform.Face(0, 0, 0, 9)])
        #expect(mesh.validationError != nil)
        func tree(_ drawn: Bool) -> LayerSnapshot {
            layer(CGRect(x: 10.5, y: 10, width: 30, height: 20), drawn ? .red : nil) {
                $0.contents = drawn ? Self.image : nil
                $0.meshTransform = drawn ? mesh : nil
                $0.borderWidth = 2
                $0.borderColor = .white
            }
        }
        #expect(try Self.render([tree(true)]) == (try Self.render([tree(false)])))
    }

    /// The display list names the mesh command, its faces and its back faces.
    @Test func theDisplayListShowsTheMeshCommand() throws {
        let mesh = try MeshTransform(columns: 4, rows: 2, bounds: CGRect(x: 0, y: 0, width: 40, height: 30))
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [Self.imageLayer(.identity, mesh: mesh)])
        let list = try Compositor(options: RenderOptions(scale: 1)).displayList(for: root, size: Self.size)
        let command = try #require(list.commands.first { $0.kind == .mesh })
        #expect(command.coverage == .mesh(faces: 8, backFaces: 0))
        #expect(command.source == .contents(width: 40, height: 30, fetch: .general))
        #expect(list.description.contains("mesh layer 0 mesh px 12,8 41x31 coverage mesh 8 faces (0 back) summed contents 40x30 general"))
    }
}
