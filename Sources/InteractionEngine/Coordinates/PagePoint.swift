// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A point on a given page in that page's PDF user space, the form in which tools hand positions
/// to the host, so that a stroke or a text selection can span pages without losing which page
/// each point belongs to.
public struct PagePoint: Hashable, Sendable, Codable, CustomStringConvertible {
    public var page: PageIndex
    /// PDF user space: points, origin at the media box's lower-left, y up, before /Rotate.
    public var point: Point

    public init(page: PageIndex, point: Point) {
        self.page = page
        self.point = point
    }

    public var description: String { "\(page) \(point)" }
}
