// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import FoundationEssentials
import Platform

/// The session bus connection `connectToSessionBusEarly` made (set once, on the main thread).
nonisolated(unsafe) private var earlySessionBus: OpaquePointer?

/// The `GtkApplication`: one primary instance per session (a second launch with a file hands
/// it to the running one over D-Bus), one ``DocumentWindow`` per document, shown as tabs of a
/// ``TabWindow`` (or each in a window of its own when ``TabsPreference`` is off), keyboard
/// accelerators and the stylesheet.
@MainActor
public final class AnnotatorApplication {
    let gtkApplication: UnsafeMutablePointer<GtkApplication>
    /// Every open document (a tab), in the order they were opened.
    public private(set) var windows: [DocumentWindow] = []
    /// The top-level windows, each holding one or more of the documents as tabs.
    public private(set) var hosts: [TabWindow] = []
    let options: AppOptions
    var stateDump: StateDump?
    /// With the state dump: the input handled and the frames painted (``ScreenProgress``, when
    /// asked for), and the keyboard focus followed into dialogs (``FocusWatch``).
    var progress: ScreenProgress?
    private var focusWatch: FocusWatch?
    /// Set by Quit, which records every window as the last session before they close (so the
    /// window closing last does not record itself alone); cleared when a document opens again.
    var quitting = false
    /// Writes the windows' tabs as the last session whenever they change (``LastSession``).
    private(set) lazy var sessionRecorder = LastSessionRecorder { [unowned self] in self.sessionWindows }
    /// The annotation Ctrl+C copied, for Ctrl+V in any window of the app.
    static var copiedAnnotations: [Annotation] = []

    public init(options: AppOptions) {
        self.options = options
        GraphicsEnvironment.prepare()
        // The first document opens on a worker while GTK starts.
        if let first = options.files.first { DocumentPrefetch.start(path: first) }
        gtkApplication = gtk_application_new(AppOptions.applicationID, G_APPLICATION_HANDLES_OPEN)
        StartupTrace.mark("GtkApplication created")
        // The display's icon theme is made with the bundle's icons as the display opens
        // (DisplayIconTheme); GtkApplication would add them again from its resource base path
        // once the themes are being read, which makes it read them twice.
        g_application_set_resource_base_path(cast(gtkApplication), nil)
        Signals.connect(raw(gdk_display_manager_get()), "display-opened", pointer: { display in
            guard let display else { return }
            DisplayIconTheme.install(on: OpaquePointer(display))
        })
        // Registered on the bus and not handing over to a running instance: the first frame
        // may be rendered ahead (before GTK itself starts).
        Signals.connect(raw(gtkApplication), "notify::is-registered", pointer: { [weak self] _ in
            guard let self else { return }
            let registered = g_application_get_is_registered(cast(self.gtkApplication)) != 0
            // Asked only while registered (GLib asserts it): the property is also notified
            // when it turns false, as a second launch's does before it ends.
            let remote = registered && g_application_get_is_remote(cast(self.gtkApplication)) != 0
            if registered, !remote {
                StartupTrace.mark("registered as the primary instance")
                DocumentPrefetch.allowRendering()
            }
        })
        if let file = options.stateFile {
            stateDump = StateDump(path: file)
            if ScreenProgress.enabled {
                progress = ScreenProgress()
                progress?.onProgress = { [weak self] in self?.writeState() }
            }
        }
        Signals.connect(raw(gtkApplication), "startup") { [weak self] in self?.startup() }
        Signals.connect(raw(gtkApplication), "activate") { [weak self] in self?.activate() }
        // The state dump's last state is written before the app ends (it is written on a thread).
        Signals.connect(raw(gtkApplication), "shutdown") { [weak self] in
            self?.stateDump?.flush()
            LastSession.flush()
        }
        Signals.connect(raw(gtkApplication), "open", open: { [weak self] paths in
            guard let self else { return }
            // A file handed over by a later launch opens, and its first frame renders, on a
            // worker while its window is built, as the first start's does.
            if let first = paths.first {
                DocumentPrefetch.startUnlessPending(path: first)
                DocumentPrefetch.allowRendering()
            }
            self.open(paths: paths, preferring: nil)
        })
    }

    /// Starts connecting to the session bus on GLib's worker thread, to be called first thing in
    /// `main`: GApplication's registration (which has to know whether another instance runs
    /// before any window shows) then finds the connection made while the command line was read
    /// and GTK was set up, and waits only for its name.
    nonisolated public static func connectToSessionBusEarly() {
        g_bus_get(G_BUS_TYPE_SESSION, nil, { _, result, _ in
            // Kept: the bus's shared connection lives as long as someone holds it.
            earlySessionBus = g_bus_get_finish(result, nil)
        }, nil)
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        Localization.bind()
        if StartupTrace.isOn { Self.traceGtkStartUp() }
        var arguments = [CommandLine.arguments.first ?? "pdf-annotator"] + options.files
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        arguments.removeAll()
        return cArguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(cast(gtkApplication), Int32(buffer.count - 1), buffer.baseAddress)
        }
    }

    /// With the trace on, splits GtkApplication's own start-up (between "registered" and
    /// "GTK started"): the display opened ends `gtk_init`; what follows is GTK's session-manager
    /// look-ups on the bus and the theme's stylesheet, read when the icon theme is first asked for.
    private static func traceGtkStartUp() {
        StartupTrace.mark("gettext bound, GApplication running")
        Signals.connect(raw(gdk_display_manager_get()), "display-opened", pointer: { _ in
            StartupTrace.mark("  display opened (gtk_init done)")
        })
    }

    func startup() {
        StartupTrace.mark("GTK started, D-Bus name taken (startup)")
        DocumentPrefetch.allowRendering()
        Stylesheet.load()
        StartupTrace.mark("  stylesheet")
        if stateDump != nil {
            focusWatch = FocusWatch { [weak self] in self?.stateChanged() }
            FrameSharedMemory.onRelease { [weak self] in self?.stateChanged() }
        }
        ColorScheme.follow()
        HighContrast.changed = { [weak self] in
            guard let self else { return }
            for window in self.windows { gtk_widget_queue_draw(window.canvas.area) }
            self.stateChanged()
        }
        HighContrast.follow()
        StartupTrace.mark("  colour scheme")
        setAccels("win.open", ["<Control>o"])
        setAccels("win.context-menu", ["Menu", "<Shift>F10"])
        setAccels("win.go-back", ["<Alt>Left", "Back"])
        setAccels("win.select-all", ["<Control>a"])
        setAccels("win.find", ["<Control>f"])
        setAccels("win.preferences", ["<Control>comma"])
        setAccels("win.properties", ["<Alt>Return"])
        setAccels("win.print", ["<Control>p"])
        setAccels("win.toggle-sidebar", ["F9"])
        setAccels("win.add-bookmark", ["<Control>d"])
        setAccels("win.find-next", ["F3", "<Control>g"])
        setAccels("win.find-previous", ["<Shift>F3", "<Control><Shift>g"])
        setAccels("win.go-forward", ["<Alt>Right", "Forward"])
        setAccels("win.zoom-in", ["<Control>plus", "<Control>equal", "<Control>KP_Add"])
        setAccels("win.zoom-out", ["<Control>minus", "<Control>KP_Subtract"])
        setAccels("win.zoom-reset", ["<Control>0", "<Control>KP_0"])
        setAccels("win.fit-width", ["<Control>1"])
        setAccels("win.fit-page", ["<Control>2"])
        setAccels("win.go-to-page", ["<Control>l"])
        setAccels("win.close", ["<Control>w"])
        setAccels("win.copy", ["<Control>c"])
        setAccels("win.cut", ["<Control>x"])
        setAccels("win.paste", ["<Control>v"])
        setAccels("win.toggle-toolbar", ["F7"])
        setAccels("win.next-region", ["F6"])
        setAccels("win.previous-region", ["<Shift>F6"])
        setAccels("win.show-shortcuts", ["<Control>question", "<Control>F1"])
        setAccels("win.undo", ["<Control>z"])
        setAccels("win.rotate-right", ["<Control>bracketright"])
        setAccels("win.rotate-left", ["<Control>bracketleft"])
        setAccels("win.move-page-up", ["<Alt>Up"])
        setAccels("win.move-page-down", ["<Alt>Down"])
        setAccels("win.fullscreen", ["F11"])
        setAccels("win.toggle-split", ["F8"])
        setAccels("win.zoom-strip", ["<Control><Shift>m"])
        setAccels("win.zoom-strip-return", ["<Control><Shift>Return"])
        setAccels("win.redo", ["<Control><Shift>z", "<Control>y"])
        setAccels("win.save", ["<Control>s"])
        setAccels("win.save-as", ["<Control><Shift>s"])
        setAccels("app.quit", ["<Control>q"])
        setAccels("win.next-tab", ["<Control>Tab", "<Control>Page_Down", "<Control>KP_Page_Down"])
        setAccels("win.previous-tab", ["<Control><Shift>Tab", "<Control><Shift>ISO_Left_Tab", "<Control>Page_Up", "<Control>KP_Page_Up"])
        let quit = g_simple_action_new("quit", nil)
        Signals.connect(raw(quit), "activate", pointer: { [weak self] _ in
            guard let self else { return }
            // Each window asks about its unsaved changes; the app ends with its last window.
            self.recordSession(ending: true)
            self.quitting = true
            for host in self.hosts { gtk_window_close(cast(host.window)) }
        })
        g_action_map_add_action(OpaquePointer(gtkApplication), quit)
        g_object_unref(raw(quit))
        StartupTrace.mark("stylesheet, colour scheme, shortcuts")
    }

    func activate() {
        if let first = hosts.first {
            gtk_window_present(cast(first.window))
            return
        }
        if reopenLastSession() { return }
        let window = makeWindow()
        window.present()
    }

    /// Opens `paths` together (the command line, a second launch, files dropped): each as a
    /// tab of the focused window (or of `preferring`'s), the first of them in front (the later
    /// ones render nothing until they are shown).
    func open(paths: [String], preferring: DocumentWindow?) {
        for (i, path) in paths.enumerated() {
            // With tabs off, each window shows; with tabs on, the later ones open behind.
            open(path: path, preferring: preferring, present: i == 0 || !TabsPreference.isOn)
        }
    }

    /// Opens `path` in `preferring` if that tab shows nothing yet (or an error), otherwise in a
    /// new tab of the focused window (or of `preferring`'s), or, with tabs off, in a new window.
    /// `present`: the tab comes to the front and its window shows.
    @discardableResult
    func open(path: String, preferring: DocumentWindow?, present: Bool = true) -> DocumentWindow {
        let reusable = preferring.flatMap { [.empty, .error].contains($0.content) ? $0 : nil }
            ?? windows.first { $0.content == .empty }
        let window = reusable ?? makeWindow(in: TabsPreference.isOn ? preferring?.host ?? focusedHost : nil, select: present)
        StartupTrace.mark("window built")
        window.open(path: path)
        StartupTrace.mark("document shown in the window")
        if present {
            window.present()
            StartupTrace.mark("window presented")
        }
        if let replay = options.replayInput, windows.count == 1, !replayStarted {
            replayStarted = true
            if InputReplay.targetsZoomStrip(replay) {
                InputReplay.start(file: replay, intoZoomStripOf: window)
            } else {
                InputReplay.start(file: replay, into: window.canvas)
            }
        }
        if let replay = options.replayGridInput, windows.count == 1, !gridReplayStarted {
            gridReplayStarted = true
            InputReplay.start(file: replay, intoPagesGridOf: window)
        }
        if let replay = options.replayPadInput, windows.count == 1, !padReplayStarted {
            padReplayStarted = true
            InputReplay.start(file: replay, intoSignaturePadOf: window)
        }
        return window
    }

    /// The window last focused (GTK keeps the application's windows in that order).
    var focusedHost: TabWindow? {
        guard let active = gtk_application_get_active_window(gtkApplication) else { return hosts.last }
        return hosts.first { OpaquePointer($0.window) == OpaquePointer(active) } ?? hosts.last
    }

    /// A new, empty top-level window for tabs.
    func makeHost() -> TabWindow {
        let host = TabWindow(application: self)
        hosts.append(host)
        return host
    }

    func hostClosed(_ host: TabWindow) {
        hosts.removeAll { $0 === host }
        progress?.forget(host.window)
        stateChanged()
    }

    var replayStarted = false
    var gridReplayStarted = false
    var padReplayStarted = false

    /// A new document tab, in `host` (a new window when `nil`), in front if `select`.
    func makeWindow(in host: TabWindow? = nil, select: Bool = true) -> DocumentWindow {
        quitting = false
        sessionRecorder.isPaused = false
        let host = host ?? makeHost()
        let window = DocumentWindow(application: self, host: host)
        windows.append(window)
        host.add(window, select: select)
        // The input settings (one small file) apply from the first frame: input is read with them.
        window.canvas.followInputSettings()
        progress?.follow(window.canvas, in: window.window)
        for name in options.disabledInteractions {
            window.canvas.interactions.component(named: name)?.isEnabled = false
        }
        if let record = options.recordInput, windows.count == 1 {
            InputRecording.attach(file: record, to: window.canvas)
        }
        stateChanged()
        return window
    }

    func windowClosed(_ window: DocumentWindow) {
        windows.removeAll { $0 === window }
        stateChanged()
    }

    func stateChanged() {
        progress?.stateChanged()
        writeState()
        sessionRecorder.changed()
    }

    /// Writes the state dump again, as it is now (a paint or an input handled: not a change
    /// itself).
    private func writeState() {
        stateDump?.scheduleWrite { [weak self] in self?.windows.map { $0.snapshot() } ?? [] }
    }

    private func setAccels(_ action: String, _ accels: [String]) {
        let strings = accels.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
        pointers.withUnsafeMutableBufferPointer { buffer in
            gtk_application_set_accels_for_action(gtkApplication, action, buffer.baseAddress)
        }
    }
}
