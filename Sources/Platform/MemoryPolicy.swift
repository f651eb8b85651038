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

    /// How many heaps (glibc's arenas) the process's threads share at most: the main thread's
    /// and one for every worker. glibc's default is eight per core, one per thread that ever
    /// met a busy heap: the document's opening, render, search and trim workers each kept what
    /// they freed in a heap of their own, and its free pages counted in the peak. On the
    /// 500-page document (peers.py's burst, 1080p) two heaps peaked 6–15 MiB lower after the
    /// burst and 2–3 MiB lower at open, with 6 MiB less resident at rest. Small blocks come
    /// from each thread's own cache (glibc's tcache) whichever heap it uses.
    public static let heapLimit = 2

    /// Limits the heaps to ``heapLimit`` (glibc's `mallopt(M_ARENA_MAX, …)`), unless
    /// `MALLOC_ARENA_MAX` chooses otherwise. Call it first in `main`, before any thread starts:
    /// heaps made before stay. Whether the limit was set.
    @discardableResult
    public static func limitHeaps() -> Bool {
        guard getenv("MALLOC_ARENA_MAX") == nil, let mallopt = mallocOption else { return false }
        return mallopt(arenaMaxOption, Int32(heapLimit)) == 1
    }

    /// `M_ARENA_MAX` in glibc's malloc.h.
    private static let arenaMaxOption: Int32 = -8

    private typealias MallocOption = @convention(c) (Int32, Int32) -> Int32

    private static let mallocOption: MallocOption? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: MallocOption.self)
        #else
        return nil
        #endif
    }()

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
