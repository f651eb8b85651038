// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// How the C allocator hands memory back: called once at start, before any thread exists.
public enum MemoryPolicy {
    /// Large blocks (rendered tiles, decoded page images: megabytes each) are mapped on their
    /// own and unmapped when freed, so memory goes back to the system as soon as a burst of
    /// rendering is over; glibc's default raises that threshold after the first large free and
    /// then keeps such blocks in its heaps. Two heaps serve all threads instead of one per
    /// thread that ever allocated (the render worker, the search threads, GTK's own).
    public static func returnLargeBlocksToTheSystem() {
        #if canImport(Glibc)
        // glibc's mallopt, with M_MMAP_THRESHOLD (-3) and M_ARENA_MAX (-8) from <malloc.h>, a
        // header the Glibc module does not bring in.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 256 * 1024)
        _ = mallopt(-8, 2)
        #endif
    }
}
