// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import PopplerBridge

/// Owns one `ann_pdf*` from the bridge and closes it in `deinit`.
final class CoreHandle {
    let pointer: OpaquePointer
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }
    deinit { ann_pdf_close(pointer) }
}

extension CoreDocument {
    /// The poppler version the bridge was built against.
    public static var popplerVersion: String { String(cString: ann_pdf_poppler_version()) }

    /// Opens `path` for editing. Wraps `ann_pdf_open`.
    public static func open(path: String, password: String?) throws(CoreDocumentError) -> CoreDocument {
        var status = ANN_PDF_OK
        guard let pointer = ann_pdf_open_with_scratch(path, password, scratchFolder, &status) else {
            switch status {
            case ANN_PDF_ERROR_PASSWORD:
                throw .open(password == nil ? .passwordRequired(path: path) : .wrongPassword(path: path))
            case ANN_PDF_ERROR_OPEN:
                throw .open(.notReadable(path: path, reason: "it could not be opened"))
            default:
                throw .open(.damaged(path: path, reason: "it is damaged"))
            }
        }
        return CoreDocument(path: path, handle: CoreHandle(adopting: pointer))
    }

    public var pageCount: Int { locked { Int(ann_pdf_page_count(handle.pointer)) } }
    public var isEncrypted: Bool { locked { ann_pdf_is_encrypted(handle.pointer) != 0 } }
    public var isModified: Bool { locked { ann_pdf_is_modified(handle.pointer) != 0 } }

    /// The lower-left corner of the page's crop box (the origin of the editor's coordinates)
    /// and its /Rotate. Wraps `ann_pdf_page_geometry`.
    public func pageGeometry(_ page: PageIndex) -> (cropOrigin: Point, rotation: PageRotation)? {
        locked {
            var box = [0.0, 0, 0, 0]
            var rotate: Int32 = 0
            guard ann_pdf_page_geometry(handle.pointer, Int32(page.rawValue), &box, &rotate) == ANN_PDF_OK else { return nil }
            return (Point(x: min(box[0], box[2]), y: min(box[1], box[3])), PageRotation(degrees: Int(rotate)))
        }
    }

    /// The document catalog's reference (the trailer's /Root). Wraps `ann_pdf_catalog_ref`.
    public var catalogRef: ObjectRef? {
        locked {
            let r = ann_pdf_catalog_ref(handle.pointer)
            return r.num < 0 ? nil : ObjectRef(Int(r.num), Int(r.gen))
        }
    }

    public func pageRef(_ page: PageIndex) -> ObjectRef? {
        locked {
            let r = ann_pdf_page_ref(handle.pointer, Int32(page.rawValue))
            return r.num < 0 ? nil : ObjectRef(Int(r.num), Int(r.gen))
        }
    }

    /// The page's /Annots entries in order; `nil` for an annotation written inline (not an
    /// indirect object).
    public func annotationRefs(on page: PageIndex) -> [ObjectRef?] {
        pageRef(page).map { annotationRefs(onPageObject: $0) } ?? []
    }

    /// The /Annots entries of the page object `page` (any page object, in the tree or put there
    /// by this session). Wraps `ann_pdf_page_object_annots`.
    public func annotationRefs(onPageObject page: ObjectRef) -> [ObjectRef?] {
        locked {
            var refs: UnsafeMutablePointer<ann_pdf_ref>?
            let count = ann_pdf_page_object_annots(handle.pointer, Self.raw(page), &refs)
            defer { ann_pdf_free(refs) }
            guard count > 0, let refs else { return [] }
            return (0..<Int(count)).map { refs[$0].num < 0 ? nil : ObjectRef(Int(refs[$0].num), Int(refs[$0].gen)) }
        }
    }

    /// The page's /Annots entries in order: each one's reference (`nil` for an annotation written
    /// inline) and its dictionary (`nil` when it is not one).
    public func annotationEntries(on page: PageIndex) -> [(ref: ObjectRef?, dictionary: PDFDictionary?)] {
        pageRef(page).map { annotationEntries(onPageObject: $0) } ?? []
    }

    /// The same for the page object `page`. Wraps `ann_pdf_page_object_annots` and
    /// `ann_pdf_page_object_annot_text`.
    public func annotationEntries(onPageObject page: ObjectRef) -> [(ref: ObjectRef?, dictionary: PDFDictionary?)] {
        let refs = annotationRefs(onPageObject: page)
        return refs.enumerated().map { index, ref in
            if let ref { return (ref, object(ref)?.dictionaryValue) }
            let bytes: [UInt8]? = locked {
                var length = 0
                guard let text = ann_pdf_page_object_annot_text(handle.pointer, Self.raw(page), Int32(index), &length) else { return nil }
                defer { ann_pdf_free(text) }
                return text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            }
            return (nil, bytes.flatMap { try? PDFSyntaxParser.parse($0) }?.dictionaryValue)
        }
    }

    /// Replaces the page's /Annots with `entries`: new references, and entries of the current
    /// array kept by position exactly as they are.
    public func setAnnotationEntries(_ entries: [AnnotsEntry], on page: PageIndex) throws(CoreDocumentError) {
        guard let ref = pageRef(page) else { throw .rejected("page \(page.displayNumber)'s annotation list") }
        try setAnnotationEntries(entries, onPageObject: ref)
    }

    /// The same for the page object `page`. Wraps `ann_pdf_set_page_object_annots`.
    public func setAnnotationEntries(_ entries: [AnnotsEntry], onPageObject page: ObjectRef) throws(CoreDocumentError) {
        let raw = entries.map { entry -> ann_pdf_annots_entry in
            switch entry {
            case .reference(let ref): ann_pdf_annots_entry(ref: Self.raw(ref), kept: -1)
            case .kept(let index): ann_pdf_annots_entry(ref: ann_pdf_ref(num: -1, gen: 0), kept: Int32(index))
            }
        }
        let status = locked { raw.withUnsafeBufferPointer { ann_pdf_set_page_object_annots(handle.pointer, Self.raw(page), $0.baseAddress, Int32($0.count)) } }
        guard status == ANN_PDF_OK else { throw .rejected("the annotation list of page object \(page)") }
    }

    /// The objects the file defines (or defines again) at or after byte `offset`: what the
    /// revisions after one that ends there changed. Wraps `ann_pdf_objects_after`.
    public func objects(definedAfter offset: Int) -> [ObjectRef] {
        locked {
            var refs: UnsafeMutablePointer<ann_pdf_ref>?
            let count = ann_pdf_objects_after(handle.pointer, Int64(offset), &refs)
            defer { ann_pdf_free(refs) }
            guard count > 0, let refs else { return [] }
            return (0..<Int(count)).map { ObjectRef(Int(refs[$0].num), Int(refs[$0].gen)) }
        }
    }

    static func raw(_ ref: ObjectRef) -> ann_pdf_ref { ann_pdf_ref(num: Int32(ref.number), gen: Int32(ref.generation)) }

    /// Stream `ref`'s data as the file stores it (its filters not applied), or `nil` when it is
    /// not a stream of the file as opened or the file is encrypted. Wraps `ann_pdf_stream_raw`.
    public func rawStreamData(_ ref: ObjectRef) -> [UInt8]? {
        locked {
            var length = 0
            guard let data = ann_pdf_stream_raw(handle.pointer, Self.raw(ref), &length) else { return nil }
            defer { ann_pdf_free(data) }
            return Array(UnsafeBufferPointer(start: data, count: length))
        }
    }

    /// Adds a stream stored exactly as `data`, which `dictionary`'s /Filter and /DecodeParms
    /// describe (a stream copied from another file). Wraps `ann_pdf_add_raw_stream`.
    public func addRawStream(_ dictionary: PDFDictionary, data: [UInt8]) throws(CoreDocumentError) -> ObjectRef {
        try addStream(dictionary, data: data, with: ann_pdf_add_raw_stream)
    }

    /// The object `ref` as a value (a stream as its dictionary). Wraps `ann_pdf_object_text`.
    public func object(_ ref: ObjectRef) -> PDFObject? {
        let bytes: [UInt8]? = locked {
            var length = 0
            guard let text = ann_pdf_object_text(handle.pointer, ann_pdf_ref(num: Int32(ref.number), gen: Int32(ref.generation)), &length) else {
                return nil
            }
            defer { ann_pdf_free(text) }
            return text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        return bytes.flatMap { try? PDFSyntaxParser.parse($0) }
    }

    /// The document information dictionary (the trailer's /Info), if the document has one.
    /// Wraps `ann_pdf_info_text`.
    public var info: PDFDictionary? {
        let bytes: [UInt8]? = locked {
            var length = 0
            guard let text = ann_pdf_info_text(handle.pointer, &length) else { return nil }
            defer { ann_pdf_free(text) }
            return text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        return bytes.flatMap { try? PDFSyntaxParser.parse($0) }?.dictionaryValue
    }

    /// The trailer's /ID pair (permanent, changing) as upper-case hex, as XFDF's `<ids>` writes
    /// them; `nil` when the file has no /ID of two strings. Wraps `ann_pdf_trailer_id_text`.
    public var trailerID: (original: String, modified: String)? {
        let bytes: [UInt8]? = locked {
            var length = 0
            guard let text = ann_pdf_trailer_id_text(handle.pointer, &length) else { return nil }
            defer { ann_pdf_free(text) }
            return text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        guard let array = bytes.flatMap({ try? PDFSyntaxParser.parse($0) })?.arrayValue, array.count == 2,
              let original = array[0].stringBytes, let modified = array[1].stringBytes, !original.isEmpty else { return nil }
        func hex(_ b: [UInt8]) -> String {
            let digits = Array("0123456789ABCDEF")
            return String(b.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
        }
        return (hex(original), hex(modified))
    }

    /// The decoded data of stream `ref`, or `nil` when it is not a stream. Wraps `ann_pdf_stream_data`.
    public func streamData(_ ref: ObjectRef) -> [UInt8]? {
        locked {
            var length = 0
            guard let data = ann_pdf_stream_data(handle.pointer, ann_pdf_ref(num: Int32(ref.number), gen: Int32(ref.generation)), &length) else {
                return nil
            }
            defer { ann_pdf_free(data) }
            return Array(UnsafeBufferPointer(start: data, count: length))
        }
    }

    /// Replaces object `ref`. Wraps `ann_pdf_set_object`.
    public func setObject(_ object: PDFObject, at ref: ObjectRef) throws(CoreDocumentError) {
        let text = PDFSyntaxWriter.bytes(object)
        let status = locked {
            text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    ann_pdf_set_object(handle.pointer, ann_pdf_ref(num: Int32(ref.number), gen: Int32(ref.generation)), $0.baseAddress, $0.count)
                }
            }
        }
        guard status == ANN_PDF_OK else { throw .rejected("object \(ref)") }
    }

    /// Adds a new object and returns its reference. Wraps `ann_pdf_add_object`.
    public func add(_ object: PDFObject) throws(CoreDocumentError) -> ObjectRef {
        let text = PDFSyntaxWriter.bytes(object)
        let r = locked {
            text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { ann_pdf_add_object(handle.pointer, $0.baseAddress, $0.count) }
            }
        }
        guard r.num >= 0 else { throw .rejected("a new object") }
        return ObjectRef(Int(r.num), Int(r.gen))
    }

    /// Adds a new stream (stored compressed when that makes it smaller) and returns its
    /// reference. Wraps `ann_pdf_add_stream`.
    public func addStream(_ dictionary: PDFDictionary, data: [UInt8]) throws(CoreDocumentError) -> ObjectRef {
        try addStream(dictionary, data: data, with: ann_pdf_add_stream)
    }

    /// Adds a stream whose data is already encoded (`dictionary` names its /Filter, a JPEG's
    /// /DCTDecode say), stored as it is. Wraps `ann_pdf_add_encoded_stream`.
    public func addEncodedStream(_ dictionary: PDFDictionary, data: [UInt8]) throws(CoreDocumentError) -> ObjectRef {
        try addStream(dictionary, data: data, with: ann_pdf_add_encoded_stream)
    }

    private func addStream(
        _ dictionary: PDFDictionary, data: [UInt8],
        with add: (OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafePointer<UInt8>?, Int) -> ann_pdf_ref
    ) throws(CoreDocumentError) -> ObjectRef {
        let text = PDFSyntaxWriter.bytes(.dictionary(dictionary))
        let r = locked {
            text.withUnsafeBufferPointer { t in
                t.withMemoryRebound(to: CChar.self) { t in
                    data.withUnsafeBufferPointer { d in add(handle.pointer, t.baseAddress, t.count, d.baseAddress, d.count) }
                }
            }
        }
        guard r.num >= 0 else { throw .rejected("a new stream") }
        return ObjectRef(Int(r.num), Int(r.gen))
    }

    /// Replaces a stream added since opening, under the same reference (nothing orphaned).
    /// Wraps `ann_pdf_set_stream`.
    public func setStream(_ dictionary: PDFDictionary, data: [UInt8], at ref: ObjectRef) throws(CoreDocumentError) {
        let text = PDFSyntaxWriter.bytes(.dictionary(dictionary))
        let status = locked {
            text.withUnsafeBufferPointer { t in
                t.withMemoryRebound(to: CChar.self) { t in
                    data.withUnsafeBufferPointer { d in
                        ann_pdf_set_stream(handle.pointer, ann_pdf_ref(num: Int32(ref.number), gen: Int32(ref.generation)), t.baseAddress, t.count, d.baseAddress, d.count)
                    }
                }
            }
        }
        guard status == ANN_PDF_OK else { throw .rejected("stream \(ref)") }
    }

    /// Whether `ref` is an object added since opening. Wraps `ann_pdf_is_added`.
    public func isAdded(_ ref: ObjectRef) -> Bool {
        locked { ann_pdf_is_added(handle.pointer, ann_pdf_ref(num: Int32(ref.number), gen: Int32(ref.generation))) != 0 }
    }

    /// Removes the objects added since opening that nothing reaches any more (nor `keeping`),
    /// so that a save writes no orphans; returns them. Wraps `ann_pdf_drop_unreachable_keeping`.
    public func dropUnreachableObjects(keeping: [ObjectRef] = []) throws(CoreDocumentError) -> Set<ObjectRef> {
        let roots = keeping.map(Self.raw)
        let dropped: Set<ObjectRef>? = locked {
            var list: UnsafeMutablePointer<ann_pdf_ref>?
            let count = roots.withUnsafeBufferPointer { ann_pdf_drop_unreachable_keeping(handle.pointer, $0.baseAddress, Int32($0.count), &list) }
            defer { ann_pdf_free(list) }
            guard count >= 0 else { return nil }
            guard count > 0, let list else { return [] }
            return Set((0..<Int(count)).map { ObjectRef(Int(list[$0].num), Int(list[$0].gen)) })
        }
        guard let dropped else { throw .rejected("the unreachable objects") }
        return dropped
    }

    /// Starts a new list of the objects changed from now on (a save takes what came before).
    /// Wraps `ann_pdf_mark`.
    public func mark() { locked { ann_pdf_mark(handle.pointer) } }

    /// Carries the objects `other` changed since its last ``mark()`` into this document (the
    /// file `other` just saved, reopened), under the same numbers. Wraps `ann_pdf_take_changes`.
    public func takeChanges(from other: CoreDocument) throws(CoreDocumentError) {
        let status = other.locked { locked { ann_pdf_take_changes(handle.pointer, other.handle.pointer) } }
        guard status == ANN_PDF_OK else { throw .rejected("the changes made while saving") }
    }

    /// Writes the original bytes and the edits as an incremental update to exactly `path`.
    /// Wraps `ann_pdf_save`.
    public func save(to path: String) throws(CoreDocumentError) {
        let status = locked { ann_pdf_save(handle.pointer, path) }
        guard status == ANN_PDF_OK else { throw .write(path: path) }
    }

    /// The bytes a save would write, as the original bytes (shared) and the update the edits
    /// make (computed without touching the original). Wraps `ann_pdf_update` and
    /// `ann_pdf_original`.
    public func editedBytes() throws(CoreDocumentError) -> EditedBytes {
        lock.lock()
        defer { lock.unlock() }
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard ann_pdf_update(handle.pointer, &data, &length) == ANN_PDF_OK else { throw .write(path: "memory") }
        defer { ann_pdf_free(data) }
        let update = data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        var originalLength = 0
        let original = ann_pdf_original(handle.pointer, &originalLength)
        return EditedBytes(owner: self, original: UnsafeRawBufferPointer(start: original, count: originalLength), update: update)
    }

    /// The bytes ``save(to:)`` would write. Wraps `ann_pdf_save_to_memory`.
    public func savedBytes() throws(CoreDocumentError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard ann_pdf_save_to_memory(handle.pointer, &data, &length) == ANN_PDF_OK, let data else {
            throw .write(path: "memory")
        }
        defer { ann_pdf_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}
