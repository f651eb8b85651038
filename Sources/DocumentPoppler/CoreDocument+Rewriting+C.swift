// SPDX-License-Identifier: GPL-3.0-or-later
import PopplerBridge

extension CoreDocument {
    /// Whether poppler had to rebuild the file's cross-reference table to read it (at opening,
    /// or when an object read since was not where the table said). Wraps
    /// `ann_pdf_was_reconstructed`, an atomic flag read without the document's lock: the state
    /// dump asks on the main thread while the render worker may hold the lock for a second
    /// writing a large move's update (``DocumentEditor/renderedLater()``), and waited for it.
    public var wasReconstructed: Bool { ann_pdf_was_reconstructed(handle.pointer) != 0 }

    /// The document written whole, as a save writes it when the file's own cross-reference
    /// chain cannot be trusted: every object it holds now, one fresh table, none of the file's
    /// bytes kept as a prefix (``EditedBytes/original`` is empty). Wraps
    /// `ann_pdf_rewrite_to_memory`.
    public func rewrittenBytes() throws(CoreDocumentError) -> EditedBytes {
        lock.lock()
        defer { lock.unlock() }
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard ann_pdf_rewrite_to_memory(handle.pointer, &data, &length) == ANN_PDF_OK, let data else { throw .write(path: "memory") }
        defer { ann_pdf_free(data) }
        return EditedBytes(owner: self, original: UnsafeRawBufferPointer(start: nil, count: 0), update: Array(UnsafeBufferPointer(start: data, count: length)))
    }
}
