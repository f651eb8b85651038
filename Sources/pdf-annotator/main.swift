// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import GtkShell
import Platform

/// The command line: documents to open and the developer options for recording, replaying and
/// dumping state. Invalid arguments print usage and exit non-zero before GTK starts.
struct PdfAnnotatorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf-annotator",
        abstract: "Read and annotate PDF documents.",
        discussion: "Each FILE opens in its own window. A second launch hands its files to the running instance.")

    @Argument(help: "PDF documents to open.", completion: .file(extensions: ["pdf"]))
    var files: [String] = []

    @Option(name: .customLong("record-input"), help: ArgumentHelp("Record the session's input events to FILE.", valueName: "FILE"))
    var recordInput: String?

    @Option(name: .customLong("replay-input"), help: ArgumentHelp("Replay the input events recorded in FILE into the first window.", valueName: "FILE"))
    var replayInput: String?

    @Option(name: .customLong("replay-grid-input"), help: ArgumentHelp("Replay the touch events recorded in FILE (window coordinates) into the first window's Pages grid once it shows.", valueName: "FILE"))
    var replayGridInput: String?

    @Option(name: .customLong("replay-pad-input"), help: ArgumentHelp("Replay the pen, finger or mouse contacts recorded in FILE (pad coordinates) into the signature pad when it opens.", valueName: "FILE"))
    var replayPadInput: String?

    @Option(name: .customLong("disable-interaction"), help: ArgumentHelp(
        "Switch off an interaction component or group (selectAnnotation, transformAnnotation, allAnnotationInteractions …); repeatable.",
        valueName: "NAME"))
    var disabledInteractions: [String] = []

    @Option(name: .customLong("state-file"), help: ArgumentHelp("Keep a JSON dump of the windows' state in FILE (for tests).", valueName: "FILE"))
    var stateFile: String?

    func validate() throws {
        for recording in [replayInput, replayGridInput, replayPadInput].compactMap({ $0 }) where !FileManager.default.isReadableFile(atPath: recording) {
            throw ValidationError("Cannot read the input recording “\(recording)”.")
        }
        if let unknown = AppOptions.unknownInteractions(disabledInteractions).first {
            throw ValidationError("No interaction is named “\(unknown)”.")
        }
    }

    /// Absolute paths, so a running instance in another folder opens the right files.
    var absoluteFiles: [String] {
        let cwd = FileManager.default.currentDirectoryPath
        return files.map { AppOptions.absolutePath($0, relativeTo: cwd) }
    }
}

// Before any thread starts: the threads share two heaps (MemoryPolicy.heapLimit).
MemoryPolicy.limitHeaps()
StartupTrace.mark("main")
// The session bus connects on a worker while the rest starts.
AnnotatorApplication.connectToSessionBusEarly()
StartupTrace.mark("session bus connecting (on a worker)")
let arguments = Array(CommandLine.arguments.dropFirst())
let options: AppOptions
if let files = AppOptions.plainFiles(arguments) {
    // Only documents, as a launcher or a file manager passes them: read without building the
    // argument parser's description of the command (it gives the same files).
    let cwd = FileManager.default.currentDirectoryPath
    options = AppOptions(files: files.map { AppOptions.absolutePath($0, relativeTo: cwd) })
} else {
    let command: PdfAnnotatorCommand
    do {
        command = try PdfAnnotatorCommand.parse(arguments)
    } catch {
        PdfAnnotatorCommand.exit(withError: error)
    }
    options = AppOptions(
        files: command.absoluteFiles, stateFile: command.stateFile,
        recordInput: command.recordInput, replayInput: command.replayInput, replayGridInput: command.replayGridInput,
        replayPadInput: command.replayPadInput,
        disabledInteractions: command.disabledInteractions)
}

StartupTrace.mark("arguments parsed")
let status = MainActor.assumeIsolated {
    AnnotatorApplication(options: options).run()
}
exit(status)
