// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import Platform

/// A page's text as poppler's core text output reads it (what pdftotext prints), for the pages
/// poppler-glib 22.12 reads badly: on a page of mostly right-to-left text its
/// `poppler_page_get_text` drops whole blocks and misplaces spaces, and on some pages it gives
/// nothing at all. Lines come in pdftotext's reading order, each put into logical order
/// (``ReadingOrder``), with a box per character in the same space as poppler-glib's.
///
/// Opened from the file on first use (it reads the original file: edits change annotations,
/// never a page's text) and shared by the documents ``PopplerDocument/reloaded(from:)`` makes.
/// Calls are serialised by a lock, so any thread may use it.
final class CoreText: @unchecked Sendable {
    let path: String
    let password: String?
    let lock = Lock()
    /// The open handle, once opened; `failed` once opening failed (not tried again).
    var handle: CoreTextHandle?
    var failed = false

    init(path: String, password: String?) {
        self.path = path
        self.password = password
    }

    /// The page's text, or `nil` when the core library cannot read the file or the page.
    func text(on page: PageIndex) -> PageText? {
        lock.lock()
        defer { lock.unlock() }
        if handle == nil, !failed {
            handle = CoreTextHandle.open(path: path, password: password)
            failed = handle == nil
        }
        guard let lines = handle?.lines(on: page) else { return nil }
        var characters: [Character] = []
        var boxes: [Rect] = []
        let rightToLeft = ReadingOrder.readsRightToLeft(lines.lazy.map(\.scalars))
        for line in lines {
            // The line break stays last; the rest goes into reading order.
            let body = line.scalars.last == "\n" ? line.scalars.count - 1 : line.scalars.count
            let ordered = ReadingOrder.logical(Array(line.scalars.prefix(body)), boxes: Array(line.boxes.prefix(body)), rightToLeft: rightToLeft)
            characters += ordered.scalars.map(Character.init)
            boxes += ordered.boxes
            if body < line.scalars.count {
                characters.append("\n")
                boxes.append(line.boxes[body])
            }
        }
        return PageText(characters: characters, boxes: boxes)
    }
}
