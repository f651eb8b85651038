// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// How the session shows the document's annotations and links to the interaction engine (as
/// hit-test targets) and to the reader (a link's tooltip, the state dump's kinds).
public enum SceneTargets {
    public static func target(_ a: Annotation) -> AnnotationTarget {
        AnnotationTarget(id: a.annotationID, kind: a.subtype, page: a.page, bounds: a.rect,
                         isLocked: a.info.isLocked || !a.isTransformable, lineEnds: lineEnds(of: a),
                         vertices: vertices(of: a), isRotatable: a.isRotatable)
    }

    /// A polygon's or polyline's vertices (PDF space), which the edit tool drags one at a time.
    public static func vertices(of a: Annotation) -> [Point] {
        a.subtype == .polygon || a.subtype == .polyLine ? a.vertices : []
    }

    /// A line's two ends (PDF space), which the edit tool drags one at a time.
    public static func lineEnds(of a: Annotation) -> [Point] {
        guard a.subtype == .line, case .line(let start, let end, _, _) = a.geometry else { return [] }
        return [start, end]
    }

    /// The `kind` the state dump has always named for each annotation kind (a contract for
    /// tests outside this repository): notes are `note`, poly-lines `polyline`, and kinds the
    /// app does not tell apart `other`.
    public static func dumpName(_ kind: AnnotationKind) -> String {
        switch kind {
        case .text: return "note"
        case .polyLine: return "polyline"
        case .sound, .movie, .screen, .printerMark, .trapNet, .watermark, .threeD, .richMedia, .unknown: return "other"
        case .ink, .highlight, .underline, .strikeOut, .squiggly, .freeText, .square, .circle, .line, .polygon, .stamp,
             .link, .widget, .popup, .caret, .fileAttachment:
            return kind.rawValue
        }
    }

    /// Where a link leads, in words for its tooltip.
    public static func describe(_ target: LinkTarget) -> String {
        switch target {
        case .page(let page): return "Go to page \(page.displayNumber)"
        case .uri(let uri): return "Open \(uri)"
        case .unsupported: return "This link is not followed (it would run a program or open a file)"
        case .media: return "Play"
        }
    }
}

extension ViewSession {
    /// The geometry of `pages` as the engine hit-tests them: their frames in the layout and,
    /// once read, their exact media boxes and rotations (the shown size stands in until then:
    /// nothing on a page needs converting to PDF space before its annotations are read).
    public func pageGeometries(of pages: [PageIndex], exactInfo: [PageIndex: PageInfo]) -> [PageGeometry] {
        pages.map { page in
            let info = exactInfo[page] ?? PageInfo(index: page, mediaSize: pageSizes[page.rawValue], rotation: .none)
            return PageGeometry(index: page, frame: layout.pageFrame(page, zoom: viewport.zoom),
                                mediaSize: info.mediaSize, rotation: info.rotation)
        }
    }
}
