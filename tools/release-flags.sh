# SPDX-License-Identifier: GPL-3.0-or-later
#
# The release build's flags, in one place: sourced by tools/run.sh, tools/bench.sh and
# tools/meson-swift-build.sh (and tools/startup-order.sh, which drops the strip), so that the
# binary a user runs, the one measured and the one installed are linked alike.
#
#   source tools/release-flags.sh      # sets release_flags=(…) for `swift build`
#
# - The Swift runtime linked in (--static-swift-stdlib): faster start-up and less memory than
#   loading it as shared libraries, and the binary runs without the toolchain's libraries.
# - Linked by lld with the functions start-up runs laid out together, in the order of
#   tools/startup-order.txt (made by tools/startup-order.sh): the kernel maps code 64 KiB
#   around each page a start-up touches, so start-up code scattered over the binary made most
#   of it resident. The app's own code is compiled one section per function so that the order
#   can move it (the static Swift runtime already is); names the file lists that no longer
#   exist are skipped without a word.
# - Relative relocations packed (DT_RELR, glibc 2.36): fewer pages of relocations written at
#   load, and so fewer private pages.
# - Stripped, as a distribution ships it, exporting no symbols of its own (12,000 of them
#   before, a dynamic symbol table the loader read for nothing: nothing loaded into the app
#   looks up the app's own names), but for the few that bound cairo's shared memory for frames
#   (Sources/CShim/ann_frame_shm_extension.c and ann_frame_shm_calls.c), which libcairo must find
#   in the executable.
release_root=${release_root:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
release_order=$release_root/tools/startup-order.txt
release_flags=(
    -c release --static-swift-stdlib
    -Xswiftc -use-ld=lld
    -Xswiftc -Xfrontend -Xswiftc -function-sections
    -Xcc -ffunction-sections -Xcxx -ffunction-sections
    -Xlinker --symbol-ordering-file="$release_order"
    -Xlinker --no-warn-symbol-ordering
    -Xlinker -z -Xlinker pack-relative-relocs
    -Xlinker --no-export-dynamic
    -Xlinker --export-dynamic-symbol=XShmQueryExtension
    -Xlinker --export-dynamic-symbol=XEventsQueued
    -Xlinker --export-dynamic-symbol=shmget
    -Xlinker --export-dynamic-symbol=shmat
    -Xlinker --export-dynamic-symbol=shmdt
)
# What tools/startup-order.sh links: the same, with the symbols kept to be named.
release_flags_unstripped=("${release_flags[@]}")
release_flags+=(-Xlinker -s)
