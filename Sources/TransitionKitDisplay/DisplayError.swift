import Foundation

/// Why no window could be opened, as one line a person can act on.
public enum DisplayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libSDL2-2.0.so.0 could not be loaded (not installed, or not SDL 2.0.x); `reason` is
    /// dlopen's.
    case libraryMissing(reason: String)
    /// SDL loaded but found no video device (no `DISPLAY`, no Wayland socket); `reason` is
    /// SDL_GetError's.
    case noDisplay(reason: String)
    /// SDL failed on a later call (window, renderer, texture); `call` names it.
    case failed(call: String, reason: String)

    /// One line: what is missing and how to get it.
    public var description: String {
        switch self {
        case .libraryMissing(let reason):
            return "SDL2 is not installed (\(reason)); install it with `apt-get install libsdl2-dev` (Debian/Ubuntu)"
        case .noDisplay(let reason):
            return "no display (\(reason)); run it under a virtual display with `xvfb-run -s '-screen 0 1280x1024x24' …`"
                + " or with SDL's offscreen driver, `SDL_VIDEODRIVER=offscreen`"
        case .failed(let call, let reason):
            return "\(call) failed: \(reason)"
        }
    }
}
