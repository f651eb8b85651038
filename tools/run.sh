#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The README's first command: install what is missing, build a release binary and open the
# bundled sample document (or the files given as arguments).
#
#   tools/run.sh [FILE.pdf ...]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x /opt/swift/usr/bin/swift ]] && export PATH="/opt/swift/usr/bin:$PATH"
tools/install-deps.sh
# The release flags (tools/release-flags.sh): the Swift runtime linked in, linked by lld in
# start-up order, stripped, as a distribution ships it (under 20 MB: the app links
# FoundationEssentials, not Foundation).
source tools/release-flags.sh
swift build "${release_flags[@]}" --product pdf-annotator
if (($# == 0)); then set -- data/sample.pdf; fi
exec "$(swift build "${release_flags[@]}" --show-bin-path)/pdf-annotator" "$@"
