// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A pointer through which Swift reaches a GObject: GTK's headers import some classes as typed
/// pointers (`UnsafeMutablePointer<GtkCssProvider>`) and others as `OpaquePointer`, and both
/// can be owned by a ``GObjectHandle``.
protocol GObjectPointer {
    /// The instance as GObject's functions take it.
    var gobject: UnsafeMutableRawPointer { get }
}

extension OpaquePointer: GObjectPointer {
    var gobject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: GObjectPointer {
    var gobject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// Owns one reference to a GObject, so that code keeping an object beyond one call says so in
/// its type: the reference is taken (or handed over) by one of the labelled initialisers and
/// dropped with `g_object_unref` when the handle goes.
///
/// Borrowed pointers never need a handle; a pointer read from ``pointer`` is valid for as long
/// as the handle is.
///
/// - Warning: Not `Sendable`: a handle is released where it is owned (for GTK objects, the main
///   thread).
final class GObjectHandle<Pointer: GObjectPointer> {
    /// The object, valid while the handle lives.
    let pointer: Pointer

    /// Takes over a reference the caller owns (what a `…_new` of a plain GObject returns).
    /// The object must not be floating: sink such an object with ``init(sinking:)``.
    init(adopting pointer: Pointer) {
        assert(g_object_is_floating(pointer.gobject) == 0, "a floating reference is sunk, not adopted")
        self.pointer = pointer
    }

    /// Takes a reference of its own to an object someone else owns. Wraps `g_object_ref`.
    init(retaining pointer: Pointer) {
        g_object_ref(pointer.gobject)
        self.pointer = pointer
    }

    /// Owns a new `GInitiallyUnowned` (a widget or an adjustment before it is added anywhere),
    /// or takes a reference of its own to one already owned. Wraps `g_object_ref_sink`.
    init(sinking pointer: Pointer) {
        g_object_ref_sink(pointer.gobject)
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer.gobject)
    }
}
