// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry
#if canImport(Glibc)
import Glibc
#endif

extension PopplerDocument {
    /// A `file://` URI for `path`, made absolute against the working directory first.
    /// Wraps `g_filename_to_uri`, which escapes spaces and non-ASCII bytes.
    static func fileURI(for path: String) throws(DocumentOpenError) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            let cwd = adoptGString(g_get_current_dir()) ?? "/"
            absolute = cwd.hasSuffix("/") ? cwd + path : cwd + "/" + path
        }
        do {
            let uri = try gerrorCall { error in g_filename_to_uri(absolute, nil, error) }
            return adoptGString(uri) ?? ""
        } catch {
            throw .notReadable(path: path, reason: error.message)
        }
    }

    /// Wraps `poppler_document_new_from_file`, mapping its `GError` to a ``DocumentOpenError``.
    static func openPoppler(uri: String, path: String, password: String?) throws(DocumentOpenError) -> GObjectRef {
        do {
            let pointer = try gerrorCall { error in poppler_document_new_from_file(uri, password, error) }
            return GObjectRef(adopting: pointer)
        } catch {
            throw openError(for: error, path: path, passwordGiven: password != nil)
        }
    }

    /// Maps a poppler or GIO error from opening to the user-facing case.
    static func openError(for error: GLibError, path: String, passwordGiven: Bool) -> DocumentOpenError {
        let popplerDomain = g_quark_to_string(poppler_error_quark()).map { String(cString: $0) }
        guard error.domain == popplerDomain else {
            return .notReadable(path: path, reason: error.message)
        }
        switch UInt32(bitPattern: error.code) {
        case POPPLER_ERROR_ENCRYPTED.rawValue:
            return passwordGiven ? .wrongPassword(path: path) : .passwordRequired(path: path)
        case POPPLER_ERROR_OPEN_FILE.rawValue:
            return .notReadable(path: path, reason: error.message)
        default:
            return .damaged(path: path, reason: error.message)
        }
    }

    /// Reads the info dictionary. Wraps `poppler_document_get_title` and its siblings.
    /// A `GDateTime` (adopted) as ISO 8601 in UTC, such as "2026-11-21T00:00:00Z".
    private static func date(_ value: OpaquePointer?) -> String? {
        guard let value else { return nil }
        defer { g_date_time_unref(value) }
        guard let utc = g_date_time_to_utc(value) else { return nil }
        defer { g_date_time_unref(utc) }
        return adoptGString(g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ"))
    }

    /// The /ID's permanent half as 32 hex digits (poppler hands back exactly 32 bytes, without
    /// a terminating NUL), or `nil` when the file has no /ID.
    private static func permanentID(_ doc: OpaquePointer) -> String? {
        var permanent: UnsafeMutablePointer<gchar>?
        guard poppler_document_get_id(doc, &permanent, nil) != 0, let permanent else { return nil }
        defer { g_free(permanent) }
        let bytes = UnsafeRawBufferPointer(start: permanent, count: 32)
        let text = String(decoding: bytes, as: UTF8.self)
        return text.allSatisfy(\.isHexDigit) ? text.lowercased() : nil
    }

    static func readMetadata(_ document: GObjectRef) -> DocumentMetadata {
        document.withPointer { doc in
            func field(_ getter: (OpaquePointer) -> UnsafeMutablePointer<gchar>?) -> String? {
                guard let value = adoptGString(getter(doc)), !value.isEmpty else { return nil }
                return value
            }
            return DocumentMetadata(
                title: field(poppler_document_get_title),
                author: field(poppler_document_get_author),
                subject: field(poppler_document_get_subject),
                keywords: field(poppler_document_get_keywords),
                creator: field(poppler_document_get_creator),
                producer: field(poppler_document_get_producer),
                pdfVersion: field(poppler_document_get_pdf_version_string),
                created: date(poppler_document_get_creation_date_time(doc)),
                modified: date(poppler_document_get_modification_date_time(doc)),
                permanentID: permanentID(doc),
                pageLayout: pageLayoutName(poppler_document_get_page_layout(doc)))
        }
    }

    /// The /PageLayout name for poppler's page layout (`nil` when the catalog has none).
    static func pageLayoutName(_ layout: PopplerPageLayout) -> String? {
        switch layout {
        case POPPLER_PAGE_LAYOUT_SINGLE_PAGE: "SinglePage"
        case POPPLER_PAGE_LAYOUT_ONE_COLUMN: "OneColumn"
        case POPPLER_PAGE_LAYOUT_TWO_COLUMN_LEFT: "TwoColumnLeft"
        case POPPLER_PAGE_LAYOUT_TWO_COLUMN_RIGHT: "TwoColumnRight"
        case POPPLER_PAGE_LAYOUT_TWO_PAGE_LEFT: "TwoPageLeft"
        case POPPLER_PAGE_LAYOUT_TWO_PAGE_RIGHT: "TwoPageRight"
        default: nil
        }
    }

    /// Reads each page's crop box and displayed size: two cheap getters per page, no probe.
    /// Wraps `poppler_document_get_n_pages`, `poppler_document_get_page`,
    /// `poppler_page_get_crop_box` and `poppler_page_get_size`.
    static func readPageGeometry(from document: GObjectRef) -> [PageGeometry] {
        let count = document.withPointer { max(0, Int(poppler_document_get_n_pages($0))) }
        return readPageGeometry(from: document, pages: 0..<count)
    }

    /// The geometry of `pages` (of a document that has them), as ``readPageGeometry(from:)``.
    static func readPageGeometry(from document: GObjectRef, pages range: Range<Int>) -> [PageGeometry] {
        document.withPointer { doc in
            var pages: [PageGeometry] = []
            pages.reserveCapacity(range.count)
            for i in range {
                guard let raw = poppler_document_get_page(doc, Int32(i)) else {
                    pages.append(.unloaded)
                    continue
                }
                let page = GObjectRef(adopting: raw)
                pages.append(page.withPointer { page in
                    let (cropSize, displayed) = sizes(of: page)
                    return PageGeometry(cropSize: cropSize, displayedSize: displayed, isLoaded: true)
                })
            }
            return pages
        }
    }

    /// A page's crop box size (before /Rotate) and `poppler_page_get_size` (after it).
    /// Wraps `poppler_page_get_crop_box` and `poppler_page_get_size`.
    static func sizes(of page: OpaquePointer) -> (cropSize: Size, displayed: Size) {
        var crop = PopplerRectangle()
        poppler_page_get_crop_box(page, &crop)
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return (Size(width: abs(crop.x2 - crop.x1), height: abs(crop.y2 - crop.y1)), Size(width: width, height: height))
    }

    /// Probes the rotation of page `index` on the throw-away `document` with
    /// ``probeRotation(page:document:cropSize:)``. Wraps `poppler_document_get_page`.
    ///
    /// - Parameters:
    ///   - cropSize: The page's crop box size as read at open time.
    ///   - displayed: Its `poppler_page_get_size` as read at open time.
    /// - Returns: The rotation, or `nil` when the page cannot be loaded, its sizes differ from
    ///   those read at open time (the file changed on disk since), or the probe cannot decide.
    /// - Precondition: The caller holds `probeLock`; `document` is the probe instance, never the
    ///   document that renders.
    static func probeRotation(document: GObjectRef, page index: Int, cropSize: Size, displayed: Size) -> PageRotation? {
        document.withPointer { doc in
            guard let raw = poppler_document_get_page(doc, Int32(index)) else { return nil }
            let page = GObjectRef(adopting: raw)
            return page.withPointer { page in
                let current = sizes(of: page)
                guard current.cropSize == cropSize, current.displayed == displayed else { return nil }
                return probeRotation(page: page, document: doc, cropSize: cropSize)
            }
        }
    }

    /// poppler-glib 22.12 has no getter for /Rotate (`poppler_page_get_rotation` does not exist),
    /// but `poppler_page_add_annot` un-rotates the rectangle it is given. Adding a small square
    /// annotation in display space and reading back its stored (unrotated) rectangle with
    /// `poppler_annot_get_rectangle` therefore reveals the rotation. The annotation is removed
    /// again, and this runs only on the throw-away probe instance (see ``pageInfo(_:)``).
    ///
    /// - Returns: The rotation, or `nil` when the probe's answer fits no quarter turn.
    static func probeRotation(page: OpaquePointer, document: OpaquePointer, cropSize: Size) -> PageRotation? {
        var rect = PopplerRectangle(x1: 10, y1: 20, x2: 30, y2: 60)
        guard let rawAnnot = poppler_annot_square_new(document, &rect) else { return nil }
        let annot = GObjectRef(adopting: rawAnnot)
        var stored = PopplerRectangle()
        annot.withPointer { annot in
            poppler_page_add_annot(page, annot)
            poppler_annot_get_rectangle(annot, &stored)
            poppler_page_remove_annot(page, annot)
        }
        let center = Point(x: (stored.x1 + stored.x2) / 2, y: (stored.y1 + stored.y2) / 2)
        let w = cropSize.width, h = cropSize.height
        // Where _page_unrotate_xy sends the probe's centre (20, 40) for each /Rotate.
        let candidates: [(PageRotation, Point)] = [
            (.none, Point(x: 20, y: 40)),
            (.quarter, Point(x: w - 40, y: 20)),
            (.half, Point(x: w - 20, y: h - 40)),
            (.threeQuarters, Point(x: 40, y: h - 20)),
        ]
        let best = candidates.min { $0.1.distance(to: center) < $1.1.distance(to: center) }
        guard let best, best.1.distance(to: center) < 0.5 else { return nil }
        return best.0
    }

    /// The best answer without a probe, used only when the probe fails: a quarter turn when
    /// poppler's displayed size is the crop size transposed, otherwise none (90° cannot be told
    /// from 270°, nor 180° from none, and a square page shows no transposition at all).
    static func guessRotation(cropSize: Size, displayed: Size) -> PageRotation {
        let transposed = abs(displayed.width - cropSize.height) < 0.01 && abs(displayed.height - cropSize.width) < 0.01
        let same = abs(displayed.width - cropSize.width) < 0.01 && abs(displayed.height - cropSize.height) < 0.01
        return transposed && !same ? .quarter : .none
    }
}
