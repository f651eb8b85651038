// SPDX-License-Identifier: GPL-3.0-or-later

/// The sidebar drawer of a touchscreen as the state dump reports it (`drawer` of a window
/// showing a document): how far it shows over the page now and whether it stays open.
public struct DrawerSnapshot: Codable, Sendable, Equatable {
    /// How much of the drawer's width shows on screen, 0 (hidden) to 1 (all of it), as drawn
    /// now (it follows a finger, then slides).
    public var progress: Double
    /// Whether the engine decided the drawer stays open (a swipe from the edge let go past
    /// halfway or flung open); `false` while a finger still pulls it or once it closed.
    public var open: Bool
    /// Whether the drawer may be pulled out now: the page view at the window's left edge and
    /// the sidebar not shown beside it.
    public var available: Bool
    /// The drawer's width, logical pixels.
    public var width: Double
    /// How many times the drawer settled open since the window opened (a test reads that it
    /// opened once it has closed again).
    public var timesOpened: Int

    public init(progress: Double, open: Bool, available: Bool, width: Double, timesOpened: Int) {
        self.progress = progress; self.open = open; self.available = available; self.width = width
        self.timesOpened = timesOpened
    }
}
