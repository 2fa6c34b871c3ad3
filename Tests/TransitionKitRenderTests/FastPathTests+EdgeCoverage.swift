import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Edge positions against closed forms, on the fast paths and the general path alike: a white
/// screen (opaque contents over an opaque background, as UIKit's snapshot views) on black, with
/// a blue screen moving over it. Only the white screen has green, so the green coverage summed
/// along a row or a column is the white screen's exact length there (each edge pixel's share is
/// its covered area, rounded to 1/255). Tolerance: each partly covered pixel of the line rounds
/// by at most ½/255.
extension FastPathTests {
    /// White coverage summed along a line of pixels (green / 255) and the rounding that sum can
    /// carry: ½/255 per pixel strictly between 0 and 255.
    struct LineCoverage {
        var length = 0.0
        var tolerance = 1e-9

        init(_ pixels: some Sequence<RGBA8>) {
            for p in pixels {
                length += Double(p.g) / 255
                if p.g != 0 && p.g != 255 { tolerance += 0.5 / 255 }
            }
        }

        func matches(_ closedForm: Double) -> Bool { abs(length - closedForm) <= tolerance }
    }

    static func row(_ b: Bitmap, y: Int) -> LineCoverage { LineCoverage((0..<b.width).lazy.map { b.pixel(x: $0, y: y)! }) }
    static func column(_ b: Bitmap, x: Int) -> LineCoverage { LineCoverage((0..<b.height).lazy.map { b.pixel(x: x, y: $0)! }) }

    /// A full-screen layer showing a solid image over an opaque background, masked to bounds.
    func solidScreen(_ size: CGSize, scale: CGFloat, _ color: RGBA8, _ configure: (inout LayerProperties) -> Void) throws -> LayerSnapshot {
        var image = Bitmap(width: Int(size.width * scale), height: Int(size.height * scale))
        for y in 0..<image.height { for x in 0..<image.width { image.setPixel(color, x: x, y: y) } }
        return layer(CGRect(origin: .zero, size: size), Color(red: 0.95, green: 0.95, blue: 0.97)) {
            $0.contents = image
            $0.contentsGravity = .resizeAspectFill
            $0.masksToBounds = true
            configure(&$0)
        }
    }

    /// The frame rendered by the fast paths, in 3 bands, and by the general path.
    func renders(_ root: LayerSnapshot, size: CGSize, scale: CGFloat) throws -> [(String, Bitmap)] {
        var fast = RenderOptions(scale: scale, background: .black)
        var banded = fast
        banded.threads = 3
        banded.choosesBandCount = false
        var general = fast
        general.disableFastPaths = true
        fast.threads = 1
        return try [("fast", fast), ("banded", banded), ("general", general)].map {
            ($0.0, try Compositor(options: $0.1).render(root, size: size))
        }
    }

    @Test(arguments: [0.1, 0.3, 0.5, 0.62, 0.77])
    func pushBackEdgesMatchClosedForm(progress: Double) throws {
        // Push-back (per-column warp): the white screen rotated by −θ about the y axis through its
        // right-edge anchor (W, H/2) under m34 = −1/d, θ = 10°·progress; the blue one slid in from
        // the right by W·(1 − progress). A point X points left of the anchor (X <= 0) lands at
        // u = X·cos θ / (1 − X·sin θ / d) from it, and its column is scaled by 1/w with
        // w = 1 − X·sin θ / d = cos θ / (cos θ + u·sin θ / d): the left edge (X = −W) is at
        // W − W·cos θ / (1 + W·sin θ / d), and the screen's height at u is H·(1 + u·tan θ / d),
        // linear in u, so a whole column's coverage is that height at its centre.
        for (size, scale) in [(CGSize(width: 390, height: 844), CGFloat(1)), (CGSize(width: 131, height: 284), CGFloat(3))] {
            let w = Double(size.width), h = Double(size.height), s = Double(scale), d = 300.0
            let root = layer(CGRect(origin: .zero, size: size), nil, sublayers: try pushBackScreens(size, scale: scale, d: d, progress: progress))
            let frames = try renders(root, size: size, scale: scale)
            let label = "\(size.width)x\(size.height)@\(scale) progress \(progress)"
            checkPushBackEdges(frames, label: label, rows: [0.5, 1 / 3, 2 / 3].map { Int(s * h * $0) }, w: w, h: h, s: s, d: d, progress: progress)
        }
    }

    /// The white screen tilted about its right edge and the blue one slid over it (above), each
    /// `size` points.
    func pushBackScreens(_ size: CGSize, scale: CGFloat, d: Double, progress: Double) throws -> [LayerSnapshot] {
        let theta = 10 * progress * .pi / 180
        let pushed = try solidScreen(size, scale: scale, RGBA8(r: 255, g: 255, b: 255, a: 255)) {
            $0.anchorPoint = CGPoint(x: 1, y: 0.5)
            $0.position = CGPoint(x: size.width, y: size.height / 2)
            $0.transform = Transform3D(rotationAngle: -theta, x: 0, y: 1, z: 0).concatenating(.perspective(distance: d))
        }
        let slider = try solidScreen(size, scale: scale, RGBA8(r: 0, g: 0, b: 255, a: 255)) {
            $0.transform = Transform3D(translationX: size.width * (1 - progress), y: 0)
        }
        return [pushed, slider]
    }

    /// Checks push-back frames (fast, banded, general) against the closed forms above: the
    /// white screen's visible width along `rows` (from its tilted left edge to the slider) and
    /// its height in three whole columns; banded equal to fast, general within 1/255.
    func checkPushBackEdges(
        _ frames: [(String, Bitmap)], label: String, rows: [Int], w: Double, h: Double, s: Double, d: Double, progress: Double
    ) {
        let theta = 10 * progress * .pi / 180
        let edge = s * (w - w * cos(theta) / (1 + w * sin(theta) / d))
        let sliderLeft = s * w * (1 - progress)
        for (name, frame) in frames {
            for y in rows {
                let width = Self.row(frame, y: y)
                #expect(width.matches(sliderLeft - edge), "\(name) \(label) row \(y): \(width), closed form \(sliderLeft - edge)")
            }
            let first = Int(edge.rounded(.up)), last = Int(sliderLeft.rounded(.down)) - 1
            #expect(first < last, "\(label): no whole column between the edge and the slider")
            for x in Set([first, (first + last) / 2, last]) {
                let u = (Double(x) + 0.5) / s - w
                let height = s * h * (1 + u * tan(theta) / d)
                let measured = Self.column(frame, x: x)
                #expect(measured.matches(height), "\(name) \(label) column \(x): \(measured), closed form \(height)")
            }
        }
        #expect(frames[0].1 == frames[1].1, "banded render differs")
        #expect(Self.compare(frames[0].1, frames[2].1).maxChannel <= 1)
    }

    @Test(arguments: [0.1, 0.5, 0.77])
    func tabPushBackEdgesMatchClosedForm(progress: Double) throws {
        // Push-back in a tab bar controller's content area (131x235 pt above a 49 pt red bar drawn
        // after it, on black; only the white screen has green): the same closed forms as on a full
        // screen with the content area's height, while the slider and the bar together hide the
        // tilted screen from the occlusion pass (`findOccluders`' cuts).
        let size = CGSize(width: 131, height: 284), content = CGSize(width: 131, height: 235), scale: CGFloat = 3
        let w = Double(content.width), h = Double(content.height), s = Double(scale), d = 300.0
        let area = layer(
            CGRect(origin: .zero, size: content), .black, sublayers: try pushBackScreens(content, scale: scale, d: d, progress: progress))
        let bar = layer(CGRect(x: 0, y: content.height, width: size.width, height: size.height - content.height), Color(red: 1, green: 0, blue: 0))
        let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [area, bar])
        let frames = try renders(root, size: size, scale: scale)
        checkPushBackEdges(
            frames, label: "tab progress \(progress)", rows: [0.5, 1 / 3, 2 / 3].map { Int(s * h * $0) }, w: w, h: h, s: s, d: d, progress: progress)
    }

    @Test(arguments: [(0.9, 37.123), (0.95, 80.5 / 3), (0.97, 61.7)])
    func scaledAndSlidEdgesMatchClosedForm(scale k: Double, drop dy: Double) throws {
        // Drag-dismiss (separable scale, sub-pixel slide): the white screen scaled by k about its
        // centre spans W·k wide from W·(1 − k)/2; the blue one moved down by dy hides the white
        // from dy on, so a white column is dy − H·(1 − k)/2 tall.
        let size = CGSize(width: 60, height: 100), scale: CGFloat = 3
        let w = Double(size.width), h = Double(size.height), s = Double(scale)
        let behind = try solidScreen(size, scale: scale, RGBA8(r: 255, g: 255, b: 255, a: 255)) {
            $0.transform = Transform3D(scaleX: k, y: k)
        }
        let modal = try solidScreen(size, scale: scale, RGBA8(r: 0, g: 0, b: 255, a: 255)) {
            $0.transform = Transform3D(translationX: 0, y: dy)
        }
        let root = layer(CGRect(origin: .zero, size: size), nil, sublayers: [behind, modal])
        let top = s * h * (1 - k) / 2, left = s * w * (1 - k) / 2
        let frames = try renders(root, size: size, scale: scale)
        for (name, frame) in frames {
            let y = Int(top.rounded(.up)) + 1
            let width = Self.row(frame, y: y)
            #expect(width.matches(s * w * k), "\(name) k \(k) row \(y): \(width), closed form \(s * w * k)")
            for x in [Int(left.rounded(.up)), frame.width / 2] {
                let height = Self.column(frame, x: x)
                #expect(height.matches(s * dy - top), "\(name) k \(k) column \(x): \(height), closed form \(s * dy - top)")
            }
        }
        #expect(frames[0].1 == frames[1].1, "banded render differs")
        #expect(Self.compare(frames[0].1, frames[2].1).maxChannel <= 1)
    }
}
