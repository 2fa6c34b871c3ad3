import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import TransitionKitRender

/// A layer blur (`Layer.filters`, `LayerFilter.gaussianBlur(radius:)`) in scenes: its display
/// list, a flat layer (the blur of a constant is the constant: every pass's weights sum to one
/// and the frame's edges repeat), damage renders, and a golden looked at when recorded.
@Suite struct LayerBlurSceneTests {
    static let size = CGSize(width: 60, height: 100)

    @Test func aBlurIsACommandAtTheEndOfItsLayersGroup() throws {
        let child = layer(CGRect(x: 5, y: 5, width: 40, height: 40), .white) { $0.filters = [.gaussianBlur(radius: 3)] }
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [child])
        let list = try Compositor(options: RenderOptions(scale: 1)).displayList(for: root, size: Self.size)
        #expect(list.commands.map(\.kind) == [.fill, .beginGroup, .fill, .blur, .endGroup])
        // σ = 3 px (radius 3 pt at 1x); 3/2 < 2 keeps full resolution; an extended box of a third
        // of the variance 9 + 1/12 has r = ⌊(√(1 + 12·3.03) − 1)/2⌋ = 2; its reach 3·(2 + 1) + 2
        // = 11 px grows the child's 5…45 to −6…56, cut to the frame.
        let lines = list.description.split(separator: "\n")
        #expect(
            lines.last { $0.contains("blur") } == "#3   blur layer 0 filter px 0,0 56x56 offscreen gaussian sigma 3.00 px at 1/1, 3 boxes radius 2")
        #expect(list.commands[3].blur == DisplayList.Command.Blur(sigma: 3, reduction: 1, boxRadius: 2))
    }

    @Test(arguments: [0.5, 3, 20, 60])
    func aFlatFullFrameLayerIsTheSameBlurred(radius: Double) throws {
        func frame(_ filters: [LayerFilter]) throws -> Bitmap {
            let flat = layer(CGRect(origin: .zero, size: Self.size), Color(red: 0.8, green: 0.4, blue: 0.2)) {
                $0.filters = filters
                $0.opacity = 0.5
            }
            return try Compositor(options: RenderOptions(scale: 2)).render(
                layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [flat]), size: Self.size)
        }
        let plain = try frame([]), blurred = try frame([.gaussianBlur(radius: CGFloat(radius))])
        #expect(blurred == plain)
        #expect(try #require(plain.pixel(x: 50, y: 50)) == RGBA8(r: 102, g: 51, b: 26, a: 255))
    }

    /// A scene of a blurred card (radius `blur`), its sublayer at `dot`.
    static func card(blur: CGFloat, dot: CGFloat = 10) -> LayerSnapshot {
        let spot = layer(CGRect(x: dot, y: 10, width: 14, height: 14), Color(red: 1, green: 0.8, blue: 0)) { $0.cornerRadius = 7 }
        let card = layer(CGRect(x: 10, y: 20, width: 40, height: 50), Color(red: 0.1, green: 0.4, blue: 0.9), sublayers: [spot]) {
            $0.cornerRadius = 8
            $0.filters = blur > 0 ? [.gaussianBlur(radius: blur)] : []
        }
        return layer(CGRect(origin: .zero, size: size), Color(red: 0.9, green: 0.9, blue: 0.85), sublayers: [card])
    }

    /// Over a frame of `old`, a damage render of `new` is `new`'s full render, byte for byte: the
    /// radius animating, the blur removed (its old reach must be redrawn), a sublayer moving
    /// under the blur.
    @Test(arguments: [(2.0, 4.0, 10.0, 10.0), (3, 0, 10, 10), (3, 3, 10, 20)])
    func damageRendersOfBlurredFramesAreFullRenders(old: Double, new: Double, oldDot: Double, newDot: Double) throws {
        let options = RenderOptions(scale: 2)
        let compositor = Compositor(options: options)
        let a = Self.card(blur: CGFloat(old), dot: CGFloat(oldDot)), b = Self.card(blur: CGFloat(new), dot: CGFloat(newDot))
        var frame = try compositor.render(a, size: Self.size)
        compositor.render(b, into: &frame, damage: DamageRegion(from: a, to: b, size: Self.size, options: options))
        let full = try compositor.render(b, size: Self.size)
        #expect(frame == full)
        #expect(frame != (try compositor.render(a, size: Self.size)))
    }

    /// Looked at when recorded: a blue card with rounded corners and a yellow dot, blurred by
    /// 4 pt at 2x (σ = 8 px): soft edges fading into the light grey over ~20 px, the dot a soft
    /// yellow disc, nothing cut square at the frame or the card.
    @Test func blurredCardGolden() throws {
        let bitmap = try Compositor(options: RenderOptions(scale: 2)).render(Self.card(blur: 4), size: Self.size)
        expectGolden(bitmap, named: "LayerBlurSceneTests/blurredCard.120x200")
    }
}
