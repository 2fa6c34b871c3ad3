import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

extension FastPathTests {
    @Test func opaqueOneToOneImageMask() throws {
        // A mask layer whose contents are an opaque image drawn 1:1 is rendered offscreen, its
        // rows as deferred copies: they must be written before the mask's alpha is read (the
        // masked layer showed nothing before).
        let mask = layer(CGRect(origin: .zero, size: Self.size)) { $0.contents = Self.image(width: 60, height: 100, opaque: true) }
        let root = layer(
            CGRect(origin: .zero, size: Self.size), .black,
            sublayers: [layer(CGRect(x: 0, y: 0, width: 60, height: 100), Color(red: 0.9, green: 0.2, blue: 0.1), mask: mask)])
        try check("opaque_image_mask", root, size: Self.size, exact: true)
    }
}
