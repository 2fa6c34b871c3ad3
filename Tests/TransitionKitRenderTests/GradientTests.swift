import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Gradients against closed forms: an axial gradient's pixel at centre (x + 0.5) has
/// t = ((x + 0.5) / w − s) / (e − s) along a horizontal axis, its colour the straight lerp of
/// the two stops premultiplied (`Gradient` doc), within 1/255 (the ramp's quantisation).
@Suite struct GradientTests {
    @Test func anAxialGradientIsTheLerpOfItsStopsAtEachPixelCentre() throws {
        let g = Gradient(colors: [.red, .blue], startPoint: CGPoint(x: 0, y: 0.5), endPoint: CGPoint(x: 1, y: 0.5))
        let bitmap = try LayerPowerTests.render([layer(CGRect(x: 0, y: 0, width: 60, height: 60)) { $0.gradient = g }])
        writeForLooking(bitmap, name: "gradient_axial")
        for x in [0, 13, 30, 59] {
            let t = (Double(x) + 0.5) / 60
            let p = try #require(bitmap.pixel(x: x, y: 20))
            #expect(abs(Double(p.r) - 255 * (1 - t)) <= 1 && abs(Double(p.b) - 255 * t) <= 1 && p.a == 255, "x \(x): \(p)")
        }
    }

    @Test func badValuesAreRejected() {
        #expect(throws: TransitionKitError.self) { _ = try Gradient(validatingColors: [.red, .blue], locations: [0]) }
        #expect(throws: TransitionKitError.self) { _ = try Gradient(validatingColors: [.red, .blue], locations: [0.6, 0.4]) }
        #expect(throws: TransitionKitError.self) { _ = try Gradient(validatingColors: [.red], startPoint: CGPoint(x: CGFloat.nan, y: 0)) }
    }
}
