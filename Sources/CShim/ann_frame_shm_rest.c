// SPDX-License-Identifier: GPL-3.0-or-later
// The segment given back at rest, so that no view at rest holds shared memory (the why:
// ann_frame_shm_state.h).
//
// Once no frame has used the segment for half a second (ANN_FRAME_SHM_REST_MS) it is given back:
// the one kept through page turns (ann_frame_shm_keep.c) at once; cairo's own after a round trip,
// when a small image made and dropped on the display lets cairo find its pool wholly free and
// destroy it; one made ahead that no frame took is dropped. All on the main thread.
#define _GNU_SOURCE
#include "ann_frame_shm_state.h"
#include <cairo-xlib.h>
#include <dlfcn.h>

static guint64 uses_at_last_look;
static guint rest_timer;
static void (*release_listener)(void);

gboolean ann_frame_shm_release(void)
{
    int (*sync)(Display *, Bool) = (int (*)(Display *, Bool))dlsym(RTLD_DEFAULT, "XSync");
    if (frame_shm.live_segment == -1 || frame_shm.display == NULL || sync == NULL)
        return frame_shm.live_segment == -1;
    sync(frame_shm.display, False);
    int screen = DefaultScreen(frame_shm.display);
    cairo_surface_t *root = cairo_xlib_surface_create(frame_shm.display, RootWindow(frame_shm.display, screen),
                                                      DefaultVisual(frame_shm.display, screen), 1, 1);
    // An image from the display's pool: dropping it runs cairo's clean-up of wholly free pools.
    cairo_surface_t *image = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, 64, 64);
    cairo_surface_destroy(image);
    cairo_surface_destroy(root);
    return frame_shm.live_segment == -1;
}

/* The watch ends with the segment given back: the listener hears of it. */
static gboolean given_back(void)
{
    rest_timer = 0;
    if (release_listener != NULL)
        release_listener();
    return G_SOURCE_REMOVE;
}

static gboolean look_for_rest(gpointer data)
{
    (void)data;
    if (frame_shm.uses != uses_at_last_look) {
        uses_at_last_look = frame_shm.uses;
        return G_SOURCE_CONTINUE;
    }
    ann_frame_shm_remove_once_server_holds();
    if (ann_frame_shm_give_back_kept())
        return given_back();
    if (frame_shm.live_segment == -1) {
        if (ann_frame_shm_preparing())
            return G_SOURCE_CONTINUE;
        ann_frame_shm_drop_prepared();  // made ahead for a run that ended before taking it
        rest_timer = 0;
        return G_SOURCE_REMOVE;
    }
    if (!ann_frame_shm_release())
        return G_SOURCE_CONTINUE;  // a block still taken: again in half a second
    return given_back();
}

void ann_frame_shm_watch_rest(void)
{
    if (rest_timer == 0) {
        uses_at_last_look = frame_shm.uses;
        rest_timer = g_timeout_add(ANN_FRAME_SHM_REST_MS, look_for_rest, NULL);
    }
}

void ann_frame_shm_on_release(void (*listener)(void))
{
    release_listener = listener;
}
