// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

extension EditComposer {
    /// The side of a file attachment's paperclip icon, in points (Acrobat's is 20 × 20 or so).
    public static let attachmentIconSize = 24.0

    /// A /FileAttachment carrying `file`, its paperclip icon centred at `point` and kept on the
    /// page ("Attach File"): the file's name as its /Contents, so that lists and tooltips name it.
    public func attaching(_ file: EmbeddedFile, on page: PageIndex, at point: Point, pageSize: Size,
                          in source: AnnotationSource) -> EditRecord {
        let side = Self.attachmentIconSize
        let x = min(max(0, point.x - side / 2), max(0, pageSize.width - side))
        let y = min(max(0, point.y - side / 2), max(0, pageSize.height - side))
        let made = stamp(page)
        var a = Annotation(id: made.id, page: page, subtype: .fileAttachment, rect: Rect(x: x, y: y, width: side, height: side).quantized,
                           contents: file.description ?? AttachmentName.safe(file.name), author: made.author, modified: made.date,
                           uniqueName: made.name, iconName: "Paperclip")
        a.attachedFile = file
        return inserting(a, named: "Attach File", in: source)
    }
}
