import CSDL2Runtime
import Foundation
import TransitionKitCore

/// A window on a real display (or SDL's offscreen driver) that presents frames rendered by the
/// compositor: the display backend of the playground, built on SDL2 loaded at run time
/// (see `DisplayWindow.open(title:size:vsync:)`).
///
/// A window shows up to two regions side by side, both in window pixels: the scene (the
/// compositor's frame, at the left, uploaded untouched so it can be read back and compared
/// byte for byte with a headless render) and an optional overlay panel at its right (the
/// playground's heads-up display). Sizes follow the window live: `refreshSize()` after a
/// `DisplayEvent.resized`.
@MainActor
public final class DisplayWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    var texture: OpaquePointer?
    var textureSize = (width: 0, height: 0)
    /// The frame `present` copies through SDL_UpdateTexture where the texture cannot be locked.
    var staging: Bitmap?

    /// The window's size in points (SDL's window coordinates, those of mouse events).
    public private(set) var size: CGSize
    /// Pixels per point: the renderer's output size over the window size (2 on a high-density
    /// display with SDL's high-DPI mode, 1 under X11 and the offscreen driver), >= 0.5, or
    /// `emulatedScale` when set. Follows the display live: `refreshSize()` after
    /// `DisplayEvent.resized` (SDL reports a move to another display and a drawable-size change
    /// as window events, both mapped to `.resized`).
    public private(set) var scale: CGFloat
    /// The renderer's output size in pixels.
    public private(set) var pixelSize: (width: Int, height: Int)
    /// SDL window coordinates (mouse events') per point: 1, or
    /// `emulatedScale` while one is set (the window's coordinates are then its pixels).
    public private(set) var windowUnitsPerPoint: CGFloat = 1
    /// A scale to show the window at in place of the one the display reports, 0.5...8, or nil
    /// (default): the window's pixels are then `emulatedScale` pixels a point, its size in
    /// points its pixel size ÷ `emulatedScale`: a high-density display where the platform has
    /// none (X11 under Xvfb, the offscreen driver), to try and test a scale change live.
    /// Setting it re-reads the size (`refreshSize()`).
    /// - Precondition: nil or in 0.5...8.
    public var emulatedScale: CGFloat? {
        didSet {
            precondition(emulatedScale.map { (0.5...8).contains($0) } ?? true, "emulated scale \(emulatedScale!) out of 0.5...8")
            refreshSize()
        }
    }
    /// The display mode's refresh rate in Hz, nil when the driver reports none (Xvfb and the
    /// offscreen driver may report 0).
    public private(set) var refreshRate: Double?
    /// SDL's video driver (`x11`, `wayland`, `offscreen`, ...).
    public let videoDriver: String
    /// The renderer SDL chose (`software`, `opengl`, ...).
    public let rendererName: String
    /// Whether the renderer presents on vsync (SDL granted `SDL_RENDERER_PRESENTVSYNC`); when
    /// false the display clock paces frames itself.
    public let presentsOnVsync: Bool
    /// Whether the renderer lists the frame's pixel format (RGBA8 bytes, `pixelFormat`) among
    /// its texture formats: when false SDL converts each frame on unlock (a swizzle we cannot
    /// avoid short of rendering in another byte order).
    public let textureFormatIsNative: Bool
    /// Whether frames are written straight into the streaming texture's memory
    /// (SDL_LockTexture). True until a lock fails; from then on frames go through a `Bitmap`
    /// of the display's and SDL_UpdateTexture (one copy more). Set it to false to measure or
    /// use that path.
    public var locksTexture = true

    private init(window: OpaquePointer, renderer: OpaquePointer, videoDriver: String, rendererName: String, vsync: Bool, nativeFormat: Bool) {
        self.window = window
        self.renderer = renderer
        self.videoDriver = videoDriver
        self.rendererName = rendererName
        self.presentsOnVsync = vsync
        self.textureFormatIsNative = nativeFormat
        size = .zero
        scale = 1
        pixelSize = (1, 1)
        refreshSize()
    }

    /// Whether SDL2 can be loaded on this machine (`libSDL2-2.0.so.0`); says nothing about a
    /// display.
    public static var isLibraryAvailable: Bool { SDLRuntime.isAvailable }

    /// Opens a resizable window of `size` points, high-density where the platform has it.
    ///
    /// SDL2 is loaded here, at run time (see `SDLRuntime`): nothing in TransitionKit links it
    /// at build time, so the package builds and tests on machines without it.
    /// - Parameters:
    ///   - title: the window title.
    ///   - size: points, each side 1...16384.
    ///   - vsync: ask the renderer to present on vsync (default true).
    /// - Throws: `DisplayError.libraryMissing` without SDL2, `.noDisplay` when SDL finds no
    ///   video device, `.failed` when the window or renderer cannot be made.
    public static func open(title: String, size: CGSize, vsync: Bool = true) throws(DisplayError) -> DisplayWindow {
        precondition(
            size.width >= 1 && size.height >= 1 && size.width <= 16384 && size.height <= 16384, "window size \(size) points out of 1...16384")
        try SDLRuntime.load()
        let api = sdl
        if api.Init(UInt32(TK_SDL_INIT_VIDEO)) != 0 { throw .noDisplay(reason: SDLRuntime.lastError) }
        let driver = api.GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        // SDL falls back to its offscreen driver when it finds no display; only a caller who
        // asked for it (SDL_VIDEODRIVER) gets a window without one.
        let requested = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]?.lowercased()
        if (driver == "offscreen" || driver == "dummy") && requested != driver {
            api.Quit()
            throw .noDisplay(reason: "SDL found no X11 or Wayland display, only its \(driver) driver")
        }
        let flags = UInt32(TK_SDL_WINDOW_RESIZABLE | TK_SDL_WINDOW_ALLOW_HIGHDPI)
        let pos = Int32(TK_SDL_WINDOWPOS_UNDEFINED)
        guard let window = api.CreateWindow(title, pos, pos, Int32(size.width), Int32(size.height), flags) else {
            let reason = SDLRuntime.lastError
            api.Quit()
            throw .failed(call: "SDL_CreateWindow", reason: reason)
        }
        // SDL's offscreen driver would pick its OpenGL renderer (a software GL), whose texture
        // upload measured 8.7 ms a frame against 0.8 ms for the software renderer (390 x 844
        // points plus the HUD, debug build); SDL_RENDER_DRIVER in the environment still wins.
        if driver == "offscreen" { _ = api.SetHint("SDL_RENDER_DRIVER", "software") }
        let wanted = vsync ? UInt32(TK_SDL_RENDERER_PRESENTVSYNC) : 0
        guard let renderer = api.CreateRenderer(window, -1, wanted) ?? api.CreateRenderer(window, -1, UInt32(TK_SDL_RENDERER_SOFTWARE)) else {
            let reason = SDLRuntime.lastError
            api.DestroyWindow(window)
            api.Quit()
            throw .failed(call: "SDL_CreateRenderer", reason: reason)
        }
        var info = tk_sdl_renderer_info()
        _ = api.GetRendererInfo(renderer, &info)
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        let granted = info.flags & UInt32(TK_SDL_RENDERER_PRESENTVSYNC) != 0
        let formats = withUnsafeBytes(of: info.texture_formats) {
            Array($0.bindMemory(to: UInt32.self).prefix(Int(min(16, info.num_texture_formats))))
        }
        return DisplayWindow(
            window: window, renderer: renderer, videoDriver: driver, rendererName: name, vsync: granted, nativeFormat: formats.contains(pixelFormat))
    }

    /// Closes the window and shuts SDL down; the window must not be used afterwards.
    public func close() {
        if let texture { sdl.DestroyTexture(texture) }
        texture = nil
        sdl.DestroyRenderer(renderer)
        sdl.DestroyWindow(window)
        sdl.Quit()
    }

    /// Sets the window title.
    public func setTitle(_ title: String) { sdl.SetWindowTitle(window, title) }

    /// Asks the window system for a new size in points (`windowUnitsPerPoint` SDL window
    /// coordinates each); a resize event follows when granted.
    public func requestSize(_ size: CGSize) {
        sdl.SetWindowSize(window, Int32((size.width * windowUnitsPerPoint).rounded()), Int32((size.height * windowUnitsPerPoint).rounded()))
    }

    /// Reads the window's size, scale and refresh rate again (after `DisplayEvent.resized`).
    public func refreshSize() {
        var w: Int32 = 0, h: Int32 = 0
        sdl.GetWindowSize(window, &w, &h)
        var pw: Int32 = 0, ph: Int32 = 0
        if sdl.GetRendererOutputSize(renderer, &pw, &ph) != 0 || pw < 1 || ph < 1 { (pw, ph) = (max(w, 1), max(h, 1)) }
        pixelSize = (Int(pw), Int(ph))
        if let emulatedScale {
            scale = emulatedScale
            size = CGSize(width: max(1, Double(pw) / emulatedScale), height: max(1, Double(ph) / emulatedScale))
        } else {
            size = CGSize(width: Double(max(w, 1)), height: Double(max(h, 1)))
            scale = max(0.5, CGFloat(pw) / size.width)
        }
        windowUnitsPerPoint = CGFloat(max(w, 1)) / size.width
        var mode = tk_sdl_display_mode()
        refreshRate = sdl.GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : nil
    }

    /// Seconds of the monotonic clock.
    static func seconds() -> TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
