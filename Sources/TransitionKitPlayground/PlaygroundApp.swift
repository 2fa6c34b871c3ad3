import Foundation
import TransitionKitCore
import TransitionKitDisplay
import TransitionKitRender

/// One presented frame, as tests and scripts see it.
package struct PlaygroundFrame {
    /// The frame's number, from 1.
    package var index: Int
    /// The inputs applied to the session this frame, in order (touches, then the advance).
    package var inputs: [PlaygroundSession.Input]
    /// The display link's timestamp (seconds on the display clock).
    package var timestamp: TimeInterval
    /// The scene's pixels read back from the window (when asked for), else nil.
    package var readBack: Bitmap?
    /// Seconds the model (session inputs), the compositor and the upload took.
    package var modelTime: TimeInterval, renderTime: TimeInterval, uploadTime: TimeInterval
    /// Whether the frame showed the scrub stage instead of the session.
    package var scrubbing: Bool
}

/// The playground's window loop: the display clock fires once per vsync; each frame takes the
/// window's events (touches to the session, keys to the controls), advances the session's
/// model clock by the vsyncs elapsed (÷ 10 in slow motion, not at all when paused), renders
/// the scene with the compositor, draws the HUD beside it and presents.
@MainActor
package final class PlaygroundApp {
    package let display: DisplayWindow
    package let clock: DisplayFrameClock
    package let session: PlaygroundSession
    var mapper: InputMapper
    var compositor: Compositor
    var scene: Bitmap
    var panel: Bitmap?
    var options: PlaygroundOptions
    var output: (String) -> Void

    // Time controls.
    var slowMotion = false
    var paused = false
    var loops = false
    var stepRequest = 0
    /// The inputs since the session's last reset, for stepping back.
    var log: [PlaygroundSession.Input] = []
    /// At most this many inputs are kept (an hour of frames at 60 Hz); past it stepping back
    /// and the dump are unavailable until the next reset.
    static let logLimit = 216_000
    /// The scene size and scale when the log began (the session's last reset).
    var logStartSize: CGSize
    var logStartScale: CGFloat
    /// Whether `log` holds every input since the last reset.
    var logComplete = true
    let imageProvider: PlaygroundSession.ImageProvider
    var scrub: (stage: TransitionStage, progress: Double, operation: TransitionOperation)?
    /// Where the touch that is down began: the scene (nil), the HUD's timeline or elsewhere on the HUD.
    var panelTouch: PanelTouch?
    enum PanelTouch { case timeline, ignored }
    var parameterIndex = 0
    /// Whether the HUD lists every key (`h`).
    var showsHelp = false
    var recorder: PlaygroundRecorder?
    var note: String?

    // Statistics.
    var frameIndex = 0
    var lastTimestamp: TimeInterval?
    var frameTimes: [Double] = []
    var last = (model: 0.0, render: 0.0, upload: 0.0, present: 0.0)
    var uploadTotal = 0.0, renderTotal = 0.0, presentTotal = 0.0
    var endedSeen = 0
    var quit = false

    /// Called at the start of each frame, before the events are read (tests post events here).
    package var beforeFrame: ((Int) -> Void)?
    /// Called after each present.
    package var afterPresent: ((PlaygroundFrame) -> Void)?
    /// Whether each frame's scene is read back from the window.
    package var readsBack = false

    /// Opens the window and builds the session.
    /// - Throws: `PlaygroundFailure.failure` without SDL2 or a display (one line saying what is
    ///   missing), or for an effect or image that cannot be used.
    package init(options: PlaygroundOptions, registry: EffectRegistry, output: @escaping (String) -> Void) throws(PlaygroundFailure) {
        self.options = options
        self.output = output
        let hudWidth = options.hud ? HUD.width : 0
        let display: DisplayWindow
        do {
            display = try DisplayWindow.open(
                title: "TransitionKit playground", size: CGSize(width: options.size.width + hudWidth, height: options.size.height),
                vsync: options.vsync)
        } catch { throw .failure(error.description) }
        self.display = display
        let rate = display.refreshRate ?? 60
        do {
            clock = try DisplayFrameClock(refreshRate: rate, pacing: display.presentsOnVsync ? .presentBlocks : .sleep)
        } catch {
            display.close()
            throw .failure(error.description)
        }
        mapper = InputMapper(timeOffset: display.eventTimeOffset(clockNow: clock.now), windowSize: display.size)
        let scale = display.scale
        let sceneSize = CGSize(width: max(16, display.size.width - hudWidth), height: display.size.height)
        let provider: PlaygroundSession.ImageProvider
        do { provider = try PlaygroundImages.provider(fromPath: options.fromPath, toPath: options.toPath, scale: scale) } catch {
            display.close()
            throw error
        }
        imageProvider = provider
        logStartSize = sceneSize
        logStartScale = scale
        do {
            session = try PlaygroundSession(
                registry: registry, effect: options.effect ?? registry.names.first ?? "radial", family: options.family,
                settings: options.settings, size: sceneSize, scale: scale, images: provider)
            compositor = Compositor(options: RenderOptions(scale: scale, background: .black))
            scene = try Bitmap(validatingWidth: Self.pixels(sceneSize.width, scale), height: Self.pixels(sceneSize.height, scale))
            panel =
                options.hud ? try Bitmap(validatingWidth: Self.pixels(hudWidth, scale), height: Self.pixels(sceneSize.height, scale)) : nil
        } catch {
            display.close()
            throw .failure(error.description)
        }
    }

    /// A side in points at `scale`, in whole pixels (>= 1).
    static func pixels(_ points: CGFloat, _ scale: CGFloat) -> Int { max(1, Int((points * scale).rounded())) }

    /// The scene's width in window points (the HUD is right of it).
    var sceneWidth: CGFloat { session.size.width }

    /// Runs frames until the window closes, `q` is pressed or `--frames` frames were shown.
    package func run() {
        _ = clock.makeDisplayLink { [unowned self] link in self.frame(link) }
        if options.loop {
            loops = true
            session.apply(.reverse)
            log.append(.reverse)
        }
        let start = clock.now
        clock.run { [unowned self] in quit || (options.frames.map { frameIndex >= $0 } ?? false) }
        if let recorder { finishRecording(recorder, complete: false) }
        let seconds = max(1e-9, clock.now - start)
        let perFrame = { (total: Double) in self.frameIndex > 0 ? total / Double(self.frameIndex) * 1000 : 0 }
        output(
            String(
                format:
                    "playground: %d frames in %.2f s (%.1f per second), %d missed at %.0f Hz (%@, %@ renderer, vsync %@, %@ into a %@ RGBA32 texture, %dx%d px at scale %.2f); per frame: render %.2f ms, upload %.3f ms, present %.2f ms",
                frameIndex, seconds, Double(frameIndex) / seconds, clock.framesMissed, clock.refreshRate, display.videoDriver, display.rendererName,
                display.presentsOnVsync ? "on" : "off", options.copyFrames ? "copied" : display.locksTexture ? "rendered" : "updated",
                display.textureFormatIsNative ? "native" : "converted", display.pixelSize.width, display.pixelSize.height, Double(display.scale),
                perFrame(renderTotal), perFrame(uploadTotal), perFrame(presentTotal)))
    }

    /// Closes the window.
    package func close() { display.close() }

    /// One display frame.
    func frame(_ link: DisplayLink) {
        frameIndex += 1
        beforeFrame?(frameIndex)
        var inputs: [PlaygroundSession.Input] = []
        var touches: [Touch] = []
        for event in display.pollEvents(&mapper) {
            switch event {
            case .quit: quit = true
            case .resized: resized(into: &inputs)
            case .key(let key, let shift): handle(key, shift: shift, inputs: &inputs)
            case .touch(let touch): route(touch, sessionTouches: &touches)
            }
        }
        let m0 = Self.now()
        if recorder != nil {
            recordFrame(touches, inputs: &inputs)
        } else {
            inputs += touches.map { .touch($0) }
            if let step = modelStep(link) { inputs.append(.advance(step)) }
        }
        for input in inputs { session.apply(input) }
        // Report the transition that ended before the loop starts the next one (which
        // becomes the last operation).
        let ended = reportEnds()
        if loops && recorder == nil && ended && session.isIdle && session.lastOutcome == "finished" {
            inputs.append(.reverse)
            session.apply(.reverse)
        }
        remember(inputs)
        let m1 = Self.now()
        // Recording keeps each frame, and `--copy-frames` measures the copy: both render into
        // `scene`; otherwise the compositor renders straight into the texture.
        let direct = recorder == nil && !options.copyFrames
        if !direct { render() }
        let r1 = Self.now()
        if recorder != nil, inputs.contains(where: { if case .advance = $0 { true } else { false } }) {
            recorder?.append(scene)
        }
        if let recorder, recorder.complete { finishRecording(recorder, complete: true) }
        if var panel, options.hud {
            HUD.draw(hudState(), into: &panel, scale: session.scale)
            self.panel = panel
        }
        let presented: (times: DisplayWindow.PresentTimes, readBack: Bitmap?)
        do {
            let overlay = options.hud ? panel : nil
            if direct {
                let snapshot = sceneSnapshot()
                let (w, h) = (Self.pixels(session.size.width, session.scale), Self.pixels(session.size.height, session.scale))
                presented = try display.present(sceneWidth: w, sceneHeight: h, overlay: overlay, readBack: readsBack) { base, pitch in
                    compositor.render(snapshot, intoPixels: base, width: w, height: h, bytesPerRow: pitch)
                }
            } else {
                presented = try display.present(scene, overlay: overlay, readBack: readsBack)
            }
        } catch {
            output("playground: \(error.description)")
            quit = true
            return
        }
        last = (m1 - m0, direct ? presented.times.draw : r1 - m1, presented.times.upload, presented.times.present)
        uploadTotal += presented.times.upload
        renderTotal += last.render
        presentTotal += last.present
        frameTimes.append(last.model + last.render + last.upload)
        if frameTimes.count > 400 { frameTimes.removeFirst(frameTimes.count - 400) }
        afterPresent?(
            PlaygroundFrame(
                index: frameIndex, inputs: inputs, timestamp: link.timestamp, readBack: presented.readBack, modelTime: last.model,
                renderTime: last.render, uploadTime: last.upload, scrubbing: scrub != nil))
    }

    /// The seconds the model advances this frame: the vsyncs since the last frame times the
    /// refresh period (a late frame jumps, it does not drift), ÷ 10 in slow motion; nil when
    /// paused (unless a step was asked for) or scrubbing.
    func modelStep(_ link: DisplayLink) -> TimeInterval? {
        defer { lastTimestamp = link.timestamp }
        guard scrub == nil else { return nil }
        if paused {
            guard stepRequest > 0 else { return nil }
            stepRequest -= 1
            return session.clock.frameInterval
        }
        let vsyncs = lastTimestamp.map { max(1, ((link.timestamp - $0) / link.duration).rounded()) } ?? 1
        return vsyncs * link.duration * (slowMotion ? 0.1 : 1)
    }

    /// Keeps `inputs` for stepping back (a reset clears the log).
    func remember(_ inputs: [PlaygroundSession.Input]) {
        log += inputs
        if log.count > Self.logLimit {
            log = []
            logComplete = false
        }
    }

    /// Sends `touch` to the timeline when it began on the HUD panel, else to the session.
    func route(_ touch: Touch, sessionTouches: inout [Touch]) {
        let p = CGPoint(x: touch.location.x - sceneWidth, y: touch.location.y)
        if touch.phase == .began {
            panelTouch = !options.hud || touch.location.x < sceneWidth ? nil : HUD.isOnTimeline(p, height: session.size.height) ? .timeline : .ignored
        }
        switch panelTouch {
        case nil: sessionTouches.append(touch)
        case .timeline: setScrub(HUD.progress(atPanelX: p.x))
        case .ignored: break
        }
        if touch.phase.isTerminal { panelTouch = nil }
    }

    /// The window's size or scale changed (a resize, a move to another display, `x`): the
    /// scene's container follows, as one `.container` input when the scale changed, else a
    /// `.resize` (not while recording: a trace has one size).
    func resized(into inputs: inout [PlaygroundSession.Input]) {
        display.refreshSize()
        mapper.windowSize = display.size
        mapper.windowUnitsPerPoint = display.windowUnitsPerPoint
        let hudWidth = options.hud ? HUD.width : 0
        follow(CGSize(width: max(16, display.size.width - hudWidth), height: max(16, display.size.height)), scale: display.scale, into: &inputs)
    }

    /// The scene's container becomes `size` points at `scale`: one input for the session, the
    /// compositor, the scrub stage (the same scene) and the bitmaps follow.
    func follow(_ size: CGSize, scale: CGFloat, into inputs: inout [PlaygroundSession.Input]) {
        guard size != session.size || scale != session.scale, recorder == nil else { return }
        inputs.append(scale != session.scale ? .container(size, scale: scale) : .resize(size))
        compositor.options.scale = scale
        try? scrub?.stage.window.resize(validatingSize: size, scale: scale)
        // Both sides are >= 16 points at a scale the window reported (>= 0.5).
        scene = Bitmap(width: Self.pixels(size.width, scale), height: Self.pixels(size.height, scale))
        if options.hud { panel = Bitmap(width: Self.pixels(HUD.width, scale), height: Self.pixels(size.height, scale)) }
    }

    /// The tree shown: the scrub stage's while scrubbing, else the session's.
    func sceneSnapshot() -> LayerSnapshot { scrub?.stage.snapshot() ?? session.stage.snapshot() }

    /// Renders the scene into `scene`: the scrub stage while scrubbing, else the session.
    func render() {
        let snapshot = sceneSnapshot()
        let (w, h) = (Self.pixels(session.size.width, session.scale), Self.pixels(session.size.height, session.scale))
        if scene.width != w || scene.height != h {
            // The session's size changed (a resize): follow it.
            scene = Bitmap(width: w, height: h)
        }
        compositor.render(snapshot, into: &scene)
    }

    /// Prints one JSON line per transition that ended (scripts read them).
    /// - Returns: whether one ended since the last call.
    @discardableResult
    func reportEnds() -> Bool {
        guard session.transitionsEnded > endedSeen else { return false }
        endedSeen = session.transitionsEnded
        let op = session.lastOperation?.rawValue ?? "none"
        output(
            "{\"event\":\"ended\",\"effect\":\"\(session.effectName)\",\"operation\":\"\(op)\",\"outcome\":\"\(session.lastOutcome ?? "none")\",\"depth\":\(session.depth),\"frame\":\(frameIndex)}"
        )
        return true
    }

    static func now() -> TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
