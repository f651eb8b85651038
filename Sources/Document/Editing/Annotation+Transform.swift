// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension Annotation {
    /// Whether a move or resize can keep everything of the annotation's look: its drawing is
    /// either the file's appearance (mapped onto the new rectangle by every viewer) or one the
    /// app can draw again from the transformed geometry.
    public var isTransformable: Bool {
        if flags & (AnnotationFlags.readOnly | AnnotationFlags.locked) != 0 { return false }
        switch subtype {
        case .widget, .popup, .link, .unknown, .movie, .screen, .sound, .printerMark, .trapNet, .watermark, .threeD, .richMedia:
            return false
        default:
            return appearance != .absent || AppearanceBuilder.canDraw(self)
        }
    }

    /// The annotation with properties changed by `change` (colour, opacity, border, text …).
    /// A look that the file's own appearance drew can no longer be that appearance, so the app
    /// draws it from then on (when it can draw the kind); moving and resizing keep it instead.
    public func changingProperties(_ change: (inout Annotation) -> Void) -> Annotation {
        var out = self
        change(&out)
        var comparable = out
        comparable.rect = rect
        comparable.geometry = geometry
        comparable.modified = modified
        comparable.appearance = appearance
        if comparable != self, AppearanceBuilder.canDraw(self) { out.appearance = .generated }
        return out
    }

    /// The annotation moved by `delta` (PDF space).
    public func moved(by delta: Vector) -> Annotation {
        transformed(by: .translation(delta.dx, delta.dy))
    }

    /// Where ``moved(by:)`` puts the rectangle, the geometry aside: what a carry shows (and hit-tests)
    /// while the points follow later, all steps at once (``moved(byEach:)``).
    public func rectMoved(by delta: Vector) -> Rect { Self.rect(rect, movedBy: delta) }

    /// An annotation's rectangle `rect` where ``moved(by:)`` puts it.
    public static func rect(_ rect: Rect, movedBy delta: Vector) -> Rect {
        AffineTransform.translation(delta.dx, delta.dy).apply(to: rect).quantized
    }

    /// The annotation moved by each of `deltas` in turn: exactly what as many ``moved(by:)`` calls
    /// make (each step on the grid of ``Quantize``), in one pass over its points rather than a
    /// copy of them per step, so a carry of many strokes moves their points once, when it ends.
    public func moved(byEach deltas: [Vector]) -> Annotation {
        guard !deltas.isEmpty else { return self }
        let maps = deltas.map { AffineTransform.translation($0.dx, $0.dy) }
        func step(_ p: Point) -> Point {
            var p = p
            for map in maps { p = map.apply(to: p).quantized }
            return p
        }
        var out = self
        // A move never scales, so a turned box stays as it is (see `transformed(by:)`).
        for map in maps { out.rect = map.apply(to: out.rect).quantized }
        switch geometry {
        case .none: break
        case .ink(let strokes):
            out.geometry = .ink(strokes.map { InkStroke(points: $0.points.map(step), pressures: $0.pressures) })
        case .quadPoints(let points):
            out.geometry = .quadPoints(points.map(step))
        case .line(let start, let end, let a, let b):
            out.geometry = .line(start: step(start), end: step(end), startEnding: a, endEnding: b)
        case .vertices(let points):
            out.geometry = .vertices(points.map(step))
        }
        if appearance == .absent, AppearanceBuilder.canDraw(self) { out.appearance = .generated }
        return out
    }

    /// The annotation with its rectangle turned into `newRect` by scaling and moving: the same
    /// map is applied to its geometry (ink, quadrilaterals, line, vertices). Line and border
    /// widths stay as they are.
    public func resized(to newRect: Rect) -> Annotation {
        let sx = rect.width > 0 ? newRect.width / rect.width : 1
        let sy = rect.height > 0 ? newRect.height / rect.height : 1
        let map = AffineTransform.translation(-rect.minX, -rect.minY)
            .concatenating(.scale(sx, sy))
            .concatenating(.translation(newRect.minX, newRect.minY))
        var out = transformed(by: map)
        // A turned box holds its turned drawing, which a scale keeps turned (see
        // `transformed(by:)`); any other annotation takes the rectangle asked for.
        if rotation == nil { out.rect = newRect.quantized }
        return out
    }

    /// A line with one end (0: start, 1: end) moved to `point` (PDF space); its rectangle grows
    /// or shrinks to cover the line, its width and its endings, and the app draws it again (a
    /// file's own appearance cannot follow a change of shape). Other kinds come back unchanged.
    public func withLineEnd(_ index: Int, at point: Point) -> Annotation {
        guard case .line(let start, let end, let a, let b) = geometry, index == 0 || index == 1 else { return self }
        var out = self
        let p = point.quantized
        let geometry = AnnotationGeometry.line(start: index == 0 ? p : start, end: index == 1 ? p : end, startEnding: a, endEnding: b)
        guard let box = AnnotationDictionary.geometryBounds(geometry, lineWidth: borderWidth ?? 1) else { return self }
        out.geometry = geometry
        out.rect = box.quantized
        if AppearanceBuilder.canDraw(self) { out.appearance = .generated }
        return out
    }

    /// The annotation with `map` (an axis-aligned scale and translation) applied to its
    /// rectangle and its geometry. An appearance drawn by the app is drawn again; the file's own
    /// stays (its box is mapped onto the new rectangle); a missing one becomes the app's, since
    /// other viewers would otherwise synthesise it from the old look.
    public func transformed(by map: AffineTransform) -> Annotation {
        var out = self
        out.rect = map.apply(to: rect).quantized
        if rotation != nil, map.a != 1 || map.d != 1, let r = rotationScaled(sx: map.a, sy: map.d) {
            // A turned box scales along its own sides and stays turned; /Rect holds it.
            out.rotation = r
            out.rect = r.boundingBox(centredOn: map.apply(to: rect.center))
        }
        switch geometry {
        case .none: break
        case .ink(let strokes):
            out.geometry = .ink(strokes.map { InkStroke(points: $0.points.map { map.apply(to: $0).quantized }, pressures: $0.pressures) })
        case .quadPoints(let points):
            out.geometry = .quadPoints(points.map { map.apply(to: $0).quantized })
        case .line(let start, let end, let a, let b):
            out.geometry = .line(start: map.apply(to: start).quantized, end: map.apply(to: end).quantized, startEnding: a, endEnding: b)
        case .vertices(let points):
            out.geometry = .vertices(points.map { map.apply(to: $0).quantized })
        }
        if appearance == .absent, AppearanceBuilder.canDraw(self) { out.appearance = .generated }
        return out
    }
}

/// Model coordinates live on a grid of 1/10,000 point: a value on it survives every trip through
/// PDF syntax (ours, and poppler's ten significant digits) unchanged, so an annotation read back
/// from a saved file equals the value that was saved, and journals replay exactly.
public enum Quantize {
    public static func value(_ x: Double) -> Double {
        guard x.isFinite else { return 0 }
        return (x * 10_000).rounded() / 10_000
    }
}

extension Point {
    public var quantized: Point { Point(x: Quantize.value(x), y: Quantize.value(y)) }
}

extension Rect {
    public var quantized: Rect {
        let a = Point(x: minX, y: minY).quantized, b = Point(x: maxX, y: maxY).quantized
        return Rect(x: a.x, y: a.y, width: Quantize.value(b.x - a.x), height: Quantize.value(b.y - a.y))
    }
}
