import Foundation
import TransitionKitCore

extension Curl {
    /// Strips the part of the page on the cylinder is drawn as (each a plane chord of 15° of
    /// the half turn): an even count, so no strip straddles the quarter turn where the page turns
    /// its back to the viewer; 12 keeps the chord within r·(1 − cos 7.5°) ≈ 0.009·r of the
    /// circle (0.34 pt at the default 40 pt).
    public static let cylinderStrips = 12

    /// The cylinder's axis at curl amount `c` (0 = flat page, 1 = gone) on a page of `size`
    /// points: a point on the axis and the unit normal n = (sin α, cos α) (α = `angle` in
    /// radians) pointing toward the bottom-right corner, the side that rolls up.
    ///
    /// The axis starts through the bottom-right corner (W, H) and moves along −n by
    /// t = c·(D + 2r), where D = W·sin α + H·cos α is the page's extent along n: at t = D + r the
    /// axis is r beyond the top-left corner and the roll (at most r past the axis) leaves the
    /// page; the last r clears the roll's shadow.
    /// - Complexity: O(1).
    public func cylinderAxis(at c: CGFloat, pageSize size: CGSize) -> (point: CGPoint, normal: CGPoint, travel: CGFloat) {
        let a = angle * .pi / 180
        let n = CGPoint(x: sin(a), y: cos(a))
        let extent = size.width * n.x + size.height * n.y
        let t = min(max(c, 0), 1) * (extent + 2 * radius)
        return (CGPoint(x: size.width - n.x * t, y: size.height - n.y * t), n, t)
    }

    /// Where page point `p` (points) lands with the axis through `axisPoint` with unit normal
    /// `normal` and cylinder radius `r`: the classic page-curl map. With d = (p − axisPoint)·n:
    /// - d ≤ 0: flat, unmoved, z = 0;
    /// - 0 < d ≤ π·r: wrapped around the cylinder by θ = d/r: p − n·d + n·r·sin θ, z = r·(1 − cos θ);
    /// - d > π·r: past half a turn, flat on the back, face down: p − n·d − n·(d − π·r), z = 2r.
    /// - Complexity: O(1).
    public static func curledPosition(of p: CGPoint, axisPoint: CGPoint, normal n: CGPoint, radius r: CGFloat) -> MeshTransform.Point3D {
        let d = (p.x - axisPoint.x) * n.x + (p.y - axisPoint.y) * n.y
        guard d > 0 else { return MeshTransform.Point3D(x: p.x, y: p.y, z: 0) }
        let offset: CGFloat, z: CGFloat
        if d <= .pi * r {
            let theta = d / r
            offset = r * sin(theta) - d
            z = r * (1 - cos(theta))
        } else {
            offset = -d - (d - CGFloat.pi * r)
            z = 2 * r
        }
        return MeshTransform.Point3D(x: p.x + n.x * offset, y: p.y + n.y * offset, z: z)
    }

    /// The vertex count of `curlMesh`: two per strip boundary.
    static var meshVertexCount: Int { 2 * (cylinderStrips + 2) }

    /// The faces of `curlMesh`: strip k between boundaries k and k + 1.
    static let meshFaces: [MeshTransform.Face] = (0...cylinderStrips).map { k in MeshTransform.Face(2 * k, 2 * k + 2, 2 * k + 3, 2 * k + 1) }

    /// Writes into `vertices` (`meshVertexCount` of them, in place: no allocation) the mesh of
    /// the page's curled part at curl amount `c` on a page of `size` points: strips parallel to
    /// the axis, bounded at d = π·r·k/`cylinderStrips` (k = 0...12) and at the page's farthest
    /// point, spanning the page along the axis; each boundary point placed by `curledPosition`.
    /// Strip faces are planar (chords of the cylinder, and the flat back), so each is drawn
    /// exactly by its projective map; the compositor cuts them to the page.
    /// - Complexity: O(`cylinderStrips`).
    func curlMesh(at c: CGFloat, pageSize size: CGSize, into vertices: inout [MeshTransform.Vertex]) {
        let (axis, n, t) = cylinderAxis(at: c, pageSize: size)
        let along = CGPoint(x: n.y, y: -n.x)
        // The page's span along the axis, from its corners, with a point to spare.
        var lo = CGFloat.infinity, hi = -CGFloat.infinity
        for i in 0..<4 {
            let corner = CGPoint(x: i & 1 == 0 ? 0 : size.width, y: i < 2 ? 0 : size.height)
            let u = (corner.x - axis.x) * along.x + (corner.y - axis.y) * along.y
            lo = min(lo, u)
            hi = max(hi, u)
        }
        lo -= 1
        hi += 1
        let halfTurn = CGFloat.pi * radius
        for k in 0...(Self.cylinderStrips + 1) {
            let d = k <= Self.cylinderStrips ? halfTurn * CGFloat(k) / CGFloat(Self.cylinderStrips) : max(halfTurn, t) + 1
            for j in 0..<2 {
                let u = j == 0 ? lo : hi
                let x: CGFloat = axis.x + n.x * d + along.x * u
                let y: CGFloat = axis.y + n.y * d + along.y * u
                let p = CGPoint(x: x, y: y)
                vertices[2 * k + j] = MeshTransform.Vertex(
                    from: CGPoint(x: p.x / size.width, y: p.y / size.height),
                    to: Self.curledPosition(of: p, axisPoint: axis, normal: n, radius: radius))
            }
        }
    }
}
