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

    /// The ink the pad draws and a placed signature keeps: a dark blue, 2.4 points at full
    /// pressure.
    public static let inkStyle = AnnotationStyle(color: RGBColor(red: 0.05, green: 0.1, blue: 0.35), width: 2.4)

    /// The signature as placed with the Sign tool, centred on `center`: drawn, an /Ink 36
    /// points tall; from a picture (`picture`, the kept PNG's pixels), a /Stamp of it 40 points
    /// tall. Marked as a signature and named. `nil` when there is nothing to place.
    public func placed(on page: PageIndex, centeredAt center: Point, picture pixels: StampImage?, stamp made: CreationStamp) -> Annotation? {
        guard picture != nil else { return annotation(on: page, centeredAt: center, height: 36, style: Self.inkStyle, stamp: made) }
        guard let pixels else { return nil }
        let aspect = Double(pixels.pixelWidth) / Double(max(1, pixels.pixelHeight))
        let size = Size(width: 40 * aspect, height: 40)
        let place = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        var a = Annotation(id: made.id, page: page, subtype: .stamp, rect: place.quantized, author: made.author, modified: made.date,
                           uniqueName: made.name, image: .held(pixels))
        a.isSignature = true
        a.contents = name
        return a
    }
}
