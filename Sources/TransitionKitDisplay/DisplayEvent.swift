import CSDL2Runtime
import Foundation
import TransitionKitCore

/// A key the playground understands, from SDL's key codes (SDL_Keycode: the character for
/// printable keys, `0x40000000 | scancode` for the others).
public enum DisplayKey: Sendable, Hashable {
    /// A printable key, lowercase (`"e"`, `"["`, `"+"`).
    case character(Character)
    case left, right, up, down, space, escape, tab, enter, backspace
}

/// One input of the window, mapped from an SDL event.
public enum DisplayEvent: Sendable, Hashable {
    /// A finger sample in window points on the display clock's timeline (`InputMapper`).
    case touch(Touch)
    /// A key went down (repeats included); `shift` when a shift key was held.
    case key(DisplayKey, shift: Bool)
    /// The window changed size or display: read `DisplayWindow.refreshSize()`.
    case resized
    /// The user closed the window.
    case quit
}

/// Turns SDL events into `DisplayEvent`s: the mouse as one finger, touch screens' fingers
/// (the first finger down; others ignored), keys, resizes.
///
/// Touches carry the device's timestamps (the event's milliseconds of SDL_GetTicks) moved onto
/// the display clock's timeline, so velocity and flick detection see what the person did, not
/// when the frame loop got round to the event. A system cancel (the window loses focus or the
/// pointer while a finger is down) arrives as a `.cancelled` touch at the last location.
/// SDL's synthetic events (mouse events made from touches, touches made from the mouse) are
/// dropped, so one physical contact makes one touch sequence.
@MainActor
public struct InputMapper {
    /// Seconds to add to an event's `timestamp / 1000` to place it on the display clock.
    public var timeOffset: TimeInterval
    /// The window's size in points, for touch screens' normalised coordinates.
    public var windowSize: CGSize
    /// SDL window coordinates (those of mouse events) per point, > 0: 1 where the platform's
    /// window coordinates are points (X11, Wayland and macOS with SDL's high-DPI mode), the
    /// window's `emulatedScale` where they are pixels (`DisplayWindow.windowUnitsPerPoint`).
    public var windowUnitsPerPoint: CGFloat = 1
    private var downFinger: Int64?
    private var mouseDown = false
    private var last = Touch(timestamp: 0, location: .zero, phase: .ended)

    /// - Parameters:
    ///   - timeOffset: seconds from SDL_GetTicks' timeline to the clock's (clock time −
    ///     ticks/1000, read at the same moment).
    ///   - windowSize: the window's size in points.
    public init(timeOffset: TimeInterval, windowSize: CGSize) {
        self.timeOffset = timeOffset
        self.windowSize = windowSize
    }

    /// Whether a finger (or the mouse button) is down.
    public var isTouchDown: Bool { mouseDown || downFinger != nil }

    /// Maps one event; nil for the events the playground ignores.
    mutating func map(_ event: tk_sdl_event) -> DisplayEvent? {
        let type = Int(event.type)
        let time = Double(event.common.timestamp) / 1000 + timeOffset
        switch type {
        case Int(TK_SDL_QUIT):
            return .quit
        case Int(TK_SDL_WINDOWEVENT):
            let id = Int(event.window.event)
            if id == Int(TK_SDL_WINDOWEVENT_SIZE_CHANGED) || id == Int(TK_SDL_WINDOWEVENT_DISPLAY_CHANGED) { return .resized }
            if id == Int(TK_SDL_WINDOWEVENT_CLOSE) { return .quit }
            if (id == Int(TK_SDL_WINDOWEVENT_FOCUS_LOST) || id == Int(TK_SDL_WINDOWEVENT_LEAVE)) && isTouchDown {
                return cancel(at: time)
            }
            return nil
        case Int(TK_SDL_KEYDOWN):
            let shift = event.key.keysym.mod & 0x3 != 0
            return Self.key(event.key.keysym.sym).map { .key($0, shift: shift) }
        case Int(TK_SDL_MOUSEBUTTONDOWN), Int(TK_SDL_MOUSEBUTTONUP), Int(TK_SDL_MOUSEMOTION):
            return mouse(event, type: type, time: time)
        case Int(TK_SDL_FINGERDOWN), Int(TK_SDL_FINGERUP), Int(TK_SDL_FINGERMOTION):
            return finger(event.tfinger, type: type, time: time)
        default:
            return nil
        }
    }

    private mutating func mouse(_ event: tk_sdl_event, type: Int, time: TimeInterval) -> DisplayEvent? {
        // Mouse events SDL made from a touch screen: the finger events carry them.
        let which = type == Int(TK_SDL_MOUSEMOTION) ? event.motion.which : event.button.which
        if which == TK_SDL_TOUCH_MOUSEID || downFinger != nil { return nil }
        switch type {
        case Int(TK_SDL_MOUSEBUTTONDOWN):
            guard event.button.button == UInt8(TK_SDL_BUTTON_LEFT), !mouseDown else { return nil }
            mouseDown = true
            return emit(time, point(event.button.x, event.button.y), .began)
        case Int(TK_SDL_MOUSEBUTTONUP):
            guard event.button.button == UInt8(TK_SDL_BUTTON_LEFT), mouseDown else { return nil }
            mouseDown = false
            return emit(time, point(event.button.x, event.button.y), .ended)
        default:
            guard mouseDown else { return nil }
            return emit(time, point(event.motion.x, event.motion.y), .moved)
        }
    }

    private mutating func finger(_ f: tk_sdl_touch_finger_event, type: Int, time: TimeInterval) -> DisplayEvent? {
        if f.touchId == TK_SDL_MOUSE_TOUCHID || mouseDown { return nil }
        let point = CGPoint(x: Double(f.x) * windowSize.width, y: Double(f.y) * windowSize.height)
        switch type {
        case Int(TK_SDL_FINGERDOWN):
            guard downFinger == nil else { return nil }
            downFinger = f.fingerId
            return emit(time, point, .began)
        case Int(TK_SDL_FINGERUP):
            guard downFinger == f.fingerId else { return nil }
            downFinger = nil
            return emit(time, point, .ended)
        default:
            guard downFinger == f.fingerId else { return nil }
            return emit(time, point, .moved)
        }
    }

    private mutating func cancel(at time: TimeInterval) -> DisplayEvent {
        mouseDown = false
        downFinger = nil
        return emit(time, last.location, .cancelled)
    }

    /// A touch at `time`, never before the previous sample (SDL's millisecond stamps of two
    /// events may tie; a trace's times must not decrease).
    /// A mouse event's window coordinates in points.
    private func point(_ x: Int32, _ y: Int32) -> CGPoint {
        CGPoint(x: Double(x) / windowUnitsPerPoint, y: Double(y) / windowUnitsPerPoint)
    }

    private mutating func emit(_ time: TimeInterval, _ location: CGPoint, _ phase: TouchPhase) -> DisplayEvent {
        let t = phase == .began ? time : max(time, last.timestamp)
        last = Touch(timestamp: t, location: location, phase: phase)
        return .touch(last)
    }

    /// The SDL key code of `key` (the inverse of `key(_:)`).
    static func code(of key: DisplayKey) -> Int32 {
        switch key {
        case .left: return 0x4000_0050
        case .right: return 0x4000_004F
        case .up: return 0x4000_0052
        case .down: return 0x4000_0051
        case .space: return 32
        case .escape: return 27
        case .tab: return 9
        case .enter: return 13
        case .backspace: return 8
        case .character(let c): return Int32(c.unicodeScalars.first?.value ?? 0)
        }
    }

    static func key(_ sym: Int32) -> DisplayKey? {
        switch sym {
        case 0x4000_0050: return .left
        case 0x4000_004F: return .right
        case 0x4000_0052: return .up
        case 0x4000_0051: return .down
        case 32: return .space
        case 27: return .escape
        case 9: return .tab
        case 13: return .enter
        case 8: return .backspace
        case 33...126: return Unicode.Scalar(UInt32(sym)).map { .character(Character($0)) }
        default: return nil
        }
    }
}
