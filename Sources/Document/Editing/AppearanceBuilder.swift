// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// An appearance stream the app writes for an annotation: a form XObject drawn in a box that
/// starts at the annotation rectangle's lower-left corner, so that the box maps onto /Rect by a
/// plain translation (PDF 32000-1 §12.5.5).
public struct AppearanceStream: Hashable, Sendable {
    /// /BBox: `[0 0 rect.width rect.height]`.
    public var boundingBox: Rect
    /// The content stream's operators.
    public var content: [UInt8]
    /// /Resources (ExtGState for opacity and blending, Font for text); empty when none.
    public var resources: PDFDictionary
    /// Pictures the content draws by name (`/Im0 Do`): the writer adds each as an image XObject
    /// and names it in /Resources /XObject.
    public var images: [String: StampImage]
    /// /Matrix, when the content is turned (a form field whose /MK /R turns its text).
    public var matrix: [Double]?
    public init(boundingBox: Rect, content: [UInt8], resources: PDFDictionary, images: [String: StampImage] = [:], matrix: [Double]? = nil) {
        self.boundingBox = boundingBox
        self.content = content
        self.resources = resources
        self.images = images
        self.matrix = matrix
    }
}

/// Draws annotations as appearance streams, so that every viewer shows what the app shows.
///
/// Each kind draws only inside its rectangle (clipped to it), in the annotation's colours and
/// opacity: ink with its pressure baked in as a varying width, highlights that multiply with the
/// text under them, underline, strike-out and squiggly lines along each quadrilateral, squares
/// and ellipses, lines with their endings, polygons, free text in Helvetica, a note icon, a
/// stamp with its name, a caret.
public enum AppearanceBuilder {
    /// Whether the builder can draw this annotation: a subtype it knows, and not an image stamp
    /// whose picture is only in the file.
    public static func canDraw(_ a: Annotation) -> Bool {
        canDraw(a.subtype) && a.image != .inFile
    }

    /// Whether the builder can draw annotations of this subtype.
    public static func canDraw(_ subtype: AnnotationSubtype) -> Bool {
        switch subtype {
        case .ink, .highlight, .underline, .strikeOut, .squiggly, .square, .circle, .line, .polygon, .polyLine,
             .freeText, .text, .stamp, .caret, .fileAttachment:
            return true
        default:
            return false
        }
    }

    /// The appearance of `annotation`, or `nil` for a subtype ``canDraw(_:)`` refuses, an empty
    /// rectangle, or a kind without the geometry it needs.
    ///
    /// The content is drawn in the box `[0 0 width height]` whose origin is the rectangle's
    /// lower-left corner, clipped to it, inside `q … Q`. An opacity below 1 and a highlight's
    /// multiply blend come from the graphics state `/GS0`.
    public static func appearance(for a: Annotation) -> AppearanceStream? {
        guard canDraw(a), a.rect.width > 0, a.rect.height > 0 else { return nil }
        if let turn = a.rotation, Annotation.turnsItsBox(a.subtype) {
            // A turned box: drawn upright in its own box, turned by /Matrix about its middle;
            // every viewer maps the turned box onto /Rect, grown to hold it (§12.5.5).
            var upright = a
            upright.rotation = nil
            upright.rect = a.uprightBox
            guard var stream = appearance(for: upright) else { return nil }
            stream.matrix = turn.matrix
            return stream
        }
        var c = ContentStreamWriter(origin: a.rect.origin)
        var resources = PDFDictionary()
        var graphicsState = PDFDictionary([("Type", .name("ExtGState"))])
        if a.opacity < 1 {
            let opacity = max(0, a.opacity)
            graphicsState["CA"] = .number(opacity)
            graphicsState["ca"] = .number(opacity)
        }
        // Text under a highlight stays readable: the colour darkens the page instead of covering it.
        // So does a highlighter's freehand stroke.
        if a.subtype == .highlight || (a.subtype == .ink && a.isMarker == true) { graphicsState["BM"] = .name("Multiply") }
        c.save()
        if graphicsState.keys.count > 1 {
            resources["ExtGState"] = .dictionary(PDFDictionary([("GS0", .dictionary(graphicsState))]))
            c.graphicsState("GS0")
        }
        // Nothing leaves the rectangle, whatever the geometry says.
        c.clip(width: a.rect.width, height: a.rect.height)
        let drawn: Bool
        switch a.subtype {
        case .ink: drawn = drawInk(a, &c)
        case .highlight, .underline, .strikeOut, .squiggly: drawn = drawMarkup(a, &c)
        case .square, .circle: drawn = drawShape(a, &c)
        case .line: drawn = drawLine(a, &c)
        case .polygon, .polyLine: drawn = drawPolygon(a, &c)
        case .caret: drawn = drawCaret(a, &c)
        case .freeText: drawn = drawFreeText(a, &c, &resources)
        case .text: drawn = drawNote(a, &c)
        case .fileAttachment: drawn = drawAttachment(a, &c)
        case .stamp:
            if case .held(let image)? = a.image {
                drawImage(image, in: a.rect, &c)
                c.restore()
                return AppearanceStream(boundingBox: Rect(x: 0, y: 0, width: a.rect.width, height: a.rect.height),
                                        content: c.bytes, resources: resources, images: ["Im0": image])
            }
            drawn = drawStamp(a, &c, &resources)
        default: drawn = false
        }
        guard drawn else { return nil }
        c.restore()
        return AppearanceStream(boundingBox: Rect(x: 0, y: 0, width: a.rect.width, height: a.rect.height),
                                content: c.bytes, resources: resources)
    }
}
