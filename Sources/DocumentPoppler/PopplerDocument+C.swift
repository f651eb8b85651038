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
                pdfVersion: field(poppler_document_get_pdf_version_string))
        }
    }

    /// Reads each page's crop box and /Rotate. Wraps `poppler_page_get_crop_box`,
    /// `poppler_page_get_size` and, when `probing`, the annotation probe of
    /// ``probeRotation(page:document:cropSize:)``.
    ///
    /// - Parameter probing: Whether `document` is a throw-away instance that may be modified.
    static func readPageInfos(from document: GObjectRef, probing: Bool) -> [PageInfo] {
        document.withPointer { doc in
            let count = max(0, Int(poppler_document_get_n_pages(doc)))
            var infos: [PageInfo] = []
            infos.reserveCapacity(count)
            for i in 0..<count {
                let index = PageIndex(i)
                guard let raw = poppler_document_get_page(doc, Int32(i)) else {
                    infos.append(PageInfo(index: index, mediaSize: .zero, rotation: .none))
                    continue
                }
                let page = GObjectRef(adopting: raw)
                let info = page.withPointer { page in
                    var crop = PopplerRectangle()
                    poppler_page_get_crop_box(page, &crop)
                    var width = 0.0, height = 0.0
                    poppler_page_get_size(page, &width, &height)
                    let cropSize = Size(width: abs(crop.x2 - crop.x1), height: abs(crop.y2 - crop.y1))
                    let displayed = Size(width: width, height: height)
                    let probed = probing ? probeRotation(page: page, document: doc, cropSize: cropSize) : nil
                    let rotation = probed ?? guessRotation(cropSize: cropSize, displayed: displayed)
                    return PageInfo(index: index, mediaSize: cropSize, rotation: rotation)
                }
                infos.append(info)
            }
            return infos
        }
    }

    /// poppler-glib 22.12 has no getter for /Rotate (`poppler_page_get_rotation` does not exist),
    /// but `poppler_page_add_annot` un-rotates the rectangle it is given. Adding a small square
    /// annotation in display space and reading back its stored (unrotated) rectangle with
    /// `poppler_annot_get_rectangle` therefore reveals the rotation. The annotation is removed
    /// again, and this runs only on a throw-away document instance.
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

    /// The best answer without a probe: a quarter turn when poppler's displayed size is the crop
    /// size transposed, otherwise none (180° cannot be told apart).
    static func guessRotation(cropSize: Size, displayed: Size) -> PageRotation {
        let transposed = abs(displayed.width - cropSize.height) < 0.01 && abs(displayed.height - cropSize.width) < 0.01
        let same = abs(displayed.width - cropSize.width) < 0.01 && abs(displayed.height - cropSize.height) < 0.01
        return transposed && !same ? .quarter : .none
    }
}
