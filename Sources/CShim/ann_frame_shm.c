// SPDX-License-Identifier: GPL-3.0-or-later
// How frames reach the X server: shared memory only where it pays, and at most one segment of it.
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
// So, unless PDF_ANNOTATOR_XSHM says otherwise:
// - cairo is told the server has MIT-SHM (the executable's own XShmQueryExtension, found first by
//   every library since libcairo refers to it and the executable exports it), but where the
//   screen's frame is 16 MiB or less (1080p) it gets a segment only for the frames of a long
//   animation that announces them (ann_frame_shm_animation_frame: a page turn, tens of frames in a
//   row): its other frames (a burst of Page_Up, a scroll) use the socket and keep no segment. A curl
//   at 1080p through the socket had p99 of 16–28 ms in half the runs (the main thread and Xvfb on
//   different cores, the socket's buffer pages handed back to the host), 11–14 ms with a segment;
// - cairo may hold one segment at a time, of at most one screen's frame rounded up to a power of
//   two (32 MiB at 3840×2160): shmget refuses it more, and cairo, which halves its request until it
//   fits, makes a pool of one frame; a frame that finds no room goes through the socket as before;
// - the segment is made ahead on a worker, at the first frame of a run of large frames (a run:
//   each within 100 ms of the last; scrolling, an animation), so that no frame pays for making it
//   (38–59 ms at 4K when a frame did: shmget, attaching, and the first touch of 32 MiB). Frames use
//   the socket until it is ready, at the second or third frame of a run. The process's first large
//   frame (page 1 at open) makes none: making it then slowed page 1 at 4K (163 ms against 120).
//   At 1080p the first frame an animation announces has it made; the worker and the server touch
//   only the pages a screen's frame uses of it. cairo drops its pool whenever it finds it wholly
//   free, which it did in the middle of each page turn (about its ninth frame): while an animation
//   announces frames the segment is kept instead (the app's mapping and the server's attachment),
//   handed back at cairo's next ask and given back only at rest (before, each turn made one or two
//   segments and its slowest frames, 15–25 ms, were the socket frames after cairo dropped one);
// - what a segment made ahead costs its first frame is paid ahead too. The worker writes a byte
//   in each of its pages and detaches it (it counts in no process's memory until a frame takes
//   it); once it is ready the main loop attaches it on the server's side and has the server write
//   in each of its pages (ann_frame_shm_server.c), so that the server's first copy from it faults in no page (about 11 ms of the server's time
//   at 4K, in the first frame through it before); the frame that takes it maps all its pages at
//   once (MADV_POPULATE_WRITE) instead of taking a fault in each (11 ms against 7);
// - before cairo looks for a free block it asks Xlib what the server has done
//   (XEventsQueued(QueuedAfterReading)); a round trip first (XSync) makes the answer current, so
//   the block of the last frame, long copied by then, is free again and reused;
// - once no frame has used the segment for half a second, it is given back: after a round trip,
//   a small image made and dropped on the display lets cairo find its pool wholly free and destroy it.
// PDF_ANNOTATOR_XSHM=1 gives cairo MIT-SHM with its own pools, unbounded (to compare);
// PDF_ANNOTATOR_XSHM=0 never gives it MIT-SHM. The shmget and XEventsQueued below change only
// calls made from libcairo; every other caller gets the C library's and Xlib's own.
#define _GNU_SOURCE
#include "ann_frame_shm.h"
#include "ann_frame_shm_server.h"
#include <X11/Xlib.h>
#include <cairo-xlib.h>
#include <dlfcn.h>
#include <errno.h>
#include <glib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/types.h>

enum { MODE_UNSET = -1, MODE_OFF = 0, MODE_CAIRO = 1, MODE_BOUNDED = 2 };
static int mode = MODE_UNSET;
static Display *frame_display;     // the display cairo asked about
static size_t segment_max;         // the largest segment cairo may have (0: none)
static int live_segment = -1;      // the id of cairo's segment while it exists
static void *live_address;         // where it is mapped
static guint64 uses, uses_at_last_look;
static guint rest_timer;
static AnnFrameShmCounts counts;
static void (*release_listener)(void);
static int large_frames_in_a_row;  // frames over ANN_FRAME_SHM_MIN_FRAME, each soon after the last
static guint64 large_frames;       // such frames since the start
static gint prepared_segment = -1; // a segment a worker made and touched ahead, not yet cairo's
static gint preparing;             // 1 while the worker makes it
static gboolean populate_taken;    // the segment cairo is about to attach was made ahead
static gboolean prepared_removed;  // the one made ahead is marked for removal (IPC_RMID) already
static gboolean animations_only;   // the screen's frames are small: a segment only for animations
static size_t touched_bytes;       // the bytes of a segment a frame of the screen uses, touched ahead
static gint64 animation_frame_at;  // when an animation last announced a frame (monotonic µs)
static int kept_segment = -1;      // (animations only) the segment kept mapped from cairo's pools
static void *kept_address;         // where it is mapped, once cairo has attached it
static gboolean small_probe_answered; // cairo's probe of the extension (one page) was answered

static int current_mode(void)
{
    if (mode == MODE_UNSET) {
        const char *wanted = getenv("PDF_ANNOTATOR_XSHM");
        mode = wanted == NULL ? MODE_BOUNDED : strcmp(wanted, "1") == 0 ? MODE_CAIRO : MODE_OFF;
    }
    return mode;
}

/* Whether an animation announced a frame within ANN_FRAME_SHM_STREAM_GAP_MS. */
static gboolean animating(void)
{
    return g_get_monotonic_time() - animation_frame_at <= ANN_FRAME_SHM_STREAM_GAP_MS * 1000;
}

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
    switch (current_mode()) {
    case MODE_CAIRO:
        return real(display);
    case MODE_BOUNDED: {
        Screen *screen = DefaultScreenOfDisplay(display);
        size_t frame = (size_t)WidthOfScreen(screen) * (size_t)HeightOfScreen(screen) * 4;
        segment_max = ann_frame_shm_segment_limit(frame);
        animations_only = segment_max == 0;
        if (animations_only)
            segment_max = ann_frame_shm_animation_segment_limit(frame);
        touched_bytes = (frame + 4095) / 4096 * 4096;
        if (touched_bytes > segment_max)
            touched_bytes = segment_max;
        if (segment_max == 0 || !real(display))
            return False;
        frame_display = display;
        return True;
    }
    default:
        return False;
    }
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
    uses++;
    return TRUE;
}

static int real_shmget(key_t key, size_t size, int flags)
{
    static int (*real)(key_t, size_t, int);
    if (real == NULL)
        real = (int (*)(key_t, size_t, int))dlsym(RTLD_NEXT, "shmget");
    return real(key, size, flags);
}

static void *real_shmat(int id, const void *address, int flags)
{
    static void *(*real)(int, const void *, int);
    if (real == NULL)
        real = (void *(*)(int, const void *, int))dlsym(RTLD_NEXT, "shmat");
    return real(id, address, flags);
}

static int real_shmdt(const void *address)
{
    static int (*real)(const void *);
    if (real == NULL)
        real = (int (*)(const void *))dlsym(RTLD_NEXT, "shmdt");
    return real(address);
}

/* Has the kernel find and clear the memory of `size` bytes at `address` and map it, at once where
 * it can (Linux 5.14), else by writing a byte in each page. */
static void populate(void *address, size_t size)
{
    if (madvise(address, size, MADV_POPULATE_WRITE) == 0)
        return;
    for (size_t offset = 0; offset < size; offset += 4096)
        ((volatile char *)address)[offset] = 0;
}

/* Marks the segment made ahead for removal once the server's attachment of it is known to exist:
 * from then that attachment keeps it (Linux attaches a segment so marked; cairo marks its own so
 * right after attaching it), and it goes when the app's connection does, whatever ends the app. */
static void remove_once_server_holds(void)
{
    int id = g_atomic_int_get(&prepared_segment);
    if (id != -1 && !prepared_removed && ann_frame_shm_server_holds(frame_display, id)) {
        shmctl(id, IPC_RMID, NULL);
        prepared_removed = TRUE;
    }
}

/* The main loop's side of a segment made ahead: the server attaches it and touches its pages. */
static gboolean share_prepared(gpointer data)
{
    (void)data;
    int id = g_atomic_int_get(&prepared_segment);
    if (id != -1 && live_segment == -1) {
        ann_frame_shm_server_share(frame_display, id, touched_bytes);
    }
    return G_SOURCE_REMOVE;
}

/* On a worker: makes a segment of `size` bytes and has the kernel find and clear its memory, so
 * that no frame pays for it. It is detached again, so it counts in no process's memory until
 * cairo attaches it. */
static gpointer prepare_segment(gpointer data)
{
    size_t size = (size_t)(uintptr_t)data;
    int id = real_shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
    if (id != -1) {
        void *mapped = real_shmat(id, NULL, 0);
        if (mapped == (void *)-1) {
            shmctl(id, IPC_RMID, NULL);
            id = -1;
        } else {
            populate(mapped, touched_bytes);  // what a frame of the screen uses of it
            real_shmdt(mapped);
        }
    }
    g_atomic_int_set(&prepared_segment, id);
    g_atomic_int_set(&preparing, 0);
    if (id != -1)
        g_idle_add(share_prepared, NULL);  // between frames, on the main loop (it owns the display)
    return NULL;
}

/* Starts making the segment ahead (the first frame of a run), unless one exists or is coming. */
static void prepare_ahead(void)
{
    if (live_segment != -1 || kept_segment != -1 || g_atomic_int_get(&prepared_segment) != -1 || g_atomic_int_get(&preparing))
        return;
    g_atomic_int_set(&preparing, 1);
    prepared_removed = FALSE;
    GThread *worker = g_thread_try_new("frame-shm", prepare_segment, (gpointer)(uintptr_t)segment_max, NULL);
    if (worker == NULL) {
        g_atomic_int_set(&preparing, 0);
        return;
    }
    g_thread_unref(worker);
    ann_frame_shm_watch_rest();  // a segment the run never takes is dropped at rest
}

/* Drops a segment made ahead that no frame took. */
static void drop_prepared(void)
{
    int id = g_atomic_int_get(&prepared_segment);
    if (id != -1 && g_atomic_int_compare_and_exchange(&prepared_segment, id, -1)) {
        ann_frame_shm_server_unshare(frame_display, id);
        if (!prepared_removed)
            shmctl(id, IPC_RMID, NULL);
    }
}

/* Gives the server's own attachment of the segment up once cairo's is in the request stream
 * (the server maps a segment once, for every attachment of it). */
static gboolean unshare_taken(gpointer data)
{
    ann_frame_shm_server_unshare(frame_display, GPOINTER_TO_INT(data));
    return G_SOURCE_REMOVE;
}

int shmget(key_t key, size_t size, int flags)
{
    static int (*real)(key_t, size_t, int);
    if (real == NULL)
        real = (int (*)(key_t, size_t, int))dlsym(RTLD_NEXT, "shmget");
    // cairo's own probe of the extension asks for one page; its pools start at 512 KiB.
    if (current_mode() != MODE_BOUNDED || !called_from_cairo(__builtin_return_address(0)))
        return real(key, size, flags);
    if (size <= 4096) {
        // The probe (cairo's first ask) is answered. Where frames take a segment only during an
        // animation, cairo's later asks of a page (it halves a refused pool's ask down to one) are
        // refused: a small image went through a page of shared memory kept attached at rest.
        if (!animations_only || !small_probe_answered) {
            small_probe_answered = TRUE;
            return real(key, size, flags);
        }
        errno = ENOMEM;
        return -1;
    }
    if (animations_only) {
        // Small frames take a segment only while an animation announces them; the others go
        // through the socket (not counted as refused: cairo asks once or twice a frame).
        if (!animating()) {
            errno = ENOMEM;
            return -1;
        }
        // cairo drops its pool whenever it finds it wholly free (its window surface stopped
        // drawing through it for a few frames), in the middle of a turn too: the segment kept
        // from the last pool is handed back, mapped and held by the server already.
        if (live_segment == -1 && kept_segment != -1 && size == segment_max) {
            live_segment = kept_segment;
            counts.bytes = size;
            uses++;
            ann_frame_shm_watch_rest();
            return kept_segment;
        }
    } else if (size >= 16 * ANN_FRAME_SHM_MIN_FRAME && note_large_frame() && large_frames > 1) {
        // cairo's first ask for a frame over ANN_FRAME_SHM_MIN_FRAME: the first of a run has the
        // segment made ahead, but for the process's first (page 1 at open)
        prepare_ahead();
    }
    remove_once_server_holds();
    if (live_segment != -1 || size > segment_max) {
        counts.refused++;
        errno = ENOMEM;
        return -1;
    }
    // The segment made ahead is handed over when it is ready (cairo halves its ask down to its
    // size); until then frames use the socket. Only where no worker could make it does cairo make
    // its own, at the ANN_FRAME_SHM_STREAM-th frame of a run.
    int ready = g_atomic_int_get(&prepared_segment);
    int id = -1;
    if (ready != -1) {
        if (size == segment_max && g_atomic_int_compare_and_exchange(&prepared_segment, ready, -1)) {
            if (ann_frame_shm_server_share(frame_display, ready, touched_bytes))  // if the main loop has not yet
                counts.sharedAhead++;
            id = ready;
            counts.madeAhead++;
            populate_taken = TRUE;
            if (animations_only)
                kept_segment = ready;  // kept, with the server's attachment, until the animation rests
            else
                g_idle_add(unshare_taken, GINT_TO_POINTER(ready));
        }
    } else if (!g_atomic_int_get(&preparing) && large_frames_in_a_row >= ANN_FRAME_SHM_STREAM) {
        id = real(key, size, flags);
    }
    if (id == -1) {
        counts.refused++;
        errno = ENOMEM;
        return -1;
    }
    live_segment = id;
    counts.made++;
    counts.bytes = size;
    uses++;
    ann_frame_shm_watch_rest();
    return id;
}

void *shmat(int id, const void *address, int flags)
{
    static void *(*real)(int, const void *, int);
    if (real == NULL)
        real = (void *(*)(int, const void *, int))dlsym(RTLD_NEXT, "shmat");
    if (id == live_segment && id == kept_segment && kept_address != NULL && live_address == NULL) {
        live_address = kept_address;  // the kept mapping: its pages are mapped already
        return kept_address;
    }
    void *mapped = real(id, address, flags);
    if (id == live_segment && live_address == NULL) {
        if (mapped != (void *)-1) {
            live_address = mapped;
            if (id == kept_segment)
                kept_address = mapped;
            if (populate_taken)
                populate(mapped, touched_bytes);  // its memory is found already: map it all at once
        } else {
            live_segment = -1;  // cairo gives the segment up
            if (id == kept_segment)
                kept_segment = -1;
        }
        populate_taken = FALSE;
    }
    return mapped;
}

int shmdt(const void *address)
{
    static int (*real)(const void *);
    if (real == NULL)
        real = (int (*)(const void *))dlsym(RTLD_NEXT, "shmdt");
    if (live_segment != -1 && address == live_address) {
        int id = live_segment;
        live_segment = -1;
        live_address = NULL;
        if (id == kept_segment && animating()) {
            return 0;  // cairo's pool is gone; the segment stays for the animation's next frames
        }
        if (id == kept_segment) {
            kept_segment = -1;
            kept_address = NULL;
            g_idle_add(unshare_taken, GINT_TO_POINTER(id));
        }
        counts.bytes = 0;
        counts.released++;
    }
    return real(address);
}

int XEventsQueued(Display *display, int queue_mode)
{
    static int (*real)(Display *, int);
    static int (*sync)(Display *, Bool);
    if (real == NULL) {
        real = (int (*)(Display *, int))dlsym(RTLD_NEXT, "XEventsQueued");
        sync = (int (*)(Display *, Bool))dlsym(RTLD_DEFAULT, "XSync");
    }
    if (current_mode() == MODE_BOUNDED && queue_mode == QueuedAfterReading && live_segment != -1
        && sync != NULL && called_from_cairo(__builtin_return_address(0))) {
        sync(display, False);
        counts.syncs++;
        uses++;
    }
    return real(display, queue_mode);
}

gboolean ann_frame_shm_release(void)
{
    int (*sync)(Display *, Bool) = (int (*)(Display *, Bool))dlsym(RTLD_DEFAULT, "XSync");
    if (live_segment == -1 || frame_display == NULL || sync == NULL)
        return live_segment == -1;
    sync(frame_display, False);
    int screen = DefaultScreen(frame_display);
    cairo_surface_t *root = cairo_xlib_surface_create(frame_display, RootWindow(frame_display, screen),
                                                      DefaultVisual(frame_display, screen), 1, 1);
    // An image from the display's pool: dropping it runs cairo's clean-up of wholly free pools.
    cairo_surface_t *image = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, 64, 64);
    cairo_surface_destroy(image);
    cairo_surface_destroy(root);
    return live_segment == -1;
}

static gboolean look_for_rest(gpointer data)
{
    (void)data;
    if (uses != uses_at_last_look) {
        uses_at_last_look = uses;
        return G_SOURCE_CONTINUE;
    }
    remove_once_server_holds();
    if (live_segment == -1 && kept_segment != -1) {
        // kept since cairo dropped its pool during the animation, and not taken again
        int id = kept_segment;
        kept_segment = -1;
        if (kept_address != NULL)
            real_shmdt(kept_address);
        kept_address = NULL;
        ann_frame_shm_server_unshare(frame_display, id);
        counts.bytes = 0;
        counts.released++;
        rest_timer = 0;
        if (release_listener != NULL)
            release_listener();
        return G_SOURCE_REMOVE;
    }
    if (live_segment == -1) {
        if (g_atomic_int_get(&preparing))
            return G_SOURCE_CONTINUE;
        drop_prepared();  // made ahead for a run that ended before taking it
        rest_timer = 0;
        return G_SOURCE_REMOVE;
    }
    if (!ann_frame_shm_release())
        return G_SOURCE_CONTINUE;  // a block still taken: again in half a second
    rest_timer = 0;
    if (release_listener != NULL)
        release_listener();
    return G_SOURCE_REMOVE;
}

void ann_frame_shm_watch_rest(void)
{
    if (rest_timer == 0) {
        uses_at_last_look = uses;
        rest_timer = g_timeout_add(ANN_FRAME_SHM_REST_MS, look_for_rest, NULL);
    }
}

void ann_frame_shm_animation_frame(void)
{
    if (current_mode() != MODE_BOUNDED || frame_display == NULL || !animations_only)
        return;
    animation_frame_at = g_get_monotonic_time();
    uses++;  // the segment is not at rest while the animation lasts
    prepare_ahead();
}

AnnFrameShmCounts ann_frame_shm_counts(void)
{
    AnnFrameShmCounts now = counts;
    now.live = live_segment != -1;
    return now;
}

void ann_frame_shm_on_release(void (*listener)(void))
{
    release_listener = listener;
}
