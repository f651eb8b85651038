// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Geometry
import Platform

/// A PDF opened with poppler-glib: the app's only ``PageSource`` backed by a real file, and the
/// only object that can draw a page.
///
/// ``open(path:password:)`` reads each page's crop box and displayed size, and the metadata, into
/// Swift values, so ``pageCount``, ``displaySizes`` and ``metadata`` are cheap and safe from any
/// thread. A page's exact /Rotate is resolved the first time ``pageInfo(_:)`` is asked about that
/// page (poppler-glib 22.12 can only reveal it through an annotation probe) and cached; that call
/// is also safe from any thread and never waits for rendering.
///
/// Drawing (``render(page:scale:into:)``, ``renderImage(page:scale:maxPixelArea:)``) goes through
/// poppler, which is not thread-safe per document: call it from one thread (the render thread).
/// Calls are additionally serialised by an internal lock, so a stray call from another thread
/// waits instead of corrupting poppler's state. Reading annotations (``annotations(on:)``,
/// ``annotation(withID:)``) takes the same lock, so the main thread may call it while the render
/// thread draws.
///
/// This object never changes the document: annotations are edited through ``DocumentEditor``,
/// and the edited bytes are shown by the document ``reloaded(from:)`` returns (see
/// <doc:Editing>).
public final class PopplerDocument: PageSource, @unchecked Sendable {
    /// The path given to ``open(path:password:)``.
    public let path: String
    public let metadata: DocumentMetadata
    /// The size each page shows on screen (/Rotate applied), read with `poppler_page_get_size`,
    /// which applies /Rotate itself. Exact whatever the rotation, and equal to
    /// `allPageInfos.map(\.displaySize)` without probing any page, once every page is read: a
    /// document opened with ``open(path:password:readingFirst:)`` estimates the pages after the
    /// first ones until ``completeGeometry()`` reads them.
    public var displaySizes: [Size] { geometryLock.withLock { geometry.displayed } }

    /// The URI of ``path`` and the password it was opened with, for ``reloaded(from:)``.
    let uri: String
    let password: String?
    /// The `PopplerDocument*`; touched only under `renderLock` after `init`.
    let document: GObjectRef
    /// Each page's crop box size (``PageInfo/mediaSize``), every page read (the pages still
    /// estimated are read first, see ``completeGeometry()``).
    var cropSizes: [Size] {
        completeGeometry()
        return geometryLock.withLock { geometry.crop }
    }

    /// A page's crop box size, read first if it was only estimated.
    func cropSize(ofPage page: Int) -> Size {
        let estimated = geometryLock.withLock { geometry.estimatedFrom.map { page >= $0 } ?? false }
        if estimated { completeGeometry() }
        return geometryLock.withLock { geometry.crop[page] }
    }
    /// The pages' sizes as read so far; touched only under `geometryLock`, which is never held
    /// while another lock is taken.
    var geometry: ReadGeometry
    let geometryLock = Lock()
    /// Held by whoever reads the pages still estimated (``completeGeometry()``), so that they are
    /// read once. Taken before `renderLock`, never while holding it or `probeLock`.
    let completionLock = Lock()
    let renderLock = Lock()
    /// Each page's annotations, read on first use and kept (with their retained `PopplerAnnot`
    /// objects) for the document's lifetime; touched only under `renderLock`.
    var annotationPages: [Int: PageAnnotations] = [:]

    /// Guards `rotationProbe`. Never held together with `renderLock`, and never held while
    /// waiting for it: the probe touches only its own poppler document.
    let probeLock = Lock()
    /// The lazily resolved rotations and the throw-away document that resolves them; touched
    /// only under `probeLock`.
    var rotationProbe: RotationProbe
    /// The core library's text, for the pages poppler-glib reads badly (see ``text(on:)``).
    let coreText: CoreText
    /// Pages an edit turned: the core text reader reads the file on disk, which shows them as
    /// they were, so their text comes from this version through poppler-glib.
    var pagesNotOnDisk: Set<Int> = []
    /// The document in memory this version was read from (the editor's, with the edits not saved
    /// yet): where the media of a page in `pagesNotOnDisk` are found (``memoryMedia(page:rect:kind:)``).
    var memoryCore: CoreDocument?

    init(path: String, uri: String, password: String?, document: GObjectRef, geometry: [PageGeometry], metadata: DocumentMetadata,
         coreText: CoreText? = nil) {
        self.coreText = coreText ?? CoreText(path: path, password: password)
        self.path = path
        self.uri = uri
        self.password = password
        self.document = document
        self.geometry = ReadGeometry(crop: geometry.map(\.cropSize), displayed: geometry.map(\.displayedSize), estimatedFrom: nil)
        self.metadata = metadata
        // A page poppler could not load has no size and is reported unrotated, without a probe.
        self.rotationProbe = RotationProbe(
            uri: uri, password: password, rotations: geometry.map { $0.isLoaded ? nil : PageRotation.none })
    }

    /// The number of pages, read at open time.
    public var pageCount: Int { displaySizes.count }

    /// Whether poppler counted pages it could not load when the document opened (a damaged
    /// page tree: the pages show empty and cannot be annotated). The window repairs such a file.
    public var hasPagesItCannotLoad: Bool { displaySizes.contains { $0.width <= 0 || $0.height <= 0 } }

    /// The exact geometry of a page: its crop box size and its /Rotate.
    ///
    /// The first call for a page resolves its rotation with an annotation probe on a second,
    /// throw-away instance of the document, opened (with the same password) on the first such
    /// call and kept for this object's lifetime; later calls answer from a cache. The first call
    /// for a page therefore costs a little poppler work (the first one also opens the file
    /// again), but it never waits for rendering: the probe has its own lock and its own
    /// document. Should the probe fail (the file can no longer be opened or no longer matches),
    /// the rotation is inferred from the sizes read at open: a quarter turn when they are
    /// transposed, otherwise none.
    ///
    /// - Precondition: `index` is a page of this document.
    public func pageInfo(_ index: PageIndex) -> PageInfo {
        precondition((0..<pageCount).contains(index.rawValue), "\(index) is outside a \(pageCount)-page document")
        return PageInfo(index: index, mediaSize: cropSize(ofPage: index.rawValue), rotation: rotation(ofPage: index.rawValue))
    }

    /// Opens a PDF file and reads every page's crop box and displayed size.
    ///
    /// Before poppler sees the file this checks that it exists, is not a folder, can be read and
    /// has a `%PDF-` header within its first 1,024 bytes. A document with no pages opens with a
    /// ``pageCount`` of 0. Wraps `poppler_document_new_from_file`, `poppler_page_get_crop_box`
    /// and `poppler_page_get_size`. Page rotations are not probed here; see ``pageInfo(_:)``.
    ///
    /// - Parameters:
    ///   - path: An absolute or relative file-system path (spaces and non-ASCII names are fine).
    ///   - password: The user or owner password for an encrypted document, or `nil`. It is kept
    ///     until the first ``pageInfo(_:)`` call opens the probe instance with it.
    /// - Throws: ``DocumentOpenError``; poppler's "encrypted" error becomes `passwordRequired`
    ///   (no password given) or `wrongPassword`, its other errors become `damaged`.
    public static func open(path: String, password: String? = nil) throws(DocumentOpenError) -> PopplerDocument {
        try PDFFilePreflight.check(path: path)
        let uri = try fileURI(for: path)
        let document = try openPoppler(uri: uri, path: path, password: password)
        return PopplerDocument(
            path: path, uri: uri, password: password, document: document,
            geometry: readPageGeometry(from: document), metadata: readMetadata(document))
    }
}

/// What ``PopplerDocument/open(path:password:)`` reads of each page: cheap getters only.
struct PageGeometry {
    /// The crop box size, before /Rotate.
    var cropSize: Size
    /// `poppler_page_get_size`: the crop box size with /Rotate applied.
    var displayedSize: Size
    /// Whether poppler could load the page; a page it could not has zero sizes.
    var isLoaded: Bool

    static let unloaded = PageGeometry(cropSize: .zero, displayedSize: .zero, isLoaded: false)
}

/// The lazy part of a ``PopplerDocument``'s geometry: each page's exact rotation, and the second
/// document instance that probes it.
struct RotationProbe {
    /// The URI the document was opened from.
    let uri: String
    /// The password to open the probe instance with; dropped once it has been tried.
    var password: String?
    /// The probe instance, once opened. It is modified (annotations are added and removed), so it
    /// is never the document that renders.
    var document: GObjectRef?
    /// Whether opening the probe instance was tried (it is tried once).
    var openAttempted = false
    /// Each page's rotation once resolved.
    var rotations: [PageRotation?]

    init(uri: String, password: String?, rotations: [PageRotation?]) {
        self.uri = uri
        self.password = password
        self.rotations = rotations
    }
}

extension PopplerDocument {
    /// Whether the throw-away probe instance has been opened (it is opened by the first
    /// ``pageInfo(_:)`` call that needs a rotation). For tests.
    var probeDocumentIsOpen: Bool {
        probeLock.lock()
        defer { probeLock.unlock() }
        return rotationProbe.document != nil
    }

    /// The exact /Rotate of page `page`, probed on first request and cached.
    ///
    /// - Precondition: `page` is a page of this document.
    func rotation(ofPage page: Int) -> PageRotation {
        // The probe compares its page with the sizes read: an estimated page is read first.
        let cropSize = cropSize(ofPage: page), displayed = geometryLock.withLock { geometry.displayed[page] }
        probeLock.lock()
        defer { probeLock.unlock() }
        if let known = rotationProbe.rotations[page] { return known }
        let probed = probeDocumentLocked().flatMap { probe in
            Self.probeRotation(document: probe, page: page, cropSize: cropSize, displayed: displayed)
        }
        let rotation = probed ?? Self.guessRotation(cropSize: cropSize, displayed: displayed)
        rotationProbe.rotations[page] = rotation
        return rotation
    }

    /// The probe instance, opened on first use with the document's URI and password; `nil` when
    /// it cannot be opened (then it is not tried again).
    ///
    /// - Precondition: The caller holds `probeLock`.
    private func probeDocumentLocked() -> GObjectRef? {
        if let open = rotationProbe.document { return open }
        guard !rotationProbe.openAttempted else { return nil }
        rotationProbe.openAttempted = true
        defer { rotationProbe.password = nil }
        rotationProbe.document = try? Self.openPoppler(uri: rotationProbe.uri, path: path, password: rotationProbe.password)
        return rotationProbe.document
    }
}
