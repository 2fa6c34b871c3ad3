import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// A layer's `filters` blur (`LayerFilter.gaussianBlur(radius:)`) against closed forms. A white
/// layer covering the frame left of x = e (every row, past the frame's top, bottom and left
/// edges, which the blur repeats) blurred with σ = radius points over black is, along any row,
/// the Gaussian's step response 255·(1 − Φ((x + ½ − e)/σ)) at pixel centres, Φ the standard
/// normal CDF (Φ(t) = (1 + erf(t/√2))/2). The bound (`BlurPlan`'s doc): the largest difference
/// is under 4/255 for every σ, within 1/255 for the exact kernel (σ < 1 px).
@Suite struct LayerBlurTests {
    /// The blurred step edge at scale `scale`: the frame is wide enough that the right side is
    /// black before its edge. Returns the largest difference from the closed form, /255 units,
    /// over the middle row.
    /// `vertical`: the edge is horizontal (white above y = e), read down the middle column.
    static func stepEdgeError(radius: CGFloat, scale: CGFloat = 1, vertical: Bool = false) throws -> Double {
        let sigma = Double(radius * scale)
        let edge = (max(20, 5 * sigma + 10) / Double(scale)).rounded(.up)
        let across = 40 / scale
        let size = vertical ? CGSize(width: across, height: 2 * edge) : CGSize(width: 2 * edge, height: across)
        let rect =
            vertical ? CGRect(x: -10, y: -10, width: across + 20, height: edge + 10) : CGRect(x: -10, y: -10, width: edge + 10, height: across + 20)
        let white = layer(rect, .white) { $0.filters = [.gaussianBlur(radius: radius)] }
        let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [white])
        let bitmap = try Compositor(options: RenderOptions(scale: scale, threads: 1)).render(root, size: size)
        var worst = 0.0
        let e = edge * Double(scale)
        for i in 0..<(vertical ? bitmap.height : bitmap.width) {
            let t = (Double(i) + 0.5 - e) / sigma
            let want = 255 * (1 - (1 + erf(t / 2.squareRoot())) / 2)
            let p = try #require(vertical ? bitmap.pixel(x: bitmap.width / 2, y: i) : bitmap.pixel(x: i, y: bitmap.height / 2))
            worst = max(worst, abs(Double(p.r) - want))
            #expect(p.a == 255 && p.r == p.g && p.g == p.b, "\(i): \(p)")
        }
        return worst
    }

    @Test(arguments: [0.25, 0.3, 0.5, 0.6, 0.8, 0.99])
    func theExactKernelMatchesTheStepResponse(radius: Double) throws {
        for vertical in [false, true] {
            let worst = try Self.stepEdgeError(radius: CGFloat(radius), vertical: vertical)
            #expect(worst <= 1.0, "σ \(radius) px, vertical \(vertical): \(worst)/255")
        }
    }

    @Test(arguments: [1.0, 1.2, 1.5, 2.0, 2.5, 3, 4, 5, 7, 8, 12, 16, 20, 31, 33, 47, 60, 64])
    func threeBoxBlursMatchTheStepResponse(radius: Double) throws {
        for vertical in [false, true] {
            let worst = try Self.stepEdgeError(radius: CGFloat(radius), vertical: vertical)
            #expect(worst < 4, "σ \(radius) px, vertical \(vertical): \(worst)/255")
        }
    }

    /// UIKit's case: radius 20 pt at scale 3 is σ = 60 device pixels (CIGaussianBlur's
    /// inputRadius is σ), drawn at 1/16 resolution (60/16 ≥ 2 > 60/32).
    @Test func twentyPointsAtScaleThreeIsSigmaSixtyPixels() throws {
        for vertical in [false, true] {
            let worst = try Self.stepEdgeError(radius: 20, scale: 3, vertical: vertical)
            #expect(worst < 4, "vertical \(vertical): \(worst)/255")
        }
        let plan = try #require(BlurPlan(sigma: 60))
        #expect(plan.levels == 4 && !plan.exact)
    }
}
