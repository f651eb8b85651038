#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# "Nothing else slower": ink latency (ink-bench), page-curl frames (frame-bench curl) and the
# editor's save and undo costs (edit-bench) of two release builds, before and after, run in
# pairs whose order alternates (B A | A B | B A …) so that a busy moment weighs on both alike.
# Run it inside the build lock, so that nothing compiles beside it:
#
#   flock /tmp/build.lock tools/regress-bench.sh BEFORE/.build/release AFTER/.build/release [PAIRS] [BENCHES]
#
# - BEFORE and AFTER are release build folders (`source tools/release-flags.sh; swift build
#   "${release_flags[@]}"`; a commit older than tools/release-flags.sh: `swift build -c release
#   --static-swift-stdlib -Xlinker -s`, as its tools/run.sh built it). Their apps and benches
#   are copied first, so that a build started meanwhile changes nothing.
# - ink-bench and frame-bench drive an app binary: AFTER's bench tool drives both apps (an app
#   without the predicted tip ignores the tip setting: both its ways are without the tip).
#   edit-bench links the editor itself: each build's own runs `edit-bench save-undo` (a save
#   of one new note on the 500-page bench document against cp; undo with 10,000 annotations).
#   A commit whose edit-bench has no `save-undo` needs its five lines (the top of
#   Sources/Benchmarks/edit-bench/main.swift) added before its build, as for b7f64c4: the
#   bench's own code, not the editor measured.
# - PAIRS: 3 by default. BENCHES: any of ink,curl,edit (all by default). INK_BENCH_RUNS (6)
#   and FRAME_BENCH_RENDERERS (cairo) pass through. DOCS: the ../shared/bench documents
#   (gen_docs.py; /tmp/bench/docs by default).
# - Everything each run printed goes to OUT (a new folder under /tmp by default) with the load
#   before it; the summary at the end lists each run's figures by build, in the order run.
set -euo pipefail
before=$(cd "$1" && pwd) after=$(cd "$2" && pwd)
pairs=${3:-3}
benches=${4:-ink,curl,edit}
docs=${DOCS:-/tmp/bench/docs}
out=${OUT:-$(mktemp -d /tmp/regress-bench.XXXX)}
mkdir -p "$out/B" "$out/A"
for tool in pdf-annotator ink-bench frame-bench edit-bench; do
    cp "$before/$tool" "$out/B/" 2>/dev/null || true
    cp "$after/$tool" "$out/A/"
done
export INK_BENCH_RUNS=${INK_BENCH_RUNS:-6} FRAME_BENCH_RENDERERS=${FRAME_BENCH_RENDERERS:-cairo}
log=$out/runs.log
echo "regress-bench: before $before, after $after, $pairs pairs, $benches; output in $out" | tee "$log"

one() { # bench build pair
    local bench=$1 build=$2 pair=$3 file="$out/$1-$2-$3.txt"
    echo "== $bench $build pair $pair $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
    case $bench in
    ink) "$out/A/ink-bench" "$out/$build/pdf-annotator" "$docs/b_500pages.pdf" > "$file" 2>&1 || true ;;
    curl) FRAME_BENCH_RUNS=curl "$out/A/frame-bench" "$out/$build/pdf-annotator" "$docs/b_500pages.pdf" > "$file" 2>&1 || true ;;
    edit) (cd "$out" && "$out/$build/edit-bench" save-undo "$docs/b_500pages.pdf") > "$file" 2>&1 || true ;;
    esac
    grep -E "ink latency|page curls|^save|^undo|^edit cost" "$file" | sed 's/^/   /' | tee -a "$log" || true
}

for bench in ${benches//,/ }; do
    for ((pair = 1; pair <= pairs; pair++)); do
        if ((pair % 2)); then order="B A"; else order="A B"; fi
        for build in $order; do one "$bench" "$build" "$pair"; done
    done
done
echo "== done $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
