// SPDX-License-Identifier: GPL-3.0-or-later

/// The arbiter: every registered recognizer sees every event, and the arena decides which of
/// them may begin, which must wait, and which must give up.
///
/// Rules, in the order they are applied when a recognizer asks to leave possible:
/// 1. its ``GestureRecognizer/shouldBegin`` must agree;
/// 2. an active recognizer that waits for this one's failure, or that is exclusive with it,
///    makes it fail (first come, first served);
/// 3. every recognizer it requires to fail must have failed (or be disabled, or have seen no
///    input); while one is still possible the transition is held back, and if one succeeded it
///    fails.
/// When a recognizer begins, every still-possible recognizer that is exclusive with it or waits
/// for its failure fails, and the contacts it tracks are cancelled in the view.
///
/// The arena also owns delivery of raw contacts to the view (the tool layer): contacts are
/// delayed while a ``GestureRecognizer/delaysTouchesBegan`` recognizer is undecided, and
/// cancelled when a ``GestureRecognizer/cancelsTouchesInView`` recognizer wins.
///
/// Time comes only from event timestamps and from ``advance(to:)``; the host asks
/// ``nextDeadline`` and schedules a timer for it.
///
/// - Warning: Not thread-safe; the GTK main thread only.
public final class GestureArena {
    /// Registered recognizers in registration order (which is also dispatch order).
    public private(set) var recognizers: [GestureRecognizer] {
        get { members }
        set { members = newValue }
    }
    /// Relationship problems found after registration.
    public internal(set) var diagnostics: [GestureArenaDiagnostic] = []
    /// Raw contact delivery to the view.
    public let delivery: TouchDeliveryGate

    /// Called for every visible transition of any recognizer, after the recognizer's own action
    /// (tests use it to check invariants; hosts may log).
    public var onTransition: ((GestureRecognizer) -> Void)? {
        get { transitionObserver }
        set { transitionObserver = newValue }
    }

    // Storage behind public properties, internal so that the optimizer can drop run-time
    // exclusivity checks (see GestureRecognizer+Core.swift); arrays in it are only ever replaced
    // whole (swapped out, changed, swapped back), never changed in place.
    var members: [GestureRecognizer] = []
    var transitionObserver: ((GestureRecognizer) -> Void)?

    var isResolving = false
    /// No deadline is earlier than this (a lower bound kept as recognizers set deadlines).
    var deadlineHint = InputTime(seconds: -Double.infinity)
    /// Something happened (a transition, a contact ended) that ``finishCycle()`` must look at.
    var needsCleanup = false
    /// For each contact sequence down, a bit per recognizer index that tracks it.
    var trackers: [(sequence: InputSequenceID, mask: UInt64)] = []
    var needsResolve = false
    var currentTime = InputTime.zero

    /// - Parameter deliver: receives the contacts and cancellations the view should see.
    public init(deliver: @escaping (ViewDelivery) -> Void = { _ in }) {
        delivery = TouchDeliveryGate(deliver: deliver)
        mutateMembers { $0.reserveCapacity(32) }
    }

    deinit {
        for r in recognizers { r.arena = nil; r.arenaIndex = -1 }
    }

    /// Registers a recognizer after checking that its failure requirements form no cycle with
    /// those already registered.
    public func add(_ recognizer: GestureRecognizer) throws(GestureArenaError) {
        guard recognizer.arena == nil else { throw .alreadyRegistered(name: recognizer.name) }
        recognizer.arena = self
        recognizer.arenaIndex = recognizers.count
        deadlineHint = InputTime(seconds: -Double.infinity)
        mutateMembers { $0.append(recognizer) }
        if let cycle = findRequirementCycle() {
            mutateMembers { _ = $0.removeLast() }
            recognizer.arena = nil
            recognizer.arenaIndex = -1
            throw .failureRequirementCycle(cycle)
        }
    }

    /// Unregisters a recognizer, cancelling what it tracks.
    public func remove(_ recognizer: GestureRecognizer) {
        guard recognizer.arena === self else { return }
        if recognizer.state.isActive { recognizer.state = .cancelled; recognizer.onStateChange?(recognizer) }
        mutateMembers { _ = $0.remove(at: recognizer.arenaIndex) }
        trackers = []
        for (i, r) in recognizers.enumerated() { r.arenaIndex = i }
        recognizer.arena = nil
        recognizer.arenaIndex = -1
        recognizer.resetForReuse()
        markFailed()
    }

    /// Feeds one event to every enabled recognizer, then routes the contact to the view.
    ///
    /// Deadlines due at or before the event's time fire first, so replay does not depend on
    /// when the host's timers ran.
    public func handle(_ event: InputEvent) {
        if event.time >= deadlineHint { advance(to: event.time) }
        currentTime = event.time
        guard case .contact(let phase) = event.kind else {
            var i = 0
            while i < members.count {
                let r = members[i]
                if r.isEnabled { r.receive(event) }
                i += 1
            }
            finishCycle()
            return
        }
        delivery.processingSequence = event.sequence
        if phase == .began || members.count > 64 {
            var i = 0
            while i < members.count {
                let r = members[i]
                if r.isEnabled { r.receive(event) }
                i += 1
            }
            if phase == .began { recordTrackers(of: event.sequence) }
        } else if let slot = trackerSlot(of: event.sequence) {
            // Only the recognizers that accepted this contact's beginning can care about it.
            var mask = trackers[slot].mask
            while mask != 0 {
                let i = mask.trailingZeroBitCount
                mask &= mask - 1
                if i < members.count {
                    let r = members[i]
                    if r.isEnabled { r.receive(event) }
                }
            }
        }
        if phase == .ended || phase == .cancelled {
            if let slot = trackerSlot(of: event.sequence) { mutateTrackers { _ = $0.remove(at: slot) } }
            needsCleanup = true
        }
        delivery.route(event, arena: self)
        if needsCleanup || delivery.hasDelayed { finishCycle() }
    }

    private func trackerSlot(of sequence: InputSequenceID) -> Int? {
        var i = 0
        while i < trackers.count {
            if trackers[i].sequence == sequence { return i }
            i += 1
        }
        return nil
    }

    private func recordTrackers(of sequence: InputSequenceID) {
        var mask: UInt64 = 0
        for (i, r) in recognizers.enumerated() where i < 64 && r.indexOfTouch(sequence) != nil {
            mask |= 1 << UInt64(i)
        }
        if let slot = trackerSlot(of: sequence) {
            mutateTrackers { $0[slot].mask = mask }
        } else {
            mutateTrackers { $0.append((sequence, mask)) }
        }
        needsCleanup = true
    }

    /// The earliest time a recognizer needs ``advance(to:)``, or `nil` when none is waiting.
    public var nextDeadline: InputTime? {
        var best: InputTime?
        for r in recognizers where r.isEnabled {
            if let d = r.deadline, best == nil || d < best! { best = d }
        }
        return best
    }

    /// Fires every deadline due at or before `time`, earliest first (ties in registration order).
    public func advance(to time: InputTime) {
        guard time >= deadlineHint else { return }
        while true {
            var due: GestureRecognizer?
            for r in recognizers where r.isEnabled {
                if let d = r.deadline, d <= time, due == nil || d < due!.deadline! { due = r }
            }
            guard let r = due, let d = r.deadline else {
                deadlineHint = nextDeadline ?? InputTime(seconds: .infinity)
                break
            }
            r.deadline = nil
            currentTime = d
            r.deadlineReached(at: d)
            finishCycle()
        }
        if currentTime < time { currentTime = time }
    }

    /// Whether some recognizer is under way or waiting to begin.
    public var hasActiveRecognizers: Bool {
        recognizers.contains { $0.state.isActive || $0.pendingState != nil }
    }

    /// After each event or deadline: release held contacts, fail recognizers that can no longer
    /// succeed, and reset finished recognizers whose contacts are gone.
    func finishCycle() {
        needsCleanup = false
        delivery.releaseUndelayed(arena: self)
        for r in recognizers {
            if r.state == .possible, r.pendingState == nil, r.hasInput, r.touches.isEmpty, r.deadline == nil {
                // Possible with nothing left to wait for: it can never succeed.
                requestTransition(r, to: .failed)
            }
        }
        for r in recognizers {
            r.recentlyEndedSequence = nil
            if r.state.isFinished && r.touches.isEmpty { r.resetForReuse() }
        }
    }

    /// Runs `body` on the registered recognizers, taken out of `members` for the duration.
    @inline(__always)
    private func mutateMembers(_ body: (inout [GestureRecognizer]) -> Void) {
        var list: [GestureRecognizer] = []
        swap(&list, &members)
        body(&list)
        swap(&list, &members)
    }

    /// Runs `body` on the contact trackers, taken out of `trackers` for the duration.
    @inline(__always)
    private func mutateTrackers(_ body: (inout [(sequence: InputSequenceID, mask: UInt64)]) -> Void) {
        var list: [(sequence: InputSequenceID, mask: UInt64)] = []
        swap(&list, &trackers)
        body(&list)
        swap(&list, &trackers)
    }

    func recognizerEnabledDidChange(_ r: GestureRecognizer) {
        if r.isEnabled { return }
        if r.state.isActive {
            r.state = .cancelled
            r.pendingState = nil
            r.onStateChange?(r)
            onTransition?(r)
        } else if r.state == .possible {
            r.state = .failed
            r.pendingState = nil
        }
        r.resetForReuse()
        markFailed()
        delivery.releaseUndelayed(arena: self)
    }
}
