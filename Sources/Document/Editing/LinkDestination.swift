// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where a link the app made or changed leads: a page of this document (written as
/// `/Dest [page /XYZ left top null]`) or a web or mail address (`/A << /S /URI /URI (…) >>`).
/// A /Link read from the file has none (``Annotation/linkDestination`` is `nil`): its own /Dest
/// or /A stays as the file has it.
public enum LinkDestination: Hashable, Sendable, Codable {
    case page(PageIndex)
    case uri(String)

    /// Where a link to a page leads while that page is taken out of the document (before the
    /// first page: nowhere; it is neither followed nor written as a /Dest). Putting the page back
    /// leads the link to it again (``RemovedPage/linksLeadingHere``).
    public static let removedPage = PageIndex(-1)

    /// The schemes a link made here may lead to: anything else (`javascript:`, `file:`,
    /// `data:` …) is refused before it reaches the file.
    public static let allowedSchemes = ["http", "https", "mailto"]

    /// The address `text` as a link destination: trimmed, with an allowed scheme
    /// (``allowedSchemes``, any case), something after the scheme, and no spaces or control
    /// characters; `nil` otherwise. `www.example.org` is read as `https://www.example.org`.
    public static func address(_ text: String) -> LinkDestination? {
        let trimmed = String(text.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            .reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.reversed().map(Character.init))
        guard !trimmed.isEmpty, trimmed.utf8.count <= 4096,
              !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else { return nil }
        var address = trimmed
        if address.lowercased().hasPrefix("www.") { address = "https://" + address }
        guard let colon = address.firstIndex(of: ":") else { return nil }
        let scheme = address[..<colon].lowercased()
        guard allowedSchemes.contains(scheme) else { return nil }
        var rest = address[address.index(after: colon)...]
        if scheme != "mailto" {
            guard rest.hasPrefix("//") else { return nil }
            rest = rest.dropFirst(2)
            guard let host = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first, !host.isEmpty else { return nil }
        } else {
            guard rest.contains("@") else { return nil }
        }
        // PDF keeps a URI as 7-bit ASCII: other characters are percent-encoded (RFC 3986).
        var encoded = scheme
        for byte in address[colon...].utf8 {
            if byte < 0x80 { encoded.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                let hex = Array("0123456789ABCDEF")
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return .uri(encoded)
    }

    /// What following it does in the viewer.
    public var target: LinkTarget {
        switch self {
        case .page(let page): return .page(page)
        case .uri(let uri): return .uri(uri)
        }
    }
}
