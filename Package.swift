// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

/// The annotator is layered so that the interaction engine, the layout engine and the document
/// model build and test with no GTK, poppler or cairo headers (see ARCHITECTURE in the DocC
/// catalogues). Only DocumentPoppler, Rendering and GtkShell reach the C libraries.
let package = Package(
    name: "pdf-annotator",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "InteractionEngine", targets: ["InteractionEngine"]),
        .library(name: "DocumentLayout", targets: ["DocumentLayout"]),
        .library(name: "Document", targets: ["Document"]),
        .library(name: "DocumentSession", targets: ["DocumentSession"]),
        .library(name: "DocumentPoppler", targets: ["DocumentPoppler"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "GtkShell", targets: ["GtkShell"]),
        .executable(name: "pdf-annotator", targets: ["pdf-annotator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries found with pkg-config.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // poppler's core (C++), for what poppler-glib 22.12 cannot do; only PopplerBridge uses it.
        .systemLibrary(name: "CPopplerCore", pkgConfig: "poppler", providers: [.apt(["libpoppler-private-dev"])]),
        // nettle: AES-256-GCM and PBKDF2 for the journal of documents that need a password.
        .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
        // Tesseract 5's C API (TessBaseAPI), for text on scanned pages; only TextRecognition uses it, and loads
        // the library with dlopen at the first recognition (TesseractLibrary): not linked.
        .systemLibrary(name: "CTesseract", providers: [.apt(["libtesseract-dev"])]),
        // GObject/GTK macros and variadic calls as plain C functions.
        .target(name: "CShim", dependencies: ["CGtk"]),

        // Pure Swift layers.
        .target(name: "Geometry", linkerSettings: [.linkedLibrary("m")]),
        // Locks, worker threads and files over POSIX, so that the app links no Foundation.
        .target(name: "Platform"),
        .target(name: "InteractionEngine", dependencies: ["Document", "Geometry"]),
        .target(name: "DocumentLayout", dependencies: ["Geometry"]),
        .target(name: "Document", dependencies: ["Geometry"]),
        // The state dump's format (`--state-file`): written by the app, read by the UI tests and
        // the benchmarks, one definition.
        .target(name: "StateSnapshot"),
        // The document as a reader's session sees it, with no widget: view state and its
        // transitions, tested headless by random walks.
        .target(name: "DocumentSession", dependencies: ["DocumentLayout", "InteractionEngine", "Document", "Geometry"]),

        // The one C++ target: PDF objects edited with poppler's core, behind a C header.
        .target(name: "PopplerBridge", dependencies: ["CPopplerCore"], linkerSettings: [.linkedLibrary("poppler"), .linkedLibrary("z"), .linkedLibrary("nss3")]),

        // Platform layers.
        .target(
            name: "DocumentPoppler", dependencies: ["Document", "Geometry", "CPoppler", "CCairo", "CNettle", "PopplerBridge", "Platform"],
            // GMemoryInputStream: an edited document is read as its original bytes and its update.
            linkerSettings: [.linkedLibrary("gio-2.0")]
        ),
        // Words with boxes and confidence read from page images by Tesseract, cached per document.
        .target(name: "TextRecognition", dependencies: ["CTesseract", "Document", "Geometry", "Platform"]),
        .target(name: "Rendering", dependencies: ["Document", "DocumentLayout", "Geometry", "CCairo", "Platform"]),
        .target(
            name: "GtkShell",
            dependencies: [
                "Geometry", "InteractionEngine", "DocumentLayout", "Document", "DocumentSession", "DocumentPoppler", "StateSnapshot",
                "Rendering", "Platform", "CGtk", "CShim", "CCairo", "TextRecognition",
            ]
        ),
        .executableTarget(
            name: "pdf-annotator",
            dependencies: ["GtkShell", "Platform", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // A seeded random editing session the crash tests kill (Tests/CrashSession; not shipped).
        .executableTarget(name: "crash-session", dependencies: ["DocumentPoppler", "Document", "Geometry", "SeededRandom"], path: "Tests/CrashSession"),
        // One seeded generator for randomised tests and benchmarks.
        .target(name: "SeededRandom"),
        // What several test targets share: reading MuPDF's renderings.
        .target(name: "TestSupport", dependencies: ["SeededRandom"], path: "Tests/TestSupport"),

        // Benchmarks (not tests), all under Sources/Benchmarks: `swift run -c release engine-bench`.
        .executableTarget(name: "engine-bench", dependencies: ["InteractionEngine", "DocumentSession", "Document", "Geometry", "SeededRandom"], path: "Sources/Benchmarks/engine-bench"),
        // `swift run -c release edit-bench [document.pdf]`: save against cp, undo with 10,000 annotations.
        .executableTarget(name: "edit-bench", dependencies: ["DocumentPoppler", "Document", "Geometry", "TestSupport"], path: "Sources/Benchmarks/edit-bench"),
        // `swift run -c release search-bench [document.pdf] [word]`: the search bar's search against pdftotext | grep -c.
        .executableTarget(name: "search-bench", dependencies: ["DocumentPoppler", "Document", "Geometry", "Rendering", "BenchSupport"], path: "Sources/Benchmarks/search-bench"),
        // `swift run -c release thumbnail-bench`: the sidebar's visible thumbnails in the real app against poppler alone.
        .executableTarget(name: "thumbnail-bench", dependencies: ["DocumentPoppler", "Geometry", "BenchSupport", "StateSnapshot"], path: "Sources/Benchmarks/thumbnail-bench"),
        // What the benchmarks that drive the real app share: their own Xvfb and session bus.
        .target(name: "BenchSupport", path: "Sources/Benchmarks/BenchSupport"),
        // `swift run -c release layout-bench`: 100,000 pages laid out and queried in every mode.
        .executableTarget(name: "layout-bench", dependencies: ["DocumentLayout", "Geometry"], path: "Sources/Benchmarks/layout-bench"),
        // `swift run -c release ink-bench`: input-to-frame latency of a replayed pen stroke in the real app.
        .executableTarget(name: "ink-bench", dependencies: ["InteractionEngine", "Geometry", "BenchSupport"], path: "Sources/Benchmarks/ink-bench"),
        // `swift run -c release fault-bench [count]`: mutated documents opened in child processes, and killed editing sessions.
        .executableTarget(name: "fault-bench", dependencies: ["DocumentPoppler", "Document", "Geometry", "SeededRandom"], path: "Sources/Benchmarks/fault-bench"),
        // Frame times at 1920×1080, cairo and GL: page curls, wheel scrolling at 100% and 300% (not a test).
        .executableTarget(name: "frame-bench", dependencies: ["BenchSupport", "StateSnapshot"], path: "Sources/Benchmarks/frame-bench"),

        // `swift run -c release ocr-bench`: recognising an A4 page at 300 dpi against the tesseract command.
        .executableTarget(name: "ocr-bench", dependencies: ["TextRecognition", "Geometry", "CCairo"], path: "Sources/Benchmarks/ocr-bench"),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "DocumentTests", dependencies: ["Document", "Geometry", "SeededRandom"]),
        .testTarget(name: "DocumentLayoutTests", dependencies: ["DocumentLayout", "Geometry", "SeededRandom"]),
        .testTarget(name: "DocumentSessionTests", dependencies: ["DocumentSession", "DocumentLayout", "InteractionEngine", "Geometry", "SeededRandom"]),
        .testTarget(name: "InteractionEngineTests", dependencies: ["InteractionEngine", "Document", "Geometry", "SeededRandom"]),
        .testTarget(name: "DocumentPopplerTests", dependencies: ["DocumentPoppler", "Document", "Geometry", "SeededRandom", "TestSupport"]),
        .testTarget(name: "TextRecognitionTests", dependencies: ["TextRecognition", "DocumentPoppler", "Document", "Geometry", "CCairo", "TestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "DocumentLayout", "Geometry", "CCairo", "SeededRandom"]),
        .testTarget(name: "UITests", dependencies: ["InteractionEngine", "Geometry", "TestSupport", "BenchSupport", "StateSnapshot"]),
        .testTarget(name: "GtkShellTests", dependencies: ["GtkShell", "InteractionEngine", "Geometry", "Rendering", "CCairo", "CGtk", "TestSupport", "Document", "DocumentPoppler", "DocumentSession", "DocumentLayout"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
