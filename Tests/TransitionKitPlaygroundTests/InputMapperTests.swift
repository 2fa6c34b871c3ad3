import CSDL2Runtime
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitDisplay

/// SDL events (built here with SDL_Event's documented layout) mapped to touches: the mouse as
/// one finger, touch screens' normalised coordinates scaled to the window, the device's
/// millisecond timestamps moved onto the clock, synthetic duplicates dropped, a focus loss
/// mid-drag as a cancelled touch.
@MainActor
@Suite struct InputMapperTests {
    static func button(_ down: Bool, x: Int32, y: Int32, ms: UInt32, which: UInt32 = 0) -> tk_sdl_event {
        var e = tk_sdl_event()
        e.button.type = UInt32(down ? TK_SDL_MOUSEBUTTONDOWN : TK_SDL_MOUSEBUTTONUP)
        e.button.timestamp = ms
        e.button.which = which
        e.button.button = UInt8(TK_SDL_BUTTON_LEFT)
        e.button.x = x
        e.button.y = y
        return e
    }

    static func motion(x: Int32, y: Int32, ms: UInt32, which: UInt32 = 0) -> tk_sdl_event {
        var e = tk_sdl_event()
        e.motion.type = UInt32(TK_SDL_MOUSEMOTION)
        e.motion.timestamp = ms
        e.motion.which = which
        e.motion.x = x
        e.motion.y = y
        return e
    }

    static func finger(_ type: Int32, x: Float, y: Float, ms: UInt32, id: Int64 = 7, touch: Int64 = 1) -> tk_sdl_event {
        var e = tk_sdl_event()
        e.tfinger.type = UInt32(type)
        e.tfinger.timestamp = ms
        e.tfinger.touchId = touch
        e.tfinger.fingerId = id
        e.tfinger.x = x
        e.tfinger.y = y
        return e
    }

    static func touches(_ events: [tk_sdl_event], offset: TimeInterval = -2) -> [Touch] {
        var mapper = InputMapper(timeOffset: offset, windowSize: CGSize(width: 400, height: 800))
        return events.compactMap { e in
            if case .touch(let t)? = mapper.map(e) { return t }
            return nil
        }
    }

    @Test func theMouseIsOneFingerWithTheDevicesTimestamps() {
        let t = Self.touches([
            Self.motion(x: 5, y: 5, ms: 2000),  // no button: ignored
            Self.button(true, x: 1, y: 420, ms: 2016),
            Self.motion(x: 9, y: 421, ms: 2033),
            Self.motion(x: 30, y: 422, ms: 2033),  // the same millisecond: kept, time not decreasing
            Self.button(false, x: 31, y: 422, ms: 2050),
        ])
        #expect(t.map(\.phase) == [.began, .moved, .moved, .ended])
        #expect(t.map(\.location) == [CGPoint(x: 1, y: 420), CGPoint(x: 9, y: 421), CGPoint(x: 30, y: 422), CGPoint(x: 31, y: 422)])
        // ms / 1000 + offset (-2 s).
        let expected = [0.016, 0.033, 0.033, 0.050]
        #expect(zip(t.map(\.timestamp), expected).allSatisfy { abs($0 - $1) < 1e-12 } && t.count == expected.count)
    }

    @Test func touchScreenFingersScaleToTheWindowAndSyntheticEventsAreDropped() {
        let t = Self.touches([
            Self.finger(Int32(TK_SDL_FINGERDOWN), x: 0.25, y: 0.5, ms: 1000),
            Self.button(true, x: 100, y: 400, ms: 1000, which: TK_SDL_TOUCH_MOUSEID),  // SDL's mouse copy of the touch
            Self.finger(Int32(TK_SDL_FINGERDOWN), x: 0.9, y: 0.9, ms: 1005, id: 8),  // a second finger: ignored
            Self.finger(Int32(TK_SDL_FINGERMOTION), x: 0.5, y: 0.5, ms: 1010),
            Self.finger(Int32(TK_SDL_FINGERMOTION), x: 0.6, y: 0.5, ms: 1012, touch: TK_SDL_MOUSE_TOUCHID),  // a touch copy of the mouse
            Self.finger(Int32(TK_SDL_FINGERUP), x: 0.5, y: 0.25, ms: 1020),
        ])
        #expect(t.map(\.phase) == [.began, .moved, .ended])
        #expect(t.map(\.location) == [CGPoint(x: 100, y: 400), CGPoint(x: 200, y: 400), CGPoint(x: 200, y: 200)])
    }

    @Test func focusLostMidDragCancelsTheTouch() {
        var lost = tk_sdl_event()
        lost.window.type = UInt32(TK_SDL_WINDOWEVENT)
        lost.window.timestamp = 2100
        lost.window.event = UInt8(TK_SDL_WINDOWEVENT_FOCUS_LOST)
        let t = Self.touches([
            Self.button(true, x: 1, y: 420, ms: 2016), Self.motion(x: 40, y: 420, ms: 2050), lost, Self.motion(x: 60, y: 420, ms: 2060),
        ])
        #expect(t.map(\.phase) == [.began, .moved, .cancelled])
        #expect(t.last?.location == CGPoint(x: 40, y: 420))
        // Focus lost with no finger down is nothing.
        #expect(Self.touches([lost]).isEmpty)
    }

    @Test func keysMapBothWays() {
        for key: DisplayKey in [.left, .right, .up, .down, .space, .escape, .tab, .enter, .backspace, .character("e"), .character("[")] {
            #expect(InputMapper.key(InputMapper.code(of: key)) == key)
        }
    }
}
