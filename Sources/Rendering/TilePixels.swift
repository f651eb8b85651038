// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Image surfaces for rendered tiles whose pixels are a memory mapping of their own, unmapped
/// the moment cairo destroys the surface, so that a tile the cache lets go leaves the process
/// at once.
///
/// Tiles are megabytes each (2 MiB for a 1024×512 tile) and come and go by the dozen in a
/// burst of page turns. From malloc (what `cairo_image_surface_create` uses), glibc raises its
/// mmap threshold after the first such buffer is freed and serves the next ones from the render
/// worker's heap, which keeps what was freed resident until a trim: after the 500-page burst
/// (peers.py), that heap held 50 MB for 31 MB of live tiles, and the peak counted them all.
/// A mapping costs the worker the page faults of fresh pages (a fraction of a millisecond per
/// tile, off the main thread) and returns every byte when the tile goes.
public enum TilePixels {
    /// A new ARGB32 image surface of `width`×`height` pixels (transparent, as cairo's own),
    /// whose pixels are freed with it; nil if the mapping or the surface cannot be made. Its
    /// bytes count in `account` (a document's) until they are freed or given back.
    public static func makeSurface(width: Int32, height: Int32, account: TilePixelAccount? = nil) -> OpaquePointer? {
        guard width > 0, height > 0 else { return nil }
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        guard stride > 0 else { return nil }
        // One page before the pixels holds the mapping's length, for the unmap.
        let bytes = headerBytes + Int(stride) * Int(height)
        guard let base = mapPixels(bytes) else { return nil }
        base.storeBytes(of: bytes, as: Int.self)
        base.storeBytes(of: 0, toByteOffset: releasedOffset, as: Int.self)
        base.storeBytes(of: nil, toByteOffset: accountOffset, as: UnsafeMutableRawPointer?.self)
        let pixels = (base + headerBytes).assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(surface, key, base, { base in
                  guard let base else { return }
                  let left = base.load(as: Int.self) - base.load(fromByteOffset: TilePixels.releasedOffset, as: Int.self)
                  TilePixels.released(left)
                  if let account = base.load(fromByteOffset: TilePixels.accountOffset, as: UnsafeMutableRawPointer?.self) {
                      Unmanaged<TilePixelAccount>.fromOpaque(account).takeRetainedValue().released(left - TilePixels.headerBytes)
                  }
                  munmap(base, base.load(as: Int.self))
              }) == CAIRO_STATUS_SUCCESS
        else {
            munmap(base, bytes)
            return nil
        }
        counter.lock()
        mappedStorage += bytes
        peakStorage = max(peakStorage, mappedStorage)
        counter.unlock()
        if let account { charge(surface, to: account) }
        return surface
    }

    /// A new anonymous mapping of `bytes`; nil if it cannot be made. One of a huge page or more
    /// starts on a huge-page boundary and is marked for transparent huge pages: its first touch
    /// then takes one fault per 2 MiB instead of one per 4 KiB page. On this project's machines
    /// (virtual machines that hand freed memory back to the host at once) a fresh 4 KiB page
    /// costs 1–15 µs at its first write, a page-1 rendering (7–8 MB at 1080p) 10–30 ms of the
    /// worker's core while GTK starts on the other; in huge pages about 0.2 µs per 4 KiB.
    /// `PDF_ANNOTATOR_TILE_HUGEPAGES=0` maps them in small pages, to compare.
    static func mapPixels(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let failed = UnsafeMutableRawPointer(bitPattern: -1)
        guard bytes >= hugePage, usesHugePages else {
            guard let base = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != failed else { return nil }
            return base
        }
        // Mapped with room to start on a boundary; the slack before and after is unmapped.
        let room = bytes + hugePage
        guard let raw = mmap(nil, room, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != failed else { return nil }
        let address = Int(bitPattern: raw)
        let start = (address + hugePage - 1) / hugePage * hugePage
        if start > address { munmap(raw, start - address) }
        let end = start + bytes
        if address + room > end { munmap(UnsafeMutableRawPointer(bitPattern: end), address + room - end) }
        guard let base = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
        madvise(base, bytes, MADV_HUGEPAGE)
        return base
    }

    /// Whether tile pixels of a huge page or more are mapped in huge pages (``mapPixels(_:)``).
    static let usesHugePages: Bool = getenv("PDF_ANNOTATOR_TILE_HUGEPAGES").map { String(cString: $0) != "0" } ?? true

    /// A transparent huge page on x86-64 and arm64 (with 4 KiB pages): 2 MiB.
    static let hugePage = 2 << 20

    /// Counts the pixels of `surface` (one this type made; its rows' bytes, the page of
    /// bookkeeping before them apart) in `account` from now on, until they
    /// are freed or given back: tiles rendered before the document's worker existed (for its
    /// first frame) join its account when the view takes them. Nothing for a surface already
    /// counted in an account, or one this type did not make.
    public static func charge(_ surface: OpaquePointer, to account: TilePixelAccount) {
        guard let base = cairo_surface_get_user_data(surface, key),
              base.load(fromByteOffset: accountOffset, as: UnsafeMutableRawPointer?.self) == nil else { return }
        base.storeBytes(of: Unmanaged.passRetained(account).toOpaque(), toByteOffset: accountOffset, as: UnsafeMutableRawPointer?.self)
        account.added(base.load(as: Int.self) - headerBytes - base.load(fromByteOffset: releasedOffset, as: Int.self))
    }

    /// Gives every pixel of `surface` (one this type made) back to the system at once, while
    /// others may still hold the surface (reading it after that reads zeros, transparent): what
    /// a cache does with a tile it lets go that only a frame already replaced still shows.
    /// Answers the bytes given back.
    @discardableResult
    public static func releaseAll(of surface: OpaquePointer) -> Int {
        releaseRows(of: surface, above: Int(cairo_image_surface_get_height(surface)) + 1)
    }

    /// Gives the pixels of `surface`'s rows above `row` back to the system (their whole pages;
    /// reading them after that reads zeros): a rendering that tiles were copied out of row by
    /// row need not hold the rows already copied while the rest are. Nothing for a surface
    /// this type did not make. Answers the bytes given back.
    @discardableResult
    public static func releaseRows(of surface: OpaquePointer, above row: Int) -> Int {
        guard let base = cairo_surface_get_user_data(surface, key), let data = cairo_image_surface_get_data(surface) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard pageSize > 0, headerBytes % pageSize == 0 else { return 0 }
        let pixels = UnsafeMutableRawPointer(data)
        // The whole surface: its last page too, cut short by the mapping's end.
        let mapped = base.load(as: Int.self) - headerBytes
        let end = row > height ? mapped : (min(max(row, 0), height) * stride) / pageSize * pageSize
        // What was given back before (kept in the header's second word), so each byte counts once.
        let released = base.load(fromByteOffset: releasedOffset, as: Int.self)
        guard end > released, madvise(pixels + released, end - released, MADV_DONTNEED) == 0 else { return 0 }
        base.storeBytes(of: end, toByteOffset: releasedOffset, as: Int.self)
        counter.lock()
        mappedStorage -= end - released
        counter.unlock()
        if let account = base.load(fromByteOffset: accountOffset, as: UnsafeMutableRawPointer?.self) {
            Unmanaged<TilePixelAccount>.fromOpaque(account).takeUnretainedValue().released(end - released)
        }
        return end - released
    }

    /// Bytes of tile pixels mapped now, by every surface ``makeSurface(width:height:)`` made
    /// that is still alive (what the tiles really hold, whoever holds them), less the rows given
    /// back (``releaseRows(of:above:)``).
    public static var mappedBytes: Int {
        counter.lock(); defer { counter.unlock() }
        return mappedStorage
    }

    /// The most ``mappedBytes`` has been since the last ``resetPeak()`` (or the start).
    public static var peakMappedBytes: Int {
        counter.lock(); defer { counter.unlock() }
        return peakStorage
    }

    /// Starts a new ``peakMappedBytes`` from the bytes mapped now.
    public static func resetPeak() {
        counter.lock(); defer { counter.unlock() }
        peakStorage = mappedStorage
    }

    private static func released(_ bytes: Int) {
        counter.lock()
        mappedStorage -= bytes
        counter.unlock()
    }

    /// A page: keeps the pixels aligned as cairo's own are. It holds the mapping's length, the
    /// bytes given back so far, and the account the pixels count in (a retained reference).
    static let headerBytes = 4096
    private static let releasedOffset = MemoryLayout<Int>.size
    private static let accountOffset = 2 * MemoryLayout<Int>.size
    private static let counter = Lock()
    nonisolated(unsafe) private static var mappedStorage = 0
    nonisolated(unsafe) private static var peakStorage = 0
    /// The user-data key the unmap hangs on (cairo compares its address only).
    nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
