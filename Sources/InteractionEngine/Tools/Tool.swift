// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// State that outlives any one tool instance (tools are created afresh on every switch): the
/// selection the tools agree on.
public struct ToolSession: Hashable, Sendable {
    /// The selected annotations in the order they were selected; the last one is the primary
    /// (the one whose properties a style bar shows).
    public var selection: [AnnotationID] = []
    /// The primary selected annotation; setting it replaces the whole selection.
    public var selectedAnnotation: AnnotationID? {
        get { selection.last }
        set { selection = newValue.map { [$0] } ?? [] }
    }
    public var focusedFormField: AnnotationID?
    /// How the eraser erases when picked (the toolbar's switch), and under a pen's eraser end
    /// (the pen's setting, for the contact it begins).
    public var eraserMode = EraserMode.whole
    public var eraserEndMode = EraserMode.whole
    public init() {}
}

/// Passed to a tool with each event: the environment to consult, the shared session, and the
/// sink for the commands the tool decides on.
public final class ToolContext {
    public let environment: any ToolEnvironment
    public var session: ToolSession
    public private(set) var commands: [ToolCommand] = []

    init(environment: any ToolEnvironment, session: ToolSession) {
        self.environment = environment
        self.session = session
    }

    public func emit(_ command: ToolCommand) { commands.append(command) }

    func drainCommands() -> [ToolCommand] {
        defer { commands.removeAll() }
        return commands
    }
}

/// One mode of interaction with the document (pan, ink, annotation edit, …): a small state
/// machine that turns events into ``ToolCommand``s and says through ``ToolDisposition`` whether
/// it finished with an event or which tool should take it over.
///
/// - Warning: Main thread only, like the ``ToolManager`` that owns it.
public protocol Tool: AnyObject {
    var id: ToolID { get }
    /// Handles one event; see ``ToolDisposition``.
    func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition
    /// Called when the tool becomes current.
    func activate(context: ToolContext)
    /// Called before another tool becomes current; a tool commits or discards work in progress here.
    func deactivate(context: ToolContext)
    /// The pointer shape this tool wants over a view point (hover with a mouse or pen).
    func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape
    /// When the tool next needs ``tick(at:context:)`` (a stroke held still snaps), or `nil`.
    var deadline: InputTime? { get }
    /// Fires what is due at `time` on the engine's clock.
    func tick(at time: InputTime, context: ToolContext)
}

extension Tool {
    public func activate(context: ToolContext) {}
    public func deactivate(context: ToolContext) {}
    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .default }
    public var deadline: InputTime? { nil }
    public func tick(at time: InputTime, context: ToolContext) {}
}
