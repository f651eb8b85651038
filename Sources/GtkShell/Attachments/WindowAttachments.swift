// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document

/// The attachments of the window's document as the sidebar lists them, and what Open and Save
/// last did (for the state dump).
@MainActor
final class WindowAttachments {
    /// The sidebar's Attachments list, once made.
    var list: UnsafeMutablePointer<GtkWidget>?
    /// The attachments listed, in row order; `nil` until read for the document shown.
    var listed: [AttachmentInfo]?
    /// Bumped for every reading, so that an older answer is dropped.
    var generation = 0
    /// The save or attach chooser while it shows (GTK does not keep a native dialog alive).
    var chooser: GObjectHandle<OpaquePointer>?
    /// The private copy last handed to an application (Open), and the file Save last wrote.
    var opened: String?
    var saved: String?
    /// Larger files are not attached (they would be held in memory and in the journal).
    static let largestAttachable = 64 * 1024 * 1024
}
