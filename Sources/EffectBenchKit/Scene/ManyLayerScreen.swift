import Foundation
import TransitionKitCore
import TransitionKitRender

/// The many-layer scene of `effect-bench run --many-layer`: a list screen of `cellCount` cells
/// of `layersPerCell` layers each (background, rounded thumbnail, two text-bar shapes, a
/// separator), 200 layers on the screen's own layer, every cell on screen.
///
/// Its rows measure the transition with the outgoing screen kept live as these layers
/// (`LayerScene.show(_:in:)`), next to the same transition with the screen flattened into one
/// bitmap of the same pixels (`flatImage(size:scale:)`), so that the cost of the layers
/// themselves can be read off: many-layer render ÷ flat render, and the per-layer work
/// (`FrameSample.loweringNanoseconds`) ÷ the layer count.
public enum ManyLayerScreen {
    /// Cells in the list.
    public static let cellCount = 40
    /// Layers per cell: background, thumbnail, title bar, subtitle bar, separator.
    public static let layersPerCell = 5
    /// The screen's background colour (the outgoing view's, under the cells).
    public static let background = Color.white

    /// The list at `size` points as a tree: a root of `size` on `background`, with
    /// `cellCount` × `layersPerCell` sublayers, cell by cell, each cell 1 ÷ `cellCount` of the
    /// height (21.3 pt at 852 pt): an opaque background (alternating white and 0.98 grey), a
    /// rounded thumbnail square (side = cell height − 6 pt, radius 4 pt, 8 pt from the left), a
    /// title bar and a subtitle bar (`ShapePath.roundedRect` shapes with a fill colour, 50 %
    /// and 30 % of the width, 18 % and 14 % of the cell height), and a 0.5 pt separator from
    /// 16 pt to the right edge at the cell's bottom.
    /// - Precondition: `size` is finite with both sides > 0.
    /// - Complexity: O(cellCount); built once per scene, not per frame.
    public static func list(_ size: CGSize) -> LayerSnapshot {
        precondition(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite, "a list screen of \(size)")
        let w = size.width, h = size.height / CGFloat(cellCount)
        let ink = Color(red: 0.15, green: 0.15, blue: 0.17), grey = Color(red: 0.78, green: 0.78, blue: 0.8)
        var layers: [LayerSnapshot] = []
        layers.reserveCapacity(cellCount * layersPerCell)
        for i in 0..<cellCount {
            let y = CGFloat(i) * h, hue = CGFloat(i % 5) / 5, side = max(1, h - 6)
            let title = CGRect(x: 16 + side, y: y + h * 0.22, width: w * 0.5, height: h * 0.18)
            let subtitle = CGRect(x: 16 + side, y: y + h * 0.56, width: w * 0.3, height: h * 0.14)
            layers.append(box(CGRect(x: 0, y: y, width: w, height: h), i % 2 == 0 ? .white : Color(red: 0.98, green: 0.98, blue: 0.98)))
            layers.append(
                box(CGRect(x: 8, y: y + (h - side) / 2, width: side, height: side), Color(red: 0.3 + 0.7 * hue, green: 0.6, blue: 1 - 0.6 * hue)) {
                    $0.cornerRadius = 4
                })
            layers.append(bar(title, ink))
            layers.append(bar(subtitle, grey))
            layers.append(box(CGRect(x: 16, y: y + h - 0.5, width: w - 16, height: 0.5), grey))
        }
        return LayerSnapshot(sublayers: layers) {
            $0.bounds = CGRect(origin: .zero, size: size)
            $0.position = CGPoint(x: size.width / 2, y: size.height / 2)
            $0.backgroundColor = background
        }
    }

    /// The flat screenshot of `list(size)`: the same tree drawn once into one bitmap of
    /// (size × scale) pixels rounded, on `background`.
    /// - Throws: `TransitionKitError` for a size the compositor rejects.
    /// - Complexity: O(pixels); once per scene.
    public static func flatImage(size: CGSize, scale: CGFloat) throws(TransitionKitError) -> Bitmap {
        try Compositor(options: RenderOptions(scale: scale, background: background.premultipliedRGBA8)).render(list(size), size: size)
    }

    private static func box(_ r: CGRect, _ color: Color, configure: (inout LayerProperties) -> Void = { _ in }) -> LayerSnapshot {
        LayerSnapshot {
            $0.bounds = CGRect(origin: .zero, size: r.size)
            $0.position = CGPoint(x: r.midX, y: r.midY)
            $0.backgroundColor = color
            configure(&$0)
        }
    }

    /// A text bar: a rounded-rectangle shape (radius half its height) filled with `color`.
    private static func bar(_ r: CGRect, _ color: Color) -> LayerSnapshot {
        LayerSnapshot {
            $0.bounds = CGRect(origin: .zero, size: r.size)
            $0.position = CGPoint(x: r.midX, y: r.midY)
            $0.path = .roundedRect(CGRect(origin: .zero, size: r.size), cornerRadius: r.height / 2)
            $0.fillColor = color
        }
    }
}

/// How a sweep's screens are put into its views (`Sweep.run(…fromLayers:)`).
@MainActor
enum LayerScene {
    /// `tree`'s sublayers as live layers of `view` (each a `Layer` with the snapshot's
    /// properties, recursively), on the root's background colour, clipped to the view.
    static func show(_ tree: LayerSnapshot, in view: View) {
        view.backgroundColor = tree.properties.backgroundColor
        view.clipsToBounds = true
        for sublayer in tree.sublayers { view.layer.addSublayer(layer(sublayer)) }
    }

    /// `image` filling `view` as `TransitionStage(…fromImage:toImage:)` shows its incoming one.
    static func fill(_ view: View, with image: Bitmap) {
        view.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
        view.layer.contents = image
        view.layer.contentsGravity = .resizeAspectFill
        view.clipsToBounds = true
    }

    /// Layers in `tree`: itself, its mask's and its sublayers', recursively.
    /// - Complexity: O(layers).
    nonisolated static func count(_ tree: LayerSnapshot) -> Int {
        1 + (tree.mask.map(count) ?? 0) + tree.sublayers.reduce(0) { $0 + count($1) }
    }

    private static func layer(_ snapshot: LayerSnapshot) -> Layer {
        let layer = Layer()
        layer.properties = snapshot.properties
        for sublayer in snapshot.sublayers { layer.addSublayer(self.layer(sublayer)) }
        return layer
    }
}
