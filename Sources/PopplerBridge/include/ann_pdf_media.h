/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The media a page carries that poppler-glib 22.12 cannot give: /RichMedia annotations (poppler
 * core's AnnotRichMedia: RichMediaContent's Assets, its Configurations and their Instances) and
 * /Movie annotations whose movie file is embedded in the document (/Movie /F, a file
 * specification with /EF), read with poppler's core (FileSpec, EmbFile).
 *
 * The asset a RichMedia annotation plays is chosen as a viewer with no Flash would: the
 * configuration its RichMediaSettings /Activation /Configuration names (else the first); in it
 * the first Sound or Video instance whose /Asset is a file, else the file a Flash instance's
 * FlashVars names (source=, src=, file=, url=), else the first asset whose name or MIME type says
 * audio or video.
 *
 * Threading: any thread; each call opens its own copy of the document.
 * Memory: ann_media_free releases what ann_media_list returns.
 */
#ifndef ANN_PDF_MEDIA_H
#define ANN_PDF_MEDIA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ANN_MEDIA_RICH_MEDIA = 0,
    ANN_MEDIA_MOVIE = 1,
} ann_media_kind;

typedef enum {
    /* the chosen file is embedded in the document (data read when asked) */
    ANN_MEDIA_EMBEDDED = 0,
    /* the chosen file is outside the document: `name` is the file specification's name */
    ANN_MEDIA_EXTERNAL = 1,
    /* no file to play: no content, no assets, or an instance naming an asset that is not there */
    ANN_MEDIA_MISSING = 2,
    /* the embedded file is there but its stream cannot be read (not a stream; or, known only for
     * the item whose data is read: damaged data, no bytes, or fewer than its /Params /Size says) */
    ANN_MEDIA_UNREADABLE = 3,
    /* the embedded file is larger than the caller's limit: its data is not read */
    ANN_MEDIA_TOO_LARGE = 4,
} ann_media_status;

typedef struct {
    /* Its place in the page's annotation list as poppler builds it (poppler-glib's annotation
     * mapping numbers them the same way). */
    int annot_index;
    ann_media_kind kind;
    /* Its /Rect (x1, y1, x2, y2; x1 <= x2, y1 <= y2) minus the crop box's lower-left corner, as
     * poppler_annot_get_rectangle reports rectangles. */
    double rect[4];
    ann_media_status status;
    /* RichMedia: the configuration's and instance's /Subtype ("Video", "Sound", "Flash", "3D"),
     * NULL when none was chosen. Movie: NULL. */
    char *content_type;
    /* The asset's name in RichMediaContent /Assets, or the file specification's /UF or /F (UTF-8,
     * as the document wrote it: never a path to be used unsanitised). NULL when none. */
    char *name;
    /* The embedded file's /Subtype (a MIME type), NULL when it has none. */
    char *mime_type;
    /* The embedded file's /Params /Size, -1 when not given. */
    long long declared_size;
    /* The decoded bytes, only for the item asked for and only when status is ANN_MEDIA_EMBEDDED
     * (NULL otherwise; length 0). */
    unsigned char *data;
    size_t length;
} ann_media_item;

/* The RichMedia annotations and the /Movie annotations of page `page` (from 0) of `path`
 * (`password` may be NULL), in the page's order, into *items (malloc'd, NULL when none). The
 * data of item `read_item` (its place in this list; -1: none) is read, up to `max_bytes`
 * (ANN_MEDIA_TOO_LARGE beyond). Returns the count, or -1 when the document or page cannot be
 * read. */
int ann_media_list(const char *path, const char *password, int page, int read_item, size_t max_bytes, ann_media_item **items);

/* Frees what ann_media_list returned. */
void ann_media_free(ann_media_item *items, int count);

/* Frees what one item holds (not the item itself). */
void ann_media_clear(ann_media_item *item);

typedef struct ann_pdf ann_pdf;

/* The /RichMedia or /Movie annotation stored in object num/gen of `doc` (ann_pdf_edit.h's open
 * document, as edited: a page moved or put in since it was opened included) into *item, as
 * ann_media_list describes it (annot_index 0, rect zero: the caller knows both), its data read
 * when `read`. Returns 1, or 0 when that object is neither (then *item holds nothing). The caller
 * holds the document's lock (CoreDocument). */
int ann_media_of_object(ann_pdf *doc, int num, int gen, int read, size_t max_bytes, ann_media_item *item);

#ifdef __cplusplus
}
#endif

#endif
