import CSDL2Runtime
import Foundation

/// SDL2, loaded at run time.
///
/// Why at run time: `swift build` and `swift test` build every target of a package, so a
/// `.systemLibrary` target for SDL2 would make the whole package fail to build on a machine
/// without `libsdl2-dev`. TransitionKitDisplay instead declares the part of SDL2's stable C ABI
/// it calls (the `CSDL2Runtime` target, written from the layouts SDL's headers document) and
/// opens `libSDL2-2.0.so.0` with `dlopen` when a window is first asked for. Nothing links SDL
/// at build time; without it, `DisplayWindow.open` throws `DisplayError.libraryMissing`.
/// The environment variable `TRANSITIONKIT_SDL2` names another file to load instead.
enum SDLRuntime {
    /// Loads the library once; later calls return the first outcome.
    @MainActor static func load() throws(DisplayError) {
        if let failure = loadFailure { throw failure }
        if loaded { return }
        var reason = [CChar](repeating: 0, count: 512)
        // TRANSITIONKIT_SDL2 names another library file (tests use a missing one).
        let path = ProcessInfo.processInfo.environment["TRANSITIONKIT_SDL2"]
        if tk_sdl2_load(path, &reason, reason.count) != 0 {
            let failure = DisplayError.libraryMissing(
                reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            loadFailure = failure
            throw failure
        }
        loaded = true
    }

    @MainActor private static var loaded = false
    @MainActor private static var loadFailure: DisplayError?

    /// SDL_GetError's text.
    static var lastError: String {
        guard let text = sdl.GetError() else { return "unknown error" }
        return String(cString: text)
    }

    /// Whether SDL2 can be loaded here (tests use it to decide whether to run).
    @MainActor static var isAvailable: Bool { (try? load()) != nil }
}

/// SDL's entry points; only called after `SDLRuntime.load()` succeeded (a window exists).
var sdl: tk_sdl2_api {
    guard let table = tk_sdl2_get() else { preconditionFailure("SDL2 used before it was loaded") }
    return table.pointee
}
