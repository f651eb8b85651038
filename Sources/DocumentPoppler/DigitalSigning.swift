// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import FoundationEssentials
import Geometry
import Platform
import PopplerBridge
#if canImport(Glibc)
import Glibc
#endif

/// A certificate in the user's NSS database that can sign.
public struct SigningCertificate: Equatable, Sendable {
    public var nickname: String
    public var commonName: String
    public var email: String
    /// When it stops being valid, in seconds since 1970.
    public var notAfter: Int
}

/// Why signing did not happen; the source document is unchanged.
public struct SigningError: Error, Equatable, Sendable {
    public var reason: String
}

/// Signing with a certificate from the user's NSS database (`~/.pki/nssdb`, where Firefox and
/// GNOME keep theirs) through poppler core's signing: a new signature field, written into a
/// new file; the document signed is never changed. NSS opens one database per process (the
/// first one named).
public enum DigitalSigning {
    /// The user's NSS database.
    public static var userDatabase: String { "sql:" + homeDirectory + "/.pki/nssdb" }

    /// The certificates that can sign. Wraps `ann_pdf_signing_certificates`.
    public static func certificates(database: String = userDatabase) -> [SigningCertificate] {
        // The user's database is made on first use (it is where an imported certificate goes).
        if database == userDatabase { g_mkdir_with_parents(homeDirectory + "/.pki/nssdb", 0o700) }
        var list: UnsafeMutablePointer<ann_pdf_certificate>?
        let count = ann_pdf_signing_certificates(database, &list)
        defer { ann_pdf_free_certificates(list, max(0, count)) }
        guard count > 0, let list else { return [] }
        return (0..<Int(count)).map { i in
            SigningCertificate(nickname: list[i].nickname.map { String(cString: $0) } ?? "",
                               commonName: list[i].common_name.map { String(cString: $0) } ?? "",
                               email: list[i].email.map { String(cString: $0) } ?? "", notAfter: Int(list[i].not_after))
        }
    }

    /// Reads the database again after another process (NSS's pk12util) imported a certificate
    /// into it. Wraps `ann_pdf_reopen_certificates`.
    @discardableResult
    public static func reopen(database: String = userDatabase) -> Bool { ann_pdf_reopen_certificates(database) == 0 }

    /// What to sign and how.
    public struct Request: Sendable {
        public var source: String
        public var password: String?
        public var target: String
        public var database: String
        public var certificate: String
        public var certificatePassword: String?
        public var field: String
        public var page: PageIndex
        /// The visible signature's box in PDF user space; `nil` for an invisible signature.
        public var rect: Rect?
        public var text: String
        public var reason: String?
        public var location: String?
        public var picture: String?
        /// The user's handwritten signature (an /Ink or a picture /Stamp, as the Sign tool
        /// places it, anywhere): a visible signature shows it on its left, the text on its right.
        public var handwriting: Annotation?
        /// Whether `field` names an empty signature field of the document, signed in place
        /// (`rect` is then its widget's box), rather than a new field to make.
        public var existingField: Bool

        public init(source: String, password: String?, target: String, database: String = DigitalSigning.userDatabase, certificate: String,
                    certificatePassword: String?, field: String, page: PageIndex, rect: Rect?, text: String = "",
                    reason: String? = nil, location: String? = nil, picture: String? = nil, handwriting: Annotation? = nil,
                    existingField: Bool = false) {
            self.source = source
            self.password = password
            self.target = target
            self.database = database
            self.certificate = certificate
            self.certificatePassword = certificatePassword
            self.field = field
            self.page = page
            self.rect = rect
            self.text = text
            self.reason = reason
            self.location = location
            self.picture = picture
            self.handwriting = handwriting
            self.existingField = existingField
        }
    }

    /// Signs `request.source` into `request.target`. Wraps `ann_pdf_sign`.
    public static func sign(_ request: Request) throws(SigningError) {
        let r0 = request.rect
        let box: (Double, Double, Double, Double) = r0.map { ($0.minX, $0.minY, $0.maxX, $0.maxY) } ?? (0, 0, 0, 0)
        var message: UnsafeMutablePointer<CChar>?
        let status: Int32 = withOptionalCString(request.password) { password in
            withOptionalCString(request.certificatePassword) { certificatePassword in
                withOptionalCString(request.reason) { reason in
                    withOptionalCString(request.location) { location in
                        withOptionalCString(request.picture) { picture in
                            var r = ann_pdf_sign_request()
                            return request.source.withCString { source in
                                request.target.withCString { target in
                                    request.database.withCString { database in
                                        request.certificate.withCString { nickname in
                                            request.field.withCString { field in
                                                request.text.withCString { text in
                                                    r.source = source; r.password = password; r.target = target; r.nss_dir = database
                                                    r.nickname = nickname; r.certificate_password = certificatePassword; r.field_name = field
                                                    r.existing_field = request.existingField ? 1 : 0
                                                    r.page = Int32(request.page.rawValue)
                                                    r.rect = box
                                                    r.text = text; r.text_left = nil; r.reason = reason; r.location = location; r.image_path = picture
                                                    return ann_pdf_sign(&r, &message)
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        defer { free(message) }
        guard status == 0 else { throw SigningError(reason: message.map { String(cString: $0) } ?? "signing failed") }
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }
}

extension DigitalSigning {
    /// The form font poppler's signing looks for ("popplerfont…" with /BaseFont "Helvetica "):
    /// when the form has none, poppler embeds a whole system font (hundreds of kilobytes) in
    /// every signature, visible or not. A standard Helvetica (not embedded) in the form's /DR
    /// keeps the signature small.
    static let formFontKey = "popplerfontHelv"

    /// Writes `source` with that font in its form's default resources into `target` (an
    /// incremental update; a document without a form gets one with no fields), and, for a
    /// visible signature, its appearance: a locked stamp on `page` in `rect` with `lines` (the
    /// signer and the date), signed with the rest. (poppler 22.12 draws no appearance for a
    /// signature field whose font is not embedded, and embedding one costs hundreds of
    /// kilobytes.)
    static func prepare(_ source: String, password: String?, into target: String,
                        appearance: (page: PageIndex, rect: Rect, lines: [String], handwriting: Annotation?)?) throws(SigningError) {
        do throws(CoreDocumentError) {
            let core = try CoreDocument.open(path: source, password: password)
            if let appearance { try addAppearance(appearance, to: core) }
            guard let catalogRef = core.catalogRef, var catalog = core.object(catalogRef)?.dictionaryValue else {
                throw CoreDocumentError.rejected("the document has no catalog")
            }
            var formRef: ObjectRef?
            var form = PDFDictionary([("Fields", .array([]))])
            switch catalog["AcroForm"] {
            case .reference(let n, let g)?:
                formRef = ObjectRef(n, g)
                form = core.object(ObjectRef(n, g))?.dictionaryValue ?? form
            case .dictionary(let d)?:
                form = d
            default:
                break
            }
            func resolved(_ value: PDFObject?) -> PDFDictionary {
                if case .reference(let n, let g)? = value { return core.object(ObjectRef(n, g))?.dictionaryValue ?? PDFDictionary() }
                return value?.dictionaryValue ?? PDFDictionary()
            }
            var resources = resolved(form["DR"])
            var fonts = resolved(resources["Font"])
            let helvetica = try core.add(.dictionary(PDFDictionary([
                ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica ")), ("Encoding", .name("WinAnsiEncoding")),
            ])))
            fonts[formFontKey] = .reference(helvetica.number, helvetica.generation)
            resources["Font"] = .dictionary(fonts)
            form["DR"] = .dictionary(resources)
            if let formRef {
                try core.setObject(.dictionary(form), at: formRef)
            } else {
                catalog["AcroForm"] = .dictionary(form)
                try core.setObject(.dictionary(catalog), at: catalogRef)
            }
            try core.save(to: target)
        } catch {
            throw SigningError(reason: "the document could not be prepared for signing (\(error))")
        }
    }
}

extension DigitalSigning {
    /// The visible signature's stamp: a thin frame and the lines in Helvetica (not embedded).
    private static func addAppearance(_ a: (page: PageIndex, rect: Rect, lines: [String], handwriting: Annotation?),
                                      to core: CoreDocument) throws(CoreDocumentError) {
        guard let pageRef = core.pageRef(a.page) else { throw .rejected("page \(a.page.displayNumber)") }
        // The box is in the page's space from its crop box's corner (as the app's model has it).
        let origin = core.pageGeometry(a.page)?.cropOrigin ?? .zero
        let placed = a.rect.offsetBy(Vector(dx: origin.x, dy: origin.y))
        let w = a.rect.width, h = a.rect.height
        let size = 9.0
        var content = "q 0.2 0.3 0.6 RG 0.8 w 0.5 0.5 \(w - 1) \(h - 1) re S Q\n"
        var forms = PDFDictionary()
        var textX = 6.0
        if let handwriting = a.handwriting, let drawn = AppearanceBuilder.appearance(for: handwriting) {
            // The handwritten signature on the left 45 %, fitted in with its proportions kept.
            let form = try core.addForm(drawn)
            forms["Handwriting"] = .reference(form.number, form.generation)
            let box = drawn.boundingBox, room = Rect(x: 4, y: 4, width: w * 0.45 - 8, height: h - 8)
            let scale = min(room.width / max(box.width, 1), room.height / max(box.height, 1))
            let x = room.minX + (room.width - box.width * scale) / 2 - box.minX * scale
            let y = room.minY + (room.height - box.height * scale) / 2 - box.minY * scale
            content += "q \(scale) 0 0 \(scale) \(x) \(y) cm /Handwriting Do Q\n"
            textX = w * 0.45 + 4
        }
        // The lines at 9 points, smaller when the box is narrow or low, centred on its height.
        let encoded = a.lines.map { HelveticaMetrics.encode($0) }
        let widest = encoded.map { HelveticaMetrics.width($0) }.max() ?? 1
        let lineCount = Double(max(1, encoded.count))
        let fitted = max(4, min(size, (w - textX - 4) / max(widest, 0.1), (h - 6) / (lineCount * 1.3)))
        let firstBaseline = h / 2 + (lineCount * fitted * 1.3) / 2 - fitted
        content += "BT /Helv \(fitted) Tf 0.1 0.1 0.1 rg "
        content += "\(textX) \(firstBaseline) Td \(fitted * 1.3) TL "
        for (i, line) in encoded.enumerated() { content += (i == 0 ? "" : "T* ") + HelveticaMetrics.literal(line) + " Tj " }
        content += "ET\n"
        let helvetica = PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica")),
                                       ("Encoding", .name("WinAnsiEncoding"))])
        let stream = try core.addStream(PDFDictionary([
            ("Type", .name("XObject")), ("Subtype", .name("Form")), ("BBox", .numbers([0, 0, w, h])),
            ("Resources", .dictionary(PDFDictionary([("Font", .dictionary(PDFDictionary([("Helv", .dictionary(helvetica))]))),
                                                     ("XObject", .dictionary(forms))]))),
        ]), data: Array(content.utf8))
        let stamp = try core.add(.dictionary(PDFDictionary([
            ("Type", .name("Annot")), ("Subtype", .name("Stamp")), ("Name", .name("DigitallySigned")),
            ("Rect", .numbers([placed.minX, placed.minY, placed.maxX, placed.maxY])), ("F", .integer(4 | 128)),
            ("P", .reference(pageRef.number, pageRef.generation)), ("Contents", .text(a.lines.joined(separator: "\n"))),
            ("AP", .dictionary(PDFDictionary([("N", .reference(stream.number, stream.generation))]))),
        ])))
        let existing = core.annotationRefs(on: a.page)
        try core.setAnnotationEntries(existing.indices.map { AnnotsEntry.kept($0) } + [.reference(stamp)], on: a.page)
    }
}

extension DocumentEditor {
    /// The document as it shows now (the unsaved edits included, a form just filled say),
    /// written to a scratch file for ``DigitalSigning/signEdited(_:)`` (call this on the main
    /// thread, that one on a worker). The file and the editor stay as they are.
    public func signingSource() throws(SigningError) -> String {
        let bytes: [UInt8]
        do { bytes = try renderedBytes() } catch { throw SigningError(reason: "the document could not be written (\(error))") }
        let path = FileManager.default.temporaryDirectory.path + "/pdf-annotator-sign-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pdf"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw SigningError(reason: "no room for the document to sign")
        }
        return path
    }
}

extension DigitalSigning {
    /// Signs `request.source`, a scratch copy from ``DocumentEditor/signingSource()``, into
    /// `request.target` (blocking: cryptography), then removes the scratch copy.
    public static func signEdited(_ request: Request) throws(SigningError) {
        let prepared = request.source + "-font.pdf"
        defer {
            unlink(request.source)
            unlink(prepared)
        }
        let appearance = request.rect.map {
            (page: request.page, rect: $0, lines: request.text.split(separator: "\n").map(String.init), handwriting: request.handwriting)
        }
        try prepare(request.source, password: request.password, into: prepared, appearance: appearance)
        var copy = request
        copy.source = prepared
        // A new signature field stays invisible: the stamp above is its appearance. An existing
        // one keeps its widget, under the stamp.
        copy.rect = nil
        try sign(copy)
    }
}
