// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// A page's media annotations as links that play them (``LinkTarget/media(_:)``): /Screen
    /// annotations whose action is a rendition, /Movie, /Sound and /RichMedia annotations (the
    /// last are `.unknown` to poppler-glib: poppler's core says which they are,
    /// ``EmbeddedMedia``). The caller holds `renderLock`.
    func mediaLinksLocked(on page: Int) -> [LinkInfo] {
        let entry = annotationsLocked(page: page)
        // Read only for a page with annotations poppler-glib does not know: from the document in
        // memory for a page whose place is not the file's.
        var richMedia: [Rect]?
        return zip(entry.annots, entry.infos).compactMap { annot, info in
            switch info.subtype {
            case .unknown, .richMedia:
                if richMedia == nil {
                    richMedia = readsMediaInMemory(page)
                        ? memoryAnnotations(on: page, subtype: "RichMedia").map(\.rect)
                        : EmbeddedMedia.list(path: path, password: password, page: PageIndex(page))?.filter { $0.kind == .richMedia }.map(\.rect) ?? []
                }
                guard richMedia?.contains(where: { EmbeddedMedia.sameArea($0, info.rect) }) == true else { return nil }
            case .screen:
                let plays = annot.withPointer { a -> Bool in
                    guard let action = poppler_annot_screen_get_action(a) else { return false }
                    return action.pointee.type == POPPLER_ACTION_RENDITION
                }
                guard plays else { return nil }
            case .movie, .sound: break
            default: return nil
            }
            guard !info.isHidden else { return nil }
            return LinkInfo(id: "media-" + info.id, page: PageIndex(page), rect: info.rect, target: .media(info.id))
        }
    }

    /// What the media annotation `id` plays. Embedded clips of /Screen rendition actions are read
    /// whole; a /Movie's file embedded in the document (/F with /EF) and a /RichMedia's chosen
    /// asset are read by the core reader (``EmbeddedMedia``); any other /Movie names its file
    /// (outside the document); a /Sound's samples are read by the core
    /// reader from the file on disk (``SoundClip``) and given as a WAV. Wraps `poppler_annot_screen_get_action`,
    /// `poppler_media_is_embedded`, `poppler_media_save_to_callback`, `poppler_media_get_mime_type`,
    /// `poppler_media_get_filename`, `poppler_annot_movie_get_movie`, `poppler_movie_get_filename`.
    ///
    /// Takes the render lock: call it from the render worker.
    public func media(_ id: String) -> MediaClip? {
        guard let (page, index) = Self.parseAnnotationID(id), (0..<pageCount).contains(page) else { return nil }
        renderLock.lock()
        defer { renderLock.unlock() }
        let entry = annotationsLocked(page: page)
        guard entry.annots.indices.contains(index) else { return nil }
        let annot = entry.annots[index]
        switch entry.infos[index].subtype {
        case .screen:
            return annot.withPointer { a -> MediaClip in
                guard let action = poppler_annot_screen_get_action(a), action.pointee.type == POPPLER_ACTION_RENDITION,
                      let media = action.pointee.rendition.media else { return .unplayable("the rendition names no media clip") }
                let type = poppler_media_get_mime_type(media).map { String(cString: $0) }
                let name = poppler_media_get_filename(media).map { String(cString: $0) }
                guard poppler_media_is_embedded(media) != 0 else {
                    return name.map { .external($0) } ?? .unplayable("the media clip names no file")
                }
                final class Sink { var bytes: [UInt8] = [] }
                let sink = Sink()
                let saved = withExtendedLifetime(sink) {
                    poppler_media_save_to_callback(media, { buffer, count, data, _ in
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
                return saved ? .embedded(bytes: sink.bytes, mimeType: type, name: name) : .unplayable("the embedded clip cannot be read")
            }
        case .unknown, .richMedia:
            return embeddedMedia(page: page, rect: entry.infos[index].rect, kind: .richMedia)?.clip
        case .movie:
            if let movie = embeddedMedia(page: page, rect: entry.infos[index].rect, kind: .movie), movie.status != .external {
                return movie.clip
            }
            return annot.withPointer { a -> MediaClip in
                guard let movie = poppler_annot_movie_get_movie(a), let file = poppler_movie_get_filename(movie) else {
                    return .unplayable("the movie names no file")
                }
                return .external(String(cString: file))
            }
        case .sound:
            // poppler-glib 22.12 does not read sound annotations: the core reader does (the
            // editor's, in memory, for a page whose place is not the file's).
            let rect = entry.infos[index].rect
            let read = readsMediaInMemory(page) ? memorySound(page: page, rect: rect)
                : SoundClip.wav(path: path, password: password, page: PageIndex(page), rect: rect)
            guard let wav = read else {
                return .unplayable("the sound's samples cannot be read")
            }
            return .embedded(bytes: wav, mimeType: "audio/x-wav", name: "sound.wav")
        default:
            return nil
        }
    }

    /// The /RichMedia or /Movie annotation of `kind` at `rect` on `page`, as the core reads the
    /// file (or, for a page whose place is not the file's, the document in memory), its bytes
    /// read when the document carries them; `nil` when it has none there.
    private func embeddedMedia(page: Int, rect: Rect, kind: EmbeddedMedia.Kind) -> EmbeddedMedia? {
        if readsMediaInMemory(page) { return memoryMedia(page: page, rect: rect, kind: kind) }
        guard let listed = EmbeddedMedia.list(path: path, password: password, page: PageIndex(page)),
              let place = listed.firstIndex(where: { $0.kind == kind && $0.covers(rect) }) else { return nil }
        guard listed[place].status == .embedded else { return listed[place] }
        return EmbeddedMedia.list(path: path, password: password, page: PageIndex(page), reading: place)?[place]
    }
}
