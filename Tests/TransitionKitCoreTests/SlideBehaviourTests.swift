import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// `Slide` as UIKit's default: the closed form of its placement, the default animator of a
/// navigation controller with nothing configured, what it leaves behind, the right-to-left
/// mirror and the registry's text parameters.
@MainActor
@Suite struct SlideBehaviourTests {
    static let size = CGSize(width: 390, height: 844)

    /// The closed form at five progress values (hand-computed, w = 390): push at p has the
    /// incoming view at 390·(1 − p), the outgoing one at −130·p, overlay 0.1·p, shadow 0.5·p;
    /// pop at p equals push at 1 − p with the roles exchanged; right to left negates every x.
    @Test(arguments: [(CGFloat(0), 390.0, 0.0), (0.25, 292.5, -32.5), (0.5, 195, -65), (0.75, 97.5, -97.5), (1, 0, -130)])
    func pushAndPopPlacement(p: CGFloat, incomingX: Double, outgoingX: Double) {
        let slide = Slide()
        let push = slide.placement(.push, progress: p, size: Self.size)
        #expect(abs(push.incoming.x - incomingX) < 1e-9 && push.incoming.y == 0)
        #expect(abs(push.outgoing.x - outgoingX) < 1e-9 && push.outgoing.y == 0)
        #expect(abs(push.dimming - 0.1 * p) < 1e-12 && abs(push.shadowOpacity - 0.5 * Float(p)) < 1e-6)
        let pop = slide.placement(.pop, progress: 1 - p, size: Self.size)
        #expect(abs(pop.outgoing.x - incomingX) < 1e-9 && abs(pop.incoming.x - outgoingX) < 1e-9)
        #expect(abs(pop.dimming - push.dimming) < 1e-12 && abs(pop.shadowOpacity - push.shadowOpacity) < 1e-6)
        let mirrored = slide.placement(.push, progress: p, size: Self.size, direction: .rightToLeft)
        #expect(abs(mirrored.incoming.x + incomingX) < 1e-9 && abs(mirrored.outgoing.x + outgoingX) < 1e-9)
    }

    /// Cover vertical: present at p has the incoming view at y = 844·(1 − p), dismiss the
    /// outgoing one at 844·p; no overlay, no shadow, nothing moves sideways. A tab switch toward
    /// a lower index moves the incoming view in from the left: x = −390·(1 − p).
    @Test(arguments: [CGFloat(0.25), 0.5, 0.75])
    func coverVerticalAndTabPlacement(p: CGFloat) {
        let slide = Slide()
        let present = slide.placement(.present, progress: p, size: Self.size)
        #expect(present.incoming == CGPoint(x: 0, y: 844 * (1 - p)) && present.outgoing == .zero)
        #expect(present.dimming == 0 && present.shadowOpacity == 0)
        let dismiss = slide.placement(.dismiss, progress: p, size: Self.size)
        #expect(dismiss.outgoing == CGPoint(x: 0, y: 844 * p) && dismiss.incoming == .zero)
        let tab = slide.placement(.tab, progress: p, size: Self.size, tabDirection: .reverse)
        #expect(tab.incoming == CGPoint(x: -390 * (1 - p), y: 0) && tab.outgoing == CGPoint(x: 390 * p, y: 0))
    }

    /// The shadow strip: 4σ = 20 pt wide at the leading edge, 20 pt past the top and bottom.
    @Test func shadowPathIsTheLeadingStrip() {
        let bounds = CGRect(origin: .zero, size: Self.size)
        #expect(Slide().shadowPath(bounds: bounds) == .rect(CGRect(x: 0, y: -20, width: 20, height: 884)))
        #expect(Slide().shadowPath(bounds: bounds, direction: .rightToLeft) == .rect(CGRect(x: 370, y: -20, width: 20, height: 884)))
    }

    /// A navigation controller with no delegate and no animator runs `SlideAnimator` for a
    /// push and a pop, and after each the views' layers are as before: no shadow, no overlay
    /// sublayer, identity transforms.
    @Test func theDefaultPushIsTheSlideAndLeavesNothingBehind() {
        let scene = TestScene(size: Self.size)
        let detail = scene.makeViewController("detail")
        var sawSlide = false
        scene.navigationController.push(detail)
        scene.clock.step()
        sawSlide = scene.navigationController.transitionAnimator is SlideAnimator
        _ = scene.clock.runUntilIdle()
        #expect(sawSlide && scene.stackTitles == ["root", "detail"])
        for view in [scene.root.view, detail.view] {
            #expect(view.layer.shadowOpacity == 0 && view.layer.shadowPath == nil && view.layer.sublayers.isEmpty)
            #expect(view.transform3D == .identity)
        }
        scene.navigationController.pop()
        scene.clock.step()
        let popAnimator = scene.navigationController.transitionAnimator
        _ = scene.clock.runUntilIdle()
        #expect(popAnimator is SlideAnimator && scene.stackTitles == ["root"])
        #expect(scene.root.view.layer.sublayers.isEmpty && scene.root.view.transform3D == .identity)
    }

    /// Right to left: the back swipe is installed on the right edge and moves left; in a
    /// left-to-right layout on the left edge, moving right.
    @Test(arguments: [false, true])
    func theBackSwipeStartsAtTheLeadingEdge(rightToLeft: Bool) throws {
        let scene = TestScene(size: Self.size)
        if rightToLeft { scene.navigationController.view.semanticContentAttribute = .forceRightToLeft }
        let pop = scene.navigationController.enableInteractivePop(Slide())
        let edge = try #require(pop.recognizer as? ScreenEdgePanGestureRecognizer)
        #expect(edge.edges == (rightToLeft ? .right : .left))
        #expect(pop.interaction.direction == (rightToLeft ? .left : .right))
    }

    /// The layout direction flows down from the nearest view that forces one.
    @Test func layoutDirectionIsInherited() {
        let outer = View(), middle = View(), inner = View()
        outer.addSubview(middle)
        middle.addSubview(inner)
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        outer.semanticContentAttribute = .forceRightToLeft
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        middle.semanticContentAttribute = .playback
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(outer.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    /// Text parameters through the registry: values in range make the configuration, one out
    /// of range is a typed error naming it.
    @Test func registryReadsTheParameters() throws {
        var registry = EffectRegistry()
        try registry.register(Slide.self)
        let effect = try registry.makeEffect(named: "slide", settings: ["dimming": "0.2", "parallax": "0.5", "shadowradius": "8"])
        #expect(effect as? Slide == Slide(parallax: 0.5, dimming: 0.2, shadowRadius: 8))
        #expect(throws: TransitionKitError.self) { try registry.makeEffect(named: "slide", settings: ["dimming": "1.5"]) }
        #expect(try registry.makeEffect(named: "slide", settings: [:]) as? Slide == Slide())
    }
}
