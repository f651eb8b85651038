// SPDX-License-Identifier: GPL-3.0-or-later
// poppler's core library (libpoppler-private-dev) is C++ and reached only from PopplerBridge;
// this system-library target exists to bring its pkg-config flags (-I…/poppler, -lpoppler).
#pragma once
