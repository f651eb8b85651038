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
# The Swift runtime linked in: faster start-up and less memory than loading it as shared
# libraries, and the binary runs without the toolchain's libraries; stripped, as a
# distribution ships it (under 20 MB: the app links FoundationEssentials, not Foundation).
flags=(-c release --static-swift-stdlib -Xlinker -s)
swift build "${flags[@]}" --product pdf-annotator
if (($# == 0)); then set -- data/sample.pdf; fi
exec "$(swift build "${flags[@]}" --show-bin-path)/pdf-annotator" "$@"
