// SPDX-License-Identifier: GPL-3.0-or-later
// The segment kept through a run of page turns (screens whose frames are 16 MiB or less; the why:
// ann_frame_shm_state.h).
//
// At 1080p frames take a segment only while a long animation announces them
// (ann_frame_shm_animation_frame: a page turn, tens of frames in a row); its other frames (a burst
// of Page_Up, a scroll) use the socket and keep no segment. The first frame an animation announces
// has the segment made ahead (ann_frame_shm_ahead.c). cairo drops its pool whenever it finds it
// wholly free, which it did in the middle of each page turn (about its ninth frame): while an
// animation announces frames the segment is kept instead (the app's mapping and the server's
// attachment), handed back at cairo's next ask and given back only at rest (before, each turn made
// one or two segments and its slowest frames, 15–25 ms, were the socket frames after cairo dropped
// one). All on the main thread.
#include "ann_frame_shm_state.h"
#include "ann_frame_shm_server.h"

static gint64 animation_frame_at;  // when an animation last announced a frame (monotonic µs)
static int kept_segment = -1;      // (animations only) the segment kept mapped from cairo's pools
static void *kept_address;         // where it is mapped, once cairo has attached it

gboolean ann_frame_shm_animating(void)
{
    return g_get_monotonic_time() - animation_frame_at <= ANN_FRAME_SHM_STREAM_GAP_MS * 1000;
}

void ann_frame_shm_animation_frame(void)
{
    if (ann_frame_shm_mode() != MODE_BOUNDED || frame_shm.display == NULL || !frame_shm.animations_only)
        return;
    animation_frame_at = g_get_monotonic_time();
    frame_shm.uses++;  // the segment is not at rest while the animation lasts
    ann_frame_shm_prepare_ahead();
}

void ann_frame_shm_keep(int id)
{
    kept_segment = id;
}

gboolean ann_frame_shm_keeping(void)
{
    return kept_segment != -1;
}

/* cairo drops its pool whenever it finds it wholly free (its window surface stopped drawing
 * through it for a few frames), in the middle of a turn too: the segment kept from the last pool
 * is handed back, mapped and held by the server already. */
int ann_frame_shm_take_kept(size_t size)
{
    if (frame_shm.live_segment == -1 && kept_segment != -1 && size == frame_shm.segment_max) {
        frame_shm.live_segment = kept_segment;
        frame_shm.counts.bytes = size;
        frame_shm.uses++;
        ann_frame_shm_watch_rest();
        return kept_segment;
    }
    return -1;
}

void *ann_frame_shm_kept_mapping(int id)
{
    return id == kept_segment ? kept_address : NULL;
}

void ann_frame_shm_kept_attached(int id, void *mapped)
{
    if (id != kept_segment)
        return;
    if (mapped != (void *)-1)
        kept_address = mapped;
    else
        kept_segment = -1;  // cairo gives the segment up
}

gboolean ann_frame_shm_keep_detached(int id)
{
    if (id != kept_segment)
        return FALSE;
    if (ann_frame_shm_animating())
        return TRUE;
    kept_segment = -1;
    kept_address = NULL;
    ann_frame_shm_unshare_later(id);
    return FALSE;
}

/* Kept since cairo dropped its pool during the animation, and not taken again. */
gboolean ann_frame_shm_give_back_kept(void)
{
    if (frame_shm.live_segment != -1 || kept_segment == -1)
        return FALSE;
    int id = kept_segment;
    kept_segment = -1;
    if (kept_address != NULL)
        ann_frame_shm_real_shmdt(kept_address);
    kept_address = NULL;
    ann_frame_shm_server_unshare(frame_shm.display, id);
    frame_shm.counts.bytes = 0;
    frame_shm.counts.released++;
    return TRUE;
}
