// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What a ``DocumentInteraction`` asks of its host (the canvas widget): move the view, change
/// an annotation, redraw effects, show a cursor. The host applies these and decides nothing.
public enum InteractionOutput: Equatable, Sendable {
    /// Move or zoom the view.
    case navigate(NavigationAction)
    /// Zoom so that a view rectangle fills the view.
    case smartZoom(to: Rect, about: Point)
    /// A command from the active tool (select, move, resize, delete, add …) in PDF space.
    case tool(ToolCommand)
    /// The selected annotation changed (nil: nothing selected).
    case selectionChanged(AnnotationID?)
    /// The pointer now hovers this annotation (nil: none); hover effects need frames.
    case hoverChanged(AnnotationID?)
    /// Show this pointer shape over the view.
    case cursor(PointerShape)
    /// Pointer effects are animating: ask for frames until ``DocumentInteraction/pointerFrame(at:)``
    /// says they are done.
    case needsFrames
    /// Show the context menu at a view point, about an annotation (now selected) or, with
    /// `nil`, about the page.
    case contextMenu(at: Point, annotation: AnnotationID?)
    /// The text selection changed (`nil`: none); the host draws it.
    case textSelectionChanged(TextSelection?)
    /// The selected image of the page's content changed (`nil`: none); the host outlines it.
    case imageSelectionChanged(PageImage?)
    /// A finger presses this annotation or link (drawn pressed), or none any more.
    case pressed(AnnotationID?)
    /// This annotation is lifted under a finger (drawn a little larger, with a shadow), or none
    /// is any more.
    case lift(AnnotationID?)
    /// A finger finished selecting text: offer what can be done with it (mark it, copy it) at
    /// this view point.
    case textMenu(at: Point)
    /// Any other engine decision (open a link, toggle the UI, text selection, …).
    case engine(EngineOutput)
}
