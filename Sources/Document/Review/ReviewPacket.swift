// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// One packet of a shared review: the changes one device made at once, as an XFDF document
/// (ISO 19444-1) holding the changed annotations, a `<delete>` list for the deleted ones, the
/// document's /ID in `<ids>`, and a `<review>` element in the app's own namespace saying which
/// device wrote it and what each change was made from (see ``ReviewChange``). Other XFDF
/// readers skip that element and read the annotations.
///
/// A device's packets follow each other in one file, `<device>.xfdf-review`, each framed as
/// `%REVIEW-PACKET <byte length>\n` and the XML, so a reader takes the whole packets and leaves
/// a torn or half-synced tail for later.
public struct ReviewPacket: Sendable {
    public var device: String
    /// The document's permanent /ID (or the key it is remembered by when it has none).
    public var documentID: String
    /// The packet's place in its device's file (1, 2, …).
    public var sequence: Int
    public var changes: [ReviewChange]
    public init(device: String, documentID: String, sequence: Int, changes: [ReviewChange]) {
        self.device = device
        self.documentID = documentID
        self.sequence = sequence
        self.changes = changes
    }
}

extension ReviewPacket {
    /// The namespace of the `<review>` element.
    public static let namespace = "urn:x-pdf-annotator:shared-review"
    /// The name ending of a device's file.
    public static let fileSuffix = ".xfdf-review"
    static let marker = Array("%REVIEW-PACKET ".utf8)

    /// The file a device writes its packets to.
    public static func fileName(device: String) -> String { device + fileSuffix }

    /// The device a packet file belongs to; `nil` for any other file.
    public static func device(ofFile name: String) -> String? {
        guard name.hasSuffix(fileSuffix), name.count > fileSuffix.count, !name.hasPrefix(".") else { return nil }
        return String(name.dropLast(fileSuffix.count))
    }

    /// The packet as XFDF: `annotations` are the changed ones that are not deleted (their
    /// pop-ups found by `popup`, coordinates shifted by `origin`, a reply's parent outside the
    /// packet named by `nameOf`).
    public func xml(annotations: [Annotation], popup: (Annotation) -> Annotation?, origin: (PageIndex) -> Point,
                    nameOf: (String) -> String?) -> String {
        func attr(_ v: String) -> String { XFDFFormat.escaped(v, attribute: true) }
        var trailer = ""
        let deleted = changes.filter(\.version.deleted)
        if !deleted.isEmpty {
            trailer += "  <delete>\n"
            for change in deleted { trailer += "    <id>" + XFDFFormat.escaped(change.name, attribute: false) + "</id>\n" }
            trailer += "  </delete>\n"
        }
        trailer += "  <review xmlns=\"\(Self.namespace)\" device=\"\(attr(device))\" sequence=\"\(sequence)\">\n"
        for change in changes {
            trailer += "    <change name=\"\(attr(change.name))\""
            if let base = change.base { trailer += " base=\"\(attr(base))\"" }
            if let date = change.version.modified { trailer += " date=\"\(attr(date))\"" }
            if change.version.deleted { trailer += " deleted=\"yes\"" }
            trailer += "/>\n"
        }
        trailer += "  </review>\n"
        return XFDFWriter.write(annotations, popup: popup, origin: origin, ids: (documentID, documentID), nameOf: nameOf,
                                trailer: trailer).xml
    }

    /// Reads a packet's `<review>` element and `<ids>` out of its XFDF tree and takes the
    /// `<review>` element out (so what is left is plain XFDF); `nil` when the tree has none.
    public static func header(removingFrom root: inout MarkupElement) -> ReviewPacket? {
        guard let index = root.children.firstIndex(where: { $0.localName == "review" && $0[attribute: "xmlns"] == namespace }) else {
            return nil
        }
        let review = root.children.remove(at: index)
        let documentID = root.child("ids")?[attribute: "original"] ?? ""
        var changes: [ReviewChange] = []
        for c in review.children where c.localName == "change" {
            guard let name = c[attribute: "name"], !name.isEmpty else { continue }
            changes.append(ReviewChange(name: name, base: c[attribute: "base"],
                                        version: ReviewVersion(modified: c[attribute: "date"], deleted: c[attribute: "deleted"] == "yes")))
        }
        return ReviewPacket(device: review[attribute: "device"] ?? "", documentID: documentID,
                            sequence: review[attribute: "sequence"].flatMap { Int($0) } ?? 0, changes: changes)
    }

    /// `xml` framed for a packet file.
    public static func framed(_ xml: String) -> [UInt8] {
        let body = Array(xml.utf8)
        return marker + Array("\(body.count)\n".utf8) + body
    }

    /// The whole packets of a packet file from byte `offset` on: their bodies, where the last
    /// whole one ends (what to read from next time), and whether the bytes there are not a
    /// packet's frame at all (a damaged file, not merely a packet still arriving).
    public static func split(_ bytes: [UInt8], from offset: Int) -> (bodies: [ArraySlice<UInt8>], end: Int, damaged: Bool) {
        var bodies: [ArraySlice<UInt8>] = []
        var at = max(0, min(offset, bytes.count))
        while at < bytes.count {
            let rest = bytes[at...]
            // A frame still arriving (shorter than its marker) is not damage.
            guard rest.count >= marker.count else { return (bodies, at, !marker.starts(with: rest)) }
            guard rest.starts(with: marker) else { return (bodies, at, true) }
            var i = at + marker.count
            var length = 0
            var digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 12 {
                length = length * 10 + Int(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            guard i < bytes.count else { return (bodies, at, false) }
            guard digits > 0, bytes[i] == 0x0A else { return (bodies, at, true) }
            let start = i + 1
            guard bytes.count - start >= length else { return (bodies, at, false) }
            bodies.append(bytes[start..<start + length])
            at = start + length
        }
        return (bodies, at, false)
    }
}
