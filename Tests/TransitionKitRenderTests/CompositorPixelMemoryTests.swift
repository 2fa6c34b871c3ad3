import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// `Compositor.render(_:intoPixels:width:height:bytesPerRow:)`, the render into caller-owned
/// memory (a locked SDL texture): the expected pixels are the same tree's `Bitmap` render
/// (`render(_:into:)`), byte for byte. The memory is deliberately awkward: rows 5 pixels
/// longer than the frame, the first pixel 4 bytes past a 64-byte boundary (a `Bitmap`'s rows
/// start on one), and prefilled with two different garbage bytes: a pixel the render left
/// unwritten would differ between the two fills (locked texture memory is undefined), a write
/// past a row's `width` pixels would change the padding.
@Suite struct CompositorPixelMemoryTests {
    /// Renders `tree` into fresh memory filled with `garbage`; returns the frame's rows as a
    /// bitmap and whether every padding byte still holds `garbage`.
    static func renderIntoMemory(
        _ tree: LayerSnapshot, compositor: Compositor, width: Int, height: Int, garbage: UInt8
    ) -> (frame: Bitmap, paddingIntact: Bool) {
        let stride = width + 5, bytesPerRow = stride * 4
        let count = 64 + bytesPerRow * height
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: garbage, count: count)
        let base = memory + 4
        compositor.render(tree, intoPixels: base, width: width, height: height, bytesPerRow: bytesPerRow)
        var frame = Bitmap(width: width, height: height)
        var intact = true
        let frameStride = frame.rowStride
        frame.withUnsafeMutablePixels { dst in
            for y in 0..<height {
                let row = base + y * bytesPerRow
                UnsafeMutableRawPointer(dst + y * frameStride).copyMemory(from: row, byteCount: width * 4)
                let pad = UnsafeRawBufferPointer(start: row + width * 4, count: bytesPerRow - width * 4)
                if pad.contains(where: { $0 != garbage }) { intact = false }
            }
        }
        let head = UnsafeRawBufferPointer(start: memory, count: 4)
        if head.contains(where: { $0 != garbage }) { intact = false }
        return (frame, intact)
    }

    @Test(arguments: [1, 3])
    func renderIntoCallerMemoryEqualsTheBitmapRender(threads: Int) throws {
        var seeds = SplitMix64(seed: 0x5d1_2026)
        for i in 0..<40 {
            let scale: CGFloat = [1, 1.5, 2, 3][i % 4]
            let size = CGSize(width: 20 + Double(i % 7) * 9, height: 16 + Double(i % 5) * 11)
            var trees = RandomLayerTree(seed: seeds.next(), size: size, extreme: false)
            let tree = trees.tree()
            let compositor = Compositor(options: RenderOptions(scale: scale, background: RGBA8(r: 50, g: 100, b: 150, a: 255), threads: threads))
            let expected = try compositor.render(tree, size: size)
            for garbage: UInt8 in [0x00, 0xA5] {
                let (frame, intact) = Self.renderIntoMemory(
                    tree, compositor: compositor, width: expected.width, height: expected.height, garbage: garbage)
                #expect(frame == expected, "case \(i) at scale \(scale), memory filled with \(garbage): differs from the bitmap render")
                #expect(intact, "case \(i): bytes outside the frame's rows were written")
            }
        }
    }
}
