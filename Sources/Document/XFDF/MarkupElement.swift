// SPDX-License-Identifier: GPL-3.0-or-later

/// One XML element as a plain value: its qualified name as written ("xfdf", "x:annots"), its
/// attributes in document order, its child elements and the text directly inside it (entities
/// already replaced). The platform layer tokenises the file (GLib's GMarkup, which knows no
/// entity but XML's five and character references); everything about what the elements mean
/// is pure Swift, tested without a parser.
public struct MarkupElement: Hashable, Sendable {
    public var name: String
    public var attributes: [(name: String, value: String)]
    public var children: [MarkupElement]
    /// The character data directly inside the element (not its children's), joined.
    public var text: String

    public init(name: String, attributes: [(name: String, value: String)] = [], children: [MarkupElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The name without its namespace prefix ("annots" for "x:annots").
    public var localName: Substring {
        guard let colon = name.firstIndex(of: ":") else { return name[...] }
        return name[name.index(after: colon)...]
    }

    /// The prefix of the name ("x" for "x:annots"; "" for none).
    public var prefix: Substring {
        guard let colon = name.firstIndex(of: ":") else { return "" }
        return name[..<colon]
    }

    /// The value of attribute `name` (as written, prefix and all); `nil` when absent.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The first child whose local name is `name` (case-insensitive, as XFDF writers differ).
    public func child(_ name: String) -> MarkupElement? {
        children.first { $0.localName.lowercased() == name }
    }

    public static func == (a: MarkupElement, b: MarkupElement) -> Bool {
        a.name == b.name && a.text == b.text && a.children == b.children
            && a.attributes.map(\.name) == b.attributes.map(\.name) && a.attributes.map(\.value) == b.attributes.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(text)
        hasher.combine(children)
        for a in attributes { hasher.combine(a.name); hasher.combine(a.value) }
    }
}

/// Why an XML file was not read at all. Nothing of it is used then.
public enum MarkupParseError: Error, Hashable, Sendable {
    /// The file declares entities (`<!ENTITY …>` in a document type declaration): refused, as
    /// expanding them is how a small file asks for gigabytes ("billion laughs").
    case entityDeclarations
    /// The file names an external document type or entity (`SYSTEM` / `PUBLIC`): refused, as
    /// reading it would fetch files or URLs the user never chose.
    case externalReference
    /// Not well-formed XML: the parser's words (line and character included).
    case malformed(String)
    /// The file is not UTF-8 (or UTF-16 with a byte order mark, which is converted first).
    case notUTF8
    /// Elements nested deeper than the given depth (XFDF needs five): refused, as a tree that
    /// deep is an attack on whatever walks it, not annotations.
    case tooDeep(Int)
    /// The file is larger than the reader takes (the given number of bytes).
    case tooLarge(Int)
}
