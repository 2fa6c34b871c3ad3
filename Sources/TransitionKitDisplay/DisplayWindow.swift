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
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)

    /// The window's size in points (SDL's window coordinates, those of mouse events).
    public private(set) var size: CGSize
    /// Pixels per point: the renderer's output size over the window size (2 on a high-density
    /// display with SDL's high-DPI mode, 1 under X11 and the offscreen driver), >= 0.5.
    public private(set) var scale: CGFloat
    /// The renderer's output size in pixels.
    public private(set) var pixelSize: (width: Int, height: Int)
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

    private init(window: OpaquePointer, renderer: OpaquePointer, videoDriver: String, rendererName: String, vsync: Bool) {
        self.window = window
        self.renderer = renderer
        self.videoDriver = videoDriver
        self.rendererName = rendererName
        self.presentsOnVsync = vsync
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
        return DisplayWindow(window: window, renderer: renderer, videoDriver: driver, rendererName: name, vsync: granted)
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

    /// Asks the window system for a new size in points (a resize event follows when granted).
    public func requestSize(_ size: CGSize) { sdl.SetWindowSize(window, Int32(size.width), Int32(size.height)) }

    /// Reads the window's size, scale and refresh rate again (after `DisplayEvent.resized`).
    public func refreshSize() {
        var w: Int32 = 0, h: Int32 = 0
        sdl.GetWindowSize(window, &w, &h)
        var pw: Int32 = 0, ph: Int32 = 0
        if sdl.GetRendererOutputSize(renderer, &pw, &ph) != 0 || pw < 1 || ph < 1 { (pw, ph) = (max(w, 1), max(h, 1)) }
        size = CGSize(width: Double(max(w, 1)), height: Double(max(h, 1)))
        pixelSize = (Int(pw), Int(ph))
        scale = max(0.5, CGFloat(pw) / size.width)
        var mode = tk_sdl_display_mode()
        refreshRate = sdl.GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : nil
    }

    /// What presenting one frame cost.
    public struct PresentTimes: Sendable, Hashable {
        /// Seconds spent copying the frame into the texture's memory (lock, row copies, unlock).
        public var upload: TimeInterval
        /// Seconds spent in SDL_RenderCopy and SDL_RenderPresent (the renderer's own copy to
        /// the window and, with vsync, the wait for it).
        public var present: TimeInterval
    }

    /// Shows `scene` at the window's top-left and `overlay` right of it, then presents.
    ///
    /// The frame's pixels are copied once, row by row, straight into the streaming texture's
    /// memory (SDL_LockTexture): the compositor renders into its own `Bitmap`, whose storage
    /// it owns, so this copy is the one left between the compositor and SDL. Pixels are RGBA8
    /// bytes (SDL_PIXELFORMAT_ABGR8888 on a little-endian machine), shown as they are:
    /// frames of opaque scenes show as rendered.
    /// - Parameters:
    ///   - scene: the compositor's frame, in pixels.
    ///   - overlay: a panel placed at x = `scene.width`, or nil.
    ///   - readBack: when true, the scene's region is read back from the renderer after the
    ///     copy and before presenting (SDL_RenderReadPixels) and returned.
    /// - Returns: the times of the upload and the present, and the read-back pixels.
    /// - Throws: `DisplayError.failed` when SDL cannot make, lock or read the texture.
    /// - Complexity: O(pixels of scene + overlay).
    @discardableResult
    public func present(_ scene: Bitmap, overlay: Bitmap? = nil, readBack: Bool = false) throws(DisplayError) -> (
        times: PresentTimes, readBack: Bitmap?
    ) {
        let width = scene.width + (overlay?.width ?? 0)
        let height = max(scene.height, overlay?.height ?? 0)
        let t0 = Self.seconds()
        let texture = try texture(width: width, height: height)
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard sdl.LockTexture(texture, nil, &pixels, &pitch) == 0, let base = pixels else {
            throw .failed(call: "SDL_LockTexture", reason: SDLRuntime.lastError)
        }
        Self.copy(scene, to: base, pitch: Int(pitch), x: 0, rows: height)
        if let overlay { Self.copy(overlay, to: base, pitch: Int(pitch), x: scene.width, rows: height) }
        sdl.UnlockTexture(texture)
        let t1 = Self.seconds()
        _ = sdl.SetRenderDrawColor(renderer, 0, 0, 0, 255)
        _ = sdl.RenderClear(renderer)
        var rect = tk_sdl_rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        _ = sdl.RenderCopy(renderer, texture, &rect, &rect)
        var read: Bitmap?
        if readBack {
            read = try readPixels(width: scene.width, height: scene.height)
        }
        let t2 = Self.seconds()
        sdl.RenderPresent(renderer)
        let t3 = Self.seconds()
        return (PresentTimes(upload: t1 - t0, present: t3 - t2), read)
    }

    private func readPixels(width: Int, height: Int) throws(DisplayError) -> Bitmap {
        var bitmap: Bitmap
        do { bitmap = try Bitmap(validatingWidth: width, height: height) } catch { throw .failed(call: "Bitmap", reason: "\(error)") }
        let stride = bitmap.rowStride
        var rect = tk_sdl_rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        let status = bitmap.withUnsafeMutablePixels { p in
            sdl.RenderReadPixels(renderer, &rect, Self.pixelFormat, UnsafeMutableRawPointer(p), Int32(stride * 4))
        }
        guard status == 0 else { throw .failed(call: "SDL_RenderReadPixels", reason: SDLRuntime.lastError) }
        return bitmap
    }

    /// RGBA8 bytes in memory, whatever the byte order.
    static let pixelFormat: UInt32 = UInt32(littleEndian: 1) == 1 ? TK_SDL_PIXELFORMAT_ABGR8888 : TK_SDL_PIXELFORMAT_RGBA8888

    private func texture(width: Int, height: Int) throws(DisplayError) -> OpaquePointer {
        if let texture, textureSize == (width, height) { return texture }
        if let texture { sdl.DestroyTexture(texture) }
        guard let made = sdl.CreateTexture(renderer, Self.pixelFormat, Int32(TK_SDL_TEXTUREACCESS_STREAMING), Int32(width), Int32(height)) else {
            texture = nil
            throw .failed(call: "SDL_CreateTexture", reason: SDLRuntime.lastError)
        }
        texture = made
        textureSize = (width, height)
        return made
    }

    /// Copies `bitmap`'s rows into texture memory at column `x`; rows below the bitmap (up to
    /// `rows`) are cleared to black.
    private static func copy(_ bitmap: Bitmap, to base: UnsafeMutableRawPointer, pitch: Int, x: Int, rows: Int) {
        let rowBytes = bitmap.width * 4
        bitmap.withUnsafePixels { src in
            for y in 0..<rows {
                let dst = base + y * pitch + x * 4
                if y < bitmap.height {
                    dst.copyMemory(from: src + y * bitmap.rowStride, byteCount: rowBytes)
                } else {
                    dst.initializeMemory(as: UInt32.self, repeating: 0xFF00_0000, count: bitmap.width)
                }
            }
        }
    }

    /// Seconds of the monotonic clock.
    static func seconds() -> TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
