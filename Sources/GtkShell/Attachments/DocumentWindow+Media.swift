// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry
import Platform

/// The sound or video playing in the window (at most one): its annotation, the stream, and the
/// popover over the annotation that shows it with play, pause and seek.
@MainActor
final class WindowMedia {
    var annotation: String?
    var stream: GObjectHandle<UnsafeMutablePointer<GtkMediaStream>>?
    var popover: UnsafeMutablePointer<GtkWidget>?
    /// Why the last clip could not be played, until another one plays.
    var error: String?
    /// The external address the user is asked about.
    var asking: String?

    /// For the state dump: what plays, and how far.
    var snapshot: (id: String, playing: Bool, ended: Bool, seconds: Double)? {
        guard let annotation, let stream else { return nil }
        let s = stream.pointer
        return (annotation, gtk_media_stream_get_playing(s) != 0, gtk_media_stream_get_ended(s) != 0,
                Double(gtk_media_stream_get_timestamp(s)) / 1_000_000)
    }
}

/// Media annotations (/Screen with a rendition action, /Movie, /Sound, /RichMedia) play in place
/// when clicked or tapped, never by themselves: in a popover over the annotation with GTK's media controls
/// (play, pause, seek) and, for video, the picture; GStreamer decodes them (GTK's media
/// backend). A clip carried in the document is copied to a private folder first; one from
/// outside the document is played only after the user agrees, as an external link.
extension DocumentWindow {
    func installMediaPlayback() {
        canvas.onPlayMedia = { [weak self] id in self?.playMedia(id) }
    }

    func playMedia(_ id: String) {
        guard content == .document, let queue = canvas.tiles.queue,
              let document = editing?.renderSource.document ?? editorMaking?.renderSource.document ?? document else { return }
        queue.perform { [weak self] in
            let clip = document.media(id)
            let area = document.allAnnotations(on: PageIndex(Int(id.dropFirst().prefix { $0 != "-" }) ?? 0)).first { $0.id == id }
            MainLoop.post { [weak self] in
                guard let self, let clip else { return }
                switch clip {
                case .unplayable(let reason):
                    self.mediaFailed(tr("This media cannot be played: {reason}.", ["reason": tr(reason)]))
                case .embedded(let bytes, let type, let name):
                    let ext = Self.mediaExtension(type: type, name: name)
                    switch AttachmentFiles.extractPrivately(bytes, name: "clip" + ext) {
                    case .failure(let error): self.mediaFailed(error.message)
                    case .success(let path):
                        guard let file = g_file_new_for_path(path) else { return }
                        self.play(file: file, annotation: id, area: area)
                    }
                case .external(let target):
                    self.media.asking = target
                    self.ask(kind: "external-media", type: GTK_MESSAGE_QUESTION, title: tr("Play Media From Outside the Document?"),
                             body: tr("This media comes from “{place}”, outside the document.", ["place": target]),
                             buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("_Play"), GTK_RESPONSE_ACCEPT.rawValue)],
                             defaultResponse: GTK_RESPONSE_CANCEL.rawValue) { [weak self] answer in
                        guard let self else { return }
                        self.media.asking = nil
                        guard answer == GTK_RESPONSE_ACCEPT.rawValue else { return }
                        let file = self.mediaFile(for: target)
                        if let file { self.play(file: file, annotation: id, area: area) }
                    }
                }
            }
        }
    }

    /// Plays `file` in a popover over the annotation's area (its view rectangle), with its
    /// controls; a format GStreamer cannot play gives a message.
    private func play(file: OpaquePointer, annotation id: String, area: AnnotationInfo?) {
        defer { g_object_unref(raw(file)) }
        stopMedia()
        guard let stream = gtk_media_file_new_for_file(file) else { return }
        let handle = GObjectHandle<UnsafeMutablePointer<GtkMediaStream>>(adopting: stream)
        media.annotation = id
        media.stream = handle
        media.error = nil
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let picture = gtk_picture_new_for_paintable(OpaquePointer(stream))!
        gtk_widget_set_visible(picture, 0)
        gtk_box_append(cast(box), picture)
        let controls = gtk_media_controls_new(stream)!
        gtk_widget_set_size_request(controls, 300, -1)
        gtk_box_append(cast(box), controls)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), box)
        gtk_widget_set_parent(popover, canvas.area)
        if let area, let r = canvas.session.interaction.scene.coordinates.viewRect(fromPDF: area.rect, on: area.page) {
            // Over the annotation's middle: the player is where the clip is.
            var rect = GdkRectangle(x: Int32(r.midX), y: Int32(r.midY), width: 1, height: 1)
            gtk_popover_set_pointing_to(cast(popover), &rect)
            gtk_widget_set_size_request(picture, Int32(max(160, min(640, r.width))), Int32(max(90, min(480, r.height))))
        }
        media.popover = popover
        Signals.connect(raw(popover), "closed") { [weak self] in
            guard let self, self.media.popover == popover else { return }
            self.stopMedia()
        }
        let update: @MainActor () -> Void = { [weak self] in
            guard let self, self.media.stream === handle else { return }
            let s = handle.pointer
            if gtk_media_stream_is_prepared(s) != 0 { gtk_widget_set_visible(picture, gtk_media_stream_has_video(s)) }
            if let error = gtk_media_stream_get_error(s) {
                let message = error.pointee.message.map { String(cString: $0) } ?? ""
                StandardError.write("pdf-annotator: media \(id) not played: \(message)")
                self.stopMedia()
                self.mediaFailed(tr("GStreamer cannot play this media ({reason}).", ["reason": message]))
                return
            }
            self.application?.stateChanged()
        }
        for property in ["notify::prepared", "notify::playing", "notify::ended", "notify::error", "notify::timestamp"] {
            Signals.connect(raw(stream), property, pointer: { _ in update() })
        }
        gtk_popover_popup(cast(popover))
        // The click asked for it: play now.
        gtk_media_stream_play(stream)
        application?.stateChanged()
    }

    /// Stops what plays and closes its popover.
    func stopMedia() {
        if let stream = media.stream { gtk_media_stream_pause(stream.pointer) }
        let popover = media.popover
        media.popover = nil
        media.stream = nil
        media.annotation = nil
        if let popover {
            gtk_popover_popdown(cast(popover))
            gtk_widget_unparent(popover)
        }
        application?.stateChanged()
    }

    /// The file or address an external clip names: a URI, an absolute path, or a path relative
    /// to the document's folder.
    private func mediaFile(for target: String) -> OpaquePointer? {
        if target.contains("://") { return g_file_new_for_uri(target) }
        if target.hasPrefix("/") { return g_file_new_for_path(target) }
        let folder = path.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") } ?? "."
        return g_file_new_for_path(folder + "/" + target)
    }

    /// The reasons `PopplerDocument.media` and `EmbeddedMedia` give for a clip that cannot be
    /// played, for the catalog: shown through `tr`.
    static let unplayableReasons = [
        N_("the rendition names no media clip"), N_("the media clip names no file"), N_("the embedded clip cannot be read"),
        N_("the movie names no file"), N_("the sound's samples cannot be read"), N_("the embedded media was not read"),
        N_("the media names no file"), N_("the rich media annotation carries no video or sound"),
        N_("the embedded media file cannot be read"), N_("the embedded media file is too large"),
    ]

    private func mediaFailed(_ message: String) {
        media.error = message
        showMessage(kind: "media-unplayable", title: tr("This Media Cannot Be Played"), body: message)
    }

    /// A file name ending GStreamer's type finding can lean on.
    static func mediaExtension(type: String?, name: String?) -> String {
        if let name, let dot = name.lastIndex(of: "."), name.distance(from: dot, to: name.endIndex) <= 6 {
            return AttachmentName.safe(String(name[dot...])).hasPrefix("attachment") ? "" : "." + AttachmentName.safe(String(name[name.index(after: dot)...]))
        }
        switch type?.lowercased() {
        case "audio/wav", "audio/x-wav", "audio/wave": return ".wav"
        case "audio/mpeg": return ".mp3"
        case "audio/ogg": return ".ogg"
        case "video/mp4": return ".mp4"
        case "video/webm": return ".webm"
        case "video/ogg": return ".ogv"
        default: return ""
        }
    }
}
