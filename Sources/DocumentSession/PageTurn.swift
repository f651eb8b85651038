// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry

/// A page being turned with a curl: which sheet, where the reader holds it, and the animation
/// that finishes the turn or lays the sheet back. View coordinates throughout.
///
/// A turn is always the forward turn of spread ``front``'s outer sheet: turning forward from
/// spread *r* curls *r*'s sheet from flat (progress 0) to turned over (1); turning back from
/// *r* runs *r − 1*'s sheet from turned over to flat, which is what a reader's hand does.
public struct PageTurn: Sendable {
    /// The spread whose sheet turns; the spread beneath it is `front + 1`.
    public let front: Int
    /// The spread the view rested on when the turn began (the one the others are drawn aligned to).
    public let resting: Int
    /// The sheet, its spine and the page drawn on its back (`nil`: plain paper), laid out
    /// where the turn draws them.
    public let sheet: Rect
    public let spineX: Double
    public let backPage: (page: PageIndex, frame: Rect)?
    /// Where the reader holds the sheet (on its outer edge) and where that point is now.
    public var grabY: Double
    public var curl: PageCurl
    /// The animation under way, if the sheet is not following a finger or pointer.
    public var animation: Animation?

    public init(front: Int, resting: Int, sheet: Rect, spineX: Double, backPage: (page: PageIndex, frame: Rect)?,
                grabY: Double, curl: PageCurl, animation: Animation?) {
        self.front = front
        self.resting = resting
        self.sheet = sheet
        self.spineX = spineX
        self.backPage = backPage
        self.grabY = grabY
        self.curl = curl
        self.animation = animation
    }

    public struct Animation: Sendable {
        /// Along the turn's arc from one progress to another (keys, taps), or in a straight
        /// line from where a drag left the sheet to rest (flat or turned over).
        public enum Path: Sendable { case arc(from: Double, to: Double), line(from: Point, to: Point) }
        public let path: Path
        public let start: Double
        public let duration: Double
        /// Whether the turn ends turned over (the view then rests on the next spread).
        public let completes: Bool

        public init(path: Path, start: Double, duration: Double, completes: Bool) {
            self.path = path
            self.start = start
            self.duration = duration
            self.completes = completes
        }
    }

    /// The curl with the grabbed point at `pointer`.
    public mutating func follow(_ pointer: Point) {
        curl = PageCurl(sheet: sheet, spineX: spineX, grab: Point(x: curl.grab.x, y: grabY), pointer: pointer)
    }

    /// The curl at a fraction of the whole turn, along the arc a hand takes.
    public mutating func turn(to progress: Double) {
        curl = PageCurl.turned(progress, sheet: sheet, spineX: spineX, grabY: grabY)
    }

    /// Where the grabbed point rests flat, and turned over.
    public var restingPoint: Point { Point(x: curl.grab.x, y: grabY) }
    public var turnedOverPoint: Point { Point(x: 2 * spineX - curl.grab.x, y: grabY) }

    /// Steps the animation to `now` (seconds); returns whether it is over.
    public mutating func step(at now: Double) -> Bool {
        guard let animation else { return false }
        let t = min(1, max(0, (now - animation.start) / animation.duration))
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        switch animation.path {
        case .arc(let from, let to): turn(to: from + (to - from) * eased)
        case .line(let from, let to):
            follow(Point(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased))
        }
        return t >= 1
    }
}
