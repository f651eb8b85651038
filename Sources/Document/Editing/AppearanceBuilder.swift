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
    public init(boundingBox: Rect, content: [UInt8], resources: PDFDictionary) {
        self.boundingBox = boundingBox
        self.content = content
        self.resources = resources
    }
}

/// Draws annotations as appearance streams, so that every viewer shows what the app shows.
public enum AppearanceBuilder {
    /// Whether the builder can draw annotations of this subtype.
    public static func canDraw(_ subtype: AnnotationSubtype) -> Bool {
        switch subtype {
        case .ink, .highlight, .underline, .strikeOut, .squiggly, .square, .circle, .line, .polygon, .polyLine,
             .freeText, .text, .stamp, .caret:
            return true
        default:
            return false
        }
    }

    /// The appearance of `annotation`, or `nil` for a subtype ``canDraw(_:)`` refuses.
    public static func appearance(for annotation: Annotation) -> AppearanceStream? {
        nil
    }
}
