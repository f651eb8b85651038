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
/// poppler call), large renderings are cut into square tiles so that only what is visible is
/// rendered and kept.
public struct TilePlan: Equatable, Sendable {
    public let page: PageIndex
    public let scaleMillis: Int
    /// The page's size in device pixels at this scale.
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let tileSize: Int

    /// Pages up to this many device pixels are rendered whole.
    public static let wholePagePixelLimit = 4_000_000
    public static let defaultTileSize = 1024

    public init(page: PageIndex, displaySize: Size, scale: Double) {
        self.page = page
        scaleMillis = max(1, Int((scale * 1000).rounded()))
        let s = Double(scaleMillis) / 1000
        pixelWidth = max(1, Int((displaySize.width * s).rounded(.up)))
        pixelHeight = max(1, Int((displaySize.height * s).rounded(.up)))
        if pixelWidth * pixelHeight <= TilePlan.wholePagePixelLimit {
            tileSize = max(pixelWidth, pixelHeight)
        } else {
            tileSize = TilePlan.defaultTileSize
        }
    }

    public var columns: Int { (pixelWidth + tileSize - 1) / tileSize }
    public var rows: Int { (pixelHeight + tileSize - 1) / tileSize }
    public var scale: Double { Double(scaleMillis) / 1000 }

    /// The tile's pixel rectangle within the page rendering.
    public func pixelRect(column: Int, row: Int) -> Rect {
        let x = column * tileSize, y = row * tileSize
        return Rect(x: Double(x), y: Double(y),
                    width: Double(min(tileSize, pixelWidth - x)), height: Double(min(tileSize, pixelHeight - y)))
    }

    /// The tiles that overlap `visible`, a rectangle in this page's device pixels.
    public func tiles(overlapping visible: Rect) -> [TileKey] {
        guard let clipped = visible.intersection(Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight)))
        else { return [] }
        // A rectangle ending exactly on a tile boundary does not reach into the next tile.
        let c0 = Int(clipped.minX) / tileSize, c1 = min(columns - 1, max(c0, (Int(clipped.maxX.rounded(.up)) - 1) / tileSize))
        let r0 = Int(clipped.minY) / tileSize, r1 = min(rows - 1, max(r0, (Int(clipped.maxY.rounded(.up)) - 1) / tileSize))
        var keys: [TileKey] = []
        for r in r0...r1 { for c in c0...c1 { keys.append(TileKey(page: page, scaleMillis: scaleMillis, column: c, row: r)) } }
        return keys
    }
}
