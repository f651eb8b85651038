// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Geometry
#if canImport(Glibc)
import Glibc
#endif

/// What an extract does with the form fields on its pages.
public enum ExtractedFormFields: Sendable {
    /// Fields stay fields, with their values and appearances (a signed signature is drawn).
    case kept
    /// Their appearances are drawn into the pages; the extract has no form.
    case flattened
}

/// Putting pages into the document (a blank page, duplicates, pages of another file) and taking
/// a copy of some out (extract). A page put in is made as a new object when the edit is asked
/// for; the edit is a ``AnnotationEdit/restorePages(_:)`` of it with its ``PageOrigin``, so undo,
/// redo, the journal and a save treat it like any page put back, and a page whose object is gone
/// (dropped by a save while it was out, or a journal replayed on the file) is made again.
extension DocumentEditor {
    /// The edit that inserts a blank page at `index` (0 … `pageCount`), the size and turn of the
    /// page before it (of the first page when it goes first).
    public func insertingBlankPage(at index: Int) throws(EditorError) -> AnnotationEdit {
        guard index >= 0, index <= pageCount else { throw .edit(.missing("page \(index + 1)")) }
        let neighbour = PageIndex(max(0, index - 1))
        var box: [Double] = [0, 0, 612, 792]
        if let ref = pageObject(corePage(neighbour)) {
            let attributes = inheritedPageAttributes(of: ref, ["CropBox", "MediaBox"])
            if let numbers = (attributes["CropBox"] ?? attributes["MediaBox"])?.numbers, numbers.count == 4 { box = numbers }
        }
        let origin = PageOrigin.blank(mediaBox: box, rotation: rotation(of: neighbour))
        return .restorePages([try madePage(origin, at: PageIndex(index))])
    }

    /// The edit that inserts a note page ruled as `paper` at `index` (0 … `pageCount`): the
    /// size of the page before it as that shows (of the first page when it goes first), or a
    /// paper size, upright either way.
    public func insertingNotePage(_ paper: NotePaper, size: NotePageSize, at index: Int) throws(EditorError) -> AnnotationEdit {
        guard index >= 0, index <= pageCount else { throw .edit(.missing("page \(index + 1)")) }
        var (width, height) = size.paper ?? (612, 792)
        if size == .neighbour {
            let neighbour = PageIndex(max(0, index - 1))
            if let ref = pageObject(corePage(neighbour)) {
                let attributes = inheritedPageAttributes(of: ref, ["CropBox", "MediaBox"])
                if let b = (attributes["CropBox"] ?? attributes["MediaBox"])?.numbers, b.count == 4, abs(b[2] - b[0]) >= 1, abs(b[3] - b[1]) >= 1 {
                    (width, height) = (abs(b[2] - b[0]), abs(b[3] - b[1]))
                }
            }
            if rotation(of: neighbour) % 180 != 0 { (width, height) = (height, width) }
        }
        return .restorePages([try madePage(.note(paper, width: width, height: height), at: PageIndex(index))])
    }

    /// The edit that puts a copy of each of `pages` right after the last of them, in order:
    /// content, resources and appearances shared with the originals, annotations copied (form
    /// widgets are not: a field's copy would share its value).
    public func duplicating(_ pages: [PageIndex]) throws(EditorError) -> AnnotationEdit {
        let sorted = Set(pages).sorted()
        guard let last = sorted.last, sorted.allSatisfy({ $0.rawValue >= 0 && $0.rawValue < pageCount }) else {
            throw .edit(.missing("pages to duplicate"))
        }
        var made: [RemovedPage] = []
        for (offset, page) in sorted.enumerated() {
            guard let ref = pageObject(corePage(page)) else { throw .edit(.missing("page \(page.displayNumber)")) }
            let name = madeNames[ref] ?? "\(ref.number) \(ref.generation)"
            made.append(try madePage(.duplicate(of: name), at: PageIndex(last.rawValue + 1 + offset)))
        }
        return .restorePages(made)
    }

    /// The edit that inserts pages of the PDF at `path` (`pages` from 0, all when `nil`) at
    /// `index`. Throws `.library(.password)` when the file needs a password that `password`
    /// is not, and `.library(.open)` / `.damaged` when it cannot be read.
    public func importing(pages: [Int]? = nil, from path: String, password: String?, at index: Int) throws(EditorError) -> AnnotationEdit {
        guard index >= 0, index <= pageCount else { throw .edit(.missing("page \(index + 1)")) }
        let source: CoreDocument
        do { source = try CoreDocument.open(path: path, password: password) } catch { throw .library(error) }
        importPasswords[path] = password
        importedDocuments[path] = source
        let chosen = pages ?? Array(0..<source.pageCount)
        guard !chosen.isEmpty, chosen.allSatisfy({ $0 >= 0 && $0 < source.pageCount }) else { throw .edit(.missing("pages of \(path)")) }
        var made: [RemovedPage] = []
        for (offset, page) in chosen.enumerated() {
            made.append(try madePage(.imported(path: path, page: page), at: PageIndex(index + offset)))
        }
        importedDocuments[path] = nil
        return .restorePages(made)
    }

    /// A new, compact PDF of `pages` as they show now (edits, turns and annotations included):
    /// only the objects those pages need, not an update of this file. The pages' form fields
    /// come with their values and appearances, in an /AcroForm of just those fields, or are
    /// drawn into the pages (`formFields`). The document is not changed.
    public func extracting(_ pages: [PageIndex], formFields: ExtractedFormFields = .kept) throws(EditorError) -> [UInt8] {
        let chosen = pages.isEmpty ? [] : pages
        guard !chosen.isEmpty, chosen.allSatisfy({ $0.rawValue >= 0 && $0.rawValue < pageCount }) else {
            throw .edit(.missing("pages to extract"))
        }
        // The document as a save would write it, read back as a file: its pages in their order
        // now, every edit an object of the file.
        let bytes = try renderedBytes()
        let folder = (FileManager.default.temporaryDirectory.path as String)
        var template = Array("\(folder)/pdf-annotator-extract-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .save(.writeFailed(path: folder, reason: "no temporary file for the extract")) }
        let scratch = String(cString: template)
        defer { unlink(scratch) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw .save(.writeFailed(path: scratch, reason: "the extract's scratch copy was not written")) }
        let current: CoreDocument
        do { current = try CoreDocument.open(path: scratch, password: password) } catch { throw .library(error) }
        let writer = FreshPDFWriter()
        do throws(CoreDocumentError) {
            let tree = try writer.reserve()
            var copier = PageCopier(from: current, into: writer)
            copier.formFields = formFields == .kept ? .kept : .flattened
            let refs = try copier.copy(pages: chosen.compactMap { current.pageRef($0) }, parent: tree)
            guard refs.count == chosen.count else { throw CoreDocumentError.rejected("a page to extract has no object") }
            try writer.set(.dictionary(PDFDictionary([
                ("Type", .name("Pages")), ("Kids", .array(refs.map { .reference($0.number, $0.generation) })), ("Count", .integer(refs.count)),
            ])), at: tree)
            var catalog = PDFDictionary([("Type", .name("Catalog")), ("Pages", .reference(tree.number, tree.generation))])
            if !copier.fieldRoots.isEmpty {
                catalog["AcroForm"] = try extractedForm(from: current, fields: copier.fieldRoots, copier: &copier)
            }
            let catalogRef = try writer.add(.dictionary(catalog))
            var info = PDFDictionary([("Producer", .text("PDF Annotator"))])
            if let title = current.info?["Title"] { info["Title"] = title }
            let infoRef = try writer.add(.dictionary(info))
            return writer.bytes(root: catalogRef, info: infoRef)
        } catch {
            throw .library(error)
        }
    }

    /// The extract's /AcroForm: just the fields its pages brought along, with the document's
    /// default appearance, resources and alignment (for the appearances viewers make again).
    /// No /XFA (it would describe the whole form) and no signature flags.
    private func extractedForm(from document: CoreDocument, fields: [ObjectRef],
                               copier: inout PageCopier<CoreDocument, FreshPDFWriter>) throws(CoreDocumentError) -> PDFObject {
        var form = PDFDictionary()
        var list: [PDFObject] = []
        for field in fields { list.append(try copier.copiedReference(field)) }
        form["Fields"] = .array(list)
        var original: PDFObject? = document.catalogRef.flatMap { document.object($0)?.dictionaryValue?["AcroForm"] }
        if case .reference(let n, let g)? = original { original = document.object(ObjectRef(n, g)) }
        if let original = original?.dictionaryValue {
            for key in ["DR", "DA", "Q", "NeedAppearances"] {
                if let value = original[key] { form[key] = try copier.copied(value) }
            }
        }
        return .dictionary(form)
    }

    // MARK: Making pages

    /// Makes a page from `origin` (not in the page tree yet) and reads its annotations. The
    /// edit names the page by the object it is made as; that name stays the page's in this
    /// session (and in a journal replayed on the file) whatever object it is made as again.
    private func madePage(_ origin: PageOrigin, at index: PageIndex) throws(EditorError) -> RemovedPage {
        let made: (ref: ObjectRef, annotations: [Annotation])
        do { made = try make(origin, as: index, ids: nil) } catch { throw .library(error) }
        let name = "\(made.ref.number) \(made.ref.generation)"
        pagesMadeFor[name] = made.ref
        madeNames[made.ref] = name
        return RemovedPage(index: index, object: name, annotations: made.annotations, wasLoaded: true, origin: origin)
    }

    /// The page object a page named `name` is: one this session made for that name, else the
    /// file's own object of that number (a page of the file, or one a save took out of the
    /// tree). An object added since the file was opened is never taken on its number alone: in
    /// a journal replayed on the file, the same number can be another page.
    func pageObject(named name: String) -> ObjectRef? {
        func isPage(_ ref: ObjectRef) -> Bool { core.object(ref)?.dictionaryValue?["Type"]?.nameValue == "Page" }
        if let made = pagesMadeFor[name], isPage(made) { return made }
        if let ref = Self.parseObject(name), !core.isAdded(ref), isPage(ref) { return ref }
        return nil
    }

    /// The page object a page put back is now: its own, or one made again from its origin when
    /// the object is gone.
    func resolvePageObject(_ removed: RemovedPage) throws(CoreDocumentError) -> ObjectRef {
        snapshotFilePages()
        let shown = Set((pageOrder ?? []).compactMap { pageObject($0) })
        if let named = pageObject(named: removed.object), !shown.contains(named) {
            // It gets a place past the file's pages if it has none.
            if filePage(of: named) == nil { filePageRefs?.append(named) }
            return named
        }
        guard let origin = removed.origin else {
            throw .rejected("page object \(removed.object) is not a page of this file")
        }
        let made = try make(origin, as: removed.index, ids: removed.annotations.map(\.id))
        pagesMadeFor[removed.object] = made.ref
        madeNames[made.ref] = removed.object
        return made.ref
    }

    /// Makes a page object from `origin`, gives it a place past the file's pages, and reads its
    /// annotations as page `index`'s (with `ids`, in order, when it is made again).
    private func make(_ origin: PageOrigin, as index: PageIndex, ids: [String]?) throws(CoreDocumentError) -> (ref: ObjectRef, annotations: [Annotation]) {
        guard let root = pageTreeRoot() else { throw .rejected("the document has no page tree") }
        let parent = PDFObject.reference(root.number, root.generation)
        let ref: ObjectRef
        switch origin {
        case .blank(let box, let rotation):
            var page = PDFDictionary([("Type", .name("Page")), ("Parent", parent), ("MediaBox", .numbers(box)),
                                      ("Resources", .dictionary(PDFDictionary()))])
            if rotation % 360 != 0 { page["Rotate"] = .integer(rotation) }
            ref = try core.add(.dictionary(page))
        case .note(let paper, let width, let height):
            var page = PDFDictionary([("Type", .name("Page")), ("Parent", parent), ("MediaBox", .numbers([0, 0, width, height])),
                                      ("Resources", .dictionary(PDFDictionary()))])
            let ruling = paper.content(width: width, height: height)
            if !ruling.isEmpty {
                let contents = try core.addStream(PDFDictionary(), data: ruling)
                page["Contents"] = .reference(contents.number, contents.generation)
            }
            ref = try core.add(.dictionary(page))
        case .duplicate(let object):
            // The page copied may itself have been put in, and made again since.
            guard let original = pageObject(named: object) else {
                throw .rejected("page object \(object) to duplicate is gone")
            }
            var copier = PageCopier(from: core, into: core, sameDocument: true)
            guard let copy = try copier.copy(pages: [original], parent: root).first else { throw .rejected("page \(object)") }
            ref = copy
        case .imported(let path, let page):
            let source: CoreDocument
            if let open = importedDocuments[path] { source = open } else { source = try CoreDocument.open(path: path, password: importPasswords[path] ?? nil) }
            guard let original = source.pageRef(PageIndex(page)) else { throw .rejected("page \(page + 1) of \(path)") }
            var copier = PageCopier(from: source, into: core)
            guard let copy = try copier.copy(pages: [original], parent: root).first else { throw .rejected("page \(page + 1) of \(path)") }
            ref = copy
        }
        snapshotFilePages()
        filePageRefs?.append(ref)
        madeOrigins[ref] = origin
        let filePage = PageIndex((filePageRefs?.count ?? 1) - 1)
        return (ref, readAnnotations(ofFilePage: filePage, as: index, ids: ids))
    }

    /// The page tree's root node.
    func pageTreeRoot() -> ObjectRef? {
        guard let catalog = core.catalogRef, case .reference(let n, let g)? = core.object(catalog)?.dictionaryValue?["Pages"] else { return nil }
        return ObjectRef(n, g)
    }
}
