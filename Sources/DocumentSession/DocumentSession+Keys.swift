// SPDX-License-Identifier: GPL-3.0-or-later
import InteractionEngine

/// The keys pressed on the page, in the order the parts of the page are asked: Return places
/// what the picked placing tool makes; Escape with nothing on the page to end goes to the window
/// first; the form's keys (DocumentSession+Forms); Escape leaves a creation tool; everything
/// else is the interaction engine's (scrolling, and with a selection: nudging, deleting, Escape
/// deselecting or cancelling the drag under way).
extension DocumentSession {
    /// The keys the page keeps from the window when the engine had them: they scroll the page
    /// (or nudge the selection), so GTK must not also move the keyboard focus with them.
    public static let keysKeptByThePage: Set<String> = ["Up", "Down", "Left", "Right", "Page_Up", "Page_Down", "space", "Home", "End", "BackSpace"]

    /// Handles a key pressed or released on the page (after the user's input settings; keys
    /// with Ctrl or Alt are the window's shortcuts and never come here); answers with what the
    /// host does (``KeyAnswer``).
    public func handleKey(_ event: InputEvent, contactTool: DocumentInteraction.ContactTool? = nil) -> KeyAnswer {
        guard case .key(let name, true) = event.kind else { return handleKeyOnPage(event, contactTool: contactTool) }
        // Return with a note, text box or stamp picked places one without a pointer.
        if let placed = placeFromKeyboard(event) { return .used(placed) }
        if name == "Escape", interaction.pickedTool == nil, interaction.focusedFormField == nil, interaction.selectedAnnotation == nil {
            return .escapeForWindow
        }
        var used = false
        let effects = gather {
            used = handleFormKey(name, shift: event.modifiers.contains(.shift))
            if used { emit(.redraw) }
        }
        if used { return .used(effects) }
        if !effects.isEmpty { deliver(effects) }
        // Escape leaves a creation tool (after the tool dropped what it was drawing).
        let leavesTool = name == "Escape" && interaction.pickedTool != nil
        let answer = handleKeyOnPage(event, contactTool: contactTool)
        guard leavesTool, case .handled(let effects, let kept) = answer else { return answer }
        return .handled(effects + [.toolLeft], kept: kept)
    }

    /// Hands a key to the interaction engine, as every key nothing before it used.
    public func handleKeyOnPage(_ event: InputEvent, contactTool: DocumentInteraction.ContactTool? = nil) -> KeyAnswer {
        let effects = handle(event, contactTool: contactTool)
        guard case .key(let name, _) = event.kind else { return .handled(effects, kept: false) }
        return .handled(effects, kept: Self.keysKeptByThePage.contains(name))
    }
}
