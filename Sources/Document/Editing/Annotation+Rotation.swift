// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// How far a square, circle, stamp or text box is turned, and the upright box it is drawn in.
///
/// PDF has no key that turns an annotation by any angle (/Rotate on a free text is Acrobat's,
/// in quarter turns only; /F's NoRotate is about the page's turn). What every viewer does
/// follow is an appearance's /Matrix (PDF 32000-1 §12.5.5): the app draws the upright box in
/// /BBox `[0 0 width height]`, sets /Matrix to turn it about its middle, and grows /Rect to hold
/// the turned drawing, so the file shows it turned everywhere (MuPDF turns a free text's
/// appearance by its /Matrix the same way). This value, written in a private key, lets the app
/// keep editing it after the file is reopened.
public struct AnnotationRotation: Hashable, Sendable, Codable {
    /// Degrees, counter-clockwise as PDF measures angles (and as the page looks on screen), in
    /// (-180, 180].
    public var degrees: Double
    /// The upright box's size; the box is centred on /Rect's middle.
    public var size: Size
    public init(degrees: Double, size: Size) { self.degrees = degrees; self.size = size }

    /// The appearance's /Matrix for a box of ``size``: a turn by ``degrees`` about its middle.
    public var matrix: [Double] {
        let t = degrees * .pi / 180, c = cos(t), s = sin(t)
        let w = size.width / 2, h = size.height / 2
        return [c, s, -s, c, w - (c * w - s * h), h - (s * w + c * h)]
    }

    /// The axis-aligned box that holds the turned box when it is centred on `center`.
    public func boundingBox(centredOn center: Point) -> Rect {
        let t = degrees * .pi / 180
        let c = abs(cos(t)), s = abs(sin(t))
        let w = size.width * c + size.height * s, h = size.width * s + size.height * c
        return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h).quantized
    }
}

/// Rotation arithmetic shared by the edit tool and the model.
public enum RotationAngle {
    /// `degrees` brought into (-180, 180], on the model's grid.
    public static func normalized(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d <= -180 { d += 360 }
        if d > 180 { d -= 360 }
        return Quantize.value(d)
    }

    /// `degrees` at the nearest multiple of `step` (Shift while turning: 15° steps).
    public static func snapped(_ degrees: Double, step: Double = 15) -> Double {
        guard step > 0, degrees.isFinite else { return degrees }
        return (degrees / step).rounded() * step
    }

    /// `p` turned by `degrees` counter-clockwise (y up) about `pivot`.
    public static func rotate(_ p: Point, by degrees: Double, about pivot: Point) -> Point {
        let t = degrees * .pi / 180, c = cos(t), s = sin(t)
        let dx = p.x - pivot.x, dy = p.y - pivot.y
        return Point(x: pivot.x + dx * c - dy * s, y: pivot.y + dx * s + dy * c)
    }
}

extension Annotation {
    /// Whether the kind turns its drawing inside a grown /Rect (its geometry is the box itself).
    public static func turnsItsBox(_ subtype: AnnotationSubtype) -> Bool {
        switch subtype {
        case .square, .circle, .stamp, .freeText: return true
        default: return false
        }
    }

    /// Whether a rotation turns this annotation: ink, lines, polygons and polylines (their
    /// points turn) and squares, circles, stamps and text boxes the app can draw (their
    /// appearance turns; one whose drawing only the file holds, such as an image stamp read from
    /// a file, turns that drawing as it is). Others (notes, text markup) keep their orientation
    /// and only follow the turn with their middle.
    public var isRotatable: Bool {
        guard isTransformable else { return false }
        switch geometry {
        case .ink, .line, .vertices: return true
        // A box whose drawing only the file holds turns too: its own appearance, drawn turned
        // (AppearanceBuilder.turnedFileAppearance).
        case .none: return Self.turnsItsBox(subtype) && (AppearanceBuilder.canDraw(self) || appearance == .file)
        case .quadPoints: return false
        }
    }

    /// The upright box the appearance is drawn in: the rotation's box centred on /Rect, or /Rect.
    public var uprightBox: Rect {
        guard let r = rotation else { return rect }
        return Rect(x: rect.midX - r.size.width / 2, y: rect.midY - r.size.height / 2,
                    width: r.size.width, height: r.size.height).quantized
    }

    /// The annotation turned by `degrees` (counter-clockwise in PDF space) about `pivot`.
    ///
    /// Ink, lines, polygons and polylines: their points turn (pressures kept) and /Rect is
    /// computed again to hold them and their width. Squares, circles, stamps and text boxes keep
    /// their upright box and gain an angle (``rotation``): the app draws them turned and /Rect
    /// grows to hold the drawing; a turn back to upright gives the box back exactly. What cannot
    /// turn moves so that its middle follows the turn. The app draws every turned kind from then on.
    public func rotated(by degrees: Double, about pivot: Point) -> Annotation {
        guard degrees.isFinite, degrees.truncatingRemainder(dividingBy: 360) != 0 else { return self }
        func turn(_ p: Point) -> Point { RotationAngle.rotate(p, by: degrees, about: pivot).quantized }
        guard isRotatable else {
            let c = rect.center
            return moved(by: turn(c) - c)
        }
        var out = self
        let width = borderWidth ?? 1
        switch geometry {
        case .ink(let strokes):
            let turned = strokes.map { InkStroke(points: $0.points.map(turn), pressures: $0.pressures) }
            out.geometry = .ink(turned)
            // As a new stroke's box: half the width and a point of room.
            if let box = AnnotationDictionary.geometryBounds(.ink(turned), lineWidth: width + 2) { out.rect = box }
        case .line(let start, let end, let a, let b):
            out.geometry = .line(start: turn(start), end: turn(end), startEnding: a, endEnding: b)
            if let box = AnnotationDictionary.geometryBounds(out.geometry, lineWidth: width) { out.rect = box }
        case .vertices(let points):
            out.geometry = .vertices(points.map(turn))
            if let box = AnnotationDictionary.geometryBounds(out.geometry, lineWidth: width) { out.rect = box }
        case .none:
            let upright = uprightBox
            let angle = RotationAngle.normalized((rotation?.degrees ?? 0) + degrees)
            let center = turn(rect.center)
            if angle == 0 {
                out.rotation = nil
                out.rect = Rect(x: center.x - upright.width / 2, y: center.y - upright.height / 2,
                                width: upright.width, height: upright.height).quantized
            } else {
                let r = AnnotationRotation(degrees: angle, size: upright.size)
                out.rotation = r
                out.rect = r.boundingBox(centredOn: center)
            }
        case .quadPoints:
            return self
        }
        // What the app cannot draw keeps the file's appearance, which a save wraps turned.
        if AppearanceBuilder.canDraw(self) || appearance != .file { out.appearance = .generated }
        return out
    }

    /// A turned box under an axis-aligned scale (`sx`, `sy`): the box whose sides are the
    /// scaled sides' lengths, at the scaled first side's angle (exact for quarter turns and for
    /// uniform scales; close otherwise, where the true image is a parallelogram).
    func rotationScaled(sx: Double, sy: Double) -> AnnotationRotation? {
        guard let r = rotation else { return nil }
        let t = r.degrees * .pi / 180, c = cos(t), s = sin(t)
        let u = Vector(dx: r.size.width * sx * c, dy: r.size.width * sy * s)
        let v = Vector(dx: -r.size.height * sx * s, dy: r.size.height * sy * c)
        let degrees = RotationAngle.normalized(atan2(u.dy, u.dx) * 180 / .pi)
        return AnnotationRotation(degrees: degrees, size: Size(width: Quantize.value(u.length), height: Quantize.value(v.length)))
    }
}

extension Annotation {
    /// The smallest number of vertices a polygon (3) or a polyline (2) keeps.
    public var minimumVertexCount: Int { subtype == .polygon ? 3 : 2 }

    /// The vertices of a polygon or polyline (empty for other kinds).
    public var vertices: [Point] {
        if case .vertices(let points) = geometry { return points }
        return []
    }

    /// The annotation with new vertices: /Rect covers them and the width again, and the app
    /// draws it from then on. Other kinds, or too few vertices, come back unchanged.
    func withVertices(_ points: [Point]) -> Annotation {
        guard case .vertices = geometry, points.count >= minimumVertexCount else { return self }
        var out = self
        out.geometry = .vertices(points.map(\.quantized))
        guard let box = AnnotationDictionary.geometryBounds(out.geometry, lineWidth: borderWidth ?? 1) else { return self }
        out.rect = box
        if AppearanceBuilder.canDraw(self) { out.appearance = .generated }
        return out
    }

    /// A polygon or polyline with vertex `index` moved to `point` (PDF space).
    public func withVertex(_ index: Int, at point: Point) -> Annotation {
        var points = vertices
        guard points.indices.contains(index) else { return self }
        points[index] = point
        return withVertices(points)
    }

    /// A polygon or polyline with a new vertex at `point` inserted before `index` (on the edge
    /// from `index - 1` to `index`; `index == count` is the closing edge of a polygon, or the
    /// end of a polyline).
    public func insertingVertex(_ point: Point, at index: Int) -> Annotation {
        var points = vertices
        guard !points.isEmpty, (0...points.count).contains(index) else { return self }
        points.insert(point, at: index)
        return withVertices(points)
    }

    /// A polygon or polyline without vertex `index`, unless that would leave fewer than
    /// ``minimumVertexCount``.
    public func removingVertex(_ index: Int) -> Annotation {
        var points = vertices
        guard points.indices.contains(index), points.count > minimumVertexCount else { return self }
        points.remove(at: index)
        return withVertices(points)
    }
}

/// Where a point meets the edges of a polygon or polyline.
public enum PolygonEdges {
    /// The edge nearest `point` within `tolerance` (the same units), as the index a vertex put
    /// there takes (1 for the edge from vertex 0 to 1 … `count` for a polygon's closing edge),
    /// with the nearest point on it; `nil` when no edge is that near.
    public static func nearestEdge(to point: Point, vertices: [Point], closed: Bool, tolerance: Double) -> (index: Int, point: Point)? {
        guard vertices.count >= 2 else { return nil }
        var best: (index: Int, point: Point, distance: Double)?
        let edges = closed ? vertices.count : vertices.count - 1
        for i in 0..<edges {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            let ab = b - a, len2 = ab.dx * ab.dx + ab.dy * ab.dy
            let t = len2 > 0 ? min(1, max(0, ((point.x - a.x) * ab.dx + (point.y - a.y) * ab.dy) / len2)) : 0
            let q = a + ab * t
            let d = q.distance(to: point)
            if d <= tolerance, d < (best?.distance ?? .infinity) { best = (i + 1, q, d) }
        }
        return best.map { ($0.index, $0.point) }
    }
}

extension AppearanceBuilder {
    /// The appearance of a turned box whose drawing only the file holds (an image stamp read
    /// from a file, a stamp another program drew): a form that draws the file's own appearance
    /// stream, named `/Fm0` and referenced as the object `original` (never copied or re-encoded),
    /// fitted to the upright box and turned by the rotation's /Matrix, so that every viewer maps
    /// the turned box onto /Rect (§12.5.5) as it does for the kinds the app draws.
    ///
    /// - Parameters:
    ///   - a: The annotation, with its ``Annotation/rotation``.
    ///   - original: The object number and generation of the file's /AP /N stream.
    ///   - box: That stream's /BBox; `matrix` its /Matrix, if any.
    /// - Returns: `nil` when `a` is not turned or either box is empty.
    public static func turnedFileAppearance(for a: Annotation, original: (number: Int, generation: Int), box: Rect,
                                            matrix: [Double]?) -> AppearanceStream? {
        guard let turn = a.rotation else { return nil }
        // The original's box as its matrix places it: what a viewer would fit to /Rect.
        let m = matrix?.count == 6 ? matrix! : [1, 0, 0, 1, 0, 0]
        let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                       Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)]
            .map { Point(x: m[0] * $0.x + m[2] * $0.y + m[4], y: m[1] * $0.x + m[3] * $0.y + m[5]) }
        var placed = Rect(origin: corners[0], size: .zero)
        for p in corners.dropFirst() { placed = placed.union(Rect(origin: p, size: .zero)) }
        let upright = a.uprightBox
        guard placed.width > 0, placed.height > 0, upright.width > 0, upright.height > 0 else { return nil }
        let sx = upright.width / placed.width, sy = upright.height / placed.height
        var c = ContentStreamWriter(origin: .zero)
        c.save()
        c.raw("\(c.f(sx)) 0 0 \(c.f(sy)) \(c.f(-placed.minX * sx)) \(c.f(-placed.minY * sy)) cm")
        c.raw("/Fm0 Do")
        c.restore()
        let resources = PDFDictionary([("XObject", .dictionary(PDFDictionary([("Fm0", .reference(original.number, original.generation))])))])
        return AppearanceStream(boundingBox: Rect(x: 0, y: 0, width: upright.width, height: upright.height), content: c.bytes,
                                resources: resources, matrix: turn.matrix)
    }
}
