// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Plays recorded events back at their original relative timing against the host's clock: the
/// host asks when the next event is due (to arm a `g_timeout`), then collects the due events and
/// feeds them through the same adapter entry point as live input.
///
/// Event times are rebased onto the host clock (`start + (t − first event time) / rate`), so the
/// engine's timers (long press, double tap) see the same intervals as in the recording.
public final class InputReplayScheduler {
    public let events: [InputEvent]
    /// 1 replays in real time, 2 twice as fast.
    public let rate: Double
    private let clock: any EngineClock
    private var start: InputTime?
    private var next = 0

    public init(events: [InputEvent], clock: any EngineClock, rate: Double = 1) {
        self.events = events.sorted { $0.time < $1.time }
        self.clock = clock
        self.rate = rate > 0 ? rate : 1
    }

    /// Starts the replay now (by the host clock).
    public func start(at time: InputTime? = nil) { start = time ?? clock.now }

    public var isFinished: Bool { next >= events.count }

    /// The host time at which the next event is due, or `nil` when finished or not started.
    public var nextDueTime: InputTime? {
        guard let start, next < events.count, let origin = events.first?.time else { return nil }
        return start + (events[next].time - origin) / rate
    }

    /// Seconds until the next event is due (0 when overdue), for arming a timer.
    public var delayUntilNextEvent: Double? {
        nextDueTime.map { max(0, $0 - clock.now) }
    }

    /// The events due by the host clock's now, in order, retimed onto the host clock.
    public func dueEvents() -> [InputEvent] {
        guard let start, let origin = events.first?.time else { return [] }
        var due: [InputEvent] = []
        let now = clock.now
        while next < events.count {
            let at = start + (events[next].time - origin) / rate
            guard at <= now else { break }
            var e = events[next]
            e.time = at
            due.append(e)
            next += 1
        }
        return due
    }
}
