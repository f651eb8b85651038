// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a short run of bytes in a buffer with the C library's `memmem` (vectorised: a few
/// GB/s, where a byte-by-byte loop in Swift reads tens of MB/s), looked up once at run time
/// since Swift's Glibc module leaves the GNU extension out; a plain loop where it is missing.
public enum ByteSearch {
    /// Whether `needle` occurs in `haystack` (an empty needle always does).
    public static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer) -> Bool {
        guard needle.count > 0 else { return true }
        guard haystack.count >= needle.count, let h = haystack.baseAddress, let n = needle.baseAddress else { return false }
        if let memmem { return memmem(h, haystack.count, n, needle.count) != nil }
        let first = needle[0]
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == first, memcmp(h + i, n, needle.count) == 0 { return true }
            i += 1
        }
        return false
    }

    private typealias MemMem = @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?

    private static let memmem: MemMem? = {
        guard let symbol = dlsym(nil, "memmem") else { return nil }
        return unsafeBitCast(symbol, to: MemMem.self)
    }()
}
