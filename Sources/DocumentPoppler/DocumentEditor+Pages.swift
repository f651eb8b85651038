// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Organising pages: a page turned by quarter turns gets its own /Rotate, written on the page
/// object (an inherited one is made explicit on the pages a change touches); a page turned back
/// to how the file had it gets the file's own dictionary again, so undo restores it as it was.
extension DocumentEditor {
    /// Writes page `page`'s new /Rotate: its rotation now, turned by `turns` quarter turns.
    func writeRotation(of page: PageIndex, turnedBy turns: Int) throws(CoreDocumentError) {
        guard let ref = pageObject(corePage(page)), case .dictionary(var dictionary)? = core.object(ref) else {
            throw .rejected("page \(page.displayNumber) cannot be turned: its page object is missing")
        }
        if originalPages[ref] == nil {
            originalPages[ref] = (dictionary, pageGeometry(corePage(page))?.rotation.rawValue ?? 0)
        }
        guard let original = originalPages[ref] else { return }
        let now = dictionary["Rotate"]?.number.map { Int($0) } ?? original.rotation
        let turned = ((now + 90 * turns) % 360 + 360) % 360
        if turned == original.rotation {
            // Back as the file had it: its own /Rotate (or none), unless the page no longer
            // inherits that turn (it moved under another node); what else changed since (its
            // annotations, its place in the tree) stays.
            dictionary["Rotate"] = original.dictionary["Rotate"]
            if dictionary["Rotate"] == nil {
                var inheriting = dictionary
                inheriting["Rotate"] = nil
                let parent: ObjectRef? = if case .reference(let n, let g)? = inheriting["Parent"] { ObjectRef(n, g) } else { nil }
                let inherited = parent.flatMap { pageAttributes(inheritedBy: $0, ["Rotate"], in: core)["Rotate"]?.number }.map { Int($0) } ?? 0
                if (inherited % 360 + 360) % 360 != turned { dictionary["Rotate"] = .integer(turned) }
            }
        } else {
            dictionary["Rotate"] = .integer(turned)
        }
        try core.setObject(.dictionary(dictionary), at: ref)
    }

    /// The rotation a page shows now, in degrees clockwise (0, 90, 180, 270).
    public func rotation(of page: PageIndex) -> Int {
        guard let ref = pageObject(corePage(page)), case .dictionary(let dictionary)? = core.object(ref) else { return 0 }
        let inherited = originalPages[ref]?.rotation ?? pageGeometry(corePage(page))?.rotation.rawValue ?? 0
        return ((dictionary["Rotate"]?.number.map { Int($0) } ?? inherited) % 360 + 360) % 360
    }

    /// Whether the document says it carries signatures (/AcroForm /SigFlags, SignaturesExist):
    /// organising its pages shows it as changed after them (each signature stays valid for its
    /// own revision).
    public var isSigned: Bool {
        guard let catalog = core.catalogRef, var form = core.object(catalog)?.dictionaryValue?["AcroForm"] else { return false }
        if case .reference(let n, let g) = form { form = core.object(ObjectRef(n, g)) ?? .null }
        guard let flags = form.dictionaryValue?["SigFlags"]?.number else { return false }
        return Int(flags) & 1 != 0
    }

    // MARK: Page objects

    /// The page object of a page by its place in the file as opened, or past the file's pages,
    /// of a page this session put into the document (inserted, duplicated, imported).
    func pageObject(_ filePage: PageIndex) -> ObjectRef? {
        if let refs = filePageRefs { return refs.indices.contains(filePage.rawValue) ? refs[filePage.rawValue] : nil }
        return core.pageRef(filePage)
    }

    /// How many pages the file had when opened (or last saved).
    var originalPageCount: Int { originalPageCountRecord ?? core.pageCount }

    /// Reads every page's object before the page tree first changes: poppler's core reads the
    /// tree lazily and keeps what it read, so every page keeps the file's numbering.
    func snapshotFilePages() {
        guard filePageRefs == nil else { return }
        let count = core.pageCount
        filePageRefs = (0..<count).map { core.pageRef(PageIndex($0)) }
        originalPageCountRecord = count
    }

    /// The crop box origin and rotation of a page by its place in the file as opened; for a
    /// page this session put in, read from its object (and the nodes above it).
    func pageGeometry(_ filePage: PageIndex) -> (cropOrigin: Point, rotation: PageRotation)? {
        if filePage.rawValue < originalPageCount, pageObject(filePage).map({ !resizedPages.contains($0) }) ?? true {
            return core.pageGeometry(filePage)
        }
        guard let ref = pageObject(filePage) else { return nil }
        let box = inheritedPageAttributes(of: ref, ["CropBox", "MediaBox", "Rotate"])
        let rect = (box["CropBox"] ?? box["MediaBox"])?.numbers ?? [0, 0]
        let degrees = Int(box["Rotate"]?.number ?? 0)
        return (Point(x: rect.count >= 2 ? min(rect[0], rect.count >= 4 ? rect[2] : rect[0]) : 0,
                      y: rect.count >= 2 ? min(rect[1], rect.count >= 4 ? rect[3] : rect[1]) : 0),
                PageRotation(degrees: degrees))
    }

    /// The page's own value of each key, or the one it inherits from the nearest /Pages node
    /// above it that has one.
    func inheritedPageAttributes(of ref: ObjectRef, _ keys: [String]) -> [String: PDFObject] {
        pageAttributes(inheritedBy: ref, keys, in: core)
    }

    /// The annotations listed on a page by its place in the file as opened.
    func annotationRefs(onFilePage filePage: PageIndex) -> [ObjectRef?] {
        pageObject(filePage).map { core.annotationRefs(onPageObject: $0) } ?? []
    }

    // MARK: Page order

    /// The page's place in the file as opened (how poppler's core numbers it).
    func corePage(_ page: PageIndex) -> PageIndex {
        guard let pageOrder, pageOrder.indices.contains(page.rawValue) else { return page }
        return pageOrder[page.rawValue]
    }

    /// The edit that takes `pages` out of the document, with what undo needs to put them back:
    /// each page's object, its annotations as the model has them, and the links that lead to it.
    public func removal(ofPages pages: [PageIndex]) -> AnnotationEdit? {
        let sorted = Set(pages).sorted()
        guard !sorted.isEmpty, sorted.count < pageCount, sorted.allSatisfy({ $0.rawValue >= 0 && $0.rawValue < pageCount }) else { return nil }
        let removed = sorted.compactMap { page -> RemovedPage? in
            guard let ref = pageObject(corePage(page)) else { return nil }
            loadPage(page)
            if madeOrigins[ref] != nil { deletedMadePages.insert(ref) }
            // A page this session put in keeps its name and how it was made: it can be made
            // again if its object goes.
            // The links on the pages that stay that lead here lead here again when it comes back.
            let links = model.links(leadingTo: page).filter { id in model.annotation(id).map { !sorted.contains($0.page) } ?? false }
            return RemovedPage(index: page, object: madeNames[ref] ?? "\(ref.number) \(ref.generation)",
                               annotations: model.annotations(on: page), wasLoaded: true, origin: madeOrigins[ref],
                               linksLeadingHere: links.isEmpty ? nil : links)
        }
        return removed.count == sorted.count ? .removePages(removed) : nil
    }

    /// The edit that moves `pages` (in their order) to sit before the page now at `target`
    /// (`pageCount` for the end).
    public func move(pages: [PageIndex], before target: Int) -> AnnotationEdit? {
        let moving = Set(pages.map(\.rawValue)).sorted()
        guard !moving.isEmpty, moving.allSatisfy({ $0 >= 0 && $0 < pageCount }), target >= 0, target <= pageCount else { return nil }
        let staying = (0..<pageCount).filter { !moving.contains($0) }
        let insertAt = staying.filter { $0 < target }.count
        var order = staying
        order.insert(contentsOf: moving, at: insertAt)
        return order == Array(0..<pageCount) ? nil : .reorderPages(order: order)
    }

    /// Applies a page-order edit to ``pageOrder`` and writes the page tree: the root /Pages
    /// lists every page in the new order; a page whose parent was another /Pages node moves
    /// under the root with the attributes it inherited written on itself. When every page is
    /// back in the file's order, the file's own objects are written again.
    func writePageOrder(after edit: AnnotationEdit) throws(CoreDocumentError) {
        if filePageRefs == nil {
            // poppler's core reads the page tree lazily and keeps what it read: every page is
            // read now, before the tree changes, so that its numbering stays the file's.
            snapshotFilePages()
        }
        var order = pageOrder ?? (0..<originalPageCount).map(PageIndex.init)
        switch edit {
        case .reorderPages(let new):
            guard new.count == order.count else { throw .rejected("a new order of \(new.count) pages for \(order.count)") }
            order = new.map { order[$0] }
        case .removePages(let removed):
            for r in removed.sorted(by: { $0.index > $1.index }) where order.indices.contains(r.index.rawValue) {
                order.remove(at: r.index.rawValue)
            }
        case .restorePages(let removed):
            for r in removed.sorted(by: { $0.index < $1.index }) {
                guard let filePage = filePage(of: try resolvePageObject(r)) else {
                    throw .rejected("page object \(r.object) is not a page of this file")
                }
                order.insert(filePage, at: min(r.index.rawValue, order.count))
            }
        case .insert, .remove, .replace, .setFieldValue, .rotatePages, .flatten, .unflatten, .exchange, .resizePages:
            return
        }
        pageOrder = order
        formState = nil
        try writePageTree(order)
        try writeReferencesToPagesOut()
    }

    /// The page's place in the file as opened, for its object.
    func filePage(of ref: ObjectRef) -> PageIndex? {
        filePageRefs?.firstIndex(of: ref).map(PageIndex.init)
    }

    static func parseObject(_ text: String) -> ObjectRef? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let n = Int(parts[0]), let g = Int(parts[1]) else { return nil }
        return ObjectRef(n, g)
    }

    /// Writes the root /Pages with `order`'s pages as its kids, and moves pages from other
    /// /Pages nodes under it with their inherited attributes made explicit.
    private func writePageTree(_ order: [PageIndex]) throws(CoreDocumentError) {
        // A /Pages node's inheritable attributes and parent, without its /Kids (parsed once).
        var nodes: [ObjectRef: PDFDictionary] = [:]
        func nodeAttributes(_ ref: ObjectRef) -> PDFDictionary? {
            if let known = nodes[ref] { return known }
            guard let full = core.object(ref)?.dictionaryValue else { return nil }
            var d = PDFDictionary()
            for key in ["Resources", "MediaBox", "CropBox", "Rotate", "Parent"] { if let v = full[key] { d[key] = v } }
            nodes[ref] = d
            return d
        }
        guard let catalog = core.catalogRef, case .reference(let n, let g)? = core.object(catalog)?.dictionaryValue?["Pages"],
              case .dictionary(var root)? = core.object(ObjectRef(n, g)) else { throw .rejected("the document has no page tree") }
        let rootRef = ObjectRef(n, g)
        if originalTree[rootRef] == nil { originalTree[rootRef] = root }
        let identity = order == (0..<originalPageCount).map(PageIndex.init)
        for filePage in order {
            guard let ref = pageObject(filePage), case .dictionary(var page)? = core.object(ref) else { continue }
            if identity, let original = originalTree[ref] {
                // Back under its own node: what the move wrote on it goes, what else changed
                // since (a turn) stays.
                page["Parent"] = original["Parent"]
                for (key, value) in flattenedKeys[ref] ?? [:] where page[key] == value { page[key] = nil }
                for (key, value) in original.entries where page[key] == nil && key != "Parent" { page[key] = value }
                flattenedKeys[ref] = nil
                originalTree[ref] = nil
                try core.setObject(.dictionary(page == original ? original : page), at: ref)
                continue
            }
            guard case .reference(let pn, let pg)? = page["Parent"], ObjectRef(pn, pg) != rootRef else { continue }
            if originalTree[ref] == nil { originalTree[ref] = page }
            var added: [String: PDFObject] = [:]
            // What the page inherited from the nodes between it and the root (each node read
            // once for all its pages).
            var node: PDFDictionary? = nodeAttributes(ObjectRef(pn, pg))
            var seen: Set<ObjectRef> = [ObjectRef(pn, pg)]
            while let parent = node {
                for key in ["Resources", "MediaBox", "CropBox", "Rotate"] where page[key] == nil {
                    if let value = parent[key] {
                        page[key] = value
                        added[key] = value
                    }
                }
                guard case .reference(let an, let ag)? = parent["Parent"], ObjectRef(an, ag) != rootRef,
                      seen.insert(ObjectRef(an, ag)).inserted else { break }
                node = nodeAttributes(ObjectRef(an, ag))
            }
            page["Parent"] = .reference(rootRef.number, rootRef.generation)
            flattenedKeys[ref] = added
            try core.setObject(.dictionary(page), at: ref)
        }
        if identity, let original = originalTree[rootRef] {
            root = original
        } else {
            root["Kids"] = .array(order.compactMap { pageObject($0).map { PDFObject.reference($0.number, $0.generation) } })
            root["Count"] = .integer(order.count)
        }
        try core.setObject(.dictionary(root), at: rootRef)
    }

    /// After a save, the file is the saved one, whose pages are in the order they show: the
    /// editor's records of each page move from its place in the file as opened to its place
    /// now. Pages taken out are in no file order any more; their objects stay in the file, and
    /// putting one back (undo) gives it a place past the file's pages, reached by its object.
    func adoptSavedPageOrder() {
        guard let order = pageOrder else { return }
        func moved<Value>(_ records: [PageIndex: Value]) -> [PageIndex: Value] {
            var out: [PageIndex: Value] = [:]
            for (now, file) in order.enumerated() { if let value = records[file] { out[PageIndex(now)] = value } }
            return out
        }
        pageOrigins = moved(pageOrigins)
        inlineEntryIDs = moved(inlineEntryIDs)
        pageEntryIDs = moved(pageEntryIDs)
        pageOrder = nil
        filePageRefs = nil
        originalPageCountRecord = nil
        referenceOriginals = [:]
        linkIndex = nil
        // Pages put in are the file's now.
        pagesMadeFor = [:]
        madeNames = [:]
        madeOrigins = [:]
        deletedMadePages = []
        originalTree = [:]
        flattenedKeys = [:]
        formState = nil
    }
}
