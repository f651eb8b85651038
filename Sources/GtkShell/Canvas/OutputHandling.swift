// SPDX-License-Identifier: GPL-3.0-or-later

/// What the canvas did with an output of the interaction engine. Every output reaches a
/// handler; a test hands the canvas one of each kind and checks that none is dropped without a
/// reason.
enum OutputHandling: Equatable, Sendable {
    /// A handler applied it (or found that nothing needed changing, as when a move ends with no
    /// move in progress).
    case applied
    /// `DocumentInteraction` turns this decision into other outputs itself; it never reaches
    /// the host as it is.
    case translatedByEngine
    /// This window has nothing to apply it to yet; the reason says what would.
    case nothingToApply(reason: String)
}
