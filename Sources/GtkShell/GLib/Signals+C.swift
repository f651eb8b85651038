// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// Holds a Swift closure for the lifetime of a GLib connection; GLib releases it through the
/// destroy notify when the connection or the instance goes away.
final class CallbackBox<Callback> {
    let callback: Callback
    init(_ callback: Callback) { self.callback = callback }

    var retainedPointer: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> Callback {
        Unmanaged<CallbackBox<Callback>>.fromOpaque(pointer!).takeUnretainedValue().callback
    }
}

/// Releases a CallbackBox when GLib drops the closure.
private let releaseAnyBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Releases a CallbackBox when GTK drops a callback it was given with a `GDestroyNotify` (a
/// draw function, a tick callback, a shortcut action).
let releaseCallbackBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The typed signal connections the shell uses. Each trampoline is a C function that only
/// unpacks the box and runs the Swift closure on the main actor (GTK emits signals on the main
/// thread).
@MainActor
enum Signals {
    typealias Handler = @MainActor () -> Void

    /// A signal of shape `void (*)(GObject*, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping Handler) -> UInt {
        ann_signal_connect(instance, name, unsafeBitCast(handlerTrampoline, to: GCallback.self),
                           CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    /// A signal of shape `void (*)(GObject*, gpointer)` on an object that can outlive `owner`
    /// (a frame clock, an adjustment, an application-wide object), connected only while `owner`
    /// lives: once `owner` is disposed (a widget destroyed), GLib disconnects the handler and
    /// releases its closure, as `g_signal_connect_object` does.
    ///
    /// Wraps `g_cclosure_new`, `g_object_watch_closure` and `g_signal_connect_closure`.
    /// - Returns: The handler id (0 if the signal is unknown).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, whileAlive owner: UnsafeMutableRawPointer,
                        _ handler: @escaping Handler) -> UInt {
        let closure = g_cclosure_new(unsafeBitCast(handlerTrampoline, to: GCallback.self),
                                     CallbackBox(handler).retainedPointer, releaseAnyBox)
        g_object_watch_closure(owner.assumingMemoryBound(to: GObject.self), closure)
        // The connection sinks the closure's floating reference.
        return g_signal_connect_closure(instance, name, closure, 0)
    }

    /// A signal of shape `void (*)(GObject*, gpointer arg, gpointer)` (a property's `notify::`,
    /// whose argument is the GParamSpec) on an object that can outlive `owner`, connected only
    /// while `owner` lives (as ``connect(_:_:whileAlive:_:)``, whose handler has no argument
    /// and so must not be used for such a signal: GLib would hand it the argument as its box).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, whileAlive owner: UnsafeMutableRawPointer,
                        pointer handler: @escaping PointerHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
            let fn = CallbackBox<PointerHandler>.from(data)
            MainActor.assumeIsolated { fn(arg) }
        }
        let closure = g_cclosure_new(unsafeBitCast(trampoline, to: GCallback.self), CallbackBox(handler).retainedPointer, releaseAnyBox)
        g_object_watch_closure(owner.assumingMemoryBound(to: GObject.self), closure)
        return g_signal_connect_closure(instance, name, closure, 0)
    }

    /// Runs a ``Handler`` from its box.
    private static let handlerTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
        let fn = CallbackBox<Handler>.from(data)
        MainActor.assumeIsolated { fn() }
    }

    typealias ItemsChangedHandler = @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void

    /// A list model's `items-changed`: `void (*)(GListModel*, guint, guint, guint, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, itemsChanged handler: @escaping ItemsChangedHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void = { _, position, removed, added, data in
            let fn = CallbackBox<ItemsChangedHandler>.from(data)
            MainActor.assumeIsolated { fn(position, removed, added) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias BoolHandler = @MainActor () -> Bool

    /// A signal of shape `gboolean (*)(GObject*, gpointer)` (for example close-request).
    @discardableResult
    static func connectReturningBool(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping BoolHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let fn = CallbackBox<BoolHandler>.from(data)
            return MainActor.assumeIsolated { fn() } ? 1 : 0
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

    /// A signal of shape `void (*)(GObject*, gpointer arg, gpointer)` (for example an action's
    /// activate with its GVariant parameter).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, pointer handler: @escaping PointerHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
            let fn = CallbackBox<PointerHandler>.from(data)
            MainActor.assumeIsolated { fn(arg) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias DrawPageHandler = @MainActor (OpaquePointer?, Int) -> Void

    /// GtkPrintOperation's `draw-page`: `void (*)(GtkPrintOperation*, GtkPrintContext*, gint, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, drawPage handler: @escaping DrawPageHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, context, page, data in
            let fn = CallbackBox<DrawPageHandler>.from(data)
            MainActor.assumeIsolated { fn(context, Int(page)) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias PageSetupHandler = @MainActor (Int, OpaquePointer?) -> Void

    /// GtkPrintOperation's `request-page-setup`:
    /// `void (*)(GtkPrintOperation*, GtkPrintContext*, gint, GtkPageSetup*, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, pageSetup handler: @escaping PageSetupHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, Int32, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, _, page, setup, data in
            let fn = CallbackBox<PageSetupHandler>.from(data)
            MainActor.assumeIsolated { fn(Int(page), setup) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias PointerBoolHandler = @MainActor (OpaquePointer?) -> Bool

    /// A signal of shape `gboolean (*)(GObject*, gpointer arg, gpointer)` (the legacy event
    /// controller's `event`).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, pointerReturningBool handler: @escaping PointerBoolHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, arg, data in
            let fn = CallbackBox<PointerBoolHandler>.from(data)
            return MainActor.assumeIsolated { fn(arg) } ? 1 : 0
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias IntHandler = @MainActor (Int32) -> Void

    /// A signal of shape `void (*)(GObject*, int, gpointer)` (for example a dialog's response).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, int handler: @escaping IntHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            let fn = CallbackBox<IntHandler>.from(data)
            MainActor.assumeIsolated { fn(value) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias SizeHandler = @MainActor (Int32, Int32) -> Void

    /// A signal of shape `void (*)(GObject*, int, int, gpointer)` (GtkDrawingArea's resize).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, size handler: @escaping SizeHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, w, h, data in
            let fn = CallbackBox<SizeHandler>.from(data)
            MainActor.assumeIsolated { fn(w, h) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias DropHandler = @MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool

    /// GtkDropTarget's `drop`: `gboolean (*)(GtkDropTarget*, const GValue*, double, double, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, drop handler: @escaping DropHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { _, value, x, y, data in
            let fn = CallbackBox<DropHandler>.from(data)
            return MainActor.assumeIsolated { fn(value, x, y) } ? 1 : 0
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias PointHandler = @MainActor (Double, Double) -> UInt32

    /// A signal of shape `guint-like (*)(GObject*, double x, double y, gpointer)` returning flags
    /// or a pointer-sized enum: GtkDropTarget's `motion` and `enter` (a GdkDragAction).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, point handler: @escaping PointHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> UInt32 = { _, x, y, data in
            let fn = CallbackBox<PointHandler>.from(data)
            return MainActor.assumeIsolated { fn(x, y) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    /// Returns the provider's address (0 for none): a pointer cannot leave the main actor.
    typealias PrepareHandler = @MainActor (Double, Double) -> UInt

    /// GtkDragSource's `prepare`: `GdkContentProvider* (*)(GtkDragSource*, double, double, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, prepare handler: @escaping PrepareHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _, x, y, data in
            let fn = CallbackBox<PrepareHandler>.from(data)
            return UnsafeMutableRawPointer(bitPattern: MainActor.assumeIsolated { fn(x, y) })
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias XYHandler = @MainActor (Double, Double) -> Void

    /// A signal of shape `void (*)(GObject*, double x, double y, gpointer)`: GtkGestureDrag's
    /// `drag-begin`, `drag-update` and `drag-end`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, xy handler: @escaping XYHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
            let fn = CallbackBox<XYHandler>.from(data)
            MainActor.assumeIsolated { fn(x, y) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias PressHandler = @MainActor (Int32, Double, Double) -> Void

    /// GtkGestureClick's `pressed`: `void (*)(GtkGestureClick*, int n_press, double x, double y, gpointer)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, press handler: @escaping PressHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, n, x, y, data in
            let fn = CallbackBox<PressHandler>.from(data)
            MainActor.assumeIsolated { fn(n, x, y) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }

    typealias OpenHandler = @MainActor ([String]) -> Void

    /// GApplication's `open`: `void (*)(GApplication*, GFile**, int, const char*, gpointer)`,
    /// handed to Swift as local paths.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ name: String, open handler: @escaping OpenHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, files, count, _, data in
            let fn = CallbackBox<OpenHandler>.from(data)
            var paths: [String] = []
            for i in 0..<Int(count) {
                guard let file = files?[i] else { continue }
                if let path = takeString(g_file_get_path(file)) {
                    paths.append(path)
                } else if let uri = takeString(g_file_get_uri(file)) {
                    paths.append(uri)
                }
            }
            MainActor.assumeIsolated { fn(paths) }
        }
        return ann_signal_connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self),
                                  CallbackBox(handler).retainedPointer, releaseAnyBox)
    }
}
