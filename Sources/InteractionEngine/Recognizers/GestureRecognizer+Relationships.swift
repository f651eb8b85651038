// SPDX-License-Identifier: GPL-3.0-or-later

/// Relationships between recognizers, stored as data on the recognizers and checked by the arena.
extension GestureRecognizer {
    /// Makes this recognizer wait until `other` fails before it may begin (and fail if `other`
    /// succeeds). If both are registered in an arena and the requirement would close a cycle,
    /// the requirement is refused and reported in ``GestureArena/diagnostics``.
    public func require(toFail other: GestureRecognizer) {
        let id = ObjectIdentifier(other)
        guard other !== self, !failureRequirements.contains(id) else { return }
        failureRequirements = failureRequirements + [id]
        if let arena, other.arena === arena {
            arena.validateNewRequirement(of: self, toFail: other)
        }
    }

    /// Makes this recognizer wait until every recognizer of `container` fails.
    public func require(toFail container: some GestureRecognizerContainer) {
        for other in container.gestureRecognizers { require(toFail: other) }
    }

    /// Lets this recognizer and `other` be active at the same time (the relation is symmetric).
    public func allowSimultaneousRecognition(with other: GestureRecognizer) {
        guard other !== self else { return }
        // Whole-array replacement keeps these lists free of run-time exclusivity checks.
        if !simultaneousPartners.contains(ObjectIdentifier(other)) {
            simultaneousPartners = simultaneousPartners + [ObjectIdentifier(other)]
        }
        if !other.simultaneousPartners.contains(ObjectIdentifier(self)) {
            other.simultaneousPartners = other.simultaneousPartners + [ObjectIdentifier(self)]
        }
    }

    /// Whether this recognizer must wait for `other` to fail, by a static requirement or by either
    /// side's delegate closure.
    public func requiresFailure(of other: GestureRecognizer) -> Bool {
        if other === self { return false }
        let id = ObjectIdentifier(other)
        for w in failureRequirements where w == id { return true }
        if let f = shouldRequireFailure, f(self, other) { return true }
        if let f = other.shouldBeRequiredToFail, f(other, self) { return true }
        return false
    }

    /// Whether this recognizer and `other` may be active together.
    public func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        if !isExclusive || !other.isExclusive { return true }
        let id = ObjectIdentifier(other)
        for w in simultaneousPartners where w == id { return true }
        if let f = shouldRecognizeSimultaneously, f(self, other) { return true }
        if let f = other.shouldRecognizeSimultaneously, f(other, self) { return true }
        return false
    }
}

/// Anything that owns gesture recognizers and can be related to other recognizers as a whole:
/// an interaction component, a group of components.
public protocol GestureRecognizerContainer: AnyObject {
    /// The recognizers that back it.
    var gestureRecognizers: [GestureRecognizer] { get }
}

extension GestureRecognizerContainer {
    /// Makes every recognizer of this container wait until `other` fails.
    public func require(toFail other: GestureRecognizer) {
        for r in gestureRecognizers { r.require(toFail: other) }
    }

    /// Lets every recognizer of this container be active together with `other`.
    public func allowSimultaneousRecognition(with other: GestureRecognizer) {
        for r in gestureRecognizers { r.allowSimultaneousRecognition(with: other) }
    }

    /// Whether `recognizer` is one of the recognizers that back this container.
    public func contains(_ recognizer: GestureRecognizer) -> Bool {
        gestureRecognizers.contains { $0 === recognizer }
    }
}
