import CAllocationCounter
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// A `meshTransform` warps its layer together with the layer's sublayers, as Core Animation's
/// `CAMeshTransform` does (the subtree is flattened first, then warped). Oracles: the same tree
/// without the mesh (a flat grid must draw what it draws) and the mirror's closed form.
@Suite struct MeshSubtreeTests {
    static let size = CGSize(width: 64, height: 48)

    /// A 40x20 pt red layer at the whole-pixel frame (10, 10) with a blue sublayer over its left
    /// 10 pt and a green one, rotated 30°, in the middle: every kind of sublayer a flattening
    /// must carry.
    static func card(mesh: MeshTransform?, doubleSided: Bool = true) -> LayerSnapshot {
        let blue = layer(CGRect(x: 0, y: 0, width: 10, height: 20), Color(red: 0, green: 0, blue: 1))
        let green = layer(CGRect(x: 18, y: 6, width: 8, height: 8), Color(red: 0, green: 1, blue: 0)) {
            $0.transform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
        }
        return layer(CGRect(x: 10, y: 10, width: 40, height: 20), .red, sublayers: [blue, green]) {
            $0.meshTransform = mesh
            $0.isDoubleSided = doubleSided
        }
    }

    static func render(_ card: LayerSnapshot, scale: CGFloat) throws -> Bitmap {
        let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [card])
        return try Compositor(options: RenderOptions(scale: scale)).render(root, size: size)
    }

    /// A flat 4x2 grid over the bounds draws what the layer and its sublayers draw without a
    /// mesh, within 1/255 (the flattened picture is on the device's pixel grid, so the
    /// bilinear samples fall on its pixel centres).
    @Test(arguments: [1, 2] as [CGFloat])
    func aFlatGridDrawsTheSubtreeAsWithoutAMesh(scale: CGFloat) throws {
        let grid = try MeshTransform(columns: 4, rows: 2, bounds: CGRect(x: 0, y: 0, width: 40, height: 20))
        let plain = try Self.render(Self.card(mesh: nil), scale: scale)
        let meshed = try Self.render(Self.card(mesh: grid), scale: scale)
        #expect(MeshTransformTests.largestDifference(plain, meshed) <= 1, "\(MeshTransformTests.largestDifference(plain, meshed))/255")
    }

    /// The mesh mirrored in x (to = (40·(1 − u), 20·v)): the blue sublayer, on the layer's left
    /// 10 pt, shows on the right 10 pt, x 40...50 in the frame; the red background on the left.
    /// Unwarped sublayers would leave the blue on the left.
    @Test func aMirroringMeshMovesTheSublayers() throws {
        let mirror = try MeshTransform(columns: 1, rows: 1, bounds: .zero) { p in MeshTransform.Point3D(x: 40 * (1 - p.x), y: 20 * p.y) }
        let bitmap = try Self.render(Self.card(mesh: mirror), scale: 1)
        #expect(bitmap.pixel(x: 45, y: 20) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(bitmap.pixel(x: 15, y: 20) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap.pixel(x: 55, y: 20) == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }
}

extension MeshSubtreeTests {
    /// A sublayer moving under a mirroring mesh: the damage render over the old frame gives the
    /// new tree's full render byte for byte (the damage is the whole frame: the moved pixels
    /// are where the mesh puts them, not where the sublayer lies).
    @Test func aChangeBelowAMeshDamagesWhereTheMeshDrawsIt() throws {
        let mirror = try MeshTransform(columns: 1, rows: 1, bounds: .zero) { p in MeshTransform.Point3D(x: 40 * (1 - p.x), y: 20 * p.y) }
        func tree(blueX: CGFloat) -> LayerSnapshot {
            var card = Self.card(mesh: mirror)
            card.sublayers[0].properties.position.x = blueX
            return layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [card])
        }
        let old = tree(blueX: 5), new = tree(blueX: 25)
        let options = RenderOptions(scale: 1)
        let compositor = Compositor(options: options)
        var frame = try compositor.render(old, size: Self.size)
        let damage = DamageRegion(from: old, to: new, size: Self.size, options: options)
        compositor.render(new, into: &frame, damage: damage)
        #expect(frame == (try compositor.render(new, size: Self.size)))
        #expect(damage.pixelCount(within: PixelRect(x0: 0, y0: 0, x1: 64, y1: 48)) == 64 * 48)
    }
}

/// The zero-allocation law for a meshed layer with sublayers: once a compositor has rendered
/// such a frame, rendering frames whose mesh changes into a kept bitmap allocates nothing (the
/// offscreen picture of the subtree and its compositor are kept in the lowering's slot).
/// Counted as `GradientAllocationLawTests` counts: optimised builds over glibc malloc only.
@Suite struct MeshSubtreeAllocationLawTests {
    @Test(.enabled(if: RenderAllocationCount.counts, "counts only in optimised builds over glibc malloc"))
    func meshedSubtreeFramesAfterTheFirstAllocateNothing() throws {
        let trees = try (0..<8).map { k in
            let lift = CGFloat(k) * 3
            let mesh = try MeshTransform(columns: 4, rows: 2, bounds: .zero) { p in
                MeshTransform.Point3D(x: 40 * p.x, y: 20 * p.y - lift * p.x * p.x, z: lift * p.x)
            }
            return layer(CGRect(origin: .zero, size: MeshSubtreeTests.size), .black, sublayers: [MeshSubtreeTests.card(mesh: mesh)])
        }
        let compositor = Compositor(options: RenderOptions(scale: 2))
        let fewest = try RenderAllocationCount.fewest(rendering: trees, with: compositor, size: MeshSubtreeTests.size)
        #expect(fewest == 0, "\(fewest) allocations per \(trees.count) frames")
    }
}
