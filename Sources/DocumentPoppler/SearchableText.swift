// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One recognised word to write into a page: its text and where it sits, in the page's
/// displayed space (points, top-left origin, y down, /Rotate applied).
public struct InvisibleWord: Hashable, Sendable {
    public var text: String
    public var box: Rect
    /// The baseline's height (y down), inside the box.
    public var baseline: Double

    public init(text: String, box: Rect, baseline: Double) {
        self.text = text
        self.box = box
        self.baseline = baseline
    }
}

/// Make Searchable: recognised words written into their pages as invisible text (render mode 3),
/// so that other programs (pdftotext, Evince) find, select and copy them, while every page looks
/// exactly as before.
///
/// The text uses one Type0 font, /Identity-H over a CIDFontType2 with no glyphs embedded (render
/// mode 3 draws none) and a /ToUnicode map, one code per distinct character; each word is placed
/// at its box's left end on its baseline, as tall as its box and stretched horizontally to its
/// box's width, so extracted words keep their places. A page's /Contents becomes
/// `[q, its own streams, Q + the text]` and its /Resources a copy of what it had or inherited,
/// with the font under a new name. The result is the original bytes and an incremental update.
public enum SearchableText {
    /// Every glyph's advance, in thousandths of the font size (/DW).
    static let advance = 500.0

    /// The file's bytes with `pages`' words written in.
    /// - Parameters:
    ///   - path: The document on disk (its saved state: unsaved edits are not included).
    ///   - pages: For each page, its geometry (as the viewer shows it) and its words.
    public static func update(path: String, password: String?, pages: [(info: PageInfo, words: [InvisibleWord])]) throws(CoreDocumentError) -> [UInt8] {
        let core = try CoreDocument.open(path: path, password: password)
        let pages = pages.filter { !$0.words.isEmpty && $0.info.index.rawValue < core.pageCount }
        guard !pages.isEmpty else { return try core.savedBytes() }
        var codes: [Unicode.Scalar: UInt16] = [:]
        var order: [Unicode.Scalar] = []
        for page in pages {
            for word in page.words {
                for s in word.text.unicodeScalars where codes[s] == nil && order.count < 65_534 {
                    order.append(s)
                    codes[s] = UInt16(order.count)
                }
            }
        }
        let font = try addFont(to: core, characters: order)
        for page in pages {
            try write(page.words, info: page.info, font: font, codes: codes, into: core)
        }
        return try core.savedBytes()
    }

    /// Adds the font and returns its reference.
    static func addFont(to core: CoreDocument, characters: [Unicode.Scalar]) throws(CoreDocumentError) -> ObjectRef {
        let toUnicode = try core.addStream(PDFDictionary(), data: Array(toUnicodeMap(characters).utf8))
        let descriptor = try core.add(.dictionary(PDFDictionary([
            ("Type", .name("FontDescriptor")), ("FontName", .name("AnnotatorInvisibleText")), ("Flags", .integer(4)),
            ("FontBBox", .numbers([0, -200, 500, 800])), ("ItalicAngle", .integer(0)), ("Ascent", .integer(800)),
            ("Descent", .integer(-200)), ("CapHeight", .integer(700)), ("StemV", .integer(80)),
        ])))
        let cidFont = try core.add(.dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("CIDFontType2")), ("BaseFont", .name("AnnotatorInvisibleText")),
            ("CIDSystemInfo", .dictionary(PDFDictionary([("Registry", .string(Array("Adobe".utf8))),
                                                         ("Ordering", .string(Array("Identity".utf8))), ("Supplement", .integer(0))]))),
            ("FontDescriptor", .reference(descriptor.number, descriptor.generation)), ("DW", .integer(Int(advance))),
            ("CIDToGIDMap", .name("Identity")),
        ])))
        return try core.add(.dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("Type0")), ("BaseFont", .name("AnnotatorInvisibleText")),
            ("Encoding", .name("Identity-H")), ("DescendantFonts", .array([.reference(cidFont.number, cidFont.generation)])),
            ("ToUnicode", .reference(toUnicode.number, toUnicode.generation)),
        ])))
    }

    /// The /ToUnicode CMap: code n (two bytes) is the n-th character.
    static func toUnicodeMap(_ characters: [Unicode.Scalar]) -> String {
        var map = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange

        """
        for start in stride(from: 0, to: characters.count, by: 100) {
            let chunk = characters[start..<min(start + 100, characters.count)]
            map += "\(chunk.count) beginbfchar\n"
            for (i, scalar) in chunk.enumerated() {
                let utf16 = String(scalar).utf16.map { hex($0) }.joined()
                map += "<\(hex(UInt16(start + i + 1)))> <\(utf16)>\n"
            }
            map += "endbfchar\n"
        }
        map += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
        return map
    }

    static func hex(_ value: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 12)], digits[Int(value >> 8 & 15)], digits[Int(value >> 4 & 15)], digits[Int(value & 15)]])
    }

    /// The text operators for a page's words, in page space (a `cm` maps it to the file's).
    static func content(_ words: [InvisibleWord], pageToPDF m: [Double], font: String, codes: [Unicode.Scalar: UInt16]) -> String {
        let f = { (v: Double) in PDFSyntaxWriter.formatReal((v * 1000).rounded() / 1000) }
        var text = "Q\nq \(m.map(f).joined(separator: " ")) cm\nBT\n3 Tr\n/\(font) 1 Tf\n"
        for word in words {
            let scalars = word.text.unicodeScalars.compactMap { codes[$0] }
            guard !scalars.isEmpty, word.box.width > 0, word.box.height > 0 else { continue }
            let size = word.box.height
            let stretch = word.box.width / (Double(scalars.count) * advance / 1000)
            text += "\(f(stretch)) 0 0 \(f(-size)) \(f(word.box.minX)) \(f(word.baseline)) Tm <\(scalars.map(hex).joined())> Tj\n"
        }
        return text + "ET\nQ\n"
    }

    /// Page space → the file's user space, for a page with `info`'s crop box size and turn
    /// whose crop box starts at `origin` (the viewer's mapping, PDF 32000-1 §8.3.2.3 and /Rotate).
    static func pageToPDF(_ info: PageInfo, origin: Point) -> [Double] {
        let w = info.mediaSize.width, h = info.mediaSize.height, ox = origin.x, oy = origin.y
        switch info.rotation {
        case .none: return [1, 0, 0, -1, ox, h + oy]
        case .quarter: return [0, 1, 1, 0, ox, oy]
        case .half: return [-1, 0, 0, 1, w + ox, oy]
        case .threeQuarters: return [0, -1, -1, 0, w + ox, h + oy]
        }
    }

    /// Writes one page's words.
    static func write(_ words: [InvisibleWord], info: PageInfo, font: ObjectRef, codes: [Unicode.Scalar: UInt16],
                      into core: CoreDocument) throws(CoreDocumentError) {
        guard let ref = core.pageRef(info.index), var page = core.object(ref)?.dictionaryValue else { throw .rejected("page \(info.index.rawValue + 1)") }
        let origin = core.pageGeometry(info.index)?.cropOrigin ?? .zero
        var resources = resolved(inherited("Resources", of: ref, in: core), in: core)?.dictionaryValue ?? PDFDictionary()
        var fonts = resolved(resources["Font"], in: core)?.dictionaryValue ?? PDFDictionary()
        var number = 0
        var name: String
        repeat { number += 1; name = "AnnotatorOCR\(number)" } while fonts[name] != nil
        fonts[name] = .reference(font.number, font.generation)
        resources["Font"] = .dictionary(fonts)
        let opening = try core.addStream(PDFDictionary(), data: Array("q\n".utf8))
        let closing = try core.addStream(PDFDictionary(), data: Array(content(words, pageToPDF: pageToPDF(info, origin: origin), font: name, codes: codes).utf8))
        let own: [PDFObject] = switch page["Contents"] {
        case .array(let parts)?: parts
        case .reference(let n, let g)?: core.object(ObjectRef(n, g))?.arrayValue ?? [.reference(n, g)]
        default: []
        }
        page["Contents"] = .array([.reference(opening.number, opening.generation)] + own + [.reference(closing.number, closing.generation)])
        page["Resources"] = .dictionary(resources)
        try core.setObject(.dictionary(page), at: ref)
    }

    static func resolved(_ object: PDFObject?, in core: CoreDocument) -> PDFObject? {
        if case .reference(let n, let g)? = object { return core.object(ObjectRef(n, g)) }
        return object
    }

    /// A page attribute, from the page or the nearest of its parents that has it.
    static func inherited(_ key: String, of page: ObjectRef, in core: CoreDocument) -> PDFObject? {
        var current: PDFDictionary? = core.object(page)?.dictionaryValue
        var depth = 0
        while let d = current, depth < 64 {
            if let value = d[key] { return value }
            guard case .reference(let n, let g)? = d["Parent"] else { return nil }
            current = core.object(ObjectRef(n, g))?.dictionaryValue
            depth += 1
        }
        return nil
    }
}
