// SPDX-License-Identifier: GPL-3.0-or-later

/// Names a tool in the ``ToolManager``'s registry; a string so that an app can register tools
/// of its own next to the built-in ones.
public struct ToolID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Browsing: scroll by dragging, and hand taps on objects to the tool that owns them.
    public static let pan = ToolID("pan")
    public static let annotationEdit = ToolID("annotation-edit")
    /// Selects what a free loop drawn round it encloses (``LassoTool``).
    public static let lasso = ToolID("lasso")
    public static let ink = ToolID("ink")
    public static let highlighter = ToolID("highlighter")
    public static let underline = ToolID("underline")
    public static let strikeOut = ToolID("strike-out")
    public static let squiggly = ToolID("squiggly")
    public static let square = ToolID("square")
    public static let circle = ToolID("circle")
    public static let line = ToolID("line")
    public static let arrow = ToolID("arrow")
    public static let freeText = ToolID("free-text")
    public static let note = ToolID("note")
    public static let stamp = ToolID("stamp")
    public static let eraser = ToolID("eraser")
    public static let formFilling = ToolID("form-filling")

    public var description: String { rawValue }
}

/// A tool's answer to one event: finished with it, not interested, or hand over to another tool.
public enum ToolDisposition: Hashable, Sendable {
    /// The event is fully handled; dispatch stops.
    case handled
    /// The tool does nothing with the event and names no successor; the host may apply its
    /// default behaviour (for example, let its scroll recognizer have the touch).
    case unhandled
    /// Make `tool` the current tool. With `replay`, the same event is then sent to it;
    /// without, the event counts as handled.
    case switchTo(ToolID, replay: Bool)
}
