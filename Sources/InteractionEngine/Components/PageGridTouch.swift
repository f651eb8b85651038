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
/// A tap and a long press are the ``ContactVocabulary``'s, as on the page: a tap lifts within
/// the tap's slop and press time, a long press stays within the hold's slop for the hold's
/// duration, and either is one contact (a second finger coming down makes it neither). A drag
/// or a scroll starts past the tap's slop.
///
/// Pure: events and the clock come in, ``Decision``s go out, and the shell applies each one
/// (live GTK touches, read raw with their own sequences and times, and replayed recordings
/// take the same path).
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
        /// Down, not yet held, not moved past the tap's slop; `still` while it stays within
        /// the hold's slop (only then can it become a hold).
        case pressed(start: Point, at: InputTime, page: PageIndex?, source: InputSource, still: Bool)
        /// Held long enough: a page was selected, a move now drags it.
        case held(start: Point, page: PageIndex, source: InputSource)
        case dragging
        case scrolling(last: Point)
        /// Moved before the hold outside selection mode (the grid scrolls it), or a second
        /// finger came down: neither a tap nor a hold; ignored until it lifts.
        case passed
    }

    /// How long a finger stays still to be a long press (the contact vocabulary's hold, one
    /// definition for the grid and the page alike).
    public static let holdDuration = ContactVocabulary.holdDuration
    /// How far a finger may drift during a long press.
    public static let slop = ContactVocabulary.holdSlop.touch

    private var phase: Phase = .idle
    private var sequence: InputSequenceID?
    /// Whether taps add and remove pages (after a long press) instead of showing one.
    public var selecting = false

    public init() {}

    /// The contact followed now (the only one whose events mean anything until it lifts).
    public var contact: InputSequenceID? { sequence }

    /// When ``tick(now:)`` should next be called (the long press's moment), if anything waits.
    public var deadline: InputTime? {
        if case .pressed(_, let at, _, _, true) = phase { return at + Self.holdDuration }
        return nil
    }

    /// Follows one contact event; `pageAt` names the page whose thumbnail is under a point.
    ///
    /// A long press due at or before the event's time is decided first, as the recognizers'
    /// arena does: what the grid does depends on the events' own times, never on when the
    /// host's timer ran (live and replayed touches decide alike, a busy main loop included).
    public mutating func handle(_ event: InputEvent, pageAt: (Point) -> PageIndex?) -> [Decision] {
        guard case .contact(let contact) = event.kind, event.source != .mouse else { return [] }
        var decisions: [Decision] = []
        if let deadline, event.time - deadline >= -1e-9 { decisions = tick(now: event.time) }
        return decisions + follow(contact, event, pageAt: pageAt)
    }

    private mutating func follow(_ contact: InputPhase, _ event: InputEvent, pageAt: (Point) -> PageIndex?) -> [Decision] {
        if let sequence, sequence != event.sequence {
            // A second finger: the first is no longer a tap or a hold (each is one contact);
            // once held, dragging or scrolling, the second is simply ignored.
            if contact == .began, case .pressed = phase { phase = .passed }
            return []
        }
        let point = event.position
        switch contact {
        case .began:
            sequence = event.sequence
            phase = .pressed(start: point, at: event.time, page: pageAt(point), source: event.source, still: true)
            return selecting ? [.claim] : []
        case .moved:
            switch phase {
            case .pressed(let start, let at, let page, let source, let still):
                let distance = point.distance(to: start)
                if distance > ContactVocabulary.tapSlop.value(for: source) {
                    if selecting {
                        phase = .scrolling(last: point)
                        return [.scroll(dy: start.y - point.y)]
                    }
                    phase = .passed
                } else if still, distance > ContactVocabulary.holdSlop.value(for: source) {
                    phase = .pressed(start: start, at: at, page: page, source: source, still: false)
                }
                return []
            case .held(let start, _, let source) where point.distance(to: start) > ContactVocabulary.tapSlop.value(for: source):
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
            case .pressed(_, let at, let page?, _, _) where event.time - at <= ContactVocabulary.tapMaximumPressDuration + 1e-9:
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
        guard case .pressed(let start, let at, let page, let source, true) = phase, now - at >= Self.holdDuration - 1e-9 else { return [] }
        guard let page else {
            phase = .passed
            return []
        }
        phase = .held(start: start, page: page, source: source)
        selecting = true
        return [.claim, .select(page)]
    }

    /// The grid's own gestures took this contact before the grid did (live only: GTK's kinetic
    /// scrolling claims a finger that moved a few pixels): from now on it is neither a tap nor
    /// a long press.
    public mutating func gridTook(_ contact: InputSequenceID) {
        guard contact == sequence, case .pressed = phase else { return }
        phase = .passed
    }

    private mutating func reset() {
        phase = .idle
        sequence = nil
    }
}
