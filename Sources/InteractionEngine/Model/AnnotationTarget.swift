// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The document model's annotation identity: one type for the engine, the model and the shell.
public typealias AnnotationID = Document.AnnotationID

/// The document model's annotation kind (its /Subtype): the engine tells kinds apart when
/// deciding what a gesture may do (for example, an app that excludes ink from selection).
public typealias AnnotationKind = AnnotationSubtype

/// What the engine knows of an annotation: enough to hit-test it and to decide whether an
/// interaction may touch it, and nothing of how it is stored or drawn.
public struct AnnotationTarget: Hashable, Sendable, Codable {
    public var id: AnnotationID
    public var kind: AnnotationKind
    public var page: PageIndex
    /// Bounds in PDF user space of the page (y up, origin at the media box's lower-left).
    public var bounds: Rect
    /// A locked annotation can be selected but not moved, resized or edited.
    public var isLocked: Bool
    /// A line's two ends in PDF user space (empty for other kinds): each is dragged on its own.
    public var lineEnds: [Point]
    /// A polygon's or polyline's vertices in PDF user space (empty for other kinds): each is
    /// dragged on its own when it is the only one selected.
    public var vertices: [Point] = []
    /// Whether a turn of the selection turns it (its points, or its drawing); what cannot
    /// turn only follows the turn with its middle.
    public var isRotatable = false

    public init(id: AnnotationID, kind: AnnotationKind, page: PageIndex, bounds: Rect, isLocked: Bool = false,
                lineEnds: [Point] = [], vertices: [Point] = [], isRotatable: Bool = false) {
        self.id = id; self.kind = kind; self.page = page; self.bounds = bounds; self.isLocked = isLocked
        self.lineEnds = lineEnds
        self.vertices = vertices
        self.isRotatable = isRotatable
    }
}

/// The coordinate spaces a point can be expressed in when an activation condition or an
/// embedder asks about it.
public enum CoordinateSpace: Hashable, Sendable, Codable {
    /// The visible widget, logical pixels, y down.
    case view
    /// A page as shown (after /Rotate), in PDF points at zoom 1, origin top-left, y down.
    case page(PageIndex)
    /// A page's PDF user space: points, origin at the media box's lower-left, y up, before /Rotate.
    case pdf(PageIndex)
}
