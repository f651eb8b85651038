/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nettle (Debian's nettle-dev): AES-256-GCM and PBKDF2-HMAC-SHA256 for the journal of documents
 * that need a password. A small library with no set-up or global state. */
#include <nettle/gcm.h>
#include <nettle/pbkdf2.h>
/* MD5 for an embedded file's /Params /CheckSum (PDF 32000-1 table 45 asks for MD5). */
#include <nettle/md5.h>
