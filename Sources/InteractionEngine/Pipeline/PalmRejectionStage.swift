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

    public var settings: Settings
    /// Whether the pen is hovering over or touching the tablet.
    public private(set) var isPenInProximity = false
    /// The time of the last pen or eraser event.
    public private(set) var lastPenActivity: InputTime?
    /// Touch sequences rejected so far (for diagnostics and tests); cleared as they end.
    public private(set) var rejectedSequences: [InputSequenceID] = []

    private var candidates: [(sequence: InputSequenceID, began: InputTime)] = []
    private var held: [InputEvent] = []
    private var admitted: [InputSequenceID] = []

    public init(settings: Settings = Settings()) {
        self.settings = settings
        held.reserveCapacity(32)
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
            lastPenActivity = event.time
            if case .proximity(let entering) = event.kind { isPenInProximity = entering }
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
            if isLast { admitted.remove(at: i) }
            emit(event)
            return
        }
        if let i = rejectedSequences.firstIndex(of: seq) {
            if isLast { rejectedSequences.remove(at: i) }
            return
        }
        if candidates.contains(where: { $0.sequence == seq }) {
            if isLast {
                // A lone touch that came and went while the pen was active: a palm or a graze.
                rejectCandidates()
                if let i = rejectedSequences.firstIndex(of: seq) { rejectedSequences.remove(at: i) }
            } else {
                held.append(event)
            }
            return
        }
        guard phase == .began else { emit(event); return }
        guard settings.isEnabled, isPenActive(at: event.time) else {
            admitted.append(seq)
            emit(event)
            return
        }
        candidates.append((seq, event.time))
        held.append(event)
        if candidates.count >= settings.deliberateFingerCount {
            for c in candidates { admitted.append(c.sequence) }
            candidates.removeAll(keepingCapacity: true)
            for e in held { emit(e) }
            held.removeAll(keepingCapacity: true)
        }
    }

    private func rejectCandidates() {
        for c in candidates { rejectedSequences.append(c.sequence) }
        candidates.removeAll(keepingCapacity: true)
        held.removeAll(keepingCapacity: true)
    }
}
