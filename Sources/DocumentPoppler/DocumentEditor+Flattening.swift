// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One annotation drawn into its page's content: the form it appears as, and where the page
/// draws it.
struct FlattenedDrawing: Sendable {
    var id: String
    var form: ObjectRef
    /// The form's placement (a `cm` matrix): its box, transformed by its own matrix, fitted to
    /// the annotation's rectangle, as a viewer draws an appearance (PDF 32000-1 §12.5.5).
    var matrix: [Double]
}

/// Flattening (``AnnotationEdit/flatten(_:)``): an annotation's appearance becomes part of its
/// page. The page's /Contents becomes `[q, the page's own streams, Q + one "cm Do" per drawing]`
/// (so whatever state the page's own content leaves does not move the drawings) and its
/// /Resources a copy of the ones it had or inherited, with each drawing's form under a name of
/// its own. The appearance objects themselves are reused, not copied. Undo writes the page's
/// /Contents and /Resources back as they were once no drawing is left.
extension DocumentEditor {
    /// The appearance stream the annotation shows now: its normal appearance, or the state of
    /// it that /AS names. `nil` when it has none.
    func flattenedAppearance(of id: String) -> ObjectRef? {
        guard let d = annotationDictionary(id), let appearances = resolved(d["AP"])?.dictionaryValue else { return nil }
        var normal = appearances["N"]
        if case .reference(let n, let g)? = normal, core.streamData(ObjectRef(n, g)) != nil { return ObjectRef(n, g) }
        normal = resolved(normal)
        guard let states = normal?.dictionaryValue, let state = d["AS"]?.nameValue,
              case .reference(let n, let g)? = states[state], core.streamData(ObjectRef(n, g)) != nil else { return nil }
        return ObjectRef(n, g)
    }

    /// Draws the annotations into their pages (pop-ups and hidden ones are only taken off).
    func drawIntoPages(_ annotations: [Annotation]) throws(CoreDocumentError) {
        var touched: [ObjectRef] = []
        for a in annotations where a.subtype != .popup {
            guard let page = pageObject(corePage(a.page)), let d = annotationDictionary(a.id), !isHidden(d),
                  let form = flattenedAppearance(of: a.id), let rect = d["Rect"]?.numbers,
                  let matrix = placement(of: form, in: rect) else { continue }
            flattenedDrawings[page, default: []].append(FlattenedDrawing(id: a.id, form: form, matrix: matrix))
            if !touched.contains(page) { touched.append(page) }
        }
        for page in touched { try writeFlattenedDrawings(onPageObject: page) }
    }

    /// Takes the annotations' drawings out of their pages' content.
    func takeOutOfPages(_ annotations: [Annotation]) throws(CoreDocumentError) {
        var touched: [ObjectRef] = []
        for a in annotations {
            guard let page = pageObject(corePage(a.page)), flattenedDrawings[page]?.contains(where: { $0.id == a.id }) == true else { continue }
            flattenedDrawings[page]?.removeAll { $0.id == a.id }
            if !touched.contains(page) { touched.append(page) }
        }
        for page in touched { try writeFlattenedDrawings(onPageObject: page) }
    }

    /// Writes the page's /Contents and /Resources for the drawings it holds now.
    func writeFlattenedDrawings(onPageObject ref: ObjectRef) throws(CoreDocumentError) {
        guard var page = core.object(ref)?.dictionaryValue else { throw .rejected("page object \(ref)") }
        let before = contentBeforeFlattening[ref] ?? (page["Contents"], page["Resources"])
        contentBeforeFlattening[ref] = before
        let drawings = flattenedDrawings[ref] ?? []
        guard !drawings.isEmpty else {
            page["Contents"] = before.contents
            page["Resources"] = before.resources
            try core.setObject(.dictionary(page), at: ref)
            flattenedDrawings[ref] = nil
            return
        }
        let inherited = before.resources ?? inheritedPageAttributes(of: ref, ["Resources"])["Resources"]
        var resources = resolved(inherited)?.dictionaryValue ?? PDFDictionary()
        var forms = resolved(resources["XObject"])?.dictionaryValue ?? PDFDictionary()
        var content = "Q\n"
        var number = 0
        for drawing in drawings {
            var name: String
            repeat { number += 1; name = "AnnotatorFlat\(number)" } while forms[name] != nil
            forms[name] = .reference(drawing.form.number, drawing.form.generation)
            content += "q \(drawing.matrix.map { PDFSyntaxWriter.formatReal(($0 * 10_000).rounded() / 10_000) }.joined(separator: " ")) cm /\(name) Do Q\n"
        }
        resources["XObject"] = .dictionary(forms)
        page["Resources"] = .dictionary(resources)
        let streams: (opening: ObjectRef, closing: ObjectRef)
        if let made = flatteningStreams[ref], core.isAdded(made.opening), core.isAdded(made.closing) {
            streams = made
            try core.setStream(PDFDictionary(), data: Array(content.utf8), at: made.closing)
        } else {
            streams = (try core.addStream(PDFDictionary(), data: Array("q\n".utf8)), try core.addStream(PDFDictionary(), data: Array(content.utf8)))
            flatteningStreams[ref] = streams
        }
        let own: [PDFObject] = switch before.contents {
        case .array(let parts)?: parts
        case .reference(let n, let g)?: core.object(ObjectRef(n, g))?.arrayValue ?? [.reference(n, g)]
        default: []
        }
        page["Contents"] = .array([.reference(streams.opening.number, streams.opening.generation)] + own
                                  + [.reference(streams.closing.number, streams.closing.generation)])
        try core.setObject(.dictionary(page), at: ref)
    }

    /// Where the page draws the form so that it fills `rect` (x1 y1 x2 y2, file coordinates).
    func placement(of form: ObjectRef, in rect: [Double]) -> [Double]? {
        guard let dictionary = core.object(form)?.dictionaryValue else { return nil }
        return appearancePlacement(box: dictionary["BBox"]?.numbers, matrix: dictionary["Matrix"]?.numbers, in: rect)
    }

    /// An annotation flagged Hidden or NoView is not drawn (PDF 32000-1 §12.5.3).
    private func isHidden(_ d: PDFDictionary) -> Bool {
        let flags = Int(d["F"]?.number ?? 0)
        return flags & 2 != 0 || flags & 32 != 0
    }

    /// An indirect object's value, or the value itself.
    func resolved(_ value: PDFObject?) -> PDFObject? {
        if case .reference(let n, let g)? = value { return core.object(ObjectRef(n, g)) }
        return value
    }
}
