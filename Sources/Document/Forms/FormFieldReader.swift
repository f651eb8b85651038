// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// An indirect object's number and generation, as the field tree refers to its nodes.
public struct PDFReference: Hashable, Sendable, Codable {
    public var number: Int
    public var generation: Int
    public init(_ number: Int, _ generation: Int) { self.number = number; self.generation = generation }
}

/// A terminal field as the file has it: the object holding its value, its fully qualified
/// name, its attributes with the inherited ones filled in, and its widgets' objects.
public struct StoredFormField: Sendable {
    /// The object whose /V is the field's value (the terminal field's dictionary).
    public var reference: PDFReference
    public var name: String
    /// /FT, /Ff, /V, /DV, /DA, /Q, /Opt, /MaxLen, /TU, /TI, each from the nearest node that
    /// has it (/DA falling back to the /AcroForm's).
    public var attributes: PDFDictionary
    /// The widget annotations, in the order of the field's /Kids (the field itself when it is
    /// its own widget).
    public var widgets: [(reference: PDFReference, dictionary: PDFDictionary)]
}

/// Walks an /AcroForm's field tree (PDF 32000-1 §12.7.3.1) into terminal fields. Pure: the
/// caller resolves references, so the rules are tested without a PDF library.
public enum FormFieldReader {
    /// Keys a field inherits from its ancestors (table 220 and the variable text keys).
    static let inheritable = ["FT", "Ff", "V", "DV", "DA", "Q", "Opt", "MaxLen"]

    /// The terminal fields under `acroForm`'s /Fields, in tree order. Broken parts (references
    /// to nothing, cycles, nodes that are not dictionaries, trees deeper than 32) are skipped.
    public static func fields(acroForm: PDFDictionary, resolve: (PDFReference) -> PDFObject?) -> [StoredFormField] {
        var out: [StoredFormField] = []
        var visited: Set<PDFReference> = []
        var inherited = PDFDictionary()
        if let da = acroForm["DA"] { inherited["DA"] = da }
        if let q = acroForm["Q"] { inherited["Q"] = q }
        for kid in acroForm["Fields"]?.arrayValue ?? [] {
            walk(kid, parentName: nil, inherited: inherited, depth: 0, visited: &visited, resolve: resolve, into: &out)
        }
        return out
    }

    private static func walk(_ node: PDFObject, parentName: String?, inherited: PDFDictionary, depth: Int,
                             visited: inout Set<PDFReference>, resolve: (PDFReference) -> PDFObject?, into out: inout [StoredFormField]) {
        guard depth < 32, case .reference(let n, let g) = node else { return }
        let ref = PDFReference(n, g)
        guard visited.insert(ref).inserted, let d = resolve(ref)?.dictionaryValue else { return }
        let partial = d["T"]?.textValue
        let name = [parentName, partial].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ".")
        var attributes = inherited
        for key in inheritable { if let v = d[key] { attributes[key] = v } }
        if let tu = d["TU"] { attributes["TU"] = tu }
        if let ti = d["TI"] { attributes["TI"] = ti }
        let kids = d["Kids"]?.arrayValue ?? []
        // Kids with a name are fields; kids without one are this field's widgets.
        var widgets: [(PDFReference, PDFDictionary)] = []
        var childFields: [PDFObject] = []
        for kid in kids {
            guard case .reference(let kn, let kg) = kid, let kd = resolve(PDFReference(kn, kg))?.dictionaryValue else { continue }
            if kd["T"] == nil && (kd["Subtype"]?.nameValue == "Widget" || kd["Rect"] != nil) {
                guard !visited.contains(PDFReference(kn, kg)) else { continue }
                visited.insert(PDFReference(kn, kg))
                widgets.append((PDFReference(kn, kg), kd))
            } else {
                childFields.append(kid)
            }
        }
        if d["Subtype"]?.nameValue == "Widget" { widgets.insert((ref, d), at: 0) }
        if !widgets.isEmpty || childFields.isEmpty {
            out.append(StoredFormField(reference: ref, name: name, attributes: attributes, widgets: widgets))
        }
        for kid in childFields {
            walk(kid, parentName: name.isEmpty ? nil : name, inherited: attributes, depth: depth + 1,
                 visited: &visited, resolve: resolve, into: &out)
        }
    }

    /// The field's value as its kind stores it.
    public static func value(_ object: PDFObject?, kind: FormFieldKind) -> FormValue? {
        guard let object else { return nil }
        switch kind {
        case .checkBox, .radioButton:
            if let name = object.nameValue { return .state(name) }
            return object.textValue.map(FormValue.state)
        case .listBox:
            if let list = object.arrayValue { return .choices(list.compactMap(\.textValue)) }
            return object.textValue.map { .choices([$0]) }
        case .text, .comboBox:
            if let list = object.arrayValue { return list.first?.textValue.map(FormValue.text) }
            return object.textValue.map(FormValue.text)
        case .pushButton, .signature:
            return nil
        }
    }

    /// The field's value as /V writes it.
    public static func object(_ value: FormValue) -> PDFObject {
        switch value {
        case .text(let s): return .text(s)
        case .state(let s): return .name(s)
        case .choices(let list): return list.count == 1 ? .text(list[0]) : .array(list.map(PDFObject.text))
        }
    }

    /// /Opt's options: each a text string, or an array of export value and display text.
    public static func options(_ object: PDFObject?) -> [FormChoice] {
        (object?.arrayValue ?? []).compactMap { entry in
            if let pair = entry.arrayValue, pair.count >= 2, let export = pair[0].textValue {
                return FormChoice(exportValue: export, displayText: pair[1].textValue ?? export)
            }
            return entry.textValue.map { FormChoice(exportValue: $0, displayText: $0) }
        }
    }

    /// A widget's on state: the key of its normal appearance's states other than /Off.
    public static func onState(_ widget: PDFDictionary, resolve: (PDFReference) -> PDFObject?) -> String? {
        var normal = widget["AP"]?.dictionaryValue?["N"]
        if case .reference(let n, let g)? = normal { normal = resolve(PDFReference(n, g)) }
        return normal?.dictionaryValue?.keys.first { $0 != "Off" }
    }

    /// A widget's /MK colours, border width (/BS /W, else /Border's third number, else 1) and
    /// /MK /R.
    public static func look(_ widget: PDFDictionary) -> FormWidgetLook {
        let mk = widget["MK"]?.dictionaryValue
        func color(_ key: String) -> RGBColor? {
            guard let n = mk?[key]?.numbers else { return nil }
            switch n.count {
            case 1: return RGBColor(red: n[0], green: n[0], blue: n[0])
            case 3: return RGBColor(red: n[0], green: n[1], blue: n[2])
            case 4: return RGBColor(red: (1 - n[0]) * (1 - n[3]), green: (1 - n[1]) * (1 - n[3]), blue: (1 - n[2]) * (1 - n[3]))
            default: return nil
            }
        }
        let width = widget["BS"]?.dictionaryValue?["W"]?.number ?? widget["Border"]?.numbers.flatMap { $0.count >= 3 ? $0[2] : nil } ?? 1
        let rotation = ((Int(mk?["R"]?.number ?? 0) % 360) + 360) % 360
        return FormWidgetLook(background: color("BG"), border: color("BC"), borderWidth: max(0, width), rotation: rotation)
    }

    /// Whether /F hides the widget (Hidden or NoView).
    public static func isHidden(_ widget: PDFDictionary) -> Bool {
        let flags = Int(widget["F"]?.number ?? 0)
        return flags & 2 != 0 || flags & 32 != 0
    }

    /// The field as the app shows it, from the stored field and its widgets (ids, pages and
    /// rectangles already known to the caller).
    public static func field(_ stored: StoredFormField, widgets: [FormWidget]) -> FormField? {
        let a = stored.attributes
        let flags = FormFieldFlags(rawValue: Int(a["Ff"]?.number ?? 0))
        guard let kind = FormField.kind(fieldType: a["FT"]?.nameValue, flags: flags) else { return nil }
        let da = a["DA"]?.stringBytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let style = FormTextStyle.parse(defaultAppearance: da, alignment: a["Q"]?.number.map { Int($0) })
        let maxLength = a["MaxLen"]?.number.map { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return FormField(name: stored.name, kind: kind, flags: flags, value: value(a["V"], kind: kind), options: options(a["Opt"]),
                         maxLength: maxLength, textStyle: style, widgets: widgets, label: a["TU"]?.textValue)
    }
}
