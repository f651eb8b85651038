// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import Platform

/// The pages of one document recognised so far, shared by every text source that reads it (the
/// view's and the search threads'). Safe from any thread.
public final class RecognizedPages: @unchecked Sendable {
    private let lock = Lock()
    private var pages: [PageIndex: RecognizedPage] = [:]

    public init() {}

    /// The recognised words of a page, if it was recognised.
    public subscript(page: PageIndex) -> RecognizedPage? {
        get { lock.withLock { pages[page] } }
        set { lock.withLock { pages[page] = newValue } }
    }

    /// Every page recognised so far.
    public var all: [PageIndex: RecognizedPage] { lock.withLock { pages } }

    /// Forgets every page (the document was read in another language, or replaced).
    public func removeAll() { lock.withLock { pages = [:] } }

    /// Pages were moved, taken out or put back: each page's words go with it. `places[i]` is
    /// where the page that was at `i` is now (`nil`: taken out, and its words go).
    public func follow(_ places: [PageIndex?]) {
        lock.withLock {
            var moved: [PageIndex: RecognizedPage] = [:]
            for (page, words) in pages where page.rawValue < places.count {
                if let now = places[page.rawValue] { moved[now] = words }
            }
            pages = moved
        }
    }
}

/// A document's text with recognised words standing in for the pages that have none of their
/// own: what search, selection, copy, highlighting and the smart pen read, so that a scanned
/// page, once recognised, is text like any other. Pages with text of their own keep it.
///
/// Safe from any thread; the document's own text is read as its source allows (see ``TextSource``).
public final class RecognizedTextSource: TextSource, @unchecked Sendable {
    /// The document's own text.
    public let base: TextSource
    /// The recognised pages.
    public let recognized: RecognizedPages

    public init(base: TextSource, recognized: RecognizedPages = RecognizedPages()) {
        self.base = base
        self.recognized = recognized
    }

    public func text(on page: PageIndex) -> PageText {
        let own = base.text(on: page)
        guard Self.hasNoText(own), let words = recognized[page] else { return own }
        return words.pageText
    }

    public func text(on page: PageIndex, boxesIf wantsBoxes: ([Character]) -> Bool) -> PageText {
        guard let words = recognized[page] else { return base.text(on: page, boxesIf: wantsBoxes) }
        let own = base.text(on: page)
        let text = Self.hasNoText(own) ? words.pageText : own
        return wantsBoxes(text.characters) ? text : .empty
    }

    /// Whether a page's own text is none at all (nothing but white space).
    public static func hasNoText(_ text: PageText) -> Bool { text.characters.allSatisfy(\.isWhitespace) }
}
