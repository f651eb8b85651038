// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentPoppler

/// One MuPDF program of a repair (``DocumentRepair/Step``) run as a separate process with
/// `GSubprocess`, asynchronously: the main loop never waits for it. Its output (standard error
/// merged in) is collected; it is killed when it runs past its time or is cancelled, and
/// `done` is called once on the main loop either way.
@MainActor
final class RepairProcess {
    /// The exit status (`nil`: it could not start, was killed or cancelled) and the output.
    typealias Done = @MainActor (_ status: Int32?, _ output: String) -> Void

    private let cancellable: GObjectHandle<UnsafeMutablePointer<GCancellable>>
    private var subprocess: GObjectHandle<OpaquePointer>?
    private var timer: UInt32 = 0
    private var finished = false

    private init(cancellable: GObjectHandle<UnsafeMutablePointer<GCancellable>>) { self.cancellable = cancellable }

    /// Starts `step`; `done` follows on the main loop (at once, if it cannot start).
    /// Wraps `g_subprocess_newv` and `g_subprocess_communicate_utf8_async`.
    static func run(_ step: DocumentRepair.Step, timeoutSeconds: UInt32, done: @escaping Done) -> RepairProcess {
        let process = RepairProcess(cancellable: GObjectHandle(adopting: g_cancellable_new()!))
        var flags = G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_MERGE.rawValue
        if step.input != nil { flags |= G_SUBPROCESS_FLAGS_STDIN_PIPE.rawValue }
        var argv: [UnsafeMutablePointer<CChar>?] = step.arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var error: UnsafeMutablePointer<GError>?
        let started = argv.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_subprocess_newv($0, GSubprocessFlags(rawValue: flags), &error)
            }
        }
        guard let started else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "it could not be started"
            if error != nil { g_error_free(error) }
            MainLoop.post(priority: G_PRIORITY_DEFAULT) { done(nil, message) }
            process.finished = true
            return process
        }
        let handle = GObjectHandle(adopting: started)
        process.subprocess = handle
        let box = CallbackBox<(OpaquePointer?) -> Void>({ [weak process] result in
            MainActor.assumeIsolated {
                var output: UnsafeMutablePointer<CChar>?
                var failure: UnsafeMutablePointer<GError>?
                let read = g_subprocess_communicate_utf8_finish(handle.pointer, result, &output, nil, &failure) != 0
                let text = output.map { String(cString: $0) } ?? ""
                g_free(output)
                if failure != nil { g_error_free(failure) }
                let status: Int32? = read && g_subprocess_get_if_exited(handle.pointer) != 0 ? g_subprocess_get_exit_status(handle.pointer) : nil
                process?.finish()
                done(status, text)
            }
        })
        let callback: GAsyncReadyCallback = { _, result, data in
            let call = CallbackBox<(OpaquePointer?) -> Void>.from(data)
            Unmanaged<AnyObject>.fromOpaque(data!).release()
            call(result)
        }
        g_subprocess_communicate_utf8_async(started, step.input, process.cancellable.pointer, callback, box.retainedPointer)
        process.timer = MainLoop.after(milliseconds: timeoutSeconds * 1000) { [weak process] in
            process?.timer = 0
            process?.cancel()
        }
        return process
    }

    /// Stops the program (killed) and its reading; `done` still follows, without a status.
    /// Wraps `g_cancellable_cancel` and `g_subprocess_force_exit`.
    func cancel() {
        guard !finished else { return }
        if let subprocess { g_subprocess_force_exit(subprocess.pointer) }
        g_cancellable_cancel(cancellable.pointer)
    }

    private func finish() {
        finished = true
        if timer != 0 { g_source_remove(timer); timer = 0 }
    }
}
