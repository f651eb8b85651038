// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// The objects of a PDF file as values, for copying pages out of it.
protocol PDFObjectReading {
    func object(_ ref: ObjectRef) -> PDFObject?
    /// A stream's data as stored (filters not applied); `nil` when not available that way.
    func rawStreamData(_ ref: ObjectRef) -> [UInt8]?
    /// A stream's decoded data; `nil` when `ref` is no stream.
    func streamData(_ ref: ObjectRef) -> [UInt8]?
}

/// Where copied objects go: the document being edited (an incremental update) or a fresh file.
protocol PDFObjectWriting {
    /// A number for an object whose value comes later (so that objects can refer to each other).
    func reserve() throws(CoreDocumentError) -> ObjectRef
    func set(_ object: PDFObject, at ref: ObjectRef) throws(CoreDocumentError)
    /// A stream stored as `data`, which `dictionary`'s /Filter describes (none: plain data).
    func addStream(_ dictionary: PDFDictionary, storedData data: [UInt8]) throws(CoreDocumentError) -> ObjectRef
}

extension CoreDocument: PDFObjectReading, PDFObjectWriting {
    func reserve() throws(CoreDocumentError) -> ObjectRef { try add(.dictionary(PDFDictionary())) }
    func set(_ object: PDFObject, at ref: ObjectRef) throws(CoreDocumentError) { try setObject(object, at: ref) }
    func addStream(_ dictionary: PDFDictionary, storedData data: [UInt8]) throws(CoreDocumentError) -> ObjectRef {
        dictionary["Filter"] == nil ? try addStream(dictionary, data: data) : try addRawStream(dictionary, data: data)
    }
}

/// The attributes a page inherits from the /Pages nodes above it (PDF 32000-1 §7.7.3.4).
let inheritablePageKeys = ["Resources", "MediaBox", "CropBox", "Rotate"]

/// The page's own value of each key, or the one it inherits from the nearest /Pages node above
/// it that has one.
func pageAttributes(inheritedBy ref: ObjectRef, _ keys: [String], in reader: some PDFObjectReading) -> [String: PDFObject] {
    var out: [String: PDFObject] = [:]
    var next: ObjectRef? = ref
    var seen: Set<ObjectRef> = []
    while let current = next, seen.insert(current).inserted, seen.count < 64,
          let node = reader.object(current)?.dictionaryValue {
        for key in keys where out[key] == nil { if let value = node[key] { out[key] = value } }
        if case .reference(let n, let g)? = node["Parent"] { next = ObjectRef(n, g) } else { next = nil }
    }
    return out
}

/// Copies pages with everything they need from one document into another (or into the same
/// one): each object once however many pages share it, compressed streams as they are stored,
/// inherited attributes written on the copies, annotations with their pages.
///
/// What stays behind: form widgets (a field's widget copied alone would be a second, nameless
/// field; within one document it would share the field's value), the page's place in a
/// structure tree and its article beads. A reference from a copied object to a page that is
/// not copied becomes `null` (a link to a page the new file does not have goes nowhere).
/// Within the same document (a duplicate), only the annotations are new objects: content,
/// resources and appearances are shared with the original page. A copied annotation is a new
/// one: it loses the original's unique name (/NM).
struct PageCopier<Reader: PDFObjectReading, Writer: PDFObjectWriting> {
    let source: Reader
    let target: Writer
    /// Whether source and target are the same document (a duplicate).
    let sameDocument: Bool
    private var copies: [ObjectRef: ObjectRef] = [:]
    private var copying: Set<ObjectRef> = []
    /// Within the same document: the objects that are copied rather than shared.
    private var copied: Set<ObjectRef> = []
    /// The annotations of the pages copied.
    private var annotationRefs: Set<ObjectRef> = []
    private var pages: [ObjectRef: ObjectRef] = [:]

    init(from source: Reader, into target: Writer, sameDocument: Bool = false) {
        self.source = source
        self.target = target
        self.sameDocument = sameDocument
    }

    /// Copies each page (in order) and returns the copies' references. Each copy's /Parent is
    /// `parent` (its /Kids is the caller's business).
    mutating func copy(pages originals: [ObjectRef], parent: ObjectRef?) throws(CoreDocumentError) -> [ObjectRef] {
        var made: [ObjectRef] = []
        for original in originals {
            let ref = try target.reserve()
            pages[original] = ref
            copies[original] = ref
            made.append(ref)
        }
        for (original, ref) in zip(originals, made) {
            guard var page = source.object(original)?.dictionaryValue else {
                throw .rejected("object \(original) is not a page")
            }
            for (key, value) in pageAttributes(inheritedBy: original, inheritablePageKeys, in: source) where page[key] == nil {
                page[key] = value
            }
            page["Parent"] = nil
            for key in ["B", "StructParents", "PieceInfo"] { page[key] = nil }
            if page["MediaBox"] == nil { page["MediaBox"] = .numbers([0, 0, 612, 792]) }
            if page["Resources"] == nil { page["Resources"] = .dictionary(PDFDictionary()) }
            page["Annots"] = try annotations(of: page["Annots"])
            guard case .dictionary(var value) = try copy(.dictionary(page)) else { continue }
            // The target's own object: set after the copy, which maps the source's references.
            value["Parent"] = parent.map { .reference($0.number, $0.generation) }
            try target.set(.dictionary(value), at: ref)
        }
        return made
    }

    /// The copies' /Annots: every annotation but form widgets, each one an object.
    private mutating func annotations(of annots: PDFObject?) throws(CoreDocumentError) -> PDFObject? {
        var list = annots
        if case .reference(let n, let g)? = list { list = source.object(ObjectRef(n, g)) }
        guard let entries = list?.arrayValue else { return nil }
        var kept: [PDFObject] = []
        for entry in entries {
            switch entry {
            case .reference(let n, let g):
                guard let dictionary = source.object(ObjectRef(n, g))?.dictionaryValue,
                      dictionary["Subtype"]?.nameValue != "Widget" else { continue }
                copied.insert(ObjectRef(n, g))
                annotationRefs.insert(ObjectRef(n, g))
                kept.append(entry)
            case .dictionary(var dictionary) where dictionary["Subtype"]?.nameValue != "Widget":
                dictionary["NM"] = nil
                let ref = try target.reserve()
                try target.set(try copy(.dictionary(dictionary)), at: ref)
                kept.append(.reference(ref.number, ref.generation))
            default:
                continue
            }
        }
        // A popup's parent and a markup annotation's popup are copied together.
        return kept.isEmpty ? nil : .array(kept)
    }

    /// `value` for the target: references mapped to their copies.
    private mutating func copy(_ value: PDFObject) throws(CoreDocumentError) -> PDFObject {
        switch value {
        case .reference(let n, let g):
            return try reference(ObjectRef(n, g))
        case .array(let items):
            var out: [PDFObject] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(try copy(item)) }
            return .array(out)
        case .dictionary(let dictionary):
            var out = PDFDictionary()
            for (key, item) in dictionary.entries { out[key] = try copy(item) }
            return .dictionary(out)
        default:
            return value
        }
    }

    /// The reference to `ref`'s copy, copying it the first time.
    private mutating func reference(_ ref: ObjectRef) throws(CoreDocumentError) -> PDFObject {
        if let made = copies[ref] { return .reference(made.number, made.generation) }
        if sameDocument, !copied.contains(ref) { return .reference(ref.number, ref.generation) }
        // A cycle through a stream (rare): the inner reference goes.
        guard !copying.contains(ref) else { return .null }
        guard let object = source.object(ref) else { return .null }
        if case .dictionary(let dictionary) = object, let type = dictionary["Type"]?.nameValue,
           type == "Page" || type == "Pages" || type == "Catalog" {
            // A page not copied (a link's destination), or the tree above it.
            return .null
        }
        copying.insert(ref)
        defer { copying.remove(ref) }
        if case .dictionary(var dictionary) = object, let data = source.rawStreamData(ref) ?? decodedStream(ref, &dictionary) {
            dictionary["Length"] = nil
            dictionary["DL"] = nil
            guard case .dictionary(let mapped) = try copy(.dictionary(dictionary)) else { return .null }
            let made = try target.addStream(mapped, storedData: data)
            copies[ref] = made
            return .reference(made.number, made.generation)
        }
        let made = try target.reserve()
        copies[ref] = made
        var value = object
        if annotationRefs.contains(ref), case .dictionary(var dictionary) = value {
            dictionary["NM"] = nil
            value = .dictionary(dictionary)
        }
        try target.set(try copy(value), at: made)
        return .reference(made.number, made.generation)
    }

    /// A stream whose stored data cannot be had (an encrypted file): its decoded data, with the
    /// filters that decoding applied taken off its dictionary.
    private func decodedStream(_ ref: ObjectRef, _ dictionary: inout PDFDictionary) -> [UInt8]? {
        guard let data = source.streamData(ref) else { return nil }
        dictionary["Filter"] = nil
        dictionary["DecodeParms"] = nil
        return data
    }
}
