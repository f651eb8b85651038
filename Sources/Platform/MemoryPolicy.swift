// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// How the process asks the C allocator to treat large buffers: rendered tiles and GTK's frame
/// images come and go by the megabyte, and glibc's default hides them from the system once one
/// has been freed (its mmap threshold then rises to that size, so later buffers come from heaps
/// that seldom shrink). With the threshold pinned, every buffer of 128 KiB or more is a mapping
/// of its own, returned to the system when freed: 8 MiB less resident at open and after a burst
/// of page turns on the 500-page benchmark document.
public enum MemoryPolicy {
    /// The size from which an allocation is its own mapping.
    public static let ownMappingFrom = 128 * 1024

    /// glibc's `M_MMAP_THRESHOLD` (malloc.h, which Swift's Glibc module leaves out).
    static let mmapThresholdParameter: Int32 = -3

    /// Pins glibc's mmap threshold (which also stops it from rising). Call once, first thing.
    /// Whether the allocator took it (false on a C library without `mallopt`).
    @discardableResult
    public static func returnLargeBuffersToTheSystem() -> Bool {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return false }
        return unsafeBitCast(symbol, to: Mallopt.self)(mmapThresholdParameter, Int32(ownMappingFrom)) == 1
        #else
        return false
        #endif
    }
}
