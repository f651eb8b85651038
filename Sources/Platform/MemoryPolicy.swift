// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process freed back to the system. Rendered tiles come and go by the
/// megabyte, mostly from the render worker's heap, and glibc keeps freed heap pages for reuse:
/// after a burst of page turns the process stays as large as it was at its busiest. Trimming
/// once the view has settled returns those pages.
///
/// Pinning glibc's mmap threshold instead (so that every large buffer is a mapping of its own,
/// unmapped when freed) was measured and rejected: GTK's frame images (8 MB a frame at 1080p)
/// then fault in fresh pages on every frame, and curl frames went from p50 9 to 17 ms.
public enum MemoryPolicy {
    /// Returns free heap pages to the system (glibc's `malloc_trim(0)`, looked up at run time:
    /// Swift's Glibc module leaves malloc.h out). Whether anything was returned.
    @discardableResult
    public static func returnFreedMemory() -> Bool {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return false }
        return unsafeBitCast(symbol, to: MallocTrim.self)(0) == 1
        #else
        return false
        #endif
    }
}
