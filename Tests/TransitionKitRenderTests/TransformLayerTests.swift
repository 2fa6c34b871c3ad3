import CAllocationCounter
import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import TransitionKitRender

/// `LayerProperties.isTransformLayer` (Core Animation's `CATransformLayer`) against closed forms
/// of the geometry: a cube of four double-sided faces turned about its vertical axis, whose
/// visible faces are the near ones only when its faces keep their 3-D places and are drawn by
/// depth (flattened into one plane, the last drawn wins); the same cube under a parent's
/// perspective; a transform layer's opacity applied to each sublayer separately; nested
/// transform layers sorted as one space; damage; zero allocation.
///
/// The closed forms use Core Animation's rotation about y (`CATransform3DMakeRotation(θ, 0, 1,
/// 0)`, row vectors): x' = x·cos θ + z·sin θ, z' = −x·sin θ + z·cos θ; z grows toward the
/// viewer, and a parent's `m34` = −1/d scales a point at depth z' by d / (d − z').
@Suite struct TransformLayerTests {
    static let size = CGSize(width: 200, height: 200)
    static let red = RGBA8(r: 255, g: 0, b: 0, a: 255), blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
    static let green = RGBA8(r: 0, g: 255, b: 0, a: 255), yellow = RGBA8(r: 255, g: 255, b: 0, a: 255)

    /// A 100x100 pt face of a cube centred on its container's 100x100 bounds, turned by `turn`
    /// about its centre, then moved by `offset` (x, z).
    static func face(_ color: RGBA8, turn: Double, x: CGFloat = 0, z: CGFloat = 0) -> LayerSnapshot {
        let c = Color(red: Double(color.r) / 255, green: Double(color.g) / 255, blue: Double(color.b) / 255)
        return layer(CGRect(x: 0, y: 0, width: 100, height: 100), c) {
            $0.transform = Transform3D(rotationAngle: CGFloat(turn), x: 0, y: 1, z: 0)
                .concatenating(Transform3D(translationX: x, y: 0, z: z))
        }
    }

    /// The cube's front (red, z = +50), left (yellow), back (blue, z = −50) and right (green)
    /// faces, inserted near ones first so that drawing in insertion order would show the far
    /// ones; the container at the frame's centre turned by `degrees` about y.
    static func cube(_ degrees: Double, transformLayer: Bool = true, faces: [LayerSnapshot]? = nil) -> LayerSnapshot {
        let faces =
            faces ?? [
                face(red, turn: 0, z: 50), face(yellow, turn: -.pi / 2, x: -50), face(blue, turn: .pi, z: -50),
                face(green, turn: .pi / 2, x: 50),
            ]
        return layer(CGRect(x: 50, y: 50, width: 100, height: 100), sublayers: faces) {
            $0.transform = Transform3D(rotationAngle: CGFloat(degrees * .pi / 180), x: 0, y: 1, z: 0)
            $0.isTransformLayer = transformLayer
        }
    }

    static func render(_ sublayers: [LayerSnapshot], sublayerTransform: Transform3D = .identity) throws -> Bitmap {
        let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: sublayers) { $0.sublayerTransform = sublayerTransform }
        return try Compositor(options: RenderOptions(scale: 1)).render(root, size: size)
    }

    @Test func aCubeTurnedFortyFiveDegreesShowsItsNearFacesOnly() throws {
        // θ = 45°: front (z = 50) → x' ∈ [0, 70.7], z' = 35.4 at its centre; right (x = 50) →
        // the same x' range at z' = −35.4; left → x' ∈ [−70.7, 0] at z' = 35.4; back → the
        // same at z' = −35.4. Device x = 100 + x'; rows 50..<150 (no perspective).
        let b = try Self.render([Self.cube(45)])
        writeForLooking(b, name: "transform_layer_cube_45")
        for y in [60, 100, 140] {
            #expect(b.pixel(x: 135, y: y) == Self.red, "front at x' = 35, row \(y)")
            #expect(b.pixel(x: 65, y: y) == Self.yellow, "left at x' = −35, row \(y)")
        }
        #expect(b.pixel(x: 100 + 72, y: 100) == RGBA8(r: 0, g: 0, b: 0, a: 255), "nothing past x' = 70.7")
        // Flattened into the container's plane (an ordinary layer), every face is drawn at its
        // place in that plane, in insertion order: the back (blue) square covers the front, and
        // the side faces are edge-on. The depth sort is what makes the front show.
        let flat = try Self.render([Self.cube(45, transformLayer: false)])
        #expect(flat.pixel(x: 120, y: 100) == Self.blue)
    }

    @Test func underAParentsPerspectiveTheNearSideFaceCoversTheFarOne() throws {
        // θ = 90°, the parent's m34 = −1/500: the left face (x = −50) turns to z' = +50 and faces
        // the viewer, scaled 500/450, so it covers x ∈ 100 ± 55.56; the right face goes to
        // z' = −50 (scale 500/550, ±45.45), inserted after it, and is hidden. Column 44 is
        // covered 45 − 44.444 = 0.556 of its width: 0.556·255 = 141.7 of white over black.
        let faces = [
            Self.face(RGBA8(r: 255, g: 255, b: 255, a: 255), turn: -.pi / 2, x: -50), Self.face(Self.green, turn: .pi / 2, x: 50),
        ]
        let b = try Self.render([Self.cube(90, faces: faces)], sublayerTransform: .perspective(distance: 500))
        writeForLooking(b, name: "transform_layer_perspective_90")
        #expect(b.pixel(x: 100, y: 100) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(b.pixel(x: 60, y: 100) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        let left: Double = 100 - 50 * 500 / 450
        let edge: Double = 255 * (45 - left)
        let column44 = Double(try #require(b.pixel(x: 44, y: 100)).g)
        #expect(abs(column44 - edge) <= 1, "column 44: \(column44), closed form \(edge)")
        #expect(b.pixel(x: 43, y: 100) == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func itsOpacityAppliesToEachSublayerAndItDrawsNothingItself() throws {
        // Two white squares overlapping by half at opacity 0.5 each (α = 128/255, the
        // compositor's rounding of 0.5): alone 128; where they overlap 128 + 127·128/255 = 191.7
        // (one over the other, not one group at 0.5, which would be 128 there). The transform
        // layer's red background and border are not drawn (Apple's `CATransformLayer`).
        let squares = [
            layer(CGRect(x: 0, y: 0, width: 60, height: 60), .white), layer(CGRect(x: 30, y: 0, width: 60, height: 60), .white),
        ]
        let t = layer(CGRect(x: 50, y: 50, width: 100, height: 100), Color(red: 1, green: 0, blue: 0), sublayers: squares) {
            $0.isTransformLayer = true
            $0.opacity = 0.5
            $0.borderWidth = 4
            $0.borderColor = .white
        }
        let b = try Self.render([t])
        #expect(b.pixel(x: 65, y: 70)!.r == 128)
        let overlap: Double = 128 + 127 * 128 / 255
        let measured = Double(try #require(b.pixel(x: 95, y: 70)).r)
        #expect(abs(measured - overlap) <= 1, "overlap \(measured), closed form \(overlap)")
        #expect(b.pixel(x: 140, y: 140) == RGBA8(r: 0, g: 0, b: 0, a: 255), "no background")
        #expect(b.pixel(x: 51, y: 140) == RGBA8(r: 0, g: 0, b: 0, a: 255), "no border")
    }

    @Test func nestedTransformLayersShareOneDepthOrder() throws {
        // The outer transform layer holds A (white, z = 10) then an inner transform layer with
        // B (blue, z = −10) and C (green, z = 20), all over the centre. One 3-D space: B, A, C
        // back to front, so C shows. (Sorted as one item at the inner layer's z = 0, C would
        // be under A.)
        func square(_ color: Color, z: CGFloat) -> LayerSnapshot {
            layer(CGRect(x: 20, y: 20, width: 60, height: 60), color) { $0.zPosition = z }
        }
        let inner = layer(
            CGRect(x: 0, y: 0, width: 100, height: 100),
            sublayers: [
                square(Color(red: 0, green: 0, blue: 1), z: -10), square(Color(red: 0, green: 1, blue: 0), z: 20),
            ]
        ) { $0.isTransformLayer = true }
        let outer = layer(CGRect(x: 50, y: 50, width: 100, height: 100), sublayers: [square(.white, z: 10), inner]) {
            $0.isTransformLayer = true
        }
        let b = try Self.render([outer])
        #expect(b.pixel(x: 100, y: 100) == Self.green)
        // With the inner one flattened (an ordinary layer at z = 0, under A), A shows.
        var flatInner = inner
        flatInner.properties.isTransformLayer = false
        var flat = outer
        flat.sublayers[1] = flatInner
        #expect(try Self.render([flat]).pixel(x: 100, y: 100) == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func aDamageRenderOfATurningCubeEqualsTheFullRender() throws {
        for (from, to) in [(30.0, 60.0), (80.0, 100.0), (170.0, 200.0)] {
            let old = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [Self.cube(from)])
            let new = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [Self.cube(to)])
            let compositor = Compositor(options: RenderOptions(scale: 1, background: .black, threads: 1))
            var frame = try compositor.render(old, size: Self.size)
            let full = try compositor.render(new, size: Self.size)
            let damage = DamageRegion(from: old, to: new, size: Self.size, options: compositor.options)
            compositor.render(new, into: &frame, damage: damage)
            #expect(frame == full, "\(from)° → \(to)°")
        }
    }

    /// Golden: a six-face cube (faces with a 2 pt white border, all double-sided) turned 30°
    /// about y and −20° about x under the root's m34 = −1/400. Looked at when recorded: the
    /// front (red) faces the viewer, turned so that the left (yellow) side shows to its left
    /// (x' = x·cos θ + z·sin θ moves the front, z = 50, right) and the top (cyan) above, both
    /// foreshortened toward their far edges; no far face shows through.
    @Test func cubeUnderPerspective() throws {
        func side(_ color: Color, _ turn: Transform3D, _ offset: Transform3D) -> LayerSnapshot {
            layer(CGRect(x: 0, y: 0, width: 100, height: 100), color) {
                $0.transform = turn.concatenating(offset)
                $0.borderWidth = 2
                $0.borderColor = .white
            }
        }
        let y = { (a: Double) in Transform3D(rotationAngle: CGFloat(a), x: 0, y: 1, z: 0) }
        let x = { (a: Double) in Transform3D(rotationAngle: CGFloat(a), x: 1, y: 0, z: 0) }
        let faces = [
            side(Color(red: 0, green: 0, blue: 1), y(.pi), Transform3D(translationX: 0, y: 0, z: -50)),
            side(Color(red: 1, green: 1, blue: 0), y(-.pi / 2), Transform3D(translationX: -50, y: 0, z: 0)),
            side(Color(red: 1, green: 0, blue: 1), x(-.pi / 2), Transform3D(translationX: 0, y: 50, z: 0)),
            side(Color(red: 1, green: 0, blue: 0), .identity, Transform3D(translationX: 0, y: 0, z: 50)),
            side(Color(red: 0, green: 1, blue: 0), y(.pi / 2), Transform3D(translationX: 50, y: 0, z: 0)),
            side(Color(red: 0, green: 1, blue: 1), x(.pi / 2), Transform3D(translationX: 0, y: -50, z: 0)),
        ]
        let cube = layer(CGRect(x: 50, y: 50, width: 100, height: 100), sublayers: faces) {
            $0.transform = y(30 * .pi / 180).concatenating(x(-20 * .pi / 180))
            $0.isTransformLayer = true
        }
        let b = try Self.render([cube], sublayerTransform: .perspective(distance: 400))
        expectGolden(b, named: "TransformLayerTests/cubeUnderPerspective.200x200")
    }
}

/// The release zero-allocation law for transform-layer frames (its own suite so that CI's
/// `--filter 'LawTests|LawsTests'` release run picks it up; see GradientAllocationLawTests).
@Suite struct TransformLayerAllocationLawTests {
    @Test(.enabled(if: RenderAllocationCount.counts, "counts only in optimised builds over glibc malloc"))
    func transformLayerFramesAfterTheFirstAllocateNothing() throws {
        // The release zero-allocation law (see GradientAllocationLawTests): a turning cube.
        let trees = (0..<8).map { k in
            layer(CGRect(origin: .zero, size: TransformLayerTests.size), .black, sublayers: [TransformLayerTests.cube(Double(k) * 40)])
        }
        let compositor = Compositor(options: RenderOptions(scale: 1))
        let fewest = try RenderAllocationCount.fewest(rendering: trees, with: compositor, size: TransformLayerTests.size)
        #expect(fewest == 0, "\(fewest) allocations per \(trees.count) cube frames")
    }

}
