// SPDX-License-Identifier: GPL-3.0-or-later

/// A review state a reviewer sets on an annotation (PDF 32000-1 §12.5.6.4, table 174): one of
/// the Review model's states, or Marked/Unmarked of the Marked model.
public enum ReviewState: String, Hashable, Sendable, Codable, CaseIterable {
    case accepted = "Accepted", rejected = "Rejected", cancelled = "Cancelled", completed = "Completed", none = "None"
    case marked = "Marked", unmarked = "Unmarked"

    /// The /StateModel the state belongs to.
    public var model: String {
        switch self {
        case .accepted, .rejected, .cancelled, .completed, .none: return "Review"
        case .marked, .unmarked: return "Marked"
        }
    }
}

extension Annotation {
    /// A note that sets a review state on the annotation it answers (/IRT with /State): Acrobat
    /// keeps each state change as one, hidden.
    public var isStateNote: Bool { inReplyTo != nil && state != nil }
    /// A reply in a thread (/IRT, no state, not one of a group shown as one).
    public var isReply: Bool { inReplyTo != nil && state == nil && replyType != "Group" }
    /// Whether `a` answers another annotation in any way (reply, state, group member): the
    /// list shows it under its parent, not on its own.
    public var answersAnother: Bool { inReplyTo != nil }
}

/// The threads of a page's annotations: each annotation's replies (and theirs), and the review
/// states set on it, read from /IRT, /State and /StateModel. Replies and states always sit on
/// their parent's page (PDF 32000-1 table 172), so one page's list holds a whole thread.
public struct AnnotationThreads: Sendable {
    private var children: [String: [Annotation]] = [:]
    private var byID: [String: Annotation] = [:]

    public init(_ annotations: [Annotation]) {
        for a in annotations {
            byID[a.id] = a
            if let parent = a.inReplyTo { children[parent, default: []].append(a) }
        }
        for key in children.keys { children[key]!.sort(by: Self.earlier) }
    }

    /// Oldest first: by creation date, else modification date, else file order (stable sort).
    static func earlier(_ a: Annotation, _ b: Annotation) -> Bool {
        let x = a.creationDate ?? a.modified ?? "", y = b.creationDate ?? b.modified ?? ""
        return PDFDateOrder.key(x) < PDFDateOrder.key(y)
    }

    /// The replies to `id`, oldest first (not the state notes).
    public func replies(to id: String) -> [Annotation] { (children[id] ?? []).filter(\.isReply) }

    /// `id`'s replies and their replies, depth first, each with its depth (1 for a direct reply).
    public func thread(of id: String) -> [(reply: Annotation, depth: Int)] {
        var out: [(reply: Annotation, depth: Int)] = []
        var seen: Set<String> = [id]
        func walk(_ parent: String, _ depth: Int) {
            for r in replies(to: parent) where seen.insert(r.id).inserted {
                out.append((reply: r, depth: depth))
                walk(r.id, depth + 1)
            }
        }
        walk(id, 1)
        return out
    }

    /// How many replies `id` has, its replies' replies included.
    public func replyCount(of id: String) -> Int { thread(of: id).count }

    /// The review state set on `id` last (of the Review model), `nil` when none was set.
    public func reviewState(of id: String) -> ReviewState? { latestState(of: id, model: "Review").flatMap { ReviewState(rawValue: $0.state ?? "") } }

    /// Whether `author` marked `id` (the Marked model is each reviewer's own check mark).
    public func isMarked(_ id: String, by author: String?) -> Bool {
        latestState(of: id, model: "Marked", author: author)?.state == ReviewState.marked.rawValue
    }

    /// The state notes on `id`, oldest first.
    public func stateNotes(of id: String) -> [Annotation] { (children[id] ?? []).filter(\.isStateNote) }

    private func latestState(of id: String, model: String, author: String?? = .none) -> Annotation? {
        stateNotes(of: id).last { note in
            (note.stateModel ?? "Review") == model && (author.map { note.author == $0 } ?? true)
        }
    }

    /// Every annotation that answers `id` however deep (replies, states, group members), for
    /// a deletion that takes the thread with it.
    public func descendants(of id: String) -> [Annotation] {
        var out: [Annotation] = []
        var seen: Set<String> = [id]
        var queue = [id]
        while let next = queue.popLast() {
            for c in children[next] ?? [] where seen.insert(c.id).inserted {
                out.append(c)
                queue.append(c.id)
            }
        }
        return out
    }

    /// The annotation a reply or state belongs to at the top of its thread (itself when it
    /// answers none, or when its parent is not on the page).
    public func root(of id: String) -> String {
        var current = id
        var seen: Set<String> = []
        while seen.insert(current).inserted, let parent = byID[current]?.inReplyTo, byID[parent] != nil { current = parent }
        return current
    }
}

/// Orders PDF date strings ("D:YYYYMMDDHHmmSS…"): by their digits, which sort as the moments
/// do for dates in one zone (the app writes UTC; files from elsewhere rarely mix zones).
enum PDFDateOrder {
    static func key(_ date: String) -> String {
        let body = date.hasPrefix("D:") ? date.dropFirst(2) : Substring(date)
        return String(body.prefix { $0.isNumber })
    }
}
