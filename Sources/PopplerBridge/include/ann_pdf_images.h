/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Facts about one image a page draws, read with poppler's core before poppler-glib decodes it
 * (poppler_page_get_image decodes silently: a damaged or truncated stream becomes blank or
 * garbled pixels, and an enormous image is allocated whole). Images are numbered as
 * poppler_page_get_image_mapping numbers them: in drawing order, image masks included, none
 * inside tiling patterns or Type 3 glyphs.
 *
 * Threading: any thread; each call opens its own copy of the document.
 */
#ifndef ANN_PDF_IMAGES_H
#define ANN_PDF_IMAGES_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /* The image's own size in samples. */
    int width, height;
    /* The bytes its decoded samples take, and how many its stream gave (read only when the
     * caller asks: fewer than expected means damaged or truncated data). */
    long expected_bytes, decoded_bytes;
} ann_image_facts;

/* Image `image` (from 0) of page `page` (from 0) of `path` (`password` may be NULL): fills
 * `facts`, reading its whole stream when `decode` is non-zero. Returns 0, or -1 when the
 * document or page cannot be read, -2 when the page draws no such image. */
int ann_image_facts_read(const char *path, const char *password, int page, int image, int decode, ann_image_facts *facts);

#ifdef __cplusplus
}
#endif

#endif
