// SPDX-License-Identifier: GPL-3.0-or-later
// The interposed shmget, shmat, shmdt and XEventsQueued: each of cairo's asks for a segment is
// answered or refused here (the why: ann_frame_shm_state.h).
//
// - cairo asks for a pool once or twice a frame while it has none. One segment at a time, of at
//   most segment_max: shmget refuses it more, and cairo, which halves its request until it fits,
//   makes a pool of one frame; a frame that finds no room goes through the socket as before;
// - at 1080p only an animation's frames get it (a curl at 1080p through the socket had p99 of
//   16–28 ms in half the runs, the main thread and Xvfb on different cores, the socket's buffer
//   pages handed back to the host; 11–14 ms with a segment): the kept segment first
//   (ann_frame_shm_keep.c), else the one made ahead (ann_frame_shm_ahead.c);
// - at 4K a run of large frames gets the segment made ahead, once it is ready;
// - before cairo looks for a free block it asks Xlib what the server has done
//   (XEventsQueued(QueuedAfterReading)); a round trip first (XSync) makes the answer current, so
//   the block of the last frame, long copied by then, is free again and reused.
// The shmget and XEventsQueued below change only calls made from libcairo; every other caller
// gets the C library's and Xlib's own.
#define _GNU_SOURCE
#include "ann_frame_shm_state.h"
#include <dlfcn.h>
#include <errno.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/types.h>

static void *live_address;         // where cairo's segment is mapped
static int large_frames_in_a_row;  // frames over ANN_FRAME_SHM_MIN_FRAME, each soon after the last
static guint64 large_frames;       // such frames since the start
static gboolean populate_taken;    // the segment cairo is about to attach was made ahead
static gboolean small_probe_answered; // cairo's probe of the extension (one page) was answered

/* Whether `caller` is code of libcairo's. */
static gboolean called_from_cairo(const void *caller)
{
    static const void *cairo_base;
    if (cairo_base == NULL) {
        Dl_info info;
        void *symbol = dlsym(RTLD_DEFAULT, "cairo_create");
        if (symbol == NULL || dladdr(symbol, &info) == 0)
            return FALSE;
        cairo_base = info.dli_fbase;
    }
    Dl_info info;
    return dladdr(caller, &info) != 0 && info.dli_fbase == cairo_base;
}

/* Counts the large frames that follow each other closely (cairo asks for a pool, and is refused,
 * once or twice a frame while it has none): a single frame, such as the first at open, goes
 * through the socket, since making and first touching a segment costs more than one frame's
 * copy; a run of frames (scrolling, an animation) is what a segment pays off over. */
static gboolean note_large_frame(void)
{
    static gint64 last;
    gint64 now = g_get_monotonic_time();
    if (now - last < 4000)
        return FALSE;  // the same frame's second ask
    large_frames_in_a_row = now - last <= ANN_FRAME_SHM_STREAM_GAP_MS * 1000 ? large_frames_in_a_row + 1 : 1;
    last = now;
    large_frames++;
    frame_shm.uses++;
    return TRUE;
}

int ann_frame_shm_real_shmget(key_t key, size_t size, int flags)
{
    static int (*real)(key_t, size_t, int);
    if (real == NULL)
        real = (int (*)(key_t, size_t, int))dlsym(RTLD_NEXT, "shmget");
    return real(key, size, flags);
}

void *ann_frame_shm_real_shmat(int id, const void *address, int flags)
{
    static void *(*real)(int, const void *, int);
    if (real == NULL)
        real = (void *(*)(int, const void *, int))dlsym(RTLD_NEXT, "shmat");
    return real(id, address, flags);
}

int ann_frame_shm_real_shmdt(const void *address)
{
    static int (*real)(const void *);
    if (real == NULL)
        real = (int (*)(const void *))dlsym(RTLD_NEXT, "shmdt");
    return real(address);
}

int shmget(key_t key, size_t size, int flags)
{
    // cairo's own probe of the extension asks for one page; its pools start at 512 KiB.
    if (ann_frame_shm_mode() != MODE_BOUNDED || !called_from_cairo(__builtin_return_address(0)))
        return ann_frame_shm_real_shmget(key, size, flags);
    if (size <= 4096) {
        // The probe (cairo's first ask) is answered. Where frames take a segment only during an
        // animation, cairo's later asks of a page (it halves a refused pool's ask down to one) are
        // refused: a small image went through a page of shared memory kept attached at rest.
        if (!frame_shm.animations_only || !small_probe_answered) {
            small_probe_answered = TRUE;
            return ann_frame_shm_real_shmget(key, size, flags);
        }
        errno = ENOMEM;
        return -1;
    }
    if (frame_shm.animations_only) {
        // Small frames take a segment only while an animation announces them; the others go
        // through the socket (not counted as refused: cairo asks once or twice a frame).
        if (!ann_frame_shm_animating()) {
            errno = ENOMEM;
            return -1;
        }
        int kept = ann_frame_shm_take_kept(size);
        if (kept != -1)
            return kept;
    } else if (size >= 16 * ANN_FRAME_SHM_MIN_FRAME && note_large_frame() && large_frames > 1) {
        // cairo's first ask for a frame over ANN_FRAME_SHM_MIN_FRAME: the first of a run has the
        // segment made ahead, but for the process's first (page 1 at open)
        ann_frame_shm_prepare_ahead();
    }
    ann_frame_shm_remove_once_server_holds();
    if (frame_shm.live_segment != -1 || size > frame_shm.segment_max) {
        frame_shm.counts.refused++;
        errno = ENOMEM;
        return -1;
    }
    // The segment made ahead is handed over when it is ready (cairo halves its ask down to its
    // size); until then frames use the socket. Only where no worker could make it does cairo make
    // its own, at the ANN_FRAME_SHM_STREAM-th frame of a run.
    int ready = ann_frame_shm_prepared();
    int id = -1;
    if (ready != -1) {
        if (size == frame_shm.segment_max && ann_frame_shm_take_prepared(ready)) {
            id = ready;
            populate_taken = TRUE;
        }
    } else if (!ann_frame_shm_preparing() && large_frames_in_a_row >= ANN_FRAME_SHM_STREAM) {
        id = ann_frame_shm_real_shmget(key, size, flags);
    }
    if (id == -1) {
        frame_shm.counts.refused++;
        errno = ENOMEM;
        return -1;
    }
    frame_shm.live_segment = id;
    frame_shm.counts.made++;
    frame_shm.counts.bytes = size;
    frame_shm.uses++;
    ann_frame_shm_watch_rest();
    return id;
}

void *shmat(int id, const void *address, int flags)
{
    void *kept = id == frame_shm.live_segment && live_address == NULL ? ann_frame_shm_kept_mapping(id) : NULL;
    if (kept != NULL) {
        live_address = kept;  // the kept mapping: its pages are mapped already
        return kept;
    }
    void *mapped = ann_frame_shm_real_shmat(id, address, flags);
    if (id == frame_shm.live_segment && live_address == NULL) {
        if (mapped != (void *)-1) {
            live_address = mapped;
            ann_frame_shm_kept_attached(id, mapped);
            if (populate_taken)
                ann_frame_shm_populate(mapped, frame_shm.touched_bytes);  // its memory is found already: map it all at once
        } else {
            frame_shm.live_segment = -1;  // cairo gives the segment up
            ann_frame_shm_kept_attached(id, mapped);
        }
        populate_taken = FALSE;
    }
    return mapped;
}

int shmdt(const void *address)
{
    if (frame_shm.live_segment != -1 && address == live_address) {
        int id = frame_shm.live_segment;
        frame_shm.live_segment = -1;
        live_address = NULL;
        if (ann_frame_shm_keep_detached(id))
            return 0;  // cairo's pool is gone; the segment stays for the animation's next frames
        frame_shm.counts.bytes = 0;
        frame_shm.counts.released++;
    }
    return ann_frame_shm_real_shmdt(address);
}

int XEventsQueued(Display *display, int queue_mode)
{
    static int (*real)(Display *, int);
    static int (*sync)(Display *, Bool);
    if (real == NULL) {
        real = (int (*)(Display *, int))dlsym(RTLD_NEXT, "XEventsQueued");
        sync = (int (*)(Display *, Bool))dlsym(RTLD_DEFAULT, "XSync");
    }
    if (ann_frame_shm_mode() == MODE_BOUNDED && queue_mode == QueuedAfterReading && frame_shm.live_segment != -1
        && sync != NULL && called_from_cairo(__builtin_return_address(0))) {
        sync(display, False);
        frame_shm.counts.syncs++;
        frame_shm.uses++;
    }
    return real(display, queue_mode);
}
