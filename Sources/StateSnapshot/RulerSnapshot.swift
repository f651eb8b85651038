// SPDX-License-Identifier: GPL-3.0-or-later

/// The ruler as the state dump reports it (`ruler` of a window showing a document): whether it
/// is shown and, when it is, where its middle is in view coordinates, its angle, the page it
/// lies on and where on that page, its unit and its size on screen. Tests find it and its turn
/// handle here.
public struct RulerSnapshot: Codable, Sendable, Equatable {
    public var shown: Bool
    /// Its middle, view coordinates.
    public var x: Double?
    public var y: Double?
    /// Degrees anticlockwise as seen on screen, [0, 360).
    public var angle: Double?
    /// The angle it shows, whole degrees 0–179.
    public var shownAngle: Int?
    /// The 1-based page it lies on, and its middle in that page's space as shown (points from the top-left).
    public var page: Int?
    public var pageX: Double?
    public var pageY: Double?
    /// "centimetre" or "inch".
    public var unit: String?
    /// Its length and width on screen, view pixels.
    public var length: Double?
    public var width: Double?
    /// Where its turn handle is, view coordinates.
    public var turnHandle: [Double]?

    public init(shown: Bool, x: Double? = nil, y: Double? = nil, angle: Double? = nil, shownAngle: Int? = nil, page: Int? = nil,
                pageX: Double? = nil, pageY: Double? = nil, unit: String? = nil, length: Double? = nil, width: Double? = nil,
                turnHandle: [Double]? = nil) {
        self.shown = shown; self.x = x; self.y = y; self.angle = angle; self.shownAngle = shownAngle; self.page = page
        self.pageX = pageX; self.pageY = pageY; self.unit = unit; self.length = length; self.width = width
        self.turnHandle = turnHandle
    }
}
