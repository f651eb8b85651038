// SPDX-License-Identifier: GPL-3.0-or-later

/// The engine's only source of "now" besides event timestamps, so that timers (long press,
/// double-tap interval, palm-rejection window, touch delay) replay exactly in tests.
///
/// The GTK shell implements it with `g_get_monotonic_time` and schedules wake-ups with
/// `g_timeout_add_full`; tests use ``ManualClock``.
public protocol EngineClock: AnyObject {
    var now: InputTime { get }
}

/// A clock that moves only when a test says so.
public final class ManualClock: EngineClock {
    public private(set) var now: InputTime
    public init(now: InputTime = .zero) { self.now = now }
    public func advance(by seconds: Double) { now = now + seconds }
    public func set(_ time: InputTime) { now = time }
}
