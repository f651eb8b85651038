// SPDX-License-Identifier: GPL-3.0-or-later
import InteractionEngine

/// What was selected in the half of a split that closes (its annotations, else its text),
/// carried to the view that stays: always when the half that goes was the active one (the
/// reader was working there), otherwise only when the view that stays has nothing selected of
/// its own. Both views show the same document, so the annotations and the text are there too.
@MainActor
struct SplitSelection {
    private let annotations: [AnnotationID]
    private let text: TextSelection?
    private let wasActive: Bool

    /// What `view`, the half about to close, has selected; `wasActive`: it was the active half.
    init(of view: PdfCanvas, wasActive: Bool) {
        annotations = view.interaction.selectedAnnotations
        text = view.interaction.textSelection
        self.wasActive = wasActive
    }

    /// Selects the same in `view`, the view that stays.
    func carry(to view: PdfCanvas) {
        guard !annotations.isEmpty || text != nil else { return }
        let own = view.interaction
        guard wasActive || (own.selectedAnnotations.isEmpty && own.textSelection == nil) else { return }
        if !annotations.isEmpty {
            own.select(annotations)
        } else {
            own.setTextSelection(text)
        }
    }
}
