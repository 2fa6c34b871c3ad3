import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting

/// `EffectScene` refuses a size that cannot be rendered, so the laws never run on a scene
/// where every render fails (each law then reported the scene, not the effect).
@MainActor
@Suite struct EffectSceneTests {
    @Test(arguments: [
        (CGSize(width: 0.5, height: 100), CGFloat(0.5)),  // 0.25 px wide: rounds to 0
        (CGSize(width: 100, height: 9000), CGFloat(2)),  // 18000 px tall: above Bitmap.maximumDimension
    ])
    func aSceneThatCannotBeRenderedThrows(size: CGSize, scale: CGFloat) {
        #expect {
            _ = try EffectScene(validatingSize: size, scale: scale)
        } throws: { error in
            guard case .invalidSize(let name, _, _, let accepted) = error as? TransitionKitError else { return false }
            return name.hasPrefix("effect scene of") && accepted == "1...\(Bitmap.maximumDimension) pixels a side"
        }
    }

    /// The smallest and largest renderable sides are accepted and render at that size.
    @Test func theSmallestAndLargestRenderableSidesAreAccepted() throws {
        let tiny = EffectScene(size: CGSize(width: 1, height: 1), scale: 1)
        let frame = try tiny.render(try tiny.makeStage(.push))
        #expect(frame.width == 1 && frame.height == 1)
        _ = EffectScene(size: CGSize(width: 1, height: CGFloat(Bitmap.maximumDimension) / 2), scale: 2)
    }
}
