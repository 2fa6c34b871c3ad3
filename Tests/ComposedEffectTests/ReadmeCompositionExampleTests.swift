import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore

/// The README's "Composing effects" example, run as written (with the navigation controller,
/// detail screen and registry it assumes), so it stays true.
@MainActor
@Suite struct ReadmeCompositionExampleTests {
    @Test func readmeExampleRuns() throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 120, height: 200), frameClock: clock)
        let nav = NavigationController(rootViewController: ViewController(title: "list"))
        window.rootViewController = nav
        let detail = ViewController(title: "detail")
        for y in [20.0, 60.0, 100.0] { detail.view.addSubview(View(frame: CGRect(x: 10, y: y, width: 100, height: 30))) }
        var registry = EffectRegistry()
        try registry.register(Radial.self)
        try registry.register(Fade.self)

        // The README's lines:
        let revealAndFade = ParallelEffect(Radial(), Fade())  // registered name radial+fade
        let tiltThenFade = SequentialEffect(PushBack3D(), Fade(), split: 0.4)  // pushback3d>fade
        let cascade = StaggeredEffect(Fade(), delay: 0.25)  // staggered(fade)
        try revealAndFade.validate()  // conflicts now, not at prepare
        var finished: Bool?
        nav.perform(
            .push(detail), animated: true,
            transition: TransitionOverride(animator: cascade.makeAnimator(for: .push))
        ) { finished = $0 }
        try registry.register(ParallelEffect<Radial, Fade>.self)  // list, render, run, play it

        clock.runUntilIdle()
        #expect(finished == true)
        #expect(nav.viewControllers.last === detail)
        #expect(type(of: tiltThenFade).name == "pushback3d>fade")
        #expect(type(of: cascade).name == "staggered(fade)")
        #expect(registry.names == ["radial", "fade", "radial+fade"])
    }
}
