import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Lowering (`LoweredFrame.lower`) and the readable list (`Compositor.displayList(for:size:)`)
/// against Core Animation's drawing order: per layer its mask, then (in a group when its
/// opacity or mask needs one) background, contents, `masksToBounds` clip, path, sublayers.
@Suite struct DisplayListTests {
    static let size = CGSize(width: 60, height: 100)

    /// The lowered kinds of `root` at scale 1 with their depth and layer path.
    static func lowered(_ root: LayerSnapshot) -> [(DisplayList.Command.Kind, Int, [Int], String)] {
        let list = try! Compositor(options: RenderOptions(scale: 1)).displayList(for: root, size: size)
        return list.commands.map { ($0.kind, $0.depth, $0.layerPath, $0.part) }
    }

    static func same(_ a: [(DisplayList.Command.Kind, Int, [Int], String)], _ b: [(DisplayList.Command.Kind, Int, [Int], String)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 && $0.3 == $1.3 }
    }

    @Test func aTranslucentMaskedLayerIsAGroupInsideItsMaskClip() {
        // Opacity 0.5 and a leaf ellipse mask over a background and two sublayers: four parts,
        // so a group (CA's group opacity), drawn through the mask's clip.
        let oval = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 40); $0.position = CGPoint(x: 20, y: 20);
            $0.path = .ellipse(in: CGRect(x: 0, y: 0, width: 40, height: 40)); $0.fillColor = .black
        }
        let child = layer(
            CGRect(x: 5, y: 5, width: 40, height: 40), .white,
            sublayers: [layer(CGRect(x: 0, y: 0, width: 20, height: 20), .black), layer(CGRect(x: 10, y: 10, width: 20, height: 20), .black)],
            mask: oval
        ) { $0.opacity = 0.5 }
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [child])
        let expected: [(DisplayList.Command.Kind, Int, [Int], String)] = [
            (.fill, 0, [], "background"), (.clip, 0, [0], "mask"), (.beginGroup, 1, [0], "group"), (.fill, 2, [0], "background"),
            (.fill, 2, [0, 0], "background"), (.fill, 2, [0, 1], "background"), (.endGroup, 1, [0], "group"), (.restore, 0, [0], "mask"),
        ]
        let got = Self.lowered(root)
        #expect(Self.same(got, expected), "\(got)")
    }

    @Test func aGeneralMaskIsItsSubtreeBetweenBeginAndEndMask() {
        // A mask layer with a sublayer is not a leaf: its subtree is drawn offscreen (path −1),
        // then the host's parts draw through its alpha until the host's restore.
        let mask = layer(CGRect(x: 0, y: 0, width: 30, height: 30), nil, sublayers: [layer(CGRect(x: 0, y: 0, width: 10, height: 10), .black)])
        let child = layer(CGRect(x: 5, y: 5, width: 40, height: 40), .white, mask: mask) { $0.masksToBounds = true }
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [child])
        let expected: [(DisplayList.Command.Kind, Int, [Int], String)] = [
            (.fill, 0, [], "background"), (.beginMask, 0, [0], "mask"), (.fill, 1, [0, -1, 0], "background"), (.endMask, 0, [0], "mask"),
            (.fill, 1, [0], "background"), (.restore, 0, [0], "mask"),
        ]
        let got = Self.lowered(root)
        #expect(Self.same(got, expected), "\(got)")
    }

    @Test func masksToBoundsClipsThePathAndSublayersNotTheContents() {
        // CA clips a masking layer's sublayers and path to its bounds; its own background and
        // contents are inside them anyway (the contents cut to the bounds as their drawn area).
        let child = layer(CGRect(x: 5, y: 5, width: 40, height: 40), .white, sublayers: [layer(CGRect(x: 30, y: 30, width: 20, height: 20), .black)])
        {
            $0.masksToBounds = true
            $0.cornerRadius = 6
            $0.path = .rect(CGRect(x: 0, y: 0, width: 50, height: 10))
            $0.fillColor = .black
        }
        let got = Self.lowered(layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [child]))
        let expected: [(DisplayList.Command.Kind, Int, [Int], String)] = [
            (.fill, 0, [], "background"), (.fill, 0, [0], "background"), (.clip, 0, [0], "clip"), (.fill, 1, [0], "path"),
            (.fill, 1, [0, 0], "background"), (.restore, 0, [0], "clip"),
        ]
        #expect(Self.same(got, expected), "\(got)")
    }

    @Test func fetchKindsBlendsAndBoundsOfTwoScreens() throws {
        // A 1:1 screen (60x100 px image on 60x100 pt at 1x: a copy) and one slid by 10.5 pt (a
        // half-pixel offset: separable, blended at its edges).
        let image = FastPathTests.image(width: 60, height: 100, opaque: true)
        let still = layer(CGRect(origin: .zero, size: Self.size)) { $0.contents = image }
        let slid = layer(CGRect(x: 10.5, y: 0, width: 60, height: 100)) { $0.contents = image }
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [still, slid])
        let list = try Compositor(options: RenderOptions(scale: 1)).displayList(for: root, size: Self.size)
        #expect(list.pixelWidth == 60 && list.pixelHeight == 100 && list.commands.count == 3, "\(list)")
        guard list.commands.count == 3 else { return }
        #expect(list.commands[1].source == .contents(width: 60, height: 100, fetch: .translation))
        #expect(list.commands[1].blend == .copy && list.commands[1].coverage == .box)
        #expect(list.commands[2].source == .contents(width: 60, height: 100, fetch: .separable))
        #expect(list.commands[2].coverage == .edges(.nonZero) && list.commands[2].blend == .over(opacity: 1))
        // x 10.5...70.5 → whole pixels 10..<71, cut to the frame's 60 columns.
        #expect(list.commands[2].pixelBounds == CGRect(x: 10, y: 0, width: 50, height: 100))
        // The still screen covers the band: nothing before it (the root's black) is drawn.
        #expect(list.bands.map(\.occluder) == [1])
        #expect(list.description.split(separator: "\n").count == 1 + list.bands.count + list.commands.count)
        // Fast paths off: every fetch is the general one, and no occlusion pass runs.
        var general = RenderOptions(scale: 1)
        general.disableFastPaths = true
        let slow = try Compositor(options: general).displayList(for: root, size: Self.size)
        #expect(
            slow.commands.compactMap(\.source) == [
                .solid(RGBA8.black), .contents(width: 60, height: 100, fetch: .general), .contents(width: 60, height: 100, fetch: .general),
            ])
        #expect(slow.bands.map(\.occluder) == [nil])
    }

    @Test func aBadSizeThrowsAsRenderDoes() {
        let root = layer(CGRect(origin: .zero, size: Self.size), .black)
        #expect(throws: TransitionKitError.self) { try Compositor().displayList(for: root, size: CGSize(width: CGFloat.nan, height: 10)) }
        #expect(throws: TransitionKitError.self) { try Compositor().displayList(for: root, size: CGSize(width: 0, height: 10)) }
    }
}
