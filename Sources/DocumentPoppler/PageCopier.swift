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
/// Form widgets stay behind by default (a field's widget copied alone would be a second,
/// nameless field; within one document it would share the field's value). Into a fresh file
/// (an extract) they can come along with their fields (``FormFields/kept``: each widget with
/// the fields above it, whose /Kids keep only what was copied, ready for an /AcroForm of just
/// those fields, ``fieldRoots``) or be drawn into the page as they appear
/// (``FormFields/flattened``). What always stays behind: the page's place in a structure tree
/// and its article beads. A reference from a copied object to a page that is
/// not copied becomes `null` (a link to a page the new file does not have goes nowhere).
/// Within the same document (a duplicate), only the annotations are new objects: content,
/// resources and appearances are shared with the original page. A copied annotation is a new
/// one: it loses the original's unique name (/NM).
struct PageCopier<Reader: PDFObjectReading, Writer: PDFObjectWriting> {
    /// What becomes of the pages' form widgets.
    enum FormFields {
        /// Left out (pages copied into a document with fields of its own, or duplicated).
        case leftBehind
        /// Copied with the fields they belong to; a signed signature's widget is drawn into the
        /// page instead (its signature does not cover the new file).
        case kept
        /// Drawn into the page as they appear, and left out as fields.
        case flattened
    }

    let source: Reader
    let target: Writer
    /// Whether source and target are the same document (a duplicate).
    let sameDocument: Bool
    /// What becomes of the pages' form widgets (set before copying).
    var formFields = FormFields.leftBehind
    /// The top-level fields of the widgets kept, in the order first met (source references).
    private(set) var fieldRoots: [ObjectRef] = []
    /// The field dictionaries above the widgets kept, and the widgets themselves.
    private var fieldNodes: Set<ObjectRef> = []
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
            var drawn: [(form: ObjectRef, matrix: [Double])] = []
            page["Annots"] = try annotations(of: page["Annots"], drawing: &drawn)
            var names: [String] = []
            if !drawn.isEmpty {
                // The drawn widgets' appearances join the page's resources under names of their own.
                if case .reference(let n, let g)? = page["Contents"], let parts = source.object(ObjectRef(n, g))?.arrayValue {
                    page["Contents"] = .array(parts)
                }
                var resources = resolved(page["Resources"])?.dictionaryValue ?? PDFDictionary()
                var forms = resolved(resources["XObject"])?.dictionaryValue ?? PDFDictionary()
                var number = 0
                for item in drawn {
                    var name: String
                    repeat { number += 1; name = "AnnotatorField\(number)" } while forms[name] != nil
                    forms[name] = .reference(item.form.number, item.form.generation)
                    names.append(name)
                }
                resources["XObject"] = .dictionary(forms)
                page["Resources"] = .dictionary(resources)
            }
            guard case .dictionary(var value) = try copy(.dictionary(page)) else { continue }
            // The target's own object: set after the copy, which maps the source's references.
            value["Parent"] = parent.map { .reference($0.number, $0.generation) }
            if !drawn.isEmpty {
                // [q, the page's own content, Q + one "cm Do" per widget]: whatever state the
                // page's content leaves does not move the drawings.
                var closing = "Q\n"
                for (item, name) in zip(drawn, names) {
                    closing += "q \(item.matrix.map { PDFSyntaxWriter.formatReal(($0 * 10_000).rounded() / 10_000) }.joined(separator: " ")) cm /\(name) Do Q\n"
                }
                let opening = try target.addStream(PDFDictionary(), storedData: Array("q\n".utf8))
                let closed = try target.addStream(PDFDictionary(), storedData: Array(closing.utf8))
                let own: [PDFObject] = switch value["Contents"] {
                case .array(let parts)?: parts
                case let single?: [single]
                case nil: []
                }
                value["Contents"] = .array([.reference(opening.number, opening.generation)] + own + [.reference(closed.number, closed.generation)])
            }
            try target.set(.dictionary(value), at: ref)
        }
        return made
    }

    /// The copies' /Annots: every annotation, each one an object, with form widgets as
    /// ``formFields`` says; the widgets to draw into the page go to `drawn` (their appearance
    /// and its placement).
    private mutating func annotations(of annots: PDFObject?, drawing drawn: inout [(form: ObjectRef, matrix: [Double])]) throws(CoreDocumentError) -> PDFObject? {
        var list = annots
        if case .reference(let n, let g)? = list { list = source.object(ObjectRef(n, g)) }
        guard let entries = list?.arrayValue else { return nil }
        var kept: [PDFObject] = []
        for entry in entries {
            if let widget = resolved(entry)?.dictionaryValue, widget["Subtype"]?.nameValue == "Widget" {
                switch formFields {
                case .leftBehind:
                    continue
                case .flattened:
                    if let drawing = drawing(of: widget) { drawn.append(drawing) }
                    continue
                case .kept:
                    guard case .reference(let n, let g) = entry, !isSigned(widget) else {
                        // A signed signature (or a widget written inline) shows as drawn.
                        if let drawing = drawing(of: widget) { drawn.append(drawing) }
                        continue
                    }
                    keepField(of: ObjectRef(n, g))
                }
            }
            switch entry {
            case .reference(let n, let g):
                guard source.object(ObjectRef(n, g))?.dictionaryValue != nil else { continue }
                copied.insert(ObjectRef(n, g))
                annotationRefs.insert(ObjectRef(n, g))
                kept.append(entry)
            case .dictionary(var dictionary):
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
        if fieldNodes.contains(ref), case .dictionary(var dictionary) = value {
            // A field keeps only the kids that were copied: its other widgets stay behind.
            if let kids = resolved(dictionary["Kids"])?.arrayValue {
                let kept = kids.filter { if case .reference(let n, let g) = $0 { fieldNodes.contains(ObjectRef(n, g)) } else { false } }
                dictionary["Kids"] = kept.isEmpty ? nil : .array(kept)
            }
            value = .dictionary(dictionary)
        }
        try target.set(try copy(value), at: made)
        return .reference(made.number, made.generation)
    }

    /// The reference to `ref`'s copy in the target (copying it the first time): the caller's
    /// way to refer to what pages brought along (``fieldRoots``, an /AcroForm's resources).
    mutating func copiedReference(_ ref: ObjectRef) throws(CoreDocumentError) -> PDFObject { try reference(ref) }

    /// `value` copied into the target, its references mapped.
    mutating func copied(_ value: PDFObject) throws(CoreDocumentError) -> PDFObject { try copy(value) }

    /// Notes a widget kept, and the fields above it up to its top-level field.
    private mutating func keepField(of widget: ObjectRef) {
        var current = widget
        for _ in 0..<64 {
            let isNew = fieldNodes.insert(current).inserted
            guard case .reference(let n, let g)? = source.object(current)?.dictionaryValue?["Parent"] else {
                if !fieldRoots.contains(current) { fieldRoots.append(current) }
                return
            }
            // A field met before has its fields above it noted already.
            guard isNew else { return }
            current = ObjectRef(n, g)
        }
    }

    /// Whether a widget is a signature field's, signed (its field has a value).
    private func isSigned(_ widget: PDFDictionary) -> Bool {
        var node: PDFDictionary? = widget
        var type: String?, value: PDFObject?
        for _ in 0..<64 {
            guard let current = node else { break }
            type = type ?? current["FT"]?.nameValue
            value = value ?? current["V"]
            guard case .reference(let n, let g)? = current["Parent"] else { break }
            node = source.object(ObjectRef(n, g))?.dictionaryValue
        }
        return type == "Sig" && value != nil
    }

    /// A widget's appearance as it shows now and where the page draws it; `nil` for a hidden
    /// widget or one without an appearance.
    private func drawing(of widget: PDFDictionary) -> (form: ObjectRef, matrix: [Double])? {
        let flags = Int(widget["F"]?.number ?? 0)
        guard flags & 2 == 0, flags & 32 == 0, let rect = widget["Rect"]?.numbers,
              let appearances = resolved(widget["AP"])?.dictionaryValue else { return nil }
        var form: ObjectRef?
        if case .reference(let n, let g)? = appearances["N"], source.streamData(ObjectRef(n, g)) != nil {
            form = ObjectRef(n, g)
        } else if let states = resolved(appearances["N"])?.dictionaryValue, let state = widget["AS"]?.nameValue,
                  case .reference(let n, let g)? = states[state] {
            form = ObjectRef(n, g)
        }
        guard let form, let dictionary = source.object(form)?.dictionaryValue,
              let matrix = appearancePlacement(box: dictionary["BBox"]?.numbers, matrix: dictionary["Matrix"]?.numbers, in: rect) else { return nil }
        return (form, matrix)
    }

    /// An indirect object's value (in the source), or the value itself.
    private func resolved(_ value: PDFObject?) -> PDFObject? {
        if case .reference(let n, let g)? = value { return source.object(ObjectRef(n, g)) }
        return value
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

/// Where a page draws an appearance form so that it fills `rect` (x1 y1 x2 y2): the form's box,
/// transformed by its own matrix, fitted to the rectangle, as a viewer draws an appearance
/// (PDF 32000-1 §12.5.5). A `cm` matrix; `nil` without a box.
func appearancePlacement(box: [Double]?, matrix: [Double]?, in rect: [Double]) -> [Double]? {
    guard rect.count == 4, let box, box.count == 4 else { return nil }
    let m = matrix.flatMap { $0.count == 6 ? $0 : nil } ?? [1, 0, 0, 1, 0, 0]
    let corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        .map { (x: m[0] * $0.0 + m[2] * $0.1 + m[4], y: m[1] * $0.0 + m[3] * $0.1 + m[5]) }
    let (minX, maxX) = (corners.map(\.x).min()!, corners.map(\.x).max()!)
    let (minY, maxY) = (corners.map(\.y).min()!, corners.map(\.y).max()!)
    let target = (x: min(rect[0], rect[2]), y: min(rect[1], rect[3]), width: abs(rect[2] - rect[0]), height: abs(rect[3] - rect[1]))
    let sx = maxX - minX > 0 ? target.width / (maxX - minX) : 1
    let sy = maxY - minY > 0 ? target.height / (maxY - minY) : 1
    return [sx, 0, 0, sy, target.x - minX * sx, target.y - minY * sy]
}
