// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// Which review states an annotation list shows.
public enum ReviewStateFilter: Hashable, Sendable {
    case all
    /// Those with no review state set, or None.
    case noState
    case state(ReviewState)
    /// Those the user marked.
    case marked

    func passes(_ state: ReviewState?, marked: Bool) -> Bool {
        switch self {
        case .all: return true
        case .noState: return state == nil || state == ReviewState.none
        case .state(let wanted): return state == wanted
        case .marked: return marked
        }
    }
}

/// One row of an annotation list that shows threads: an annotation at the top of its thread
/// (depth 0) or a reply at its depth, with what the row says of its thread.
public struct ThreadRow: Hashable, Sendable {
    public var annotation: Annotation
    public var depth: Int
    /// Its replies, theirs included.
    public var replies: Int
    /// The newest review state set on it, and whether the user marked it.
    public var state: ReviewState?
    public var marked: Bool
}

/// The rows of a page's annotations as a list of threads shows them: each annotation a user
/// edits (no links, popups, form fields or state notes) at the top of its thread, of the
/// kinds, author and state the filters let through, then its replies in thread order. A thread
/// passes the author filter when someone in it is that author; an answer whose parent is not on
/// the page shows on its own.
public enum ReviewListing {
    public static func rows(_ annotations: [Annotation], kinds: Set<AnnotationSubtype>? = nil, author: String? = nil,
                            state filter: ReviewStateFilter = .all, user: String?) -> [ThreadRow] {
        let threads = AnnotationThreads(annotations)
        let ids = Set(annotations.map(\.id))
        var rows: [ThreadRow] = []
        let hidden = AnnotationFlags.hidden | AnnotationFlags.noView
        for a in annotations where a.flags & hidden == 0 && !a.isStateNote && ![.link, .popup, .widget].contains(a.subtype) {
            guard a.inReplyTo.map({ !ids.contains($0) }) ?? true, kinds?.contains(a.subtype) ?? true else { continue }
            let thread = threads.thread(of: a.id)
            if let author, a.author != author, !thread.contains(where: { $0.reply.author == author }) { continue }
            let state = threads.reviewState(of: a.id), marked = threads.isMarked(a.id, by: user)
            guard filter.passes(state, marked: marked) else { continue }
            rows.append(ThreadRow(annotation: a, depth: 0, replies: thread.count, state: state, marked: marked))
            for r in thread {
                rows.append(ThreadRow(annotation: r.reply, depth: r.depth, replies: threads.replyCount(of: r.reply.id),
                                      state: threads.reviewState(of: r.reply.id), marked: threads.isMarked(r.reply.id, by: user)))
            }
        }
        return rows
    }

    /// The authors of `annotations` that a list's author filter offers (state notes' included:
    /// a reviewer who only set states is one), in the order met.
    public static func authors(_ annotations: [Annotation]) -> [String] {
        var seen: Set<String> = []
        return annotations.compactMap(\.author).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
