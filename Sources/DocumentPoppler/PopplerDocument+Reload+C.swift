// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// The same document with `bytes` as its content: the file with unsaved edits applied, as
    /// the editor writes it into memory. Page geometry, metadata and the rotations resolved so
    /// far are carried over (edits change annotations, never pages), so this costs only
    /// poppler's parse of the cross-reference table. Wraps `poppler_document_new_from_bytes`.
    ///
    /// - Throws: ``DocumentOpenError`` when poppler cannot read the bytes.
    public func reloaded(from bytes: [UInt8]) throws(DocumentOpenError) -> PopplerDocument {
        let gbytes = bytes.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
        defer { g_bytes_unref(gbytes) }
        let reopened: GObjectRef
        do throws(GLibError) {
            let pointer = try gerrorCall { error in poppler_document_new_from_bytes(gbytes, password, error) }
            reopened = GObjectRef(adopting: pointer)
        } catch {
            throw Self.openError(for: error, path: path, passwordGiven: password != nil)
        }
        let geometry = zip(cropSizes, displaySizes).map { PageGeometry(cropSize: $0, displayedSize: $1, isLoaded: true) }
        let copy = PopplerDocument(path: path, uri: uri, password: password, document: reopened, geometry: geometry, metadata: metadata,
                                   coreText: coreText)
        probeLock.lock()
        let known = rotationProbe.rotations
        probeLock.unlock()
        copy.probeLock.lock()
        copy.rotationProbe.rotations = known
        copy.probeLock.unlock()
        return copy
    }
}
