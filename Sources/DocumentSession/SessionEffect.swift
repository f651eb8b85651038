// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import Geometry
import InteractionEngine

/// What a ``DocumentSession`` asks of the widget that shows it, after input, a tick or a
/// command: the one list the host applies, with an exhaustive switch. Everything else (the
/// view's transitions, the engine's decisions, previews, moves, the carrying) the session has
/// already done to its own state.
public enum SessionEffect: Equatable, Sendable {
    // MARK: Drawing

    /// Draw the view again (an overlay, a preview or a pressed or lifted annotation changed).
    case redraw
    /// The view moved or zoomed, or its layout changed: place editors and scroll bars, ask for
    /// the tiles it now shows, and draw it.
    case viewChanged
    /// Something animates (momentum, hover, a turn, the carrying): keep ticking the session
    /// on every frame until ``DocumentSession/needsFrames`` says otherwise.
    case needsFrames
    /// A pinch ended: the tiles for the final zoom are wanted.
    case requestTiles
    /// The layout pulls the page area in from the view's edges by these insets.
    case frameInsetsChanged(EdgeInsets)
    /// The layout's frames changed: tiles asked for at the old frames are not wanted.
    case framesInvalidated
    /// A page turn ended (finished or laid back).
    case turnEnded(completed: Bool)
    /// A page came into view for the first time: read its text, links and annotations and
    /// hand them to the session.
    case readPage(PageIndex)
    /// The document's editor is wanted (an edit began, or a page shown carries annotations to
    /// pick): make it now, on a worker, if it is not made yet, then hand it to the session
    /// (``DocumentSession/editorArrived()``), which applies the edits that waited for it.
    case editorNeeded

    // MARK: The pointer

    /// Show this pointer shape over the view.
    case cursor(PointerShape)
    /// The tooltip over the view (a link's destination), or none.
    case tooltip(String?)

    // MARK: Questions and places for the window

    /// Nothing lies that way, or nothing can be done: ring the bell.
    case bell
    /// The search found more, moved to another match or ended (the window's search bar).
    case searchChanged
    /// A step through the matches went round the end (`forward`) or the start of the document.
    case searchWrapped(forward: Bool)
    /// Read the pages in `order` for `search` on threads of the host's, handing what they find
    /// to ``DocumentSession/searchFound(_:read:readerFinished:generation:)`` with `generation`.
    case readPagesForSearch(TextSearch, order: [PageIndex], generation: Int)
    /// The selected annotation changed, or changed itself.
    case selectionChanged
    /// The text selection changed.
    case textSelectionChanged
    /// The selected image of a page's content changed (``DocumentSession/selectedImage``).
    case imageSelectionChanged
    /// Open the context menu at a view point, about an annotation or (`nil`) the page.
    case contextMenu(at: Point, annotation: AnnotationID?)
    /// Offer what can be done with a finger's text selection, at a view point.
    case textMenu(at: Point)
    /// A link leaves the document: ask before opening it.
    case askExternalLink(String)
    /// Play the sound or video of a media annotation (its id) in place: the user clicked or
    /// tapped it.
    case playMedia(String)
    /// Show or hide the interface (a finger's tap on the page: reading mode).
    case toggleUserInterface
    /// Show the sidebar drawer where the engine put it: following a finger, or sliding open or
    /// shut (``InteractionEngine/DrawerState``).
    case drawer(DrawerState)
    /// Put the form field's editor on it (a tap asked to fill it).
    case activateFormField(AnnotationID)
    /// Open the focused field's editor from the keyboard (Space or Return): a text field's
    /// entry over its box, a combo or list box's options.
    case openFormFieldEditor(AnnotationID)
    /// Open a free text box's editor in place, or a note's text for writing.
    case editTextBox(AnnotationID)
    case editNote(AnnotationID)
    /// The rectangle the host asked for (``DocumentSession/handsOverNextBox``) was drawn: on
    /// this page, in PDF space.
    case boxDrawn(PageIndex, Rect)
    /// A tool placed a note, a text box or a stamp, or focused a form field: the host opens
    /// what that needs (a dialog, an editor in place, a picture).
    case toolCommand(ToolCommand)
    /// Escape left the creation tool (which dropped what it was drawing): show Select as the
    /// picked tool.
    case toolLeft
    /// The smart pen turned a stroke into markup of this kind: offer, for a short while, to
    /// keep it as ink instead (``SessionCommand/keepAsInk``).
    case offerKeepAsInk(AnnotationKind)
}

extension SessionEffect {
    /// One example of each kind, for tests that prove the host applies every effect.
    public static let examples: [SessionEffect] = [
        .redraw, .viewChanged, .needsFrames, .requestTiles, .frameInsetsChanged(EdgeInsets()), .framesInvalidated,
        .turnEnded(completed: true), .readPage(PageIndex(0)), .editorNeeded, .cursor(.pointer), .tooltip("Go to page 2"), .bell, .selectionChanged,
        .textSelectionChanged, .imageSelectionChanged, .contextMenu(at: Point(x: 10, y: 10), annotation: nil), .textMenu(at: Point(x: 10, y: 10)),
        .askExternalLink("https://example.org"), .playMedia("p0-a0"), .toggleUserInterface, .activateFormField(AnnotationID("field")),
        .openFormFieldEditor(AnnotationID("field")),
        .editTextBox(AnnotationID("box")), .editNote(AnnotationID("note")), .boxDrawn(PageIndex(0), Rect(x: 10, y: 10, width: 50, height: 20)),
        .toolCommand(.clearFormFocus), .toolLeft, .offerKeepAsInk(.underline), .drawer(DrawerState(progress: 0.4, isOpen: false, isDragging: true)),
    ]
}
