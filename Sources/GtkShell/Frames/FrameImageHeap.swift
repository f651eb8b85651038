// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Platform

/// Watches the size of the images GTK paints the window's frames into (the window's surface in
/// device pixels, what a frame that redraws everything paints) and, once they are large (a 4K
/// screen), keeps them in the heap from frame to frame (``MemoryPolicy/keepFrameImagesInHeap(frameBytes:)``).
///
/// - Warning: main thread only.
@MainActor
enum FrameImageHeap {
    /// The frame image last looked at, in bytes: the policy is asked again only when it changes.
    private static var lastFrameBytes = 0

    /// A canvas in `widget`'s window starts a frame.
    static func frameStarting(in widget: UnsafeMutablePointer<GtkWidget>) {
        guard !MemoryPolicy.framesKeptInHeap, let native = gtk_widget_get_native(widget),
              let surface = gtk_native_get_surface(native) else { return }
        let scale = Int(gdk_surface_get_scale_factor(surface))
        let bytes = Int(gdk_surface_get_width(surface)) * Int(gdk_surface_get_height(surface)) * scale * scale * 4
        guard bytes != lastFrameBytes else { return }
        lastFrameBytes = bytes
        MemoryPolicy.keepFrameImagesInHeap(frameBytes: bytes)
    }
}
