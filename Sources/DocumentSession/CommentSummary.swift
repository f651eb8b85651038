// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// A document's comments gathered for "Export Summary…": every annotation a reader would call a
/// comment (not links, form fields or pop-ups), page by page in reading order (top to bottom,
/// then left to right as the page shows), numbered from 1 through the document, each with its
/// thread of replies and its latest review state. Replies and review states (annotations with
/// /IRT) are never entries of their own.
///
/// The text and Markdown forms are made here; the PDF form (pictures of the pages with numbered
/// markers) is drawn by the shell from the same entries, so all three number alike.
public struct CommentSummary: Sendable, Equatable {
    /// One answer in a thread, `depth` 1 for a reply to the comment, 2 for a reply to that reply …
    public struct Reply: Sendable, Equatable {
        public var author: String?
        public var date: String?
        public var text: String
        public var depth: Int
    }

    /// One numbered comment.
    public struct Entry: Sendable, Equatable {
        public var number: Int
        public var annotation: Annotation
        /// Where its marker goes on the page as shown (points from the top-left, /Rotate applied).
        public var marker: Point
        /// The latest review state set on it ("Accepted" …), `nil` when none or "None".
        public var state: String?
        public var replies: [Reply]
    }

    /// A page's comments, in reading order.
    public struct Page: Sendable, Equatable {
        public var page: PageIndex
        public var entries: [Entry]
    }

    public var pages: [Page]
    public var count: Int { pages.reduce(0) { $0 + $1.entries.count } }

    /// The summary of `annotations` (every page's, in any order); `pageInfo` gives each page's
    /// size and turn, for the markers.
    public init(annotations: [Annotation], pageInfo: (PageIndex) -> PageInfo?) {
        let answers = Dictionary(grouping: annotations.filter { $0.inReplyTo != nil }, by: { $0.inReplyTo! })
        let comments = annotations.filter { $0.inReplyTo == nil && Self.isComment($0) }
        var number = 0
        var pages: [Page] = []
        for (page, onPage) in Dictionary(grouping: comments, by: \.page).sorted(by: { $0.key < $1.key }) {
            let info = pageInfo(page)
            let placed: [(annotation: Annotation, marker: Point)] = onPage.map { a in (a, Self.marker(of: a, on: info)) }
                .sorted(by: Self.readingOrder)
            let entries = placed.map { a, marker -> Entry in
                number += 1
                return Entry(number: number, annotation: a, marker: marker, state: Self.state(of: a, answers: answers),
                             replies: Self.thread(of: a, answers: answers, depth: 1))
            }
            pages.append(Page(page: page, entries: entries))
        }
        self.pages = pages
    }

    /// Top to bottom; on one line (within 2 pt), left to right.
    private static func readingOrder(_ l: (annotation: Annotation, marker: Point), _ r: (annotation: Annotation, marker: Point)) -> Bool {
        let dy: Double = l.marker.y - r.marker.y
        if abs(dy) > 2 { return dy < 0 }
        return l.marker.x < r.marker.x
    }

    /// Whether an annotation is a comment for the summary.
    public static func isComment(_ a: Annotation) -> Bool {
        switch a.subtype {
        case .link, .popup, .widget, .printerMark, .trapNet, .watermark, .unknown: return false
        case .text, .freeText, .line, .square, .circle, .polygon, .polyLine, .highlight, .underline, .squiggly, .strikeOut,
             .stamp, .caret, .ink, .fileAttachment, .sound, .movie, .screen, .threeD, .richMedia:
            return !a.info.isHidden
        }
    }

    /// The rectangle's top-left corner on the page as shown.
    private static func marker(of a: Annotation, on info: PageInfo?) -> Point {
        guard let info else { return Point(x: a.rect.minX, y: a.rect.minY) }
        let geometry = PageGeometry(index: info.index, origin: .zero, mediaSize: info.mediaSize, rotation: info.rotation, zoom: 1)
        let transform = geometry.pdfToPage
        let r = a.rect
        let corners: [Point] = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)]
        let shown: [Point] = corners.map { transform.apply(to: $0) }
        return Point(x: shown.map(\.x).min() ?? 0, y: shown.map(\.y).min() ?? 0)
    }

    /// The review state set last (by /M) on `a`; "Marked" states are not review states.
    private static func state(of a: Annotation, answers: [String: [Annotation]]) -> String? {
        let states = (answers[a.id] ?? []).filter { $0.state != nil && ($0.stateModel ?? "Review") == "Review" }
        let latest = states.max { ($0.modified ?? "") < ($1.modified ?? "") }?.state
        return latest == "None" ? nil : latest
    }

    /// The replies to `a` (not its review states), oldest first, each followed by its own.
    private static func thread(of a: Annotation, answers: [String: [Annotation]], depth: Int) -> [Reply] {
        guard depth < 32 else { return [] }
        let replies = (answers[a.id] ?? []).filter { $0.state == nil && $0.replyType != "Group" }
            .sorted { ($0.creationDate ?? $0.modified ?? "") < ($1.creationDate ?? $1.modified ?? "") }
        return replies.flatMap { r in
            [Reply(author: r.author, date: r.modified ?? r.creationDate, text: r.contents ?? "", depth: depth)]
                + thread(of: r, answers: answers, depth: depth + 1)
        }
    }
}

extension CommentSummary {
    /// The words a summary is written with, translated by the host.
    public struct Words {
        /// "Comments on “{file}”".
        public var title: String
        /// "{count} comments".
        public var count: String
        /// "Page {number}" for a page number.
        public var page: (String) -> String
        /// The kind's name ("Highlight") for an annotation.
        public var kind: (AnnotationSubtype) -> String
        /// A PDF date as the reader's locale writes it.
        public var date: (String) -> String?
        /// A review state's name ("Accepted").
        public var state: (String) -> String

        public init(title: String, count: String, page: @escaping (String) -> String, kind: @escaping (AnnotationSubtype) -> String,
                    date: @escaping (String) -> String?, state: @escaping (String) -> String) {
            self.title = title; self.count = count; self.page = page; self.kind = kind; self.date = date; self.state = state
        }
    }

    /// An entry's heading: "Highlight — Alice, 23/11/2026 14:26 (Accepted)".
    public func heading(_ e: Entry, _ words: Words) -> String {
        let who = [e.annotation.author, e.annotation.modified.flatMap(words.date)].compactMap { $0 }.filter { !$0.isEmpty }
        return words.kind(e.annotation.subtype) + (who.isEmpty ? "" : " — " + who.joined(separator: ", "))
            + (e.state.map { " (\(words.state($0)))" } ?? "")
    }

    /// A reply's heading: "Bob, 24/11/2026 09:00".
    public func heading(_ r: Reply, _ words: Words) -> String {
        [r.author, r.date.flatMap(words.date)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The summary as plain text, one block per page.
    public func plainText(_ words: Words) -> String {
        var out = words.title + "\n" + words.count + "\n"
        for page in pages {
            out += "\n" + words.page(String(page.page.displayNumber)) + "\n"
            for e in page.entries {
                out += "\n  \(e.number). " + heading(e, words) + "\n"
                for line in lines(of: e.annotation.contents) { out += "     " + line + "\n" }
                for r in e.replies {
                    let indent = String(repeating: "   ", count: r.depth) + "  "
                    out += indent + "↳ " + heading(r, words) + "\n"
                    for line in lines(of: r.text) { out += indent + "  " + line + "\n" }
                }
            }
        }
        return out
    }

    /// The summary as Markdown: a heading per page, a numbered item per comment, replies as a
    /// nested list. The users' words are escaped, so they never turn into markup.
    public func markdown(_ words: Words) -> String {
        var out = "# " + Self.escaped(words.title) + "\n\n" + Self.escaped(words.count) + "\n"
        for page in pages {
            out += "\n## " + Self.escaped(words.page(String(page.page.displayNumber))) + "\n\n"
            for e in page.entries {
                out += "\(e.number). **" + Self.escaped(heading(e, words)) + "**\n"
                for line in lines(of: e.annotation.contents) { out += "   " + Self.escaped(line) + "  \n" }
                for r in e.replies {
                    let indent = String(repeating: "  ", count: r.depth - 1) + "   "
                    out += indent + "- *" + Self.escaped(heading(r, words)) + "*"
                    let text = lines(of: r.text)
                    out += text.isEmpty ? "\n" : ": " + text.map(Self.escaped).joined(separator: "  \n" + indent + "  ") + "\n"
                }
                out += "\n"
            }
        }
        return out
    }

    private func lines(of text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// Markdown's punctuation escaped with a backslash.
    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s {
            if "\\`*_{}[]<>()#+-.!|~".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
