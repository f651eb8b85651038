// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The size and orientation of one page, as a plain value, so that layout and the engine never
/// touch the PDF library.
public struct PageInfo: Hashable, Sendable {
    public let index: PageIndex
    /// The page's visible area (its crop box) before /Rotate is applied, in PDF points.
    public let mediaSize: Size
    /// The page's /Rotate entry, normalised to a quarter turn.
    public let rotation: PageRotation

    public init(index: PageIndex, mediaSize: Size, rotation: PageRotation) {
        self.index = index
        self.mediaSize = mediaSize
        self.rotation = rotation
    }

    /// The size the page shows on screen, in points, once /Rotate is applied.
    public var displaySize: Size { rotation.rotated(mediaSize) }
}
