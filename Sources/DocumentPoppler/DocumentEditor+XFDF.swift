// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Why an XFDF file was not imported at all; the document is left as it was.
public enum XFDFFileError: Error, Hashable, Sendable {
    /// The file could not be read (GLib's words).
    case unreadable(String)
    /// It is not XML the reader takes (malformed, entities declared, an external reference …).
    case markup(MarkupParseError)
    /// Well-formed XML, but not XFDF: its root element and namespace.
    case notXFDF(root: String, namespace: String)
}

/// XFDF out of and into the editing document: its annotations in the file's user space.
extension DocumentEditor {
    /// The lower-left corner of a page's crop box, in user space (what XFDF coordinates add to
    /// the model's).
    public func cropOrigin(of page: PageIndex) -> Point {
        pageGeometry(corePage(page))?.cropOrigin ?? .zero
    }

    /// Every annotation of the document as XFDF; `file` names the PDF in `<f href>`, and the
    /// trailer's /ID goes into `<ids>` (when the file has one).
    public func xfdf(file: String?) -> XFDFWriter.Output {
        XFDFWriter.write(from: self, pageCount: pageCount, origin: cropOrigin(of:), file: file, ids: core.trailerID)
    }

    /// The trailer's /ID pair in hex, as `<ids>` has it; `nil` when the file has none.
    public var documentIDs: XFDFDocumentIDs? { core.trailerID.map { XFDFDocumentIDs(original: $0.original, modified: $0.modified) } }

    /// The annotations of the XFDF file at `path`, in this document's coordinates.
    public func readXFDF(path: String) throws(XFDFFileError) -> XFDFContents {
        let root: MarkupElement
        do {
            root = try MarkupParser.parse(path: path)
        } catch {
            switch error {
            case .unreadable(let message): throw .unreadable(message)
            case .markup(let problem): throw .markup(problem)
            }
        }
        return try readXFDF(root)
    }

    /// The annotations of an XFDF element tree, in this document's coordinates.
    public func readXFDF(_ root: MarkupElement) throws(XFDFFileError) -> XFDFContents {
        do {
            return try XFDFReader.read(root, origin: cropOrigin(of:))
        } catch {
            switch error {
            case .notXFDF(let name, let namespace): throw .notXFDF(root: name, namespace: namespace)
            }
        }
    }
}
