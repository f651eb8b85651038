// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The geometry of a page being turned over like a sheet of paper: where it folds, which part
/// still lies flat, which part is lifted (uncovering the page beneath) and where the lifted
/// part's back lands once folded over, with the transform that draws the back page there.
///
/// The reader holds the sheet at a point of its outer edge (`grab`) and has carried that point
/// to `pointer`. The fold is the line every point of which is as far from `grab` as from
/// `pointer`; the part on the grab's side is lifted and folded over it. Turning a page back is
/// the same curl of the previous sheet run the other way, so one geometry serves both, for
/// either binding (the spine is the sheet's left edge when reading left to right, its right
/// edge when reading right to left). Pure values: no drawing, tested without a display.
public struct PageCurl: Hashable, Sendable {
    /// The sheet lying flat, in view or canvas coordinates.
    public let sheet: Rect
    /// The x of the bound edge (the sheet's left or right side).
    public let spineX: Double
    /// The point of the outer edge the reader took hold of.
    public let grab: Point
    /// Where the grabbed point is now, kept where paper can reach: never farther from the
    /// spine than it started (the sheet does not tear off).
    public let pointer: Point

    public init(sheet: Rect, spineX: Double, grab: Point, pointer: Point) {
        self.sheet = sheet
        self.spineX = spineX
        let outerX = abs(spineX - sheet.minX) < abs(spineX - sheet.maxX) ? sheet.maxX : sheet.minX
        let grab = Point(x: outerX, y: min(max(grab.y, sheet.minY), sheet.maxY))
        self.grab = grab
        let anchor = Point(x: spineX, y: grab.y)
        let reach = abs(outerX - spineX)
        let offset = pointer - anchor
        self.pointer = offset.length > reach && offset.length > 0 ? anchor + offset * (reach / offset.length) : pointer
    }

    /// The sheet at a fraction of a whole turn, carried by its outer edge at the grab's height
    /// (a little lifted in the middle of the turn, as a hand lifts it): 0 flat, 1 turned over.
    public static func turned(_ progress: Double, sheet: Rect, spineX: Double, grabY: Double) -> PageCurl {
        let t = min(max(progress, 0), 1)
        let outerX = abs(spineX - sheet.minX) < abs(spineX - sheet.maxX) ? sheet.maxX : sheet.minX
        let reach = outerX - spineX
        // The grabbed point swings round the spine on a flattened arc.
        let angle = Double.pi * t
        let x = spineX + reach * cos(angle)
        let y = grabY - sheet.height * 0.12 * sin(angle)
        return PageCurl(sheet: sheet, spineX: spineX, grab: Point(x: outerX, y: grabY), pointer: Point(x: x, y: y))
    }

    /// How far the turn has gone: 0 with the grabbed point at rest, 1 with it carried over to
    /// the far side of the spine.
    public var progress: Double {
        let reach = grab.x - spineX
        guard reach != 0 else { return 0 }
        return min(max((grab.x - pointer.x) / (2 * reach), 0), 1)
    }

    /// Whether a sheet let go with `velocity` (view pixels per second) finishes turning over:
    /// a fling towards the spine's far side does, one the other way lays it back, and without a
    /// fling it finishes past halfway.
    public func finishes(whenReleasedAt velocity: Vector) -> Bool {
        guard abs(velocity.dx) > 300 else { return progress > 0.5 }
        // Towards the far side is leftwards when the spine is left of the grabbed edge.
        return (spineX - grab.x) * velocity.dx > 0
    }

    /// The fold: a point on it and its unit normal pointing to the lifted side; `nil` while
    /// nothing is lifted.
    public var fold: (point: Point, normal: Vector)? {
        let d = grab - pointer
        guard d.length > 1e-9 else { return nil }
        let mid = Point(x: (grab.x + pointer.x) / 2, y: (grab.y + pointer.y) / 2)
        return (mid, d * (1 / d.length))
    }

    /// The part of the sheet still lying flat.
    public var flatPart: [Point] {
        guard let fold else { return Self.corners(of: sheet) }
        return Self.clip(Self.corners(of: sheet), keeping: fold, liftedSide: false)
    }

    /// The part of the sheet lifted off: where the page beneath shows.
    public var liftedPart: [Point] {
        guard let fold else { return [] }
        return Self.clip(Self.corners(of: sheet), keeping: fold, liftedSide: true)
    }

    /// The lifted part folded over the fold: where the sheet's back shows.
    public var backPart: [Point] { liftedPart.map(reflection.apply(to:)) }

    /// The reflection across the fold (identity while nothing is lifted).
    public var reflection: AffineTransform {
        guard let (m, n) = fold else { return .identity }
        let along = 2 * (m.x * n.dx + m.y * n.dy)
        return AffineTransform(a: 1 - 2 * n.dx * n.dx, b: -2 * n.dx * n.dy, c: -2 * n.dx * n.dy, d: 1 - 2 * n.dy * n.dy,
                               tx: along * n.dx, ty: along * n.dy)
    }

    /// Where the page on the sheet's back lies once the turn is complete: the sheet mirrored
    /// across the spine.
    public var backPageFrame: Rect {
        Rect(x: 2 * spineX - sheet.maxX, y: sheet.minY, width: sheet.width, height: sheet.height)
    }

    /// The transform that draws the back page, laid out at ``backPageFrame``, onto
    /// ``backPart``: the mirror across the spine, then the reflection across the fold (two
    /// reflections make a turn, so the back page is never drawn mirrored).
    public var backTransform: AffineTransform {
        let spineMirror = AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * spineX, ty: 0)
        return spineMirror.concatenating(reflection)
    }

    static func corners(of r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    /// A convex polygon cut by the fold, keeping the lifted side or the other.
    public static func clip(_ polygon: [Point], keeping fold: (point: Point, normal: Vector), liftedSide: Bool) -> [Point] {
        func side(_ p: Point) -> Double {
            let s = (p.x - fold.point.x) * fold.normal.dx + (p.y - fold.point.y) * fold.normal.dy
            return liftedSide ? s : -s
        }
        var result: [Point] = []
        for (i, current) in polygon.enumerated() {
            let next = polygon[(i + 1) % polygon.count]
            let a = side(current), b = side(next)
            if a >= 0 { result.append(current) }
            if (a >= 0) != (b >= 0) {
                let t = a / (a - b)
                result.append(Point(x: current.x + (next.x - current.x) * t, y: current.y + (next.y - current.y) * t))
            }
        }
        return result
    }
}
