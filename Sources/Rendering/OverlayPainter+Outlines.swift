// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// Many selection outlines written straight into an image's pixels. A lasso's selection of
/// 1,566 strokes is 1,566 dashed rectangles: stroked by cairo in one path they are some 20,000
/// dashes that its stroker makes into boxes and then merges (45 to 150 ms on a loaded 2-core
/// machine). Each dash of an outline is a box along an edge, so its coverage of each pixel is
/// the area they share: written here, the same outlines cost a few milliseconds.
extension OverlayPainter {
    /// Draws `outlines` (view coordinates) as ``annotationSelection(outlines:band:handles:side:cr:)``
    /// strokes them (the accent, 1.5 pixels wide, dashed 4 on and 3 off from each rectangle's top
    /// left corner clockwise, mitred where a dash turns a corner; solid and twice as wide in high
    /// contrast) into `image`, a transparent ARGB32 image surface whose first pixel's corner is at
    /// `origin` (view coordinates) and which has `scale` pixels a view pixel. Where outlines
    /// cross, their coverages add up. Returns false (and draws nothing) when `image`
    /// is not such a surface.
    public static func annotationOutlines(_ outlines: [Rect], intoImage image: OpaquePointer, origin: Point, scale: Double) -> Bool {
        guard cairo_surface_get_type(image) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32,
              scale > 0 else { return false }
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { return false }
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        guard width > 0, height > 0 else { return true }
        let half = outline(1.5) * scale / 2
        let dash: (on: Double, off: Double)? = highContrast ? nil : (4 * scale, 3 * scale)
        let cells = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width * height)
        defer { cells.deallocate() }
        cells.initialize(repeating: 0)
        var coverage = CoverageGrid(cells: cells, width: width, height: height)
        for r in outlines {
            let box = Rect(x: (r.minX - origin.x) * scale, y: (r.minY - origin.y) * scale, width: r.width * scale, height: r.height * scale)
            OutlineDashes.trace(box, halfWidth: half, dash: dash, into: &coverage)
        }
        // Premultiplied accent times coverage, where anything is covered.
        let c = accentColour()
        let a = c.alpha * 255
        var colours = [UInt32](repeating: 0, count: 256)
        for k in 1..<256 {
            let f = Double(k) / 255
            func channel(_ v: Double) -> UInt32 { UInt32((v * a * f).rounded()) }
            colours[k] = channel(1) << 24 | channel(c.red) << 16 | channel(c.green) << 8 | channel(c.blue)
        }
        for y in coverage.coveredRows {
            let pixels = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let row = y * width
            for x in 0..<width where cells[row + x] > 0 { pixels[x] = colours[Int(cells[row + x])] }
        }
        cairo_surface_mark_dirty(image)
        return true
    }
}

/// The dashes of a rectangle's outline as cairo strokes `cairo_rectangle`'s path (a move to the
/// top left corner, three lines and a close, clockwise on screen), each as the box it covers.
enum OutlineDashes {
    /// Covers in `grid` each box the outline of `rect` covers (pixels), `halfWidth` either side
    /// of its edges: each dash (`dash`, on and off lengths, starting on at the top left corner;
    /// `nil`: solid) cut at the corners, a dash that runs on round a corner covering the square
    /// of a right angle's mitre there once, one that starts at a corner half of it (as much as
    /// cairo's half mitre there), one that ends there none (a butt end). The boxes of one
    /// outline do not overlap.
    static func trace(_ rect: Rect, halfWidth: Double, dash: (on: Double, off: Double)?, into grid: inout CoverageGrid) {
        let w = rect.width, h = rect.height
        let perimeter = 2 * (w + h)
        guard perimeter > 0, halfWidth > 0 else { return }
        let on = dash?.on ?? perimeter, period = dash.map { $0.on + $0.off } ?? perimeter
        guard on > 0, period > 0 else { return }
        // Where the distance `s` along the outline falls in the dash pattern.
        func phase(_ s: Double) -> Double {
            let m = s - (s / period).rounded(.down) * period
            return m > period - 1e-9 ? 0 : m
        }
        // Whether a dash is on at the corner at `s`, so that cairo joins the edges there (the
        // close, at the perimeter, joins the last edge to the first), and whether it came on
        // before the corner (else it starts there: cairo then joins with half a mitre).
        func joins(_ s: Double) -> Bool { dash == nil || phase(s) < on - 1e-9 }
        func cameOn(_ s: Double) -> Bool { dash == nil || (phase(s) > 1e-9 && phase(s) < on - 1e-9) }
        let closes = joins(perimeter), closedOn = cameOn(perimeter)
        var start = 0.0
        for edge in 0..<4 {
            let length = edge % 2 == 0 ? w : h
            let end = start + length
            defer { start = end }
            guard length > 0 else { continue }
            // The edge from its first corner, going right, down, left, up.
            let from: (x: Double, y: Double, dx: Double, dy: Double)
            switch edge {
            case 0: from = (rect.minX, rect.minY, 1, 0)
            case 1: from = (rect.maxX, rect.minY, 0, 1)
            case 2: from = (rect.maxX, rect.maxY, -1, 0)
            default: from = (rect.minX, rect.maxY, 0, -1)
            }
            let x0 = from.x, y0 = from.y, dx = from.dx, dy = from.dy
            let joinsAtStart = edge == 0 ? closes : joins(start), onBeforeStart = edge == 0 ? closedOn : cameOn(start)
            let joinsAtEnd = edge == 3 ? closes : joins(end)
            // Every dash that begins before this edge ends.
            var k = (start / period).rounded(.down)
            while k * period < end {
                let a = max(start, k * period), b = min(end, k * period + on)
                k += 1
                guard b > a else { continue }
                // Round a corner the dash ending there grows by half the width (the mitre's
                // square) and the one going on starts past that square, so that the two do not
                // cover it twice; a dash that starts at the corner has half the square (cairo's
                // mitre with an edge of no length).
                var lo = a - start, hi = b - start
                if a == start && joinsAtStart { lo += onBeforeStart ? halfWidth : -halfWidth / 2 }
                if b == end && joinsAtEnd { hi += halfWidth }
                guard hi > lo else { continue }
                let px = x0 + dx * lo, py = y0 + dy * lo, qx = x0 + dx * hi, qy = y0 + dy * hi
                // Across the edge by half the width either side.
                let gx = dy == 0 ? 0 : halfWidth, gy = dx == 0 ? 0 : halfWidth
                grid.cover(minX: min(px, qx) - gx, minY: min(py, qy) - gy, maxX: max(px, qx) + gx, maxY: max(py, qy) + gy)
            }
        }
    }
}

/// How much of each pixel of an image is covered (0–255), a box at a time, in cells the caller
/// owns (a row after another), with the rows that have any coverage. Boxes that share a pixel
/// add their parts of it (up to all of it): exact for the boxes of one outline, which do not
/// overlap; where two outlines cross, a little more than cairo's union of them.
struct CoverageGrid {
    let cells: UnsafeMutableBufferPointer<UInt8>
    let width: Int, height: Int
    private(set) var firstRow = Int.max, lastRow = -1

    init(cells: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        self.cells = cells
        self.width = width
        self.height = height
    }

    /// The rows with a covered pixel (and maybe some without, between them).
    var coveredRows: Range<Int> { firstRow <= lastRow ? firstRow..<(lastRow + 1) : 0..<0 }

    /// Adds to each pixel's coverage the area the box takes of it (pixels).
    mutating func cover(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let x0 = max(0, Int(minX.rounded(.down))), x1 = min(width, Int(maxX.rounded(.up)))
        let y0 = max(0, Int(minY.rounded(.down))), y1 = min(height, Int(maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        firstRow = min(firstRow, y0)
        lastRow = max(lastRow, y1 - 1)
        for y in y0..<y1 {
            let cy = min(Double(y + 1), maxY) - max(Double(y), minY)
            guard cy > 0 else { continue }
            let row = y * width
            for x in x0..<x1 {
                let cx = min(Double(x + 1), maxX) - max(Double(x), minX)
                guard cx > 0 else { continue }
                let v = Int((cx * cy * 255).rounded())
                cells[row + x] = UInt8(min(255, Int(cells[row + x]) + v))
            }
        }
    }
}
