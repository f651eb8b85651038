#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Called by meson.build: run SwiftPM, then copy the product to where meson expects
# its custom_target output (meson outputs must live in the build dir itself, while
# SwiftPM puts binaries under <scratch>/<triple>/<config>/).
#
#   meson-swift-build.sh SWIFT CONFIG SCRATCH_PATH PACKAGE_PATH PRODUCT OUTPUT
set -euo pipefail

if [[ $# -ne 6 ]]; then
    echo "usage: $0 SWIFT CONFIG SCRATCH_PATH PACKAGE_PATH PRODUCT OUTPUT" >&2
    exit 2
fi
swift=$1 config=$2 scratch=$3 package=$4 product=$5 output=$6

common=(--scratch-path "$scratch" --package-path "$package")
# Release binaries are linked as tools/run.sh links them (tools/release-flags.sh): the Swift
# runtime carried (faster start-up, less memory, and an installed binary that does not need the
# toolchain's shared libraries), linked by lld in start-up order, stripped: the app links no
# Foundation (FoundationEssentials only, no ICU), so it stays under 20 MB.
if [[ "$config" == release ]]; then
    release_root=$package source "$(dirname "${BASH_SOURCE[0]}")/release-flags.sh"
    common+=("${release_flags[@]}")
else
    common+=(-c "$config")
fi
# Only the app's product: installing must not depend on benchmarks building
# (`swift test`, run by `meson test`, still builds every target).
"$swift" build "${common[@]}" --product "$product"
bindir=$("$swift" build "${common[@]}" --show-bin-path)
if [[ ! -x "$bindir/$product" ]]; then
    echo "error: SwiftPM did not produce $bindir/$product" >&2
    exit 1
fi
# Copy (not symlink) so 'meson install' installs the real file; cp to a temp name
# and rename so an interrupted build never leaves a truncated binary behind.
cp -f -- "$bindir/$product" "$output.tmp"
mv -f -- "$output.tmp" "$output"
