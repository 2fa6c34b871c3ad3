import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Goldens of strokes in what the flat reference scenes (`StrokeReferenceTests`) do not
/// reach: a progress ring under perspective at 2x (the transform scales the line width), a
/// dashed card under a rotation with a sublayer and a border (the drawing order: fill, stroke,
/// sublayers, border) and a star filled even-odd and stroked under group opacity. Each was
/// looked at when recorded: the ring's grey track is a whole foreshortened ellipse, its orange
/// arc runs clockwise from 12 o'clock to about 8 with round ends, wider on the near (right)
/// side; the card's white dashes run round its rounded corners over its blue fill, the red
/// square covers the top dashes and the yellow border crosses over the red square; the star's
/// pentagon centre is unfilled (even-odd), its points are sharp miters, and the fill shows
/// through the stroke nowhere (one group at 0.7 opacity).
@Suite struct StrokeGoldenTests {
    static let size = CGSize(width: 160, height: 120)

    static func render(_ card: LayerSnapshot, scale: CGFloat = 1) throws -> Bitmap {
        let root = layer(CGRect(origin: .zero, size: size), Color(red: 0.15, green: 0.15, blue: 0.2), sublayers: [card])
        return try Compositor(options: RenderOptions(scale: scale)).render(root, size: size)
    }

    @Test func progressRingUnderPerspectiveAt2x() throws {
        let ring = ShapePath.circle(center: CGPoint(x: 50, y: 40), radius: 30)
        let track = layer(CGRect(x: 0, y: 0, width: 100, height: 80)) {
            $0.path = ring
            $0.fillColor = .clear
            $0.strokeColor = Color(red: 0.4, green: 0.4, blue: 0.45)
            $0.lineWidth = 10
        }
        let progress = layer(CGRect(x: 0, y: 0, width: 100, height: 80)) {
            $0.path = ring
            $0.fillColor = .clear
            $0.strokeColor = Color(red: 1, green: 0.55, blue: 0.1)
            $0.lineWidth = 10
            $0.lineCap = .round
            $0.strokeEnd = 0.65
        }
        let card = layer(CGRect(x: 30, y: 20, width: 100, height: 80), sublayers: [track, progress]) {
            $0.transform = Transform3D(rotationAngle: 40 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
        }
        expectGolden(try Self.render(card, scale: 2), named: "StrokeGoldenTests/progressRing.320x240")
    }

    @Test func dashedCardDrawsFillStrokeSublayersBorder() throws {
        let square = layer(CGRect(x: 20, y: -8, width: 24, height: 24), .red)
        let card = layer(CGRect(x: 30, y: 20, width: 100, height: 80), sublayers: [square]) {
            $0.path = .roundedRect(CGRect(x: 6, y: 6, width: 88, height: 68), cornerRadius: 14)
            $0.fillColor = Color(red: 0.1, green: 0.3, blue: 0.8)
            $0.strokeColor = .white
            $0.lineWidth = 4
            $0.lineDashPattern = [8, 4]
            $0.borderWidth = 3
            $0.borderColor = Color(red: 1, green: 0.9, blue: 0)
            $0.transform = Transform3D(rotationAngle: 10 * .pi / 180, x: 0, y: 0, z: 1)
        }
        expectGolden(try Self.render(card), named: "StrokeGoldenTests/dashedCard.160x120")
    }

    @Test func evenOddStarStrokedUnderGroupOpacity() throws {
        var star: [ShapePath.Element] = []
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let p = CGPoint(x: 50 + 36 * cos(a), y: 42 + 36 * sin(a))
            star.append(k == 0 ? .move(to: p) : .line(to: p))
        }
        star.append(.closeSubpath)
        let card = layer(CGRect(x: 30, y: 20, width: 100, height: 80)) {
            $0.path = .path(star, fillRule: .evenOdd)
            $0.fillColor = Color(red: 0.2, green: 0.8, blue: 0.4)
            $0.strokeColor = .white
            $0.lineWidth = 3
            $0.opacity = 0.7
        }
        expectGolden(try Self.render(card), named: "StrokeGoldenTests/star.160x120")
    }
}
