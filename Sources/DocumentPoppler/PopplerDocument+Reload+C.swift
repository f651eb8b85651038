// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// The same document with `bytes` as its content: the file with unsaved edits applied, as
    /// the editor writes it into memory. Page geometry, metadata and the rotations resolved so
    /// far are carried over (edits change annotations, never pages), so this costs only
    /// poppler's parse of the cross-reference table. Wraps `poppler_document_new_from_bytes`.
    ///
    /// - Throws: ``DocumentOpenError`` when poppler cannot read the bytes.
    public func reloaded(from bytes: [UInt8]) throws(DocumentOpenError) -> PopplerDocument {
        let gbytes = bytes.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
        defer { g_bytes_unref(gbytes) }
        let reopened: GObjectRef
        do throws(GLibError) {
            let pointer = try gerrorCall { error in poppler_document_new_from_bytes(gbytes, password, error) }
            reopened = GObjectRef(adopting: pointer)
        } catch {
            throw Self.openError(for: error, path: path, passwordGiven: password != nil)
        }
        return carryingOver(to: reopened)
    }

    /// The same document with the edited bytes as its content, read in place: the original
    /// bytes are shared with the editor (not copied) and only the update is new, so the cost
    /// of showing an edit does not grow with the file's size. poppler reads both parts as one
    /// seekable stream. Wraps `poppler_document_new_from_stream` over a `GMemoryInputStream`.
    ///
    /// `reshaped` names the pages the edits turned, with their rotation now.
    /// `reordered`, when pages were moved, taken out or put back, gives every page's rotation in
    /// the new order: then every page's geometry is read again.
    public func reloaded(from edited: EditedBytes, reshaped: [PageIndex: PageRotation] = [:],
                         reordered: [PageRotation]? = nil) throws(DocumentOpenError) -> PopplerDocument {
        let stream: UnsafeMutablePointer<GInputStream> = g_memory_input_stream_new()!
        defer { g_object_unref(stream) }
        let memory = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GMemoryInputStream.self)
        // The original part keeps the core document (its owner) alive as long as poppler reads it.
        let owner = Unmanaged.passRetained(edited.owner as AnyObject).toOpaque()
        let original = g_bytes_new_with_free_func(edited.original.baseAddress, gsize(edited.original.count), { owner in
            if let owner { Unmanaged<AnyObject>.fromOpaque(owner).release() }
        }, owner)
        g_memory_input_stream_add_bytes(memory, original)
        g_bytes_unref(original)
        if !edited.update.isEmpty {
            let update = edited.update.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
            g_memory_input_stream_add_bytes(memory, update)
            g_bytes_unref(update)
        }
        let reopened: GObjectRef
        do throws(GLibError) {
            let pointer = try gerrorCall { error in
                poppler_document_new_from_stream(stream, goffset(edited.count), password, nil, error)
            }
            reopened = GObjectRef(adopting: pointer)
        } catch {
            throw Self.openError(for: error, path: path, passwordGiven: password != nil)
        }
        let copy = reordered.map { reading(reopened, rotations: $0) } ?? carryingOver(to: reopened, reshaped: reshaped)
        copy.memoryCore = edited.owner
        return copy
    }

    /// A document over `reopened` whose pages were reorganised: every page's geometry read
    /// again, the rotations given, the text read from this version (the core text reader
    /// numbers the pages as the file on disk does).
    private func reading(_ reopened: GObjectRef, rotations: [PageRotation]) -> PopplerDocument {
        let geometry = Self.readPageGeometry(from: reopened)
        let copy = PopplerDocument(path: path, uri: uri, password: password, document: reopened, geometry: geometry, metadata: metadata,
                                   coreText: coreText)
        copy.pagesNotOnDisk = Set(geometry.indices)
        copy.probeLock.lock()
        copy.rotationProbe.rotations = geometry.indices.map { rotations.indices.contains($0) ? rotations[$0] : nil }
        copy.probeLock.unlock()
        return copy
    }

    /// A document over `reopened` with this one's geometry, metadata, rotations and text reader,
    /// but for the `reshaped` pages (turned by the edit): their geometry is read again, their
    /// rotation is the one given, and their text is read from the new version (the core text
    /// reader reads the file as it is on disk).
    private func carryingOver(to reopened: GObjectRef, reshaped: [PageIndex: PageRotation] = [:]) -> PopplerDocument {
        var geometry = zip(cropSizes, displaySizes).map { PageGeometry(cropSize: $0, displayedSize: $1, isLoaded: true) }
        if !reshaped.isEmpty {
            reopened.withPointer { doc in
                for page in reshaped.keys where geometry.indices.contains(page.rawValue) {
                    guard let raw = poppler_document_get_page(doc, Int32(page.rawValue)) else { continue }
                    let (cropSize, displayed) = GObjectRef(adopting: raw).withPointer { Self.sizes(of: $0) }
                    geometry[page.rawValue] = PageGeometry(cropSize: cropSize, displayedSize: displayed, isLoaded: true)
                }
            }
        }
        let copy = PopplerDocument(path: path, uri: uri, password: password, document: reopened, geometry: geometry, metadata: metadata,
                                   coreText: coreText)
        copy.pagesNotOnDisk = pagesNotOnDisk.union(reshaped.keys.map(\.rawValue))
        copy.memoryCore = memoryCore
        probeLock.lock()
        var known = rotationProbe.rotations
        probeLock.unlock()
        for (page, rotation) in reshaped where known.indices.contains(page.rawValue) { known[page.rawValue] = rotation }
        copy.probeLock.lock()
        copy.rotationProbe.rotations = known
        copy.probeLock.unlock()
        return copy
    }
}
