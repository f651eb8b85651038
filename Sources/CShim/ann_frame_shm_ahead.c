// SPDX-License-Identifier: GPL-3.0-or-later
// The segment made ahead: no frame pays for making cairo's segment, nor for the first touch of
// its pages, in the app or in the X server (the why: ann_frame_shm_state.h).
//
// - the segment is made ahead on a worker, at the first frame of a run of large frames (a run:
//   each within 100 ms of the last; scrolling, an animation), so that no frame pays for making it
//   (38–59 ms at 4K when a frame did: shmget, attaching, and the first touch of 32 MiB). Frames use
//   the socket until it is ready, at the second or third frame of a run. The process's first large
//   frame (page 1 at open) makes none: making it then slowed page 1 at 4K (163 ms against 120).
//   At 1080p the first frame an animation announces has it made; the worker and the server touch
//   only the pages a screen's frame uses of it;
// - what a segment made ahead costs its first frame is paid ahead too. The worker writes a byte
//   in each of its pages and detaches it (it counts in no process's memory until a frame takes
//   it); once it is ready the main loop attaches it on the server's side and has the server write
//   in each of its pages (ann_frame_shm_server.c), so that the server's first copy from it faults
//   in no page (about 11 ms of the server's time at 4K, in the first frame through it before); the
//   frame that takes it maps all its pages at once (MADV_POPULATE_WRITE) instead of taking a fault
//   in each (11 ms against 7);
// - it is marked for removal once the server holds it, so that none outlives the app, and one that
//   no frame took is dropped at rest (ann_frame_shm_rest.c).
//
// Threads: the worker (prepare_segment) reads frame_shm.touched_bytes, set before it starts, and
// sets prepared_segment and preparing, which are read and changed only atomically; everything
// else here runs on the main thread.
#define _GNU_SOURCE
#include "ann_frame_shm_state.h"
#include "ann_frame_shm_server.h"
#include <stdint.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/types.h>

static gint prepared_segment = -1; // a segment a worker made and touched ahead, not yet cairo's
static gint preparing;             // 1 while the worker makes it
static gboolean prepared_removed;  // the one made ahead is marked for removal (IPC_RMID) already

/* Has the kernel find and clear the memory of `size` bytes at `address` and map it, at once where
 * it can (Linux 5.14), else by writing a byte in each page. */
void ann_frame_shm_populate(void *address, size_t size)
{
    if (madvise(address, size, MADV_POPULATE_WRITE) == 0)
        return;
    for (size_t offset = 0; offset < size; offset += 4096)
        ((volatile char *)address)[offset] = 0;
}

/* Marks the segment made ahead for removal once the server's attachment of it is known to exist:
 * from then that attachment keeps it (Linux attaches a segment so marked; cairo marks its own so
 * right after attaching it), and it goes when the app's connection does, whatever ends the app. */
void ann_frame_shm_remove_once_server_holds(void)
{
    int id = g_atomic_int_get(&prepared_segment);
    if (id != -1 && !prepared_removed && ann_frame_shm_server_holds(frame_shm.display, id)) {
        shmctl(id, IPC_RMID, NULL);
        prepared_removed = TRUE;
    }
}

/* The main loop's side of a segment made ahead: the server attaches it and touches its pages. */
static gboolean share_prepared(gpointer data)
{
    (void)data;
    int id = g_atomic_int_get(&prepared_segment);
    if (id != -1 && frame_shm.live_segment == -1) {
        ann_frame_shm_server_share(frame_shm.display, id, frame_shm.touched_bytes);
    }
    return G_SOURCE_REMOVE;
}

/* On a worker: makes a segment of `size` bytes and has the kernel find and clear its memory, so
 * that no frame pays for it. It is detached again, so it counts in no process's memory until
 * cairo attaches it. */
static gpointer prepare_segment(gpointer data)
{
    size_t size = (size_t)(uintptr_t)data;
    int id = ann_frame_shm_real_shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
    if (id != -1) {
        void *mapped = ann_frame_shm_real_shmat(id, NULL, 0);
        if (mapped == (void *)-1) {
            shmctl(id, IPC_RMID, NULL);
            id = -1;
        } else {
            ann_frame_shm_populate(mapped, frame_shm.touched_bytes);  // what a frame of the screen uses of it
            ann_frame_shm_real_shmdt(mapped);
        }
    }
    g_atomic_int_set(&prepared_segment, id);
    g_atomic_int_set(&preparing, 0);
    if (id != -1)
        g_idle_add(share_prepared, NULL);  // between frames, on the main loop (it owns the display)
    return NULL;
}

void ann_frame_shm_prepare_ahead(void)
{
    if (frame_shm.live_segment != -1 || ann_frame_shm_keeping() || g_atomic_int_get(&prepared_segment) != -1
        || g_atomic_int_get(&preparing))
        return;
    g_atomic_int_set(&preparing, 1);
    prepared_removed = FALSE;
    GThread *worker = g_thread_try_new("frame-shm", prepare_segment, (gpointer)(uintptr_t)frame_shm.segment_max, NULL);
    if (worker == NULL) {
        g_atomic_int_set(&preparing, 0);
        return;
    }
    g_thread_unref(worker);
    ann_frame_shm_watch_rest();  // a segment the run never takes is dropped at rest
}

int ann_frame_shm_prepared(void)
{
    return g_atomic_int_get(&prepared_segment);
}

gboolean ann_frame_shm_preparing(void)
{
    return g_atomic_int_get(&preparing);
}

gboolean ann_frame_shm_take_prepared(int ready)
{
    if (!g_atomic_int_compare_and_exchange(&prepared_segment, ready, -1))
        return FALSE;
    if (ann_frame_shm_server_share(frame_shm.display, ready, frame_shm.touched_bytes))  // if the main loop has not yet
        frame_shm.counts.sharedAhead++;
    frame_shm.counts.madeAhead++;
    if (frame_shm.animations_only)
        ann_frame_shm_keep(ready);  // kept, with the server's attachment, until the animation rests
    else
        ann_frame_shm_unshare_later(ready);
    return TRUE;
}

void ann_frame_shm_drop_prepared(void)
{
    int id = g_atomic_int_get(&prepared_segment);
    if (id != -1 && g_atomic_int_compare_and_exchange(&prepared_segment, id, -1)) {
        ann_frame_shm_server_unshare(frame_shm.display, id);
        if (!prepared_removed)
            shmctl(id, IPC_RMID, NULL);
    }
}

/* Gives the server's own attachment of the segment up once cairo's is in the request stream
 * (the server maps a segment once, for every attachment of it). */
static gboolean unshare_taken(gpointer data)
{
    ann_frame_shm_server_unshare(frame_shm.display, GPOINTER_TO_INT(data));
    return G_SOURCE_REMOVE;
}

void ann_frame_shm_unshare_later(int id)
{
    g_idle_add(unshare_taken, GINT_TO_POINTER(id));
}
