// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Geometry

/// Why an edit, an undo, a save or a restore did not happen. The document and the file are as
/// they were before the call.
public enum EditorError: Error, Equatable, Sendable {
    case edit(EditError)
    case library(CoreDocumentError)
    case save(SaveError)
    case journal(String)
}

/// The one place where a document is edited: it applies every ``EditRecord`` to the
/// ``AnnotationModel``, writes it into the file's objects through ``CoreDocument``, keeps undo and
/// redo, journals each step, and saves.
///
/// The shell never changes an annotation any other way. After each change it asks for
/// ``rendered()`` (the original bytes, shared, and the update the edits make) and shows them
/// with poppler-glib, so the screen shows exactly what a save writes, at a cost that follows
/// the edit, not the file's size.
///
/// - Warning: Not thread-safe: use it from one thread (the main thread). Reading a page's
///   annotations (``annotations(on:)``) the first time costs a little PDF work.
public final class DocumentEditor: AnnotationSource {
    /// The file being edited (changes with Save As).
    public internal(set) var path: String
    /// The password the document was opened with (its journal is encrypted with a key derived
    /// from it).
    public let password: String?
    var core: CoreDocument
    /// Whether saves write the document whole (see ``savesWhole``): set for a repaired copy,
    /// cleared once such a save is written.
    public var wholeSaveRequested = false
    public internal(set) var model = AnnotationModel()
    public internal(set) var history = EditHistory()
    /// Where each annotation's object is, by id, and the other way round.
    var refs: [String: ObjectRef] = [:]
    var idsByRef: [ObjectRef: String] = [:]
    /// Annotations written inline in /Annots whose page's list still holds them inline.
    private var inlineIDs: Set<String> = []
    /// Where those inline annotations are in their page's /Annots array, by index.
    var inlineEntryIDs: [PageIndex: [Int: String]] = [:]
    /// The annotations each page's /Annots held when the editor last read or wrote it: the
    /// entries it manages there. Every other entry is kept where it is when the list is rewritten.
    var pageEntryIDs: [PageIndex: Set<String>] = [:]
    /// Ids whose annotations the file on disk lists under another id (the file's id on the
    /// left): annotations created or reordered before the last save keep their ids.
    private var aliases: [String: String] = [:]
    /// Each annotation's dictionary as last written or read, so that a rewrite keeps its keys:
    /// those read from the file (and those a page or form rewrite changed). An annotation this
    /// session made has none here: every key of it is made again from the model, and the
    /// document's object is its only copy (10,000 imported ones kept some 30 MB of dictionaries
    /// for nothing). See ``annotationDictionary(_:)``.
    var dictionaries: [String: PDFDictionary] = [:]
    /// The appearance stream each annotation this session made was last drawn in, so that it is
    /// drawn again in the same object.
    private var madeAppearances: [String: ObjectRef] = [:]
    /// Each page's crop box origin (model ↔ file coordinates) and its reference.
    var pageOrigins: [PageIndex: Point] = [:]
    /// Each page object a page edit touched, as the file had it, and the rotation it showed
    /// then (inherited or its own), so that turning it back writes the file's own dictionary.
    var originalPages: [ObjectRef: (dictionary: PDFDictionary, rotation: Int)] = [:]
    /// Each page's place in the file as opened, in the order the pages show now; `nil` until
    /// pages are reordered, removed or put back.
    var pageOrder: [PageIndex]?
    /// The page tree's root and the page objects a page-order edit rewrote, as the file had
    /// them, so that putting every page back where it was writes the file's own objects again.
    var originalTree: [ObjectRef: PDFDictionary] = [:]
    /// The inherited attributes a page-order edit wrote on each page it moved under the root.
    var flattenedKeys: [ObjectRef: [String: PDFObject]] = [:]
    /// Every page's object in the file's order, read before the first page-order edit.
    var filePageRefs: [ObjectRef?]?
    /// How many of `filePageRefs` are the file's own pages (the rest were put in since).
    var originalPageCountRecord: Int?
    /// Pages this session put in, by the name their edit gives them (the object each was first
    /// made as), and the other way round; forgotten at a save, after which they are the file's.
    var pagesMadeFor: [String: ObjectRef] = [:]
    var madeNames: [ObjectRef: String] = [:]
    /// Pages this session put in that were then deleted: kept through saves (see
    /// ``dropOrphans(keepingPagesOut:)``).
    var deletedMadePages: Set<ObjectRef> = []
    /// The page objects whose boxes this session changed: their crop box is read from the
    /// object, not from poppler's core (which read it at open).
    var resizedPages: Set<ObjectRef> = []
    /// How each page put in by this session was made.
    var madeOrigins: [ObjectRef: PageOrigin] = [:]
    /// The password each imported file was opened with, to make its pages again.
    var importPasswords: [String: String?] = [:]
    /// Objects that point at pages (outline entries, links, form field lists) as the file had
    /// them, for those rewritten because pages are out of the document.
    var referenceOriginals: [ObjectRef: PDFObject] = [:]
    /// Every link annotation object on the file's pages, read when pages first go out.
    var linkIndex: [ObjectRef]?
    /// Files being imported from, open while their pages are copied.
    var importedDocuments: [String: CoreDocument] = [:]
    /// The form's fields as the file has them, read the first time they are asked for.
    var formState: FormState?
    /// The file's size and modification time when it was opened or last saved.
    public internal(set) var diskStamp: FileStamp?
    /// The journal of unsaved steps, when one is kept.
    public var journal: EditJournal?
    /// Whether the journal has its header for the current saved state.
    var journalStarted = false
    /// Each annotation's /AP and /AS as the file had them when read, for `.file` appearances.
    private var fileAppearances: [String: (ap: PDFObject?, state: PDFObject?)] = [:]
    /// Each /Link's /Dest and /A as the file had them when it was first written, so that undoing
    /// a change of where it leads puts them back (DocumentEditor+Links).
    var fileLinkTargets: [String: (dest: PDFObject?, action: PDFObject?)] = [:]
    /// Records at the top of the undo and redo stacks that a replay of the journal holds too.
    var mirroredUndo = 0
    var mirroredRedo = 0
    /// Annotations whose /IRT points at no annotation the editor knows: their /IRT is kept as
    /// the file has it.
    var unresolvedReplies: Set<String> = []
    /// Ids of the annotations stored in the file on disk (read at open, or written by a save).
    var idsOnDisk: Set<String> = []
    /// The annotations drawn into each page's content (by page object), in the order drawn,
    /// the page's /Contents and /Resources as they were before the first, and the two streams
    /// that bracket the page's own content (see ``writeFlattenedDrawings(onPageObject:)``).
    var flattenedDrawings: [ObjectRef: [FlattenedDrawing]] = [:]
    var contentBeforeFlattening: [ObjectRef: (contents: PDFObject?, resources: PDFObject?)] = [:]
    var flatteningStreams: [ObjectRef: (opening: ObjectRef, closing: ObjectRef)] = [:]
    /// Each stamp picture's image object, so that a stamp moved or restored reuses it.
    var imageRefs: [StampImage: ObjectRef] = [:]
    /// The form each turned box whose drawing only the file holds is drawn with, by id (written
    /// again in place while it turns further).
    private var turnedAppearanceRefs: [String: ObjectRef] = [:]
    /// Those of them that a save wrote into the file.
    var savedImageRefs: Set<ObjectRef> = []
    /// The save running on a worker, if one is (see ``prepareSave(to:overwriteChangedFile:fileSystem:)``).
    public internal(set) var saveInProgress: SaveJob?
    /// Moves of at least this many annotations are applied to the model at once and written
    /// into the file's objects later, in slices (``writePending(atMost:)``); `nil`: every edit
    /// is written as it is applied. See DocumentEditor+DeferredWrites.
    public var deferredWriteThreshold: Int?
    /// The annotations whose objects are behind the model, in the order they are to be written
    /// (each written as the model has it then), and the same as a set.
    var pendingWrites: [String] = []
    var pendingWriteSet: Set<String> = []
    /// Where the next slice starts in ``pendingWrites``.
    var pendingWriteStart = 0
    /// A group move journaled and on the undo stack whose annotations the model takes in slices
    /// (DocumentEditor+GroupMove).
    var groupMove: GroupMoveProgress?
    /// When the last save's state cannot be reached by undo and redo (an undo below it and a
    /// new edit while it was written): the edits that lead from it to the state then, which a
    /// journal restarted for the saved file (also under a new name) begins with.
    var savedStateDifference: [EditRecord]?

    init(path: String, password: String?, core: CoreDocument) {
        self.path = path
        self.password = password
        self.core = core
        self.diskStamp = FileStamp(path: path)
    }

    /// Opens `path` for editing.
    public static func open(path: String, password: String?) throws(EditorError) -> DocumentEditor {
        do {
            return DocumentEditor(path: path, password: password, core: try CoreDocument.open(path: path, password: password))
        } catch {
            throw .library(error)
        }
    }

    public var pageCount: Int { pageOrder?.count ?? core.pageCount }
    public var isEncrypted: Bool { core.isEncrypted }

    /// The document as a save would write it now (the original bytes with the unsaved edits as
    /// an incremental update), in one array written by poppler's own save: a copy of the whole
    /// file. The app uses ``rendered()``; this stays for comparisons (the edit benchmark).
    public func currentBytes() throws(CoreDocumentError) -> [UInt8] {
        try writeAllPending()
        return try core.savedBytes()
    }

    /// The text fields of the document information dictionary, decoded from the file's own
    /// bytes (PDFDocEncoding, UTF-16 or PDF 2.0's UTF-8), over `metadata` (which supplies the
    /// rest: dates, version).
    public func metadata(over metadata: DocumentMetadata) -> DocumentMetadata {
        guard let info = core.info else { return metadata }
        var out = metadata
        func text(_ key: String) -> String? { info[key]?.textValue.flatMap { $0.isEmpty ? nil : $0 } }
        out.title = text("Title") ?? out.title
        out.author = text("Author") ?? out.author
        out.subject = text("Subject") ?? out.subject
        out.keywords = text("Keywords") ?? out.keywords
        out.creator = text("Creator") ?? out.creator
        out.producer = text("Producer") ?? out.producer
        return out
    }
    public var hasUnsavedChanges: Bool { history.hasUnsavedChanges }

    // MARK: Reading

    /// Every annotation of a page in drawing order (popups and hidden ones included), read from
    /// the file the first time and from the model after that.
    public func annotations(on page: PageIndex) -> [Annotation] {
        finishGroupMove()
        loadPage(page)
        return model.annotations(on: page)
    }

    public func annotation(_ id: String) -> Annotation? {
        finishGroupMove()
        return model.annotation(id)
    }

    public func removal(of ids: [String]) -> [PlacedAnnotation] {
        finishGroupMove()
        return model.removal(of: ids)
    }

    /// Reads a page into the model if it is not there yet.
    func loadPage(_ page: PageIndex) {
        guard page.rawValue >= 0, page.rawValue < pageCount, !model.isLoaded(page) else { return }
        // The editor's own records of a page go by its place in the file as opened (poppler's
        // core knows the pages in that order), which organising pages does not change.
        let list = readAnnotations(ofFilePage: corePage(page), as: page)
        saveInProgress?.lateLoaded[page] = list
        model.load(list, on: page)
    }

    /// Reads the annotations of a page by its place in the file as opened, as page `page`'s,
    /// and records where each one is. `ids` (in /Annots order) name them instead of the ids
    /// the file implies: a page made again keeps the ids its annotations had.
    func readAnnotations(ofFilePage filePage: PageIndex, as page: PageIndex, ids: [String]? = nil) -> [Annotation] {
        let origin = pageGeometry(filePage)?.cropOrigin ?? .zero
        pageOrigins[filePage] = origin
        var list: [Annotation] = []
        var managed: Set<String> = []
        for (offset, entry) in fileAnnotations(on: filePage).enumerated() {
            let (index, ref, fileID, dictionary) = entry
            let id = ids.flatMap { $0.indices.contains(offset) ? $0[offset] : nil } ?? fileID
            // An object listed twice (on two pages, or twice on one) is edited once; a page
            // made again takes its annotations' ids back.
            guard ids != nil || (refs[id] == nil && ref.map({ idsByRef[$0] == nil }) ?? true) else { continue }
            managed.insert(id)
            if let ref {
                if let old = refs[id] { idsByRef[old] = nil }
                refs[id] = ref
                idsByRef[ref] = id
            } else {
                inlineIDs.insert(id)
                inlineEntryIDs[filePage, default: [:]][index] = id
            }
            if ids == nil { idsOnDisk.insert(id) }
            dictionaries[id] = dictionary
            fileAppearances[id] = (dictionary["AP"], dictionary["AS"])
            list.append(AnnotationDictionary.annotation(id: id, page: page, dictionary: dictionary, origin: origin))
        }
        pageEntryIDs[filePage] = managed
        resolveReplies(&list)
        return list
    }

    /// Gives each reply or state read from the file the editor id of the annotation its /IRT
    /// points at (on its page, or on a page read before). One whose parent is not known keeps
    /// no ``Annotation/inReplyTo`` and its /IRT untouched in the file.
    private func resolveReplies(_ list: inout [Annotation]) {
        for i in list.indices {
            guard case .reference(let n, let g)? = dictionaries[list[i].id]?["IRT"] else { continue }
            if let parent = idsByRef[ObjectRef(n, g)], parent != list[i].id {
                list[i].inReplyTo = parent
                unresolvedReplies.remove(list[i].id)
            } else {
                unresolvedReplies.insert(list[i].id)
            }
        }
    }

    /// The page's annotations with the ids the editor gives them: "p3-a7" for the eighth
    /// annotation poppler lists on page 3 (the ids poppler-glib's annotation mapping implies:
    /// popups that belong to a markup annotation are not counted, and get "p3-popup12-0"
    /// from their object), so that ids read the same in every session on the same file. An
    /// annotation this app created keeps the id it was created with ("p3-n…", also its /NM)
    /// across saves and reopening, unless another annotation on the page claims the same name.
    /// An annotation written inline in /Annots has no object (`nil`) until it is edited. Each
    /// comes with its index in the page's /Annots array. Entries that are no annotation poppler
    /// would show (no /Rect, not a dictionary, a reference to nothing) are not listed: the editor
    /// never changes them, and keeps them where they are.
    ///
    /// `page` is the page's place in the file as opened; the ids are named for `namedAs` (the
    /// same unless pages were organised: a saved file numbers them in their new order).
    func fileAnnotations(on filePage: PageIndex, namedAs page: PageIndex? = nil) -> [(index: Int, ref: ObjectRef?, id: String, dictionary: PDFDictionary)] {
        let page = page ?? filePage
        var index = 0
        var out: [(index: Int, ref: ObjectRef?, id: String, dictionary: PDFDictionary)] = []
        var names: [String: Int] = [:]
        let entries = pageObject(filePage).map { core.annotationEntries(onPageObject: $0) } ?? []
        for (_, dictionary) in entries {
            if let name = dictionary.flatMap({ Self.createdID($0, on: page) }) { names[name, default: 0] += 1 }
        }
        for (position, (ref, dictionary)) in entries.enumerated() {
            guard let dictionary, dictionary["Rect"] != nil else { continue }
            if dictionary["Subtype"]?.nameValue == "Popup", dictionary["Parent"] != nil {
                let name = ref.map { "\($0.number)-\($0.generation)" } ?? "inline\(out.count)"
                out.append((position, ref, "p\(page.rawValue)-popup\(name)", dictionary))
            } else {
                if let created = Self.createdID(dictionary, on: page), names[created] == 1 {
                    out.append((position, ref, created, dictionary))
                } else {
                    out.append((position, ref, "p\(page.rawValue)-a\(index)", dictionary))
                }
                index += 1
            }
        }
        return out
    }

    /// The id an annotation made by this app on `page` was created with: its /NM when that has
    /// the app's form, "p<page>-n" and hex digits.
    static func createdID(_ dictionary: PDFDictionary, on page: PageIndex) -> String? {
        guard let name = dictionary["NM"]?.textValue else { return nil }
        let prefix = "p\(page.rawValue)-n"
        guard name.hasPrefix(prefix), name.count > prefix.count,
              name.dropFirst(prefix.count).allSatisfy(\.isHexDigit) else { return nil }
        return name
    }

    /// An annotation's dictionary: the one kept for it (see ``dictionaries``), else its object's
    /// as the document holds it now; `nil` when it has neither.
    func annotationDictionary(_ id: String) -> PDFDictionary? {
        dictionaries[id] ?? refs[id].flatMap { core.object($0)?.dictionaryValue }
    }

    /// The decoded content of an annotation's normal appearance (/AP /N), for checks that an
    /// appearance was kept byte for byte; `nil` when it has none (or it has states).
    public func appearanceData(of id: String) -> [UInt8]? {
        try? writeAllPending()
        guard case .reference(let num, let gen)? = annotationDictionary(id)?["AP"]?.dictionaryValue?["N"] else { return nil }
        return core.streamData(ObjectRef(num, gen))
    }

    /// The id of the popup annotation that shows `annotation`'s note, if it has one.
    public func popupID(of annotation: Annotation) -> String? {
        guard let object = annotation.popupID, let ref = Self.parseRef(object) else { return nil }
        return idsByRef[ref]
    }

    // MARK: Editing

    /// Applies a new edit, records it for undo and journals it.
    public func perform(_ record: EditRecord) throws(EditorError) {
        finishGroupMove()
        try apply(record.edit)
        // A new edit below the state a running save writes makes that state unreachable.
        if let job = saveInProgress, history.undoStack.count < job.depth { job.depthReachable = false }
        history.record(record)
        appendToJournal(.do, record)
    }

    /// Undoes the last edit; returns it (the caller says "Undo Move" or re-selects).
    @discardableResult
    public func undo() throws(EditorError) -> EditRecord? {
        finishGroupMove()
        guard let record = history.popUndo() else { return nil }
        do { try apply(record.edit.inverse) } catch { history.restoreAfterFailedUndo(); throw error }
        appendToJournal(.undo, record)
        return record
    }

    @discardableResult
    public func redo() throws(EditorError) -> EditRecord? {
        finishGroupMove()
        guard let record = history.popRedo() else { return nil }
        do { try apply(record.edit) } catch { history.restoreAfterFailedRedo(); throw error }
        appendToJournal(.redo, record)
        return record
    }

    /// Applies an edit to the model and writes it into the file's objects.
    func apply(_ edit: AnnotationEdit) throws(EditorError) {
        finishGroupMove()
        for page in edit.pages { loadPage(page) }
        // A large move: the model now, the file's objects in slices.
        if try applyDeferred(edit) { return }
        // Every other edit finds the file's objects up to date.
        try finishPendingWrites()
        // Pages put back must still be reachable (not taken out by a save since).
        if case .restorePages(let removed) = edit,
           let missing = removed.first(where: { $0.origin == nil && pageObject(named: $0.object) == nil }) {
            throw .edit(.missing("page \(missing.index.displayNumber) (object \(missing.object)), no longer in the file"))
        }
        if case .flatten(let placed) = edit {
            for p in placed where p.annotation.subtype != .popup && flattenedAppearance(of: p.annotation.id) == nil {
                throw .edit(.malformed("\(p.annotation.id) has no appearance to draw into the page"))
            }
        }
        if case .setFieldValue(let name, _, _) = edit {
            // A read-only field (or a push button, a signature) keeps its value whoever asks.
            if let field = formField(named: name), !field.isFillable { throw .edit(.malformed("\(name) cannot be filled in")) }
        }
        // No copy of the model is kept to go back to: with it, the model's change copied the
        // whole list of the page it touched (an undo on a page of 10,000 annotations took half
        // as long again as the edit itself).
        do {
            try model.apply(edit)
        } catch {
            throw .edit(error)
        }
        do {
            try write(edit)
        } catch {
            // Keep the model and the file's objects in step: take the change back from the
            // model, as Undo would, and rewrite what may have been half-written.
            _ = try? model.apply(edit.inverse)
            try? write(edit.inverse)
            throw .library(error)
        }
    }

    /// Writes the annotations an edit touched, then the /Annots of each page it touched.
    private func write(_ edit: AnnotationEdit) throws(CoreDocumentError) {
        switch edit {
        case .insert(let placed), .exchange(_, let placed):
            for p in placed { try writeAnnotation(p.annotation) }
        case .replace(_, let after):
            for a in after { try writeAnnotation(a) }
        case .remove:
            break
        case .setFieldValue(let field, _, let after):
            try writeFieldValue(field, after)
        case .rotatePages(let pages, let turns):
            for page in pages { try writeRotation(of: page, turnedBy: turns) }
        case .resizePages(let changes):
            for change in changes { try writeBoxes(change) }
        case .reorderPages, .removePages, .restorePages:
            try writePageOrder(after: edit)
        case .flatten(let placed):
            try drawIntoPages(placed.map(\.annotation))
        case .unflatten(let placed):
            try takeOutOfPages(placed.map(\.annotation))
            for p in placed { try writeAnnotation(p.annotation) }
        }
        // /Annots changes only when annotations come, go or change pages.
        var pages: Set<PageIndex> = []
        switch edit {
        case .insert, .remove, .flatten, .unflatten, .exchange: pages = edit.pages
        case .replace(let before, let after):
            for (old, new) in zip(before, after) where old.page != new.page { pages.insert(old.page); pages.insert(new.page) }
            // Annotations still inline in the file become objects when first written.
            for a in after where refsWereInline(a.id) || a.inReplyTo.map(refsWereInline) == true { pages.insert(a.page) }
        case .setFieldValue, .rotatePages, .reorderPages, .removePages, .restorePages, .resizePages: break
        }
        for page in pages { try writeAnnotationList(of: page) }
    }

    /// Whether the annotation was inline in /Annots when its page was read and the list has not
    /// been rewritten since (its new object is not in /Annots yet).
    private func refsWereInline(_ id: String) -> Bool { inlineIDs.contains(id) }

    /// Writes one annotation's dictionary (and, when the app draws it, its appearance).
    func writeAnnotation(_ a: Annotation) throws(CoreDocumentError) {
        let origin = pageOrigins[corePage(a.page)] ?? .zero
        // A dictionary kept (read from the file) keeps its other keys; one this session made is
        // made again whole from the model.
        let kept = dictionaries[a.id] != nil
        var d = dictionaries[a.id] ?? PDFDictionary()
        if !kept, let ref = madeAppearances[a.id] { d["AP"] = .dictionary(PDFDictionary([("N", .reference(ref.number, ref.generation))])) }
        if let pageRef = pageObject(corePage(a.page)) { d["P"] = .reference(pageRef.number, pageRef.generation) }
        AnnotationDictionary.write(a, into: &d, origin: origin)
        try embedAttachedFile(of: a, into: &d)
        writeLinkDestination(of: a, into: &d, kept: kept)
        try writeInReplyTo(a, into: &d)
        switch a.appearance {
        case .generated:
            if let stream = AppearanceBuilder.appearance(for: a) {
                let form = try CoreDocument.formDictionary(stream, image: addImage)
                // An appearance this session drew is drawn again in its own object.
                let apRef: ObjectRef
                if case .reference(let n, let g)? = d["AP"]?.dictionaryValue?["N"], core.isAdded(ObjectRef(n, g)) {
                    apRef = ObjectRef(n, g)
                    try core.setStream(form, data: stream.content, at: apRef)
                } else {
                    apRef = try core.addStream(form, data: stream.content)
                }
                d["AP"] = .dictionary(PDFDictionary([("N", .reference(apRef.number, apRef.generation))]))
                // A state name would pick an entry of a sub-dictionary that no longer exists.
                d["AS"] = nil
                // An image stamp reopens with its appearance as the file's own: the picture is
                // not read back into the model, so the app must never draw it again.
                d[AnnotationDictionary.generatedKey] = a.image == nil ? .bool(true) : nil
                d[AnnotationDictionary.imageKey] = a.image == nil ? nil : .bool(true)
            } else {
                d["AP"] = nil
                d[AnnotationDictionary.generatedKey] = nil
            }
        case .file:
            // The file's own appearance, as it was read (an undo may come back to it after the
            // app drew one); turned, a new form that draws it turned, the original untouched.
            d["AP"] = fileAppearances[a.id]?.ap
            d["AS"] = fileAppearances[a.id]?.state
            d[AnnotationDictionary.generatedKey] = nil
            if a.rotation != nil, let turned = try turnedFileAppearance(a) {
                d["AP"] = .dictionary(PDFDictionary([("N", .reference(turned.number, turned.generation))]))
                d["AS"] = nil
            }
        case .absent:
            d["AP"] = nil
            d["AS"] = nil
            d[AnnotationDictionary.generatedKey] = nil
        }
        if let ref = refs[a.id] {
            try core.setObject(.dictionary(d), at: ref)
        } else {
            let ref = try core.add(.dictionary(d))
            refs[a.id] = ref
            idsByRef[ref] = a.id
        }
        if kept {
            dictionaries[a.id] = d
        } else if case .reference(let n, let g)? = d["AP"]?.dictionaryValue?["N"], a.appearance == .generated {
            madeAppearances[a.id] = ObjectRef(n, g)
        } else {
            madeAppearances[a.id] = nil
        }
    }

    /// /IRT: a reference to the parent's object. A parent made in this session that has no
    /// object yet (a reply to a note made in the same edit) is written first, so that it has one.
    private func writeInReplyTo(_ a: Annotation, into d: inout PDFDictionary) throws(CoreDocumentError) {
        guard let parent = a.inReplyTo else {
            if !unresolvedReplies.contains(a.id) { d["IRT"] = nil }
            return
        }
        // An inline parent becomes an object of its own (its page's /Annots is rewritten: see
        // write(_:)), since /IRT can only point at an object.
        if refs[parent] == nil, let p = model.annotation(parent), p.inReplyTo != a.id {
            try writeAnnotation(p)
        }
        if let ref = refs[parent] { d["IRT"] = .reference(ref.number, ref.generation) }
    }

    /// The form that draws a turned box's own appearance (the file's /AP /N stream, referenced
    /// as it is) turned: ``AppearanceBuilder/turnedFileAppearance(for:original:box:matrix:)``,
    /// written in its own object (the one this session wrote before, when there is one). `nil`
    /// when the file's /N is not one stream with a box.
    private func turnedFileAppearance(_ a: Annotation) throws(CoreDocumentError) -> ObjectRef? {
        guard case .reference(var n, var g)? = fileAppearances[a.id]?.ap?.dictionaryValue?["N"],
              var original = core.object(ObjectRef(n, g))?.dictionaryValue else { return nil }
        // Read back from a saved file, the /N is such a form already: turn what it draws instead.
        if original["AnnotatorTurned"]?.boolValue == true,
           case .reference(let inner, let innerGeneration)? = original["Resources"]?.dictionaryValue?["XObject"]?.dictionaryValue?["Fm0"],
           let drawn = core.object(ObjectRef(inner, innerGeneration))?.dictionaryValue {
            (n, g, original) = (inner, innerGeneration, drawn)
        }
        guard let b = original["BBox"]?.numbers, b.count == 4,
              let stream = AppearanceBuilder.turnedFileAppearance(
                for: a, original: (n, g), box: Rect(corner: Point(x: b[0], y: b[1]), corner: Point(x: b[2], y: b[3])),
                matrix: original["Matrix"]?.numbers) else { return nil }
        var form = try CoreDocument.formDictionary(stream, image: addImage)
        form["AnnotatorTurned"] = .bool(true)
        if let ref = turnedAppearanceRefs[a.id], core.isAdded(ref) {
            try core.setStream(form, data: stream.content, at: ref)
            return ref
        }
        let ref = try core.addStream(form, data: stream.content)
        turnedAppearanceRefs[a.id] = ref
        return ref
    }

    /// Adds an image stamp's picture as an image XObject (8-bit RGB) with its alpha channel as a
    /// soft mask, returning the image's reference.
    private func addImage(_ image: StampImage) throws(CoreDocumentError) -> ObjectRef {
        if let ref = imageRefs[image], core.isAdded(ref) || idsOnDiskImage(ref) { return ref }
        let ref = try core.addImage(image)
        imageRefs[image] = ref
        return ref
    }

    /// Whether a picture's image object is in the file on disk (written by an earlier save).
    private func idsOnDiskImage(_ ref: ObjectRef) -> Bool { savedImageRefs.contains(ref) }

    /// Rewrites a page's /Annots as the file has it: the annotations the editor manages there
    /// take the model's order (removed ones leave, new ones come), and every other entry
    /// (annotations poppler ignores, inline dictionaries, `null`, references to nothing) stays
    /// in place, after the managed annotation it followed. An inline annotation stays inline
    /// until it is edited (then it is an object of its own, in its place); one that comes from
    /// another page's inline list becomes an object (same dictionary).
    private func writeAnnotationList(of page: PageIndex) throws(CoreDocumentError) {
        let annotations = model.annotations(on: page)
        let page = corePage(page)
        let inlineHere = inlineEntryIDs[page] ?? [:]
        let inlineIndex = Dictionary(inlineHere.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var ordered: [(id: String, entry: AnnotsEntry)] = []
        for a in annotations {
            if let ref = refs[a.id] {
                ordered.append((a.id, .reference(ref)))
            } else if let index = inlineIndex[a.id] {
                ordered.append((a.id, .kept(index)))
            } else if let d = dictionaries[a.id] {
                let ref = try core.add(.dictionary(d))
                refs[a.id] = ref
                idsByRef[ref] = a.id
                inlineIDs.remove(a.id)
                ordered.append((a.id, .reference(ref)))
            }
        }
        let entries = AnnotsMerge.entries(
            current: annotationRefs(onFilePage: page),
            managedID: { index, ref in
                if let ref { return idsByRef[ref].flatMap { pageEntryIDs[page]?.contains($0) == true ? $0 : nil } }
                return inlineHere[index]
            },
            ordered: ordered
        )
        guard let pageRef = pageObject(page) else { throw .rejected("page \(page.displayNumber) has no page object") }
        try core.setAnnotationEntries(entries, onPageObject: pageRef)
        // Where the inline annotations are now.
        var moved: [Int: String] = [:]
        for (position, entry) in entries.enumerated() {
            if case .kept(let index) = entry, let id = inlineHere[index] { moved[position] = id }
        }
        inlineEntryIDs[page] = moved.isEmpty ? nil : moved
        for (id, entry) in ordered { if case .reference = entry { inlineIDs.remove(id) } }
        pageEntryIDs[page] = Set(ordered.map(\.id))
    }

    /// The file with every edit applied, as it would be saved: what the view shows. The
    /// original bytes are shared, not copied, and only the update is made anew, so an edit
    /// costs what it changes.
    public func rendered() throws(EditorError) -> EditedBytes {
        try finishPendingWrites()
        do {
            try dropOrphans(keepingPagesOut: true)
            return try core.editedBytes()
        } catch {
            throw .library(error)
        }
    }

    /// ``rendered()`` in two parts: what must happen on this thread now (the waiting writes), and
    /// the serialising of the update (poppler writing every changed object, some 250 ms for a
    /// Move of 1,566 strokes), returned to run on another thread (the render worker). The core
    /// document locks each call, so that part sees whole calls of this thread; an edit made
    /// meanwhile may be in it, and is rendered again by its own refresh. Objects nothing reaches
    /// are not dropped first (a walk of the whole document, some 90 ms there): what is drawn
    /// never reads them, and the next ``rendered()`` or save drops them.
    public func renderedLater() throws(EditorError) -> @Sendable () throws -> EditedBytes {
        try finishPendingWrites()
        let core = self.core
        return { try core.editedBytes() }
    }

    /// ``rendered()`` as one array (a copy of the whole file).
    public func renderedBytes() throws(EditorError) -> [UInt8] { try rendered().joined() }

    /// Removes the objects that edits left behind (undone annotations, appearances replaced
    /// by the file's own, pictures no stamp shows), so that no update writes them; an
    /// annotation whose object went gets a new one if it comes back. Until a save, pages this
    /// session put in and took out again stay with their annotations (`keepingPagesOut`): undo
    /// puts them back as they were, edits included.
    ///
    /// A page put in and then deleted (not an insertion undone) stays through saves too, as a
    /// page of the file deleted does: its object and what it reaches are written, so that undo
    /// after the save puts it back as it was.
    func dropOrphans(keepingPagesOut: Bool = false) throws(CoreDocumentError) {
        var keep: [ObjectRef] = Array(deletedMadePages)
        if keepingPagesOut, !madeOrigins.isEmpty {
            let shown = Set((pageOrder ?? []).compactMap { pageObject($0) })
            keep += madeOrigins.keys.filter { !shown.contains($0) }
        }
        let dropped = try core.dropUnreachableObjects(keeping: keep)
        guard !dropped.isEmpty else { return }
        for ref in dropped {
            if let id = idsByRef.removeValue(forKey: ref) { refs[id] = nil }
        }
        imageRefs = imageRefs.filter { !dropped.contains($0.value) }
        madeAppearances = madeAppearances.filter { !dropped.contains($0.value) }
    }

    // MARK: Journal

    /// Journals one step. A replay starts from the saved file with an empty history, so an undo
    /// or redo of a record the replay does not hold (made before the last save) is journaled as
    /// a new edit: the inverse, or the record again. `mirroredUndo` and `mirroredRedo` count the
    /// records at the top of each stack that a replay holds too.
    /// `line`: the new edit's line when it is made already (a group move's).
    func appendToJournal(_ step: JournalStep, _ record: EditRecord, line: JournalLine? = nil) {
        guard let journal else { return }
        if !journalStarted {
            journal.start(header: journalHeader())
            journalStarted = true
            mirroredUndo = 0
            mirroredRedo = 0
        }
        switch step {
        case .do:
            journal.append(line ?? JournalLine(step: .do, record: record))
            mirroredUndo += 1
            mirroredRedo = 0
        case .undo where mirroredUndo > 0:
            journal.append(JournalLine(step: .undo, record: record))
            mirroredUndo -= 1
            mirroredRedo += 1
        case .undo:
            journal.append(JournalLine(step: .do, record: EditRecord("Undo \(record.name)", record.edit.inverse)))
            mirroredUndo = 0
            mirroredRedo = 0
        case .redo where mirroredRedo > 0:
            journal.append(JournalLine(step: .redo, record: record))
            mirroredRedo -= 1
            mirroredUndo += 1
        case .redo:
            journal.append(JournalLine(step: .do, record: record))
            mirroredUndo += 1
            mirroredRedo = 0
        }
    }

    /// The header for a journal started now: the file it applies to and the ids that are not
    /// derived from object numbers (annotations created before the last save keep their ids).
    func journalHeader() -> JournalHeader {
        JournalHeader(document: path, stamp: diskStamp, fingerprint: FileFingerprint.of(path: path), aliases: aliases)
    }

    /// Replays a journal's steps on this freshly opened document (the caller checked that the
    /// journal belongs to this file as it is on disk).
    public func restore(_ contents: JournalContents) throws(EditorError) {
        // Ids of annotations created or reordered before the last save.
        applyAliases(contents.header.aliases)
        for line in contents.lines {
            switch line.step {
            case .do:
                if let move = line.move {
                    // A group move made again from the annotations as they are at this step.
                    loadPage(move.page)
                    guard let record = move.record(in: model) else { throw .journal("the journal moves annotations the file lacks") }
                    try perform(record)
                } else {
                    try perform(line.record)
                }
            case .undo:
                guard line.matches(history.undoStack.last) else { throw .journal("the journal's undo does not match its history") }
                try undo()
            case .redo:
                guard line.matches(history.redoStack.last) else { throw .journal("the journal's redo does not match its history") }
                try redo()
            }
        }
    }

    static func parseRef(_ id: String) -> ObjectRef? {
        let parts = id.split(separator: "-")
        guard parts.count == 2, let n = Int(parts[0]), let g = Int(parts[1]) else { return nil }
        return ObjectRef(n, g)
    }

    /// Renames annotations as the aliases say (file id → id the journal uses), every page at
    /// once so that swapped ids never collide (an id can move to another page's annotation:
    /// "p6-a0" becomes "p7-a0" while page 7's "p7-a0" becomes "p8-a0").
    private func applyAliases(_ map: [String: String]) {
        aliases = map
        var pagesToRename: Set<Int> = []
        for fileID in map.keys {
            if let page = Self.pageNumber(inID: fileID) { pagesToRename.insert(page) }
        }
        var fresh: [String: ObjectRef] = [:]
        var freshDictionaries: [String: PDFDictionary] = [:]
        var freshMade: [String: ObjectRef] = [:]
        var freshAppearances: [String: (ap: PDFObject?, state: PDFObject?)] = [:]
        var freshOnDisk: Set<String> = []
        var lists: [PageIndex: [Annotation]] = [:]
        // First every old name goes …
        for pageNumber in pagesToRename.sorted() where pageNumber < pageCount {
            let page = PageIndex(pageNumber)
            loadPage(page)
            lists[page] = model.annotations(on: page).map { a -> Annotation in
                var renamed = a
                renamed.id = map[a.id] ?? a.id
                renamed.inReplyTo = a.inReplyTo.map { map[$0] ?? $0 }
                return renamed
            }
            for a in model.annotations(on: page) {
                let new = map[a.id] ?? a.id
                if let ref = refs.removeValue(forKey: a.id) { fresh[new] = ref; idsByRef[ref] = nil }
                if let d = dictionaries.removeValue(forKey: a.id) { freshDictionaries[new] = d }
                if let ap = madeAppearances.removeValue(forKey: a.id) { freshMade[new] = ap }
                if let ap = fileAppearances.removeValue(forKey: a.id) { freshAppearances[new] = ap }
                if idsOnDisk.remove(a.id) != nil { freshOnDisk.insert(new) }
            }
            pageEntryIDs[page] = pageEntryIDs[page].map { Set($0.map { map[$0] ?? $0 }) }
            inlineEntryIDs[page] = inlineEntryIDs[page]?.mapValues { map[$0] ?? $0 }
        }
        // … then every new one comes.
        inlineIDs = Set(inlineIDs.map { map[$0] ?? $0 })
        unresolvedReplies = Set(unresolvedReplies.map { map[$0] ?? $0 })
        for (id, ref) in fresh { refs[id] = ref; idsByRef[ref] = id }
        dictionaries.merge(freshDictionaries) { $1 }
        madeAppearances.merge(freshMade) { $1 }
        fileAppearances.merge(freshAppearances) { $1 }
        idsOnDisk.formUnion(freshOnDisk)
        for (page, list) in lists { model.reload(list, on: page) }
    }

    static func pageNumber(inID id: String) -> Int? {
        guard id.hasPrefix("p"), let dash = id.firstIndex(of: "-") else { return nil }
        return Int(id[id.index(after: id.startIndex)..<dash])
    }

    /// After a save: the ids the saved file implies for each loaded page's annotations, and
    /// where they differ from the model's, an alias for the journal.
    func recomputeAliases() { aliases = impliedAliases() }

    /// The ids the core document's state implies for each loaded page's annotations, where
    /// they differ from the model's (file id → model id).
    func impliedAliases() -> [String: String] {
        var map: [String: String] = [:]
        for page in model.pages.keys {
            for (_, ref, fileID, _) in fileAnnotations(on: corePage(page), namedAs: page) {
                guard let ref, let modelID = idsByRef[ref], modelID != fileID else { continue }
                map[fileID] = modelID
            }
        }
        return map
    }

    /// Starts keeping `journal` after a restore: it is rewritten with a fresh header and the
    /// steps that rebuilt the current state, so it always describes exactly this state.
    public func adoptJournal(_ journal: EditJournal, steps: [JournalLine]) {
        self.journal = journal
        journalStarted = false
        guard !steps.isEmpty else { journal.remove(); return }
        journal.rewrite(header: journalHeader(), steps: steps)
        journalStarted = true
        // This editor is what replaying those steps builds: its whole history is mirrored.
        mirroredUndo = history.undoStack.count
        mirroredRedo = history.redoStack.count
    }

    /// Forgets the journal (after a save or when the user discards the changes).
    public func discardJournal() {
        journal?.remove()
        journalStarted = false
    }

    // MARK: Saving

    /// Saves every edit into `target` (the file itself by default) as an incremental update,
    /// atomically; then this editor continues on the saved file. Writes nothing when there is
    /// nothing to save and the target is the file itself. The same steps as a save on a worker
    /// (``prepareSave(to:overwriteChangedFile:fileSystem:)``), all on the calling thread.
    ///
    /// - Parameter overwriteChangedFile: Save even though another program changed the file
    ///   since it was opened (the caller asked the user).
    public func save(to target: String? = nil, overwriteChangedFile: Bool = false, fileSystem: SaveFileSystem = .system) throws(EditorError) {
        guard let job = try prepareSave(to: target, overwriteChangedFile: overwriteChangedFile, fileSystem: fileSystem) else { return }
        job.run()
        try finishSave(job)
    }
}

extension AnnotationModel {
    /// Replaces a loaded page's list without an edit (used only to rename ids on restore).
    mutating func reload(_ annotations: [Annotation], on page: PageIndex) {
        var fresh = AnnotationModel()
        for (p, list) in pages where p != page { fresh.load(list, on: p) }
        fresh.load(annotations, on: page)
        for field in loadedFields { fresh.loadField(field, value: fieldValues[field]) }
        self = fresh
    }
}
