// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Geometry
import Platform

/// An indirect object's number and generation.
public struct ObjectRef: Hashable, Sendable, Codable, CustomStringConvertible {
    public var number: Int
    public var generation: Int
    public init(_ number: Int, _ generation: Int) { self.number = number; self.generation = generation }
    public var description: String { "\(number) \(generation) R" }
    /// The annotation id the editor gives the annotation stored in this object ("12-0").
    public var annotationID: String { "\(number)-\(generation)" }
}

/// One entry of a page's /Annots as the editor rewrites it. Entries the editor does not manage
/// (annotations poppler ignores, inline dictionaries, `null`, references to nothing) are kept by
/// their position in the array as it is now, so a rewrite never drops what it did not mean to.
public enum AnnotsEntry: Equatable, Sendable {
    /// An annotation object the editor manages.
    case reference(ObjectRef)
    /// The entry at this index of the current array, unchanged.
    case kept(Int)
}

/// Why the PDF library could not do what the editor asked.
public enum CoreDocumentError: Error, Equatable, Sendable {
    case open(DocumentOpenError)
    /// Object text the library could not parse, or a page or object that does not exist.
    case rejected(String)
    /// Writing the output failed (no space, no permission, an I/O error).
    case write(path: String)
}

/// A PDF file opened with poppler's core library for editing: objects are read and written as
/// ``PDFObject`` values, and the result is saved as an incremental update.
///
/// poppler-glib (``PopplerDocument``) draws; this object edits. They never share a poppler
/// object: after an edit the editor takes the update this document writes (``editedBytes()``,
/// the original bytes shared) and the view reads the two parts with poppler-glib (see the
/// DocumentPoppler article). Calls are serialised by a lock, so any thread may use it.
public final class CoreDocument: @unchecked Sendable {
    /// The path it was opened from.
    public let path: String
    let handle: CoreHandle
    let lock = Lock()

    init(path: String, handle: CoreHandle) {
        self.path = path
        self.handle = handle
    }

    /// Where a large document's private copy goes (`$XDG_CACHE_HOME/pdf-annotator`, or
    /// `~/.cache/pdf-annotator`): an unlinked file the editor maps instead of holding the whole
    /// file in memory. `nil` when the folder cannot be made (the file is then read into memory).
    static let scratchFolder: String? = {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? ((env["HOME"] ?? homeDirectory) + "/.cache")
        let folder = base + "/pdf-annotator"
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch { return nil }
        return folder
    }()

    /// Locks around `body`.
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
