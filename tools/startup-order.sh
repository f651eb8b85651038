#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Makes tools/startup-order.txt, the order in which the release link (tools/release-flags.sh)
# lays out functions: those that run from `main` to page 1 painted and the start-up steps left
# for after it, first, in the order they first ran. It links the release binary unstripped,
# opens data/sample.pdf with it under valgrind's callgrind on a private Xvfb, twice in one
# fresh home (a first start, then a start as every later one is), and lists the binary's own
# functions that ran until the start-up trace was printed, plus two seconds: the second
# start's first, then those only the first one ran.
# Run it again after large changes to start-up; a stale list costs only resident memory (names
# that no longer exist are skipped).
#
#   tools/startup-order.sh [FILE.pdf]     (needs valgrind and Xvfb; a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x /opt/swift/usr/bin/swift ]] && export PATH="/opt/swift/usr/bin:$PATH"
for tool in valgrind Xvfb objcopy; do
    command -v "$tool" > /dev/null || { echo "startup-order: $tool is needed (apt-get install valgrind xvfb binutils)" >&2; exit 1; }
done
source tools/release-flags.sh
swift build "${release_flags_unstripped[@]}" --product pdf-annotator
bin="$(swift build "${release_flags_unstripped[@]}" --show-bin-path)/pdf-annotator"
doc=$(realpath "${1:-data/sample.pdf}")

work=$(mktemp -d)
trap 'kill "${app:-}" "${xvfb:-}" 2> /dev/null || true; rm -rf "$work"' EXIT
# Valgrind reads the symbol table; the Swift compiler's DWARF 5 makes Debian 12's give up.
objcopy --strip-debug "$bin" "$work/pdf-annotator"
bin=$work/pdf-annotator
display=:$((90 + RANDOM % 400))
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp > /dev/null 2>&1 &
xvfb=$!
sleep 1
# A home of its own: no journals or settings of the user's change what start-up runs. The app
# starts twice in it: first as on a machine where it never ran, then as it starts every time
# after (the first frame's tiles rendered ahead for the view size the last start had, the
# place remembered), and the functions of that second start are laid out first.
mkdir -p "$work/home"
record() {
    HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share \
        XDG_CACHE_HOME=$work/home/.cache DISPLAY=$display GSK_RENDERER=cairo PDF_ANNOTATOR_TRACE=1 \
        valgrind --tool=callgrind --callgrind-out-file="$work/$1.out" --compress-strings=no \
        --compress-pos=no --demangle=no --dump-instr=no --dump-line=no \
        "$bin" "$doc" > "$work/stdout" 2> "$work/stderr" &
    app=$!
    for _ in $(seq 600); do
        grep -q "start-up trace" "$work/stderr" && break
        kill -0 "$app" 2> /dev/null || { cat "$work/stderr" >&2; echo "startup-order: the app ended before page 1" >&2; exit 1; }
        sleep 0.5
    done
    grep -q "start-up trace" "$work/stderr" || { echo "startup-order: no page 1 within five minutes" >&2; exit 1; }
    sleep 2
    kill -TERM "$app"
    wait "$app" 2> /dev/null || true
    app=
}
record first
record again

# Callgrind lists each function under the object it lives in, in the order it first ran.
python3 - "$bin" "$work/again.out" "$work/first.out" > tools/startup-order.txt << 'EOF'
import re, sys
binary, outs = sys.argv[1], sys.argv[2:]
names, seen = [], set()
for out in outs:
  ob = None
  for line in open(out, errors="replace"):
    if line.startswith("ob="):
        ob = line[3:].strip()
    elif line.startswith("fn=") and ob == binary:
        # Callgrind marks a function's recursion depth ('2) and names what it cannot ("(below
        # main)", addresses): the linker knows symbols only.
        name = re.sub(r"'[0-9]+$", "", line[3:].strip())
        if name not in seen and not name.startswith("0x") and " " not in name:
            seen.add(name)
            names.append(name)
print("\n".join(names))
EOF
echo "tools/startup-order.txt: $(wc -l < tools/startup-order.txt) functions"
