// SPDX-License-Identifier: GPL-3.0-or-later

/// What the view (the tool layer behind the recognizers) receives of the raw contacts.
public enum ViewDelivery: Hashable, Sendable {
    /// A contact event, possibly later than it happened (it was held back by a recognizer).
    case contact(InputEvent)
    /// A recognizer took over this contact: forget what it did so far (undo a highlight, drop
    /// a half-drawn stroke). Nothing more arrives for this sequence.
    case cancelled(InputSequenceID)
}

/// Decides, per contact sequence, whether the view sees its events now, later or never:
/// "delaying touch delivery" and "cancelling touches in the view" from the arena's rules.
///
/// - Warning: Not thread-safe; the GTK main thread only.
public final class TouchDeliveryGate {
    enum Status { case delayed, delivered, cancelled }
    struct Entry {
        var sequence: InputSequenceID
        var status: Status
    }

    private var entries: [Entry] = []
    private var held: [InputEvent] = []
    private var delayedCount = 0
    private let deliver: (ViewDelivery) -> Void
    /// The sequence of the contact event being dispatched, so that a recognizer winning on a
    /// contact's very first event can still keep it from the view.
    var processingSequence: InputSequenceID?

    init(deliver: @escaping (ViewDelivery) -> Void) {
        self.deliver = deliver
        entries.reserveCapacity(8)
        held.reserveCapacity(64)
    }

    /// Whether some sequence is held back.
    var hasDelayed: Bool { delayedCount > 0 }

    /// Number of contact events currently held back.
    public var heldEventCount: Int { held.count }

    private func index(of sequence: InputSequenceID) -> Int? {
        var i = 0
        while i < entries.count {
            if entries[i].sequence == sequence { return i }
            i += 1
        }
        return nil
    }

    /// Routes one contact event after the recognizers have seen it.
    func route(_ event: InputEvent, arena: GestureArena) {
        defer { processingSequence = nil }
        let seq = event.sequence
        let isLast: Bool
        switch event.contactPhase {
        case .ended?, .cancelled?: isLast = true
        default: isLast = false
        }
        if let i = index(of: seq) {
            switch entries[i].status {
            case .cancelled:
                if isLast { entries.remove(at: i) }
            case .delayed:
                held.append(event)
            case .delivered:
                deliver(.contact(event))
                if isLast { entries.remove(at: i) }
            }
            return
        }
        if event.contactPhase == .began, isHeldBack(seq, arena: arena) {
            entries.append(Entry(sequence: seq, status: .delayed))
            delayedCount += 1
            held.append(event)
            return
        }
        deliver(.contact(event))
        if event.contactPhase == .began { entries.append(Entry(sequence: seq, status: .delivered)) }
    }

    private func isHeldBack(_ seq: InputSequenceID, arena: GestureArena) -> Bool {
        for r in arena.recognizers where r.delaysTouchesBegan && r.isEnabled && r.state == .possible {
            if r.indexOfTouch(seq) != nil { return true }
        }
        return false
    }

    /// Takes a contact away from the view: cancels it if the view has seen it, drops what is
    /// held back otherwise.
    func cancel(_ seq: InputSequenceID) {
        guard let i = index(of: seq) else {
            if seq == processingSequence { entries.append(Entry(sequence: seq, status: .cancelled)) }
            return
        }
        switch entries[i].status {
        case .cancelled:
            return
        case .delivered:
            entries[i].status = .cancelled
            deliver(.cancelled(seq))
        case .delayed:
            entries[i].status = .cancelled
            delayedCount -= 1
            held.removeAll { $0.sequence == seq }
        }
    }

    /// Delivers the held events of every sequence no undecided delaying recognizer tracks any more.
    func releaseUndelayed(arena: GestureArena) {
        guard delayedCount > 0 else { return }
        var i = 0
        while i < entries.count {
            let seq = entries[i].sequence
            if entries[i].status == .delayed, !isHeldBack(seq, arena: arena) {
                entries[i].status = .delivered
                delayedCount -= 1
                var finished = false
                for e in held where e.sequence == seq {
                    deliver(.contact(e))
                    if e.contactPhase == .ended || e.contactPhase == .cancelled { finished = true }
                }
                held.removeAll { $0.sequence == seq }
                if finished { entries.remove(at: i); continue }
            }
            i += 1
        }
    }
}
