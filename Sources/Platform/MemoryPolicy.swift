// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process freed back to the system. Rendered tiles come and go by the
/// megabyte, mostly from the render worker's heap, and glibc keeps freed heap pages for reuse:
/// after a burst of page turns the process stays as large as it was at its busiest. Trimming
/// once the view has settled returns those pages.
///
/// Pinning glibc's mmap threshold low instead (so that every large buffer is a mapping of its
/// own, unmapped when freed) was measured and rejected: GTK's frame images (8 MB a frame at
/// 1080p) then fault in fresh pages on every frame, and curl frames went from p50 9 to 17 ms.
/// The opposite, for a window whose frame images are large (a 4K screen), is
/// ``keepFrameImagesInHeap(frameBytes:)``.
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

    /// The frame images above which ``keepFrameImagesInHeap(frameBytes:)`` pins glibc's
    /// thresholds: 16 MiB, between a 1080p window's (8 MB) and a 4K one's (33 MB).
    public static let largeFrameBytes = 16 << 20

    /// glibc's mmap and trim thresholds (bytes) that keep frame images of `frameBytes` in the
    /// heap and their pages resident from frame to frame, or `nil` when glibc's own are left
    /// alone (frames at most ``largeFrameBytes``). The mmap threshold is at least 64 MiB and
    /// twice the frame; the heap's free top is given back on its own only beyond twice that.
    public static func frameHeapThresholds(frameBytes: Int) -> (mmap: Int, trim: Int)? {
        guard frameBytes > largeFrameBytes else { return nil }
        let mmap = max(64 << 20, 2 * frameBytes)
        return (mmap, 2 * mmap)
    }

    /// Keeps GTK's frame images in the heap, their pages resident from one frame to the next,
    /// once a window's frames are large (``frameHeapThresholds(frameBytes:)``); nothing for
    /// smaller ones. GTK 4.8's cairo renderer paints each frame into a new image the size of
    /// what changed (the whole window while the view scrolls: 33 MB on a 4K screen) and frees it
    /// after. Left to glibc's sliding thresholds, that image came now from the heap's resident
    /// pages, now from fresh ones (mapped anew, or given back when the heap's free top passed
    /// the trim threshold), and a frame that met fresh pages faulted in 8,100 of them: the
    /// slowest wheel frames at 4K (60–140 ms) were mostly that. With the thresholds pinned
    /// above the frame, `frame-bench` newpages at 4K went from p99 25–112 ms to 18–27 ms.
    /// ``returnFreedMemory()`` still gives everything freed back when the view rests.
    /// `PDF_ANNOTATOR_FRAME_HEAP=0`, `MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_` or
    /// either threshold in `GLIBC_TUNABLES` leave glibc alone. Set at most once; answers whether it is set.
    @discardableResult
    public static func keepFrameImagesInHeap(frameBytes: Int) -> Bool {
        if framesKeptInHeap { return true }
        guard let thresholds = frameHeapThresholds(frameBytes: frameBytes), let mallopt = mallocOption else { return false }
        guard !thresholdsChosenByEnvironment else { return false }
        // The trim threshold first: setting either stops glibc sliding both.
        guard mallopt(trimThresholdOption, Int32(clamping: thresholds.trim)) == 1,
              mallopt(mmapThresholdOption, Int32(clamping: thresholds.mmap)) == 1 else { return false }
        framesKeptInHeap = true
        return true
    }

    /// Whether the environment says how glibc's thresholds are set (or that frames should not
    /// pin them: `PDF_ANNOTATOR_FRAME_HEAP=0`, to compare).
    private static var thresholdsChosenByEnvironment: Bool {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        if variable("PDF_ANNOTATOR_FRAME_HEAP") == "0" { return true }
        if variable("MALLOC_MMAP_THRESHOLD_") != nil || variable("MALLOC_TRIM_THRESHOLD_") != nil { return true }
        let tunables = variable("GLIBC_TUNABLES") ?? ""
        return tunables.contains("malloc.mmap_threshold") || tunables.contains("malloc.trim_threshold")
    }

    /// Whether ``keepFrameImagesInHeap(frameBytes:)`` pinned the thresholds in this process.
    nonisolated(unsafe) public private(set) static var framesKeptInHeap = false

    /// `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD` in glibc's malloc.h.
    private static let trimThresholdOption: Int32 = -1
    private static let mmapThresholdOption: Int32 = -3

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
