// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A form field's value as the file stores it in /V (PDF 32000-1 §12.7.4): text for text fields
/// and combo boxes, a state name for check boxes and radio buttons, the chosen options for list
/// boxes.
public enum FormValue: Hashable, Sendable, Codable {
    /// A text field's text, or a combo box's chosen (or typed) export value.
    case text(String)
    /// A check box's or radio group's state: the name of a widget's on state, or "Off".
    case state(String)
    /// A list box's chosen export values (several when it allows it).
    case choices([String])

    /// The state of a button that is not on.
    public static let off = FormValue.state("Off")

    /// The value as one string, for the state dump and tests: text, the state name, or the
    /// choices joined with newlines.
    public var displayText: String {
        switch self {
        case .text(let s), .state(let s): return s
        case .choices(let list): return list.joined(separator: "\n")
        }
    }
}

/// What kind of control a field is (its /FT and the flags that refine it).
public enum FormFieldKind: String, Hashable, Sendable, Codable, CaseIterable {
    case text, checkBox, radioButton, pushButton, comboBox, listBox, signature
}

/// The field flags (/Ff) the app acts on, PDF 32000-1 tables 221, 226, 228 and 230.
public struct FormFieldFlags: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let readOnly = FormFieldFlags(rawValue: 1 << 0)
    public static let required = FormFieldFlags(rawValue: 1 << 1)
    /// Text: several lines.
    public static let multiline = FormFieldFlags(rawValue: 1 << 12)
    /// Text: characters shown as bullets and never stored in an appearance as typed.
    public static let password = FormFieldFlags(rawValue: 1 << 13)
    /// Button: never all radios off.
    public static let noToggleToOff = FormFieldFlags(rawValue: 1 << 14)
    /// Button: a radio group.
    public static let radio = FormFieldFlags(rawValue: 1 << 15)
    /// Button: a push button (no value).
    public static let pushButton = FormFieldFlags(rawValue: 1 << 16)
    /// Choice: a combo box rather than a list box.
    public static let combo = FormFieldFlags(rawValue: 1 << 17)
    /// Choice (combo): the user may type a value of their own.
    public static let edit = FormFieldFlags(rawValue: 1 << 18)
    /// Text: no spell checking; Choice: likewise.
    public static let doNotSpellCheck = FormFieldFlags(rawValue: 1 << 22)
    /// Text: no scrolling past the box.
    public static let doNotScroll = FormFieldFlags(rawValue: 1 << 23)
    /// Text: /MaxLen equal cells, one character each.
    public static let comb = FormFieldFlags(rawValue: 1 << 24)
    /// Choice (list): several options may be chosen.
    public static let multiSelect = FormFieldFlags(rawValue: 1 << 21)
    /// Button: radios with the same on state turn on together.
    public static let radiosInUnison = FormFieldFlags(rawValue: 1 << 25)
}

/// One option of a combo or list box: the value stored in /V and the words shown.
public struct FormChoice: Hashable, Sendable, Codable {
    public var exportValue: String
    public var displayText: String
    public init(exportValue: String, displayText: String) { self.exportValue = exportValue; self.displayText = displayText }
}

/// How a field's text is set: its /DA font size (0: fit the box) and colour, and /Q.
public struct FormTextStyle: Hashable, Sendable, Codable {
    public var fontSize: Double
    public var color: RGBColor
    public var alignment: FreeTextStyle.Alignment
    public init(fontSize: Double = 0, color: RGBColor = .black, alignment: FreeTextStyle.Alignment = .left) {
        self.fontSize = fontSize
        self.color = color
        self.alignment = alignment
    }

    /// The size and colour of a /DA string ("/Helv 0 Tf 0 g"); a size of 0 means "fit".
    public static func parse(defaultAppearance da: String, alignment: Int?) -> FormTextStyle {
        var style = FormTextStyle()
        let tokens = da.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).map(String.init)
        for (i, token) in tokens.enumerated() {
            switch token {
            case "Tf" where i >= 1:
                if let size = Double(tokens[i - 1]), size >= 0, size.isFinite { style.fontSize = size }
            case "rg" where i >= 3:
                if let r = Double(tokens[i - 3]), let g = Double(tokens[i - 2]), let b = Double(tokens[i - 1]) {
                    style.color = RGBColor(red: r, green: g, blue: b)
                }
            case "g" where i >= 1:
                if let v = Double(tokens[i - 1]) { style.color = RGBColor(red: v, green: v, blue: v) }
            case "k" where i >= 4:
                if let c = Double(tokens[i - 4]), let m = Double(tokens[i - 3]), let y = Double(tokens[i - 2]), let k = Double(tokens[i - 1]) {
                    style.color = RGBColor(red: (1 - c) * (1 - k), green: (1 - m) * (1 - k), blue: (1 - y) * (1 - k))
                }
            default: break
            }
        }
        style.alignment = FreeTextStyle.Alignment(rawValue: alignment ?? 0) ?? .left
        return style
    }
}

/// How a widget draws its box: /MK's background and border colours, the border width, and /MK
/// /R (the text runs turned by this many degrees, counter-clockwise).
public struct FormWidgetLook: Hashable, Sendable, Codable {
    public var background: RGBColor?
    public var border: RGBColor?
    public var borderWidth: Double
    public var rotation: Int
    public init(background: RGBColor? = nil, border: RGBColor? = nil, borderWidth: Double = 1, rotation: Int = 0) {
        self.background = background
        self.border = border
        self.borderWidth = borderWidth
        self.rotation = rotation
    }
}

/// One widget annotation of a field: the box on a page where it is shown and filled.
public struct FormWidget: Hashable, Sendable, Codable {
    /// The editor's id of the widget annotation (the same id as in the page's annotation list).
    public var annotationID: String
    public var page: PageIndex
    /// The widget's rectangle in the page's crop-box-relative PDF space.
    public var rect: Rect
    /// For a check box or radio button: the name of its on state (/AP /N's key other than /Off).
    public var onState: String?
    /// Hidden or no-view widgets (/F) are never shown or focused.
    public var isHidden: Bool
    public var look: FormWidgetLook
    public init(annotationID: String, page: PageIndex, rect: Rect, onState: String? = nil, isHidden: Bool = false,
                look: FormWidgetLook = FormWidgetLook()) {
        self.annotationID = annotationID
        self.page = page
        self.rect = rect
        self.onState = onState
        self.isHidden = isHidden
        self.look = look
    }
}

/// One interactive form field (PDF 32000-1 §12.7.3): what kind of control it is, its value, and
/// the widgets that show it. The editor builds these from the file's /AcroForm; the value is
/// the edited one once the user changed it.
public struct FormField: Hashable, Sendable, Codable {
    /// The fully qualified name ("address.street"), the key of a field value edit.
    public var name: String
    public var kind: FormFieldKind
    public var flags: FormFieldFlags
    /// The current value; `nil` when the file has none.
    public var value: FormValue?
    /// Combo and list box options, in the file's order.
    public var options: [FormChoice]
    /// /MaxLen: the most characters a text field takes (and the cells of a comb field).
    public var maxLength: Int?
    public var textStyle: FormTextStyle
    public var widgets: [FormWidget]
    /// The field's alternate name (/TU), what a screen reader and a tooltip say.
    public var label: String?

    public init(name: String, kind: FormFieldKind, flags: FormFieldFlags = [], value: FormValue? = nil, options: [FormChoice] = [],
                maxLength: Int? = nil, textStyle: FormTextStyle = FormTextStyle(), widgets: [FormWidget] = [], label: String? = nil) {
        self.name = name
        self.kind = kind
        self.flags = flags
        self.value = value
        self.options = options
        self.maxLength = maxLength
        self.textStyle = textStyle
        self.widgets = widgets
        self.label = label
    }

    public var isReadOnly: Bool { flags.contains(.readOnly) }

    /// Whether this is a text field meant for a signature, as its name or label says ("Signature",
    /// "Sign here", "Applicant_Sig", "Unterschrift", "Firma"): many forms ask for one there
    /// rather than in a signature field. Words are split at anything not a letter and at a
    /// lower-to-upper case change, so "Design" is no signature and "SignHere" is.
    public var isNamedLikeSignature: Bool {
        guard kind == .text, !flags.contains(.multiline) else { return false }
        let stems = ["signature", "signatur", "unterschrift", "firma", "handtekening", "podpis", "assinatura"]
        let whole: Set<String> = ["sign", "signed", "sig", "signer"]
        for text in [name, label ?? ""] {
            var words: [String] = []
            var word = ""
            var previousLower = false
            for ch in text {
                guard ch.isLetter else { if !word.isEmpty { words.append(word) }; word = ""; previousLower = false; continue }
                if ch.isUppercase, previousLower, !word.isEmpty { words.append(word); word = "" }
                word.append(ch)
                previousLower = ch.isLowercase
            }
            if !word.isEmpty { words.append(word) }
            for w in words.map({ $0.lowercased() }) where whole.contains(w) || stems.contains(where: { w.hasPrefix($0) }) { return true }
        }
        return false
    }

    /// Whether the user can change this field in the app: not read-only, and a kind the app
    /// fills (push buttons would run actions and signatures need certificates: neither).
    public var isFillable: Bool { !isReadOnly && kind != .pushButton && kind != .signature }

    /// The kind that /FT and /Ff make, or `nil` for an /FT the app does not know.
    public static func kind(fieldType: String?, flags: FormFieldFlags) -> FormFieldKind? {
        switch fieldType {
        case "Tx": return .text
        case "Btn":
            if flags.contains(.pushButton) { return .pushButton }
            return flags.contains(.radio) ? .radioButton : .checkBox
        case "Ch": return flags.contains(.combo) ? .comboBox : .listBox
        case "Sig": return .signature
        default: return nil
        }
    }

    /// The value a click on `widget` gives this check box or radio group: its on state, or Off
    /// for a check box that was on (and for a radio that was on when the group may be all off).
    public func toggledValue(clicking widget: FormWidget) -> FormValue? {
        guard let on = widget.onState else { return nil }
        switch kind {
        case .checkBox:
            return value == .state(on) ? .off : .state(on)
        case .radioButton:
            if value == .state(on) { return flags.contains(.noToggleToOff) ? nil : .off }
            return .state(on)
        default:
            return nil
        }
    }

    /// The words shown for a combo's or list's export value (the option's display text).
    public func displayText(forExportValue value: String) -> String {
        options.first { $0.exportValue == value }?.displayText ?? value
    }
}
