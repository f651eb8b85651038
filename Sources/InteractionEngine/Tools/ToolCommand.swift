// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The shape drawn by a ``ShapeTool``.
public enum ShapeKind: String, Hashable, Sendable, Codable, CaseIterable {
    case square, circle, line, arrow

    public var annotationKind: AnnotationKind {
        switch self {
        case .square: return .square
        case .circle: return .circle
        case .line, .arrow: return .line
        }
    }
}

/// One sample of an ink stroke, in the page's PDF user space.
public struct InkPoint: Hashable, Sendable, Codable {
    public var location: Point
    /// 0…1 when the device reports pressure.
    public var pressure: Double?
    public init(location: Point, pressure: Double? = nil) { self.location = location; self.pressure = pressure }
}

/// A text range between two positions, possibly on different pages; the host's text layout
/// turns it into glyph rectangles.
public struct TextRange: Hashable, Sendable, Codable {
    public var start: PagePoint
    public var end: PagePoint
    public init(start: PagePoint, end: PagePoint) { self.start = start; self.end = end }
}

/// What a tool decided should happen; the host applies it to the document or the view.
///
/// Tools decide *what* happens; whether something may happen at all (an annotation that may not
/// be selected on page 0, ink excluded from selection) is the components' business, checked
/// before an event reaches the tool manager. PDF geometry is in the page's PDF user space.
public enum ToolCommand: Hashable, Sendable {
    case selectAnnotation(AnnotationID)
    case deselectAnnotation(AnnotationID)
    /// A move or resize starts (the host opens an undo group).
    case beginTransform(AnnotationID)
    /// Moves by a PDF-space displacement since the previous move command.
    case moveAnnotation(AnnotationID, by: Vector)
    /// Moves these annotations of one page together by one PDF-space displacement since the
    /// previous move command, between a begin and an end of transform of each, like a move: a
    /// lasso's selection carried as one (one command a step however many it holds).
    case moveAnnotations([AnnotationID], on: PageIndex, by: Vector)
    /// Sets the annotation's bounds (absolute, so repeating it is harmless).
    case resizeAnnotation(AnnotationID, to: Rect)
    /// The move or resize is over; when cancelled, the host restores the original geometry.
    case endTransform(AnnotationID, cancelled: Bool)
    /// Moves one end of a line (0: start, 1: end) to a PDF point, between a begin and an end of
    /// transform like a move.
    case moveLineEnd(AnnotationID, index: Int, to: Point)
    /// Turns the annotation, as it was when its transform began, by `degrees` (counter-clockwise
    /// as PDF measures angles, and as the page looks on screen) about a PDF point of its page; absolute, so
    /// repeating it is harmless. Between a begin and an end of transform like a move.
    case rotateAnnotation(AnnotationID, degrees: Double, about: Point)
    /// Moves vertex `index` of a polygon or polyline to a PDF point, between a begin and an end
    /// of transform.
    case moveVertex(AnnotationID, index: Int, to: Point)
    /// Puts a new vertex at a PDF point before vertex `index` (on the edge that ends there),
    /// between a begin and an end of transform.
    case insertVertex(AnnotationID, index: Int, at: Point)
    /// Takes vertex `index` out of a polygon or polyline (never below three or two), between a
    /// begin and an end of transform.
    case removeVertex(AnnotationID, index: Int)
    /// Deletes these annotations as one step.
    case deleteAnnotations([AnnotationID])
    /// The partial eraser went along `path` (in the page's PDF space) with a disc of `radius`
    /// (PDF points): every ink on the page loses the parts the disc crosses. The host shows it at
    /// once and changes the document when the contact ends.
    case eraseAlong(PageIndex, path: [Point], radius: Double)
    /// The partial eraser touched an annotation that is not ink: it goes whole with the rest of
    /// the contact.
    case eraseWhole(AnnotationID)
    /// The partial eraser's contact is over: what it erased becomes one undoable step (none when
    /// `cancelled`: everything stays).
    case endErase(cancelled: Bool)
    /// The selection band being dragged out on empty page space (view coordinates), or `nil`
    /// when it is gone.
    case selectionBand(Rect?)
    /// The lasso's loop as drawn so far, in the PDF space of its page (empty to clear it).
    case lassoPreview(PageIndex, [Point])
    /// The lasso's loop is drawn (PDF space of its page): the host selects what it encloses
    /// (`Document.LassoSelection`), added to the selection with `adding`, else in its place.
    case lassoSelect(PageIndex, [Point], adding: Bool)
    /// The text a markup tool's drag would mark, shown while the drag lasts.
    case markupPreview(TextRange)
    case clearMarkupPreview
    case addTextMarkup(AnnotationKind, TextRange)
    /// Marks the user's text selection (highlight, underline, strike-out, squiggly).
    case markText(AnnotationKind, TextSelection)
    /// A pen stroke drawn along text marks it (the smart pen): the host marks the selection as
    /// ``markText(_:_:)`` does, and keeps the stroke as drawn (PDF space of the selection's page)
    /// to offer turning the markup back into that ink.
    case markTextWithInk(AnnotationKind, TextSelection, stroke: [InkPoint])
    /// The strokes drawn so far (empty to clear the preview).
    case inkPreview(PageIndex, [[InkPoint]])
    case addInk(PageIndex, [[InkPoint]])
    /// The Highlighter's freehand stroke drawn so far with a pen or a finger (empty to clear
    /// it): a wide, translucent marker line, shown as it will be saved.
    case markerPreview(PageIndex, [InkPoint])
    /// The Highlighter's freehand stroke that marks no text: the host adds it as marker ink
    /// (translucent, flat ends, multiplied with the page), one undoable step.
    case addMarkerInk(PageIndex, [InkPoint])
    case shapePreview(ShapeKind, PageIndex, from: Point, to: Point)
    case clearShapePreview
    /// A rectangle shape or ellipse spans `from`…`to` as opposite corners; a line or arrow goes
    /// from `from` to `to`.
    case addShape(ShapeKind, PageIndex, from: Point, to: Point)
    /// A stroke held still at its end (or lifted with "Snap Shapes" on) that is a shape: the
    /// host adds it as ink, then replaces that ink by the shape in the ink's colour and width,
    /// two undoable steps, so that one undo gives the stroke back as drawn.
    case snapShape(PageIndex, stroke: [InkPoint], to: RecognizedShape)
    case addFreeText(PageIndex, Rect)
    case addNote(PageIndex, at: Point)
    case addStamp(PageIndex, Rect, name: String)
    case focusFormField(AnnotationID)
    case clearFormFocus
}
