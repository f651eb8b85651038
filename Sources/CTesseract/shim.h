// SPDX-License-Identifier: GPL-3.0-or-later
// Tesseract 5's C API (libtesseract-dev); only TextRecognition imports it.
#include <tesseract/capi.h>
