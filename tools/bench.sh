#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The README's benchmark command: builds the release binary as tools/run.sh does
# (tools/release-flags.sh: static Swift runtime, lld in start-up order, stripped), prints its
# size and what it links, then runs the shared side-by-side harness (../shared/bench) for it
# beside gtk4floor, the minimal GTK4 + poppler viewer: page 1 painted, visually complete, peak
# memory at open and after the end jump and ten Page Ups, and the lag after them, on the
# 1-page, 500-page and 20-image documents, with ratios to gtk4floor measured in the same run.
# About 10 minutes with the default 5 repetitions.
#
#   tools/bench.sh            REPS=3 PEERS=evince,zathura tools/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x /opt/swift/usr/bin/swift ]] && export PATH="/opt/swift/usr/bin:$PATH"
tools/install-deps.sh
source tools/release-flags.sh
swift build "${release_flags[@]}" --product pdf-annotator
bin="$(swift build "${release_flags[@]}" --show-bin-path)/pdf-annotator"

size=$(stat -c %s "$bin")
echo "binary: $bin, $((size / 1000000)).$(((size % 1000000) / 100000)) MB (goal: at most 20 MB)"
foreign=$(ldd "$bin" | awk '$3 ~ /^\// && $3 !~ /^\/(usr\/)?lib\/x86_64-linux-gnu\// { print $3 }')
if [[ -z $foreign ]]; then
    echo "links: only the system's libraries ($(ldd "$bin" | grep -c '=>') of them)"
else
    echo "links libraries from outside the system: $foreign"
fi

bench=${BENCH_DIR:-../shared/bench}
if [[ ! -x $bench/peers.py ]]; then
    echo "bench: the side-by-side harness is not at $bench (../shared/bench); nothing more to measure"
    exit 0
fi
work=$(mktemp -d)
cp -r "$bench" "$work"
cd "$work/bench"
./setup.sh
./peers.py --app "ours=$bin {pdf}" --end-key ours=End --ref gtk4floor --apps "gtk4floor${PEERS:+,$PEERS}" \
    --modes default --reps "${REPS:-5}"
echo "(full results in $work/bench/out)"
