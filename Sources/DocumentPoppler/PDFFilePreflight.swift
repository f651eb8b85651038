// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// The checks made on a path before poppler sees it, so that a missing file, a folder, a
/// permission problem or a non-PDF gets its own clear ``DocumentOpenError`` instead of poppler's
/// generic "PDF document is damaged".
enum PDFFilePreflight {
    /// How far into the file the `%PDF-` marker may appear; Acrobat accepts garbage before it
    /// within the first kilobyte.
    static let headerSearchLength = 1024

    static let headerMarker: [UInt8] = Array("%PDF-".utf8)

    /// Whether `bytes` contain the PDF header marker.
    static func containsPDFHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= headerMarker.count else { return false }
        for start in 0...(bytes.count - headerMarker.count)
        where bytes[start..<start + headerMarker.count].elementsEqual(headerMarker) {
            return true
        }
        return false
    }

    /// Checks existence, kind, readability and the header, in that order.
    static func check(path: String) throws(DocumentOpenError) {
        let head = try readHead(path: path, count: headerSearchLength)
        guard containsPDFHeader(head) else { throw .notAPDF(path: path) }
    }
}
