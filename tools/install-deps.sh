#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Install the Debian 12 packages needed to build, run and test PDF Annotator.
# Idempotent: when everything is already installed it does not touch apt at all,
# so CI can call it on every run for free.
#
#   tools/install-deps.sh
set -euo pipefail

packages=(
    # build
    libgtk-4-dev libpoppler-glib-dev libpoppler-private-dev libcairo2-dev zlib1g-dev nettle-dev pkg-config g++
    meson ninja-build
    # run: SVG icons need the gdk-pixbuf SVG loader; DejaVu is the samples' font
    librsvg2-common fonts-dejavu-core fonts-urw-base35
    # UI tests: a headless X server, input synthesis, screenshots, a session bus and
    # the accessibility bus GTK talks to; gdbus activates window actions the way a desktop shell does;
    # xclip reads what the app copied
    xvfb xauth xdotool xclip imagemagick dbus dbus-x11 at-spi2-core libglib2.0-bin
    # test data: PDF checks and rendering, and the sample generator's pycairo
    qpdf mupdf-tools poppler-utils python3-cairo
    # damaged documents: the repair tests read the saved files with pypdf too
    python3-pypdf
    # desktop integration checks and meson's post-install steps
    appstream desktop-file-utils gtk-update-icon-cache
    # message catalogs: xgettext for the template, msgfmt to compile catalogs (meson's i18n)
    gettext
    # signing tests: certutil makes a throwaway NSS database with a self-signed certificate;
    # importing a certificate file runs pk12util
    libnss3-tools
    # the accessibility test walks the AT-SPI tree as a screen reader does
    python3-gi gir1.2-atspi-2.0
    # the UI tests' GL pass: Mesa's software GL (llvmpipe) for GTK's GL renderer under Xvfb
    libgl1-mesa-dri libegl-mesa0
    # the UI tests' Wayland pass: weston's headless backend is the compositor GTK talks to
    weston
    # the language tests: German dates and numbers, a right-to-left (Hebrew) window
    locales
    # text for scanned pages: Tesseract 5's library, its command (the tests' reference) and
    # English and German language data
    libtesseract-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu
)

# One dpkg-query call for all packages (fast path); unknown packages make it exit
# non-zero but it still reports the known ones.
declare -A state=()
while read -r name status; do
    state[$name]=$status
done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${packages[@]}" 2>/dev/null || true)
missing=()
for pkg in "${packages[@]}"; do
    [[ "${state[$pkg]:-}" == installed ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} Debian packages already installed"
else
    echo "install-deps: installing: ${missing[*]}"
    if [[ $(id -u) -eq 0 ]]; then
        sudo=()
    elif command -v sudo >/dev/null 2>&1; then
        sudo=(sudo)
    else
        echo "error: not root and sudo is not available; as root run:" >&2
        echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
    # noninteractive: never stop on a debconf prompt in CI.
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
fi

# The locales the language tests run in, compiled once (a second each) when missing.
for name in de_DE he_IL; do
    if ! locale -a 2>/dev/null | grep -qix "${name}.utf8"; then
        if [[ $(id -u) -eq 0 ]]; then
            localedef -i "$name" -f UTF-8 "${name}.UTF-8" && echo "install-deps: locale ${name}.UTF-8 compiled"
        elif command -v sudo >/dev/null 2>&1; then
            sudo localedef -i "$name" -f UTF-8 "${name}.UTF-8" && echo "install-deps: locale ${name}.UTF-8 compiled"
        else
            echo "install-deps: locale ${name}.UTF-8 is missing (as root: localedef -i $name -f UTF-8 ${name}.UTF-8)" >&2
        fi
    fi
done

# Swift is not a Debian package here: it lives in a toolchain directory.
if command -v swift >/dev/null 2>&1; then
    echo "install-deps: swift: $(command -v swift)"
elif [[ -x /opt/swift/usr/bin/swift ]]; then
    echo "install-deps: swift is installed at /opt/swift/usr/bin/swift but not on PATH; run:" >&2
    echo "  export PATH=/opt/swift/usr/bin:\$PATH" >&2
else
    echo "install-deps: error: no Swift toolchain found (not on PATH, not in /opt/swift)." >&2
    echo "  Install Swift 6 for Debian 12 and put its usr/bin on PATH." >&2
    exit 1
fi
