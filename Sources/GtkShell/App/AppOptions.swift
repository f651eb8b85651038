// SPDX-License-Identifier: GPL-3.0-or-later
import InteractionEngine

/// What the command line asked of the application, already validated.
public struct AppOptions: Sendable {
    /// Absolute paths of the documents to open, one window each.
    public var files: [String]
    /// Write a JSON dump of every window's state here after each change (for UI tests).
    public var stateFile: String?
    /// Record every engine input event of the session to this file.
    public var recordInput: String?
    /// Replay the engine input events of this file into the first window.
    public var replayInput: String?
    /// Replay the touch events of this file (window coordinates) into the first window's Pages
    /// grid, once it shows thumbnails.
    public var replayGridInput: String?
    /// Replay the contacts of this file (pad coordinates, pen pressure kept) into the first
    /// signature pad the first window opens.
    public var replayPadInput: String?
    /// Interaction components or groups switched off in every window (by name).
    public var disabledInteractions: [String]

    public init(files: [String] = [], stateFile: String? = nil, recordInput: String? = nil, replayInput: String? = nil,
                replayGridInput: String? = nil, replayPadInput: String? = nil, disabledInteractions: [String] = []) {
        self.files = files
        self.stateFile = stateFile
        self.recordInput = recordInput
        self.replayInput = replayInput
        self.replayGridInput = replayGridInput
        self.replayPadInput = replayPadInput
        self.disabledInteractions = disabledInteractions
    }

    /// The names among `names` that are no interaction component or group.
    public static func unknownInteractions(_ names: [String]) -> [String] {
        guard !names.isEmpty else { return [] }
        let interactions = DocumentInteraction(clock: ManualClock(now: InputTime(seconds: 0))).engine.interactions
        return names.filter { interactions.component(named: $0) == nil }
    }

    /// The documents named by `arguments` (the command line after the program's name) when
    /// they are all it holds: no option, no `--`, no `help`, no empty word. `nil` otherwise
    /// (the argument parser reads them, and gives the same files for such a line).
    public static func plainFiles(_ arguments: [String]) -> [String]? {
        let plain = arguments.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && $0 != "help" }
        return plain ? arguments : nil
    }

    /// `path` made absolute against `directory`, with `.` and `..` resolved; URIs pass unchanged.
    public static func absolutePath(_ path: String, relativeTo directory: String) -> String {
        if path.contains("://") { return path }
        var parts: [Substring] = []
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The application id, also the D-Bus name a second launch talks to.
    public static let applicationID = "io.github.pdfannotator.PdfAnnotator"
}
