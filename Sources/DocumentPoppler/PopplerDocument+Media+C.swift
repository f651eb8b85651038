// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// A page's media annotations as links that play them (``LinkTarget/media(_:)``): /Screen
    /// annotations whose action is a rendition, /Movie and /Sound annotations. The caller holds
    /// `renderLock`.
    func mediaLinksLocked(on page: Int) -> [LinkInfo] {
        let entry = annotationsLocked(page: page)
        return zip(entry.annots, entry.infos).compactMap { annot, info in
            switch info.subtype {
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
    /// whole; a /Movie names its file (outside the document); a /Sound's samples are read by the core
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
        case .movie:
            return annot.withPointer { a -> MediaClip in
                guard let movie = poppler_annot_movie_get_movie(a), let file = poppler_movie_get_filename(movie) else {
                    return .unplayable("the movie names no file")
                }
                return .external(String(cString: file))
            }
        case .sound:
            // poppler-glib 22.12 does not read sound annotations: the core reader does.
            guard let wav = SoundClip.wav(path: path, password: password, page: PageIndex(page), rect: entry.infos[index].rect) else {
                return .unplayable("the sound's samples cannot be read")
            }
            return .embedded(bytes: wav, mimeType: "audio/x-wav", name: "sound.wav")
        default:
            return nil
        }
    }
}
