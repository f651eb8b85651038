// SPDX-License-Identifier: GPL-3.0-or-later
// Frames go to the X server without shared memory. GTK 4.8's cairo renderer on X11 paints each
// frame into an image surface in the process and cairo's xlib backend then sends the painted
// region to the window; given the MIT-SHM extension, cairo copies it into shared-memory segments
// it keeps in pools for reuse and waits for the server to finish with a segment before reusing
// it. Measured on the 500-page document at 1080p (peers.py, scroll.py): the pools held 14–23 MiB
// after a burst of page turns and 7 MiB at open, counted in the app's memory, and wheel input to
// paint was p50 9.9 / p99 25.9 ms with 1 % of clicks never painted; with the frames sent as
// plain XPutImage requests over the connection, nothing stays, and p50 5.6 / p99 20.5 ms with
// every click painted. Cairo has no switch for it: it asks libXext whether the server has the
// extension, and the executable's own definition of that function is found first by every
// library (the linker exports it, since libcairo refers to it). `PDF_ANNOTATOR_XSHM=1` asks
// libXext as before, to compare. GTK itself does not use MIT-SHM.
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

Bool XShmQueryExtension(Display *display)
{
    const char *wanted = getenv("PDF_ANNOTATOR_XSHM");
    if (wanted != NULL && strcmp(wanted, "1") == 0) {
        Bool (*real)(Display *) = (Bool (*)(Display *))dlsym(RTLD_NEXT, "XShmQueryExtension");
        return real != NULL ? real(display) : False;
    }
    return False;
}
