// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Reads ``Annotation`` values from annotation dictionaries and writes them back, so that the
/// PDF library only stores objects and every rule about what the keys mean lives here, tested.
///
/// Coordinates: the model uses crop-box-relative user space (see ``AnnotationInfo``); the file
/// uses plain user space. `origin` is the crop box's lower-left corner, added when writing and
/// subtracted when reading.
///
/// Writing changes only the keys the model owns (rectangle, colours, opacity, border, text,
/// author, dates, name, flags, geometry, free-text style, icon, open state, reply type and
/// review state) and keeps every other key of the original dictionary (/P, /Popup, /RC, /AP …)
/// as it was. /IRT is a reference to another object, which only the editor knows: it reads
/// and writes it (``Annotation/inReplyTo`` holds the parent's editor id).
public enum AnnotationDictionary {
    /// Private keys (tolerated by every reader) that keep what PDF has no key for: that the
    /// app drew the appearance (so it may draw it again after a change), and ink pressures.
    public static let generatedKey = "AnnotatorGenerated"
    public static let pressuresKey = "AnnotatorPressures"
    /// Marks an image stamp the app made: its picture is in its appearance (and nowhere else
    /// once the file is reopened).
    public static let imageKey = "AnnotatorImage"
    /// Marks a handwritten signature placed from the user's kept signatures.
    public static let signatureKey = "AnnotatorSignature"
    /// Marks ink the Highlighter drew freehand (``Annotation/isMarker``).
    public static let markerKey = "AnnotatorMarker"
    /// A turned square, circle, stamp or text box: `[degrees width height]` of its
    /// ``AnnotationRotation`` (its appearance's /Matrix turns it for every viewer).
    public static let rotationKey = "AnnotatorRotation"

    static let subtypeNames: [AnnotationSubtype: String] = [
        .text: "Text", .link: "Link", .freeText: "FreeText", .line: "Line", .square: "Square", .circle: "Circle",
        .polygon: "Polygon", .polyLine: "PolyLine", .highlight: "Highlight", .underline: "Underline",
        .squiggly: "Squiggly", .strikeOut: "StrikeOut", .stamp: "Stamp", .caret: "Caret", .ink: "Ink",
        .popup: "Popup", .fileAttachment: "FileAttachment", .sound: "Sound", .movie: "Movie", .widget: "Widget",
        .screen: "Screen", .printerMark: "PrinterMark", .trapNet: "TrapNet", .watermark: "Watermark", .threeD: "3D",
        .richMedia: "RichMedia",
    ]
    static let subtypesByName: [String: AnnotationSubtype] = Dictionary(uniqueKeysWithValues: subtypeNames.map { ($1, $0) })

    /// The PDF name of a subtype (`nil` for ``AnnotationSubtype/unknown``).
    public static func pdfName(of subtype: AnnotationSubtype) -> String? { subtypeNames[subtype] }

    /// The annotation a dictionary describes.
    public static func annotation(id: String, page: PageIndex, dictionary d: PDFDictionary, origin: Point) -> Annotation {
        let subtype = d["Subtype"]?.nameValue.flatMap { subtypesByName[$0] } ?? .unknown
        let shift = Vector(dx: -origin.x, dy: -origin.y)
        func point(_ x: Double, _ y: Double) -> Point { (Point(x: x, y: y) + shift).quantized }
        func points(_ numbers: [Double]?) -> [Point] {
            guard let n = numbers else { return [] }
            return stride(from: 0, to: n.count - 1, by: 2).map { point(n[$0], n[$0 + 1]) }
        }
        var rect = Rect.zero
        if let r = d["Rect"]?.numbers, r.count == 4 {
            rect = Rect(corner: point(r[0], r[1]), corner: point(r[2], r[3])).quantized
        }
        var borderWidth: Double?
        var dash: [Double]?
        if let bs = d["BS"]?.dictionaryValue {
            borderWidth = Quantize.value(bs["W"]?.number ?? 1)
            if bs["S"]?.nameValue == "D" { dash = (bs["D"]?.numbers ?? [3]).map(Quantize.value) }
        } else if let border = d["Border"]?.arrayValue, border.count >= 3 {
            borderWidth = border[2].number.map(Quantize.value)
            if border.count >= 4 { dash = border[3].numbers?.map(Quantize.value) }
        }
        var geometry = AnnotationGeometry.none
        switch subtype {
        case .ink:
            let pressures = d[pressuresKey]?.arrayValue?.map { $0.numbers?.map(Quantize.value) }
            let strokes = (d["InkList"]?.arrayValue ?? []).enumerated().map { i, list in
                InkStroke(points: points(list.numbers), pressures: pressures.flatMap { i < $0.count ? $0[i] : nil })
            }
            geometry = .ink(strokes)
        case .highlight, .underline, .squiggly, .strikeOut:
            geometry = .quadPoints(points(d["QuadPoints"]?.numbers))
        case .line:
            let l = points(d["L"]?.numbers)
            let le = d["LE"]?.arrayValue?.compactMap { $0.nameValue.flatMap(LineEnding.init(rawValue:)) } ?? []
            if l.count == 2 {
                geometry = .line(start: l[0], end: l[1], startEnding: le.first ?? .none, endEnding: le.count > 1 ? le[1] : .none)
            }
        case .polygon, .polyLine:
            geometry = .vertices(points(d["Vertices"]?.numbers))
        default: break
        }
        var freeText: FreeTextStyle?
        if subtype == .freeText {
            freeText = defaultAppearance(d["DA"]?.stringBytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
            freeText?.alignment = FreeTextStyle.Alignment(rawValue: d["Q"].flatMap { $0.number }.map { Int($0) } ?? 0) ?? .left
        }
        let hasAppearance = d["AP"]?.dictionaryValue?["N"] != nil
        // Without an appearance, viewers draw the geometry, wherever /Rect says (some writers
        // get /Rect wrong): the geometry's bounds are where the annotation is.
        if !hasAppearance, let bounds = geometryBounds(geometry, lineWidth: borderWidth ?? 1) { rect = bounds }
        var annotation = Annotation(
            id: id, page: page, subtype: subtype, rect: rect, color: color(d["C"]),
            opacity: Quantize.value(d["CA"]?.number ?? 1), borderWidth: borderWidth, dashPattern: dash, interiorColor: color(d["IC"]),
            contents: d["Contents"]?.textValue, author: d["T"]?.textValue, modified: d["M"]?.textValue,
            uniqueName: d["NM"]?.textValue, flags: d["F"].flatMap { $0.number }.map { Int($0) } ?? 0,
            geometry: geometry, freeText: freeText, iconName: d["Name"]?.nameValue, isOpen: d["Open"]?.boolValue,
            appearance: hasAppearance ? (d[generatedKey]?.boolValue == true ? .generated : .file) : .absent,
            popupID: popupID(d["Popup"]), image: d[imageKey]?.boolValue == true && hasAppearance ? .inFile : nil)
        annotation.creationDate = d["CreationDate"]?.textValue
        annotation.replyType = d["RT"].flatMap(nameOrText)
        annotation.stateModel = d["StateModel"].flatMap(nameOrText)
        annotation.state = d["State"].flatMap(nameOrText)
        annotation.subject = d["Subj"]?.textValue
        if d[signatureKey]?.boolValue == true { annotation.isSignature = true }
        if subtype == .ink, d[markerKey]?.boolValue == true { annotation.isMarker = true }
        if Annotation.turnsItsBox(subtype), hasAppearance, let r = d[rotationKey]?.numbers, r.count == 3,
           r[1] > 0, r[2] > 0, r.allSatisfy(\.isFinite) {
            annotation.rotation = AnnotationRotation(degrees: RotationAngle.normalized(r[0]),
                                                     size: Size(width: Quantize.value(r[1]), height: Quantize.value(r[2])))
        }
        return annotation
    }

    /// Writes `a` into `d`: the keys the model owns, and nothing else.
    public static func write(_ a: Annotation, into d: inout PDFDictionary, origin: Point) {
        let shift = Vector(dx: origin.x, dy: origin.y)
        func coordinates(_ points: [Point]) -> PDFObject {
            .numbers(points.flatMap { p -> [Double] in let q = p + shift; return [q.x, q.y] })
        }
        d["Type"] = .name("Annot")
        if let name = pdfName(of: a.subtype) {
            // An annotation that changed kind (ink snapped to a shape) keeps none of the old
            // kind's geometry.
            if let old = d["Subtype"]?.nameValue, old != name {
                for key in ["InkList", pressuresKey, "QuadPoints", "L", "LE", "Vertices"] { d[key] = nil }
            }
            d["Subtype"] = .name(name)
        }
        d[signatureKey] = a.isSignature == true ? .bool(true) : nil
        d[markerKey] = a.isMarker == true && a.subtype == .ink ? .bool(true) : nil
        d[rotationKey] = a.rotation.map { .numbers([$0.degrees, $0.size.width, $0.size.height]) }
        let r = a.rect.offsetBy(shift)
        d["Rect"] = .numbers([r.minX, r.minY, r.maxX, r.maxY])
        d["C"] = a.color.map(colorObject)
        d["IC"] = a.interiorColor.map(colorObject)
        d["CA"] = a.opacity < 1 ? .number(max(0, a.opacity)) : nil
        if let w = a.borderWidth {
            var bs = d["BS"]?.dictionaryValue ?? PDFDictionary()
            bs["W"] = .number(w)
            if let dash = a.dashPattern {
                bs["S"] = .name("D")
                bs["D"] = .numbers(dash)
            } else {
                if bs["S"]?.nameValue == "D" { bs["S"] = .name("S") }
                bs["D"] = nil
            }
            d["BS"] = .dictionary(bs)
            // /BS wins over /Border in every reader, but keep them in step for old ones.
            if d["Border"] != nil { d["Border"] = .numbers([0, 0, w]) }
        } else {
            d["BS"] = nil
        }
        d["Contents"] = a.contents.map(PDFObject.text)
        d["T"] = a.author.map(PDFObject.text)
        d["M"] = a.modified.map(PDFObject.text)
        d["NM"] = a.uniqueName.map(PDFObject.text)
        d["F"] = a.flags != 0 ? .integer(a.flags) : nil
        d["CreationDate"] = a.creationDate.map(PDFObject.text)
        d["RT"] = a.replyType.map(PDFObject.name)
        // Text strings, as PDF 32000-1 table 172 types them and Acrobat writes them.
        d["StateModel"] = a.stateModel.map(PDFObject.text)
        d["State"] = a.state.map(PDFObject.text)
        d["Subj"] = a.subject.map(PDFObject.text)
        switch a.geometry {
        case .none: break
        case .ink(let strokes):
            d["InkList"] = .array(strokes.map { coordinates($0.points) })
            d[pressuresKey] = strokes.contains { $0.pressures != nil }
                ? .array(strokes.map { .numbers($0.pressures ?? Array(repeating: 1, count: $0.points.count)) }) : nil
        case .quadPoints(let points): d["QuadPoints"] = coordinates(points)
        case .line(let start, let end, let a1, let a2):
            d["L"] = coordinates([start, end])
            d["LE"] = a1 == .none && a2 == .none ? nil : .array([.name(a1.rawValue), .name(a2.rawValue)])
        case .vertices(let points): d["Vertices"] = coordinates(points)
        }
        if let style = a.freeText {
            d["DA"] = .string(Array(defaultAppearanceString(style).utf8))
            d["Q"] = style.alignment == .left ? nil : .integer(style.alignment.rawValue)
        }
        d["Name"] = a.iconName.map(PDFObject.name)
        d["Open"] = a.isOpen.map(PDFObject.bool)
    }

    /// The area a geometry covers, widened by half a line on each side; `nil` for none.
    static func geometryBounds(_ geometry: AnnotationGeometry, lineWidth: Double) -> Rect? {
        let points: [Point]
        var pad = lineWidth / 2
        switch geometry {
        case .none: return nil
        case .ink(let strokes): points = strokes.flatMap(\.points)
        case .quadPoints(let p): points = p; pad = 0
        case .line(let a, let b, let e1, let e2):
            points = [a, b]
            if e1 != .none || e2 != .none { pad = max(pad, 3 * lineWidth + 3) }
        case .vertices(let p): points = p
        }
        guard let first = points.first else { return nil }
        var box = Rect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(Rect(origin: p, size: .zero)) }
        return box.insetBy(dx: -pad, dy: -pad).quantized
    }

    /// A name or a text string (writers differ for /RT, /State and /StateModel).
    static func nameOrText(_ object: PDFObject) -> String? { object.nameValue ?? object.textValue }

    /// "12-0" for a reference `12 0 R`: the id the editor gives the object's annotation.
    static func popupID(_ object: PDFObject?) -> String? {
        if case .reference(let num, let gen)? = object { return "\(num)-\(gen)" }
        return nil
    }

    /// A colour array: none (transparent), grey, RGB or CMYK (converted naively).
    static func color(_ object: PDFObject?) -> RGBColor? {
        guard let n = object?.numbers?.map(Quantize.value) else { return nil }
        switch n.count {
        case 1: return RGBColor(red: n[0], green: n[0], blue: n[0])
        case 3: return RGBColor(red: n[0], green: n[1], blue: n[2])
        case 4:
            return RGBColor(red: Quantize.value((1 - n[0]) * (1 - n[3])), green: Quantize.value((1 - n[1]) * (1 - n[3])),
                            blue: Quantize.value((1 - n[2]) * (1 - n[3])))
        default: return nil
        }
    }

    static func colorObject(_ c: RGBColor) -> PDFObject { .numbers([c.red, c.green, c.blue]) }

    /// The font size and colour of a /DA string such as "/Helv 12 Tf 0 0 1 rg".
    public static func defaultAppearance(_ da: String) -> FreeTextStyle {
        var style = FreeTextStyle()
        let tokens = da.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).map(String.init)
        for (i, token) in tokens.enumerated() {
            switch token {
            case "Tf" where i >= 1:
                if let size = Double(tokens[i - 1]), size > 0 { style.fontSize = size }
            case "rg" where i >= 3:
                if let r = Double(tokens[i - 3]), let g = Double(tokens[i - 2]), let b = Double(tokens[i - 1]) {
                    style.textColor = RGBColor(red: r, green: g, blue: b)
                }
            case "g" where i >= 1:
                if let v = Double(tokens[i - 1]) { style.textColor = RGBColor(red: v, green: v, blue: v) }
            default: break
            }
        }
        return style
    }

    public static func defaultAppearanceString(_ style: FreeTextStyle) -> String {
        let f = PDFSyntaxWriter.formatReal
        return "/Helv \(f(style.fontSize)) Tf \(f(style.textColor.red)) \(f(style.textColor.green)) \(f(style.textColor.blue)) rg"
    }
}
