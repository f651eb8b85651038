// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Room to write beside a page: its boxes grown on the right as the page shows (turned pages
/// included), or on every side, by millimetres or a share of its width, its content staying
/// where it is on the paper.
///
/// The room is whole points (a little more than asked, never less), so that the original part
/// of the page falls on the same pixels as before at any whole-number resolution. A page whose
/// crop box is smaller than its media box has its crop box grown and its media box only as far
/// as the crop box then needs; a trim, bleed or art box grows with it.
public enum WritingRoom {
    /// Where the room goes.
    public enum Side: String, Hashable, Sendable, Codable, CaseIterable {
        /// Beside the right edge, as the page shows (turned by its /Rotate).
        case right
        /// Round every edge.
        case everySide
    }

    /// How much room, on each side it goes.
    public enum Amount: Hashable, Sendable, Codable {
        case millimetres(Double)
        /// A percentage of the page's width as it shows.
        case percentOfWidth(Double)
    }

    /// The box keys a page may have, the media box first.
    public static let boxKeys = ["MediaBox", "CropBox", "TrimBox", "BleedBox", "ArtBox"]

    /// The greatest page side PDF readers take (200 inches, PDF 32000-1 Annex C).
    public static let largestSide = 14_400.0

    /// The page's own box entries after the room is added, and how far the crop box's
    /// lower-left corner moved (negative: left and down); `nil` when the page has no usable
    /// media box or the amount is not a positive number.
    ///
    /// - Parameters:
    ///   - own: the boxes the page's own dictionary has (`x1 y1 x2 y2`, in any corner order).
    ///   - inherited: the media and crop boxes it inherits when it has none of its own.
    ///   - rotation: its /Rotate in degrees.
    public static func grown(own: [String: [Double]], inherited: [String: [Double]], rotation: Int, side: Side,
                             amount: Amount) -> (boxes: [String: [Double]], cornerMoved: Vector)? {
        guard let media = Box(own["MediaBox"] ?? inherited["MediaBox"]) else { return nil }
        let crop = Box(own["CropBox"] ?? inherited["CropBox"])
        let shown = crop.flatMap { $0.intersection(media) } ?? media
        let turned = ((rotation % 360) + 360) % 360
        let shownWidth = turned % 180 == 0 ? shown.width : shown.height
        let asked: Double
        switch amount {
        case .millimetres(let mm): asked = mm * 72 / 25.4
        case .percentOfWidth(let percent): asked = percent / 100 * shownWidth
        }
        guard asked.isFinite, asked > 0 else { return nil }
        // PDF sides that grow.
        var sides = Box.Sides(left: false, bottom: false, right: false, top: false)
        switch side {
        case .everySide: sides = Box.Sides(left: true, bottom: true, right: true, top: true)
        case .right:
            // The edge shown on the right: the top of a page turned a quarter clockwise, the
            // left of one upside down, the bottom of one turned three quarters.
            switch turned {
            case 90: sides.top = true
            case 180: sides.left = true
            case 270: sides.bottom = true
            default: sides.right = true
            }
        }
        // Whole points, within the largest page readers take.
        let across = (sides.left ? 1.0 : 0) + (sides.right ? 1 : 0), up = (sides.bottom ? 1.0 : 0) + (sides.top ? 1 : 0)
        let room = min(asked.rounded(.up), across > 0 ? ((largestSide - shown.width) / across).rounded(.down) : .infinity,
                       up > 0 ? ((largestSide - shown.height) / up).rounded(.down) : .infinity)
        guard room >= 1 else { return nil }
        var out = own
        var needed: Box
        if crop != nil {
            // The crop box grows from what shows; the media box only as far as it must.
            let grownCrop = shown.grown(sides, by: room)
            out["CropBox"] = grownCrop.numbers
            needed = grownCrop
        } else {
            needed = media.grown(sides, by: room)
        }
        for key in ["TrimBox", "BleedBox", "ArtBox"] {
            guard let box = Box(own[key]) else { continue }
            let grownBox = box.grown(sides, by: room)
            out[key] = grownBox.numbers
            needed = needed.union(grownBox)
        }
        let newMedia = crop == nil ? needed : media.union(needed)
        out["MediaBox"] = newMedia.numbers
        let newShown = Box(out["CropBox"]).flatMap { $0.intersection(newMedia) } ?? newMedia
        return (out, Vector(dx: newShown.x1 - shown.x1, dy: newShown.y1 - shown.y1))
    }

    /// A box by its four numbers, lower-left first (no arithmetic on the sides that stay).
    private struct Box {
        var x1, y1, x2, y2: Double
        struct Sides { var left, bottom, right, top: Bool }

        init(x1: Double, y1: Double, x2: Double, y2: Double) { (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2) }
        init?(_ b: [Double]?) {
            guard let b, b.count == 4, b.allSatisfy(\.isFinite), b[0] != b[2], b[1] != b[3] else { return nil }
            self.init(x1: min(b[0], b[2]), y1: min(b[1], b[3]), x2: max(b[0], b[2]), y2: max(b[1], b[3]))
        }
        var width: Double { x2 - x1 }
        var height: Double { y2 - y1 }
        var numbers: [Double] { [x1, y1, x2, y2] }
        func intersection(_ o: Box) -> Box? {
            let b = Box(x1: max(x1, o.x1), y1: max(y1, o.y1), x2: min(x2, o.x2), y2: min(y2, o.y2))
            return b.x1 < b.x2 && b.y1 < b.y2 ? b : nil
        }
        func union(_ o: Box) -> Box { Box(x1: min(x1, o.x1), y1: min(y1, o.y1), x2: max(x2, o.x2), y2: max(y2, o.y2)) }
        func grown(_ s: Sides, by d: Double) -> Box {
            Box(x1: s.left ? x1 - d : x1, y1: s.bottom ? y1 - d : y1, x2: s.right ? x2 + d : x2, y2: s.top ? y2 + d : y2)
        }
    }
}
