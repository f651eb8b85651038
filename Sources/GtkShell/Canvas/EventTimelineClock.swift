// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import InteractionEngine

/// The engine's clock on the time line of the events it receives.
///
/// GDK stamps events with the X server's milliseconds and replayed events carry the recording's
/// times, neither of which is GLib's monotonic clock. Each handled event re-anchors the offset
/// between the two, so timers (long press, double tap) and frame-clock momentum measure the
/// same seconds as the event stamps.
final class EventTimelineClock: EngineClock {
    /// Monotonic µs minus event-time µs at the last event.
    private(set) var offsetMicroseconds: Int64 = 0

    func anchor(eventTime: InputTime, monotonicMicroseconds: Int64) {
        offsetMicroseconds = monotonicMicroseconds - Int64(eventTime.seconds * 1_000_000)
    }

    /// A monotonic (or frame-clock) time as a point on the event time line.
    func eventTime(monotonicMicroseconds: Int64) -> InputTime {
        InputTime(seconds: Double(monotonicMicroseconds - offsetMicroseconds) / 1_000_000)
    }

    var now: InputTime { eventTime(monotonicMicroseconds: Int64(g_get_monotonic_time())) }
}
