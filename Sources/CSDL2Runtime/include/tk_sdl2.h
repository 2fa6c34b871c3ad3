// The part of SDL2's stable C ABI (SDL 2.0.x, the libSDL2-2.0.so.0 soname) TransitionKitDisplay
// calls, declared here so that nothing links SDL2 at build time: tk_sdl2_load() opens the
// library with dlopen at run time and fills tk_sdl2 with its entry points. The declarations
// are written from the layouts SDL documents in its headers (SDL_events.h, SDL_video.h,
// SDL_render.h); only the fields and constants used are named. A machine without SDL2 builds
// and tests everything; only opening a window needs the library (Debian: libsdl2-2.0-0, or
// libsdl2-dev for the headers too).
#ifndef TK_SDL2_H
#define TK_SDL2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// The entry points are never NULL once loaded (_Nonnull); other pointers keep C's meaning.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

typedef struct tk_sdl_window tk_sdl_window;
typedef struct tk_sdl_renderer tk_sdl_renderer;
typedef struct tk_sdl_texture tk_sdl_texture;

typedef struct tk_sdl_rect {
    int x, y, w, h;
} tk_sdl_rect;

typedef struct tk_sdl_display_mode {
    uint32_t format;
    int w;
    int h;
    int refresh_rate;  // Hz; 0 when the driver does not know it
    void *driverdata;
} tk_sdl_display_mode;

typedef struct tk_sdl_renderer_info {
    const char *name;
    uint32_t flags;
    uint32_t num_texture_formats;
    uint32_t texture_formats[16];
    int max_texture_width;
    int max_texture_height;
} tk_sdl_renderer_info;

// Event layouts (SDL_Event is a 56-byte union on every platform with pointers of 8 bytes or less).
typedef struct tk_sdl_common_event {
    uint32_t type;
    uint32_t timestamp;  // milliseconds of SDL_GetTicks
} tk_sdl_common_event;

typedef struct tk_sdl_window_event {
    uint32_t type, timestamp, windowID;
    uint8_t event, padding1, padding2, padding3;
    int32_t data1, data2;
} tk_sdl_window_event;

typedef struct tk_sdl_keysym {
    int32_t scancode;
    int32_t sym;
    uint16_t mod;
    uint32_t unused;
} tk_sdl_keysym;

typedef struct tk_sdl_keyboard_event {
    uint32_t type, timestamp, windowID;
    uint8_t state, repeat, padding2, padding3;
    tk_sdl_keysym keysym;
} tk_sdl_keyboard_event;

typedef struct tk_sdl_mouse_motion_event {
    uint32_t type, timestamp, windowID, which, state;
    int32_t x, y, xrel, yrel;
} tk_sdl_mouse_motion_event;

typedef struct tk_sdl_mouse_button_event {
    uint32_t type, timestamp, windowID, which;
    uint8_t button, state, clicks, padding1;
    int32_t x, y;
} tk_sdl_mouse_button_event;

typedef struct tk_sdl_mouse_wheel_event {
    uint32_t type, timestamp, windowID, which;
    int32_t x, y;
} tk_sdl_mouse_wheel_event;

typedef struct tk_sdl_touch_finger_event {
    uint32_t type, timestamp;
    int64_t touchId, fingerId;
    float x, y, dx, dy, pressure;  // x, y normalised to the window, 0...1
    uint32_t windowID;
} tk_sdl_touch_finger_event;

typedef union tk_sdl_event {
    uint32_t type;
    tk_sdl_common_event common;
    tk_sdl_window_event window;
    tk_sdl_keyboard_event key;
    tk_sdl_mouse_motion_event motion;
    tk_sdl_mouse_button_event button;
    tk_sdl_mouse_wheel_event wheel;
    tk_sdl_touch_finger_event tfinger;
    uint8_t padding[56];
} tk_sdl_event;

_Static_assert(sizeof(tk_sdl_event) == 56, "SDL_Event is 56 bytes");
_Static_assert(sizeof(tk_sdl_display_mode) == 24 || sizeof(void *) != 8, "SDL_DisplayMode is 24 bytes on LP64");
_Static_assert(sizeof(tk_sdl_touch_finger_event) == 48, "SDL_TouchFingerEvent is 48 bytes");

enum {
    TK_SDL_INIT_VIDEO = 0x20,
    TK_SDL_QUIT = 0x100,
    TK_SDL_WINDOWEVENT = 0x200,
    TK_SDL_KEYDOWN = 0x300,
    TK_SDL_KEYUP = 0x301,
    TK_SDL_MOUSEMOTION = 0x400,
    TK_SDL_MOUSEBUTTONDOWN = 0x401,
    TK_SDL_MOUSEBUTTONUP = 0x402,
    TK_SDL_MOUSEWHEEL = 0x403,
    TK_SDL_FINGERDOWN = 0x700,
    TK_SDL_FINGERUP = 0x701,
    TK_SDL_FINGERMOTION = 0x702,
    TK_SDL_WINDOWEVENT_RESIZED = 5,
    TK_SDL_WINDOWEVENT_SIZE_CHANGED = 6,
    TK_SDL_WINDOWEVENT_LEAVE = 11,
    TK_SDL_WINDOWEVENT_FOCUS_LOST = 13,
    TK_SDL_WINDOWEVENT_CLOSE = 14,
    TK_SDL_WINDOWEVENT_DISPLAY_CHANGED = 18,
    TK_SDL_WINDOW_RESIZABLE = 0x20,
    TK_SDL_WINDOW_ALLOW_HIGHDPI = 0x2000,
    TK_SDL_WINDOWPOS_UNDEFINED = 0x1FFF0000,
    TK_SDL_RENDERER_SOFTWARE = 0x1,
    TK_SDL_RENDERER_PRESENTVSYNC = 0x4,
    TK_SDL_TEXTUREACCESS_STREAMING = 1,
    TK_SDL_PRESSED = 1,
    TK_SDL_BUTTON_LEFT = 1,
};

/// SDL_PIXELFORMAT_ABGR8888: bytes R, G, B, A in memory on a little-endian machine (SDL_PIXELFORMAT_RGBA32).
#define TK_SDL_PIXELFORMAT_ABGR8888 0x16762004u
/// SDL_PIXELFORMAT_RGBA8888: bytes R, G, B, A in memory on a big-endian machine.
#define TK_SDL_PIXELFORMAT_RGBA8888 0x16462004u
/// SDL_TOUCH_MOUSEID: the `which` of mouse events SDL synthesised from touches.
#define TK_SDL_TOUCH_MOUSEID 0xFFFFFFFFu
/// SDL_MOUSE_TOUCHID: the `touchId` of touch events SDL synthesised from the mouse.
#define TK_SDL_MOUSE_TOUCHID (-1LL)

/// The entry points, filled by tk_sdl2_load(). Each has the signature SDL documents for the
/// function of the same name without the tk_ prefix.
typedef struct tk_sdl2_api {
    int (* _Nonnull Init)(uint32_t flags);
    void (* _Nonnull Quit)(void);
    const char *(* _Nonnull GetError)(void);
    int (* _Nonnull SetHint)(const char *name, const char *value);
    const char *(* _Nonnull GetCurrentVideoDriver)(void);
    tk_sdl_window *(* _Nonnull CreateWindow)(const char *title, int x, int y, int w, int h, uint32_t flags);
    void (* _Nonnull DestroyWindow)(tk_sdl_window *window);
    void (* _Nonnull GetWindowSize)(tk_sdl_window *window, int *w, int *h);
    void (* _Nonnull SetWindowSize)(tk_sdl_window *window, int w, int h);
    void (* _Nonnull SetWindowTitle)(tk_sdl_window *window, const char *title);
    int (* _Nonnull GetWindowDisplayMode)(tk_sdl_window *window, tk_sdl_display_mode *mode);
    uint32_t (* _Nonnull GetWindowID)(tk_sdl_window *window);
    tk_sdl_renderer *(* _Nonnull CreateRenderer)(tk_sdl_window *window, int index, uint32_t flags);
    void (* _Nonnull DestroyRenderer)(tk_sdl_renderer *renderer);
    int (* _Nonnull GetRendererInfo)(tk_sdl_renderer *renderer, tk_sdl_renderer_info *info);
    int (* _Nonnull GetRendererOutputSize)(tk_sdl_renderer *renderer, int *w, int *h);
    tk_sdl_texture *(* _Nonnull CreateTexture)(tk_sdl_renderer *renderer, uint32_t format, int access, int w, int h);
    void (* _Nonnull DestroyTexture)(tk_sdl_texture *texture);
    int (* _Nonnull LockTexture)(tk_sdl_texture *texture, const tk_sdl_rect *rect, void **pixels, int *pitch);
    void (* _Nonnull UnlockTexture)(tk_sdl_texture *texture);
    int (* _Nonnull UpdateTexture)(tk_sdl_texture *texture, const tk_sdl_rect *rect, const void *pixels, int pitch);
    int (* _Nonnull SetRenderDrawColor)(tk_sdl_renderer *renderer, uint8_t r, uint8_t g, uint8_t b, uint8_t a);
    int (* _Nonnull RenderClear)(tk_sdl_renderer *renderer);
    int (* _Nonnull RenderCopy)(tk_sdl_renderer *renderer, tk_sdl_texture *texture, const tk_sdl_rect *src, const tk_sdl_rect *dst);
    void (* _Nonnull RenderPresent)(tk_sdl_renderer *renderer);
    int (* _Nonnull RenderReadPixels)(tk_sdl_renderer *renderer, const tk_sdl_rect *rect, uint32_t format, void *pixels, int pitch);
    int (* _Nonnull PollEvent)(tk_sdl_event *event);
    int (* _Nonnull PushEvent)(tk_sdl_event *event);
    uint32_t (* _Nonnull GetTicks)(void);
    uint64_t (* _Nonnull GetPerformanceCounter)(void);
    uint64_t (* _Nonnull GetPerformanceFrequency)(void);
} tk_sdl2_api;

/// The entry points; valid after tk_sdl2_load() returned 0 (before, NULL).
const tk_sdl2_api *tk_sdl2_get(void);

/// Opens libSDL2-2.0.so.0 (or `path` when not NULL) and resolves every entry point of tk_sdl2.
/// Returns 0 on success (also when already loaded); otherwise -1 with a one-line reason
/// (dlerror's text, or the first symbol missing) copied into `reason` (`reason_size` bytes,
/// NUL-terminated). Not thread-safe: call it from one thread.
int tk_sdl2_load(const char *path, char *reason, size_t reason_size);

#pragma clang diagnostic pop

#ifdef __cplusplus
}
#endif
#endif
