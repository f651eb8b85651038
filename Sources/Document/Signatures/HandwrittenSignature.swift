// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A signature the user drew once on the signature pad and keeps for reuse: its strokes with
/// their pressures, in the pad's coordinates (points, y down), and the pad's size and baseline.
/// Placed on a page it becomes an /Ink annotation whose widths follow the pressure.
public struct HandwrittenSignature: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var name: String
    public var strokes: [InkStroke]
    /// The pad the strokes were drawn on (their coordinate space).
    public var padSize: Size
    /// How far down the pad the baseline was drawn.
    public var baseline: Double
    /// A signature made from a picture (a scan, its paper taken away): the PNG file kept beside
    /// this one, placed as a /Stamp; `nil` for one drawn on the pad.
    public var picture: String? = nil

    public init(id: String, name: String, strokes: [InkStroke], padSize: Size, baseline: Double) {
        self.id = id
        self.name = name
        self.strokes = strokes
        self.padSize = padSize
        self.baseline = baseline
    }

    /// The box the strokes cover on the pad; `nil` when nothing was drawn.
    public var bounds: Rect? {
        let points = strokes.flatMap(\.points)
        guard let first = points.first else { return nil }
        return points.dropFirst().reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
    }

    /// The signature as an /Ink annotation on `page`, `height` points tall (its width in
    /// proportion), centred on `center` (PDF space, y up), drawn with `style` (its width the
    /// stroke width at full pressure). `nil` when it has no stroke.
    public func annotation(on page: PageIndex, centeredAt center: Point, height: Double, style: AnnotationStyle,
                          stamp: CreationStamp) -> Annotation? {
        guard let box = bounds, box.height > 0 || box.width > 0 else { return nil }
        let scale = height / max(box.height, box.width / 8, 1)
        let origin = Point(x: center.x - box.width * scale / 2, y: center.y + box.height * scale / 2)
        let placed = strokes.map { stroke in
            InkStroke(points: stroke.points.map { Point(x: origin.x + ($0.x - box.minX) * scale, y: origin.y - ($0.y - box.minY) * scale) },
                      pressures: stroke.pressures)
        }
        guard var ink = Annotation.ink(placed, on: page, style: style, stamp: stamp) else { return nil }
        ink.isSignature = true
        ink.contents = name
        return ink
    }
}
