// SPDX-License-Identifier: GPL-3.0-or-later

/// What a key pressed on the page comes to (``DocumentSession/handleKey(_:contactTool:)``):
/// the effects to apply, and what the host does beyond them. The host switches over it with no
/// catch-all case; each case says whether the key goes on to the window (GTK's shortcuts and
/// widgets) or no further.
public enum KeyAnswer: Equatable, Sendable {
    /// The page used the key (Return placed a note, Tab went to a field, Space ticked a box,
    /// Escape ended a field's focus): apply the effects and tell the window; the key goes no
    /// further.
    case used([SessionEffect])
    /// Escape found nothing on the page to end (no tool picked, no field focused, nothing
    /// selected): the window's first (it leaves reading mode). When the window does not use it,
    /// the host hands it to ``DocumentSession/handleKeyOnPage(_:contactTool:)`` as any key.
    case escapeForWindow
    /// The interaction engine had the key (scrolling, nudging or deleting the selection,
    /// Escape deselecting or cancelling a drag, or leaving the creation tool with
    /// ``SessionEffect/toolLeft``): apply the effects, arm the engine's timers and tell the
    /// window. `kept`: the key goes no further (it scrolls the page).
    case handled([SessionEffect], kept: Bool)
}
