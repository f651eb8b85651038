// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler

/// One strong reference to a GObject (a `PopplerDocument*`, `PopplerPage*`, `PopplerAnnot*`),
/// released in `deinit`, so that no code path in this module calls `g_object_unref` by hand.
///
/// The labelled initialisers make the ownership transfer visible at the call site: use
/// ``init(adopting:)`` for C functions documented "transfer full" (constructors,
/// `poppler_document_get_page`) and ``init(retaining:)`` for borrowed ("transfer none") pointers.
/// The raw pointer is lent out only for the duration of ``withPointer(_:)``.
final class GObjectRef {
    private let pointer: OpaquePointer

    /// Takes over a reference the caller already owns. Wraps nothing; `deinit` wraps `g_object_unref`.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference of our own to a borrowed object. Wraps `g_object_ref`.
    init(retaining pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Lends the object pointer to `body`; the pointer must not escape it.
    func withPointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
    }
}
