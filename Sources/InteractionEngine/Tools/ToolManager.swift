// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Why a dispatch stopped before a tool finished with the event.
public enum ToolHandoffProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The tools handed the event round in a circle; `path` lists them in order, ending with the
    /// tool that would have received the event a second time.
    case cycle(path: [ToolID])
    /// A tool asked for a tool that is not registered.
    case unknownTool(ToolID, requestedBy: ToolID)

    public var description: String {
        switch self {
        case .cycle(let path): return "tool handoff cycle: " + path.map(\.rawValue).joined(separator: " → ")
        case .unknownTool(let id, let by): return "tool \(by) handed over to unregistered tool \(id)"
        }
    }
}

/// The outcome of sending one event through the tool loop.
public struct ToolDispatch: Hashable, Sendable {
    /// Whether some tool finished with the event (false: the host may apply its default).
    public var isHandled: Bool
    /// The commands to apply, in order.
    public var commands: [ToolCommand]
    /// The tools that received the event, in order.
    public var visited: [ToolID]
    /// Set when the loop was cut short.
    public var problem: ToolHandoffProblem?
}

/// Sends each event to the current tool and, when that tool hands over, to the next one, until
/// one finishes with it: the tool loop.
///
/// A tool that answers `.switchTo(next, replay: true)` is replaced by a fresh instance of `next`,
/// which receives the same event. A tool that would receive the same event twice closes a cycle:
/// the loop stops, the event is reported unhandled with ``ToolHandoffProblem/cycle(path:)``, and
/// the tool that asked stays current. The loop therefore runs at most once per registered tool.
///
/// - Warning: Main thread only.
public final class ToolManager {
    public typealias Factory = () -> any Tool

    public let environment: any ToolEnvironment
    public private(set) var currentTool: any Tool
    public var session: ToolSession { context.session }
    /// Called with each handoff problem (also reported in the ``ToolDispatch``).
    public var onProblem: ((ToolHandoffProblem) -> Void)?

    private var factories: [ToolID: Factory]
    private let context: ToolContext

    /// - Parameters:
    ///   - environment: What tools consult (usually a ``DocumentScene``).
    ///   - initialTool: The tool current at the start (browse/pan).
    ///   - factories: The registry; defaults to the built-in tools.
    public init(
        environment: any ToolEnvironment, initialTool: ToolID = .pan,
        factories: [ToolID: Factory] = ToolManager.standardFactories()
    ) {
        self.environment = environment
        self.factories = factories
        self.context = ToolContext(environment: environment, session: ToolSession())
        self.currentTool = factories[initialTool]?() ?? PanTool()
        currentTool.activate(context: context)
        _ = context.drainCommands()
    }

    public var currentToolID: ToolID { currentTool.id }

    /// The built-in tools.
    public static func standardFactories() -> [ToolID: Factory] {
        var f: [ToolID: Factory] = [
            .pan: { PanTool() },
            .annotationEdit: { AnnotationEditTool() },
            .lasso: { LassoTool() },
            .ink: { InkTool() },
            .highlighter: { HighlighterTool() },
            .underline: { HighlighterTool(markup: .underline) },
            .strikeOut: { HighlighterTool(markup: .strikeOut) },
            .squiggly: { HighlighterTool(markup: .squiggly) },
            .freeText: { FreeTextTool() },
            .note: { NoteTool() },
            .stamp: { StampTool() },
            .eraser: { EraserTool(erasableKinds: EraserTool.markKinds) },
            .formFilling: { FormFillingTool() },
        ]
        for kind in ShapeKind.allCases { f[ShapeTool.toolID(for: kind)] = { ShapeTool(kind: kind) } }
        return f
    }

    /// Registers (or replaces) a tool.
    public func register(_ id: ToolID, factory: @escaping Factory) { factories[id] = factory }

    /// Makes a tool current because the user chose it (a toolbar button); returns the commands
    /// the outgoing and incoming tools emit (an ink tool commits its strokes).
    @discardableResult
    public func select(_ id: ToolID) -> [ToolCommand] {
        guard let factory = factories[id] else { return [] }
        transition(to: factory())
        return context.drainCommands()
    }

    /// Sends an event through the tool loop.
    public func handle(_ event: ToolEvent) -> ToolDispatch {
        var visited: [ToolID] = []
        while true {
            visited.append(currentTool.id)
            switch currentTool.handle(event, context: context) {
            case .handled:
                return finish(handled: true, visited, nil)
            case .unhandled:
                return finish(handled: false, visited, nil)
            case .switchTo(let next, let replay):
                guard let factory = factories[next] else {
                    return finish(handled: false, visited, .unknownTool(next, requestedBy: currentTool.id))
                }
                if replay, visited.contains(next) {
                    return finish(handled: false, visited, .cycle(path: visited + [next]))
                }
                transition(to: factory())
                if !replay { return finish(handled: true, visited, nil) }
            }
        }
    }

    /// When the current tool next needs ``tick(at:)``, or `nil`.
    public var nextDeadline: InputTime? { currentTool.deadline }

    /// Fires the current tool's timer if it is due at `time`; returns the commands it emits.
    public func tick(at time: InputTime) -> [ToolCommand] {
        currentTool.tick(at: time, context: context)
        return context.drainCommands()
    }

    /// The pointer shape for hovering at a view point, as the current tool wants it.
    public func pointerShape(atView point: Point, source: InputSource) -> PointerShape {
        currentTool.pointerShape(atView: point, source: source, context: context)
    }

    /// Whether a view point is on a resize handle, a line end, a polygon's vertex or the rotate
    /// handle of the selection (where a press resizes or turns rather than moves or selects),
    /// as the annotation edit tool draws them.
    public func isSelectionHandle(atView point: Point, source: InputSource) -> Bool {
        guard let edit = currentTool as? AnnotationEditTool else { return false }
        return edit.handle(atView: point, source: source, context: context) != nil
            || edit.lineEnd(atView: point, source: source, context: context) != nil
            || edit.vertex(atView: point, source: source, context: context) != nil
            || edit.isOnRotateHandle(atView: point, source: source, context: context)
    }

    /// Replaces the shared session (for example, when the host selects an annotation from a list).
    public func setSession(_ session: ToolSession) { context.session = session }

    private func transition(to tool: any Tool) {
        currentTool.deactivate(context: context)
        currentTool = tool
        tool.activate(context: context)
    }

    private func finish(handled: Bool, _ visited: [ToolID], _ problem: ToolHandoffProblem?) -> ToolDispatch {
        if let problem { onProblem?(problem) }
        return ToolDispatch(isHandled: handled, commands: context.drainCommands(), visited: visited, problem: problem)
    }
}
