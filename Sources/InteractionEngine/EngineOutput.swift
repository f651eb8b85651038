// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A decision of the engine that the host applies: move the view, change the selection, hand a
/// contact to the tool layer. The engine itself changes nothing outside its own state.
public enum EngineOutput: Hashable, Sendable {
    // Raw contacts for the view and the tool layer (after delays and cancellations).
    /// A contact event the view should handle (possibly later than it happened).
    case contact(InputEvent)
    /// A recognizer took this contact over: the view forgets what it started with it.
    case contactCancelled(InputSequenceID)

    // Navigation.
    /// Move the view over the content by this many view pixels (positive y shows content below).
    case scroll(by: Vector)
    /// A scroll ended with this velocity (view pixels per second) for momentum.
    case scrollEnded(velocity: Vector)
    /// Fingers rest on the touchpad: stop any momentum.
    case stopMomentum
    /// Multiply the zoom by `by`, keeping `about` (view coordinates) still.
    case zoom(by: Double, about: Point)
    /// A pinch ended (the host may snap the zoom or re-render sharply).
    case zoomEnded
    /// Zoom so that `to` (view coordinates) fills the view; `about` is where the user tapped.
    case smartZoom(to: Rect, about: Point)
    /// Go one page back or forward.
    case fastScroll(FastScrollDirection)
    /// A drag from an edge band turns the page: began where it was taken, changed as the
    /// contact moves (view point), ended with the contact's velocity (view pixels per second).
    case turnPage(FastScrollDirection, GesturePhase, at: Point, velocity: Vector)
    /// An n-finger swipe in one direction.
    case swipe(SwipeDirections, fingers: Int)

    // Interaction components.
    case selectAnnotation(AnnotationTarget)
    case deselectAnnotations([AnnotationTarget])
    /// Move or resize a selected annotation: `translation` is since the gesture began.
    case transformAnnotation(AnnotationTarget, GesturePhase, translation: Vector)
    /// A finger held on an annotation lifted it (began), moves it (changed, view point of the
    /// finger) and puts it down (ended): a drag if it moved, else a request for its menu.
    case liftAnnotation(AnnotationTarget, GesturePhase, at: Point)
    case editAnnotation(AnnotationTarget)
    case openLink(LinkHit)
    case toggleUserInterface
    /// Start, extend or finish a text (or image) selection at a view point.
    case selectText(GesturePhase, at: Point, TextHit)
    case deselectText
    /// The sidebar drawer moves with a finger, or settles open or closed (the drawer component).
    case drawer(DrawerState)

    // Pointer and devices.
    /// The pointer hovers at a view point (for pointer effects); ended when it leaves or presses.
    case hover(GesturePhase, at: Point)
    /// The stylus was flipped: the tool layer selects the eraser for `.eraser`.
    case stylusEnd(StylusEnd)
    /// A key event, untouched, for the tool layer and shortcuts.
    case key(InputEvent)
}
