// SPDX-License-Identifier: GPL-3.0-or-later
import CNettle
import Document

extension DocumentEditor {
    /// Gives a new /FileAttachment its file: an /EmbeddedFile stream (compressed when that makes
    /// it smaller) with /Params /Size, /CheckSum (MD5) and /ModDate, and a /Filespec naming it
    /// with /F and /UF, under /EF /F and /EF /UF (PDF 32000-1 §7.11.3–4, §12.5.6.15). Written
    /// once: a later write of the same annotation (a move, a colour) keeps the /FS it has.
    func embedAttachedFile(of a: Annotation, into d: inout PDFDictionary) throws(CoreDocumentError) {
        guard a.subtype == .fileAttachment, let file = a.attachedFile else { return }
        if case .reference(let n, let g)? = d["FS"], core.isAdded(ObjectRef(n, g)) || idsOnDisk.contains(a.id) { return }
        var params = PDFDictionary([("Size", .integer(file.bytes.count)), ("CheckSum", .string(Self.md5(file.bytes)))])
        if let date = a.modified ?? a.creationDate { params["ModDate"] = .text(date) }
        var stream = PDFDictionary([("Type", .name("EmbeddedFile"))])
        if let type = file.mimeType, !type.isEmpty { stream["Subtype"] = .name(type) }
        stream["Params"] = .dictionary(params)
        let data = try core.addStream(stream, data: file.bytes)
        let name = AttachmentName.safe(file.name)
        let ascii = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.isASCII ? $0 : "_" }))
        var spec = PDFDictionary([("Type", .name("Filespec")), ("F", .string(Array(ascii.utf8))), ("UF", .text(name))])
        if let description = file.description, !description.isEmpty { spec["Desc"] = .text(description) }
        let ref = PDFObject.reference(data.number, data.generation)
        spec["EF"] = .dictionary(PDFDictionary([("F", ref), ("UF", ref)]))
        let specRef = try core.add(.dictionary(spec))
        d["FS"] = .reference(specRef.number, specRef.generation)
        if d["Name"] == nil { d["Name"] = .name("Paperclip") }
    }

    /// The MD5 digest of `bytes` (nettle).
    static func md5(_ bytes: [UInt8]) -> [UInt8] {
        var context = md5_ctx()
        nettle_md5_init(&context)
        bytes.withUnsafeBufferPointer { nettle_md5_update(&context, $0.count, $0.baseAddress) }
        var digest = [UInt8](repeating: 0, count: Int(MD5_DIGEST_SIZE))
        nettle_md5_digest(&context, digest.count, &digest)
        return digest
    }
}
