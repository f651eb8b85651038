// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The media of a page whose place is not the file's on disk (pages moved, put in or taken out
/// and not saved yet): found in the document in memory (``memoryCore``, the editor's) by the
/// page's object and the annotation's /Subtype and /Rect, never by reading the file on disk at
/// the page's new number, which holds another page there.
extension PopplerDocument {
    /// Whether page `page`'s media are to be read from the document in memory.
    func readsMediaInMemory(_ page: Int) -> Bool { pagesNotOnDisk.contains(page) && memoryCore != nil }

    /// The annotations of page `page` of `subtype` as the document in memory holds them.
    func memoryAnnotations(on page: Int, subtype: String) -> [(ref: ObjectRef?, dictionary: PDFDictionary, rect: Rect)] {
        guard let core = memoryCore, let object = core.pageObjectInTree(PageIndex(page)) else { return [] }
        return core.annotationPlaces(onPageObject: object).filter { $0.subtype == subtype }.map { (ref: $0.ref, dictionary: $0.dictionary, rect: $0.rect) }
    }

    /// The /RichMedia or /Movie annotation of `kind` at `rect` on page `page`, from the document
    /// in memory, its bytes read when the document carries them.
    func memoryMedia(page: Int, rect: Rect, kind: EmbeddedMedia.Kind) -> EmbeddedMedia? {
        guard let core = memoryCore,
              let ref = memoryAnnotations(on: page, subtype: kind == .richMedia ? "RichMedia" : "Movie")
                .first(where: { EmbeddedMedia.sameArea($0.rect, rect) })?.ref,
              let listed = core.media(ofAnnotation: ref, rect: rect, reading: false) else { return nil }
        guard listed.status == .embedded else { return listed }
        return core.media(ofAnnotation: ref, rect: rect, reading: true)
    }

    /// The /Sound annotation at `rect` on page `page` as a WAV, from the document in memory.
    func memorySound(page: Int, rect: Rect) -> [UInt8]? {
        guard let core = memoryCore,
              let sound = memoryAnnotations(on: page, subtype: "Sound").first(where: { EmbeddedMedia.sameArea($0.rect, rect) }) else { return nil }
        return SoundClip.wav(of: sound.dictionary, in: core)
    }
}
