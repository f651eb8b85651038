// SPDX-License-Identifier: GPL-3.0-or-later

/// Where the reader was: the scroll position as a fractional spread index and the zoom, which
/// survive a change of window size or layout.
public struct ReadingPosition: Hashable, Sendable {
    public var spreadIndex: Double
    public var zoom: Double
    public init(spreadIndex: Double, zoom: Double) {
        self.spreadIndex = spreadIndex
        self.zoom = zoom
    }
}

/// Back and forward through the places a reader jumped from, like a browser's history: following
/// a link records where the reader left; going back returns there (and makes the way forward).
/// A new jump after going back forgets the way forward. At most ``limit`` places are kept.
public struct ReadingHistory: Hashable, Sendable {
    public private(set) var back: [ReadingPosition] = []
    public private(set) var forward: [ReadingPosition] = []
    public var limit = 100

    public init() {}

    public var canGoBack: Bool { !back.isEmpty }
    public var canGoForward: Bool { !forward.isEmpty }

    /// The reader jumps away from `here`.
    public mutating func leave(_ here: ReadingPosition) {
        if back.last != here { back.append(here) }
        if back.count > limit { back.removeFirst(back.count - limit) }
        forward.removeAll()
    }

    /// Where going back from `here` leads, if anywhere; `here` becomes the way forward.
    public mutating func goBack(from here: ReadingPosition) -> ReadingPosition? {
        guard let target = back.popLast() else { return nil }
        forward.append(here)
        return target
    }

    /// Where going forward from `here` leads, if anywhere; `here` becomes the way back.
    public mutating func goForward(from here: ReadingPosition) -> ReadingPosition? {
        guard let target = forward.popLast() else { return nil }
        back.append(here)
        return target
    }
}
