import Foundation
import TransitionKitCore
import TransitionKitRender

/// The built-in scene: two app-like screens (bars, list rows, rounded cards, circles,
/// gradients) described as layers and drawn once by TransitionKit's own compositor.
///
/// Like UIKit snapshotting views for a transition, each screen becomes one bitmap that the
/// transition then moves, masks and blends, so per-frame cost measures the transition's
/// compositing, comparable with the peers' full-frame images.
///
/// ```swift
/// let images = try DemoScreens.render(size: CGSize(width: 393, height: 852), scale: 3)
/// let stage = TransitionStage(operation: .push, size: CGSize(width: 393, height: 852), scale: 3,
///                                 modalPresentationStyle: .fullScreen, fromImage: images.from, toImage: images.to)
/// ```
public enum DemoScreens {
    /// The outgoing "list" screen and the incoming "detail" screen at `size` points × `scale`
    /// pixels per point, as bitmaps of (size × scale) pixels rounded.
    /// - Throws: `TransitionKitError` for a size the compositor rejects.
    /// - Complexity: O(pixels); done once per scene, not per frame.
    public static func render(size: CGSize, scale: CGFloat) throws(TransitionKitError) -> (from: Bitmap, to: Bitmap) {
        let compositor = Compositor(options: RenderOptions(scale: scale, background: .white))
        return (try compositor.render(list(size), size: size), try compositor.render(detail(size), size: size))
    }

    private static func box(_ r: CGRect, _ color: Color?, radius: CGFloat = 0, configure: (inout LayerProperties) -> Void = { _ in }) -> LayerSnapshot
    {
        LayerSnapshot {
            $0.bounds = CGRect(origin: .zero, size: r.size)
            $0.position = CGPoint(x: r.midX, y: r.midY)
            $0.backgroundColor = color
            $0.cornerRadius = radius
            configure(&$0)
        }
    }

    private static func circle(center: CGPoint, radius: CGFloat, _ color: Color) -> LayerSnapshot {
        box(CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), nil) {
            $0.path = .ellipse(in: CGRect(x: 0, y: 0, width: 2 * radius, height: 2 * radius))
            $0.fillColor = color
        }
    }

    /// A vertical two-colour gradient as a 1-pixel-wide bitmap, stretched by `.resize`.
    private static func gradient(_ top: Color, _ bottom: Color, steps: Int = 256) -> Bitmap {
        var b = Bitmap(width: 1, height: steps)
        for y in 0..<steps {
            let t = CGFloat(y) / CGFloat(steps - 1)
            let color = Color(
                red: top.red + (bottom.red - top.red) * t, green: top.green + (bottom.green - top.green) * t,
                blue: top.blue + (bottom.blue - top.blue) * t)
            b.setPixel(color.premultipliedRGBA8, x: 0, y: y)
        }
        return b
    }

    private static func root(_ size: CGSize, _ color: Color, _ sublayers: [LayerSnapshot]) -> LayerSnapshot {
        LayerSnapshot(sublayers: sublayers) {
            $0.bounds = CGRect(origin: .zero, size: size)
            $0.position = CGPoint(x: size.width / 2, y: size.height / 2)
            $0.backgroundColor = color
        }
    }

    /// The "list" screen of `size` points as layers: bar, title, card, rows of avatars and text, tab bar.
    public static func list(_ size: CGSize) -> LayerSnapshot {
        let w = size.width
        let tint = Color(red: 0.0, green: 0.48, blue: 1.0)
        let grey = Color(red: 0.78, green: 0.78, blue: 0.8)
        var layers: [LayerSnapshot] = [
            box(CGRect(x: 0, y: 0, width: w, height: 98), Color(red: 0.97, green: 0.97, blue: 0.98)),
            box(CGRect(x: 16, y: 60, width: 120, height: 22), Color(red: 0.1, green: 0.1, blue: 0.12), radius: 5),
            circle(center: CGPoint(x: w - 30, y: 71), radius: 12, tint),
            box(CGRect(x: 0, y: 98, width: w, height: 0.5), grey),
            box(CGRect(x: 16, y: 110, width: w - 32, height: 150), nil, radius: 14) {
                $0.contents = gradient(Color(red: 1, green: 0.55, blue: 0.2), Color(red: 0.9, green: 0.2, blue: 0.45))
                $0.masksToBounds = true
            },
        ]
        var y: CGFloat = 276
        var i = 0
        while y + 64 < size.height - 83 {
            let hue = CGFloat(i % 5) / 5
            layers.append(circle(center: CGPoint(x: 40, y: y + 32), radius: 22, Color(red: 0.3 + 0.7 * hue, green: 0.6, blue: 1 - 0.6 * hue)))
            layers.append(box(CGRect(x: 76, y: y + 16, width: w * 0.5, height: 12), Color(red: 0.15, green: 0.15, blue: 0.17), radius: 4))
            layers.append(box(CGRect(x: 76, y: y + 36, width: w * 0.35, height: 10), grey, radius: 4))
            layers.append(box(CGRect(x: 76, y: y + 63.5, width: w - 76, height: 0.5), grey))
            y += 64
            i += 1
        }
        layers.append(box(CGRect(x: 0, y: size.height - 83, width: w, height: 83), Color(red: 0.97, green: 0.97, blue: 0.98)))
        for k in 0..<4 {
            let cx = w * (CGFloat(k) + 0.5) / 4
            layers.append(circle(center: CGPoint(x: cx, y: size.height - 55), radius: 11, k == 0 ? tint : grey))
        }
        return root(size, .white, layers)
    }

    /// The "detail" screen of `size` points as layers: gradient header, sun, text block, cards, button.
    public static func detail(_ size: CGSize) -> LayerSnapshot {
        let w = size.width, h = size.height
        var layers: [LayerSnapshot] = [
            box(CGRect(x: 0, y: 0, width: w, height: h * 0.45), nil) {
                $0.contents = gradient(Color(red: 0.15, green: 0.2, blue: 0.55), Color(red: 0.35, green: 0.75, blue: 0.95))
            },
            circle(center: CGPoint(x: w * 0.75, y: h * 0.18), radius: w * 0.16, Color(red: 1, green: 0.85, blue: 0.3)),
            circle(center: CGPoint(x: 30, y: 71), radius: 14, Color(red: 1, green: 1, blue: 1, alpha: 0.8)),
            box(CGRect(x: 20, y: h * 0.45 - 80, width: w * 0.6, height: 30), .white, radius: 8),
            box(CGRect(x: 16, y: h * 0.45 + 16, width: w - 32, height: 120), Color(red: 0.95, green: 0.95, blue: 0.97), radius: 16),
        ]
        for k in 0..<3 {
            layers.append(
                box(
                    CGRect(x: 32, y: h * 0.45 + 36 + CGFloat(k) * 28, width: (w - 64) * (1 - 0.2 * CGFloat(k)), height: 12),
                    Color(red: 0.3, green: 0.3, blue: 0.33), radius: 4))
        }
        let cardWidth = (w - 48) / 2
        for k in 0..<4 {
            let x = 16 + CGFloat(k % 2) * (cardWidth + 16), y = h * 0.45 + 152 + CGFloat(k / 2) * (cardWidth * 0.8 + 16)
            guard y + cardWidth * 0.8 < h - 90 else { break }
            layers.append(
                box(CGRect(x: x, y: y, width: cardWidth, height: cardWidth * 0.8), nil, radius: 18) {
                    $0.contents = gradient(
                        Color(red: 0.2 + 0.2 * CGFloat(k), green: 0.8, blue: 0.6), Color(red: 0.1, green: 0.3 + 0.15 * CGFloat(k), blue: 0.5))
                    $0.masksToBounds = true
                })
        }
        layers.append(box(CGRect(x: 24, y: h - 80, width: w - 48, height: 50), Color(red: 0.0, green: 0.48, blue: 1.0), radius: 25))
        return root(size, .white, layers)
    }
}
