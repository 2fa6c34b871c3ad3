import Foundation
import RadialEffect
import Testing
import TransitionKitCore

/// Release 1.0.0's spellings, called from deprecated witnesses of a protocol whose
/// requirements are not deprecated: the test build (warnings as errors) has no deprecation
/// warning, while any other caller of an old spelling gets one.
@MainActor
private protocol RadialSpellings {
    func animator() -> RadialAnimator
    func animator(style: Radial.PopStyle, duration: TimeInterval) -> RadialAnimator
    func defaultDuration() -> TimeInterval
    func duration(of animator: RadialAnimator) -> TimeInterval
    func conceals(_ radial: Radial) -> Bool
}

@MainActor
private struct OldRadialSpellings: RadialSpellings {
    @available(*, deprecated)
    func animator() -> RadialAnimator { RadialAnimator() }
    @available(*, deprecated)
    func animator(style: Radial.PopStyle, duration: TimeInterval) -> RadialAnimator {
        let old: RadialAnimator.Style = style
        return RadialAnimator(duration: duration, style: old)
    }
    @available(*, deprecated)
    func defaultDuration() -> TimeInterval { RadialAnimator.defaultDuration }
    @available(*, deprecated)
    func duration(of animator: RadialAnimator) -> TimeInterval { animator.duration }
    @available(*, deprecated)
    func conceals(_ radial: Radial) -> Bool { radial.conceal }
}

/// The 1.0.0 spellings compile and behave as the new ones they forward to.
@MainActor
@Suite struct DeprecatedRadialSpellingTests {
    private let old: any RadialSpellings = OldRadialSpellings()

    /// Renders `animator`'s pop or push at progress 0.5 and returns the window's layer tree.
    private func frame(_ animator: RadialAnimator, _ operation: TransitionOperation) throws -> LayerSnapshot {
        let stage = TransitionStage(operation: operation, size: CGSize(width: 120, height: 200), fromImage: nil, toImage: nil)
        stage.begin(animator: animator, interactive: true)
        stage.setProgress(0.5)
        return stage.snapshot()
    }

    @Test func defaultInitIsTheDefaultConfigurationsPushAnimator() throws {
        let a = old.animator(), b = RadialAnimator(Radial(), operation: .push)
        #expect(a.configuration == Radial() && a.style == .reveal && a.startFrame == nil)
        #expect(a.style == b.style && a.timingCurve == b.timingCurve)
        #expect(try frame(a, .push) == frame(b, .push))
    }

    @Test func styleInitForwardsToPopStyle() throws {
        let a = old.animator(style: .conceal, duration: 0.5)
        let b = RadialAnimator(Radial(duration: 0.5, popStyle: .conceal), operation: .pop)
        #expect(a.configuration == b.configuration && a.style == .conceal && b.style == .conceal)
        #expect(try frame(a, .pop) == frame(b, .pop))
        // 1.0.0's reveal animator revealed on pop as well.
        #expect(old.animator(style: .reveal, duration: 0.5).style == .reveal)
    }

    /// RadialTransition's duration, 0.33 s, under both names.
    @Test func defaultDurationMoved() {
        #expect(old.defaultDuration() == Radial.defaultDuration)
        #expect(old.defaultDuration() == 0.33)
    }

    @Test func durationAndConcealForward() {
        let a = RadialAnimator(Radial(duration: 0.5), operation: .push)
        #expect(old.duration(of: a) == 0.5 && old.duration(of: a) == a.configuration.duration)
        #expect(old.conceals(Radial(popStyle: .conceal)) && !old.conceals(Radial(popStyle: .reveal)))
    }
}
