// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
@testable import Rendering

extension TilePlan {
    /// Requests for every tile in whole tile rows `rows` of this page, left to right, top to
    /// bottom: what the render queue and cache tests feed the worker.
    func requests(rows: ClosedRange<Int>) -> [TileRequest] {
        tiles(overlapping: Rect(x: 0, y: Double(rows.lowerBound * tileHeight),
                                width: Double(pixelWidth), height: Double(rows.count * tileHeight)))
            .map { TileRequest(key: $0, pixelRect: pixelRect(column: $0.column, row: $0.row)) }
    }
}
