// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// The editing document is made when it is first wanted, not at open: a reader who only reads
/// never pays for a second parse of the file. It is wanted when an edit begins (a stroke, a
/// shape or markup being drawn: the session asks with ``SessionEffect/editorNeeded`` while it is
/// still drawn, so the editor is made on a worker meanwhile) and when a page shown carries
/// annotations to pick. Edits finished before it arrives wait, in order, drawn where they were
/// made, and are applied when the host hands the editor over (``editorArrived()``): nothing the
/// user did is dropped, and the first edit is journaled as the editor's first step.
extension DocumentSession {
    /// Whether `command` changes the document, so that it needs the editor to be applied.
    /// (Moves and resizes begin on an annotation the editor listed, so it is there already;
    /// notes, text boxes and stamps go to the host, which waits for the editor itself.)
    static func changesDocument(_ command: ToolCommand) -> Bool {
        switch command {
        case .addInk, .addMarkerInk, .addShape, .snapShape, .addTextMarkup, .markText, .markTextWithInk, .deleteAnnotations,
             .eraseAlong, .eraseWhole, .endErase:
            return true
        case .selectAnnotation, .deselectAnnotation, .beginTransform, .moveAnnotation, .moveAnnotations, .resizeAnnotation,
             .endTransform, .moveLineEnd, .rotateAnnotation, .moveVertex, .insertVertex, .removeVertex, .selectionBand, .lassoPreview,
             .lassoSelect, .markupPreview, .clearMarkupPreview, .inkPreview, .markerPreview, .shapePreview, .clearShapePreview,
             .addFreeText, .addNote, .addStamp, .focusFormField, .clearFormFocus:
            return false
        }
    }

    /// Keeps `command` for the editor when it changes the document and the editor is not here
    /// yet (or earlier edits still wait for it): it is applied, in order, when it arrives. A
    /// stroke or shape stays drawn meanwhile. Whether it was kept.
    func waitsForEditor(_ command: ToolCommand) -> Bool {
        guard !replayingWaitedEdits, editing == nil || !waitingForEditor.isEmpty, Self.changesDocument(command) else { return false }
        // The box asked for (where a signature goes) is handed over, not made.
        if case .addShape(.square, _, _, _) = command, handsOverNextBox { return false }
        switch command {
        case .addInk(let page, let strokes):
            previews.ink = nil
            previews.held.append((.ink(page: page, strokes: strokes), false))
        case .addMarkerInk(let page, let stroke):
            previews.marker = nil
            previews.held.append((.marker(page: page, stroke: stroke), false))
        case .addShape(let kind, let page, let from, let to):
            previews.shape = nil
            previews.held.append((.shape(kind: kind, page: page, from: from, to: to), false))
        case .snapShape, .addTextMarkup, .markText, .markTextWithInk, .deleteAnnotations, .eraseAlong, .eraseWhole, .endErase,
             .selectAnnotation, .deselectAnnotation, .beginTransform, .moveAnnotation, .moveAnnotations, .resizeAnnotation,
             .endTransform, .moveLineEnd, .rotateAnnotation, .moveVertex, .insertVertex, .removeVertex, .selectionBand, .lassoPreview,
             .lassoSelect, .markupPreview, .clearMarkupPreview, .inkPreview, .markerPreview, .shapePreview, .clearShapePreview,
             .addFreeText, .addNote, .addStamp, .focusFormField, .clearFormFocus:
            // Nothing drawn to hold: the edit waits with the others.
            break
        }
        waitingForEditor.append(command)
        emit([.editorNeeded, .redraw])
        return true
    }

    /// An edit is being drawn and the editor is not here: the host makes it meanwhile.
    func wantEditorForEdit() {
        if editing == nil { emit(.editorNeeded) }
    }

    /// A page's text, links and annotations were read: when it carries annotations (other than
    /// links) and the editor is not here, the host makes it, so that they can be picked.
    public func pageRead(_ page: PageIndex, carriesAnnotations: Bool) -> [SessionEffect] {
        carriesAnnotations && editing == nil ? [.editorNeeded] : []
    }

    /// The host set ``editing``: the edits that waited for it are applied now, in the order they
    /// were made, each as the one undoable step it would have been.
    public func editorArrived() -> [SessionEffect] {
        gather {
            guard editing != nil else { return }
            let waiting = waitingForEditor
            waitingForEditor = []
            replayingWaitedEdits = true
            defer { replayingWaitedEdits = false }
            for command in waiting { apply(command) }
            emit(.redraw)
        }
    }

    /// The editor could not be made (the file went, or is damaged): the edits that waited for it
    /// are dropped and their drawings with them.
    public func editorUnavailable() -> [SessionEffect] {
        gather {
            guard !waitingForEditor.isEmpty else { return }
            waitingForEditor = []
            previews.held.removeAll { !$0.shown }
            emit(.redraw)
        }
    }

    /// Whether two held drawings are the same stroke or shape.
    static func same(_ a: HeldCreation, _ b: HeldCreation) -> Bool {
        switch (a, b) {
        case (.ink(let p, let s), .ink(let q, let t)): return p == q && s == t
        case (.shape(let k, let p, let f, let t), .shape(let l, let q, let g, let u)): return k == l && p == q && f == g && t == u
        case (.marker(let p, let s), .marker(let q, let t)): return p == q && s == t
        case (.ink, _), (.shape, _), (.marker, _), (.erased, _): return false
        }
    }
}
