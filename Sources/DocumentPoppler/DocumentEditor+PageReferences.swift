// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// What points at pages taken out of the document: outline entries and links whose destination
/// is such a page stop pointing at it (an outline entry keeps its title and its place, and
/// opens nothing), and the form widgets on such a page leave /AcroForm /Fields (a field whose
/// every widget went leaves with them). Written as a function of which pages are out, from the
/// objects as the file had them: putting the pages back (undo) writes the file's own objects
/// again.
extension DocumentEditor {
    /// Rewrites the objects that point at pages, for the pages out of the document now.
    func writeReferencesToPagesOut() throws(CoreDocumentError) {
        guard let refs = filePageRefs else { return }
        let inOrder = Set((pageOrder ?? []).compactMap { pageObject($0) })
        let out = Set(refs.compactMap { $0 }).subtracting(inOrder)
        // Nothing out and nothing rewritten before: the file's own objects stand.
        guard !out.isEmpty || !referenceOriginals.isEmpty else { return }
        var targets: [ObjectRef: PDFObject] = [:]
        // Outline entries.
        if let catalog = core.catalogRef, let root = core.object(catalog)?.dictionaryValue,
           let outlines = resolvedRef(root["Outlines"]), let first = original(outlines)?.dictionaryValue?["First"] {
            var next = resolvedRef(first)
            var stack: [ObjectRef] = []
            var seen: Set<ObjectRef> = []
            while let item = next ?? stack.popLast(), seen.insert(item).inserted, seen.count < 100_000 {
                next = nil
                guard let dictionary = original(item)?.dictionaryValue else { continue }
                targets[item] = .dictionary(withoutDestination(dictionary, into: out))
                if let sibling = resolvedRef(dictionary["Next"]) { stack.append(sibling) }
                next = resolvedRef(dictionary["First"])
            }
        }
        // Links, on every page (read once).
        for link in linkRefs() {
            guard let dictionary = original(link)?.dictionaryValue else { continue }
            targets[link] = .dictionary(withoutDestination(dictionary, into: out))
        }
        // Form fields.
        var widgetsOut: Set<ObjectRef> = []
        for page in out { for case let widget? in core.annotationRefs(onPageObject: page) { widgetsOut.insert(widget) } }
        if let catalog = core.catalogRef, let root = core.object(catalog)?.dictionaryValue {
            rewriteFields(in: root["AcroForm"], owner: catalog, key: "AcroForm", removing: widgetsOut, into: &targets)
        }
        // Every object rewritten before and not now goes back to the file's.
        for ref in referenceOriginals.keys where targets[ref] == nil { targets[ref] = referenceOriginals[ref] }
        for (ref, value) in targets {
            let before = referenceOriginals[ref] ?? core.object(ref)
            if value == referenceOriginals[ref] {
                if core.object(ref) != value { try core.setObject(value, at: ref) }
                referenceOriginals[ref] = nil
            } else if let before, value != before || referenceOriginals[ref] != nil {
                if referenceOriginals[ref] == nil { referenceOriginals[ref] = before }
                if core.object(ref) != value { try core.setObject(value, at: ref) }
            }
        }
        refreshLoadedDictionaries(Set(targets.keys))
    }

    /// An object as the file had it before this rewrote it.
    private func original(_ ref: ObjectRef) -> PDFObject? { referenceOriginals[ref] ?? core.object(ref) }

    private func resolvedRef(_ value: PDFObject?) -> ObjectRef? {
        if case .reference(let n, let g)? = value { return ObjectRef(n, g) }
        return nil
    }

    /// An outline entry or a link without its destination when that is a page out of the
    /// document (an explicit /Dest, or a /GoTo action's /D).
    private func withoutDestination(_ dictionary: PDFDictionary, into out: Set<ObjectRef>) -> PDFDictionary {
        func pointsOut(_ destination: PDFObject?) -> Bool {
            var destination = destination
            if let ref = resolvedRef(destination) { destination = original(ref) }
            if case .dictionary(let d)? = destination { destination = d["D"] }
            guard let first = destination?.arrayValue?.first, let page = resolvedRef(first) else { return false }
            return out.contains(page)
        }
        var d = dictionary
        if pointsOut(d["Dest"]) { d["Dest"] = nil }
        var action = d["A"]
        if let ref = resolvedRef(action) { action = original(ref) }
        if let a = action?.dictionaryValue, a["S"]?.nameValue == "GoTo", pointsOut(a["D"]) { d["A"] = nil }
        return d
    }

    /// Every link annotation object of the file's pages, read the first time pages go out.
    private func linkRefs() -> [ObjectRef] {
        if let linkIndex { return linkIndex }
        var links: [ObjectRef] = []
        for page in (filePageRefs ?? []).prefix(originalPageCount) {
            guard let page else { continue }
            for case let ref? in core.annotationRefs(onPageObject: page) where core.object(ref)?.dictionaryValue?["Subtype"]?.nameValue == "Link" {
                links.append(ref)
            }
        }
        linkIndex = links
        return links
    }

    /// Walks /AcroForm /Fields (direct or not) and writes, for each object that holds a list of
    /// fields or widgets, the list without `removing` (and without fields left with no widget).
    private func rewriteFields(in value: PDFObject?, owner: ObjectRef, key: String, removing: Set<ObjectRef>,
                               into targets: inout [ObjectRef: PDFObject]) {
        // The AcroForm dictionary: its own object, or inline in the catalog.
        let formRef = resolvedRef(value)
        let formOwner = formRef ?? owner
        guard let ownerObject = targets[formOwner] ?? original(formOwner), var ownerDictionary = ownerObject.dictionaryValue else { return }
        var form = formRef == nil ? (ownerDictionary[key]?.dictionaryValue ?? PDFDictionary()) : ownerDictionary
        var seen: Set<ObjectRef> = []

        /// A list of kids without the widgets going out; `nil` when every kid went.
        func kept(_ list: PDFObject?, listOwner: ObjectRef?) -> PDFObject? {
            var entries = list?.arrayValue
            let listRef = resolvedRef(list)
            if let listRef { entries = original(listRef)?.arrayValue }
            guard let entries else { return list }
            var out: [PDFObject] = []
            for entry in entries {
                guard let kid = resolvedRef(entry), seen.insert(kid).inserted, seen.count < 100_000 else { out.append(entry); continue }
                if removing.contains(kid) { continue }
                guard var field = original(kid)?.dictionaryValue else { out.append(entry); continue }
                if field["Kids"] != nil {
                    let kids = kept(field["Kids"], listOwner: kid)
                    if kids == nil { continue }
                    if resolvedRef(field["Kids"]) == nil {
                        field["Kids"] = kids
                        targets[kid] = .dictionary(field)
                    }
                }
                out.append(entry)
            }
            if out.isEmpty && !entries.isEmpty { return nil }
            if let listRef {
                targets[listRef] = .array(out)
                return list
            }
            return .array(out)
        }

        let fields = kept(form["Fields"], listOwner: formOwner) ?? .array([])
        if resolvedRef(form["Fields"]) == nil { form["Fields"] = fields }
        if formRef == nil {
            ownerDictionary[key] = .dictionary(form)
            targets[owner] = .dictionary(ownerDictionary)
        } else {
            targets[formOwner] = .dictionary(form)
        }
    }

    /// Annotations the editor read whose objects this rewrote: their dictionaries as written, so
    /// that a later edit of one keeps what the rewrite did.
    private func refreshLoadedDictionaries(_ changed: Set<ObjectRef>) {
        for ref in changed {
            guard let id = idsByRef[ref], let dictionary = core.object(ref)?.dictionaryValue else { continue }
            dictionaries[id] = dictionary
        }
    }
}
