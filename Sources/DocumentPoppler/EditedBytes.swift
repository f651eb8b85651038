// SPDX-License-Identifier: GPL-3.0-or-later

/// The document as a save would write it, in two parts: the bytes it was opened from, shared
/// and never copied, and the incremental update the edits make. Showing or saving an edit then
/// costs what the edit changed, not the size of the file: a 100 MB scan is not copied per pen
/// stroke.
public struct EditedBytes: @unchecked Sendable {
    /// Keeps the original bytes alive (they belong to the core document).
    let owner: CoreDocument
    /// The original bytes, borrowed from `owner`; never changed.
    public let original: UnsafeRawBufferPointer
    /// What a save appends to them (empty when nothing changed).
    public let update: [UInt8]

    /// The whole file's length.
    public var count: Int { original.count + update.count }

    /// `count` bytes from `offset` of the whole file, across the two parts.
    public func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + count <= self.count else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(count)
        for i in offset..<(offset + count) { out.append(i < original.count ? original[i] : update[i - original.count]) }
        return out
    }

    /// The whole file as one array: for the few callers that need it (a copy of every byte).
    public func joined() -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(count)
        out += original
        out += update
        return out
    }
}
