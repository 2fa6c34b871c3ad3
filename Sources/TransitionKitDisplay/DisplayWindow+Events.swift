import CSDL2Runtime
import Foundation
import TransitionKitCore

extension DisplayWindow {
    /// Seconds to add to SDL_GetTicks' milliseconds ÷ 1000 to get `clockNow` (both read now):
    /// the `InputMapper.timeOffset` that puts event timestamps on a clock's timeline.
    public func eventTimeOffset(clockNow: TimeInterval) -> TimeInterval {
        clockNow - Double(sdl.GetTicks()) / 1000
    }

    /// Takes every pending SDL event and returns those `mapper` maps, in order.
    /// - Complexity: O(pending events).
    public func pollEvents(_ mapper: inout InputMapper) -> [DisplayEvent] {
        var out: [DisplayEvent] = []
        var event = tk_sdl_event()
        while sdl.PollEvent(&event) != 0 {
            if let mapped = mapper.map(event) { out.append(mapped) }
        }
        return out
    }

    /// Queues a left-button mouse event for `touch`'s phase at its location (points; SDL stamps
    /// it with the current SDL_GetTicks): scripted input that goes through the same path as a
    /// person's mouse. `.cancelled` is posted as the window losing focus.
    public func post(_ touch: Touch) {
        var event = tk_sdl_event()
        let x = Int32((touch.location.x * windowUnitsPerPoint).rounded()), y = Int32((touch.location.y * windowUnitsPerPoint).rounded())
        let id = sdl.GetWindowID(window)
        switch touch.phase {
        case .began, .ended:
            event.button = tk_sdl_mouse_button_event()
            event.button.type = UInt32(touch.phase == .began ? TK_SDL_MOUSEBUTTONDOWN : TK_SDL_MOUSEBUTTONUP)
            event.button.windowID = id
            event.button.button = UInt8(TK_SDL_BUTTON_LEFT)
            event.button.state = touch.phase == .began ? UInt8(TK_SDL_PRESSED) : 0
            event.button.clicks = 1
            event.button.x = x
            event.button.y = y
        case .moved:
            event.motion = tk_sdl_mouse_motion_event()
            event.motion.type = UInt32(TK_SDL_MOUSEMOTION)
            event.motion.windowID = id
            event.motion.state = 1
            event.motion.x = x
            event.motion.y = y
        case .cancelled:
            event.window = tk_sdl_window_event()
            event.window.type = UInt32(TK_SDL_WINDOWEVENT)
            event.window.windowID = id
            event.window.event = UInt8(TK_SDL_WINDOWEVENT_FOCUS_LOST)
        }
        _ = sdl.PushEvent(&event)
    }

    /// Queues a key press of `key` (scripted input; SDL stamps it).
    public func post(_ key: DisplayKey) {
        var event = tk_sdl_event()
        event.key = tk_sdl_keyboard_event()
        event.key.type = UInt32(TK_SDL_KEYDOWN)
        event.key.windowID = sdl.GetWindowID(window)
        event.key.state = UInt8(TK_SDL_PRESSED)
        event.key.keysym.sym = InputMapper.code(of: key)
        _ = sdl.PushEvent(&event)
    }
}
