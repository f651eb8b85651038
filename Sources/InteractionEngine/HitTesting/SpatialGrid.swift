// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A uniform bucket grid over a node's children, so that a hit test visits only the children
/// whose frames share a cell with the point instead of all of them.
///
/// Each child is listed in every cell its frame overlaps, in ascending child order, in one flat
/// array (`cellStarts[c] ..< cellStarts[c + 1]` are cell `c`'s entries); a query reads the
/// cells in descending order so that the topmost hit is found first. Built once per change of
/// the children, read without allocating.
struct SpatialGrid {
    let bounds: Rect
    let columns: Int
    let rows: Int
    let cellWidth: Double
    let cellHeight: Double
    let cellStarts: [Int]
    let entries: [Int32]

    /// The most cells along one axis (caps memory for huge child counts).
    static let maximumCellsPerAxis = 256

    init?(frames: [Rect]) {
        guard let first = frames.first else { return nil }
        var bounds = first
        for f in frames.dropFirst() { bounds = bounds.union(f) }
        let width = max(bounds.width, 1e-9), height = max(bounds.height, 1e-9)
        // About one cell per child, shaped like the bounds.
        let n = Double(frames.count)
        let cap = Self.maximumCellsPerAxis
        let columns = min(cap, max(1, Int((n * width / height).squareRoot().rounded())))
        let rows = min(cap, max(1, Int((n / Double(columns)).rounded(.up))))
        self.bounds = Rect(x: bounds.minX, y: bounds.minY, width: width, height: height)
        self.columns = columns
        self.rows = rows
        self.cellWidth = width / Double(columns)
        self.cellHeight = height / Double(rows)

        var counts = [Int](repeating: 0, count: columns * rows + 1)
        var ranges: [(ClosedRange<Int>, ClosedRange<Int>)?] = []
        ranges.reserveCapacity(frames.count)
        for f in frames {
            let r = Self.cellRanges(f, bounds: self.bounds, columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight)
            ranges.append(r)
            guard let r else { continue }
            for row in r.1 { for column in r.0 { counts[row * columns + column] += 1 } }
        }
        var starts = [Int](repeating: 0, count: columns * rows + 1)
        for c in 0..<(columns * rows) { starts[c + 1] = starts[c] + counts[c] }
        var fill = starts
        var entries = [Int32](repeating: 0, count: starts[columns * rows])
        for (i, r) in ranges.enumerated() {
            guard let r else { continue }
            for row in r.1 {
                for column in r.0 {
                    let c = row * columns + column
                    entries[fill[c]] = Int32(i)
                    fill[c] += 1
                }
            }
        }
        self.cellStarts = starts
        self.entries = entries
    }

    /// The columns and rows of the cells a query rectangle touches, or `nil` when it misses
    /// the grid.
    func cells(overlapping query: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard let r = Self.cellRanges(query, bounds: bounds, columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight)
        else { return nil }
        return (r.0, r.1)
    }

    private static func cellRanges(
        _ r: Rect, bounds: Rect, columns: Int, rows: Int, cellWidth: Double, cellHeight: Double
    ) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard r.maxX >= bounds.minX, r.minX <= bounds.maxX, r.maxY >= bounds.minY, r.minY <= bounds.maxY,
              r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite
        else { return nil }
        func clamp(_ v: Double, _ upper: Int) -> Int { min(max(Int(v), 0), upper - 1) }
        let c0 = clamp(((r.minX - bounds.minX) / cellWidth).rounded(.down), columns)
        let c1 = clamp(((r.maxX - bounds.minX) / cellWidth).rounded(.down), columns)
        let r0 = clamp(((r.minY - bounds.minY) / cellHeight).rounded(.down), rows)
        let r1 = clamp(((r.maxY - bounds.minY) / cellHeight).rounded(.down), rows)
        return (c0...c1, r0...r1)
    }
}
