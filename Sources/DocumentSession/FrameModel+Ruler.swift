// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

extension FrameModel {
    /// The ruler as the frame shows it, in view coordinates: where it lies, its marks (only
    /// those on screen), its handles and the angle it shows; and where it lies on its page.
    public struct RulerFrame: Equatable, Sendable {
        public var placement: RulerPlacement
        public var ticks: [RulerTick]
        /// The page it lies on and its middle in that page's space as shown (points, y down).
        public var page: PageIndex
        public var pageCenter: Point
        /// The angle it shows: its edge's direction in whole degrees, 0 to 179.
        public var shownAngle: Int
    }
}

extension DocumentSession {
    /// The ruler as the frame shows it, while it is shown and its page is laid out.
    func rulerFrame() -> FrameModel.RulerFrame? {
        guard let ruler = interaction.ruler, let placement = ruler.placement(in: interaction.scene.coordinates) else { return nil }
        let visible = Rect(origin: .zero, size: view.viewport.size)
        return FrameModel.RulerFrame(placement: placement, ticks: placement.ticks(within: visible), page: ruler.page,
                                     pageCenter: ruler.center, shownAngle: ruler.shownAngle)
    }

    /// Shows the ruler in the middle of the view (counting in `unit`) or hides it.
    func showRuler(_ shown: Bool, unit: RulerUnit) {
        // The ruler's guide keeps the ink's width clear of its edge: the Ink tool's width now.
        interaction.scene.inkWidth = { [unowned self] in self.composer.style(for: .ink).width }
        interaction.showRuler(shown, unit: unit)
        emit(.redraw)
    }
}
