// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A one-page PDF written by hand that carries files: entries of the catalog's /EmbeddedFiles
/// name tree, /FileAttachment annotations, and media annotations (a /Screen whose rendition
/// action plays an embedded clip, a /Sound with its samples, a /RichMedia with its assets, a
/// /Movie with its file embedded or not). Names are written byte for byte
/// (hex strings), so tests can give hostile ones ("../x", "/etc/x", NUL, 300 characters).
public struct AttachmentsPDF {
    public struct File {
        public var name: String
        public var bytes: [UInt8]
        public var description: String?
        public var mimeType: String?
        public init(name: String, bytes: [UInt8], description: String? = nil, mimeType: String? = nil) {
            self.name = name
            self.bytes = bytes
            self.description = description
            self.mimeType = mimeType
        }
    }

    /// A /Screen annotation with a rendition action (/S /Rendition, /OP 0) that plays `clip`
    /// embedded as a media clip's data, at `rect` on the page.
    public struct ScreenClip {
        public var clip: File
        public var rect: [Double]
        public init(clip: File, rect: [Double]) { self.clip = clip; self.rect = rect }
    }

    /// A /Sound annotation whose sound stream holds raw samples (/R rate, /C channels,
    /// /B bits per sample, /E /Signed).
    public struct Sound {
        public var samples: [UInt8]
        public var rate: Int
        public var channels: Int
        public var bits: Int
        public var rect: [Double]
        public init(samples: [UInt8], rate: Int, channels: Int, bits: Int, rect: [Double]) {
            self.samples = samples
            self.rate = rate
            self.channels = channels
            self.bits = bits
            self.rect = rect
        }
    }

    /// A /RichMedia annotation (RichMediaContent with /Assets and /Configurations, and
    /// RichMediaSettings whose /Activation names the configuration to use).
    public struct RichMedia {
        /// One RichMediaInstance: its /Subtype ("Sound", "Video", "Flash"), the asset it names
        /// (an index into ``assets``; `nil` or out of range: a reference to an object that does
        /// not exist) and a Flash instance's FlashVars.
        public struct Instance {
            public var subtype: String
            public var asset: Int?
            public var flashVars: String?
            public init(subtype: String, asset: Int?, flashVars: String? = nil) {
                self.subtype = subtype
                self.asset = asset
                self.flashVars = flashVars
            }
        }

        public var assets: [File]
        /// Each configuration's instances (its /Subtype is its first instance's).
        public var configurations: [[Instance]]
        /// The configuration /Activation names (`nil`: none named).
        public var activated: Int?
        public var rect: [Double]
        /// Assets stored as if deflated (/Filter /FlateDecode) while their bytes are not.
        public var damagedAssets: Set<Int>

        public init(assets: [File], configurations: [[Instance]], activated: Int? = nil, rect: [Double], damagedAssets: Set<Int> = []) {
            self.assets = assets
            self.configurations = configurations
            self.activated = activated
            self.rect = rect
            self.damagedAssets = damagedAssets
        }

        /// One asset played by one instance of `subtype` ("Sound" or "Video").
        public static func playing(_ file: File, as subtype: String = "Sound", rect: [Double]) -> RichMedia {
            RichMedia(assets: [file], configurations: [[Instance(subtype: subtype, asset: 0)]], activated: 0, rect: rect)
        }
    }

    /// A /Movie annotation whose /Movie /F is a file specification: with the file embedded
    /// (/EF), or naming a file outside the document when `embedded` is false.
    public struct Movie {
        public var file: File
        public var embedded: Bool
        public var rect: [Double]
        public init(file: File, embedded: Bool = true, rect: [Double]) {
            self.file = file
            self.embedded = embedded
            self.rect = rect
        }
    }

    public var embedded: [File]
    /// Each a /FileAttachment on the page, 24 pt square, one beside the other from (50, 700).
    public var annotated: [File]
    public var screens: [ScreenClip]
    public var sounds: [Sound]
    public var richMedia: [RichMedia]
    public var movies: [Movie]
    /// Blank pages after the page with the files and media (each 300 × 400 points).
    public var blankPagesAfter = 0

    public init(embedded: [File] = [], annotated: [File] = [], screens: [ScreenClip] = [], sounds: [Sound] = [],
                richMedia: [RichMedia] = [], movies: [Movie] = []) {
        self.embedded = embedded
        self.annotated = annotated
        self.screens = screens
        self.sounds = sounds
        self.richMedia = richMedia
        self.movies = movies
    }

    /// A PDF string of `text`'s bytes: hex, so any byte goes.
    public static func hex(_ bytes: [UInt8]) -> String { "<" + bytes.map { String(format: "%02X", $0) }.joined() + ">" }
    /// A text string (UTF-16BE with its mark), hex.
    public static func text(_ s: String) -> String { hex([0xFE, 0xFF] + s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) }

    public func data() -> Data {
        var objects: [Data] = []
        func add(_ body: String) -> Int {
            objects.append(Data(body.utf8))
            return objects.count
        }
        func addStream(_ dictionary: String, _ bytes: [UInt8]) -> Int {
            var d = Data("<< \(dictionary) /Length \(bytes.count) >>\nstream\n".utf8)
            d.append(contentsOf: bytes)
            d.append(Data("\nendstream".utf8))
            objects.append(d)
            return objects.count
        }
        func fileSpec(_ file: File, damaged: Bool = false) -> Int {
            var dict = "/Type /EmbeddedFile /Params << /Size \(file.bytes.count) >>"
            if let type = file.mimeType { dict += " /Subtype /" + type.replacingOccurrences(of: "/", with: "#2F") }
            if damaged { dict += " /Filter /FlateDecode" }
            let stream = addStream(dict, file.bytes)
            let desc = file.description.map { " /Desc " + Self.text($0) } ?? ""
            return add("<< /Type /Filespec /F \(Self.hex(Array(file.name.utf8))) /UF \(Self.text(file.name))\(desc) /EF << /F \(stream) 0 R >> >>")
        }
        // 1 catalog, 2 pages, 3 page, 4 content: filled in at the end.
        for _ in 0..<4 { objects.append(Data()) }
        var names: [String] = []
        for (i, file) in embedded.enumerated() {
            names.append("(f\(String(format: "%03d", i))) \(fileSpec(file)) 0 R")
        }
        var annots: [Int] = []
        for (i, file) in annotated.enumerated() {
            let spec = fileSpec(file)
            let x = 50 + Double(i) * 30
            annots.append(add("<< /Type /Annot /Subtype /FileAttachment /Rect [\(x) 700 \(x + 24) 724] /FS \(spec) 0 R /Name /Paperclip /P 3 0 R /Contents \(Self.text(file.description ?? file.name)) >>"))
        }
        for screen in screens {
            let spec = fileSpec(screen.clip)
            let type = screen.clip.mimeType ?? "application/octet-stream"
            let clip = add("<< /Type /MediaClip /S /MCD /CT \(Self.hex(Array(type.utf8))) /D \(spec) 0 R /N (clip) >>")
            let rendition = add("<< /Type /Rendition /S /MR /C \(clip) 0 R /N (rendition) >>")
            let r = screen.rect.map { String($0) }.joined(separator: " ")
            // The annotation's number is the next object's; the action names it in /AN.
            let annot = objects.count + 2
            let action = add("<< /Type /Action /S /Rendition /OP 0 /R \(rendition) 0 R /AN \(annot) 0 R >>")
            annots.append(add("<< /Type /Annot /Subtype /Screen /Rect [\(r)] /A \(action) 0 R /P 3 0 R /T (clip) >>"))
        }
        for sound in sounds {
            let stream = addStream("/Type /Sound /R \(sound.rate) /C \(sound.channels) /B \(sound.bits) /E /Signed", sound.samples)
            let r = sound.rect.map { String($0) }.joined(separator: " ")
            annots.append(add("<< /Type /Annot /Subtype /Sound /Rect [\(r)] /Sound \(stream) 0 R /Name /Speaker /P 3 0 R >>"))
        }
        for media in richMedia {
            let specs = media.assets.enumerated().map { fileSpec($1, damaged: media.damagedAssets.contains($0)) }
            let names = zip(media.assets, specs).map { "\(Self.hex(Array($0.name.utf8))) \($1) 0 R" }.joined(separator: " ")
            let configurations = media.configurations.map { instances -> Int in
                let list = instances.map { instance -> String in
                    let asset = instance.asset.flatMap { specs.indices.contains($0) ? specs[$0] : nil }.map { "\($0) 0 R" } ?? "9999 0 R"
                    let vars = instance.flashVars.map { " /Params << /Type /RichMediaParams /FlashVars \(Self.hex(Array($0.utf8))) >>" } ?? ""
                    return "<< /Type /RichMediaInstance /Subtype /\(instance.subtype) /Asset \(asset)\(vars) >>"
                }
                let subtype = instances.first?.subtype ?? "Video"
                return add("<< /Type /RichMediaConfiguration /Subtype /\(subtype) /Instances [\(list.joined(separator: " "))] >>")
            }
            let content = add("<< /Type /RichMediaContent /Assets << /Names [\(names)] >> "
                + "/Configurations [\(configurations.map { "\($0) 0 R" }.joined(separator: " "))] >>")
            let named = media.activated.flatMap { configurations.indices.contains($0) ? " /Configuration \(configurations[$0]) 0 R" : nil } ?? ""
            let settings = add("<< /Type /RichMediaSettings /Activation << /Type /RichMediaActivation /Condition /XA\(named) >> "
                + "/Deactivation << /Type /RichMediaDeactivation /Condition /XD >> >>")
            let r = media.rect.map { String($0) }.joined(separator: " ")
            annots.append(add("<< /Type /Annot /Subtype /RichMedia /Rect [\(r)] /RichMediaContent \(content) 0 R "
                + "/RichMediaSettings \(settings) 0 R /P 3 0 R /NM (richmedia) >>"))
        }
        for movie in movies {
            let spec = movie.embedded ? fileSpec(movie.file) : add("<< /Type /Filespec /F \(Self.hex(Array(movie.file.name.utf8))) >>")
            let r = movie.rect.map { String($0) }.joined(separator: " ")
            annots.append(add("<< /Type /Annot /Subtype /Movie /Rect [\(r)] /Movie << /F \(spec) 0 R /Aspect [320 240] >> /P 3 0 R /T (movie) >>"))
        }
        let content = "0 0 0 rg BT /F1 18 Tf 50 600 Td (Files and media) Tj ET\n"
        let namesEntry = names.isEmpty ? "" : "/Names << /EmbeddedFiles << /Names [\(names.joined(separator: " "))] >> >>"
        objects[0] = Data("<< /Type /Catalog /Pages 2 0 R \(namesEntry) >>".utf8)
        let blanks = (0..<blankPagesAfter).map { _ in add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>") }
        objects[1] = Data("<< /Type /Pages /Kids [\(([3] + blanks).map { "\($0) 0 R" }.joined(separator: " "))] /Count \(1 + blanks.count) >>".utf8)
        let annotsEntry = annots.isEmpty ? "" : "/Annots [\(annots.map { "\($0) 0 R" }.joined(separator: " "))]"
        objects[2] = Data(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
            + "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> \(annotsEntry) >>").utf8)
        objects[3] = Data("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8)
        var out = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out.append(Data("\(i + 1) 0 obj\n".utf8))
            out.append(body)
            out.append(Data("\nendobj\n".utf8))
        }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /ID [<0A1B2C3D4E5F60718293A4B5C6D7E8F9> <0A1B2C3D4E5F60718293A4B5C6D7E8F9>] >>\nstartxref\n\(xref)\n%%EOF\n"
        out.append(Data(table.utf8))
        return out
    }

    /// A WAV file (RIFF, PCM) of `samples` 16-bit mono samples at `rate`: a sine tone of
    /// `frequency` Hz, for media tests.
    public static func wav(seconds: Double = 0.5, rate: Int = 8000, frequency: Double = 440) -> [UInt8] {
        let count = Int(seconds * Double(rate))
        var pcm: [UInt8] = []
        for i in 0..<count {
            let v = Int16(sin(2 * Double.pi * frequency * Double(i) / Double(rate)) * 12000)
            pcm += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
        }
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        return Array("RIFF".utf8) + le32(36 + pcm.count) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(rate)
            + le32(rate * 2) + le16(2) + le16(16) + Array("data".utf8) + le32(pcm.count) + pcm
    }
}
