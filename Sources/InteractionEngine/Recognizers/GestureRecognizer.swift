// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The base of every recognizer: a state machine fed with input events that the
/// ``GestureArena`` arbitrates against the other recognizers.
///
/// A recognizer exists so that the decision "was this a tap, a long press, a pan…" is made in one
/// place per gesture, from plain events and an injected clock, and so that several gestures can
/// compete for the same touches under explicit rules (failure requirements, simultaneity).
///
/// Subclasses override the `touch…` hooks, ``handleOther(_:)``, ``deadlineReached(at:)`` and
/// ``reset()``, and move the state machine with ``setState(_:)``; the arena may hold a
/// transition back (a failure requirement) or refuse it (another gesture already won).
///
/// - Warning: Not thread-safe; use it on the thread that runs the engine (the GTK main thread).
open class GestureRecognizer {
    /// A name for diagnostics (cycle reports, test failures); never built per event.
    public let name: String

    /// The state as the rest of the world sees it (a transition held back by a failure
    /// requirement is not visible here until it is released).
    public final internal(set) var state: GestureState {
        get { core.state }
        set { core.state = newValue }
    }

    /// A disabled recognizer receives nothing. Disabling it cancels (or fails) what it is
    /// tracking; enabling it again makes it ready for contacts that begin afterwards, but never
    /// for contacts that were already down.
    public final var isEnabled: Bool {
        get { core.isEnabled }
        set {
            let old = core.isEnabled
            core.isEnabled = newValue
            if old != newValue { enabledDidChange() }
        }
    }

    /// The devices this recognizer listens to.
    public final var allowedSources: InputSourceSet {
        get { core.allowedSources }
        set { core.allowedSources = newValue }
    }

    /// Buttons accepted for pointer contacts (bit n for button n); contacts with no button
    /// (touch, pen tip) are always accepted. Primary only by default.
    public final var allowedButtons: UInt32 {
        get { core.allowedButtons }
        set { core.allowedButtons = newValue }
    }

    /// When the gesture is recognized (begins), the view stops receiving the contacts this
    /// recognizer tracks and is told they were cancelled.
    public final var cancelsTouchesInView: Bool {
        get { core.cancelsTouchesInView }
        set { core.cancelsTouchesInView = newValue }
    }

    /// While this recognizer is still possible, contacts it tracks are held back from the view;
    /// they are delivered if it fails and dropped if it succeeds.
    public final var delaysTouchesBegan: Bool {
        get { core.delaysTouchesBegan }
        set { core.delaysTouchesBegan = newValue }
    }

    /// An exclusive recognizer (the default) cannot be active at the same time as another
    /// exclusive recognizer unless the pair is allowed to recognize simultaneously. Observers
    /// such as hover or the touch-delay recognizer set this to `false`.
    public final var isExclusive: Bool {
        get { core.isExclusive }
        set { core.isExclusive = newValue }
    }

    /// Asked just before the recognizer leaves possible; returning `false` makes it fail.
    public final var shouldBegin: ((GestureRecognizer) -> Bool)? {
        get { callbacks.shouldBegin }
        set { callbacks.shouldBegin = newValue }
    }
    /// Asked when a contact begins; returning `false` leaves the contact to other recognizers.
    public final var shouldReceive: ((GestureRecognizer, InputEvent) -> Bool)? {
        get { callbacks.shouldReceive }
        set { callbacks.shouldReceive = newValue }
    }
    /// Asked with (self, other) when exclusivity would keep one of the two from recognizing.
    public final var shouldRecognizeSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)? {
        get { callbacks.shouldRecognizeSimultaneously }
        set { callbacks.shouldRecognizeSimultaneously = newValue }
    }
    /// Asked with (self, other): must `self` wait until `other` fails?
    public final var shouldRequireFailure: ((GestureRecognizer, GestureRecognizer) -> Bool)? {
        get { callbacks.shouldRequireFailure }
        set { callbacks.shouldRequireFailure = newValue }
    }
    /// Asked with (self, other): must `other` wait until `self` fails?
    public final var shouldBeRequiredToFail: ((GestureRecognizer, GestureRecognizer) -> Bool)? {
        get { callbacks.shouldBeRequiredToFail }
        set { callbacks.shouldBeRequiredToFail = newValue }
    }

    /// The action: called after every visible transition except to failed (and to possible).
    public final var onStateChange: ((GestureRecognizer) -> Void)? {
        get { callbacks.onStateChange }
        set { callbacks.onStateChange = newValue }
    }

    /// Contacts this recognizer accepted and that are still down.
    public final internal(set) var touches: [TrackedTouch] {
        get { core.touches }
        set { core.touches = newValue }
    }

    /// Where the gesture is, in view coordinates (subclasses keep it current).
    public final var location: Point {
        get { core.location }
        set { core.location = newValue }
    }

    /// When the recognizer next needs ``deadlineReached(at:)``; subclasses set and clear it.
    public final var deadline: InputTime? {
        get { core.deadline }
        set {
            core.deadline = newValue
            if let d = newValue, let arena, d < arena.deadlineHint { arena.deadlineHint = d }
        }
    }

    /// Whether the recognizer accepted any input since it was last reset; a possible recognizer
    /// that saw nothing does not hold back the recognizers that wait for it to fail.
    public final internal(set) var hasInput: Bool {
        get { core.hasInput }
        set { core.hasInput = newValue }
    }

    /// The source of the most recent event this recognizer accepted.
    public final internal(set) var lastSource: InputSource {
        get { core.lastSource }
        set { core.lastSource = newValue }
    }

    // Storage (see GestureRecognizer+Core.swift for why it is internal and grouped).
    final var core: Core
    final var callbacks = Callbacks()

    // Arena bookkeeping.
    /// The arena this recognizer is registered in. Not retained (the arena retains its
    /// recognizers); the arena clears it when it goes away or unregisters the recognizer.
    final unowned(unsafe) var arena: GestureArena?
    final var arenaIndex = -1
    final var pendingState: GestureState? {
        get { core.pendingState }
        set { core.pendingState = newValue }
    }
    final var pendingEnd: Bool {
        get { core.pendingEnd }
        set { core.pendingEnd = newValue }
    }
    /// Relationships name the other recognizer by identity only, so that they neither keep it
    /// alive nor slow every retain down with weak-reference side tables. Changed only by
    /// replacing the whole array (see GestureRecognizer+Core.swift).
    final var failureRequirements: [ObjectIdentifier] = []
    final var simultaneousPartners: [ObjectIdentifier] = []
    final var recentlyEndedSequence: InputSequenceID? {
        get { core.recentlyEndedSequence }
        set { core.recentlyEndedSequence = newValue }
    }

    public init(name: String, allowedSources: InputSourceSet) {
        self.name = name
        core = Core(allowedSources: allowedSources)
    }

    // MARK: Subclass hooks

    /// A contact this recognizer accepted began; ``touches`` already holds it.
    open func touchBegan(_ touch: TrackedTouch, event: InputEvent) {}
    /// A tracked contact moved; ``touches`` holds the new location.
    open func touchMoved(_ touch: TrackedTouch, event: InputEvent) {}
    /// A tracked contact lifted; ``touches`` no longer holds it.
    open func touchEnded(_ touch: TrackedTouch, event: InputEvent) {}
    /// A tracked contact was cancelled by the system; ``touches`` no longer holds it. By default
    /// an active gesture is cancelled and a possible one fails.
    open func touchCancelled(_ touch: TrackedTouch, event: InputEvent) {
        if hasBegun { setState(.cancelled) } else { setState(.failed) }
    }
    /// Any event that is not a contact (hover, scroll, touchpad gestures, keys, proximity) from
    /// an allowed source, while the recognizer is not finished.
    open func handleOther(_ event: InputEvent) {}
    /// A contact from an allowed source began that this recognizer does not track (it is already
    /// active, waiting, or full).
    open func contactBeganElsewhere(_ event: InputEvent) {}
    /// ``deadline`` has passed (it is cleared before this call).
    open func deadlineReached(at time: InputTime) {}
    /// Return to a clean possible state; called by the arena after the recognizer finished and
    /// its contacts are gone, and when it is disabled.
    open func reset() {}
    /// At most this many contacts are accepted at once (further ones are left alone).
    open var maximumTrackedTouches: Int { Int.max }

    // MARK: State

    /// Requests a transition; the arena may hold it back or refuse it.
    public final func setState(_ newState: GestureState) {
        if let arena {
            arena.requestTransition(self, to: newState)
        } else {
            state = newState
            if newState != .failed { onStateChange?(self) }
        }
    }

    /// Began or changed, or waiting to begin behind a failure requirement: the subclass should
    /// behave as an active gesture (report changes, end when the contacts lift).
    public var hasBegun: Bool { state.isActive || pendingState == .began }

    /// Possible and not waiting behind a failure requirement.
    public var isUndecided: Bool { state == .possible && pendingState == nil }

    /// The average position of the tracked contacts, or ``location`` when there are none.
    public func centroid() -> Point {
        core.touches.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            if n == 0 { return location }
            if n == 1 { return buffer[0].location }
            var x = 0.0, y = 0.0
            for t in buffer { x += t.location.x; y += t.location.y }
            return Point(x: x / Double(n), y: y / Double(n))
        }
    }

    // MARK: Dispatch (called by the arena)

    final func receive(_ event: InputEvent) {
        recentlyEndedSequence = nil
        switch event.kind {
        case .contact(let phase):
            switch phase {
            case .began:
                guard allowedSources.contains(event.source) else { return }
                guard state == .possible, pendingState == nil,
                      touches.count < maximumTrackedTouches else {
                    if !state.isFinished { contactBeganElsewhere(event) }
                    return
                }
                if let b = event.button, event.source != .touchscreen,
                   b.number < 0 || b.number > 31 || allowedButtons & (1 << UInt32(b.number)) == 0 { return }
                if indexOfTouch(event.sequence) != nil { return }
                if let shouldReceive, !shouldReceive(self, event) { return }
                hasInput = true
                lastSource = event.source
                let touch = TrackedTouch(
                    sequence: event.sequence, source: event.source, start: event.position,
                    location: event.position, startTime: event.time, time: event.time)
                mutateTouches { $0.append(touch) }
                touchBegan(touch, event: event)
            case .moved:
                guard let i = indexOfTouch(event.sequence) else { return }
                // One modify access for both fields: the event path is hot.
                let touch = mutateTouches { list -> TrackedTouch in
                    list[i].location = event.position
                    list[i].time = event.time
                    return list[i]
                }
                if state.isFinished { return }
                touchMoved(touch, event: event)
            case .ended, .cancelled:
                guard let i = indexOfTouch(event.sequence) else { return }
                var touch = mutateTouches { $0.remove(at: i) }
                touch.location = event.position
                touch.time = event.time
                recentlyEndedSequence = touch.sequence
                if state.isFinished { return }
                if phase == .ended {
                    touchEnded(touch, event: event)
                } else {
                    touchCancelled(touch, event: event)
                }
            }
        default:
            guard !state.isFinished, allowedSources.contains(event.source) else { return }
            handleOther(event)
        }
    }

    @inline(__always)
    final func indexOfTouch(_ sequence: InputSequenceID) -> Int? {
        core.touches.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                if buffer[i].sequence == sequence { return i }
                i += 1
            }
            return nil
        }
    }

    final func resetForReuse() {
        state = .possible
        pendingState = nil
        pendingEnd = false
        deadline = nil
        hasInput = false
        mutateTouches { $0.removeAll(keepingCapacity: true) }
        reset()
    }

    private func enabledDidChange() {
        if isEnabled, let arena { arena.deadlineHint = InputTime(seconds: -Double.infinity) }
        if let arena {
            arena.recognizerEnabledDidChange(self)
        } else if !isEnabled {
            resetForReuse()
        }
    }
}
