// SPDX-License-Identifier: GPL-3.0-or-later
import Document

extension CoreDocument {
    /// Adds a picture as an image XObject: RGB samples (Flate) or, for a photo, the JPEG it is
    /// (DCT); its alpha, when it has one, as a soft mask.
    func addImage(_ image: StampImage) throws(CoreDocumentError) -> ObjectRef {
        func dictionary(colorSpace: String) -> PDFDictionary {
            PDFDictionary([
                ("Type", .name("XObject")), ("Subtype", .name("Image")),
                ("Width", .number(Double(image.pixelWidth))), ("Height", .number(Double(image.pixelHeight))),
                ("ColorSpace", .name(colorSpace)), ("BitsPerComponent", .number(8)),
            ])
        }
        var picture = dictionary(colorSpace: "DeviceRGB")
        if let alpha = image.alpha {
            let mask = try addStream(dictionary(colorSpace: "DeviceGray"), data: alpha.bytes)
            picture["SMask"] = .reference(mask.number, mask.generation)
        }
        if let jpeg = image.jpeg {
            // A photo goes in as the JPEG it is.
            picture["Filter"] = .name("DCTDecode")
            return try addEncodedStream(picture, data: jpeg.bytes)
        }
        return try addStream(picture, data: image.samples.bytes)
    }

    /// Adds an appearance the app drew as a form XObject, its pictures as image objects.
    func addForm(_ stream: AppearanceStream) throws(CoreDocumentError) -> ObjectRef {
        try addStream(Self.formDictionary(stream, image: addImage), data: stream.content)
    }

    /// The form XObject dictionary of an appearance the app drew: its box, matrix and
    /// resources, each picture named in /XObject as the object `image` gives for it.
    static func formDictionary(_ stream: AppearanceStream,
                               image: (StampImage) throws(CoreDocumentError) -> ObjectRef) throws(CoreDocumentError) -> PDFDictionary {
        var form = PDFDictionary([
            ("Type", .name("XObject")), ("Subtype", .name("Form")),
            ("BBox", .numbers([stream.boundingBox.minX, stream.boundingBox.minY, stream.boundingBox.maxX, stream.boundingBox.maxY])),
        ])
        if let matrix = stream.matrix { form["Matrix"] = .numbers(matrix) }
        var resources = stream.resources
        if !stream.images.isEmpty {
            var pictures = PDFDictionary()
            for (name, picture) in stream.images.sorted(by: { $0.key < $1.key }) {
                let ref = try image(picture)
                pictures[name] = .reference(ref.number, ref.generation)
            }
            resources["XObject"] = .dictionary(pictures)
        }
        if !resources.isEmpty { form["Resources"] = .dictionary(resources) }
        return form
    }
}
