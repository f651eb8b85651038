// SPDX-License-Identifier: GPL-3.0-or-later

/// The smart pen's switch (Preferences): whether a Pen or Highlighter stroke drawn along text
/// becomes markup of the words it covers (``SmartPen``), or always stays ink (the Highlighter's
/// marker ink).
extension DocumentInteraction {
    /// On by default; the host sets it from the user's input settings.
    public var smartPen: Bool {
        get { scene.marksTextWithPen }
        set { scene.marksTextWithPen = newValue }
    }
}
