// SPDX-License-Identifier: GPL-3.0-or-later
import InteractionEngine

extension PdfCanvas {
    /// Hands the drawer's place to the window that shows the drawer (the canvas has none).
    func showDrawer(_ state: DrawerState) -> OutputHandling {
        guard let onDrawer else { return .nothingToApply(reason: "no window shows a drawer") }
        onDrawer(state)
        return .applied
    }
}
