/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A page's text as poppler's core text output reads it (what pdftotext prints), for the pages
 * where poppler-glib 22.12 gives less: its poppler_page_get_text walks a selection over the page
 * and, on a page of mostly right-to-left text, drops whole blocks and misplaces spaces.
 *
 * The text comes line by line in pdftotext's reading order (flows, blocks, lines), each line's
 * characters in visual order (left to right as printed; the caller puts right-to-left runs in
 * logical order), with a space between words that have one and a line break after each line.
 * Boxes are in points in the page's displayed space (its /Rotate applied), origin at the top
 * left, as poppler-glib's text layout gives them.
 *
 * Threading: one ann_text_doc is used from one thread at a time (the caller serialises).
 * Memory: arrays returned through out-parameters are released with ann_text_free().
 */
#ifndef ANN_PDF_TEXT_H
#define ANN_PDF_TEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ann_text_doc ann_text_doc;

typedef struct {
    double x1, y1, x2, y2;
} ann_text_box;

/* Opens `path` for reading text (`password` may be NULL; tried as owner and user password).
 * NULL when poppler cannot open it. The file is read as needed, not copied into memory. */
ann_text_doc *ann_text_open(const char *path, const char *password);
void ann_text_close(ann_text_doc *doc);

/* Page `page` (from 0): *chars receives the Unicode scalars, *boxes one box per scalar, and
 * *line_starts the index of each line's first scalar (*line_count of them; each line ends with
 * its "\n"). Returns the scalar count, 0 for a page without text, -1 for a page that does not
 * exist or cannot be read. */
long ann_text_page(ann_text_doc *doc, int page, uint32_t **chars, ann_text_box **boxes, long **line_starts, long *line_count);

void ann_text_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
