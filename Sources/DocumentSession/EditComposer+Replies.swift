// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// Replies and review states, as Acrobat keeps them in the PDF (PDF 32000-1 §12.5.6.4 and
/// table 172): each reply is a text annotation whose /IRT points at what it answers; each
/// review state set is a hidden text annotation with /IRT, /State and /StateModel, the newest
/// one of a model being the annotation's state. Each is one undoable step.
extension EditComposer {
    /// The flags Acrobat gives a reply: printed, not zoomed, not turned (/F 28).
    public static let replyFlags = AnnotationFlags.print | AnnotationFlags.noZoom | AnnotationFlags.noRotate
    /// A state note's: the reply's, hidden (/F 30), so that only the list shows it.
    public static let stateFlags = replyFlags | AnnotationFlags.hidden

    /// The user's name as the host gives it (the author of what they make).
    public var authorName: String? { stamp(PageIndex(0)).author }

    /// Whether `a` is the user's own reply (only those may be edited or deleted here).
    public func isOwnReply(_ a: Annotation) -> Bool { a.isReply && a.author != nil && a.author == authorName }

    /// Where a reply or state note sits: over its parent's upper-left corner, a note's size (a
    /// note's own rectangle when it answers a note), as Acrobat places them. Its appearance is
    /// empty (``AppearanceBuilder``): viewers that draw notes show nothing over the parent.
    static func answerRect(for parent: Annotation) -> Rect {
        if parent.subtype == .text { return parent.rect }
        let r = parent.rect
        return Rect(x: r.minX, y: r.maxY - 20, width: 20, height: 20).quantized
    }

    /// A note answering `parentID` (a reply, or a state when `state` is given).
    private func answer(to parent: Annotation, text: String?, state: ReviewState?) -> Annotation {
        let made = stamp(parent.page)
        var a = Annotation(id: made.id, page: parent.page, subtype: .text, rect: Self.answerRect(for: parent),
                           color: parent.color ?? style(for: .note).color, contents: text, author: made.author,
                           modified: made.date, uniqueName: made.name, flags: state == nil ? Self.replyFlags : Self.stateFlags,
                           iconName: "Comment", isOpen: false, appearance: .generated)
        a.creationDate = made.date
        a.inReplyTo = parent.id
        a.state = state?.rawValue
        a.stateModel = state?.model
        return a
    }

    /// A reply to `parentID` with `text` ("Reply"); `nil` for an empty text or no such annotation.
    public func reply(to parentID: String, text: String, in source: AnnotationSource) -> EditRecord? {
        guard !text.isEmpty, let parent = source.annotation(parentID), parent.subtype != .popup else { return nil }
        return answering(parent, with: answer(to: parent, text: text, state: nil), named: "Reply", in: source)
    }

    /// `answer` put on top of its page; a parent without /NM gets a UUID in the same step (in its
    /// place, nothing else of it changed), so that the thread can be named outside the PDF
    /// (XFDF's `inreplyto` is the parent's /NM).
    private func answering(_ parent: Annotation, with answer: Annotation, named name: String, in source: AnnotationSource) -> EditRecord {
        guard parent.uniqueName == nil, let uuid = stamp(parent.page).uuid,
              let placed = source.removal(of: [parent.id]).first else {
            return inserting(answer, named: name, in: source)
        }
        var withName = parent
        withName.uniqueName = uuid
        let count = source.annotations(on: parent.page).count
        return EditRecord(name, .exchange(removed: [placed], inserted: [PlacedAnnotation(withName, at: placed.index),
                                                                        PlacedAnnotation(Self.made(answer), at: count)]))
    }

    /// The user's own reply with a new text ("Edit Reply"); `nil` when it is not theirs, or the
    /// text is what it has or empty.
    public func editingReply(_ id: String, text: String, in source: AnnotationSource) -> EditRecord? {
        guard let reply = source.annotation(id), isOwnReply(reply), !text.isEmpty, reply.contents != text else { return nil }
        let after = changed(reply.changingProperties { $0.contents = text }, date: stamp(reply.page).date)
        return EditRecord("Edit Reply", .replace(before: [reply], after: [after]))
    }

    /// The user's own reply deleted with the replies and states that answer it ("Delete
    /// Reply"); `nil` when it is not theirs.
    public func deletingReply(_ id: String, in source: AnnotationSource) -> EditRecord? {
        guard let reply = source.annotation(id), isOwnReply(reply) else { return nil }
        let all = Self.withThreads([reply], in: source).flatMap { a in [a.id] + (source.popupID(of: a).map { [$0] } ?? []) }
        return EditRecord("Delete Reply", .remove(source.removal(of: all)))
    }

    /// Sets `state` on `id` ("Set Status" or "Mark"/"Unmark") as a new state note, the way
    /// Acrobat records each change; `nil` when the annotation has that state already (the
    /// Marked model is the user's own mark).
    public func settingState(_ state: ReviewState, of id: String, in source: AnnotationSource) -> EditRecord? {
        guard let parent = source.annotation(id), parent.subtype != .popup, !parent.isStateNote else { return nil }
        let threads = AnnotationThreads(source.annotations(on: parent.page))
        switch state {
        case .marked, .unmarked:
            guard threads.isMarked(id, by: authorName) != (state == .marked) else { return nil }
        case .accepted, .rejected, .cancelled, .completed, .none:
            guard (threads.reviewState(of: id) ?? ReviewState.none) != state else { return nil }
        }
        // Acrobat's words in the note's text ("Accepted set by Name").
        let text = authorName.map { "\(state.rawValue) set by \($0)" } ?? state.rawValue
        let name = state == .marked ? "Mark" : state == .unmarked ? "Unmark" : "Set Status"
        return answering(parent, with: answer(to: parent, text: text, state: state), named: name, in: source)
    }

    /// `annotations` and everything that answers them on their pages (replies, states, group
    /// members), each once.
    static func withThreads(_ annotations: [Annotation], in source: AnnotationSource) -> [Annotation] {
        var threads: [PageIndex: AnnotationThreads] = [:]
        var seen: Set<String> = []
        var out: [Annotation] = []
        for a in annotations where seen.insert(a.id).inserted {
            out.append(a)
            if threads[a.page] == nil { threads[a.page] = AnnotationThreads(source.annotations(on: a.page)) }
            for d in threads[a.page]!.descendants(of: a.id) where seen.insert(d.id).inserted { out.append(d) }
        }
        return out
    }
}
