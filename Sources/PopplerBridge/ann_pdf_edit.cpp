// SPDX-License-Identifier: GPL-3.0-or-later
//
// The bridge over poppler's core library (libpoppler-private-dev 22.12): a document edited at the
// level of PDF objects and saved as an incremental update. See ann_pdf_edit.h for the contract;
// every rule about what the objects mean lives in Swift.

#include "ann_pdf_edit.h"

#include <poppler-config.h>

#include <Object.h>

#include <Array.h>
#include <Catalog.h>
#include <Dict.h>
#include <ErrorCodes.h>
#include <GlobalParams.h>
#include <PDFDoc.h>
#include <Page.h>
#include <Parser.h>
#include <Stream.h>
#include <XRef.h>
#include <goo/GooString.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace {

// The object-level API this file uses is poppler 22.12's; fail the build on another version
// rather than misbehave at run time.
constexpr bool hasPrefix(const char *s, const char *prefix)
{
    return *prefix == '\0' || (*s == *prefix && hasPrefix(s + 1, prefix + 1));
}
static_assert(hasPrefix(POPPLER_VERSION, "22.12."), "PopplerBridge is written against poppler 22.12 (libpoppler-private-dev)");

std::mutex globalParamsMutex;

// poppler-glib creates globalParams when it opens its first document; whichever of the two
// libraries comes first creates it, and nobody replaces it.
void ensureGlobalParams()
{
    std::lock_guard<std::mutex> lock(globalParamsMutex);
    if (!globalParams) {
        globalParams = std::make_unique<GlobalParams>();
    }
}

// An output stream into memory (poppler 22.12's writers call printf with C formats).
class MemoryOutStream : public OutStream
{
public:
    std::string data;
    void close() override { }
    Goffset getPos() override { return static_cast<Goffset>(data.size()); }
    void put(char c) override { data.push_back(c); }
    void printf(const char *format, ...) override
    {
        va_list args;
        va_start(args, format);
        va_list copy;
        va_copy(copy, args);
        char small[256];
        int needed = std::vsnprintf(small, sizeof small, format, args);
        va_end(args);
        if (needed < 0) {
            va_end(copy);
            return;
        }
        if (static_cast<size_t>(needed) < sizeof small) {
            data.append(small, static_cast<size_t>(needed));
        } else {
            std::string large(static_cast<size_t>(needed) + 1, '\0');
            std::vsnprintf(large.data(), large.size(), format, copy);
            data.append(large.data(), static_cast<size_t>(needed));
        }
        va_end(copy);
    }
};

char *copyOut(const std::string &text, size_t *length)
{
    char *out = static_cast<char *>(std::malloc(text.size() + 1));
    if (out == nullptr) {
        return nullptr;
    }
    std::memcpy(out, text.data(), text.size());
    out[text.size()] = '\0';
    if (length != nullptr) {
        *length = text.size();
    }
    return out;
}

} // namespace

struct ann_pdf
{
    std::unique_ptr<PDFDoc> doc;
    // The data of streams added since opening: MemStream does not own its buffer (and the
    // AutoFreeMemStream that would is not exported by libpoppler 22.12), so the document keeps
    // them until the document is gone (the destructor drops `doc` first).
    std::vector<std::unique_ptr<std::string>> streamBuffers;
    ~ann_pdf() { doc.reset(); }
};

namespace {

// Parses one object from PDF syntax, with no decryption (the text is plain).
Object parseObject(ann_pdf *d, const char *text, size_t length)
{
    if (text == nullptr) {
        return Object(objNull);
    }
    // The lexer reads from a memory stream over this copy, which outlives the parser.
    std::string copy(text, length);
    copy.push_back(' ');
    auto *stream = new MemStream(copy.data(), 0, static_cast<Goffset>(copy.size()), Object(objNull));
    Parser parser(d->doc->getXRef(), stream, false);
    return parser.getObj();
}

// An object (a stream: only its dictionary) in PDF syntax, unencrypted.
std::string objectText(ann_pdf *d, Object &object)
{
    MemoryOutStream out;
    XRef *xref = d->doc->getXRef();
    if (object.isStream()) {
        Object dict(object.getStream()->getDict()->copy(xref));
        PDFDoc::writeObject(&dict, &out, xref, 0, nullptr, cryptRC4, 0, Ref { 0, 0 }, nullptr);
    } else {
        PDFDoc::writeObject(&object, &out, xref, 0, nullptr, cryptRC4, 0, Ref { 0, 0 }, nullptr);
    }
    return out.data;
}

bool validPage(ann_pdf *d, int page)
{
    return d != nullptr && page >= 0 && page < d->doc->getNumPages();
}

// The page dictionary as the xref has it now (edits included), not poppler's cached Page.
Object pageDictionary(ann_pdf *d, int page, Ref *pageRef)
{
    Ref *ref = d->doc->getCatalog()->getPageRef(page + 1);
    if (ref == nullptr) {
        return Object(objNull);
    }
    *pageRef = *ref;
    return d->doc->getXRef()->fetch(*ref);
}

// The page's /Annots array (following one reference).
Object annotsArray(ann_pdf *d, const Object &pageDict)
{
    const Object &annots = pageDict.dictLookupNF("Annots");
    if (annots.isRef()) {
        return d->doc->getXRef()->fetch(annots.getRef());
    }
    return annots.copy();
}

} // namespace

extern "C" {

const char *ann_pdf_poppler_version(void)
{
    return POPPLER_VERSION;
}

ann_pdf *ann_pdf_open(const char *path, const char *password, ann_pdf_status *status)
{
    ann_pdf_status ignored;
    ann_pdf_status &result = status != nullptr ? *status : ignored;
    if (path == nullptr) {
        result = ANN_PDF_ERROR_OPEN;
        return nullptr;
    }
    try {
        ensureGlobalParams();
        std::optional<GooString> secret;
        if (password != nullptr) {
            secret = GooString(password);
        }
        auto doc = std::make_unique<PDFDoc>(std::make_unique<GooString>(path), secret, secret);
        if (!doc->isOk()) {
            switch (doc->getErrorCode()) {
            case errEncrypted:
                result = ANN_PDF_ERROR_PASSWORD;
                break;
            case errOpenFile:
                result = ANN_PDF_ERROR_OPEN;
                break;
            default:
                result = ANN_PDF_ERROR_DAMAGED;
            }
            return nullptr;
        }
        if (doc->getCatalog() == nullptr || !doc->getCatalog()->isOk()) {
            result = ANN_PDF_ERROR_DAMAGED;
            return nullptr;
        }
        result = ANN_PDF_OK;
        auto editable = new ann_pdf;
        editable->doc = std::move(doc);
        return editable;
    } catch (...) {
        result = ANN_PDF_ERROR_DAMAGED;
        return nullptr;
    }
}

void ann_pdf_close(ann_pdf *doc)
{
    delete doc;
}

int ann_pdf_page_count(ann_pdf *doc)
{
    return doc == nullptr ? 0 : doc->doc->getNumPages();
}

int ann_pdf_is_encrypted(ann_pdf *doc)
{
    return doc != nullptr && doc->doc->isEncrypted() ? 1 : 0;
}

int ann_pdf_is_modified(ann_pdf *doc)
{
    return doc != nullptr && doc->doc->getXRef()->isModified() ? 1 : 0;
}

ann_pdf_status ann_pdf_page_geometry(ann_pdf *doc, int page, double crop_box[4], int *rotate)
{
    if (!validPage(doc, page) || crop_box == nullptr) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        Page *p = doc->doc->getPage(page + 1);
        if (p == nullptr) {
            return ANN_PDF_ERROR_ARGUMENT;
        }
        const PDFRectangle *box = p->getCropBox();
        crop_box[0] = box->x1;
        crop_box[1] = box->y1;
        crop_box[2] = box->x2;
        crop_box[3] = box->y2;
        if (rotate != nullptr) {
            *rotate = p->getRotate();
        }
        return ANN_PDF_OK;
    } catch (...) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
}

ann_pdf_ref ann_pdf_page_ref(ann_pdf *doc, int page)
{
    if (!validPage(doc, page)) {
        return ann_pdf_ref { -1, 0 };
    }
    Ref *ref = doc->doc->getCatalog()->getPageRef(page + 1);
    return ref == nullptr ? ann_pdf_ref { -1, 0 } : ann_pdf_ref { ref->num, ref->gen };
}

int ann_pdf_page_annots(ann_pdf *doc, int page, ann_pdf_ref **refs)
{
    if (refs != nullptr) {
        *refs = nullptr;
    }
    if (!validPage(doc, page) || refs == nullptr) {
        return -1;
    }
    try {
        Ref pageRef;
        Object pageDict = pageDictionary(doc, page, &pageRef);
        if (!pageDict.isDict()) {
            return 0;
        }
        Object annots = annotsArray(doc, pageDict);
        if (!annots.isArray() || annots.arrayGetLength() == 0) {
            return 0;
        }
        int count = annots.arrayGetLength();
        auto *out = static_cast<ann_pdf_ref *>(std::malloc(sizeof(ann_pdf_ref) * count));
        if (out == nullptr) {
            return -1;
        }
        for (int i = 0; i < count; ++i) {
            const Object &entry = annots.arrayGetNF(i);
            out[i] = entry.isRef() ? ann_pdf_ref { entry.getRef().num, entry.getRef().gen } : ann_pdf_ref { -1, 0 };
        }
        *refs = out;
        return count;
    } catch (...) {
        return -1;
    }
}

char *ann_pdf_page_annot_text(ann_pdf *doc, int page, int index, size_t *length)
{
    if (!validPage(doc, page) || index < 0) {
        return nullptr;
    }
    try {
        Ref pageRef;
        Object pageDict = pageDictionary(doc, page, &pageRef);
        if (!pageDict.isDict()) {
            return nullptr;
        }
        Object annots = annotsArray(doc, pageDict);
        if (!annots.isArray() || index >= annots.arrayGetLength()) {
            return nullptr;
        }
        Object entry = annots.arrayGet(index);
        if (entry.isNull() || entry.isError()) {
            return nullptr;
        }
        return copyOut(objectText(doc, entry), length);
    } catch (...) {
        return nullptr;
    }
}

ann_pdf_status ann_pdf_set_page_annots(ann_pdf *doc, int page, const ann_pdf_ref *refs, int count)
{
    if (!validPage(doc, page) || count < 0 || (count > 0 && refs == nullptr)) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        XRef *xref = doc->doc->getXRef();
        Ref pageRef;
        Object pageDict = pageDictionary(doc, page, &pageRef);
        if (!pageDict.isDict()) {
            return ANN_PDF_ERROR_ARGUMENT;
        }
        // Inline annotation dictionaries, in order, to put back where the caller keeps them.
        std::vector<Object> inline_;
        Object old = annotsArray(doc, pageDict);
        if (old.isArray()) {
            for (int i = 0; i < old.arrayGetLength(); ++i) {
                const Object &entry = old.arrayGetNF(i);
                if (!entry.isRef()) {
                    inline_.push_back(entry.copy());
                }
            }
        }
        size_t nextInline = 0;
        Object array(new Array(xref));
        for (int i = 0; i < count; ++i) {
            if (refs[i].num >= 0) {
                array.arrayAdd(Object(Ref { refs[i].num, refs[i].gen }));
            } else if (nextInline < inline_.size()) {
                array.arrayAdd(std::move(inline_[nextInline++]));
            }
        }
        const Object &annotsNF = pageDict.dictLookupNF("Annots");
        if (annotsNF.isRef() && xref->fetch(annotsNF.getRef()).isArray()) {
            xref->setModifiedObject(&array, annotsNF.getRef());
        } else {
            Object copy(pageDict.getDict()->copy(xref));
            copy.dictSet("Annots", std::move(array));
            xref->setModifiedObject(&copy, pageRef);
        }
        return ANN_PDF_OK;
    } catch (...) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
}

char *ann_pdf_object_text(ann_pdf *doc, ann_pdf_ref ref, size_t *length)
{
    if (doc == nullptr || ref.num < 0) {
        return nullptr;
    }
    try {
        Object object = doc->doc->getXRef()->fetch(Ref { ref.num, ref.gen });
        if (object.isNull() || object.isError()) {
            return nullptr;
        }
        return copyOut(objectText(doc, object), length);
    } catch (...) {
        return nullptr;
    }
}

unsigned char *ann_pdf_stream_data(ann_pdf *doc, ann_pdf_ref ref, size_t *length)
{
    if (doc == nullptr || ref.num < 0) {
        return nullptr;
    }
    try {
        Object object = doc->doc->getXRef()->fetch(Ref { ref.num, ref.gen });
        if (!object.isStream()) {
            return nullptr;
        }
        std::string data;
        object.getStream()->fillString(data);
        object.getStream()->close();
        return reinterpret_cast<unsigned char *>(copyOut(data, length));
    } catch (...) {
        return nullptr;
    }
}

ann_pdf_status ann_pdf_set_object(ann_pdf *doc, ann_pdf_ref ref, const char *text, size_t length)
{
    if (doc == nullptr || ref.num < 0) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        XRef *xref = doc->doc->getXRef();
        XRefEntry *entry = xref->getEntry(ref.num, false);
        if (entry == nullptr || entry->type == xrefEntryFree) {
            return ANN_PDF_ERROR_ARGUMENT;
        }
        Object object = parseObject(doc, text, length);
        if (object.isError() || object.isEOF() || object.isNull()) {
            return ANN_PDF_ERROR_SYNTAX;
        }
        xref->setModifiedObject(&object, Ref { ref.num, ref.gen });
        return ANN_PDF_OK;
    } catch (...) {
        return ANN_PDF_ERROR_SYNTAX;
    }
}

ann_pdf_ref ann_pdf_add_object(ann_pdf *doc, const char *text, size_t length)
{
    if (doc == nullptr) {
        return ann_pdf_ref { -1, 0 };
    }
    try {
        Object object = parseObject(doc, text, length);
        if (object.isError() || object.isEOF() || object.isNull()) {
            return ann_pdf_ref { -1, 0 };
        }
        Ref ref = doc->doc->getXRef()->addIndirectObject(object);
        return ann_pdf_ref { ref.num, ref.gen };
    } catch (...) {
        return ann_pdf_ref { -1, 0 };
    }
}

ann_pdf_ref ann_pdf_add_stream(ann_pdf *doc, const char *dict_text, size_t dict_length, const unsigned char *data, size_t data_length)
{
    if (doc == nullptr || (data == nullptr && data_length > 0)) {
        return ann_pdf_ref { -1, 0 };
    }
    try {
        Object dict = parseObject(doc, dict_text, dict_length);
        if (!dict.isDict() || !dict.dictLookupNF("Filter").isNull()) {
            return ann_pdf_ref { -1, 0 };
        }
        Object owned(dict.getDict()->copy(doc->doc->getXRef()));
        owned.dictSet("Length", Object(static_cast<int>(data_length)));
        auto buffer = std::make_unique<std::string>(reinterpret_cast<const char *>(data), data_length);
        Stream *stream = new MemStream(buffer->data(), 0, static_cast<Goffset>(data_length), std::move(owned));
        doc->streamBuffers.push_back(std::move(buffer));
        Object streamObject(stream);
        Ref ref = doc->doc->getXRef()->addIndirectObject(streamObject);
        return ann_pdf_ref { ref.num, ref.gen };
    } catch (...) {
        return ann_pdf_ref { -1, 0 };
    }
}

ann_pdf_status ann_pdf_save(ann_pdf *doc, const char *path)
{
    if (doc == nullptr || path == nullptr) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        return doc->doc->saveAs(GooString(path), writeForceIncremental) == errNone ? ANN_PDF_OK : ANN_PDF_ERROR_WRITE;
    } catch (...) {
        return ANN_PDF_ERROR_WRITE;
    }
}

ann_pdf_status ann_pdf_save_to_memory(ann_pdf *doc, unsigned char **data, size_t *length)
{
    if (doc == nullptr || data == nullptr || length == nullptr) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    *data = nullptr;
    *length = 0;
    try {
        MemoryOutStream out;
        if (doc->doc->saveAs(&out, writeForceIncremental) != errNone) {
            return ANN_PDF_ERROR_WRITE;
        }
        *data = reinterpret_cast<unsigned char *>(copyOut(out.data, length));
        return *data != nullptr ? ANN_PDF_OK : ANN_PDF_ERROR_WRITE;
    } catch (...) {
        return ANN_PDF_ERROR_WRITE;
    }
}

void ann_pdf_free(void *pointer)
{
    std::free(pointer);
}

} // extern "C"
