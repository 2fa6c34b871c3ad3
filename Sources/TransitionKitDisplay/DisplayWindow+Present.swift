import CSDL2Runtime
import Foundation
import TransitionKitCore

extension DisplayWindow {
    /// What presenting one frame cost.
    public struct PresentTimes: Sendable, Hashable {
        /// Seconds spent getting the frame into the texture, drawing excluded: the lock, the
        /// overlay's rows, the unlock (SDL's own upload for a GPU renderer) and, for a frame
        /// given as a `Bitmap`, the copy of its rows.
        public var upload: TimeInterval
        /// Seconds spent in SDL_RenderCopy and SDL_RenderPresent (the renderer's own copy to
        /// the window and, with vsync, the wait for it).
        public var present: TimeInterval
        /// Seconds spent in the `draw` closure of `present(sceneWidth:sceneHeight:overlay:readBack:draw:)`
        /// (the compositor rendering into the texture); 0 for a frame given as a `Bitmap`.
        public var draw: TimeInterval = 0
    }

    /// Shows `scene` at the window's top-left and `overlay` right of it, then presents.
    ///
    /// The frame's pixels are copied once, row by row, into the streaming texture's memory
    /// (SDL_LockTexture). A compositor frame avoids that copy through
    /// `present(sceneWidth:sceneHeight:overlay:readBack:draw:)`. Pixels are RGBA8 bytes
    /// (`pixelFormat`), shown as they are: frames of opaque scenes show as rendered.
    /// - Parameters:
    ///   - scene: the compositor's frame, in pixels.
    ///   - overlay: a panel placed at x = `scene.width`, or nil.
    ///   - readBack: when true, the scene's region is read back from the renderer after the
    ///     copy and before presenting (SDL_RenderReadPixels) and returned.
    /// - Returns: the times of the upload and the present, and the read-back pixels.
    /// - Throws: `DisplayError.failed` when SDL cannot make, fill or read the texture.
    /// - Complexity: O(pixels of scene + overlay).
    @discardableResult
    public func present(_ scene: Bitmap, overlay: Bitmap? = nil, readBack: Bool = false) throws(DisplayError) -> (
        times: PresentTimes, readBack: Bitmap?
    ) {
        try present(sceneWidth: scene.width, sceneHeight: scene.height, overlay: overlay, readBack: readBack, timesDraw: false) {
            base, pitch in Self.copy(scene, to: base, pitch: pitch, x: 0)
        }
    }

    /// Shows a scene that `draw` writes straight into the texture's memory at the window's
    /// top-left, `overlay` right of it, then presents: the compositor renders into the
    /// texture (`Compositor.render(_:intoPixels:width:height:bytesPerRow:)`), no frame copy
    /// between them.
    ///
    /// `draw` gets the scene's first pixel and the bytes from one row to the next (SDL's
    /// pitch, a multiple of 4, >= 4 · `sceneWidth`) and must write every pixel of the
    /// `sceneWidth`x`sceneHeight` rectangle, RGBA8 (`pixelFormat`): locked texture memory
    /// holds no defined content. With SDL's software renderer the memory is the texture's
    /// own; a GPU renderer uploads it on unlock (the part of the cost no caller can avoid).
    /// Where the texture cannot be locked (`locksTexture` false, or a lock failed once),
    /// `draw` writes into a `Bitmap` kept by the window, copied with SDL_UpdateTexture.
    /// - Parameters:
    ///   - sceneWidth: the scene's width in pixels, 1...16384.
    ///   - sceneHeight: the scene's height in pixels, 1...16384.
    ///   - overlay: a panel placed at x = `sceneWidth`, or nil.
    ///   - readBack: when true, the scene's region is read back from the renderer before
    ///     presenting (SDL_RenderReadPixels) and returned.
    ///   - draw: writes the scene; called once, on this thread, before this returns.
    /// - Returns: the times of the upload (drawing excluded), the draw and the present, and
    ///   the read-back pixels.
    /// - Throws: `DisplayError.failed` when SDL cannot make, fill or read the texture.
    /// - Complexity: O(pixels of the overlay) besides `draw`.
    @discardableResult
    public func present(
        sceneWidth: Int, sceneHeight: Int, overlay: Bitmap? = nil, readBack: Bool = false,
        draw: (_ pixels: UnsafeMutableRawPointer, _ bytesPerRow: Int) -> Void
    ) throws(DisplayError) -> (times: PresentTimes, readBack: Bitmap?) {
        try present(sceneWidth: sceneWidth, sceneHeight: sceneHeight, overlay: overlay, readBack: readBack, timesDraw: true, scene: draw)
    }

    private func present(
        sceneWidth: Int, sceneHeight: Int, overlay: Bitmap?, readBack: Bool, timesDraw: Bool,
        scene: (UnsafeMutableRawPointer, Int) -> Void
    ) throws(DisplayError) -> (times: PresentTimes, readBack: Bitmap?) {
        precondition(
            (1...Bitmap.maximumDimension).contains(sceneWidth) && (1...Bitmap.maximumDimension).contains(sceneHeight),
            "scene \(sceneWidth)x\(sceneHeight) pixels out of 1...\(Bitmap.maximumDimension)")
        let width = sceneWidth + (overlay?.width ?? 0)
        let height = max(sceneHeight, overlay?.height ?? 0)
        let t0 = Self.seconds()
        let texture = try texture(width: width, height: height)
        var drawSeconds = 0.0
        func fill(_ base: UnsafeMutableRawPointer, _ pitch: Int) {
            let d0 = Self.seconds()
            scene(base, pitch)
            if timesDraw { drawSeconds = Self.seconds() - d0 }
            Self.clearRows(from: sceneHeight, to: height, of: base, pitch: pitch, x: 0, width: sceneWidth)
            if let overlay {
                Self.copy(overlay, to: base, pitch: pitch, x: sceneWidth)
                Self.clearRows(from: overlay.height, to: height, of: base, pitch: pitch, x: sceneWidth, width: overlay.width)
            }
        }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        if locksTexture, sdl.LockTexture(texture, nil, &pixels, &pitch) == 0, let base = pixels {
            fill(base, Int(pitch))
            sdl.UnlockTexture(texture)
        } else {
            locksTexture = false
            if staging?.width != width || staging?.height != height {
                do { staging = try Bitmap(validatingWidth: width, height: height) } catch {
                    throw .failed(call: "Bitmap", reason: "\(error)")
                }
            }
            let stride = staging!.rowStride * 4
            let status = staging!.withUnsafeMutablePixels { p in
                fill(UnsafeMutableRawPointer(p), stride)
                return sdl.UpdateTexture(texture, nil, UnsafeRawPointer(p), Int32(stride))
            }
            guard status == 0 else { throw .failed(call: "SDL_UpdateTexture", reason: SDLRuntime.lastError) }
        }
        let t1 = Self.seconds()
        _ = sdl.SetRenderDrawColor(renderer, 0, 0, 0, 255)
        _ = sdl.RenderClear(renderer)
        var rect = tk_sdl_rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        _ = sdl.RenderCopy(renderer, texture, &rect, &rect)
        var read: Bitmap?
        if readBack { read = try readPixels(width: sceneWidth, height: sceneHeight) }
        let t2 = Self.seconds()
        sdl.RenderPresent(renderer)
        let t3 = Self.seconds()
        return (PresentTimes(upload: t1 - t0 - drawSeconds, present: t3 - t2, draw: drawSeconds), read)
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

    /// The texture's pixel format: RGBA8 bytes in memory, whatever the byte order
    /// (SDL_PIXELFORMAT_ABGR8888 on a little-endian machine, RGBA8888 on a big-endian one,
    /// both SDL_PIXELFORMAT_RGBA32): the compositor's byte order, so nothing swizzles a frame
    /// on our side.
    public static let pixelFormat: UInt32 = UInt32(littleEndian: 1) == 1 ? TK_SDL_PIXELFORMAT_ABGR8888 : TK_SDL_PIXELFORMAT_RGBA8888

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

    /// Copies `bitmap`'s rows into texture memory at column `x`.
    private static func copy(_ bitmap: Bitmap, to base: UnsafeMutableRawPointer, pitch: Int, x: Int) {
        let rowBytes = bitmap.width * 4
        bitmap.withUnsafePixels { src in
            for y in 0..<bitmap.height { (base + y * pitch + x * 4).copyMemory(from: src + y * bitmap.rowStride, byteCount: rowBytes) }
        }
    }

    /// Fills rows `from..<to`, columns `x..<x + width`, of texture memory with opaque black.
    private static func clearRows(from: Int, to: Int, of base: UnsafeMutableRawPointer, pitch: Int, x: Int, width: Int) {
        guard from < to else { return }
        for y in from..<to { (base + y * pitch + x * 4).initializeMemory(as: UInt32.self, repeating: 0xFF00_0000, count: width) }
    }
}
