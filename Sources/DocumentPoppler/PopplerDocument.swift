// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry

/// A PDF opened with poppler-glib: the app's only ``PageSource`` backed by a real file, and the
/// only object that can draw a page.
///
/// Page sizes, rotations and metadata are read once in ``open(path:password:)`` and kept in
/// Swift values, so ``pageCount``, ``pageInfo(_:)`` and ``metadata`` are cheap and safe from any
/// thread. Drawing (``render(page:scale:into:)``, ``renderImage(page:scale:maxPixelArea:)``)
/// goes through poppler, which is not thread-safe per document: call it from one thread (the
/// render thread). Calls are additionally serialised by an internal lock, so a stray call from
/// another thread waits instead of corrupting poppler's state. Annotation access
/// (``annotations(on:)``, ``setRectangle(_:forAnnotation:)``) takes the same lock, so the main
/// thread may call it while the render thread draws.
public final class PopplerDocument: PageSource, @unchecked Sendable {
    /// The path given to ``open(path:password:)``.
    public let path: String
    public let metadata: DocumentMetadata

    /// The `PopplerDocument*`; touched only under `renderLock` after `init`.
    let document: GObjectRef
    private let pages: [PageInfo]
    let renderLock = NSLock()
    /// Each page's annotations, read on first use and kept (with their retained `PopplerAnnot`
    /// objects) for the document's lifetime; touched only under `renderLock`.
    var annotationPages: [Int: PageAnnotations] = [:]
    /// Whether an annotation was changed since opening; touched only under `renderLock`.
    var annotationsChanged = false

    init(path: String, document: GObjectRef, pages: [PageInfo], metadata: DocumentMetadata) {
        self.path = path
        self.document = document
        self.pages = pages
        self.metadata = metadata
    }

    public var pageCount: Int { pages.count }

    /// The geometry read at open time.
    ///
    /// - Precondition: `index` is a page of this document.
    public func pageInfo(_ index: PageIndex) -> PageInfo {
        precondition(pages.indices.contains(index.rawValue), "\(index) is outside a \(pages.count)-page document")
        return pages[index.rawValue]
    }

    /// Opens a PDF file and reads every page's size and rotation.
    ///
    /// Before poppler sees the file this checks that it exists, is not a folder, can be read and
    /// has a `%PDF-` header within its first 1,024 bytes. A document with no pages opens with a
    /// ``pageCount`` of 0. Wraps `poppler_document_new_from_file`.
    ///
    /// - Parameters:
    ///   - path: An absolute or relative file-system path (spaces and non-ASCII names are fine).
    ///   - password: The user or owner password for an encrypted document, or `nil`.
    /// - Throws: ``DocumentOpenError``; poppler's "encrypted" error becomes `passwordRequired`
    ///   (no password given) or `wrongPassword`, its other errors become `damaged`.
    public static func open(path: String, password: String? = nil) throws(DocumentOpenError) -> PopplerDocument {
        try PDFFilePreflight.check(path: path)
        let uri = try fileURI(for: path)
        let document = try openPoppler(uri: uri, path: path, password: password)
        // Rotation is only observable by adding a probe annotation, so that happens on a second,
        // throw-away instance and this document stays unmodified (a later save stays clean).
        let probe = try? openPoppler(uri: uri, path: path, password: password)
        let pages = readPageInfos(from: probe ?? document, probing: probe != nil)
        return PopplerDocument(path: path, document: document, pages: pages, metadata: readMetadata(document))
    }
}
