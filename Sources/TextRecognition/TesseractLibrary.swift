// SPDX-License-Identifier: GPL-3.0-or-later
import CTesseract
#if canImport(Glibc)
import Glibc
#endif

/// Tesseract's C API, loaded the first time a page is recognised (or its languages listed)
/// rather than when the app starts.
///
/// Linked, libtesseract brought some thirty libraries into every process at start-up (Leptonica,
/// libarchive, libcurl with its TLS, Kerberos and LDAP stacks, ICU, OpenMP): their relocations and
/// initialisers made about 9 MiB resident before the first page was painted, in a document
/// that has no scanned page. Loaded with `dlopen`, they come with the first recognition only.
/// The header's types are still Tesseract's own; only the functions are looked up here.
struct TesseractLibrary: @unchecked Sendable {
    typealias Level = TessPageIteratorLevel

    let create: @convention(c) () -> OpaquePointer?
    let delete: @convention(c) (OpaquePointer?) -> Void
    let initialise: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let end: @convention(c) (OpaquePointer?) -> Void
    let availableLanguages: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    let deleteTextArray: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void
    let setImage: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int32, Int32, Int32, Int32) -> Void
    let setSourceResolution: @convention(c) (OpaquePointer?, Int32) -> Void
    let clear: @convention(c) (OpaquePointer?) -> Void
    let monitorCreate: @convention(c) () -> OpaquePointer?
    let monitorDelete: @convention(c) (OpaquePointer?) -> Void
    let monitorSetCancelThis: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    let monitorSetCancelFunc: @convention(c) (OpaquePointer?, TessCancelFunc?) -> Void
    let recognize: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let iterator: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let iteratorDelete: @convention(c) (OpaquePointer?) -> Void
    let pageIterator: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let utf8Text: @convention(c) (OpaquePointer?, Level) -> UnsafeMutablePointer<CChar>?
    let deleteText: @convention(c) (UnsafePointer<CChar>?) -> Void
    let boundingBox: @convention(c) (OpaquePointer?, Level, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                     UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    let baseline: @convention(c) (OpaquePointer?, Level, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                  UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    let confidence: @convention(c) (OpaquePointer?, Level) -> Float
    let isAtBeginningOf: @convention(c) (OpaquePointer?, Level) -> Int32
    let next: @convention(c) (OpaquePointer?, Level) -> Int32

    /// The library's file name (Tesseract 5's soname, as Debian 12 installs it).
    static let fileName = "libtesseract.so.5"

    /// The library, loaded on first use (nil if it is not installed or lacks a function).
    static let shared: TesseractLibrary? = load()

    /// Whether the library is in the process now: false until something needs Tesseract.
    static var isLoaded: Bool {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_NOLOAD) else { return false }
        dlclose(handle)
        return true
    }

    private static func load() -> TesseractLibrary? {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else { return nil }
        var missing = false
        func symbol<T>(_ name: String, as type: T.Type) -> T {
            // A placeholder for a missing one, never called: the library is then refused whole.
            guard let found = dlsym(handle, name) else { missing = true; return unsafeBitCast(UnsafeMutableRawPointer(bitPattern: 1)!, to: T.self) }
            return unsafeBitCast(found, to: T.self)
        }
        let library = TesseractLibrary(
            create: symbol("TessBaseAPICreate", as: (@convention(c) () -> OpaquePointer?).self),
            delete: symbol("TessBaseAPIDelete", as: (@convention(c) (OpaquePointer?) -> Void).self),
            initialise: symbol("TessBaseAPIInit3", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            end: symbol("TessBaseAPIEnd", as: (@convention(c) (OpaquePointer?) -> Void).self),
            availableLanguages: symbol("TessBaseAPIGetAvailableLanguagesAsVector",
                                       as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?).self),
            deleteTextArray: symbol("TessDeleteTextArray", as: (@convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void).self),
            setImage: symbol("TessBaseAPISetImage", as: (@convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int32, Int32, Int32, Int32) -> Void).self),
            setSourceResolution: symbol("TessBaseAPISetSourceResolution", as: (@convention(c) (OpaquePointer?, Int32) -> Void).self),
            clear: symbol("TessBaseAPIClear", as: (@convention(c) (OpaquePointer?) -> Void).self),
            monitorCreate: symbol("TessMonitorCreate", as: (@convention(c) () -> OpaquePointer?).self),
            monitorDelete: symbol("TessMonitorDelete", as: (@convention(c) (OpaquePointer?) -> Void).self),
            monitorSetCancelThis: symbol("TessMonitorSetCancelThis", as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void).self),
            monitorSetCancelFunc: symbol("TessMonitorSetCancelFunc", as: (@convention(c) (OpaquePointer?, TessCancelFunc?) -> Void).self),
            recognize: symbol("TessBaseAPIRecognize", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
            iterator: symbol("TessBaseAPIGetIterator", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            iteratorDelete: symbol("TessResultIteratorDelete", as: (@convention(c) (OpaquePointer?) -> Void).self),
            pageIterator: symbol("TessResultIteratorGetPageIterator", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            utf8Text: symbol("TessResultIteratorGetUTF8Text", as: (@convention(c) (OpaquePointer?, Level) -> UnsafeMutablePointer<CChar>?).self),
            deleteText: symbol("TessDeleteText", as: (@convention(c) (UnsafePointer<CChar>?) -> Void).self),
            boundingBox: symbol("TessPageIteratorBoundingBox", as: (@convention(c) (OpaquePointer?, Level, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                                                                      UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32).self),
            baseline: symbol("TessPageIteratorBaseline", as: (@convention(c) (OpaquePointer?, Level, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                                                                UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32).self),
            confidence: symbol("TessResultIteratorConfidence", as: (@convention(c) (OpaquePointer?, Level) -> Float).self),
            isAtBeginningOf: symbol("TessPageIteratorIsAtBeginningOf", as: (@convention(c) (OpaquePointer?, Level) -> Int32).self),
            next: symbol("TessResultIteratorNext", as: (@convention(c) (OpaquePointer?, Level) -> Int32).self))
        // A library without one of them is not one this code was written for: none is called.
        return missing ? nil : library
    }
}
