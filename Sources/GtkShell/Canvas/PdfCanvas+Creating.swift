// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentSession
import Glibc
import Geometry
import InteractionEngine

/// The canvas as the place where creation tools' results become annotations: a stroke, a shape
/// or a note is one edit, drawn live above the page while it is being made.
extension PdfCanvas {
    func style(for tool: ToolID) -> AnnotationStyle { composer.style(for: tool) }

    /// A new id, /NM, author (``AuthorName``), date and UUID for an annotation made or changed now.
    nonisolated static func creationStamp(page: PageIndex) -> CreationStamp {
        let random = (0..<4).map { _ in String(UInt16.random(in: 0...UInt16.max), radix: 16) }.joined()
        return CreationStamp(id: "p\(page.rawValue)-n\(random)", author: AuthorName.current,
                             date: PDFDate.string(secondsSince1970: Int64(time(nil))), uuid: UniqueName.make())
    }

    /// Commits an edit (the session's ``DocumentSession/commit(_:)``); whether the document took it.
    @discardableResult
    func commit(_ record: EditRecord?) -> Bool { session.commit(record) }

    /// Markup over the selected text (the user selected, then chose Highlight …): the engine
    /// hands it back as a `markText` command. Returns whether there was a selection to mark.
    @discardableResult
    func markSelectedText(_ kind: AnnotationKind) -> Bool {
        guard textSelection != nil else { return false }
        interaction.markTextSelection(kind)
        return true
    }

    func addMarkup(_ kind: AnnotationKind, on page: PageIndex, from: Int, to: Int) {
        session.addMarkup(kind, spans: [(page, from, to)])
    }

    /// The selection's span on each of its pages whose text is known, in reading order.
    func spans(of selection: TextSelection) -> [(page: PageIndex, from: Int, to: Int)] { session.spans(of: selection) }

    /// A free-text box, typed in place: the annotation is made when the text is kept.
    func addFreeText(on page: PageIndex, in rect: Rect) {
        textBox.start(id: nil, page: page, rect: rect.quantized, style: composer.freeTextStyle, text: "")
    }

    /// Pastes copies of `originals` on the page in view as one undoable edit; the copies end
    /// up selected (their targets are known before the page is drawn again).
    @discardableResult
    func paste(_ originals: [Annotation]) -> Bool {
        guard let page = currentPage, let copies = session.paste(originals, onto: page) else { return false }
        refreshTargets(on: page)
        interaction.deselectAnnotation()
        interaction.select(copies)
        return true
    }
}
