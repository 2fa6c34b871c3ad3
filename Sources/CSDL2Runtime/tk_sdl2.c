#include "tk_sdl2.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static tk_sdl2_api tk_sdl2;
static void *handle;

const tk_sdl2_api *tk_sdl2_get(void) { return handle != NULL ? &tk_sdl2 : NULL; }

int tk_sdl2_load(const char *path, char *reason, size_t reason_size) {
    if (handle != NULL) return 0;
    const char *name = path != NULL ? path : "libSDL2-2.0.so.0";
    void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        const char *why = dlerror();
        snprintf(reason, reason_size, "%s", why != NULL ? why : name);
        return -1;
    }
    tk_sdl2_api api;
    struct { const char *symbol; void **slot; } table[] = {
        {"SDL_Init", (void **)&api.Init},
        {"SDL_Quit", (void **)&api.Quit},
        {"SDL_GetError", (void **)&api.GetError},
        {"SDL_SetHint", (void **)&api.SetHint},
        {"SDL_GetCurrentVideoDriver", (void **)&api.GetCurrentVideoDriver},
        {"SDL_CreateWindow", (void **)&api.CreateWindow},
        {"SDL_DestroyWindow", (void **)&api.DestroyWindow},
        {"SDL_GetWindowSize", (void **)&api.GetWindowSize},
        {"SDL_SetWindowSize", (void **)&api.SetWindowSize},
        {"SDL_SetWindowTitle", (void **)&api.SetWindowTitle},
        {"SDL_GetWindowDisplayMode", (void **)&api.GetWindowDisplayMode},
        {"SDL_GetWindowID", (void **)&api.GetWindowID},
        {"SDL_CreateRenderer", (void **)&api.CreateRenderer},
        {"SDL_DestroyRenderer", (void **)&api.DestroyRenderer},
        {"SDL_GetRendererInfo", (void **)&api.GetRendererInfo},
        {"SDL_GetRendererOutputSize", (void **)&api.GetRendererOutputSize},
        {"SDL_CreateTexture", (void **)&api.CreateTexture},
        {"SDL_DestroyTexture", (void **)&api.DestroyTexture},
        {"SDL_LockTexture", (void **)&api.LockTexture},
        {"SDL_UnlockTexture", (void **)&api.UnlockTexture},
        {"SDL_UpdateTexture", (void **)&api.UpdateTexture},
        {"SDL_SetRenderDrawColor", (void **)&api.SetRenderDrawColor},
        {"SDL_RenderClear", (void **)&api.RenderClear},
        {"SDL_RenderCopy", (void **)&api.RenderCopy},
        {"SDL_RenderPresent", (void **)&api.RenderPresent},
        {"SDL_RenderReadPixels", (void **)&api.RenderReadPixels},
        {"SDL_PollEvent", (void **)&api.PollEvent},
        {"SDL_PushEvent", (void **)&api.PushEvent},
        {"SDL_GetTicks", (void **)&api.GetTicks},
        {"SDL_GetPerformanceCounter", (void **)&api.GetPerformanceCounter},
        {"SDL_GetPerformanceFrequency", (void **)&api.GetPerformanceFrequency},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        void *f = dlsym(h, table[i].symbol);
        if (f == NULL) {
            snprintf(reason, reason_size, "%s has no %s (SDL 2.0.x expected)", name, table[i].symbol);
            dlclose(h);
            return -1;
        }
        *table[i].slot = f;
    }
    tk_sdl2 = api;
    handle = h;
    return 0;
}
