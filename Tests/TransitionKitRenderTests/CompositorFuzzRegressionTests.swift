import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Inputs the compositor fuzz test (`CompositorFuzzTests`) found, kept as named regressions.
@Suite struct CompositorFuzzRegressionTests {
    /// `Color.premultipliedRGBA8` clamped the products c·a instead of the components, so a
    /// component above 1 gave a channel above alpha (not premultiplied), and a NaN component
    /// (or ∞·0) trapped converting to UInt8. The documented rule: components clamped to
    /// 0...1, then round(c·a·255).
    @Test func outOfRangeColourComponentsAreClampedFirst() {
        #expect(Color(red: 2, green: -1, blue: 0.5, alpha: 0.5).premultipliedRGBA8 == RGBA8(r: 128, g: 0, b: 64, a: 128))
        #expect(Color(red: .nan, green: .infinity, blue: 1, alpha: 1).premultipliedRGBA8 == RGBA8(r: 0, g: 255, b: 255, a: 255))
        #expect(Color(red: 1, green: 1, blue: 1, alpha: .nan).premultipliedRGBA8 == .transparent)
        #expect(Color(red: .infinity, green: 0, blue: 0, alpha: 0).premultipliedRGBA8 == .transparent)
    }

    /// The same colours as a layer background render without a trap, premultiplied.
    @Test func outOfRangeBackgroundRendersPremultiplied() throws {
        let root = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 4, height: 2)
            $0.position = CGPoint(x: 2, y: 1)
            $0.backgroundColor = Color(red: 2, green: .nan, blue: -3, alpha: 0.5)
        }
        let frame = try Compositor(options: RenderOptions(background: .transparent)).render(root, size: CGSize(width: 4, height: 2))
        #expect(frame.pixel(x: 1, y: 1) == RGBA8(r: 128, g: 0, b: 0, a: 128))
        #expect(CompositorFuzzTests.invalidPixel(frame) == nil)
    }
}
