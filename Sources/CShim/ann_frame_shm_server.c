// SPDX-License-Identifier: GPL-3.0-or-later
// The X server's side of a frame segment made ahead (see ann_frame_shm_ahead.c).
//
// The server maps a shared-memory segment when a client first attaches it, and then takes a page
// fault at the first touch of each of its pages: 8,192 of them for a 4K frame's 32 MiB, about 11 ms
// of the server's time, paid by the first frame copied from a new segment. Here the app attaches
// the segment made ahead on its own and has the server draw a point in each of its pages through a
// pixmap over it, between frames: the server's mapping then exists, and cairo's attachment of the same segment later
// shares it (the server maps a segment once and counts its attachments, Xext/shm.c). That
// attachment is given up once cairo's is in the request stream, or when the segment is dropped.
//
// Xlib and libXext are called through dlsym, as in ann_frame_shm_calls.c: the executable does not link
// them itself (GTK and cairo have them loaded). Errors (none expected: cairo's own probe attached a
// segment) are ignored through GDK's error trap, so that none reaches GDK's handler.
#define _GNU_SOURCE
#include "ann_frame_shm_server.h"
#include <X11/extensions/XShm.h>
#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <glib.h>

static XShmSegmentInfo shared;  // the attachment, while shared_id is set
static int shared_id = -1;
static unsigned long attach_request;  // the request that attached it

typedef struct {
    int (*pixmap_format)(Display *);
    Bool (*attach)(Display *, XShmSegmentInfo *);
    Bool (*detach)(Display *, XShmSegmentInfo *);
    Pixmap (*create_pixmap)(Display *, Drawable, char *, XShmSegmentInfo *, unsigned int, unsigned int, unsigned int);
    GC (*create_gc)(Display *, Drawable, unsigned long, XGCValues *);
    int (*points)(Display *, Drawable, GC, XPoint *, int, int);
    int (*free_gc)(Display *, GC);
    int (*free_pixmap)(Display *, Pixmap);
    int (*flush)(Display *);
} Calls;

/* The Xlib and libXext calls used, or NULL when one is missing. */
static const Calls *calls(void)
{
    static Calls found;
    static int looked;  // 1: found, -1: missing
    if (looked == 0) {
        found.pixmap_format = (int (*)(Display *))dlsym(RTLD_DEFAULT, "XShmPixmapFormat");
        found.attach = (Bool (*)(Display *, XShmSegmentInfo *))dlsym(RTLD_DEFAULT, "XShmAttach");
        found.detach = (Bool (*)(Display *, XShmSegmentInfo *))dlsym(RTLD_DEFAULT, "XShmDetach");
        found.create_pixmap = (Pixmap (*)(Display *, Drawable, char *, XShmSegmentInfo *, unsigned int, unsigned int,
                                          unsigned int))dlsym(RTLD_DEFAULT, "XShmCreatePixmap");
        found.create_gc = (GC (*)(Display *, Drawable, unsigned long, XGCValues *))dlsym(RTLD_DEFAULT, "XCreateGC");
        found.points = (int (*)(Display *, Drawable, GC, XPoint *, int, int))dlsym(RTLD_DEFAULT, "XDrawPoints");
        found.free_gc = (int (*)(Display *, GC))dlsym(RTLD_DEFAULT, "XFreeGC");
        found.free_pixmap = (int (*)(Display *, Pixmap))dlsym(RTLD_DEFAULT, "XFreePixmap");
        found.flush = (int (*)(Display *))dlsym(RTLD_DEFAULT, "XFlush");
        looked = found.pixmap_format && found.attach && found.detach && found.create_pixmap && found.create_gc && found.points
                         && found.free_gc && found.free_pixmap && found.flush
                     ? 1
                     : -1;
    }
    return looked == 1 ? &found : NULL;
}

/* Whether the server makes pixmaps over shared memory in the screen's depth, 4 bytes a pixel
 * (asked once: a round trip). */
static gboolean has_pixmaps(Display *display, const Calls *x)
{
    static int answer;  // 1: yes, -1: no
    if (answer == 0) {
        int depth = DefaultDepth(display, DefaultScreen(display));
        answer = x->pixmap_format(display) == ZPixmap && (depth == 24 || depth == 32) ? 1 : -1;
    }
    return answer == 1;
}

gboolean ann_frame_shm_server_share(Display *display, int id, size_t size)
{
    const Calls *x = calls();
    if (shared_id == id)
        return TRUE;
    if (display == NULL || x == NULL || shared_id != -1 || !has_pixmaps(display, x))
        return FALSE;
    int screen = DefaultScreen(display);
    unsigned int width = (unsigned int)DisplayWidth(display, screen);
    unsigned int rows = width == 0 ? 0 : (unsigned int)(size / ((size_t)width * 4));
    if (rows == 0 || width > 32767)
        return FALSE;
    if (rows > 32767)
        rows = 32767;
    GdkDisplay *gdk = gdk_x11_lookup_xdisplay(display);
    if (gdk != NULL)
        gdk_x11_display_error_trap_push(gdk);
    shared = (XShmSegmentInfo){.shmid = id, .shmaddr = NULL, .readOnly = False};
    attach_request = NextRequest(display);
    if (x->attach(display, &shared)) {
        shared_id = id;
        Pixmap pixmap = x->create_pixmap(display, RootWindow(display, screen), NULL, &shared, width, rows,
                                         (unsigned int)DefaultDepth(display, screen));
        GC gc = x->create_gc(display, pixmap, 0, NULL);
        // A point in each page: the page faults without the writing of a fill.
        size_t pages = (size_t)width * rows * 4 / 4096;
        XPoint *points = g_new(XPoint, pages);
        for (size_t page = 0; page < pages; page++) {
            size_t pixel = page * 4096 / 4;
            points[page] = (XPoint){.x = (short)(pixel % width), .y = (short)(pixel / width)};
        }
        x->points(display, pixmap, gc, points, (int)pages, CoordModeOrigin);
        g_free(points);
        x->free_gc(display, gc);
        x->free_pixmap(display, pixmap);
        x->flush(display);
    }
    if (gdk != NULL)
        gdk_x11_display_error_trap_pop_ignored(gdk);
    return shared_id == id;
}

gboolean ann_frame_shm_server_holds(Display *display, int id)
{
    return display != NULL && shared_id == id && (long)(LastKnownRequestProcessed(display) - attach_request) >= 0;
}

void ann_frame_shm_server_unshare(Display *display, int id)
{
    const Calls *x = calls();
    if (display == NULL || x == NULL || shared_id == -1 || shared_id != id)
        return;
    GdkDisplay *gdk = gdk_x11_lookup_xdisplay(display);
    if (gdk != NULL)
        gdk_x11_display_error_trap_push(gdk);
    x->detach(display, &shared);
    x->flush(display);
    if (gdk != NULL)
        gdk_x11_display_error_trap_pop_ignored(gdk);
    shared_id = -1;
}
