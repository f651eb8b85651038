// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Names one rendered piece of a page at one scale: the unit the render queue produces and the
/// cache stores.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    public var page: PageIndex
    /// Device pixels per PDF point, quantised to a thousandth so nearby zooms share tiles.
    public var scaleMillis: Int
    public var column: Int
    public var row: Int

    public init(page: PageIndex, scaleMillis: Int, column: Int, row: Int) {
        self.page = page; self.scaleMillis = scaleMillis; self.column = column; self.row = row
    }

    public var scale: Double { Double(scaleMillis) / 1000 }

    public var description: String { "\(page)@\(scaleMillis)/\(column),\(row)" }
}

/// How a page is cut into tiles at one scale: small pages are one tile (fast first paint, one
/// poppler call), large renderings are cut into tiles so that only what is visible is rendered
/// and kept. Tiles are wider than tall: pages mostly scroll vertically and show their whole
/// width, so short tiles keep what hangs out above and below the view small (a 1080p view of a
/// fit-width page held 2.7 times its pixels with 1024-pixel squares) while a frame still
/// places few of them.
public struct TilePlan: Equatable, Sendable {
    public let page: PageIndex
    public let scaleMillis: Int
    /// The page's size in device pixels at this scale.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// A tile's size in device pixels (those of the last column and row are cut short).
    public let tileWidth: Int
    public let tileHeight: Int

    /// Pages up to this many device pixels are rendered whole. (At a million, a page of a 4K
    /// two-page spread came in eight tiles, drawn and delivered one by one, and the page curl's
    /// flattened images were made again as each arrived: curl frames p50 30 → 48 ms.)
    public static let wholePagePixelLimit = 4_000_000
    public static let defaultTileWidth = 1024
    public static let defaultTileHeight = 512

    public init(page: PageIndex, displaySize: Size, scale: Double) {
        self.page = page
        scaleMillis = max(1, Int((scale * 1000).rounded()))
        let s = Double(scaleMillis) / 1000
        pixelWidth = max(1, Int((displaySize.width * s).rounded(.up)))
        pixelHeight = max(1, Int((displaySize.height * s).rounded(.up)))
        if pixelWidth * pixelHeight <= TilePlan.wholePagePixelLimit {
            tileWidth = pixelWidth
            tileHeight = pixelHeight
        } else {
            tileWidth = TilePlan.defaultTileWidth
            tileHeight = TilePlan.defaultTileHeight
        }
    }

    public var columns: Int { (pixelWidth + tileWidth - 1) / tileWidth }
    public var rows: Int { (pixelHeight + tileHeight - 1) / tileHeight }
    public var scale: Double { Double(scaleMillis) / 1000 }

    /// The tile's pixel rectangle within the page rendering.
    public func pixelRect(column: Int, row: Int) -> Rect {
        let x = column * tileWidth, y = row * tileHeight
        return Rect(x: Double(x), y: Double(y),
                    width: Double(min(tileWidth, pixelWidth - x)), height: Double(min(tileHeight, pixelHeight - y)))
    }

    /// The tiles that overlap `visible`, a rectangle in this page's device pixels.
    public func tiles(overlapping visible: Rect) -> [TileKey] {
        guard let clipped = visible.intersection(Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight)))
        else { return [] }
        // A rectangle ending exactly on a tile boundary does not reach into the next tile.
        let c0 = Int(clipped.minX) / tileWidth, c1 = min(columns - 1, max(c0, (Int(clipped.maxX.rounded(.up)) - 1) / tileWidth))
        let r0 = Int(clipped.minY) / tileHeight, r1 = min(rows - 1, max(r0, (Int(clipped.maxY.rounded(.up)) - 1) / tileHeight))
        var keys: [TileKey] = []
        for r in r0...r1 { for c in c0...c1 { keys.append(TileKey(page: page, scaleMillis: scaleMillis, column: c, row: r)) } }
        return keys
    }
}
