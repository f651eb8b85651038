// SPDX-License-Identifier: GPL-3.0-or-later
// Frames to the X server through at most one shared-memory segment (ann_frame_shm_*.c; how and
// why, file by file: ann_frame_shm_state.h).
#pragma once
#include <glib.h>
#include <stddef.h>

/* Frames over this many bytes go through shared memory (at 3840×2160, 33 MB; at 1080p, 8 MB).
 * Smaller ones do only while an animation announces its frames (ann_frame_shm_animation_frame). */
#define ANN_FRAME_SHM_MIN_FRAME ((size_t)16 << 20)
/* A run of such frames: each within ANN_FRAME_SHM_STREAM_GAP_MS of the last. The segment is made
 * ahead on a worker at the first frame of a run (but for the process's first large frame); where no
 * worker can make it, cairo makes it at the ANN_FRAME_SHM_STREAM-th frame of a run. */
#define ANN_FRAME_SHM_STREAM 3
#define ANN_FRAME_SHM_STREAM_GAP_MS 100
/* The segment is given back after this long without a frame through it. */
#define ANN_FRAME_SHM_REST_MS 500

/* What the frames' shared memory did so far. */
typedef struct {
    unsigned long made;      /* segments cairo made */
    unsigned long released;  /* segments cairo destroyed */
    unsigned long refused;   /* segments refused: one already existed, or too big */
    unsigned long madeAhead; /* of those made, the ones a worker made and touched ahead */
    unsigned long sharedAhead; /* of those, the ones the X server had attached and touched before cairo did */
    unsigned long syncs;     /* round trips before cairo looked for a free block */
    size_t bytes;            /* the live segment's size, 0 when none */
    int live;                /* 1 while a segment exists */
} AnnFrameShmCounts;

/* The largest segment cairo may have for frames of `frame_bytes` (0: none): the frame rounded
 * up to a power of two, or 0 when the frame is not over ANN_FRAME_SHM_MIN_FRAME. */
size_t ann_frame_shm_segment_limit(size_t frame_bytes);
/* The segment for a screen whose frames are ANN_FRAME_SHM_MIN_FRAME or less, used only while an
 * animation announces its frames: the frame rounded up to a power of two (8 MiB at 1080p). */
size_t ann_frame_shm_animation_segment_limit(size_t frame_bytes);
/* A frame of a long animation (a page turn: tens of frames, one after another) is being built, on
 * the main thread: on screens whose frames are ANN_FRAME_SHM_MIN_FRAME or less, frames may take the
 * one segment while such frames follow each other within ANN_FRAME_SHM_STREAM_GAP_MS, and the
 * first has it made ahead; the segment is kept while they do, even when cairo drops its pool, and
 * given back at rest. Elsewhere (4K, where every run of frames takes it) nothing changes. */
void ann_frame_shm_animation_frame(void);
/* Gives cairo's segment back now if the server is done with it; TRUE when none is left. */
gboolean ann_frame_shm_release(void);
/* Gives the segment back once frames stop using it for ANN_FRAME_SHM_REST_MS. */
void ann_frame_shm_watch_rest(void);
/* Calls `listener` on the main thread each time the segment is given back at rest. */
void ann_frame_shm_on_release(void (*listener)(void));
/* The counts so far. */
AnnFrameShmCounts ann_frame_shm_counts(void);
