// SPDX-License-Identifier: GPL-3.0-or-later

/// Drops a resting palm while the user writes with a pen.
///
/// While the pen is in proximity, or was used within ``Settings/penActivityWindow``, a new touch
/// is held for ``Settings/multiFingerWindow``: if enough other fingers land in that time it is
/// a deliberate multi-finger gesture (a two-finger pan or pinch) and all of them pass, in their
/// original order; otherwise the touch is rejected and nothing of it reaches the recognizers or
/// the view. Touches that were down before the pen came close are left alone.
///
/// - Warning: Not thread-safe; the GTK main thread only.
public final class PalmRejectionStage {
    /// Tunables, in seconds and fingers.
    public struct Settings: Hashable, Sendable {
        public var isEnabled = true
        /// How long after the pen's last event (or after it left proximity) touch stays suspect.
        public var penActivityWindow: Double = 0.5
        /// How long a suspect touch waits for other fingers.
        public var multiFingerWindow: Double = 0.12
        /// How many fingers make a deliberate gesture.
        public var deliberateFingerCount = 2
        public init() {}
    }

    public var settings: Settings {
        get { tunables }
        set { tunables = newValue }
    }
    /// Whether the pen is hovering over or touching the tablet.
    public var isPenInProximity: Bool { penInProximity }
    /// The time of the last pen or eraser event.
    public var lastPenActivity: InputTime? { lastPenTime }
    /// Touch sequences rejected so far (for diagnostics and tests); cleared as they end.
    public var rejectedSequences: [InputSequenceID] { rejected }

    // Private storage behind the public properties, so that the optimizer can drop run-time
    // exclusivity checks; arrays are changed only through `update`, which swaps them out and
    // back (see GestureRecognizer+Core.swift).
    private var tunables: Settings
    private var penInProximity = false
    private var lastPenTime: InputTime?
    private var rejected: [InputSequenceID] = []
    private var candidates: [(sequence: InputSequenceID, began: InputTime)] = []
    private var held: [InputEvent] = []
    private var admitted: [InputSequenceID] = []

    public init(settings: Settings = Settings()) {
        tunables = settings
        update { $0.held.reserveCapacity(32) }
    }

    /// Whether touch is suspect at `time`.
    public func isPenActive(at time: InputTime) -> Bool {
        if isPenInProximity { return true }
        if let last = lastPenActivity { return time - last <= settings.penActivityWindow }
        return false
    }

    /// When held touches must be decided, or `nil`.
    public var nextDeadline: InputTime? {
        candidates.first.map { $0.began + settings.multiFingerWindow }
    }

    /// Passes `event` on (zero, one or several events: held touches are released together).
    public func process(_ event: InputEvent, emit: (InputEvent) -> Void) {
        expire(at: event.time)
        switch event.source {
        case .pen, .eraser:
            lastPenTime = event.time
            if case .proximity(let entering) = event.kind { penInProximity = entering }
            emit(event)
        case .touchscreen:
            if case .contact(let phase) = event.kind {
                processTouch(event, phase: phase, emit: emit)
            } else {
                emit(event)
            }
        default:
            emit(event)
        }
    }

    /// Rejects held touches whose wait is over.
    public func expire(at time: InputTime) {
        guard let first = candidates.first, time >= first.began + settings.multiFingerWindow else { return }
        rejectCandidates()
    }

    private func processTouch(_ event: InputEvent, phase: InputPhase, emit: (InputEvent) -> Void) {
        let seq = event.sequence
        let isLast = phase == .ended || phase == .cancelled
        if let i = admitted.firstIndex(of: seq) {
            if isLast { update { _ = $0.admitted.remove(at: i) } }
            emit(event)
            return
        }
        if let i = rejected.firstIndex(of: seq) {
            if isLast { update { _ = $0.rejected.remove(at: i) } }
            return
        }
        if candidates.contains(where: { $0.sequence == seq }) {
            if isLast {
                // A lone touch that came and went while the pen was active: a palm or a graze.
                rejectCandidates()
                if let i = rejected.firstIndex(of: seq) { update { _ = $0.rejected.remove(at: i) } }
            } else {
                update { $0.held.append(event) }
            }
            return
        }
        guard phase == .began else { emit(event); return }
        guard tunables.isEnabled, isPenActive(at: event.time) else {
            update { $0.admitted.append(seq) }
            emit(event)
            return
        }
        update {
            $0.candidates.append((seq, event.time))
            $0.held.append(event)
        }
        if candidates.count >= tunables.deliberateFingerCount {
            update {
                for c in $0.candidates { $0.admitted.append(c.sequence) }
                $0.candidates.removeAll(keepingCapacity: true)
            }
            for e in held { emit(e) }
            update { $0.held.removeAll(keepingCapacity: true) }
        }
    }

    private func rejectCandidates() {
        update {
            for c in $0.candidates { $0.rejected.append(c.sequence) }
            $0.candidates.removeAll(keepingCapacity: true)
            $0.held.removeAll(keepingCapacity: true)
        }
    }

    /// The stage's lists, swapped out of the stage while ``update(_:)`` changes them.
    private struct Lists {
        var rejected: [InputSequenceID] = []
        var candidates: [(sequence: InputSequenceID, began: InputTime)] = []
        var held: [InputEvent] = []
        var admitted: [InputSequenceID] = []
    }

    /// Runs `body` on the lists, swapped out of the stage for the duration (`body` must not read
    /// them through `self`).
    @inline(__always)
    private func update(_ body: (inout Lists) -> Void) {
        var lists = Lists()
        swap(&lists.rejected, &rejected)
        swap(&lists.candidates, &candidates)
        swap(&lists.held, &held)
        swap(&lists.admitted, &admitted)
        body(&lists)
        swap(&lists.rejected, &rejected)
        swap(&lists.candidates, &candidates)
        swap(&lists.held, &held)
        swap(&lists.admitted, &admitted)
    }
}
