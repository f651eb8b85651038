// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import PopplerBridge

/// The media of a /RichMedia annotation, or the movie file of a /Movie annotation, as poppler's
/// core reads them (poppler-glib 22.12 has neither): which file the annotation plays, whether
/// the document carries it, and its bytes when asked. Wraps `ann_media_list`, `ann_media_free`.
public struct EmbeddedMedia: Hashable, Sendable {
    /// Which annotation kind carries it.
    public enum Kind: Hashable, Sendable {
        case richMedia, movie
    }

    /// Whether the file can be played from the document.
    public enum Status: Hashable, Sendable {
        /// The document carries the file.
        case embedded
        /// The file is outside the document (``name`` names it).
        case external
        /// There is no file to play (no assets, or an instance naming one that is not there).
        case missing
        /// The document carries the file, but its data cannot be read.
        case unreadable
        /// The file is larger than ``maximumBytes``.
        case tooLarge
    }

    /// Its place in the page's annotation list as poppler numbers it.
    public var annotationIndex: Int
    public var kind: Kind
    /// The annotation's /Rect in the convention of ``AnnotationInfo/rect``.
    public var rect: Rect
    public var status: Status
    /// A RichMedia instance's /Subtype ("Video", "Sound", "Flash"), when one was chosen.
    public var contentType: String?
    /// The asset's or file's name as the document writes it: never a path to use unsanitised.
    public var name: String?
    /// The embedded file's MIME type (/Subtype of its stream), when given.
    public var mimeType: String?
    /// The file's bytes, read only for the entry asked for.
    public var bytes: [UInt8]?

    /// The largest file read into memory to be played (1 GiB).
    public static let maximumBytes = 1 << 30

    /// A page's /RichMedia and /Movie annotations in `path` (the file on disk), with the bytes of
    /// the `reading`-th of them; `nil` when the file or page cannot be read.
    ///
    /// Opens its own copy of the document: any thread.
    public static func list(path: String, password: String?, page: PageIndex, reading: Int? = nil,
                            maximumBytes: Int = maximumBytes) -> [EmbeddedMedia]? {
        var items: UnsafeMutablePointer<ann_media_item>?
        let count = ann_media_list(path, password, Int32(page.rawValue), Int32(reading ?? -1), maximumBytes, &items)
        guard count >= 0 else { return nil }
        defer { ann_media_free(items, count) }
        guard let items else { return [] }
        return (0..<Int(count)).map { EmbeddedMedia(items[$0]) }
    }

    /// Whether it is the annotation poppler-glib reported at `rect` (the same /Rect within a
    /// point).
    public func covers(_ rect: Rect) -> Bool { Self.sameArea(self.rect, rect) }

    /// Whether two rectangles are the same /Rect within a point.
    public static func sameArea(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1 && abs(a.minY - b.minY) < 1 && abs(a.width - b.width) < 1 && abs(a.height - b.height) < 1
    }

    /// What to play: the embedded bytes, the outside file, or why neither.
    public var clip: MediaClip {
        switch status {
        case .embedded:
            guard let bytes else { return .unplayable("the embedded media was not read") }
            return .embedded(bytes: bytes, mimeType: mimeType, name: name)
        case .external:
            guard let name else { return .unplayable("the media names no file") }
            return .external(name)
        case .missing:
            return .unplayable(kind == .richMedia ? "the rich media annotation carries no video or sound" : "the movie names no file")
        case .unreadable:
            return .unplayable("the embedded media file cannot be read")
        case .tooLarge:
            return .unplayable("the embedded media file is too large")
        }
    }
}

extension EmbeddedMedia {
    /// The bridge's item as a value (its bytes copied).
    init(_ item: ann_media_item) {
        let status: Status
        switch item.status {
        case ANN_MEDIA_EMBEDDED: status = .embedded
        case ANN_MEDIA_EXTERNAL: status = .external
        case ANN_MEDIA_UNREADABLE: status = .unreadable
        case ANN_MEDIA_TOO_LARGE: status = .tooLarge
        default: status = .missing
        }
        let r = item.rect
        self.init(
            annotationIndex: Int(item.annot_index), kind: item.kind == ANN_MEDIA_MOVIE ? .movie : .richMedia,
            rect: Rect(corner: Point(x: r.0, y: r.1), corner: Point(x: r.2, y: r.3)), status: status,
            contentType: item.content_type.map { String(cString: $0) }, name: item.name.map { String(cString: $0) },
            mimeType: item.mime_type.map { String(cString: $0) },
            bytes: item.data.map { Array(UnsafeBufferPointer(start: $0, count: item.length)) })
    }
}
