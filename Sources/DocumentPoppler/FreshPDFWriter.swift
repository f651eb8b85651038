// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// A new PDF file built object by object (pages extracted from a document): numbered from 1,
/// written with a classic cross-reference table, holding exactly the objects it was given.
final class FreshPDFWriter: PDFObjectWriting {
    private enum Entry {
        case object(PDFObject)
        case stream(PDFDictionary, [UInt8])
    }
    private var entries: [Entry] = []

    func reserve() throws(CoreDocumentError) -> ObjectRef {
        entries.append(.object(.null))
        return ObjectRef(entries.count, 0)
    }

    func set(_ object: PDFObject, at ref: ObjectRef) throws(CoreDocumentError) {
        guard ref.generation == 0, entries.indices.contains(ref.number - 1) else { throw .rejected("object \(ref)") }
        entries[ref.number - 1] = .object(object)
    }

    func addStream(_ dictionary: PDFDictionary, storedData data: [UInt8]) throws(CoreDocumentError) -> ObjectRef {
        entries.append(.stream(dictionary, data))
        return ObjectRef(entries.count, 0)
    }

    func add(_ object: PDFObject) throws(CoreDocumentError) -> ObjectRef {
        let ref = try reserve()
        try set(object, at: ref)
        return ref
    }

    /// The file, with `root` as its catalog and `info` (if any) as its information dictionary.
    func bytes(root: ObjectRef, info: ObjectRef? = nil) -> [UInt8] {
        var out: [UInt8] = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8)
            switch entry {
            case .object(let object):
                out += PDFSyntaxWriter.bytes(object)
            case .stream(var dictionary, let data):
                dictionary["Length"] = .integer(data.count)
                out += PDFSyntaxWriter.bytes(.dictionary(dictionary))
                out += Array("\nstream\n".utf8)
                out += data
                out += Array("\nendstream".utf8)
            }
            out += Array("\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(entries.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            out += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
        }
        var trailer = PDFDictionary([("Size", .integer(entries.count + 1)), ("Root", .reference(root.number, root.generation))])
        if let info { trailer["Info"] = .reference(info.number, info.generation) }
        out += Array("trailer\n".utf8) + PDFSyntaxWriter.bytes(.dictionary(trailer))
        out += Array("\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}
