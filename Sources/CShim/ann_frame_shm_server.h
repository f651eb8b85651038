// SPDX-License-Identifier: GPL-3.0-or-later
// The X server's side of a frame segment made ahead (ann_frame_shm_server.c), for ann_frame_shm_ahead.c
// and ann_frame_shm_keep.c (which gives a kept segment up).
#pragma once
#include <X11/Xlib.h>
#include <glib.h>
#include <stddef.h>

/* Has the server attach segment `id` (`size` bytes) and write a point in each of its pages, so that its mapping of every page
 * exists before a frame is copied from it; requests only, sent at once, answered by nothing.
 * Once per segment; nothing when the server has no shared pixmaps. TRUE when the requests were sent
 * (now or before). On the main loop's thread. */
gboolean ann_frame_shm_server_share(Display *display, int id, size_t size);
/* Whether the server has attached segment `id` for the app by now (the request is known done). */
gboolean ann_frame_shm_server_holds(Display *display, int id);
/* Gives up that attachment of segment `id`, if there is one (the server keeps its mapping while any
 * other client, such as cairo, has the segment attached). On the main loop's thread. */
void ann_frame_shm_server_unshare(Display *display, int id);
