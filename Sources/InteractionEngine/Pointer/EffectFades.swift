// SPDX-License-Identifier: GPL-3.0-or-later

/// Values between 0 (at rest) and 1 (fully shown), one per key, that ease towards a target over
/// a duration on the frame times the host passes in: the pointer effects' enter and exit (a
/// hover tint fading in and out) and a finger's lift (an annotation growing in and settling
/// back). A new target starts from the value reached so far, so an effect interrupted half way
/// turns back from where it was instead of jumping; a value that has settled at 0 is dropped.
///
/// Pure state with time as input (no clock of its own): the host retargets on input and
/// advances on each frame, and asks for frames only while ``isAnimating`` says so.
public struct EffectFades<Key: Hashable & Sendable>: Sendable {
    private struct Fade: Sendable {
        var from: Double
        var to: Double
        /// When it began; `nil` until the first frame after the retarget (which begins it).
        var start: Double?
        var duration: Double
        var current: Double
    }
    private var fades: [Key: Fade] = [:]

    public init() {}

    /// Sends `key` towards `target` (0 or 1) over `duration` seconds for the whole way (a part
    /// of the way takes that part of the time), from its current value; from `time` when the
    /// host knows it, else from the next frame.
    public mutating func retarget(_ key: Key, to target: Double, duration: Double, at time: Double? = nil) {
        let current = fades[key]?.current ?? 0
        guard current != target || fades[key] != nil else { return }
        fades[key] = Fade(from: current, to: target, start: time, duration: duration * abs(target - current), current: current)
    }

    /// Shows `key` alone: it goes towards 1 and every other key towards 0, each from where it is.
    public mutating func show(_ key: Key?, duration: Double, at time: Double? = nil) {
        for other in fades.keys where other != key && fades[other]?.to != 0 { retarget(other, to: 0, duration: duration, at: time) }
        if let key, fades[key]?.to != 1 { retarget(key, to: 1, duration: duration, at: time) }
    }

    /// Moves every value to where it is at `time` (ease-out cubic: a quick response and a
    /// gentle settle) and drops those settled at 0.
    public mutating func advance(to time: Double) {
        for (key, var fade) in fades {
            let start = fade.start ?? time
            fade.start = start
            let linear = fade.duration > 0 ? min(max((time - start) / fade.duration, 0), 1) : 1
            fade.current = fade.from + (fade.to - fade.from) * Self.ease(linear)
            if linear >= 1 { fade.current = fade.to }
            fades[key] = fade.current == 0 && fade.to == 0 ? nil : fade
        }
    }

    /// A key's value now (0 for one at rest).
    public func value(of key: Key) -> Double { fades[key]?.current ?? 0 }

    /// Every key not at rest, with its value.
    public var values: [Key: Double] { fades.mapValues(\.current) }

    /// Whether any value is still on its way (the host keeps asking for frames until it is not).
    public var isAnimating: Bool { fades.values.contains { $0.current != $0.to } }

    /// Forgets the keys `remove` picks (their elements went).
    public mutating func removeAll(where remove: (Key) -> Bool) {
        for key in fades.keys where remove(key) { fades[key] = nil }
    }

    /// Ease-out cubic.
    static func ease(_ t: Double) -> Double {
        let u = 1 - t
        return 1 - u * u * u
    }
}
