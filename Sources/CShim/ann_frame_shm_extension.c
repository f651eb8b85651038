// SPDX-License-Identifier: GPL-3.0-or-later
// What cairo is told of MIT-SHM, and how large a segment it may have (the why:
// ann_frame_shm_state.h).
//
// - cairo is told the server has MIT-SHM (the executable's own XShmQueryExtension, found first by
//   every library since libcairo refers to it and the executable exports it), but where the
//   screen's frame is 16 MiB or less (1080p) it gets a segment only for the frames of a long
//   animation that announces them (ann_frame_shm_keep.c);
// - cairo may hold one segment at a time, of at most one screen's frame rounded up to a power of
//   two (32 MiB at 3840×2160; ann_frame_shm_calls.c refuses it more).
// PDF_ANNOTATOR_XSHM=1 gives cairo MIT-SHM with its own pools, unbounded (to compare);
// PDF_ANNOTATOR_XSHM=0 never gives it MIT-SHM.
#define _GNU_SOURCE
#include "ann_frame_shm_state.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

AnnFrameShmState frame_shm = {.live_segment = -1};
static int mode = MODE_UNSET;

int ann_frame_shm_mode(void)
{
    if (mode == MODE_UNSET) {
        const char *wanted = getenv("PDF_ANNOTATOR_XSHM");
        mode = wanted == NULL ? MODE_BOUNDED : strcmp(wanted, "1") == 0 ? MODE_CAIRO : MODE_OFF;
    }
    return mode;
}

/* `bytes` rounded up to a power of two. */
static size_t power_of_two(size_t bytes)
{
    size_t limit = 1;
    while (limit < bytes)
        limit <<= 1;
    return limit;
}

size_t ann_frame_shm_segment_limit(size_t frame_bytes)
{
    return frame_bytes <= ANN_FRAME_SHM_MIN_FRAME ? 0 : power_of_two(frame_bytes);
}

size_t ann_frame_shm_animation_segment_limit(size_t frame_bytes)
{
    return frame_bytes == 0 || frame_bytes > ANN_FRAME_SHM_MIN_FRAME ? 0 : power_of_two(frame_bytes);
}

Bool XShmQueryExtension(Display *display)
{
    Bool (*real)(Display *) = (Bool (*)(Display *))dlsym(RTLD_NEXT, "XShmQueryExtension");
    if (real == NULL)
        return False;
    switch (ann_frame_shm_mode()) {
    case MODE_CAIRO:
        return real(display);
    case MODE_BOUNDED: {
        Screen *screen = DefaultScreenOfDisplay(display);
        size_t frame = (size_t)WidthOfScreen(screen) * (size_t)HeightOfScreen(screen) * 4;
        frame_shm.segment_max = ann_frame_shm_segment_limit(frame);
        frame_shm.animations_only = frame_shm.segment_max == 0;
        if (frame_shm.animations_only)
            frame_shm.segment_max = ann_frame_shm_animation_segment_limit(frame);
        frame_shm.touched_bytes = (frame + 4095) / 4096 * 4096;
        if (frame_shm.touched_bytes > frame_shm.segment_max)
            frame_shm.touched_bytes = frame_shm.segment_max;
        if (frame_shm.segment_max == 0 || !real(display))
            return False;
        frame_shm.display = display;
        return True;
    }
    default:
        return False;
    }
}

AnnFrameShmCounts ann_frame_shm_counts(void)
{
    AnnFrameShmCounts now = frame_shm.counts;
    now.live = frame_shm.live_segment != -1;
    return now;
}
