// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import DocumentPoppler
import FoundationEssentials
import Platform

/// Where the reader left each document — the scroll position as a fractional spread index, the
/// zoom and the zoom mode — kept outside the PDF in the user's data folder
/// (`$XDG_DATA_HOME/pdf-annotator/places.json`), keyed by the document's permanent /ID (or its
/// content fingerprint when it has none) so a moved, renamed or saved file keeps its place. Written atomically; the newest 500 documents are kept.
struct ReadingPlaces {
    struct Place: Codable, Equatable {
        var spreadIndex: Double
        var zoom: Double
        var zoomMode: String
        /// The layout the reader chose for this document (spreads, direction, binding), and
        /// whether it pages one spread at a time.
        var layout: LayoutSettings?
        var oneSpreadAtATime: Bool?
        /// Whether its pages turn with a curl.
        var pageCurl: Bool?
        /// Where the file was last seen (for people reading the file; the key is the content).
        var path: String
        /// Seconds since 1970 when it was stored.
        var time: Double
    }

    private struct Stored: Codable {
        var version = 1
        var places: [String: Place] = [:]
    }

    static let limit = 500
    private let file: UserFile<Stored>

    /// The store in the user's data folder.
    static var standard: ReadingPlaces { ReadingPlaces(file: .data("places.json")) }

    /// What a document's place is kept under: its permanent /ID when it has one, else the
    /// content fingerprint of the file at `path`.
    static func key(permanentID: String?, path: String?) -> String? {
        if let permanentID { return "id:" + permanentID }
        return path.flatMap { FileFingerprint.of(path: $0) }
    }

    private func load() -> Stored { file.read() ?? Stored() }

    /// The place stored for a file with this fingerprint, if any.
    func place(for fingerprint: String) -> Place? { load().places[fingerprint] }

    /// Stores a place (replacing the file's previous one), keeping the newest ``limit``.
    func store(_ place: Place, for fingerprint: String) {
        var stored = load()
        stored.places[fingerprint] = place
        if stored.places.count > Self.limit {
            let oldest = stored.places.sorted { $0.value.time < $1.value.time }.prefix(stored.places.count - Self.limit)
            for (key, _) in oldest { stored.places[key] = nil }
        }
        file.write(stored)
    }
}

extension DocumentWindow {
    /// What the document's places and bookmarks are kept under: its permanent /ID when it has
    /// one (the same after saves, copies and renames), else its content fingerprint.
    var documentKey: String? { ReadingPlaces.key(permanentID: document?.metadata.permanentID, path: path) }

    /// Stores where the reader is in the document shown.
    func rememberPlace() {
        guard content == .document, let path, canvas.pageCount > 0, let fingerprint = documentKey else { return }
        ReadingPlaces.standard.store(ReadingPlaces.Place(
            spreadIndex: canvas.readingPosition.spreadIndex, zoom: canvas.viewport.zoom, zoomMode: canvas.zoomMode.rawValue,
            layout: canvas.layoutSettings, oneSpreadAtATime: canvas.pagesOneSpreadAtATime, pageCurl: canvas.turnsPagesWithCurl, path: path, time: Date().timeIntervalSince1970), for: fingerprint)
    }

    /// Takes the document back to where the reader left it last time, if it was read before.
    /// The layout is the one the reader chose for it then, else the one the document asks for.
    func restorePlace(of path: String, preferred: (pageLayout: String?, rightToLeft: Bool)?) {
        let place = documentKey.flatMap { ReadingPlaces.standard.place(for: $0) }
        hasStoredPlace = place != nil
        let documentChoice = LayoutSettings(pageLayout: preferred?.pageLayout, rightToLeft: preferred?.rightToLeft ?? false)
        canvas.setLayoutSettings(place?.layout ?? documentChoice)
        canvas.setPagesOneSpreadAtATime(place?.oneSpreadAtATime ?? false)
        canvas.turnsPagesWithCurl = place?.pageCurl ?? false
        syncViewActions()
        guard let place, let mode = ZoomMode(rawValue: place.zoomMode) else { return }
        canvas.restore(ReadingPosition(spreadIndex: place.spreadIndex, zoom: place.zoom), zoomMode: mode)
    }
}
