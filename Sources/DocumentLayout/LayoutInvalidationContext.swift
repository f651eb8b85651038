// SPDX-License-Identifier: GPL-3.0-or-later

/// What a change of the viewport makes stale in a layout, so that the view redoes only that.
///
/// A layout whose frames depend on the zoom alone (every built-in one: zoom is a parameter of
/// each query) answers ``none`` to every viewport change; a layout that reflows with the view's
/// width (a grid whose column count follows it) says its frames changed when the width does.
public struct LayoutInvalidationContext: Hashable, Sendable {
    /// The spreads whose frames moved or changed size, or `nil` for all of them.
    public var invalidatedSpreads: Range<Int>?
    /// Whether any frame changed (the canvas size, hit targets and drawn tiles go with them).
    public var invalidatesFrames: Bool
    /// Whether the view's configuration changed: frame insets, spread-based zooming.
    public var invalidatesConfiguration: Bool

    public init(invalidatesFrames: Bool = false, invalidatedSpreads: Range<Int>? = nil,
                invalidatesConfiguration: Bool = false) {
        self.invalidatesFrames = invalidatesFrames
        self.invalidatedSpreads = invalidatesFrames ? invalidatedSpreads : nil
        self.invalidatesConfiguration = invalidatesConfiguration
    }

    /// Nothing to redo.
    public static let none = LayoutInvalidationContext()
    /// Every spread's frame changed.
    public static let allFrames = LayoutInvalidationContext(invalidatesFrames: true)

    /// Whether the change needs no work at all.
    public var isEmpty: Bool { !invalidatesFrames && !invalidatesConfiguration }
}
