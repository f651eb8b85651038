// SPDX-License-Identifier: GPL-3.0-or-later

/// One font a document uses, as Document Properties lists it: whether a reader without the font
/// sees the intended glyphs depends on whether it is embedded.
public struct FontInfo: Hashable, Sendable {
    public var name: String
    /// "Type 1", "TrueType", "Type 3", "CID TrueType" …
    public var type: String
    public var isEmbedded: Bool
    public var isSubset: Bool
    public init(name: String, type: String, isEmbedded: Bool, isSubset: Bool) {
        self.name = name
        self.type = type
        self.isEmbedded = isEmbedded
        self.isSubset = isSubset
    }

    /// "Helvetica (Type 1, not embedded)", "NimbusRomNo9L-Regu (Type 1C, embedded subset)".
    public var description: String {
        "\(name) (\(type), \(isEmbedded ? (isSubset ? "embedded subset" : "embedded") : "not embedded"))"
    }

    /// The fonts as Document Properties shows them: sorted by name, one a line, the same font
    /// listed once; "None" for a document with no text.
    public static func list(_ fonts: [FontInfo]) -> String {
        var seen: Set<FontInfo> = []
        let unique = fonts.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { return "None" }
        return unique.sorted { ($0.name.lowercased(), $0.type) < ($1.name.lowercased(), $1.type) }.map(\.description).joined(separator: "\n")
    }
}
