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

    // Arrays here are only ever replaced whole (swapped out, changed, swapped back), so that the
    // optimizer can drop run-time exclusivity checks (see GestureRecognizer+Core.swift).
    private var entries: [Entry] = []
    private var held: [InputEvent] = []
    private var delayedCount = 0
    private let deliver: (ViewDelivery) -> Void
    /// The sequence of the contact event being dispatched, so that a recognizer winning on a
    /// contact's very first event can still keep it from the view.
    var processingSequence: InputSequenceID?

    init(deliver: @escaping (ViewDelivery) -> Void) {
        self.deliver = deliver
        mutateEntries { $0.reserveCapacity(8) }
        mutateHeld { $0.reserveCapacity(64) }
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
                if isLast { mutateEntries { _ = $0.remove(at: i) } }
            case .delayed:
                mutateHeld { $0.append(event) }
            case .delivered:
                deliver(.contact(event))
                if isLast { mutateEntries { _ = $0.remove(at: i) } }
            }
            return
        }
        if event.contactPhase == .began, isHeldBack(seq, arena: arena) {
            mutateEntries { $0.append(Entry(sequence: seq, status: .delayed)) }
            delayedCount += 1
            mutateHeld { $0.append(event) }
            return
        }
        deliver(.contact(event))
        if event.contactPhase == .began { mutateEntries { $0.append(Entry(sequence: seq, status: .delivered)) } }
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
            if seq == processingSequence { mutateEntries { $0.append(Entry(sequence: seq, status: .cancelled)) } }
            return
        }
        switch entries[i].status {
        case .cancelled:
            return
        case .delivered:
            mutateEntries { $0[i].status = .cancelled }
            deliver(.cancelled(seq))
        case .delayed:
            mutateEntries { $0[i].status = .cancelled }
            delayedCount -= 1
            mutateHeld { $0.removeAll { $0.sequence == seq } }
        }
    }

    /// Delivers the held events of every sequence no undecided delaying recognizer tracks any more.
    func releaseUndelayed(arena: GestureArena) {
        guard delayedCount > 0 else { return }
        var i = 0
        while i < entries.count {
            let seq = entries[i].sequence
            if entries[i].status == .delayed, !isHeldBack(seq, arena: arena) {
                mutateEntries { $0[i].status = .delivered }
                delayedCount -= 1
                var finished = false
                for e in held where e.sequence == seq {
                    deliver(.contact(e))
                    if e.contactPhase == .ended || e.contactPhase == .cancelled { finished = true }
                }
                mutateHeld { $0.removeAll { $0.sequence == seq } }
                if finished { mutateEntries { _ = $0.remove(at: i) }; continue }
            }
            i += 1
        }
    }

    @inline(__always)
    private func mutateEntries(_ body: (inout [Entry]) -> Void) {
        var list: [Entry] = []
        swap(&list, &entries)
        body(&list)
        swap(&list, &entries)
    }

    @inline(__always)
    private func mutateHeld(_ body: (inout [InputEvent]) -> Void) {
        var list: [InputEvent] = []
        swap(&list, &held)
        body(&list)
        swap(&list, &held)
    }
}
