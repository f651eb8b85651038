// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The PDF annotation subtypes (PDF 32000-1 §12.5.6), one case per poppler `PopplerAnnotType`,
/// so that the shell can decide what an existing annotation supports without seeing poppler.
///
/// `text` is the sticky note (PDF subtype /Text), not a text box; a text box is `freeText`.
/// Subtypes the PDF library does not recognise (including newer ones such as /Redact or
/// /Projection) are `unknown`.
/// Identifies an annotation across the document model, the interaction engine and the shell
/// (``Annotation/id`` as a value of its own type; the engine knows annotations by it).
public struct AnnotationID: Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// The kind of an annotation (its /Subtype), shared by the document model and the interaction
/// engine, which tells kinds apart when deciding what a gesture may do.
public enum AnnotationSubtype: String, Hashable, Sendable, Codable, CaseIterable {
    case text, link, freeText, line, square, circle, polygon, polyLine
    case highlight, underline, squiggly, strikeOut, stamp, caret, ink, popup
    case fileAttachment, sound, movie, widget, screen, printerMark, trapNet, watermark, threeD
    /// A /RichMedia annotation (PDF 2.0, Adobe's extension level 3): video, sound or Flash.
    case richMedia
    case unknown
}

/// One annotation that already exists in a document, as plain values, so that the shell can
/// hit-test, select, move and resize it without holding a PDF library object.
///
/// Values are snapshots: after an edit (annotations change only through
/// `DocumentPoppler.DocumentEditor`) take a new one, such as ``Annotation/info`` of the edited
/// annotation.
///
/// ## Coordinates
///
/// ``rect`` is in the page's PDF user space **translated so that the lower-left corner of the
/// crop box is the origin**: points, y up, before /Rotate. That is the space of
/// `DocumentLayout.PageSpace` (whose `mediaSize` is `PageInfo.mediaSize`, the crop box size), so
/// `PageSpace.pdfToPage(_:)` places the rectangle on the displayed page with no further offset.
/// In this struct `rect.minY` is the *bottom* edge (y grows upwards). For most files the crop box
/// starts at (0, 0) and this is plain PDF user space.
///
/// An annotation with the NoRotate flag on a rotated page is drawn turned back about its
/// top-left corner, so on screen it does not cover the turned ``rect``; such annotations are rare
/// (some sticky notes).
public struct AnnotationInfo: Hashable, Sendable {
    /// Stable for the document's lifetime, such as "p3-a7" (page 3 counted from 0, the 8th entry
    /// of that page's annotation list, popups and hidden ones included).
    public let id: String
    public let page: PageIndex
    public let subtype: AnnotationSubtype
    /// The annotation's /Rect; see "Coordinates" above. Never has a negative size.
    public var rect: Rect
    /// The /Contents text (a note's text, a comment on markup), or `nil` when absent or empty.
    public let contents: String?
    /// Not drawn on screen: the Hidden or the NoView flag is set, or it is a reply or a review
    /// state (shown in its thread, drawn empty; see ``AnnotationThreads``).
    public let isHidden: Bool
    /// The ReadOnly or the Locked flag is set: the user should not move, resize or edit it.
    public let isLocked: Bool

    public init(
        id: String, page: PageIndex, subtype: AnnotationSubtype, rect: Rect, contents: String? = nil,
        isHidden: Bool = false, isLocked: Bool = false
    ) {
        self.id = id
        self.page = page
        self.subtype = subtype
        self.rect = rect
        self.contents = contents
        self.isHidden = isHidden
        self.isLocked = isLocked
    }

    /// Whether the shell should offer the annotation for hit-testing and selection: it is shown
    /// and is not a popup (a popup is the note window of its parent markup annotation).
    public var isListedForEditing: Bool { !isHidden && subtype != .popup }
}
