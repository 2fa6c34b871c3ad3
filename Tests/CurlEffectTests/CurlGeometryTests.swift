import Foundation
import Testing
import TransitionKitCore

@testable import CurlEffect

/// The curl's closed forms against values worked out by hand from their definitions: the axis
/// t = c·(D + 2r) along −n from the bottom-right corner, and the page-curl map (x' = axis +
/// r·sin θ, z = r·(1 − cos θ), θ = d/r; flat on the back past half a turn).
@Suite struct CurlGeometryTests {
    static let size = CGSize(width: 390, height: 844)

    /// With angle 0 the axis is horizontal, n = (0, 1), D = H = 844, so t = c·(844 + 80).
    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func theAxisMovesUpFromTheBottomEdge(_ c: Double) {
        let (point, n, t) = Curl(angle: 0).cylinderAxis(at: c, pageSize: Self.size)
        #expect(abs(n.x) < 1e-12 && abs(n.y - 1) < 1e-12)
        #expect(abs(t - c * 924) < 1e-9)
        #expect(abs(point.y - (844 - c * 924)) < 1e-9 && abs(point.x - 390) < 1e-12)
    }

    /// At 30°, n = (1/2, √3/2) and D = 390/2 + 844·√3/2 = 925.92...; at c = 0.5 the axis point is
    /// the corner minus n·t, t = (D + 80)/2.
    @Test func theTurnedAxisStartsAtTheBottomRightCorner() {
        let (point, n, t) = Curl().cylinderAxis(at: 0.5, pageSize: Self.size)
        let d = 195 + 422 * 3.0.squareRoot()
        #expect(abs(n.x - 0.5) < 1e-12 && abs(n.y - 3.0.squareRoot() / 2) < 1e-12)
        #expect(abs(t - (d + 80) / 2) < 1e-9)
        #expect(abs(point.x - (390 - 0.5 * t)) < 1e-9 && abs(point.y - (844 - n.y * t)) < 1e-9)
    }

    /// Points at distance d past a horizontal axis at y = 500 (n = (0, 1), r = 40): d ≤ 0 flat;
    /// d = 20π (a quarter turn) at the cylinder's far side, y = 500 + 40, z = 40; d = 40π (half
    /// a turn) above the axis, z = 80; d = 40π + 100 flat on the back 100 pt above the axis.
    @Test(arguments: [
        (-30.0, 470.0, 0.0), (0.0, 500.0, 0.0), (20 * Double.pi, 540.0, 40.0), (40 * Double.pi, 500.0, 80.0),
        (40 * Double.pi + 100, 400.0, 80.0), (10.0, 500 + 40 * sin(0.25), 40 * (1 - cos(0.25))),
    ])
    func thePageCurlMapWrapsPointsAroundTheCylinder(_ d: Double, _ y: Double, _ z: Double) {
        let p = Curl.curledPosition(
            of: CGPoint(x: 100, y: 500 + d), axisPoint: CGPoint(x: 0, y: 500), normal: CGPoint(x: 0, y: 1), radius: 40)
        #expect(abs(p.x - 100) < 1e-9)
        #expect(abs(p.y - y) < 1e-9, "y \(p.y) for d \(d)")
        #expect(abs(p.z - z) < 1e-9, "z \(p.z) for d \(d)")
    }

    /// The mesh's vertices at several curl amounts: each `to` is `curledPosition` of its
    /// `from` point on the page, and the strip boundaries lie at d = π·r·k/12.
    @Test(arguments: [0.25, 0.5, 0.75])
    func theMeshPlacesEveryVertexByTheMap(_ c: Double) throws {
        let curl = Curl()
        var vertices = [MeshTransform.Vertex](
            repeating: MeshTransform.Vertex(from: .zero, to: MeshTransform.Point3D(x: 0, y: 0)), count: Curl.meshVertexCount)
        curl.curlMesh(at: c, pageSize: Self.size, into: &vertices)
        let (axis, n, _) = curl.cylinderAxis(at: c, pageSize: Self.size)
        for (i, v) in vertices.enumerated() {
            let p = CGPoint(x: v.from.x * Self.size.width, y: v.from.y * Self.size.height)
            let q = Curl.curledPosition(of: p, axisPoint: axis, normal: n, radius: 40)
            #expect(abs(q.x - v.to.x) < 1e-9 && abs(q.y - v.to.y) < 1e-9 && abs(q.z - v.to.z) < 1e-9)
            let d = (p.x - axis.x) * n.x + (p.y - axis.y) * n.y
            if i / 2 <= Curl.cylinderStrips { #expect(abs(d - 40 * .pi * Double(i / 2) / 12) < 1e-6) }
        }
        #expect(try MeshTransform(vertices: vertices, faces: Curl.meshFaces).faces.count == 13)
    }
}
