// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document

/// Reads an XML file into a ``MarkupElement`` tree with GLib's GMarkup, the one XML tokeniser
/// the app links already. GMarkup knows only XML's five entities and character references and
/// never loads anything; on top of that a document type declaration that declares entities or
/// names an external one is refused outright, so a "billion laughs" file or an external entity
/// gets a clear answer rather than GMarkup's word about an unknown entity.
public enum MarkupParser {
    /// The largest file read (an XFDF of 10,000 annotations is a few megabytes).
    public static let limit = 256 << 20
    /// The deepest nesting read (XFDF needs five levels; rich text a few more).
    public static let depthLimit = 100

    public static func parse(_ bytes: [UInt8]) throws(MarkupParseError) -> MarkupElement {
        let result = bytes.withUnsafeBufferPointer { parsing($0) }
        switch result {
        case .success(let root): return root
        case .failure(let error): throw error
        }
    }

    /// Parses `bytes` where they are (a file's contents are not copied first).
    static func parsing(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<MarkupElement, MarkupParseError> {
        do { return .success(try parse(buffer: bytes)) } catch { return .failure(error) }
    }

    private static func parse(buffer bytes: UnsafeBufferPointer<UInt8>) throws(MarkupParseError) -> MarkupElement {
        guard bytes.count <= limit else { throw .tooLarge(limit) }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) { throw .notUTF8 }
        let builder = TreeBuilder()
        var parser = GMarkupParser()
        parser.start_element = { _, name, names, values, data, error in
            let builder = Unmanaged<TreeBuilder>.fromOpaque(data!).takeUnretainedValue()
            guard builder.stack.count < MarkupParser.depthLimit else {
                builder.refusal = .tooDeep(MarkupParser.depthLimit)
                g_set_error_literal(error, g_markup_error_quark(), Int32(G_MARKUP_ERROR_INVALID_CONTENT.rawValue), "refused")
                return
            }
            var attributes: [(name: String, value: String)] = []
            var i = 0
            while let n = names?[i], let v = values?[i] {
                attributes.append((String(cString: n), String(cString: v)))
                i += 1
            }
            builder.stack.append(MarkupElement(name: String(cString: name!), attributes: attributes))
        }
        parser.end_element = { _, _, data, _ in
            let builder = Unmanaged<TreeBuilder>.fromOpaque(data!).takeUnretainedValue()
            guard let done = builder.stack.popLast() else { return }
            if builder.stack.isEmpty { builder.root = done } else { builder.stack[builder.stack.count - 1].children.append(done) }
        }
        parser.text = { _, text, length, data, _ in
            let builder = Unmanaged<TreeBuilder>.fromOpaque(data!).takeUnretainedValue()
            guard !builder.stack.isEmpty, let text, length > 0 else { return }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            builder.stack[builder.stack.count - 1].text += String(decoding: bytes, as: UTF8.self)
        }
        parser.passthrough = { _, text, length, data, error in
            let builder = Unmanaged<TreeBuilder>.fromOpaque(data!).takeUnretainedValue()
            guard let text, length > 0 else { return }
            let passed = String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
            guard passed.hasPrefix("<!DOCTYPE") || passed.hasPrefix("<!ENTITY") else { return }
            let upper = passed.uppercased()
            if upper.contains("<!ENTITY") {
                builder.refusal = .entityDeclarations
            } else if upper.contains("SYSTEM") || upper.contains("PUBLIC") {
                builder.refusal = .externalReference
            } else {
                return
            }
            g_set_error_literal(error, g_markup_error_quark(), Int32(G_MARKUP_ERROR_INVALID_CONTENT.rawValue), "refused")
        }
        let flags = GMarkupParseFlags(rawValue: G_MARKUP_TREAT_CDATA_AS_TEXT.rawValue | G_MARKUP_PREFIX_ERROR_POSITION.rawValue)
        let retained = Unmanaged.passRetained(builder)
        defer { retained.release() }
        let context = withUnsafePointer(to: &parser) { g_markup_parse_context_new($0, flags, retained.toOpaque(), nil) }
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        let parsed = UnsafeBufferPointer(rebasing: body).withMemoryRebound(to: CChar.self) { chars in
            g_markup_parse_context_parse(context, chars.baseAddress, gssize(chars.count), &error) != 0
                && g_markup_parse_context_end_parse(context, &error) != 0
        }
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "not well-formed XML"
        if let error { g_error_free(error) }
        if let refusal = builder.refusal { throw refusal }
        guard parsed, let root = builder.root else { throw .malformed(message) }
        return root
    }

    /// Reads `path` and parses it.
    public static func parse(path: String) throws(MarkupFileError) -> MarkupElement {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? path
            if let error { g_error_free(error) }
            throw .unreadable(message)
        }
        defer { g_free(contents) }
        // Read where GLib put the file: a copy would hold its bytes twice while the tree grows.
        let result = contents.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { parsing(UnsafeBufferPointer(start: $0, count: Int(length))) }
        switch result {
        case .success(let root): return root
        case .failure(let error): throw .markup(error)
        }
    }
}

/// Why an XML file was not read: the file itself, or what is in it.
public enum MarkupFileError: Error, Hashable, Sendable {
    /// The file could not be read (GLib's words).
    case unreadable(String)
    case markup(MarkupParseError)
}

/// The elements open so far and the finished root, filled by GMarkup's callbacks.
private final class TreeBuilder {
    var stack: [MarkupElement] = []
    var root: MarkupElement?
    var refusal: MarkupParseError?
}
