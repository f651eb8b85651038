// SPDX-License-Identifier: GPL-3.0-or-later

/// The selected image of a page's content as the state dump reports it (`selectedImage`): its
/// page, its number among the page's images and where it lies in PDF points (y up, the crop
/// box's lower-left corner as origin, as annotations' rectangles are given).
public struct ImageSnapshot: Codable, Sendable, Equatable {
    /// The 1-based page.
    public var page: Int
    /// Its number among the images the page draws, in drawing order (0-based).
    public var image: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(page: Int, image: Int, x: Double, y: Double, width: Double, height: Double) {
        self.page = page; self.image = image; self.x = x; self.y = y; self.width = width; self.height = height
    }
}
