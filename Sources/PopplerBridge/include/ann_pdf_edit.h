/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The annotator's one door into poppler's core (libpoppler, from libpoppler-private-dev 22.12):
 * a PDF document opened for editing at the level of PDF objects, saved as an incremental update.
 *
 * poppler-glib 22.12 cannot create ink or free-text annotations, set border widths or read ink
 * lists, and its private structs are not installed, so the editable document lives here. The
 * bridge knows nothing about annotation semantics: the Swift side (Document, DocumentPoppler)
 * reads and writes whole objects as PDF syntax and decides what they mean. That keeps the C++
 * small and every rule testable in Swift.
 *
 * Object text: PDF syntax as poppler writes an object into a file (PDFDoc::writeObject with no
 * encryption): dictionaries, arrays, names, numbers, booleans, null, references "N G R" and
 * strings, as literal "(...)" with escapes or hex "<...>". Strings are the decrypted bytes even
 * when the file is encrypted. The text is bytes, not necessarily UTF-8. Exactly, in 22.12:
 *   every token is followed by one space ("<<" and "[" are not): "<</A 1 /B [1 2 ] >> ";
 *   a string starting FE FF is hex, lowercase ("<feff0041> "); any other string is literal with
 *   only \( \) \\ \r \n escaped and every other byte (NUL, tab, 0x80-0xFF) raw;
 *   names escape bytes <= 0x20, >= 0x7F and ()<>[]{}/%# as #xx (lowercase hex);
 *   integers in decimal; reals in fixed point, rounded to 10 decimals, trailing zeros and a
 *   bare "." dropped (3.0 -> "3", -1e-11 -> "-0"; magnitudes beyond about 1e6 gain noise
 *   digits and beyond about 1e17 can contain non-digit bytes: poppler's formatDouble).
 *
 * Threading: one ann_pdf is used from one thread at a time (the caller serialises).
 * Memory: every pointer a function returns through an out-parameter or as char* is owned by the
 * caller and released with ann_pdf_free().
 */
#ifndef ANN_PDF_EDIT_H
#define ANN_PDF_EDIT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ann_pdf ann_pdf;

/* An indirect object reference. num < 0 means "none" (a failure, or a direct object). */
typedef struct {
    int num;
    int gen;
} ann_pdf_ref;

typedef enum {
    ANN_PDF_OK = 0,
    /* the file could not be opened or read */
    ANN_PDF_ERROR_OPEN = 1,
    /* encrypted and the password is missing or wrong */
    ANN_PDF_ERROR_PASSWORD = 2,
    /* not a PDF poppler can repair, or no pages object */
    ANN_PDF_ERROR_DAMAGED = 3,
    /* object text that does not parse to the expected kind of object */
    ANN_PDF_ERROR_SYNTAX = 4,
    /* a page index or reference that does not exist */
    ANN_PDF_ERROR_ARGUMENT = 5,
    /* the output could not be written (disk full, permission, I/O error) */
    ANN_PDF_ERROR_WRITE = 6,
} ann_pdf_status;

/* The poppler version this bridge was compiled against, e.g. "22.12.0". */
const char *ann_pdf_poppler_version(void);

/* Opens `path` (a file-system path, not a URI). `password` may be NULL; it is tried as both the
 * owner and the user password. On failure returns NULL and sets *status (when status is not
 * NULL): a missing path or a directory is ANN_PDF_ERROR_OPEN. */
ann_pdf *ann_pdf_open(const char *path, const char *password, ann_pdf_status *status);
/* The same, but a file of 16 MiB or more is copied (copy_file_range) into an unlinked file in
 * `scratch_folder` and mapped, instead of read into memory: a large scan costs disk and page
 * cache, not the process's memory. Falls back to memory when the folder cannot take the copy;
 * NULL folder: always memory. */
ann_pdf *ann_pdf_open_with_scratch(const char *path, const char *password, const char *scratch_folder, ann_pdf_status *status);
void ann_pdf_close(ann_pdf *doc);

int ann_pdf_page_count(ann_pdf *doc);
/* 1 when the file is encrypted (the incremental update is then encrypted too). */
int ann_pdf_is_encrypted(ann_pdf *doc);
/* 1 once any object was set or added since opening. */
int ann_pdf_is_modified(ann_pdf *doc);

/* The page's crop box (x1, y1, x2, y2 in PDF user space) and its /Rotate (0, 90, 180, 270).
 * `page` counts from 0. Returns ANN_PDF_ERROR_ARGUMENT for a page that does not exist. */
ann_pdf_status ann_pdf_page_geometry(ann_pdf *doc, int page, double crop_box[4], int *rotate);

/* The document catalog's reference (the trailer's /Root), where /AcroForm is found; num -1
 * when the trailer names none. */
ann_pdf_ref ann_pdf_catalog_ref(ann_pdf *doc);

/* The page object's own reference. */
ann_pdf_ref ann_pdf_page_ref(ann_pdf *doc, int page);

/* The entries of the page's /Annots array in order, as references. A direct (inline) annotation
 * dictionary is reported as {-1, 0}. *refs is malloc'd (NULL when the count is 0).
 * Returns the count, or -1 for a page that does not exist or a NULL `refs`. */
int ann_pdf_page_annots(ann_pdf *doc, int page, ann_pdf_ref **refs);

/* The `index`-th entry of the page's /Annots as PDF syntax: the object a reference points to, or
 * the inline dictionary itself. NULL for an index out of range or a reference to no object. */
char *ann_pdf_page_annot_text(ann_pdf *doc, int page, int index, size_t *length);

/* One entry of a page's new /Annots: a reference, or (kept >= 0) the entry the page's /Annots
 * array has now at index `kept`, exactly as it is there: an inline dictionary, null, a number, a
 * reference to an object that does not exist. Keeping entries by position is how a page's list
 * is edited as the file has it: entries the caller does not understand are never lost. */
typedef struct {
    ann_pdf_ref ref;
    int kept;
} ann_pdf_annots_entry;

/* Replaces the page's /Annots with `entries` (count may be 0). Where /Annots is a reference to an
 * array object that no other page's /Annots refers to, that array object is changed; otherwise
 * the page dictionary is, with a direct array (a shared array would put the page's annotations
 * on the other pages too). ANN_PDF_ERROR_ARGUMENT (and nothing changed) for a new reference
 * (kept < 0) that names no object or a `kept` index past the current array's end. */
ann_pdf_status ann_pdf_set_page_annots(ann_pdf *doc, int page, const ann_pdf_annots_entry *entries, int count);

/* The same three for a page named by its object rather than its place in the page tree: a page
 * put into the document by this session (inserted, duplicated, imported), or any page once the
 * tree was rewritten. NULL / -1 / ANN_PDF_ERROR_ARGUMENT when `page` names no dictionary. */
int ann_pdf_page_object_annots(ann_pdf *doc, ann_pdf_ref page, ann_pdf_ref **refs);
char *ann_pdf_page_object_annot_text(ann_pdf *doc, ann_pdf_ref page, int index, size_t *length);
ann_pdf_status ann_pdf_set_page_object_annots(ann_pdf *doc, ann_pdf_ref page, const ann_pdf_annots_entry *entries, int count);

/* An object as PDF syntax (for a stream: its dictionary only). Returns NULL when the reference
 * names no object (out of range, free, or another generation). *length receives the byte count
 * (the text is also NUL-terminated). */
char *ann_pdf_object_text(ann_pdf *doc, ann_pdf_ref ref, size_t *length);

/* The document information dictionary (the trailer's /Info) as PDF syntax, or NULL when the
 * document has none. Free with ann_pdf_free(). */
char *ann_pdf_info_text(ann_pdf *doc, size_t *length);

/* The trailer's /ID array as PDF syntax (its two strings), or NULL when the trailer has none.
 * Free with ann_pdf_free(). */
char *ann_pdf_trailer_id_text(ann_pdf *doc, size_t *length);

/* The decoded (filters applied) data of a stream object, or NULL when `ref` is not a stream. */
unsigned char *ann_pdf_stream_data(ann_pdf *doc, ann_pdf_ref ref, size_t *length);

/* A stream's data as the file stores it (filters not applied), for copying it into another
 * document with its dictionary's /Filter and /DecodeParms: compressed data stays compressed.
 * NULL when `ref` is not a stream, was added since opening, or the file is encrypted (then copy
 * ann_pdf_stream_data without the filters). */
unsigned char *ann_pdf_stream_raw(ann_pdf *doc, ann_pdf_ref ref, size_t *length);

/* The objects whose current definition the file stores at or after byte `offset` (directly, or
 * in an object stream stored there): what incremental updates after a revision that ends at
 * `offset` defined or redefined. *refs is malloc'd (NULL when none); returns the count, or -1. */
int ann_pdf_objects_after(ann_pdf *doc, long long offset, ann_pdf_ref **refs);

/* Replaces object `ref` with the object that `text` (length bytes of PDF syntax) describes.
 * ANN_PDF_ERROR_ARGUMENT when `ref` names no object or names a stream (its text has no data; add
 * a new stream instead). ANN_PDF_ERROR_SYNTAX unless the text is exactly one object: no
 * trailing tokens, no unterminated array or dictionary, no stray keywords, not a bare null.
 * (poppler's lexer still accepts an unterminated string and ignores bad hex digits.) */
ann_pdf_status ann_pdf_set_object(ann_pdf *doc, ann_pdf_ref ref, const char *text, size_t length);

/* Adds a new indirect object; returns its reference, or num -1 when the text is not exactly one
 * object (as for ann_pdf_set_object). poppler reuses free object numbers, so the generation
 * may be above 0. */
ann_pdf_ref ann_pdf_add_object(ann_pdf *doc, const char *text, size_t length);

/* Adds a new stream object whose dictionary is `dict_text` (a PDF dictionary; /Length is set
 * by the bridge, and /Filter and /DecodeParms must be absent) and whose decoded data is `data`.
 * The bridge stores the data compressed (/Filter /FlateDecode) when that makes it smaller, and
 * encrypted with the document's key on save when the file is encrypted. Returns its reference,
 * or num -1 when the dictionary does not parse. */
ann_pdf_ref ann_pdf_add_stream(ann_pdf *doc, const char *dict_text, size_t dict_length,
                               const unsigned char *data, size_t data_length);

/* Adds a new stream whose data is already encoded (a JPEG picture, say): `dict_text` names its
 * /Filter (a single name, such as /DCTDecode); the data is stored as it is (encrypted with the
 * document's key when the file is encrypted), /Length set by the bridge. ann_pdf_stream_data
 * gives it back encoded. Returns its reference, or num -1 when the dictionary does not parse or
 * names no filter. */
ann_pdf_ref ann_pdf_add_encoded_stream(ann_pdf *doc, const char *dict_text, size_t dict_length,
                                       const unsigned char *data, size_t data_length);

/* Adds a stream stored exactly as `data`, with `dict_text` as its dictionary (its /Filter and
 * /DecodeParms, if any, describe the data; /Length is set by the bridge): a stream copied
 * from another document with ann_pdf_stream_raw. Returns num -1 when the dictionary does not
 * parse. */
ann_pdf_ref ann_pdf_add_raw_stream(ann_pdf *doc, const char *dict_text, size_t dict_length,
                                   const unsigned char *data, size_t data_length);

/* Replaces a stream added since opening (an appearance drawn again, say) with a new dictionary
 * and data, as ann_pdf_add_stream stores them, under the same reference: nothing is orphaned.
 * ANN_PDF_ERROR_ARGUMENT for any other object. */
ann_pdf_status ann_pdf_set_stream(ann_pdf *doc, ann_pdf_ref ref, const char *dict_text, size_t dict_length,
                                  const unsigned char *data, size_t data_length);

/* 1 when `ref` is an object added since opening (and still there). */
int ann_pdf_is_added(ann_pdf *doc, ann_pdf_ref ref);

/* Removes the objects added since opening that nothing reaches any more (an undone
 * annotation, an appearance replaced by the file's own), following references from the
 * original objects that were changed and from the trailer, so that a save writes no orphans.
 * *dropped (malloc'd, NULL when none) lists them; returns their count, or -1 on failure. A
 * dropped reference names no object afterwards: the caller adds a new object if it needs one. */
int ann_pdf_drop_unreachable(ann_pdf *doc, ann_pdf_ref **dropped);
/* The same, with `keep` (keep_count references) as roots too: objects the caller still needs
 * (a page taken out that undo may put back) stay, with everything they reach. */
int ann_pdf_drop_unreachable_keeping(ann_pdf *doc, const ann_pdf_ref *keep, int keep_count, ann_pdf_ref **dropped);

/* Writes the document to `path` as an incremental update: the bytes of the file it was opened
 * from, unchanged, followed by the changed and added objects, a cross-reference section and a
 * trailer (encrypted with the document's key when the file is encrypted). Writes exactly
 * `path`; atomicity (temporary file, fsync, rename) is the caller's business. Writing over the
 * file the document was opened from is ANN_PDF_ERROR_ARGUMENT (poppler copies from it while
 * writing). A failed write, including a full disk, is ANN_PDF_ERROR_WRITE. */
ann_pdf_status ann_pdf_save(ann_pdf *doc, const char *path);

/* The same bytes as ann_pdf_save, into memory (*data malloc'd). */
ann_pdf_status ann_pdf_save_to_memory(ann_pdf *doc, unsigned char **data, size_t *length);

/* The update a save would append to the original bytes (objects, cross-reference section,
 * trailer), without those bytes: what ann_pdf_save writes after them, byte for byte (its offsets
 * count the original's length). An edit costs what it changes, not the file's size. *data is
 * malloc'd; NULL with *length 0 when nothing changed. */
ann_pdf_status ann_pdf_update(ann_pdf *doc, unsigned char **data, size_t *length);

/* The whole document written anew (*data malloc'd): a header, every object the document holds
 * now (changed and added ones included, those of object streams as plain objects), one fresh
 * cross-reference table and trailer, none of the file's own revisions or its cross-reference
 * chain. For a file whose chain is broken: an update on top of it leaves readers to repair it
 * again, and they may find the old objects. Encrypted with the document's key when the file is
 * encrypted (its /ID kept). poppler's PDFDoc::saveAs(writeForceRewrite). */
ann_pdf_status ann_pdf_rewrite_to_memory(ann_pdf *doc, unsigned char **data, size_t *length);

/* Whether poppler had to rebuild the file's cross-reference table from its objects (the table
 * or its offsets were broken) since the document was opened: 1 if so. Reading an object later
 * may also rebuild it, so the answer can change from 0 to 1. Safe to call from any thread
 * without holding the caller's lock around the document (an atomic flag). */
int ann_pdf_was_reconstructed(ann_pdf *doc);

/* The bytes the document was opened from (borrowed: valid until ann_pdf_close; never changed). */
const unsigned char *ann_pdf_original(ann_pdf *doc, size_t *length);

/* Starts a new list of the objects changed from now on (a save takes the changes made before). */
void ann_pdf_mark(ann_pdf *doc);

/* Carries the objects `from` changed since its last ann_pdf_mark into `to`, under the same
 * numbers: `to` is the file `from` just saved, reopened, and `from` went on being edited while
 * the save ran. Objects the bridge added stay replaceable as streams and droppable as orphans in
 * `to`. ANN_PDF_ERROR_SYNTAX or _ARGUMENT when an object cannot be carried (then `to` is not to
 * be used). */
ann_pdf_status ann_pdf_take_changes(ann_pdf *to, ann_pdf *from);

void ann_pdf_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
