// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentSession
import Geometry
import InteractionEngine
import Rendering

/// Reads what the session needs of the document's pages (text, links, exact geometry) on the
/// render worker, where the document is busy anyway and the main loop must not wait for a page
/// being drawn, and hands it to the session's content on the main loop. What arrives for a
/// document that has gone since (another content generation) is dropped.
///
/// - Warning: main thread only.
@MainActor
final class PageReader {
    private let session: DocumentSession
    /// The document, asked for exact page geometry only for the pages on screen.
    var pageSource: PageSource?
    /// The document's text (selection, search) and its links.
    var textSource: TextSource?
    var linkSource: LinkSource?
    /// The images each page draws (to select them), when the document lists them.
    var imageSource: ImageSource?
    /// Whether a page carries annotations other than links (read from the document already
    /// open, on the render worker), so that the editor, which lists them, is made for it.
    var annotationPresence: (@Sendable (PageIndex) -> Bool)?
    /// The links of a page as the document shows now (after edits: the version reloaded from
    /// the editor's bytes), read again after an edit that may have changed them.
    var currentLinks: (@Sendable (PageIndex) -> [LinkInfo])?
    /// Pages asked for whose reading has not come back yet.
    private(set) var readsPending = 0

    init(session: DocumentSession) { self.session = session }

    /// The document's pages are read from `source` from now on.
    func read(_ source: (PageSource & TextSource & LinkSource)?) {
        pageSource = source
        textSource = source
        linkSource = source
        imageSource = source as? ImageSource
    }

    /// Reads a page's text, links and exact geometry on `queue`, then calls `done` with the page
    /// once the session's content holds them.
    func readPage(_ page: PageIndex, on queue: RenderQueue?, done: @escaping @MainActor (PageIndex, Bool) -> Void) {
        guard let source = pageSource, let queue else { return }
        let generation = session.content.generation
        let textSource = self.textSource, linkSource = self.linkSource, presence = annotationPresence
        let imageSource = self.imageSource
        readsPending += 1
        queue.perform { [weak self] in
            let text = textSource?.text(on: page)
            let links = linkSource?.links(on: page) ?? []
            let images = imageSource?.images(on: page)
            let carriesAnnotations = presence?(page) ?? false
            // The exact rotation may cost the document a probe: only pages with something to
            // hit-test pay for it (every page may carry annotations, so resolve it here).
            let info = source.pageInfo(page)
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) {
                guard let self else { return }
                self.readsPending -= 1
                guard self.session.content.generation == generation else { return }
                self.session.content.exactPageInfo[page] = info
                if let text { self.session.content.textByPage[page] = text }
                self.session.content.linksByPage[page] = links
                if let images { self.session.content.imagesByPage[page] = images }
                for link in links { self.session.content.linkTargets[AnnotationID(link.id)] = link.target }
                done(page, carriesAnnotations)
            }
        }
    }

    /// Reads a page's links again on `queue` from the document as it shows now (an edit made,
    /// changed or took away a link), then calls `done` once the session's content holds them.
    func rereadLinks(of page: PageIndex, on queue: RenderQueue?, done: @escaping @MainActor (PageIndex) -> Void) {
        guard let read = currentLinks, let queue else { return }
        let generation = session.content.generation
        queue.perform { [weak self] in
            let links = read(page)
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) {
                guard let self, self.session.content.generation == generation, self.session.content.linksByPage[page] != nil else { return }
                self.session.content.linksByPage[page] = links
                for link in links { self.session.content.linkTargets[AnnotationID(link.id)] = link.target }
                done(page)
            }
        }
    }

    /// Reads the text of those of `pages` not read yet on `queue`, then calls `done`.
    func readText(of pages: [PageIndex], on queue: RenderQueue?, done: @escaping @MainActor () -> Void) {
        let missing = pages.filter { session.content.textByPage[$0] == nil }
        guard !missing.isEmpty, let queue, let source = textSource else { return done() }
        let generation = session.content.generation
        queue.perform { [weak self] in
            let texts = missing.map { ($0, source.text(on: $0)) }
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) {
                guard let self, self.session.content.generation == generation else { return }
                for (page, text) in texts { self.session.content.textByPage[page] = text }
                done()
            }
        }
    }
}
