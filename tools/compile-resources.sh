#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Compile resources/io.github.pdfannotator.PdfAnnotator.gresource.xml into
# OUTDIR/io.github.pdfannotator.PdfAnnotator.gresource (default OUTDIR: build/).
#
#   tools/compile-resources.sh [OUTDIR]
#
# The app can register the bundle with g_resources_register(g_resource_load(path)).
# Meson runs the same compiler itself; this script is for SwiftPM-only builds.
set -euo pipefail

app_id=io.github.pdfannotator.PdfAnnotator
# Resolve paths from the script's own location so it works from any cwd.
root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
outdir=${1:-"$root/build"}

if ! command -v glib-compile-resources >/dev/null 2>&1; then
    echo "error: glib-compile-resources not found (Debian: apt-get install libglib2.0-dev-bin)" >&2
    exit 1
fi

mkdir -p -- "$outdir"
# Write to a temporary name first so a running app never maps a half-written file.
tmp=$(mktemp -- "$outdir/.$app_id.gresource.XXXXXX")
trap 'rm -f -- "$tmp"' EXIT
glib-compile-resources \
    --sourcedir="$root/resources" \
    --target="$tmp" \
    "$root/resources/$app_id.gresource.xml"
chmod 0644 -- "$tmp"  # mktemp creates 0600
mv -f -- "$tmp" "$outdir/$app_id.gresource"
trap - EXIT
echo "$outdir/$app_id.gresource"
