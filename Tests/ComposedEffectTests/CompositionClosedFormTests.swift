import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import FadeEffect
@testable import PushBack3DEffect
@testable import RadialEffect

/// Compositions against the closed forms of their parts on a 120x200 pt stage, at several
/// progress values. Radial push (RadialGeometry's formula): an ellipse centred on the
/// right-edge midpoint (120, 100) with radius R·q, R = √(120² + 100²) + √2 (farthest corner
/// plus the √2 pt margin) at the part's progress q. Fade's cross-dissolve: the incoming
/// view's opacity is q. Push-back's slide: the incoming view translated by 120·(1 − q).
/// The composition rules (ComposedEffect, ParallelEffect, SequentialEffect, StaggeredEffect
/// docs): parallel parts see p; a sequence's parts p ÷ split and (p − split) ÷ (1 − split),
/// clamped; opacities multiply, transforms concatenate (first part's, then second's).
@MainActor
@Suite struct CompositionClosedFormTests {
    static let finalRadius = (120.0 * 120 + 100 * 100).squareRoot() + 2.0.squareRoot()

    /// The radial push mask rectangle at part progress q.
    static func radialRect(_ q: CGFloat) -> CGRect {
        let r = finalRadius * q
        return CGRect(x: 120 - r, y: 100 - r, width: 2 * r, height: 2 * r)
    }

    static func expectRect(_ actual: CGRect?, _ expected: CGRect, _ label: String) {
        guard let a = actual else { return #expect(Bool(false), "\(label): no ellipse mask") }
        #expect(
            isApproximatelyEqual(a.minX, expected.minX, absolute: 1e-9) && isApproximatelyEqual(a.minY, expected.minY, absolute: 1e-9)
                && isApproximatelyEqual(a.width, expected.width, absolute: 1e-9)
                && isApproximatelyEqual(a.height, expected.height, absolute: 1e-9), "\(label): \(a) vs \(expected)")
    }

    /// radial+fade: the mask is radial's at p and the incoming opacity fade's at p.
    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func parallelRadialFade(p: CGFloat) throws {
        let stage = try makeStage(.push)
        show(ParallelEffect(Radial(), Fade()), .push, at: p, on: stage)
        let to = stage.toViewController.view.layer
        Self.expectRect(ellipseRect(to.mask?.path), Self.radialRect(p), "p = \(p)")
        #expect(isApproximatelyEqual(Double(to.opacity), p, absolute: 1e-6))
        stage.end(finish: true)
    }

    /// radial>fade with split 0.4: radial at min(1, p/0.4), fade at max(0, (p − 0.4)/0.6).
    @Test(arguments: [0.0, 0.2, 0.4, 0.7, 1.0])
    func sequenceRadialThenFade(p: CGFloat) throws {
        let stage = try makeStage(.push)
        show(SequentialEffect(Radial(), Fade(), split: 0.4), .push, at: p, on: stage)
        let to = stage.toViewController.view.layer
        Self.expectRect(ellipseRect(to.mask?.path), Self.radialRect(min(1, p / 0.4)), "p = \(p)")
        #expect(isApproximatelyEqual(Double(to.opacity), max(0, (p - 0.4) / 0.6), absolute: 1e-6))
        stage.end(finish: true)
    }

    /// Opacities multiply: two cross-dissolves both set the incoming opacity to p, so the
    /// composition's is p² (the layer's own opacity is 1).
    @Test(arguments: [0.0, 0.3, 0.5, 0.9, 1.0])
    func opacitiesMultiply(p: CGFloat) throws {
        let stage = try makeStage(.pop)
        show(ParallelEffect(Fade(), Fade()), .pop, at: p, on: stage)
        #expect(isApproximatelyEqual(Double(stage.toViewController.view.layer.opacity), p * p, absolute: 1e-6))
        stage.end(finish: false)
    }

    /// Transforms concatenate: push-back slides the incoming view by 120·(1 − p) and Grow
    /// scales it by 0.5 + 0.5·p; the composition's transform is the slide, then the scale
    /// (`CATransform3DConcat(slide, scale)`), both about the view's centre.
    @Test(arguments: [0.0, 0.25, 0.6, 1.0])
    func transformsConcatenate(p: CGFloat) throws {
        let stage = try makeStage(.push)
        show(ParallelEffect(PushBack3D(), Grow()), .push, at: p, on: stage)
        let s = Grow.scale(at: p)
        let expected = Transform3D(translationX: 120 * (1 - p), y: 0).concatenating(Transform3D(scaleX: s, y: s))
        #expect(nearlyEqual(stage.toViewController.view.layer.transform, expected))
        // The outgoing view is push-back's alone.
        #expect(nearlyEqual(stage.fromViewController.view.layer.transform, PushBack3D().pushedBackTransform(at: p)))
        stage.end(finish: true)
    }

    /// A part's duration: the longer for parallel, the sum for a sequence; the curve is the
    /// first part's (radial 0.33 s easeIn, fade 0.3 s easeInEaseOut).
    @Test func durationsAndCurves() throws {
        let stage = try makeStage(.push)
        let parallel = ParallelEffect(Radial(), Fade()).makeAnimator(for: .push)
        let sequence = SequentialEffect(Fade(), Radial()).makeAnimator(for: .push)
        var parallelDuration = 0.0, sequenceDuration = 0.0
        let probe = ClosureAnimator(duration: 0.1) { _, context in
            parallelDuration = parallel.transitionDuration(using: context)
            sequenceDuration = sequence.transitionDuration(using: context)
        }
        stage.begin(animator: probe, interactive: true)
        stage.setProgress(0.5)
        #expect(parallelDuration == 0.33)
        #expect(isApproximatelyEqual(sequenceDuration, 0.63, absolute: 1e-12))
        #expect(parallel.timingCurve == .easeIn)
        #expect(sequence.timingCurve == .easeInEaseOut)
        stage.end(finish: false)
    }

    /// Staggered fade over three rows with delay 0.5: window length w = 1/(1 + 3·0.5) = 0.4,
    /// item k starts at 0.2·k; the incoming view is item 0 (opacity clamp(p/0.4)) and row k−1
    /// item k (opacity clamp((p − 0.2k)/0.4)).
    @Test(arguments: [0.0, 0.1, 0.3, 0.5, 0.8, 1.0])
    func staggeredFade(p: CGFloat) throws {
        let stage = try makeStage(.push, rows: 3)
        let rows = stage.toViewController.view.subviews
        show(StaggeredEffect(Fade(), delay: 0.5), .push, at: p, on: stage)
        func clamped(_ v: CGFloat) -> Double { Double(min(1, max(0, v))) }
        #expect(isApproximatelyEqual(Double(stage.toViewController.view.layer.opacity), clamped(p / 0.4), absolute: 1e-6))
        for (i, row) in rows.enumerated() {
            let k = CGFloat(i + 1)
            #expect(isApproximatelyEqual(Double(row.layer.opacity), clamped((p - 0.2 * k) / 0.4), absolute: 1e-6), "row \(i) at \(p)")
        }
        stage.end(finish: true)
    }

    /// The published window formula and the stagger's duration, fade's 0.3 s × (1 + 3·0.5),
    /// asked before the transition (by the driver) and again during it (after the stagger
    /// added its empty views).
    @Test func staggerWindowsAndDuration() throws {
        #expect(StaggeredEffect<Fade>.itemWindow(0, of: 3, delay: 0.5) == (start: 0, length: 0.4))
        let last = StaggeredEffect<Fade>.itemWindow(3, of: 3, delay: 0.5)
        #expect(isApproximatelyEqual(last.start + last.length, 1, absolute: 1e-12))
        let stage = try makeStage(.push, rows: 3)
        let probe = DurationProbe(StaggeredEffect(Fade(), delay: 0.5).makeAnimator(for: .push))
        stage.begin(animator: probe, interactive: true)
        stage.setProgress(0.1)
        #expect(probe.durations.count >= 2)
        #expect(probe.durations.allSatisfy { isApproximatelyEqual($0, 0.75, absolute: 1e-12) }, "\(probe.durations)")
        stage.end(finish: false)
    }
}

/// Forwards to an animator and records its duration each time the driver asks for it and at
/// every frame.
@MainActor
final class DurationProbe: AnimatedTransitioning {
    let inner: any AnimatedTransitioning
    private(set) var durations: [TimeInterval] = []

    init(_ inner: any AnimatedTransitioning) { self.inner = inner }

    var timingCurve: TimingCurve { inner.timingCurve }
    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval {
        let d = inner.transitionDuration(using: context)
        durations.append(d)
        return d
    }
    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) { try inner.prepareTransition(using: context) }
    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        inner.updateTransition(progress: progress, using: context)
        durations.append(inner.transitionDuration(using: context))
    }
    func animationEnded(_ transitionCompleted: Bool) { inner.animationEnded(transitionCompleted) }
}
