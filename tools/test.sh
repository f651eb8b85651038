#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The README's second command (and what CI runs): install what is missing, then run every
# test: unit, scenario and document tests, the desktop-file checks, and the UI tests, which
# start their own Xvfb displays (a headless weston for the Wayland pass) and D-Bus buses.
#
#   tools/test.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x /opt/swift/usr/bin/swift ]] && export PATH="/opt/swift/usr/bin:$PATH"
tools/install-deps.sh

echo "== desktop integration files"
desktop-file-validate resources/io.github.pdfannotator.PdfAnnotator.desktop
appstreamcli validate --no-net --pedantic resources/io.github.pdfannotator.PdfAnnotator.metainfo.xml

echo "== swift test"
log=$(mktemp)
gl_log=$(mktemp)
wl_log=$(mktemp)
trap 'rm -f "$log" "$gl_log" "$wl_log"' EXIT
# The totals XCTest reported last in a pass's own log ("Executed N tests, with K tests skipped
# and F failures"), added to the run's: a pass that ended before its totals adds none.
executed=0 failed=0 skipped=0 summary=
add_totals() {
    local line
    line=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with" "$1" | tail -n 1 || true)
    [[ -n "$line" ]] || return 0
    summary=$line
    executed=$((executed + $(grep -Eo "Executed [0-9]+" <<<"$line" | grep -Eo "[0-9]+")))
    failed=$((failed + $(grep -Eo "[0-9]+ failures?" <<<"$line" | grep -Eo "[0-9]+" || echo 0)))
    skipped=$((skipped + $(grep -Eo "[0-9]+ tests? skipped" <<<"$line" | grep -Eo "[0-9]+" || echo 0)))
}
set +e
# XCTest only: the suites are XCTest, and an empty Swift Testing run would close the log
# with "0 tests".
swift test --disable-swift-testing "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
add_totals "$log"
# With no test filter: the view, curl and pen UI tests once more under GTK's GL renderer
# (Mesa's software GL here), which draws the canvas's render nodes as textures rather than as
# one cairo picture. (The tool tests, a minute of the run, draw through the same nodes as the pen
# replays and run under the cairo renderer only, to keep the whole run well under 20 minutes.)
gl_status=0
if [[ $# -eq 0 ]]; then
    echo "== UI tests again with GSK_RENDERER=gl"
    set +e
    UI_TEST_RENDERER=gl swift test --skip-build --disable-swift-testing \
        --filter 'ViewUITests|ViewerUITests|PageCurlUITests|BookCurlUITests|PenReplayUITests|PenAndFingerReplayUITests|HiDPIUITests|SmartZoomUITests|HighContrastUITests|SearchUITests|TextSelectionUITests' \
        2>&1 | tee "$gl_log" | grep -E "error:|Executed [0-9]+ tests?, with" | tail -n 20
    gl_status=${PIPESTATUS[0]}
    set -e
    add_totals "$gl_log"
fi
# With no test filter: the suites of the GL pass and the touch and pen replays that have tests
# needing no X tool (replayed input, D-Bus actions, the state dump, saved files read back with
# qpdf) once more under Wayland, GNOME's default session, on a headless weston of their own
# (UI_TEST_DISPLAY=wayland), with the GL renderer GTK picks there. Their tests that drive xdotool
# or take screenshots skip there, each saying why; ToolUITests, BookCurlUITests,
# CarryDropUITests, HiDPIUITests, HighContrastUITests and SearchUITests need X throughout and are
# left out.
wl_status=0
if [[ $# -eq 0 ]]; then
    if command -v weston >/dev/null 2>&1; then
        echo "== UI tests again under Wayland (headless weston, GSK_RENDERER=gl)"
        set +e
        UI_TEST_DISPLAY=wayland UI_TEST_RENDERER=gl swift test --skip-build --disable-swift-testing \
            --filter 'ViewUITests|ViewerUITests|PageCurlUITests|PenReplayUITests|PenAndFingerReplayUITests|SmartZoomUITests|TextSelectionUITests|SelectionTouchReplayUITests|TouchUITests|PagesGridTouchUITests|ReplayedInputUITests' \
            2>&1 | tee "$wl_log" | grep -E "error:|Executed [0-9]+ tests?, with" | tail -n 20
        wl_status=${PIPESTATUS[0]}
        set -e
        add_totals "$wl_log"
    else
        echo "== UI tests under Wayland skipped: weston is not installed (tools/install-deps.sh installs it)"
    fi
fi
if [[ "$failed" -gt 0 ]]; then
    # CI shows only the tail of this output: name the failures (and their assertions) here, last.
    echo "== failed"
    grep -hE "error: |Test Case .* failed \(" "$log" "$gl_log" "$wl_log" | tail -n 20 || true
fi
if [[ -n "$summary" ]]; then
    echo "tests: $((executed - failed - skipped)) passed, $failed failed, $skipped skipped"
fi
[[ "$status" -eq 0 ]] || exit "$status"
[[ "$gl_status" -eq 0 ]] || exit "$gl_status"
exit "$wl_status"
