// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A finger (or a pen used as one) on the sidebar's Pages grid, the way touch file managers
/// work: a tap shows a page; a long press selects the page under it and turns on selection
/// mode, in which taps add or remove pages and a drag scrolls the grid; a long press that then
/// moves drags the selected pages, dropped where the finger lifts, and one that lifts in place
/// opens the pages' menu. Outside selection mode the
/// grid's own scrolling and taps are left alone until a long press claims the finger.
///
/// Pure: events and the clock come in, ``Decision``s go out, and the shell applies each one
/// (live GTK touches and replayed recordings take the same path).
public struct PageGridTouch: Sendable {
    /// What the grid should do.
    public enum Decision: Equatable, Sendable {
        /// Take this finger from the grid's own gestures (scrolling, item clicks).
        case claim
        /// Select this page alone and show it.
        case tap(PageIndex)
        /// Turn selection mode on (if it is not) with this page selected too.
        case select(PageIndex)
        /// Selection mode: add this page to the selection, or take it out.
        case toggle(PageIndex)
        /// Scroll the grid by this many points (positive: further down the list).
        case scroll(dy: Double)
        /// The selected pages are being dragged: the finger is here (show the gap).
        case drag(Point)
        /// The drag ended here: move the pages to the gap.
        case drop(Point)
        /// The drag was abandoned.
        case cancelDrag
        /// A long press lifted in place: the pages' menu, here.
        case menu(Point)
    }

    private enum Phase: Sendable {
        case idle
        /// Down, not yet held or moved.
        case pressed(start: Point, at: InputTime, page: PageIndex?)
        /// Held long enough: a page was selected, a move now drags it.
        case held(start: Point, page: PageIndex)
        case dragging
        case scrolling(last: Point)
        /// Moved before the hold outside selection mode: the grid scrolls it; ignored.
        case passed
    }

    /// How long a finger stays still to be a long press, and how far it may drift meanwhile.
    /// (The contact vocabulary's, one definition for the grid and the page alike.)
    public static let holdDuration = ContactVocabulary.holdDuration
    public static let slop = ContactVocabulary.holdSlop.touch

    private var phase: Phase = .idle
    private var sequence: InputSequenceID?
    /// Whether taps add and remove pages (after a long press) instead of showing one.
    public var selecting = false

    public init() {}

    /// When ``tick(now:)`` should next be called (the long press's moment), if anything waits.
    public var deadline: InputTime? {
        if case .pressed(_, let at, _) = phase { return at + Self.holdDuration }
        return nil
    }

    /// Follows one contact event; `pageAt` names the page whose thumbnail is under a point.
    public mutating func handle(_ event: InputEvent, pageAt: (Point) -> PageIndex?) -> [Decision] {
        guard case .contact(let contact) = event.kind, event.source != .mouse else { return [] }
        if let sequence, sequence != event.sequence { return [] }
        let point = event.position
        switch contact {
        case .began:
            sequence = event.sequence
            phase = .pressed(start: point, at: event.time, page: pageAt(point))
            return selecting ? [.claim] : []
        case .moved:
            switch phase {
            case .pressed(let start, _, _) where point.distance(to: start) > Self.slop:
                if selecting {
                    phase = .scrolling(last: point)
                    return [.scroll(dy: start.y - point.y)]
                }
                phase = .passed
                return []
            case .held(let start, _) where point.distance(to: start) > Self.slop:
                phase = .dragging
                return [.drag(point)]
            case .dragging:
                return [.drag(point)]
            case .scrolling(let last):
                phase = .scrolling(last: point)
                return [.scroll(dy: last.y - point.y)]
            default:
                return []
            }
        case .ended:
            defer { reset() }
            switch phase {
            case .pressed(_, _, let page?):
                return [selecting ? .toggle(page) : .tap(page)]
            case .held:
                return [.menu(point)]
            case .dragging:
                return [.drop(point)]
            default:
                return []
            }
        case .cancelled:
            defer { reset() }
            if case .dragging = phase { return [.cancelDrag] }
            return []
        }
    }

    /// The clock moved on: a finger held still long enough over a page selects it.
    public mutating func tick(now: InputTime) -> [Decision] {
        guard case .pressed(let start, let at, let page) = phase, now - at >= Self.holdDuration - 1e-9 else { return [] }
        guard let page else {
            phase = .passed
            return []
        }
        phase = .held(start: start, page: page)
        selecting = true
        return [.claim, .select(page)]
    }

    private mutating func reset() {
        phase = .idle
        sequence = nil
    }
}
