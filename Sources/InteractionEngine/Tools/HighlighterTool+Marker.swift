// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The Highlighter as a marker: a pen (or a finger with ``HighlighterTool/drawsWithTouch``)
/// draws a freehand stroke; on lift it becomes the highlight of the words it ran along when the
/// smart pen says so, else marker ink.
extension HighlighterTool {
    /// Whether a contact draws the marker: the Highlighter's, from a pen, or from a finger
    /// allowed to draw; a mouse (and a touchpad) marks by selection as before. A contact already
    /// followed either way stays with its way.
    func drawsMarker(_ e: InputEvent) -> Bool {
        guard markup == .highlight else { return false }
        if let marker { return e.sequence == marker.sequence }
        guard e.contactPhase == .began else { return false }
        return e.source == .pen || (e.source == .touchscreen && drawsWithTouch)
    }

    func handleMarker(_ e: InputEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch e.contactPhase {
        case .began:
            guard marker == nil, let geometry = env.coordinates.page(atView: e.position),
                  let p = env.pdfPoint(fromView: e.position, on: geometry.index) else { return .unhandled }
            marker = (geometry.index, e.sequence, [InkPoint(location: p, pressure: e.axes.pressure)])
            context.emit(.markerPreview(geometry.index, marker!.stroke))
            return .handled
        case .moved:
            guard var m = marker, let p = env.pdfPoint(fromView: e.position, on: m.page) else { return .handled }
            if p != m.stroke.last?.location { m.stroke.append(InkPoint(location: p, pressure: e.axes.pressure)) }
            marker = m
            context.emit(.markerPreview(m.page, m.stroke))
            return .handled
        case .ended, .cancelled:
            guard let m = marker else { return .unhandled }
            marker = nil
            context.emit(.markerPreview(m.page, []))
            // A tap (a single sample) leaves nothing.
            guard e.contactPhase == .ended, m.stroke.count >= 2 else { return .handled }
            if let text = env.penMarkableText(on: m.page), let geometry = env.coordinates.page(m.page),
               case .markup(let kind, let range) = SmartPen.classify(m.stroke.map { geometry.pagePoint(fromPDF: $0.location) },
                                                                      over: text, marker: .highlighter) {
                context.emit(.markTextWithInk(kind, TextSelection(page: m.page, anchor: range.lowerBound, focus: range.upperBound),
                                              stroke: m.stroke))
            } else {
                context.emit(.addMarkerInk(m.page, m.stroke))
            }
            return .handled
        case nil:
            return .unhandled
        }
    }
}
