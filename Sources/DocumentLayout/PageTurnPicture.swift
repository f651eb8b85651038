// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A page and where it lies (view coordinates): what a frame places.
public struct PlacedPage: Equatable, Sendable {
    public var page: PageIndex
    public var frame: Rect
    public init(page: PageIndex, frame: Rect) {
        self.page = page
        self.frame = frame
    }
}

/// What one frame of a page turn shows, described once for every renderer: the front spread's
/// pages that stay still, the sheet where it still lies flat, the spread beneath where the sheet
/// is lifted with the shadow it casts, and the folded-over flap (a soft outline, paper, the back
/// page through ``PageCurl/backTransform``, shading darker at the crease). Rendering's cairo
/// painter and the shell's render-node builder both draw this, so the two agree by construction
/// on every layer, shade and colour.
///
/// It lives beside ``PageCurl`` (platform-free) because the document session puts it in the
/// frame it computes, and the session imports no renderer.
public struct PageTurnPicture: Equatable, Sendable {
    /// A linear darkening of a polygon from a line outwards: black at `alpha` on the line
    /// through `from`, nothing `length` away along `direction`.
    public struct Shade: Equatable, Sendable {
        public var from: Point
        public var direction: Vector
        public var length: Double
        public var alpha: Double
    }

    /// The flap's surroundings: a soft line around it, and the paper of a sheet's back.
    public static let flapOutlineWidth = 10.0
    public static let flapOutlineAlpha = 0.10
    public static let backPaper = (red: 0.97, green: 0.97, blue: 0.96)

    public var curl: PageCurl
    /// The front spread's pages other than the sheet: drawn as they are.
    public var still: [PlacedPage]
    /// The sheet that turns (the front spread's last page).
    public var sheet: PlacedPage?
    /// The spread beneath, shown where the sheet is lifted.
    public var beneath: [PlacedPage]
    /// The page printed on the sheet's back, laid out mirrored across the spine (`nil`: paper).
    public var back: PlacedPage?

    public init(curl: PageCurl, front: [PlacedPage], beneath: [PlacedPage], back: PlacedPage?) {
        self.curl = curl
        still = Array(front.dropLast())
        sheet = front.last
        self.beneath = beneath
        self.back = back
    }

    /// Whether the sheet lies flat (no fold yet, or nothing of it lifted): the front spread is
    /// drawn as it is and nothing else.
    public var isFlat: Bool { curl.fold == nil || curl.liftedPart.count <= 2 }

    /// How far the shadows reach from the fold: half the distance the sheet was pulled, within
    /// 12 and 80 view pixels.
    public var reach: Double { min(80, max(12, (curl.pointer - curl.grab).length * 0.5)) }

    /// The shadow the lifted sheet casts on the spread beneath, strongest at the fold.
    public var shadow: Shade? {
        guard let fold = curl.fold else { return nil }
        return Shade(from: fold.point, direction: fold.normal, length: reach, alpha: 0.38)
    }

    /// The flap curving away from the fold: darker at the crease, lighter beyond it.
    public var crease: Shade? {
        guard let fold = curl.fold else { return nil }
        return Shade(from: fold.point, direction: fold.normal * -1, length: reach * 0.8, alpha: 0.22)
    }
}
