// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Platform

/// Nothing before the first frame that the first frame does not show: a document's signature
/// check, recent-files entry, bookmarks and text-recognition language wait for that frame (the
/// sidebar's pages, the toolbar's tools, the menus' popovers, the empty and error pages and the
/// Preferences window are made when first shown: a reader who never opens the sidebar never pays
/// for its lists and page thumbnails).
/// The start-up trace (`PDF_ANNOTATOR_TRACE=1`) shows what is left before page 1.
extension DocumentWindow {
    /// How long work waits for a first frame that does not come (a window never shown, a canvas
    /// never drawn) before it is done anyway.
    static let firstFrameFallbackMilliseconds: UInt32 = 1500

    /// Runs `work` for the document being opened once its first frame is painted (dropped if
    /// another document is opened first).
    func afterFirstFrame(_ work: @escaping @MainActor () -> Void) {
        afterFirstFrameWork.append(work)
        let generation = openGeneration
        _ = MainLoop.after(milliseconds: Self.firstFrameFallbackMilliseconds) { [weak self] in
            guard let self, self.openGeneration == generation else { return }
            self.firstFramePainted()
        }
    }

    /// The document's first frame is painted: what it did not need is made now, after GTK has
    /// finished the frame.
    func firstFramePainted() {
        MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            guard let self else { return }
            self.makeWhatTheFirstFrameDidNotShow()
            let work = self.afterFirstFrameWork
            self.afterFirstFrameWork = []
            for job in work { job() }
            StartupTrace.mark("made after the first frame")
            self.application?.stateChanged()
        }
    }

    /// The window's own part, once. Its sidebar's pages are not part of it: they are made when
    /// the sidebar is first shown (``buildSidebarPages()``); made here, they took up to 1 MiB
    /// of an opening (`PDF_ANNOTATOR_TRACE`, 500 pages).
    private func makeWhatTheFirstFrameDidNotShow() {
        guard !madeAfterFirstFrame else { return }
        madeAfterFirstFrame = true
    }
}
