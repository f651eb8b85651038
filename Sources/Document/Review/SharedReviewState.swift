// SPDX-License-Identifier: GPL-3.0-or-later

/// What a document's shared review keeps between sessions, outside the PDF: the folder, how far
/// each other device's file was read, the merge ledger, and the packets written here that have
/// not reached the folder yet (offline).
public struct SharedReviewState: Hashable, Sendable, Codable {
    /// The folder's URI.
    public var folder: String
    /// Bytes of each device's packet file already merged, by device.
    public var offsets: [String: Int] = [:]
    public var ledger = ReviewLedger()
    /// Packets made here and not yet in the folder, framed, oldest first.
    public var pending: [String] = []
    /// The number of the last packet made here.
    public var sequence = 0

    public init(folder: String) { self.folder = folder }
}
