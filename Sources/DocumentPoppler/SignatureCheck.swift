// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Geometry
#if canImport(Glibc)
import Glibc
#endif

/// A signature field as the file has it, before any cryptography: its name, the bytes it
/// signed, the pages its widgets are on, the reason and place the signer gave.
public struct SignatureField: Equatable, Sendable {
    public var name: String
    /// /ByteRange: [start, length, start, length] (empty when the field is not signed).
    public var byteRange: [Int]
    public var pages: [PageIndex]
    public var reason: String?
    public var location: String?
    /// For a certification signature (DocMDP), the changes it allows: 1 none, 2 form filling
    /// and signing, 3 those and annotations; `nil` for an ordinary signature.
    public var certification: Int?
    /// Where the signed revision ends: the file's first `signedLength` bytes.
    public var signedLength: Int { byteRange.count == 4 ? byteRange[2] + byteRange[3] : 0 }
    public var isSigned: Bool { byteRange.count == 4 }
}

/// Checks a document's signatures the way `pdfsig` does, and says what changed after each one:
/// poppler validates each signature (and its certificate against the system's NSS database);
/// the file's objects say which bytes each signed and what later revisions redefined. Reads
/// the file on disk (the saved state), with documents of its own: run ``check(path:password:)``
/// on a worker.
public enum SignatureCheck {
    /// The document's signed signature fields, in the form's order (fast: no cryptography).
    public static func fields(in core: CoreDocument) -> [SignatureField] {
        guard let catalog = core.catalogRef, var form = core.object(catalog)?.dictionaryValue?["AcroForm"] else { return [] }
        if case .reference(let n, let g) = form { form = core.object(ObjectRef(n, g)) ?? .null }
        guard let top = resolved(form.dictionaryValue?["Fields"], in: core)?.arrayValue else { return [] }
        var pageOf: [ObjectRef: PageIndex] = [:]
        var out: [SignatureField] = []
        var seen: Set<ObjectRef> = []
        func pageIndex(_ ref: ObjectRef) -> PageIndex? {
            if pageOf.isEmpty { for i in 0..<core.pageCount { if let r = core.pageRef(PageIndex(i)) { pageOf[r] = PageIndex(i) } } }
            return pageOf[ref]
        }
        func walk(_ entries: [PDFObject], parentName: String?, inheritedType: String?) {
            for entry in entries {
                guard case .reference(let n, let g) = entry, seen.insert(ObjectRef(n, g)).inserted, seen.count < 100_000,
                      let field = core.object(ObjectRef(n, g))?.dictionaryValue else { continue }
                let partial = field["T"]?.textValue
                let name = [parentName, partial].compactMap { $0 }.joined(separator: ".")
                let type = field["FT"]?.nameValue ?? inheritedType
                let kids = resolved(field["Kids"], in: core)?.arrayValue ?? []
                // Kids with names are fields of their own; nameless kids are this field's widgets.
                let namedKids = kids.filter { kid in
                    guard case .reference(let kn, let kg) = kid else { return false }
                    return core.object(ObjectRef(kn, kg))?.dictionaryValue?["T"] != nil
                }
                if !namedKids.isEmpty { walk(namedKids, parentName: name.isEmpty ? nil : name, inheritedType: type) }
                guard type == "Sig" else { continue }
                guard let value = resolved(field["V"], in: core)?.dictionaryValue,
                      let range = value["ByteRange"]?.numbers, range.count == 4 else { continue }
                var pages: [PageIndex] = []
                let widgets = namedKids.isEmpty && !kids.isEmpty ? kids : [entry]
                for widget in widgets {
                    guard case .reference(let wn, let wg) = widget,
                          case .reference(let pn, let pg)? = core.object(ObjectRef(wn, wg))?.dictionaryValue?["P"],
                          let page = pageIndex(ObjectRef(pn, pg)) else { continue }
                    pages.append(page)
                }
                // A certification signature names the DocMDP transform (PDF 32000-1 §12.8.2.2).
                var certification: Int?
                for reference in resolved(value["Reference"], in: core)?.arrayValue ?? [] {
                    guard let r = resolved(reference, in: core)?.dictionaryValue, r["TransformMethod"]?.nameValue == "DocMDP" else { continue }
                    certification = resolved(r["TransformParams"], in: core)?.dictionaryValue?["P"]?.number.map { Int($0) } ?? 2
                }
                out.append(SignatureField(name: name, byteRange: range.map { Int($0) }, pages: pages,
                                          reason: value["Reason"]?.textValue, location: value["Location"]?.textValue,
                                          certification: certification))
            }
        }
        walk(top, parentName: nil, inheritedType: nil)
        return out
    }

    private static func resolved(_ value: PDFObject?, in core: CoreDocument) -> PDFObject? {
        if case .reference(let n, let g)? = value { return core.object(ObjectRef(n, g)) }
        return value
    }

    /// Checks every signature of the file at `path` (blocking: cryptography and reading the
    /// file twice). An empty list when it has none or cannot be read.
    public static func check(path: String, password: String?) -> [SignatureReport] {
        guard let core = try? CoreDocument.open(path: path, password: password) else { return [] }
        let signed = fields(in: core)
        guard !signed.isEmpty else { return [] }
        var info = stat()
        let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        var validations: [String: PopplerDocument.SignatureValidation] = [:]
        if let document = try? PopplerDocument.open(path: path, password: password) {
            let pages = Set(signed.flatMap(\.pages))
            let scan = pages.isEmpty ? (0..<document.pageCount).map(PageIndex.init) : pages.sorted()
            for v in document.validatedSignatures(on: scan) { validations[v.field] = v }
        }
        return signed.map { field in
            let v = validations[field.name]
            let whole = field.signedLength == size
            return SignatureReport(field: field.name, signer: v?.signer, signingTime: v?.signingTime, status: v?.status ?? .unknown,
                                   certificate: v?.certificate ?? .unknown, coversWholeFile: whole, signedLength: field.signedLength,
                                   changesAfter: whole ? [] : changes(in: core, path: path, password: password, after: field.signedLength),
                                   reason: field.reason, location: field.location, certification: field.certification)
        }
    }

    /// The signed revision of the file at `path`: its first `length` bytes, written to a file
    /// of its own (read-only) in `folder`. `nil` when it cannot be written.
    public static func writeRevision(of path: String, length: Int, named name: String, in folder: String) -> String? {
        guard let all = FileManager.default.contents(atPath: path), all.count >= length, length > 0 else { return nil }
        let bytes = all.prefix(length)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = folder + "/" + name
        if FileManager.default.fileExists(atPath: target) {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
            try? FileManager.default.removeItem(atPath: target)
        }
        guard FileManager.default.createFile(atPath: target, contents: bytes, attributes: [.posixPermissions: 0o444]) else { return nil }
        return target
    }

    /// What the revisions after the first `length` bytes changed: each object they defined or
    /// redefined, compared with the signed revision's.
    static func changes(in core: CoreDocument, path: String, password: String?, after length: Int) -> [SignatureReport.Change] {
        let later = core.objects(definedAfter: length)
        guard !later.isEmpty else { return [] }
        let folder = FileManager.default.temporaryDirectory.path + "/pdf-annotator-revision-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let revisionPath = writeRevision(of: path, length: length, named: "revision.pdf", in: folder),
              let revision = try? CoreDocument.open(path: revisionPath, password: password) else { return [.other] }
        var kinds: Set<SignatureReport.Change> = []
        for ref in later {
            if let kind = change(from: revision.object(ref), to: core.object(ref)) { kinds.insert(kind) }
        }
        return kinds.sorted()
    }

    /// Object types that only serve other objects (fonts, pictures, appearance streams, the
    /// update's own cross-reference stream): their change is the change of what uses them.
    private static let supportingTypes: Set<String> = [
        "Font", "FontDescriptor", "Encoding", "XObject", "ExtGState", "Pattern", "Shading", "Group", "Mask", "Metadata",
        "XRef", "ObjStm", "Border", "Filespec", "EmbeddedFile", "Action", "Sig", "OCG", "OCMD",
    ]

    /// The kind of one object's change; `nil` when it says nothing on its own.
    static func change(from old: PDFObject?, to new: PDFObject?) -> SignatureReport.Change? {
        guard let value = new ?? old else { return nil }
        if case .array(let items) = value {
            // A list of annotations (a page's /Annots as an object of its own).
            return items.allSatisfy({ if case .reference = $0 { return true } else { return false } }) ? .annotations : .other
        }
        guard let d = value.dictionaryValue else { return old == nil ? nil : .other }
        let type = d["Type"]?.nameValue
        // Streams (their dictionaries have a /Length) serve what refers to them.
        if d["Length"] != nil || type.map(supportingTypes.contains) == true { return nil }
        let changed = changedKeys(old?.dictionaryValue, d)
        if type == "Page" {
            return old != nil && changed.subtracting(["Annots"]).isEmpty ? .annotations : .pages
        }
        if type == "Pages" { return .pages }
        if type == "Catalog" {
            return changed.subtracting(["AcroForm"]).isEmpty ? .formValues : .other
        }
        let formKeys: Set<String> = ["V", "AS", "AP", "M", "NeedAppearances"]
        if d["Subtype"] != nil && d["Rect"] != nil {
            guard d["Subtype"]?.nameValue == "Widget" else { return .annotations }
            return old != nil && changed.isSubset(of: formKeys) ? .formValues : .other
        }
        if d["FT"] != nil || d["T"] != nil || d["Fields"] != nil {
            return old != nil && changed.isSubset(of: formKeys.union(["Fields", "DR", "DA"])) ? .formValues : .other
        }
        // The document information (producer, dates) changes with every save.
        if d["Producer"] != nil || d["ModDate"] != nil || d["CreationDate"] != nil { return nil }
        return old == nil ? nil : .other
    }

    private static func changedKeys(_ old: PDFDictionary?, _ new: PDFDictionary) -> Set<String> {
        guard let old else { return Set(new.keys) }
        var keys = Set(old.keys).union(new.keys)
        keys = keys.filter { old[$0] != new[$0] }
        return keys
    }
}
