import Foundation
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting
import ZoomEffect

/// The zoom's test scene, 200x400 points at scale 1: the source screen is a photo grid (3
/// columns of 56 pt thumbnails, 8 pt apart, rounded 10 pt; thumbnail 7 shows the screenshot,
/// the others flat colours), the zoomed screen is the real screenshot
/// `shell-exit-expanded.png` aspect-filled.
@MainActor
enum ZoomScene {
    static let size = CGSize(width: 200, height: 400)
    static let bounds = CGRect(origin: .zero, size: size)
    /// The thumbnails' side and corner radius, points.
    static let thumbnailSide: CGFloat = 56
    static let thumbnailRadius: CGFloat = 10
    /// The thumbnail zoomed from by default: row 2, column 1 (frame 72,188 56x56).
    static let sourceIndex = 7

    /// The frame of thumbnail `index` in the grid screen (and the container: the screen fills it).
    static func thumbnailFrame(_ index: Int) -> CGRect {
        CGRect(x: 8 + CGFloat(index % 3) * 64, y: 60 + CGFloat(index / 3) * 64, width: thumbnailSide, height: thumbnailSide)
    }

    /// Fills `view` with the grid and returns the 15 thumbnails.
    @discardableResult
    static func fillGrid(_ view: View) -> [View] {
        view.backgroundColor = Color(red: 0.96, green: 0.96, blue: 0.97)
        var thumbnails: [View] = []
        for i in 0..<15 {
            let thumbnail = View(frame: thumbnailFrame(i), name: "thumbnail \(i)")
            let hue = CGFloat(i) / 15
            thumbnail.backgroundColor = Color(red: 0.3 + 0.6 * hue, green: 0.75 - 0.4 * hue, blue: 0.9 - 0.5 * hue)
            thumbnail.layer.cornerRadius = thumbnailRadius
            thumbnail.clipsToBounds = true
            if i == sourceIndex || i == 12 {
                thumbnail.layer.contents = EffectFrames.fromImage
                thumbnail.layer.contentsGravity = .resizeAspectFill
            }
            view.addSubview(thumbnail)
            thumbnails.append(thumbnail)
        }
        return thumbnails
    }

    /// Fills `view` with the screenshot, aspect-filled.
    static func fillZoomed(_ view: View) {
        view.backgroundColor = .black
        view.layer.contents = EffectFrames.fromImage
        view.layer.contentsGravity = .resizeAspectFill
        view.clipsToBounds = true
    }

    /// A stage for `operation` (zoomed screen on top after push/present, before pop/dismiss)
    /// and the grid's thumbnails.
    static func stage(_ operation: TransitionOperation) throws -> (stage: TransitionStage, thumbnails: [View]) {
        var thumbnails: [View] = []
        let gridFirst = operation.insertsIncomingAbove
        let stage = TransitionStage(
            operation: operation, size: size, scale: 1,
            fromContent: { view in if gridFirst { thumbnails = fillGrid(view) } else { fillZoomed(view) } },
            toContent: { view in if gridFirst { fillZoomed(view) } else { thumbnails = fillGrid(view) } })
        return (stage, thumbnails)
    }

    /// The zoom from thumbnail `index` of `thumbnails`.
    static func zoom(_ thumbnails: [View], index: Int = sourceIndex, options: ZoomOptions = ZoomOptions()) -> Zoom {
        let source = thumbnails[index]
        return Zoom(options: options, source: .view { _ in source })
    }

    /// The zoom fraction z of `operation` at `progress`.
    static func z(_ operation: TransitionOperation, _ progress: CGFloat) -> CGFloat {
        operation.insertsIncomingAbove ? progress : 1 - progress
    }

    /// The zoomed view of a stage: the upper one.
    static func zoomedView(_ stage: TransitionStage) -> View {
        stage.operation.insertsIncomingAbove ? stage.toViewController.view : stage.fromViewController.view
    }

    /// What the zoomed view shows now, read back from its layers: its mask's rounded rect
    /// mapped through the layer's own transform into the container (rect and radius, points)
    /// and the content scale k (the transform's x scale); nil without a rounded-rect mask.
    static func visible(_ view: View) -> (rect: CGRect, radius: CGFloat, scale: CGFloat)? {
        guard let mask = view.layer.mask, let path = mask.path, case .roundedRect(let r, let radius) = path.primitive else { return nil }
        let m = view.layer.properties.localToParent
        guard let a = m.project(CGPoint(x: r.minX, y: r.minY)), let b = m.project(CGPoint(x: r.maxX, y: r.maxY)) else { return nil }
        let k = view.layer.transform.m11
        return (CGRect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y), radius * k, k)
    }

    /// Renders `stage`'s window at scale 1 over black.
    static func render(_ stage: TransitionStage) throws -> Bitmap {
        try Compositor(options: RenderOptions(scale: 1)).render(stage.snapshot(), size: size)
    }
}

/// Whether two rects agree within `tolerance` points on every edge.
func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.maxX - b.maxX) <= tolerance
        && abs(a.maxY - b.maxY) <= tolerance
}
