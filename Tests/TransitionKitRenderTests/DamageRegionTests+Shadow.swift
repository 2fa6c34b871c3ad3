import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Damage of a layer's shadow: its blur reaches 3σ + 1 pixels beyond the caster's shape
/// (`GaussianEdgeProfile.reach`), offset by `shadowOffset`, so moving a shadowed layer changes
/// pixels outside its bounds, and a damage render must redraw them: it equals the full render,
/// byte for byte.
extension DamageRegionTests {
    @Test(arguments: [0, 1, 2])
    func movingAShadowedLayerRedrawsItsShadow(variant: Int) throws {
        func card(_ origin: CGPoint) -> LayerSnapshot {
            layer(CGRect(origin: origin, size: CGSize(width: 50, height: 36)), .white) {
                $0.cornerRadius = 6
                $0.shadowOpacity = 0.8
                $0.shadowRadius = 8
                $0.shadowOffset = CGSize(width: 6, height: 10)
                if variant == 1 { $0.shadowPath = .rect(CGRect(x: -20, y: -16, width: 90, height: 70)) }
            }
        }
        func tree(_ origin: CGPoint) -> LayerSnapshot {
            // Variant 2: inside a superlayer scaled 1.5x, so σ is 12 device pixels.
            let host = layer(CGRect(x: 0, y: 0, width: 200, height: 200), sublayers: [card(origin)]) {
                if variant == 2 { $0.transform = Transform3D(scaleX: 1.5, y: 1.5) }
            }
            return Self.scene([host])
        }
        let size = CGSize(width: 200, height: 200), options = RenderOptions(scale: 1)
        let (a, b) = (tree(CGPoint(x: 60, y: 50)), tree(CGPoint(x: 74, y: 62)))
        let damage = DamageRegion(from: a, to: b, size: size, options: options)
        let compositor = Compositor(options: options)
        var frame = try compositor.render(a, size: size)
        compositor.render(b, into: &frame, damage: damage)
        let full = try compositor.render(b, size: size)
        var differing = 0
        for y in 0..<200 { for x in 0..<200 where frame.pixel(x: x, y: y) != full.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "variant \(variant): \(differing) pixels differ from the full render; damage \(damage.bounds)")
    }
}
