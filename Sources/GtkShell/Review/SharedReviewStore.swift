// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import FoundationEssentials

/// The shared reviews of every document, kept outside the PDF in
/// `$XDG_DATA_HOME/pdf-annotator/shared-review.json` under the same key as its bookmarks (its
/// permanent /ID): the folder, how far each other device's file was read, the merge ledger and
/// the packets waiting for the folder. It also holds this device's id, made once.
struct SharedReviewStore {
    private struct Stored: Codable {
        var version = 1
        var device: String?
        var documents: [String: SharedReviewState] = [:]
    }

    private let file: UserFile<Stored>

    static var standard: SharedReviewStore { SharedReviewStore(file: .data("shared-review.json")) }

    private func load() -> Stored { file.read() ?? Stored() }

    /// This device's id (a random UUID made the first time and kept).
    func device() -> String {
        var stored = load()
        if let device = stored.device { return device }
        let raw = g_uuid_string_random()!
        defer { g_free(raw) }
        let made = String(cString: raw)
        stored.device = made
        file.write(stored)
        return made
    }

    func state(for key: String) -> SharedReviewState? { load().documents[key] }

    /// Keeps a document's review (`nil`: it is no longer shared).
    func store(_ state: SharedReviewState?, for key: String) {
        var stored = load()
        stored.documents[key] = state
        file.write(stored)
    }
}
