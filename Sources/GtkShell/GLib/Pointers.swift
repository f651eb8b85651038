// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// GTK hands out pointers typed for the class that declared a function (`GtkWidget*`,
/// `GtkWindow*`, …) while GObject inheritance makes them interchangeable. These helpers are the
/// one place where such C casts (`GTK_WIDGET(x)`, `GTK_WINDOW(x)`) happen in Swift.
@inline(__always)
func cast<T>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T>? {
    pointer?.assumingMemoryBound(to: T.self)
}

@inline(__always)
func cast<T, U>(_ pointer: UnsafeMutablePointer<U>?) -> UnsafeMutablePointer<T>? {
    pointer.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: T.self) }
}

@inline(__always)
func cast<T>(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<T>? {
    pointer.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: T.self) }
}

@inline(__always)
func raw<U>(_ pointer: UnsafeMutablePointer<U>?) -> UnsafeMutableRawPointer? {
    pointer.map { UnsafeMutableRawPointer($0) }
}

@inline(__always)
func raw(_ pointer: OpaquePointer?) -> UnsafeMutableRawPointer? {
    pointer.map { UnsafeMutableRawPointer($0) }
}

/// A `String` from a C string GLib owns (not freed here).
func string(_ cString: UnsafePointer<CChar>?) -> String? {
    cString.map { String(cString: $0) }
}

/// A `String` from a C string the caller owns; frees it with `g_free`.
func takeString(_ cString: UnsafeMutablePointer<CChar>?) -> String? {
    guard let cString else { return nil }
    defer { g_free(cString) }
    return String(cString: cString)
}

@inline(__always)
func cast<U>(_ pointer: UnsafeMutablePointer<U>?) -> OpaquePointer? {
    pointer.map { OpaquePointer($0) }
}

/// The local paths of the files a dropped value holds (a GdkFileList); empty for anything else.
func filePaths(inFileList value: UnsafePointer<GValue>?) -> [String] {
    guard let value, let list = g_value_get_boxed(value) else { return [] }
    var paths: [String] = []
    let head = gdk_file_list_get_files(OpaquePointer(list))
    var node = head
    while let n = node {
        if let file = n.pointee.data, let path = takeString(g_file_get_path(OpaquePointer(file))) { paths.append(path) }
        node = n.pointee.next
    }
    g_slist_free(head)
    return paths
}
