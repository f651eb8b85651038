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
swift build -c release --product pdf-annotator
if (($# == 0)); then set -- data/sample.pdf; fi
exec "$(swift build -c release --show-bin-path)/pdf-annotator" "$@"
