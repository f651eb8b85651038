// SPDX-License-Identifier: GPL-3.0-or-later

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

    public init(files: [String] = [], stateFile: String? = nil, recordInput: String? = nil, replayInput: String? = nil) {
        self.files = files
        self.stateFile = stateFile
        self.recordInput = recordInput
        self.replayInput = replayInput
    }

    /// The application id, also the D-Bus name a second launch talks to.
    public static let applicationID = "io.github.pdfannotator.PdfAnnotator"
}
