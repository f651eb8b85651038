// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Creates text markup (highlight, underline, strike-out, squiggly): each drag over text shows
/// what it would mark and marks it when it lifts. The tool stays current until another is
/// chosen. (Text selected before the tool is picked is marked by ``DocumentInteraction/pick(_:)``,
/// which owns the text selection.)
///
/// The Highlighter is also a marker for the pen (and for a finger with ``drawsWithTouch``): the
/// pen draws a freehand stroke, shown as the wide translucent line it will be saved as; on lift
/// the smart pen (``SmartPen``, with its marker ``SmartPen/Marker/highlighter``) makes a stroke
/// along text the highlight the mouse's drag would make of those words, and anything else (a
/// stroke off the text, on a page without text, or with the smart pen off) stays marker ink. A
/// mouse keeps marking by text selection (HighlighterTool+Marker).
public final class HighlighterTool: Tool {
    public let id: ToolID
    public let markup: AnnotationKind
    /// Whether a finger draws the marker too ("Draw with Finger"); else it marks by selection.
    public var drawsWithTouch: Bool
    private var anchor: PagePoint?
    private var sequence: InputSequenceID?
    private var last: PagePoint?
    /// The freehand stroke in progress (HighlighterTool+Marker).
    var marker: (page: PageIndex, sequence: InputSequenceID, stroke: [InkPoint])?

    /// - Parameter markup: `.highlight`, `.underline`, `.strikeOut` or `.squiggly`.
    /// - Parameter markup: `.highlight`, `.underline`, `.strikeOut` or `.squiggly`; the tool's id
    ///   follows it (``ToolID/highlighter``, ``ToolID/underline`` …).
    public init(markup: AnnotationKind = .highlight, drawsWithTouch: Bool = false) {
        self.markup = markup
        self.drawsWithTouch = drawsWithTouch
        switch markup {
        case .underline: id = .underline
        case .strikeOut: id = .strikeOut
        case .squiggly: id = .squiggly
        default: id = .highlighter
        }
    }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        guard case .input(let e) = event else { return .handled }
        // The pen's eraser end erases, as it does with the Pen.
        if markup == .highlight, e.source == .eraser, e.contactPhase == .began { return .switchTo(.eraser, replay: true) }
        if drawsMarker(e) { return handleMarker(e, context: context) }
        let env = context.environment
        switch e.contactPhase {
        case .began:
            guard sequence == nil, let p = env.pagePoint(nearView: e.position), env.coordinates.page(atView: e.position) != nil
            else { return .unhandled }
            anchor = p; last = p; sequence = e.sequence
            return .handled
        case .moved:
            guard e.sequence == sequence, let anchor, let p = env.pagePoint(nearView: e.position) else { return .unhandled }
            last = p
            context.emit(.markupPreview(TextRange(start: anchor, end: p)))
            return .handled
        case .ended, .cancelled:
            guard e.sequence == sequence else { return .unhandled }
            defer { anchor = nil; last = nil; sequence = nil }
            if e.contactPhase == .ended, let anchor, let last, anchor != last {
                context.emit(.addTextMarkup(markup, TextRange(start: anchor, end: last)))
            }
            context.emit(.clearMarkupPreview)
            return .handled
        case nil:
            return .unhandled
        }
    }

    public func deactivate(context: ToolContext) {
        if let m = marker {
            marker = nil
            context.emit(.markerPreview(m.page, []))
        }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .text }
}
