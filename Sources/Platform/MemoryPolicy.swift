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
    /// Returns free heap pages to the system (glibc's `malloc_trim(0)`, looked up once at run
    /// time: Swift's Glibc module leaves malloc.h out). Whether anything was returned. It takes
    /// each heap's lock while it walks it: call it from a worker, not from the thread drawing
    /// frames.
    @discardableResult
    public static func returnFreedMemory() -> Bool {
        guard let trim = mallocTrim else { return false }
        return trim(0) == 1
    }

    private typealias MallocTrim = @convention(c) (Int) -> Int32

    private static let mallocTrim: MallocTrim? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: MallocTrim.self)
        #else
        return nil
        #endif
    }()
}
