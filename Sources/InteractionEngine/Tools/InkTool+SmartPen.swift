// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The smart pen in the Pen tool: a stroke that starts on text and runs along it becomes text
/// markup of the words it covers (an underline under them, a strike-out through them) instead
/// of ink, decided by ``SmartPen`` when the stroke lifts.
extension InkTool {
    /// Decides whether a finished stroke on `page` marks text and, when it does, emits the
    /// markup (with the stroke, so the host can offer to keep it as ink). Whether it did.
    func marksText(_ stroke: [InkPoint], on page: PageIndex?, context: ToolContext) -> Bool {
        let env = context.environment
        guard let page, let text = env.penMarkableText(on: page), let geometry = env.coordinates.page(page) else { return false }
        let points = stroke.map { geometry.pagePoint(fromPDF: $0.location) }
        guard case .markup(let kind, let range) = SmartPen.classify(points, over: text, marker: .pen) else { return false }
        context.emit(.markTextWithInk(kind, TextSelection(page: page, anchor: range.lowerBound, focus: range.upperBound), stroke: stroke))
        return true
    }
}
