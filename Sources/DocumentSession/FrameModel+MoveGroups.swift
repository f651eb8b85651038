// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

extension FrameModel {
    /// Moves in progress that are drawn the same way: on one page, each one's pixels taken to
    /// its new place by the same scale and offset (a lasso's selection carried, or resized as
    /// one), or turned by the same turn about the same pivot. A frame veils the places they left
    /// in one fill and draws the page's pixels once, clipped to the places they went, however
    /// many annotations move: 1,566 strokes carried are one veil and one paint, not 1,566 of
    /// each.
    public struct MoveGroup: Equatable, Sendable {
        public var page: PageIndex
        public var pageFrame: Rect
        /// The places left (each move's `from`), veiled once where they overlap.
        public var veiled: [Rect]
        /// Where the pixels show (each move's `to`; its `from`, turned, for a turn).
        public var shown: [Rect]
        /// The view point `p` of the page's pixels shows at `p × scale + offset`.
        public var scaleX: Double
        public var scaleY: Double
        public var offset: Vector
        /// A turn: the group is drawn turned by this many radians about `pivot` (as ``Moving``).
        public var turn: Double
        public var pivot: Point?
    }

    /// How far two moves' offsets (view pixels) or scales may differ and still be drawn as one:
    /// the same move of the document's points lands a few ulps apart on screen for each one.
    static let moveGroupTolerance = 1e-3

    /// ``moves`` gathered into the groups drawn as one, in the order of each group's first move.
    public var moveGroups: [MoveGroup] {
        var groups: [MoveGroup] = []
        for move in moves where move.from.width > 0 && move.from.height > 0 {
            let turned = move.pivot != nil && move.turn != 0
            // A turn draws the pixels where they were (its `to` is the box the turn grows to).
            let shown = turned ? move.from : move.to
            let scaleX = shown.width / move.from.width, scaleY = shown.height / move.from.height
            let offset = Vector(dx: shown.minX - move.from.minX * scaleX, dy: shown.minY - move.from.minY * scaleY)
            let pivot = turned ? move.pivot : nil, turn = turned ? move.turn : 0
            let tolerance = Self.moveGroupTolerance
            if let i = groups.firstIndex(where: { g in
                g.page == move.page && g.pageFrame == move.pageFrame && g.turn == turn && g.pivot == pivot
                    && abs(g.scaleX - scaleX) < tolerance * 1e-3 && abs(g.scaleY - scaleY) < tolerance * 1e-3
                    && abs(g.offset.dx - offset.dx) < tolerance && abs(g.offset.dy - offset.dy) < tolerance
            }) {
                groups[i].veiled.append(move.from)
                groups[i].shown.append(shown)
            } else {
                groups.append(MoveGroup(page: move.page, pageFrame: move.pageFrame, veiled: [move.from], shown: [shown],
                                        scaleX: scaleX, scaleY: scaleY, offset: offset, turn: turn, pivot: pivot))
            }
        }
        return groups
    }
}
