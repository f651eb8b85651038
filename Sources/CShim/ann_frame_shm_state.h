// SPDX-License-Identifier: GPL-3.0-or-later
// What the files of the frames' shared memory share (private to CShim; the public side is
// include/ann_frame_shm.h), and why there is one bounded segment of it.
//
// GTK 4.8's cairo renderer on X11 paints each frame into an image in the process, and cairo's
// xlib backend sends the painted region to the window. Given MIT-SHM, cairo 1.16
// (cairo-xlib-surface-shm.c) copies the region into a shared-memory pool and has the server
// copy it from there; without it, it writes the region into the socket (XPutImage).
// - At 1080p the pools cost more than they save: they held 14–23 MiB after a burst of page turns
//   and 7 at open, counted in the app's memory, and wheel input to paint was slower (scroll.py:
//   p50 9.9 / p99 25.9 ms with them, 5.6 / 20.5 without).
// - At 4K (33 MB a frame) the socket is the slow part: frames of 70–120 ms were the writev of the
//   frame. With cairo's pools p99 fell under 33 ms, but peak memory rose by 81 MiB. Cairo sizes
//   a pool at eight frames (the frame rounded up to a power of two, times 8), hands out the next
//   block of it while the server may still be reading the last one (it knows what the server
//   has done only from the replies and events it has read), and destroys a pool only when an
//   allocation or release finds it wholly free: every block a frame ever used stays resident,
//   and the last one stays after the view rests.
//
// So, unless PDF_ANNOTATOR_XSHM says otherwise, cairo holds at most one segment, of one screen's
// frame, and only where it pays. The files, one part each:
// - ann_frame_shm_extension.c: what cairo is told of MIT-SHM, and how large its segment may be;
// - ann_frame_shm_calls.c: the interposed shmget, shmat, shmdt and XEventsQueued, which answer or
//   refuse each of cairo's asks;
// - ann_frame_shm_ahead.c: the segment made ahead on a worker and shared with the X server ahead
//   of a frame (the server's side: ann_frame_shm_server.c);
// - ann_frame_shm_keep.c: the segment kept through a run of page turns;
// - ann_frame_shm_rest.c: the segment given back at rest.
//
// Threads: all of it is the main thread's (cairo's window surface and GTK's main loop), but for
// the worker that makes a segment ahead (ann_frame_shm_ahead.c, which says what it touches).
#pragma once
#include "ann_frame_shm.h"
#include <X11/Xlib.h>
#include <glib.h>
#include <stddef.h>
#include <sys/types.h>

/* PDF_ANNOTATOR_XSHM: unset (MODE_BOUNDED), "1" (MODE_CAIRO: cairo's own pools) or else (MODE_OFF). */
enum { MODE_UNSET = -1, MODE_OFF = 0, MODE_CAIRO = 1, MODE_BOUNDED = 2 };

/* What the files share. The first four are set by the interposed XShmQueryExtension (only
 * touched_bytes is read by the worker, which starts after). */
typedef struct {
    Display *display;          // the display cairo asked about
    size_t segment_max;        // the largest segment cairo may have (0: none)
    gboolean animations_only;  // the screen's frames are small: a segment only for animations
    size_t touched_bytes;      // the bytes of a segment a frame of the screen uses, touched ahead
    int live_segment;          // the id of cairo's segment while it exists
    guint64 uses;              // frames and asks that used the segment (the rest watch counts them)
    AnnFrameShmCounts counts;
} AnnFrameShmState;

G_GNUC_INTERNAL extern AnnFrameShmState frame_shm;

/* ann_frame_shm_extension.c: the mode, read once from the environment. */
G_GNUC_INTERNAL int ann_frame_shm_mode(void);

/* ann_frame_shm_calls.c: the C library's own calls, for the app's own segments. */
G_GNUC_INTERNAL int ann_frame_shm_real_shmget(key_t key, size_t size, int flags);
G_GNUC_INTERNAL void *ann_frame_shm_real_shmat(int id, const void *address, int flags);
G_GNUC_INTERNAL int ann_frame_shm_real_shmdt(const void *address);

/* ann_frame_shm_ahead.c */
/* Has the kernel find, clear and map the `size` bytes at `address` now. */
G_GNUC_INTERNAL void ann_frame_shm_populate(void *address, size_t size);
/* Starts making the segment ahead (the first frame of a run), unless one exists or is coming. */
G_GNUC_INTERNAL void ann_frame_shm_prepare_ahead(void);
/* The segment made ahead once it is ready (-1: none), and whether a worker is making one. */
G_GNUC_INTERNAL int ann_frame_shm_prepared(void);
G_GNUC_INTERNAL gboolean ann_frame_shm_preparing(void);
/* Hands segment `ready`, made ahead, to cairo: FALSE when it was taken or dropped already. */
G_GNUC_INTERNAL gboolean ann_frame_shm_take_prepared(int ready);
/* Marks the segment made ahead for removal once the server holds it. */
G_GNUC_INTERNAL void ann_frame_shm_remove_once_server_holds(void);
/* Drops a segment made ahead that no frame took. */
G_GNUC_INTERNAL void ann_frame_shm_drop_prepared(void);
/* Gives up the server's own attachment of segment `id` from the main loop, between frames. */
G_GNUC_INTERNAL void ann_frame_shm_unshare_later(int id);

/* ann_frame_shm_keep.c */
/* Whether an animation announced a frame within ANN_FRAME_SHM_STREAM_GAP_MS. */
G_GNUC_INTERNAL gboolean ann_frame_shm_animating(void);
/* Keeps segment `id` (made ahead for an animation) until the animation rests; whether one is kept. */
G_GNUC_INTERNAL void ann_frame_shm_keep(int id);
G_GNUC_INTERNAL gboolean ann_frame_shm_keeping(void);
/* cairo asks for a pool of `size` bytes: the kept segment, made cairo's again, or -1. */
G_GNUC_INTERNAL int ann_frame_shm_take_kept(size_t size);
/* cairo attaches its segment `id`: the kept mapping of it, or NULL. */
G_GNUC_INTERNAL void *ann_frame_shm_kept_mapping(int id);
/* cairo attached its segment `id` at `mapped` ((void *)-1: it failed). */
G_GNUC_INTERNAL void ann_frame_shm_kept_attached(int id, void *mapped);
/* cairo detaches its segment `id`: TRUE when it stays mapped for the animation's next frames. */
G_GNUC_INTERNAL gboolean ann_frame_shm_keep_detached(int id);
/* At rest: gives back the kept segment if cairo has none; TRUE when it did. */
G_GNUC_INTERNAL gboolean ann_frame_shm_give_back_kept(void);
