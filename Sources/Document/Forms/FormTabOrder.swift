// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// One place Tab can stop: a widget of a field.
public struct FormStop: Hashable, Sendable, Codable {
    public var field: String
    public var annotationID: String
    public init(field: String, annotationID: String) { self.field = field; self.annotationID = annotationID }
}

/// The order Tab and Shift+Tab visit a form's widgets: page by page, and inside a page as the
/// page's /Tabs says (PDF 32000-1 table 30): /R by rows (top to bottom, then left to right),
/// /C by columns (left to right, then top to bottom), otherwise (/S, absent) the order of the
/// page's /Annots. Read-only, hidden, push-button and signature widgets are skipped.
public enum FormTabOrder {
    public enum PageOrder: Hashable, Sendable { case annotations, rows, columns
        /// The order a page's /Tabs name gives.
        public init(tabs: String?) {
            switch tabs {
            case "R": self = .rows
            case "C": self = .columns
            default: self = .annotations
            }
        }
    }

    /// Every stop in Tab order. `annotationIndex` gives a widget's position in its page's
    /// /Annots (widgets it does not know go last on their page, in field order).
    public static func stops(_ fields: [FormField], annotationIndex: (String) -> Int?, pageOrder: (PageIndex) -> PageOrder) -> [FormStop] {
        struct Candidate { var stop: FormStop; var page: PageIndex; var rect: Rect; var index: Int; var sequence: Int }
        var candidates: [Candidate] = []
        for field in fields where field.isFillable {
            for w in field.widgets where !w.isHidden {
                candidates.append(Candidate(stop: FormStop(field: field.name, annotationID: w.annotationID), page: w.page, rect: w.rect,
                                            index: annotationIndex(w.annotationID) ?? Int.max, sequence: candidates.count))
            }
        }
        // Rows: a widget belongs to the row of the one above it when their boxes overlap
        // vertically by half the smaller height; sorting by the top edge with that tolerance.
        func sameRow(_ a: Rect, _ b: Rect) -> Bool {
            let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
            return overlap >= 0.5 * min(a.height, b.height)
        }
        func sameColumn(_ a: Rect, _ b: Rect) -> Bool {
            let overlap = min(a.maxX, b.maxX) - max(a.minX, b.minX)
            return overlap >= 0.5 * min(a.width, b.width)
        }
        return candidates.sorted { a, b in
            if a.page != b.page { return a.page < b.page }
            switch pageOrder(a.page) {
            case .rows:
                if !sameRow(a.rect, b.rect) { return a.rect.maxY > b.rect.maxY }
                if a.rect.minX != b.rect.minX { return a.rect.minX < b.rect.minX }
            case .columns:
                if !sameColumn(a.rect, b.rect) { return a.rect.minX < b.rect.minX }
                if a.rect.maxY != b.rect.maxY { return a.rect.maxY > b.rect.maxY }
            case .annotations:
                if a.index != b.index { return a.index < b.index }
            }
            return a.sequence < b.sequence
        }.map(\.stop)
    }

    /// The stop after (`forward`) or before `current` in `stops`, wrapping at the ends; the
    /// first (or last) when there is no current stop or it is not among them.
    public static func next(after current: FormStop?, in stops: [FormStop], forward: Bool) -> FormStop? {
        guard !stops.isEmpty else { return nil }
        guard let current, let i = stops.firstIndex(of: current) else { return forward ? stops.first : stops.last }
        return stops[(i + (forward ? 1 : stops.count - 1)) % stops.count]
    }
}
