import Foundation
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport

/// A layer whose frame (in its superlayer, points) is `frame`, anchor at the centre.
func layer(
    _ frame: CGRect, _ color: Color? = nil, sublayers: [LayerSnapshot] = [], mask: LayerSnapshot? = nil,
    _ configure: (inout LayerProperties) -> Void = { _ in }
) -> LayerSnapshot {
    LayerSnapshot(sublayers: sublayers, mask: mask) {
        $0.bounds = CGRect(origin: .zero, size: frame.size)
        $0.position = CGPoint(x: frame.midX, y: frame.midY)
        $0.backgroundColor = color
        configure(&$0)
    }
}

/// A bitmap of straight RGBA bytes read from the test fixtures (opaque images, so the bytes are
/// also premultiplied).
func fixtureBitmap(_ relativePath: String, width: Int, height: Int, file: String = #filePath) throws -> Bitmap {
    let root = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent("Fixtures").appendingPathComponent(relativePath))
    return try Bitmap(width: width, height: height, packedBytes: [UInt8](data))
}

/// Where to write images for a human to look at: `$TRANSITIONKIT_LOOK_DIR` if set.
func writeForLooking(_ bitmap: Bitmap, name: String) {
    guard let dir = ProcessInfo.processInfo.environment["TRANSITIONKIT_LOOK_DIR"], !dir.isEmpty else { return }
    try? PNGEncoder.write(bitmap, to: dir + "/" + name + ".png")
}

/// Per-pixel comparison of a render against an oracle image with one foreground colour over one
/// background colour (the oracle README's rules).
struct OracleComparison: CustomStringConvertible {
    /// Pixels where both images are the pure inside or outside colour but differ.
    var solidMismatches = 0
    /// Pixels where either image is neither pure colour (anti-aliased edge pixels).
    var edgePixels = 0
    /// Largest per-channel difference over edge pixels, 0...255.
    var maxEdgeError = 0
    /// Sum of blue coverage (blue channel / 255) in each image, pixels.
    var area = 0.0
    var referenceArea = 0.0
    var firstSolidMismatch: (Int, Int)? = nil

    var relativeAreaDifference: Double { abs(area - referenceArea) / referenceArea }

    init(_ ours: Bitmap, _ reference: Bitmap, inside: RGBA8, outside: RGBA8) {
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours.pixel(x: x, y: y) ?? .transparent, b = reference.pixel(x: x, y: y) ?? .transparent
                area += Double(a.b) / 255
                referenceArea += Double(b.b) / 255
                let pureA = a == inside || a == outside, pureB = b == inside || b == outside
                if pureA && pureB {
                    if a != b {
                        solidMismatches += 1
                        if firstSolidMismatch == nil { firstSolidMismatch = (x, y) }
                    }
                } else {
                    edgePixels += 1
                    let e = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                    maxEdgeError = max(maxEdgeError, e)
                }
            }
        }
    }

    var description: String {
        "solid mismatches \(solidMismatches), edge pixels \(edgePixels), max edge error \(maxEdgeError)/255, "
            + "area \(String(format: "%.3f", area)) vs cairo \(String(format: "%.3f", referenceArea)) "
            + "(\(String(format: "%.4f", relativeAreaDifference * 100)) %)"
    }
}

/// Whether the kernel's CPU flag list (/proc/cpuinfo's `flags` lines, Linux) names `flag`: the
/// CPU's own word, to hold a run-time feature check to. nil where there is no such list.
func cpuInfoListsFlag(_ flag: String) -> Bool? {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
    let lines = info.split(separator: "\n").filter { $0.hasPrefix("flags") }
    guard !lines.isEmpty else { return nil }
    return lines.contains { $0.split(separator: " ").contains(Substring(flag)) }
}
