/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Signing with a certificate through poppler core 22.12 (PDFDoc::sign) and the user's NSS
 * database: the certificates that can sign, and a signature added as a new signature field,
 * written to a new file (the source is not changed).
 *
 * NSS is initialised once per process, with the folder of the first call that names one:
 * pass the same `nss_dir` ("sql:/home/…/.pki/nssdb") every time.
 */
#ifndef ANN_PDF_SIGN_H
#define ANN_PDF_SIGN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char *nickname;
    char *common_name;
    char *email;
    /* Seconds since 1970: when the certificate stops being valid. */
    long long not_after;
} ann_pdf_certificate;

/* The certificates in the NSS database at `nss_dir` (NULL: NSS's default) that can sign.
 * *certificates is malloc'd (free with ann_pdf_free_certificates); returns the count, or -1. */
int ann_pdf_signing_certificates(const char *nss_dir, ann_pdf_certificate **certificates);
void ann_pdf_free_certificates(ann_pdf_certificate *certificates, int count);

/* Opens the NSS database at `nss_dir` again, so that certificates another process imported
 * into it since are found. 0 on success. */
int ann_pdf_reopen_certificates(const char *nss_dir);

typedef struct {
    /* The PDF to sign (a path) and its password (NULL when it has none). */
    const char *source;
    const char *password;
    /* Where the signed file goes (must not be `source`). */
    const char *target;
    const char *nss_dir;
    const char *nickname;
    /* The certificate's (NSS database's) password, NULL when it has none. */
    const char *certificate_password;
    /* The new signature field's name; with `existing_field` set, the fully qualified name of
     * an empty signature field of the document to sign instead (its widget keeps its place). */
    const char *field_name;
    int existing_field;
    /* The page (from 0) and rectangle (x1 y1 x2 y2, PDF user space) of a visible signature;
     * a rectangle of zero size makes it invisible. */
    int page;
    double rect[4];
    /* What the visible signature says (UTF-8; may be NULL). */
    const char *text;
    const char *text_left;
    const char *reason;
    const char *location;
    /* A picture drawn under the text (PNG or JPEG path; may be NULL). */
    const char *image_path;
} ann_pdf_sign_request;

/* Signs: 0 on success; otherwise nonzero and *message (malloc'd, free with free()) says why. */
int ann_pdf_sign(const ann_pdf_sign_request *request, char **message);

#ifdef __cplusplus
}
#endif

#endif
