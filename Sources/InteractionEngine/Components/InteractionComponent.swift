// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What every interaction component offers, whatever its context type: a switch and the
/// recognizers behind it.
public protocol InteractionComponentProtocol: GestureRecognizerContainer {
    var name: String { get }
    var isEnabled: Bool { get set }
}

/// One user interaction the app and embedders can switch off, restrict and observe (select an
/// annotation, open a link, smart zoom…), backed by the engine's own recognizers.
///
/// **Components decide whether; tools decide what.** A component answers "may a tap here select
/// this annotation now?" from its `isEnabled`, its activation conditions and what the
/// ``InteractionTargetProvider`` finds under the point, then emits an ``EngineOutput`` such as
/// ``EngineOutput/selectAnnotation(_:)``. It never changes the document: the host and the active
/// tool apply the output (the annotation edit tool draws handles and moves the annotation, the
/// ink tool draws strokes). Tools see raw contacts through ``EngineOutput/contact(_:)`` and may
/// claim events first through ``Engine/toolFirstRefusal``.
///
/// Activation conditions run in the order they were added until one says no, so they must
/// have no side effects; activation callbacks run just before the action and cannot stop it.
/// ``canActivate(at:in:)`` ignores ``isEnabled`` but evaluates the conditions, so an embedder
/// that disables a component can re-implement it with its own recognizer and the
/// `tryTo…(at:in:)` methods of ``Interactions`` while keeping the app's conditions.
///
/// - Warning: Not thread-safe; the GTK main thread only. Conditions and callbacks are retained:
///   capture the owner weakly.
public final class InteractionComponent<Context>: InteractionComponentProtocol {
    /// Returns `false` to stop the interaction. Parameters: context, point, the point's space.
    public typealias ActivationCondition = (Context, Point, CoordinateSpace) -> Bool
    /// Runs just before the interaction. Same parameters as a condition.
    public typealias ActivationCallback = (Context, Point, CoordinateSpace) -> Void

    public let name: String
    /// Disabling cancels what the component's recognizers are tracking.
    public var isEnabled = true {
        didSet { for r in gestureRecognizers { r.isEnabled = isEnabled } }
    }
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    // Replaced whole, never changed in place, so that reading them costs no run-time
    // exclusivity check (see GestureRecognizer+Core.swift).
    private var conditions: [ActivationCondition] = []
    private var callbacks: [ActivationCallback] = []
    private let findContext: (Point, CoordinateSpace) -> Context?
    /// The context found when the component's gesture last checked it, with its view point.
    var prepared: (context: Context, point: Point)?

    init(name: String, findContext: @escaping (Point, CoordinateSpace) -> Context?) {
        self.name = name
        self.findContext = findContext
    }

    func attach(_ recognizer: GestureRecognizer) {
        gestureRecognizers.append(recognizer)
        recognizer.isEnabled = isEnabled
    }

    /// Adds a condition, evaluated after the ones already added.
    public func addActivationCondition(_ condition: @escaping ActivationCondition) {
        conditions = conditions + [condition]
    }

    /// Adds a callback that runs just before each activation.
    public func addActivationCallback(_ callback: @escaping ActivationCallback) {
        callbacks = callbacks + [callback]
    }

    /// What the component would act on at `point`, or `nil` when there is nothing for it there.
    public func context(at point: Point, in space: CoordinateSpace) -> Context? {
        findContext(point, space)
    }

    /// Whether the component could act at `point`: there is something for it there and every
    /// activation condition agrees. Ignores ``isEnabled``.
    public func canActivate(at point: Point, in space: CoordinateSpace) -> Bool {
        guard let context = findContext(point, space) else { return false }
        return conditionsAllow(context, point, space)
    }

    func conditionsAllow(_ context: Context, _ point: Point, _ space: CoordinateSpace) -> Bool {
        for condition in conditions where !condition(context, point, space) { return false }
        return true
    }

    func runCallbacks(_ context: Context, _ point: Point, _ space: CoordinateSpace) {
        for callback in callbacks { callback(context, point, space) }
    }

    /// Finds the context at a view point and checks the conditions, remembering the result for
    /// ``activatePrepared(_:)``.
    func prepare(at point: Point) -> Bool {
        if let context = findContext(point, .view), conditionsAllow(context, point, .view) {
            prepared = (context, point)
            return true
        }
        prepared = nil
        return false
    }

    /// Runs the callbacks then `perform` with the remembered context.
    func activatePrepared(_ perform: (Context, Point) -> Void) {
        guard let p = prepared else { return }
        runCallbacks(p.context, p.point, .view)
        perform(p.context, p.point)
    }

    /// Checks and activates at an arbitrary point, for the `tryTo…` methods.
    func attempt(at point: Point, in space: CoordinateSpace, _ perform: (Context, Point) -> Void) -> Bool {
        guard let context = findContext(point, space), conditionsAllow(context, point, space) else { return false }
        runCallbacks(context, point, space)
        perform(context, point)
        return true
    }
}

/// Several components handled as one (``Interactions/allAnnotationInteractions`` and friends):
/// switching the group switches every member, relationships apply to every member's recognizers.
public final class InteractionComponentGroup: InteractionComponentProtocol {
    public let name: String
    public let members: [any InteractionComponentProtocol]

    init(name: String, members: [any InteractionComponentProtocol]) {
        self.name = name
        self.members = members
    }

    /// `true` when every member is enabled; setting it sets every member.
    public var isEnabled: Bool {
        get { members.allSatisfy(\.isEnabled) }
        set { for m in members { m.isEnabled = newValue } }
    }

    public var gestureRecognizers: [GestureRecognizer] { members.flatMap(\.gestureRecognizers) }
}
