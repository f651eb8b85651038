// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// An RGB colour with components in 0…1, as PDF annotations store colours (/C, /IC).
public struct RGBColor: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public init(red: Double, green: Double, blue: Double) { self.red = red; self.green = green; self.blue = blue }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let yellow = RGBColor(red: 1, green: 0.92, blue: 0.23)
    public static let red = RGBColor(red: 0.9, green: 0.1, blue: 0.1)
}

/// The shape drawn at an end of a line annotation (/LE, PDF 32000-1 table 176).
public enum LineEnding: String, Hashable, Sendable, Codable, CaseIterable {
    case none = "None", square = "Square", circle = "Circle", diamond = "Diamond"
    case openArrow = "OpenArrow", closedArrow = "ClosedArrow", butt = "Butt"
    case reversedOpenArrow = "ROpenArrow", reversedClosedArrow = "RClosedArrow", slash = "Slash"
}

/// One ink stroke: the points of the path and, when the device reported it, the pen pressure
/// (0…1) at each point. PDF's /InkList keeps only the points, so the pressure lives in the
/// annotation's appearance, drawn as a varying width.
public struct InkStroke: Hashable, Sendable, Codable {
    public var points: [Point]
    /// One value per point, or `nil` for a stroke of constant width.
    public var pressures: [Double]?
    public init(points: [Point], pressures: [Double]? = nil) {
        self.points = points
        self.pressures = pressures.flatMap { $0.count == points.count ? $0.map { Quantize.value(min(1, max(0, $0))) } : nil }
    }
}

/// Where an annotation keeps its drawing beyond its rectangle: the part a move or resize must
/// transform along with /Rect.
public enum AnnotationGeometry: Hashable, Sendable, Codable {
    /// The rectangle says it all (square, circle, note, stamp, free text …).
    case none
    /// /InkList, with pressures when the app drew the strokes.
    case ink([InkStroke])
    /// /QuadPoints of text markup, four points per quadrilateral in the order PDF readers use
    /// (upper left, upper right, lower left, lower right of the text's baseline box).
    case quadPoints([Point])
    /// /L and /LE of a line.
    case line(start: Point, end: Point, startEnding: LineEnding, endEnding: LineEnding)
    /// /Vertices of a polygon or polyline.
    case vertices([Point])
}

/// How a free-text annotation's text is set: its /DA and /Q.
public struct FreeTextStyle: Hashable, Sendable, Codable {
    public enum Alignment: Int, Hashable, Sendable, Codable { case left = 0, center = 1, right = 2 }
    public var fontSize: Double
    public var textColor: RGBColor
    public var alignment: Alignment
    public init(fontSize: Double = 12, textColor: RGBColor = .black, alignment: Alignment = .left) {
        self.fontSize = fontSize
        self.textColor = textColor
        self.alignment = alignment
    }
}

/// Whose drawing shows an annotation, and so what a save must write as its /AP.
public enum AppearanceSource: String, Hashable, Sendable, Codable {
    /// The file's own /AP, kept byte for byte: a move or resize changes /Rect only, and every
    /// viewer maps the appearance's box onto the new rectangle (PDF 32000-1 §12.5.5).
    case file
    /// None in the file, and unchanged: viewers draw their own, as before.
    case absent
    /// The app writes an appearance from this value (new or changed annotations).
    case generated
}

/// One annotation as the editor knows it: every property a user sets, in the page's
/// crop-box-relative PDF user space (points, y up, before /Rotate; see ``AnnotationInfo``).
///
/// Values are compared whole: an edit records the value before and after, and applying its
/// inverse restores the exact value, so undo never approximates.
public struct Annotation: Hashable, Sendable, Codable, Identifiable {
    /// Stable for the document's editing life: "12-0" for the object `12 0 R` of the file, or
    /// "new-…" for one the app created.
    public var id: String
    public var page: PageIndex
    public var subtype: AnnotationSubtype
    /// /Rect; never has a negative size.
    public var rect: Rect
    /// /C: the stroke colour (a markup's highlight colour, a note's icon colour).
    public var color: RGBColor?
    /// /CA, 0…1.
    public var opacity: Double
    /// /BS /W, in points; `nil` when the file says nothing (viewers assume 1).
    public var borderWidth: Double?
    /// /BS /D when the border is dashed.
    public var dashPattern: [Double]?
    /// /IC: the fill of squares, circles, closed line endings.
    public var interiorColor: RGBColor?
    /// /Contents: a note's text, a free text's text, a comment on markup.
    public var contents: String?
    /// /T.
    public var author: String?
    /// /M, as the PDF date string ("D:20261123142650Z").
    public var modified: String?
    /// /NM.
    public var uniqueName: String?
    /// /F.
    public var flags: Int
    public var geometry: AnnotationGeometry
    /// /DA and /Q of free text.
    public var freeText: FreeTextStyle?
    /// /Name: a stamp's name (Approved, Draft …) or a note's icon (Comment, Note …).
    public var iconName: String?
    /// /Open of a note.
    public var isOpen: Bool?
    public var appearance: AppearanceSource
    /// The id of the popup annotation that shows this one's note (/Popup), which goes with it
    /// when it is removed.
    public var popupID: String?
    /// An image stamp's picture (`nil` for every other annotation).
    public var image: StampImageSource?
    /// A handwritten signature placed from the user's kept signatures (written as a private
    /// key, so the app knows it again).
    public var isSignature: Bool? = nil
    /// A highlighter's freehand stroke (ink only): drawn as a wide marker with flat ends whose
    /// colour multiplies with the page, so text under it stays readable (written as a private
    /// key, so the app draws it so again after a change).
    public var isMarker: Bool? = nil
    /// How far a square, circle, stamp or text box is turned (``AnnotationRotation``); `nil`
    /// when it stands upright. Other kinds turn their geometry instead and never carry one.
    public var rotation: AnnotationRotation? = nil
    /// /CreationDate, as the PDF date string; `nil` when the file gives none.
    public var creationDate: String? = nil
    /// /IRT: the editor id of the annotation this one answers (a reply, or a review state set
    /// on it); `nil` for an annotation that answers none.
    public var inReplyTo: String? = nil
    /// /RT: how this one relates to ``inReplyTo`` ("R" a reply, the default; "Group" one of a
    /// group shown as one).
    public var replyType: String? = nil
    /// /StateModel of a review-state note ("Review" or "Marked").
    public var stateModel: String? = nil
    /// /State of a review-state note ("Accepted", "Rejected", "Cancelled", "Completed", "None";
    /// "Marked", "Unmarked").
    public var state: String? = nil
    /// /Subj: what the annotation is about, as its author's program names it ("Sticky Note",
    /// "Highlight" …); `nil` when the file gives none.
    public var subject: String? = nil
    /// The file a /FileAttachment the app made carries, until it is saved (``EmbeddedFile``);
    /// `nil` for every other annotation, and for one read from the file (its file stays there).
    public var attachedFile: EmbeddedFile? = nil
    /// Where a /Link the app made or changed leads (written as its /Dest or /A /URI); `nil` for
    /// every other annotation, and for a link read from the file (its own target stays).
    public var linkDestination: LinkDestination? = nil

    public init(
        id: String, page: PageIndex, subtype: AnnotationSubtype, rect: Rect, color: RGBColor? = nil,
        opacity: Double = 1, borderWidth: Double? = nil, dashPattern: [Double]? = nil, interiorColor: RGBColor? = nil,
        contents: String? = nil, author: String? = nil, modified: String? = nil, uniqueName: String? = nil,
        flags: Int = AnnotationFlags.print, geometry: AnnotationGeometry = .none, freeText: FreeTextStyle? = nil,
        iconName: String? = nil, isOpen: Bool? = nil, appearance: AppearanceSource = .generated, popupID: String? = nil,
        image: StampImageSource? = nil
    ) {
        self.image = image
        self.id = id
        self.page = page
        self.subtype = subtype
        self.rect = rect
        self.color = color
        self.opacity = opacity
        self.borderWidth = borderWidth
        self.dashPattern = dashPattern
        self.interiorColor = interiorColor
        self.contents = contents
        self.author = author
        self.modified = modified
        self.uniqueName = uniqueName
        self.flags = flags
        self.geometry = geometry
        self.freeText = freeText
        self.iconName = iconName
        self.isOpen = isOpen
        self.appearance = appearance
        self.popupID = popupID
    }

    /// The snapshot the shell hit-tests and selects.
    /// The annotation's id as the engine and the shell know it.
    public var annotationID: AnnotationID { AnnotationID(id) }

    public var info: AnnotationInfo {
        AnnotationInfo(id: id, page: page, subtype: subtype, rect: rect, contents: contents,
                       // A reply or a review state shows in the thread, not on the page.
                       isHidden: flags & (AnnotationFlags.hidden | AnnotationFlags.noView) != 0 || isReply || isStateNote,
                       isLocked: flags & (AnnotationFlags.readOnly | AnnotationFlags.locked) != 0)
    }
}

/// The annotation flags (/F, PDF 32000-1 table 165) the editor reads or sets.
public enum AnnotationFlags {
    public static let invisible = 1
    public static let hidden = 2
    public static let print = 4
    public static let noZoom = 8
    public static let noRotate = 16
    public static let noView = 32
    public static let readOnly = 64
    public static let locked = 128
}
