// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// Every file the document carries: the catalog's /EmbeddedFiles ("e0", "e1" …, in name
    /// tree order), then each page's /FileAttachment annotations (their annotation ids, "p2-a5").
    /// Wraps `poppler_document_get_attachments`, `poppler_annot_file_attachment_get_attachment`.
    ///
    /// Takes the render lock, and reads every page's annotation list: call it from the render
    /// worker.
    public func attachments() -> [AttachmentInfo] {
        renderLock.lock()
        defer { renderLock.unlock() }
        var out: [AttachmentInfo] = []
        for (index, attachment) in embeddedAttachmentsLocked().enumerated() {
            out.append(Self.info(of: attachment, id: "e\(index)", page: nil, contents: nil))
        }
        for page in 0..<pageCount {
            let entry = annotationsLocked(page: page)
            for (annot, info) in zip(entry.annots, entry.infos) where info.subtype == .fileAttachment {
                guard let attachment = Self.attachment(of: annot) else { continue }
                out.append(Self.info(of: attachment, id: info.id, page: PageIndex(page), contents: info.contents))
            }
        }
        return out
    }

    /// The bytes of the attachment `id` names (see ``attachments()``), or `nil` when there is
    /// none or poppler cannot read it. Wraps `poppler_attachment_save_to_callback`.
    public func attachmentData(_ id: String) -> [UInt8]? {
        renderLock.lock()
        defer { renderLock.unlock() }
        let attachment: GObjectRef?
        if id.hasPrefix("e"), let index = Int(id.dropFirst()) {
            let all = embeddedAttachmentsLocked()
            attachment = all.indices.contains(index) ? all[index] : nil
        } else if let (page, index) = Self.parseAnnotationID(id), (0..<pageCount).contains(page) {
            let entry = annotationsLocked(page: page)
            attachment = entry.annots.indices.contains(index) && entry.infos[index].subtype == .fileAttachment
                ? Self.attachment(of: entry.annots[index]) : nil
        } else {
            attachment = nil
        }
        guard let attachment else { return nil }
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let saved = attachment.withPointer { a -> Bool in
            let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: PopplerAttachment.self)
            return withExtendedLifetime(sink) {
                poppler_attachment_save_to_callback(raw, { buffer, count, data, _ in
                    guard let data else { return 0 }
                    let sink = Unmanaged<Sink>.fromOpaque(data).takeUnretainedValue()
                    if let buffer, count > 0 {
                        buffer.withMemoryRebound(to: UInt8.self, capacity: Int(count)) {
                            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(count)))
                        }
                    }
                    return 1
                }, Unmanaged.passUnretained(sink).toOpaque(), nil) != 0
            }
        }
        return saved ? sink.bytes : nil
    }

    /// The catalog's embedded files, each retained. The caller holds `renderLock`.
    private func embeddedAttachmentsLocked() -> [GObjectRef] {
        document.withPointer { doc in
            guard poppler_document_has_attachments(doc) != 0 else { return [] }
            let list = poppler_document_get_attachments(doc)
            defer { g_list_free_full(list) { g_object_unref($0) } }
            var out: [GObjectRef] = []
            var node = list
            while let current = node {
                if let data = current.pointee.data { out.append(GObjectRef(retaining: OpaquePointer(data))) }
                node = current.pointee.next
            }
            return out
        }
    }

    /// A /FileAttachment annotation's file (a new reference), or `nil`.
    private static func attachment(of annot: GObjectRef) -> GObjectRef? {
        annot.withPointer { a in
            guard let file = poppler_annot_file_attachment_get_attachment(a)
            else { return nil }
            return GObjectRef(adopting: OpaquePointer(file))
        }
    }

    private static func info(of attachment: GObjectRef, id: String, page: PageIndex?, contents: String?) -> AttachmentInfo {
        attachment.withPointer { a in
            let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: PopplerAttachment.self)
            let name = poppler_attachment_get_name(raw).map { String(cString: $0) } ?? ""
            let description = poppler_attachment_get_description(raw).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            let size = Int(poppler_attachment_get_size(raw))
            return AttachmentInfo(id: id, name: name, description: description ?? contents, size: size > 0 ? size : nil, page: page)
        }
    }
}
