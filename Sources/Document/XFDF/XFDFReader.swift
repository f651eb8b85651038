// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What an XFDF file holds, as the editor's values: annotations to merge and the names of
/// annotations to delete, with what was skipped and why.
public struct XFDFContents: Sendable {
    /// The annotations in file order. Each has an empty ``Annotation/id`` (the merge gives it
    /// one), its `name` as ``Annotation/uniqueName`` (`nil` when the file gives none), and, for
    /// a reply, the parent's *name* in ``Annotation/inReplyTo`` (the merge maps it to the
    /// parent's editor id).
    public var annotations: [Annotation] = []
    /// The names listed under `<delete>`.
    public var deleted: [String] = []
    /// What was not read, each with its reason.
    public var skipped: [XFDFIssue] = []
    /// The `<ids>` of the document the file was made from (its /ID), when it gives them.
    public var documentIDs: XFDFDocumentIDs? = nil
    public init(annotations: [Annotation] = [], deleted: [String] = [], skipped: [XFDFIssue] = []) {
        self.annotations = annotations
        self.deleted = deleted
        self.skipped = skipped
    }
}

/// The /ID pair of the document an XFDF file belongs to, as `<ids original modified>` gives it
/// (hex digits).
public struct XFDFDocumentIDs: Hashable, Sendable {
    public var original: String
    public var modified: String
    public init(original: String, modified: String) {
        self.original = original
        self.modified = modified
    }

    /// Whether these name the same document as `other`: the permanent halves agree (letter case
    /// aside), whatever edits each has seen since.
    public func sameDocument(as other: XFDFDocumentIDs) -> Bool { original.lowercased() == other.original.lowercased() }
}

/// One thing of an XFDF file left out of an import.
public struct XFDFIssue: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// An annotation kind the editor does not import (a link, an attachment, a sound …).
        case unsupportedKind
        /// An element XFDF does not define where it stands (or from another namespace).
        case unknownElement
        /// A required attribute (`page`, `rect`, a line's `start` …) is missing.
        case missing(attribute: String)
        /// An attribute's value cannot be read.
        case badValue(attribute: String, value: String)
        /// The page is not in the document.
        case pageOutOfRange(Int)
        /// A reply whose parent is neither in the file nor in the document: imported on its own.
        case unknownParent(String)
    }
    /// The element's local name ("ink", "fileattachment" …).
    public var element: String
    /// The annotation's name, when it has one.
    public var name: String?
    public var reason: Reason
    public init(element: String, name: String?, reason: Reason) { self.element = element; self.name = name; self.reason = reason }
}

/// Why a file is not XFDF at all; nothing of it is used.
public enum XFDFReadError: Error, Hashable, Sendable {
    /// Well-formed XML whose root is another element or in another namespace: its root's name
    /// and namespace ("" for none).
    case notXFDF(root: String, namespace: String)
}

/// Reads the annotations of an XFDF document (ISO 19444-1) from its element tree, leniently:
/// whatever can be read is, and every element left out is listed with its reason. Accepts the
/// command form as well (`<add>`, `<modify>` and `<delete>` with `<id>` children).
public enum XFDFReader {
    public static func read(_ root: MarkupElement, origin: (PageIndex) -> Point) throws(XFDFReadError) -> XFDFContents {
        let scope = namespaces(of: root, in: [:])
        let namespace = scope[String(root.prefix)] ?? ""
        guard root.localName.lowercased() == "xfdf", namespace == XFDFFormat.namespace || namespace.isEmpty else {
            throw .notXFDF(root: root.name, namespace: namespace)
        }
        var contents = XFDFContents()
        for child in root.children {
            let inner = namespaces(of: child, in: scope)
            if let ns = inner[String(child.prefix)], ns != namespace {
                contents.skipped.append(XFDFIssue(element: child.name, name: nil, reason: .unknownElement))
                continue
            }
            switch child.localName.lowercased() {
            case "annots", "add", "modify":
                for element in child.children { read(element, origin: origin, into: &contents) }
            case "delete":
                for id in child.children {
                    let name = id[attribute: "name"] ?? id.text.trimmed
                    if !name.isEmpty { contents.deleted.append(name) }
                }
            case "ids":
                if let original = child[attribute: "original"]?.trimmed, !original.isEmpty {
                    contents.documentIDs = XFDFDocumentIDs(original: original, modified: child[attribute: "modified"]?.trimmed ?? "")
                }
            case "f", "fields", "pdf-info", "mkup":
                // The document's file, form fields: not annotations.
                break
            default:
                contents.skipped.append(XFDFIssue(element: child.name, name: nil, reason: .unknownElement))
            }
        }
        return contents
    }

    static func namespaces(of element: MarkupElement, in outer: [String: String]) -> [String: String] {
        var scope = outer
        for (name, value) in element.attributes {
            if name == "xmlns" { scope[""] = value } else if name.hasPrefix("xmlns:") { scope[String(name.dropFirst(6))] = value }
        }
        return scope
    }

    /// One annotation element, or the reason it is skipped.
    static func read(_ e: MarkupElement, origin: (PageIndex) -> Point, into contents: inout XFDFContents) {
        let element = e.localName.lowercased()
        let name = e[attribute: "name"].flatMap { $0.isEmpty ? nil : $0 }
        func skip(_ reason: XFDFIssue.Reason) { contents.skipped.append(XFDFIssue(element: element, name: name, reason: reason)) }
        guard let subtype = XFDFFormat.subtypesByElement[element] else {
            skip(known.contains(element) ? .unsupportedKind : .unknownElement)
            return
        }
        guard let pageText = e[attribute: "page"] else { skip(.missing(attribute: "page")); return }
        guard let pageNumber = Int(pageText.trimmed), pageNumber >= 0 else { skip(.badValue(attribute: "page", value: pageText)); return }
        let page = PageIndex(pageNumber)
        let o = origin(page)
        func point(_ x: Double, _ y: Double) -> Point { Point(x: Quantize.value(x - o.x), y: Quantize.value(y - o.y)) }
        func points(_ n: [Double]) -> [Point] { stride(from: 0, to: n.count - 1, by: 2).map { point(n[$0], n[$0 + 1]) } }
        func numbers(_ attribute: String, count: Int? = nil, multipleOf: Int = 1) -> [Double]?? {
            guard let text = e[attribute: attribute] else { return .some(nil) }
            guard let n = XFDFFormat.numbers(text), !n.isEmpty, n.count % multipleOf == 0, count.map({ n.count == $0 }) ?? true else {
                skip(.badValue(attribute: attribute, value: text))
                return nil
            }
            return .some(n)
        }

        // The geometry.
        var geometry = AnnotationGeometry.none
        switch subtype {
        case .highlight, .underline, .strikeOut, .squiggly:
            guard let coords = numbers("coords", multipleOf: 8) else { return }
            guard let coords else { skip(.missing(attribute: "coords")); return }
            geometry = .quadPoints(points(coords))
        case .line:
            guard let start = numbers("start", count: 2), let end = numbers("end", count: 2) else { return }
            guard let start, let end else { skip(.missing(attribute: e[attribute: "start"] == nil ? "start" : "end")); return }
            let head = e[attribute: "head"].flatMap(lineEnding) ?? .none
            let tail = e[attribute: "tail"].flatMap(lineEnding) ?? .none
            geometry = .line(start: point(start[0], start[1]), end: point(end[0], end[1]), startEnding: head, endEnding: tail)
        case .polygon, .polyLine:
            guard let text = e.child("vertices")?.text else { skip(.missing(attribute: "vertices")); return }
            guard let n = XFDFFormat.numbers(text), n.count >= 4, n.count % 2 == 0 else { skip(.badValue(attribute: "vertices", value: text)); return }
            geometry = .vertices(points(n))
        case .ink:
            var strokes: [InkStroke] = []
            for gesture in e.child("inklist")?.children ?? [] where gesture.localName.lowercased() == "gesture" {
                guard let n = XFDFFormat.numbers(gesture.text), n.count % 2 == 0 else { skip(.badValue(attribute: "gesture", value: gesture.text)); return }
                if !n.isEmpty { strokes.append(InkStroke(points: points(n))) }
            }
            guard !strokes.isEmpty else { skip(.missing(attribute: "inklist")); return }
            geometry = .ink(strokes)
        case .text, .freeText, .square, .circle, .stamp, .caret, .link, .popup, .fileAttachment, .sound, .movie, .widget, .screen,
             .printerMark, .trapNet, .watermark, .threeD, .richMedia, .unknown:
            break
        }

        // The rectangle (the geometry's bounds when the file gives none).
        let width = e[attribute: "width"].flatMap { Double($0.trimmed) }.flatMap { $0.isFinite && $0 >= 0 ? Quantize.value($0) : nil }
        var rect: Rect
        guard let r = numbers("rect", count: 4) else { return }
        if let r {
            rect = Rect(corner: point(r[0], r[1]), corner: point(r[2], r[3])).quantized
        } else if let bounds = AnnotationDictionary.geometryBounds(geometry, lineWidth: width ?? 1) {
            rect = bounds
        } else {
            skip(.missing(attribute: "rect"))
            return
        }

        var a = Annotation(id: "", page: page, subtype: subtype, rect: rect)
        a.uniqueName = name
        a.flags = e[attribute: "flags"].map(XFDFFormat.flags) ?? AnnotationFlags.print
        a.color = e[attribute: "color"].flatMap(XFDFFormat.color)
        a.interiorColor = e[attribute: "interior-color"].flatMap(XFDFFormat.color)
        if let text = e[attribute: "opacity"], let v = Double(text.trimmed), v.isFinite { a.opacity = Quantize.value(min(1, max(0, v))) }
        a.borderWidth = width
        if e[attribute: "style"]?.lowercased() == "dash" {
            a.dashPattern = (e[attribute: "dashes"].flatMap(XFDFFormat.numbers) ?? [3]).map(Quantize.value)
            if a.borderWidth == nil { a.borderWidth = 1 }
        }
        a.author = e[attribute: "title"]
        a.subject = e[attribute: "subject"]
        a.modified = e[attribute: "date"]
        a.creationDate = e[attribute: "creationdate"]
        a.inReplyTo = e[attribute: "inreplyto"].flatMap { $0.isEmpty ? nil : $0 }
        if a.inReplyTo != nil { a.replyType = e[attribute: "replyType"]?.lowercased() == "group" ? "Group" : "R" }
        a.stateModel = e[attribute: "statemodel"]
        a.state = e[attribute: "state"]
        a.geometry = geometry
        a.appearance = .generated
        if let contents = e.child("contents") {
            a.contents = contents.text
        } else if let rich = e.child("contents-richtext") {
            a.contents = plainText(of: rich).trimmed
        }
        switch subtype {
        case .text:
            a.iconName = e[attribute: "icon"] ?? "Note"
            a.isOpen = (e.child("popup")?[attribute: "open"] ?? e[attribute: "open"]).map { $0.lowercased() == "yes" || $0 == "true" } ?? false
        case .stamp:
            a.iconName = e[attribute: "icon"] ?? "Draft"
        case .freeText:
            var style = e[attribute: "defaultappearance"].map(AnnotationDictionary.defaultAppearance) ?? FreeTextStyle()
            switch e[attribute: "justification"]?.lowercased() {
            case "centered"?, "center"?, "1"?: style.alignment = .center
            case "right"?, "2"?: style.alignment = .right
            default: style.alignment = .left
            }
            a.freeText = style
            if a.borderWidth == nil { a.borderWidth = 0 }
        case .line, .square, .circle, .polygon, .polyLine, .highlight, .underline, .strikeOut, .squiggly, .caret, .ink,
             .link, .popup, .fileAttachment, .sound, .movie, .widget, .screen, .printerMark, .trapNet, .watermark, .threeD, .richMedia, .unknown:
            break
        }
        contents.annotations.append(a)
    }

    /// The annotation elements of XFDF the editor does not import (so they are skipped as a
    /// kind, not as an unknown element).
    static let known: Set<String> = ["link", "fileattachment", "sound", "movie", "widget", "screen", "redact", "projection",
                                     "richmedia", "3d", "popup", "printermark", "trapnet", "watermark"]

    static func lineEnding(_ text: String) -> LineEnding? {
        LineEnding(rawValue: text) ?? LineEnding.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
    }

    /// The text of a rich-text body (XHTML): every text inside it, paragraphs on lines of their own.
    static func plainText(of e: MarkupElement) -> String {
        var out = e.text
        for child in e.children {
            out += plainText(of: child)
            if ["p", "div", "br"].contains(child.localName.lowercased()) { out += "\n" }
        }
        return out
    }
}

extension String {
    /// Without white space at either end.
    var trimmed: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return String(self[start..<max(start, end)])
    }
}
