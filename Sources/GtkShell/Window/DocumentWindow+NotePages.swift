// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry

/// The paper and size last inserted, offered first the next time (this run of the app).
@MainActor private var lastNotePageChoice = (paper: NotePaper.lined.rawValue, size: NotePageSize.neighbour.rawValue)

/// Note pages to write on, put after the pages to organise as one undoable step:
/// `win.insert-note-page` takes "paper:size" (paper `blank`, `lined`, `squared` or `dotted`;
/// size `neighbour`, `a4` or `letter`, `neighbour` when left out), or "" for a dialog (kind
/// `insert-note-page` in the state dump) that asks both. The page's ruling is its own content,
/// thin light-grey lines 8 mm apart, 5 mm squares or 5 mm dots, so every viewer shows it.
extension DocumentWindow {
    func installNotePageAction() {
        addStringAction("insert-note-page", enabled: false) { [weak self] choice in
            guard let self else { return }
            if choice.isEmpty { self.showNotePageDialog(); return }
            guard let picked = Self.notePageChoice(choice) else {
                gtk_widget_error_bell(self.window)
                return
            }
            self.insertNotePage(picked.0, size: picked.1)
        }
    }

    /// "lined:a4" as a paper and a size; `nil` when either is not known.
    static func notePageChoice(_ text: String) -> (NotePaper, NotePageSize)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), let paper = NotePaper(rawValue: parts[0]) else { return nil }
        guard parts.count == 2 else { return (paper, .neighbour) }
        guard let size = NotePageSize(rawValue: parts[1]) else { return nil }
        return (paper, size)
    }

    /// Inserts a note page after the pages to organise, the view going to it.
    func insertNotePage(_ paper: NotePaper, size: NotePageSize) {
        guard content == .document, let editor = editing?.editor else { return }
        let index = (pagesToOrganise.map(\.rawValue).max() ?? -1) + 1
        organisePages { [weak self] in
            guard let self else { return }
            do {
                let edit = try editor.insertingNotePage(paper, size: size, at: index)
                if self.canvas.commit(EditRecord("Insert Note Page", edit)) { self.pageToShowAfterReshape = PageIndex(index) }
            } catch {
                self.pageOperationFailed(tr("The page could not be inserted"), error)
            }
        }
    }

    /// The dialog: which paper (touch-sized buttons) and which size, then Insert.
    func showNotePageDialog() {
        guard content == .document, editing != nil, pendingDialog == nil else { return }
        let dialog = PageChoiceDialog(title: tr("Insert Note Page"), accept: tr("_Insert"), over: window)
        let papers: [(NotePaper, String)] = [(.blank, tr("_Blank")), (.lined, tr("_Lined")), (.squared, tr("S_quared")), (.dotted, tr("_Dotted"))]
        let paperRow = PageChoiceDialog.choiceRow(papers.map(\.1), accessibleLabel: tr("Paper"))
        let lastPaper = NotePaper(rawValue: lastNotePageChoice.paper) ?? .lined
        if let i = papers.firstIndex(where: { $0.0 == lastPaper }) { gtk_toggle_button_set_active(cast(paperRow.buttons[i]), 1) }
        dialog.addRow(tr("Paper"), paperRow.row)
        let sizes: [(NotePageSize, String)] = [(.neighbour, tr("Like the page before it")), (.a4, tr("A4 (210 × 297 mm)")), (.letter, tr("Letter (8.5 × 11 in)"))]
        let sizePicker = PageChoiceDialog.dropDown(sizes.map(\.1))
        gtk_drop_down_set_selected(cast(sizePicker), UInt32(sizes.firstIndex { $0.0.rawValue == lastNotePageChoice.size } ?? 0))
        dialog.addRow(tr("_Size"), sizePicker)
        _ = dialog.addNote(tr("Lines 8 mm apart, squares and dots 5 mm, in light grey. The page goes after the page in view, or after the pages selected in the grid."))
        pendingDialog = "insert-note-page"
        application?.stateChanged()
        dialog.present(accept: { [weak self] in
            guard let self else { return }
            let paper = papers[paperRow.buttons.firstIndex { gtk_toggle_button_get_active(cast($0)) != 0 } ?? 0].0
            let picked = Int(gtk_drop_down_get_selected(cast(sizePicker)))
            let size = sizes.indices.contains(picked) ? sizes[picked].0 : .neighbour
            lastNotePageChoice = (paper.rawValue, size.rawValue)
            self.pendingDialog = nil
            self.insertNotePage(paper, size: size)
        }, closed: { [weak self] in
            self?.pendingDialog = nil
            self?.application?.stateChanged()
        })
    }
}
