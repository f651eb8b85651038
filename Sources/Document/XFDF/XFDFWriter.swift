// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Writes a document's annotations as XFDF (ISO 19444-1): every kind the editor reads that
/// XFDF has an element for, with its replies (`inreplyto`, the parent's name), review states,
/// pop-up (as the `<popup>` child of its parent) and text.
///
/// Coordinates are the file's user space, as XFDF has them: `origin` gives each page's crop box
/// corner, added to the model's crop-box-relative values (see ``AnnotationInfo``). An
/// annotation with no /NM is named by its editor id, which is what an import into the same
/// document matches it by.
public enum XFDFWriter {
    /// What an export wrote: the XML, how many annotations it holds, and the kinds left out
    /// (links, form widgets, attachments …) with their counts.
    public struct Output: Sendable {
        public var xml: String
        public var written: Int
        public var leftOut: [AnnotationSubtype: Int]
    }

    /// The XFDF of every annotation `source` lists on pages `0..<pageCount`. `file` is the PDF's
    /// file name for `<f href>` (none when `nil`); `ids` its /ID pair in hex, for `<ids>`.
    public static func write(from source: AnnotationSource, pageCount: Int, origin: (PageIndex) -> Point,
                             file: String? = nil, ids: (original: String, modified: String)? = nil) -> Output {
        var all: [Annotation] = []
        for page in 0..<max(0, pageCount) { all += source.annotations(on: PageIndex(page)) }
        return write(all, popup: { a in a.popupID.flatMap { _ in source.popupID(of: a) }.flatMap { source.annotation($0) } },
                     origin: origin, file: file, ids: ids)
    }

    /// The XFDF of `annotations` (in order); `popup` finds the pop-up annotation of one.
    /// `nameOf` names a reply's parent that is not among `annotations` by its editor id (the
    /// id itself when it gives none); `trailer` is more XML written last inside `<xfdf>`.
    public static func write(_ annotations: [Annotation], popup: (Annotation) -> Annotation?, origin: (PageIndex) -> Point,
                             file: String? = nil, ids: (original: String, modified: String)? = nil,
                             nameOf: (String) -> String? = { _ in nil }, trailer: String = "") -> Output {
        var names: [String: String] = [:]
        for a in annotations { names[a.id] = a.uniqueName ?? a.id }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xfdf xmlns=\"\(XFDFFormat.namespace)\" xml:space=\"preserve\">\n"
        var leftOut: [AnnotationSubtype: Int] = [:]
        var written = 0
        out += "  <annots>\n"
        for a in annotations {
            guard let tag = XFDFFormat.elementName(of: a.subtype) else {
                // A pop-up is written inside its parent; only kinds XFDF has no place for count.
                if a.subtype != .popup { leftOut[a.subtype, default: 0] += 1 }
                continue
            }
            out += element(tag, a, parentName: a.inReplyTo.map { names[$0] ?? nameOf($0) ?? $0 }, popup: popup(a), origin: origin(a.page))
            written += 1
        }
        out += "  </annots>\n"
        if let file { out += "  <f href=\"\(XFDFFormat.escaped(file, attribute: true))\"/>\n" }
        if let ids {
            out += "  <ids original=\"\(XFDFFormat.escaped(ids.original, attribute: true))\" "
                + "modified=\"\(XFDFFormat.escaped(ids.modified, attribute: true))\"/>\n"
        }
        out += trailer
        out += "</xfdf>\n"
        return Output(xml: out, written: written, leftOut: leftOut)
    }

    /// One annotation's element.
    static func element(_ name: String, _ a: Annotation, parentName: String?, popup: Annotation?, origin: Point) -> String {
        let shift = Vector(dx: origin.x, dy: origin.y)
        func n(_ v: Double) -> String { XFDFFormat.number(v) }
        func point(_ p: Point) -> String { let q = p + shift; return n(q.x) + "," + n(q.y) }
        func rect(_ r: Rect) -> String {
            let s = r.offsetBy(shift)
            return [s.minX, s.minY, s.maxX, s.maxY].map(n).joined(separator: ",")
        }
        var attributes: [(String, String)] = [("page", String(a.page.rawValue)), ("rect", rect(a.rect))]
        attributes.append(("name", a.uniqueName ?? a.id))
        if let v = a.author { attributes.append(("title", v)) }
        if let v = a.subject { attributes.append(("subject", v)) }
        if let v = a.modified { attributes.append(("date", v)) }
        if let v = a.creationDate { attributes.append(("creationdate", v)) }
        attributes.append(("flags", XFDFFormat.flagsString(a.flags)))
        if let c = a.color { attributes.append(("color", XFDFFormat.colorString(c))) }
        if let c = a.interiorColor { attributes.append(("interior-color", XFDFFormat.colorString(c))) }
        if a.opacity < 1 { attributes.append(("opacity", n(a.opacity))) }
        if let w = a.borderWidth { attributes.append(("width", n(w))) }
        if let dash = a.dashPattern {
            attributes.append(("style", "dash"))
            attributes.append(("dashes", dash.map(n).joined(separator: ",")))
        }
        if let parent = parentName {
            attributes.append(("inreplyto", parent))
            if let rt = a.replyType { attributes.append(("replyType", rt == "Group" ? "group" : "reply")) }
        }
        if let v = a.stateModel { attributes.append(("statemodel", v)) }
        if let v = a.state { attributes.append(("state", v)) }
        if let icon = a.iconName, a.subtype == .text || a.subtype == .stamp { attributes.append(("icon", icon)) }
        var children = ""
        switch a.geometry {
        case .none: break
        case .quadPoints(let points):
            attributes.append(("coords", points.map(point).joined(separator: ",")))
        case .line(let start, let end, let head, let tail):
            attributes.append(("start", point(start)))
            attributes.append(("end", point(end)))
            if head != .none { attributes.append(("head", head.rawValue)) }
            if tail != .none { attributes.append(("tail", tail.rawValue)) }
        case .vertices(let points):
            children += "      <vertices>" + points.map(point).joined(separator: ";") + "</vertices>\n"
        case .ink(let strokes):
            children += "      <inklist>\n"
            for s in strokes { children += "        <gesture>" + s.points.map(point).joined(separator: ";") + "</gesture>\n" }
            children += "      </inklist>\n"
        }
        if let style = a.freeText {
            attributes.append(("defaultappearance", AnnotationDictionary.defaultAppearanceString(style)))
            let justification: String
            switch style.alignment {
            case .left: justification = "left"
            case .center: justification = "centered"
            case .right: justification = "right"
            }
            attributes.append(("justification", justification))
        }
        if let text = a.contents { children = "      <contents>" + XFDFFormat.escaped(text, attribute: false) + "</contents>\n" + children }
        if let p = popup {
            var popupAttributes = [("page", String(p.page.rawValue)), ("rect", rect(p.rect)), ("flags", XFDFFormat.flagsString(p.flags))]
            if let open = p.isOpen ?? a.isOpen { popupAttributes.append(("open", open ? "yes" : "no")) }
            children += "      <popup" + popupAttributes.map { " \($0.0)=\"\(XFDFFormat.escaped($0.1, attribute: true))\"" }.joined() + "/>\n"
        } else if let open = a.isOpen, a.subtype == .text {
            attributes.append(("open", open ? "yes" : "no"))
        }
        let head = "    <" + name + attributes.map { " \($0.0)=\"\(XFDFFormat.escaped($0.1, attribute: true))\"" }.joined()
        return children.isEmpty ? head + "/>\n" : head + ">\n" + children + "    </" + name + ">\n"
    }
}
