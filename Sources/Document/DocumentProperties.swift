// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What the Document Properties dialog lists, as label and value rows in a fixed order: the
/// file's metadata, its PDF version, pages, page size, encryption, file size and fonts. Rows
/// without a value are left out.
public struct DocumentProperties: Hashable, Sendable {
    public var rows: [Row]

    public struct Row: Hashable, Sendable {
        public var label: String
        public var value: String
        /// The value before it was written for reading, where a window shows it its own way:
        /// the ISO 8601 time of Created and Modified, the byte count of File Size.
        public var raw: String? = nil
    }

    public init(metadata: DocumentMetadata, fileName: String, pageCount: Int, firstPageSize: Size?,
                isEncrypted: Bool, fileSize: Int64?, fonts: [FontInfo]? = nil) {
        var rows: [Row] = []
        func add(_ label: String, _ value: String?, raw: String? = nil) {
            guard let value, !value.isEmpty else { return }
            rows.append(Row(label: label, value: value, raw: raw))
        }
        add("File", fileName)
        add("Title", metadata.title)
        add("Author", metadata.author)
        add("Subject", metadata.subject)
        add("Keywords", metadata.keywords)
        add("Creator", metadata.creator)
        add("Producer", metadata.producer)
        add("Created", metadata.created.map(Self.readableDate), raw: metadata.created)
        add("Modified", metadata.modified.map(Self.readableDate), raw: metadata.modified)
        add("PDF Version", metadata.pdfVersion.map { $0.hasPrefix("PDF-") ? String($0.dropFirst(4)) : $0 })
        add("Pages", String(pageCount))
        add("Page Size", firstPageSize.map(Self.paperDescription))
        add("Encryption", isEncrypted ? "Encrypted" : "None")
        add("File Size", fileSize.map(Self.byteCount), raw: fileSize.map(String.init))
        // Reading the fonts scans every page: the row says so until they are known.
        add("Fonts", fonts.map(FontInfo.list) ?? "Reading…")
        self.rows = rows
    }

    /// The same rows with the fonts row filled in.
    public func withFonts(_ fonts: [FontInfo]) -> DocumentProperties {
        var copy = self
        copy.rows = rows.map { $0.label == "Fonts" ? Row(label: "Fonts", value: FontInfo.list(fonts)) : $0 }
        return copy
    }

    /// The value of the row with this label, if any.
    public subscript(label: String) -> String? { rows.first { $0.label == label }?.value }

    /// "2026-11-21T00:00:00Z" as "2026-11-21 00:00 UTC".
    static func readableDate(_ iso: String) -> String {
        guard iso.count >= 16 else { return iso }
        let chars = Array(iso)
        return String(chars[0..<10]) + " " + String(chars[11..<16]) + " UTC"
    }

    /// A page size in points with millimetres and the paper's name when it is a common one:
    /// "595 × 842 pt (210 × 297 mm, A4)". Turned pages (landscape) keep the name.
    static func paperDescription(_ size: Size) -> String {
        let mm = { (pt: Double) in Int((pt * 25.4 / 72).rounded()) }
        let w = mm(size.width), h = mm(size.height)
        let papers: [(String, Int, Int)] = [("A3", 297, 420), ("A4", 210, 297), ("A5", 148, 210), ("B5", 176, 250),
                                            ("Letter", 216, 279), ("Legal", 216, 356), ("Tabloid", 279, 432)]
        let name = papers.first { p in (abs(p.1 - w) <= 2 && abs(p.2 - h) <= 2) || (abs(p.2 - w) <= 2 && abs(p.1 - h) <= 2) }?.0
        let points = "\(Int(size.width.rounded())) × \(Int(size.height.rounded())) pt"
        return points + " (\(w) × \(h) mm" + (name.map { ", \($0)" } ?? "") + ")"
    }

    /// A byte count the way GNOME shows one: "51.2 kB", "2.3 MB" (powers of 1000).
    static func byteCount(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        let rounded = (value * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " " + units[unit]
    }
}
