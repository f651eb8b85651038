// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry
import Platform

/// The pages' sizes as read so far: every page's, or the first pages' with the rest estimated.
struct ReadGeometry {
    /// Each page's crop box size, before /Rotate.
    var crop: [Size]
    /// Each page's `poppler_page_get_size` (/Rotate applied).
    var displayed: [Size]
    /// The first page whose sizes are an estimate (the last page read's), or nil once every
    /// page is read.
    var estimatedFrom: Int?
}

/// Opening with the first pages' sizes only: poppler parses each page's dictionary to give its
/// size, 10–14 ms for the 500-page bench document, most of a start-up worker's time before it
/// can render page 1 and a core taken from GTK starting meanwhile. The pages the first frame
/// shows are read at open; the others are estimated and read after that frame
/// (``completeGeometry()``), when a layout made with them is corrected in place.
extension PopplerDocument {
    /// Opens a PDF file like ``open(path:password:)`` but reads the sizes of its first
    /// `pagesToRead(metadata)` pages only (at least one); the later pages take the last read
    /// page's sizes until ``completeGeometry()`` reads them. ``pageCount`` is exact at once.
    /// Anything that needs a page's exact geometry (``pageInfo(_:)``, its images) reads every
    /// page first.
    public static func open(path: String, password: String? = nil,
                            readingFirst pagesToRead: (DocumentMetadata) -> Int) throws(DocumentOpenError) -> PopplerDocument {
        try PDFFilePreflight.check(path: path)
        let uri = try fileURI(for: path)
        let document = try openPoppler(uri: uri, path: path, password: password)
        let metadata = readMetadata(document)
        let count = document.withPointer { max(0, Int(poppler_document_get_n_pages($0))) }
        let read = min(count, max(1, pagesToRead(metadata)))
        var geometry = readPageGeometry(from: document, pages: 0..<read)
        // An estimate needs a page poppler could load.
        guard read < count, let last = geometry.last(where: \.isLoaded) else {
            if read < count { geometry += readPageGeometry(from: document, pages: read..<count) }
            return PopplerDocument(path: path, uri: uri, password: password, document: document, geometry: geometry, metadata: metadata)
        }
        geometry += Array(repeating: last, count: count - read)
        let opened = PopplerDocument(path: path, uri: uri, password: password, document: document, geometry: geometry, metadata: metadata)
        opened.geometry.estimatedFrom = read
        return opened
    }

    /// Whether every page's sizes are read (false until ``completeGeometry()`` for a document
    /// opened with ``open(path:password:readingFirst:)``).
    public var geometryIsComplete: Bool { geometryLock.withLock { geometry.estimatedFrom == nil } }

    /// Reads the sizes of the pages still estimated, a few at a time under the render lock (a
    /// render waits for a few pages' reading at most), and returns whether any displayed size
    /// differed from its estimate. Safe from any thread; the first caller reads, later ones
    /// wait for it. Must not be called while holding the render lock.
    @discardableResult
    public func completeGeometry() -> Bool {
        guard let from = geometryLock.withLock({ geometry.estimatedFrom }) else { return false }
        completionLock.lock()
        defer { completionLock.unlock() }
        guard geometryLock.withLock({ geometry.estimatedFrom }) != nil else { return false }
        let count = pageCount
        var read: [PageGeometry] = []
        read.reserveCapacity(count - from)
        var start = from
        while start < count {
            let end = min(count, start + Self.pagesReadPerLock)
            renderLock.withLock { read += Self.readPageGeometry(from: document, pages: start..<end) }
            start = end
        }
        // A page poppler cannot load shows unrotated, without a probe (as at open).
        probeLock.withLock {
            for (offset, page) in read.enumerated() where !page.isLoaded { rotationProbe.rotations[from + offset] = PageRotation.none }
        }
        return geometryLock.withLock {
            let before = geometry.displayed[from...]
            for (offset, page) in read.enumerated() {
                geometry.crop[from + offset] = page.cropSize
                geometry.displayed[from + offset] = page.displayedSize
            }
            geometry.estimatedFrom = nil
            return !before.elementsEqual(geometry.displayed[from...])
        }
    }

    /// How many pages ``completeGeometry()`` reads per hold of the render lock (about 1 ms).
    static let pagesReadPerLock = 50
}
