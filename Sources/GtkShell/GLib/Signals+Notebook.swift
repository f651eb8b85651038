// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// Releases a CallbackBox when GLib drops a notebook signal's closure.
private let releaseNotebookBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// GtkNotebook's signals, which carry a page (and its number).
extension Signals {
    typealias NotebookPageHandler = @MainActor (UnsafeMutablePointer<GtkWidget>?, UInt32) -> Void

    /// GtkNotebook's `switch-page`, `page-added`, `page-removed` and `page-reordered`:
    /// `void (*)(GtkNotebook*, GtkWidget* child, guint page_num, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, notebookPage handler: @escaping NotebookPageHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkWidget>?, UInt32, UnsafeMutableRawPointer?) -> Void = { _, child, number, data in
            let fn = CallbackBox<NotebookPageHandler>.from(data)
            MainActor.assumeIsolated { fn(child, number) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseNotebookBox)
    }

    /// Returns the new notebook's address (0 for none): a pointer cannot leave the main actor.
    typealias CreateWindowHandler = @MainActor (UnsafeMutablePointer<GtkWidget>?) -> UInt

    /// GtkNotebook's `create-window`, emitted when a detachable tab is dropped outside every
    /// notebook: `GtkNotebook* (*)(GtkNotebook*, GtkWidget* page, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, createWindow handler: @escaping CreateWindowHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _, page, data in
            let fn = CallbackBox<CreateWindowHandler>.from(data)
            return UnsafeMutableRawPointer(bitPattern: MainActor.assumeIsolated { fn(page) })
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseNotebookBox)
    }
}
