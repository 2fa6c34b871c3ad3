import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Goldens of the three gradient types drawn through transforms the flat reference scenes
/// (`GradientReferenceTests`) do not reach: a rounded axial card rotated 15° in the plane, a
/// radial disc under perspective (rotated 35° about y, m34 = −1/500), and a conic disc (a
/// conic layer masked by a circle) at 2x. Each was looked at when recorded: the axial card
/// runs cyan (top left) to magenta (bottom right) along its own tilted axes with round corners;
/// the radial's rings are ellipses foreshortened with the plane, white at the centre; the conic
/// disc's red is at 12 o'clock, green at 4 and blue at 8, clockwise, smooth through 12 (red at both
/// ends).
@Suite struct GradientGoldenTests {
    static let size = CGSize(width: 160, height: 120)

    static func render(_ configure: (inout LayerProperties) -> Void, mask: LayerSnapshot? = nil, scale: CGFloat = 1) throws -> Bitmap {
        let card = layer(CGRect(x: 30, y: 20, width: 100, height: 80), mask: mask, configure)
        let root = layer(CGRect(origin: .zero, size: size), Color(red: 0.15, green: 0.15, blue: 0.2), sublayers: [card])
        return try Compositor(options: RenderOptions(scale: scale)).render(root, size: size)
    }

    @Test func axialRotatedCard() throws {
        let bitmap = try Self.render {
            $0.gradient = Gradient(
                colors: [Color(red: 0, green: 0.8, blue: 1), Color(red: 1, green: 0, blue: 0.6)], startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))
            $0.cornerRadius = 16
            $0.transform = Transform3D(rotationAngle: 15 * .pi / 180, x: 0, y: 0, z: 1)
        }
        expectGolden(bitmap, named: "GradientGoldenTests/axialRotatedCard.160x120")
    }

    @Test func radialUnderPerspective() throws {
        let bitmap = try Self.render {
            $0.gradient = Gradient(
                colors: [.white, Color(red: 1, green: 0.6, blue: 0), Color(red: 0.4, green: 0, blue: 0.2)], locations: [0, 0.5, 1],
                startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 1, y: 1), type: .radial)
            $0.transform = Transform3D(rotationAngle: 35 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
        }
        expectGolden(bitmap, named: "GradientGoldenTests/radialUnderPerspective.160x120")
    }

    @Test func conicDiscAt2x() throws {
        let disc = layer(CGRect(x: 0, y: 0, width: 100, height: 80)) {
            $0.path = .circle(center: CGPoint(x: 50, y: 40), radius: 38)
            $0.fillColor = .black
        }
        let bitmap = try Self.render(
            {
                $0.gradient = Gradient(
                    colors: [.red, .green, .blue, .red], startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 0.5, y: 0), type: .conic)
            }, mask: disc, scale: 2)
        expectGolden(bitmap, named: "GradientGoldenTests/conicDisc.320x240")
    }
}
