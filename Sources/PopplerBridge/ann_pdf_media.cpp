// SPDX-License-Identifier: GPL-3.0-or-later
//
// RichMedia and embedded Movie files from poppler's core (22.12). See ann_pdf_media.h.

#include "ann_pdf_media.h"

#include <Annot.h>
#include <Error.h>
#include <FileSpec.h>
#include <GlobalParams.h>
#include <PDFDoc.h>
#include <Page.h>
#include <Stream.h>
#include <UTF.h>
#include <goo/GooString.h>
#include <goo/gmem.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

void quietErrors(ErrorCategory, Goffset, const char *) { }

// A PDF text string (PDFDocEncoding or UTF-16BE with its mark) as UTF-8.
std::string utf8(const GooString *s)
{
    if (s == nullptr) {
        return {};
    }
    Unicode *ucs4 = nullptr;
    const int count = TextStringToUCS4(s->toStr(), &ucs4);
    std::string out;
    for (int i = 0; i < count; ++i) {
        Unicode c = ucs4[i];
        if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
            c = 0xFFFD;
        }
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xE0 | (c >> 12));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (c >> 18));
            out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    gfree(ucs4);
    return out;
}

char *copy(const std::string &s)
{
    char *out = static_cast<char *>(std::malloc(s.size() + 1));
    if (out != nullptr) {
        std::memcpy(out, s.data(), s.size());
        out[s.size()] = '\0';
    }
    return out;
}

std::string lowercased(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// Whether a file's name or MIME type says audio or video (a Flash player does not).
bool looksPlayable(const std::string &name, const std::string &mime)
{
    const std::string type = lowercased(mime);
    if (type.rfind("audio/", 0) == 0 || type.rfind("video/", 0) == 0) {
        return true;
    }
    const auto dot = name.rfind('.');
    if (dot == std::string::npos) {
        return false;
    }
    static const char *const endings[] = { "mp4", "m4v", "mov", "webm", "ogv", "ogg", "oga", "opus", "mp3", "wav", "m4a",
                                           "aac", "flac", "mkv", "avi", "mpg", "mpeg", "3gp", "flv" };
    const std::string ending = lowercased(name.substr(dot + 1));
    return std::any_of(std::begin(endings), std::end(endings), [&](const char *e) { return ending == e; });
}

// "%41" as "A"; other bytes as they are.
std::string percentDecoded(const std::string &s)
{
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1]))
            && std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

// The file a Flash player's FlashVars names ("source=clip.mp4&autoPlay=true").
std::vector<std::string> flashSources(const std::string &vars)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= vars.size()) {
        const size_t end = std::min(vars.find('&', start), vars.size());
        const std::string pair = vars.substr(start, end - start);
        const size_t eq = pair.find('=');
        if (eq != std::string::npos) {
            const std::string key = lowercased(pair.substr(0, eq));
            if (key == "source" || key == "src" || key == "file" || key == "url") {
                out.push_back(percentDecoded(pair.substr(eq + 1)));
            }
        }
        start = end + 1;
    }
    return out;
}

// The last path component of a name ("media/clip.mp4" -> "clip.mp4").
std::string baseName(const std::string &name)
{
    const auto slash = name.find_last_of("/\\");
    return slash == std::string::npos ? name : name.substr(slash + 1);
}

// One asset of RichMediaContent /Assets: its name, its file specification, and the reference
// the name tree holds it under (instances name assets by reference).
struct Asset
{
    std::string name;
    Object fileSpec;
    std::optional<Ref> ref;
};

// What was chosen to play: a file specification and its name.
struct Choice
{
    std::string contentType;
    std::string name;
    Object fileSpec;
};

std::vector<Asset> assets(const AnnotRichMedia *annot, const Object &contentDict)
{
    std::vector<Asset> out;
    const AnnotRichMedia::Content *content = annot->getContent();
    if (content == nullptr) {
        return out;
    }
    // The references, from the name tree's flat /Names array, which poppler's Content reads too.
    std::vector<std::optional<Ref>> refs;
    Object tree = contentDict.dictLookup("Assets");
    if (tree.isDict()) {
        Object names = tree.dictLookup("Names");
        if (names.isArray()) {
            for (int i = 1; i < names.arrayGetLength(); i += 2) {
                const Object &value = names.arrayGetNF(i);
                refs.push_back(value.isRef() ? std::optional<Ref>(value.getRef()) : std::nullopt);
            }
        }
    }
    for (int i = 0; i < content->getAssetsCount(); ++i) {
        const AnnotRichMedia::Asset *asset = content->getAsset(i);
        if (asset == nullptr) {
            continue;
        }
        Asset a;
        a.name = utf8(asset->getName());
        if (asset->getFileSpec() != nullptr) {
            a.fileSpec = asset->getFileSpec()->copy();
        }
        if (static_cast<size_t>(i) < refs.size()) {
            a.ref = refs[i];
        }
        out.push_back(std::move(a));
    }
    return out;
}

std::string mimeOf(const Object &fileSpec)
{
    if (!fileSpec.isDict()) {
        return {};
    }
    Object ef = fileSpec.dictLookup("EF");
    if (!ef.isDict()) {
        return {};
    }
    Object stream = ef.dictLookup("F");
    if (!stream.isStream()) {
        stream = ef.dictLookup("UF");
    }
    if (!stream.isStream()) {
        return {};
    }
    Object subtype = stream.streamGetDict()->lookup("Subtype");
    return subtype.isName() ? subtype.getName() : std::string();
}

std::string specName(const Object &fileSpec)
{
    if (fileSpec.isString()) {
        return utf8(fileSpec.getString());
    }
    if (!fileSpec.isDict()) {
        return {};
    }
    for (const char *key : { "UF", "F", "Unix", "DOS", "Mac" }) {
        Object name = fileSpec.dictLookup(key);
        if (name.isString()) {
            return utf8(name.getString());
        }
    }
    return {};
}

// The asset the annotation plays (see the header), or nothing.
std::optional<Choice> choose(const AnnotRichMedia *annot)
{
    const Object &dict = annot->getAnnotObj();
    if (!dict.isDict()) {
        return std::nullopt;
    }
    Object content = dict.dictLookup("RichMediaContent");
    if (!content.isDict()) {
        return std::nullopt;
    }
    const std::vector<Asset> all = assets(annot, content);
    auto byRef = [&](const Ref &ref) -> const Asset * {
        for (const Asset &a : all) {
            if (a.ref && *a.ref == ref) {
                return &a;
            }
        }
        return nullptr;
    };
    auto byName = [&](const std::string &name) -> const Asset * {
        for (const Asset &a : all) {
            if (a.name == name || baseName(a.name) == baseName(name)) {
                return &a;
            }
        }
        return nullptr;
    };

    Object configurations = content.dictLookup("Configurations");
    int chosen = 0;
    Object settings = dict.dictLookup("RichMediaSettings");
    if (settings.isDict() && configurations.isArray()) {
        Object activation = settings.dictLookup("Activation");
        if (activation.isDict()) {
            const Object &named = activation.dictLookupNF("Configuration");
            for (int i = 0; named.isRef() && i < configurations.arrayGetLength(); ++i) {
                const Object &entry = configurations.arrayGetNF(i);
                if (entry.isRef() && entry.getRef() == named.getRef()) {
                    chosen = i;
                }
            }
        }
    }
    if (configurations.isArray() && chosen < configurations.arrayGetLength()) {
        Object configuration = configurations.arrayGet(chosen);
        Object instances = configuration.isDict() ? configuration.dictLookup("Instances") : Object();
        for (int pass = 0; pass < 2 && instances.isArray(); ++pass) {
            for (int i = 0; i < instances.arrayGetLength(); ++i) {
                Object instance = instances.arrayGet(i);
                if (!instance.isDict()) {
                    continue;
                }
                Object subtype = instance.dictLookup("Subtype");
                const std::string type = subtype.isName() ? subtype.getName() : std::string();
                if (pass == 0 && (type == "Sound" || type == "Video")) {
                    const Object &asset = instance.dictLookupNF("Asset");
                    const Asset *found = asset.isRef() ? byRef(asset.getRef()) : nullptr;
                    if (found != nullptr) {
                        return Choice { type, found->name, found->fileSpec.copy() };
                    }
                    if (asset.isRef() || asset.isNull()) {
                        // The instance names an asset the content does not carry.
                        continue;
                    }
                    Object direct = instance.dictLookup("Asset");
                    if (direct.isDict() || direct.isString()) {
                        return Choice { type, specName(direct), direct.copy() };
                    }
                } else if (pass == 1 && type == "Flash") {
                    Object params = instance.dictLookup("Params");
                    Object vars = params.isDict() ? params.dictLookup("FlashVars") : Object();
                    if (!vars.isString()) {
                        continue;
                    }
                    for (const std::string &source : flashSources(vars.getString()->toStr())) {
                        if (const Asset *found = byName(source)) {
                            return Choice { type, found->name, found->fileSpec.copy() };
                        }
                    }
                }
            }
        }
    }
    for (const Asset &a : all) {
        if (looksPlayable(a.name, mimeOf(a.fileSpec))) {
            return Choice { std::string(), a.name, a.fileSpec.copy() };
        }
    }
    return std::nullopt;
}

// Fills `item` from the file specification: embedded or not, its MIME type and size, and (when
// `read`) its bytes.
void describe(const Object &fileSpec, bool read, size_t maxBytes, ann_media_item *item)
{
    const bool hasEF = fileSpec.isDict() && fileSpec.dictLookup("EF").isDict();
    if (!hasEF) {
        const std::string name = specName(fileSpec);
        item->status = name.empty() ? ANN_MEDIA_MISSING : ANN_MEDIA_EXTERNAL;
        return;
    }
    FileSpec spec(&fileSpec);
    EmbFile *file = spec.isOk() ? spec.getEmbeddedFile() : nullptr;
    if (file == nullptr || !file->isOk()) {
        item->status = ANN_MEDIA_UNREADABLE;
        return;
    }
    if (file->mimeType() != nullptr) {
        item->mime_type = copy(file->mimeType()->toStr());
    }
    item->declared_size = file->size();
    item->status = ANN_MEDIA_EMBEDDED;
    if (file->size() >= 0 && static_cast<unsigned long long>(file->size()) > maxBytes) {
        item->status = ANN_MEDIA_TOO_LARGE;
        return;
    }
    if (!read) {
        return;
    }
    Stream *stream = file->stream();
    std::vector<unsigned char> bytes;
    std::vector<unsigned char> buffer(65536);
    stream->reset();
    for (;;) {
        const int got = stream->doGetChars(static_cast<int>(buffer.size()), buffer.data());
        if (got <= 0) {
            break;
        }
        bytes.insert(bytes.end(), buffer.begin(), buffer.begin() + got);
        if (bytes.size() > maxBytes) {
            stream->close();
            item->status = ANN_MEDIA_TOO_LARGE;
            return;
        }
    }
    stream->close();
    if (bytes.empty() || (file->size() >= 0 && static_cast<size_t>(file->size()) != bytes.size())) {
        item->status = ANN_MEDIA_UNREADABLE;
        return;
    }
    item->data = static_cast<unsigned char *>(std::malloc(bytes.size()));
    if (item->data == nullptr) {
        item->status = ANN_MEDIA_TOO_LARGE;
        return;
    }
    std::memcpy(item->data, bytes.data(), bytes.size());
    item->length = bytes.size();
}

} // namespace


// The media of the annotation object `ref` of `doc` (see ann_media_of_object in ann_pdf_edit.cpp,
// which holds the open document): a /RichMedia or /Movie annotation as the document holds it now.
int ann_media_describe_object(PDFDoc *doc, int num, int gen, int read, size_t max_bytes, ann_media_item *item)
{
    if (doc == nullptr || item == nullptr || num <= 0 || gen < 0) {
        return 0;
    }
    *item = ann_media_item {};
    item->declared_size = -1;
    try {
        const Ref ref { num, gen };
        Object dict = doc->getXRef()->fetch(ref);
        if (!dict.isDict()) {
            return 0;
        }
        Object subtype = dict.dictLookup("Subtype");
        if (subtype.isName("RichMedia")) {
            item->kind = ANN_MEDIA_RICH_MEDIA;
            const Object refObject(ref);
            auto *annot = new AnnotRichMedia(doc, std::move(dict), &refObject);
            const std::optional<Choice> choice = annot->isOk() ? choose(annot) : std::nullopt;
            annot->decRefCnt();
            if (!choice) {
                item->status = ANN_MEDIA_MISSING;
                return 1;
            }
            if (!choice->contentType.empty()) {
                item->content_type = copy(choice->contentType);
            }
            if (!choice->name.empty()) {
                item->name = copy(choice->name);
            }
            describe(choice->fileSpec, read != 0, max_bytes, item);
            return 1;
        }
        if (subtype.isName("Movie")) {
            item->kind = ANN_MEDIA_MOVIE;
            Object movie = dict.dictLookup("Movie");
            Object spec = movie.isDict() ? movie.dictLookup("F") : Object();
            const std::string name = specName(spec);
            if (!name.empty()) {
                item->name = copy(name);
            }
            if (spec.isDict() || spec.isString()) {
                describe(spec, read != 0, max_bytes, item);
            } else {
                item->status = ANN_MEDIA_MISSING;
            }
            return 1;
        }
        return 0;
    } catch (...) {
        ann_media_clear(item);
        return 0;
    }
}

extern "C" {

void ann_media_clear(ann_media_item *item)
{
    if (item == nullptr) {
        return;
    }
    std::free(item->content_type);
    std::free(item->name);
    std::free(item->mime_type);
    std::free(item->data);
    *item = ann_media_item {};
}

int ann_media_list(const char *path, const char *password, int page, int read_item, size_t max_bytes, ann_media_item **items)
{
    if (path == nullptr || items == nullptr || page < 0) {
        return -1;
    }
    *items = nullptr;
    try {
        GlobalParamsIniter initer(quietErrors);
        std::optional<GooString> secret;
        if (password != nullptr) {
            secret = GooString(password);
        }
        PDFDoc doc(std::make_unique<GooString>(path), secret, secret);
        if (!doc.isOk() || page >= doc.getNumPages()) {
            return -1;
        }
        Page *p = doc.getPage(page + 1);
        if (p == nullptr) {
            return -1;
        }
        const PDFRectangle *crop = p->getCropBox();
        Annots *annots = p->getAnnots();
        std::vector<ann_media_item> out;
        const std::vector<Annot *> list = annots != nullptr ? annots->getAnnots() : std::vector<Annot *>();
        for (size_t index = 0; index < list.size(); ++index) {
            Annot *annot = list[index];
            if (annot == nullptr || (annot->getType() != Annot::typeRichMedia && annot->getType() != Annot::typeMovie)) {
                continue;
            }
            ann_media_item item {};
            item.annot_index = static_cast<int>(index);
            item.declared_size = -1;
            double x1, y1, x2, y2;
            annot->getRect(&x1, &y1, &x2, &y2);
            item.rect[0] = std::min(x1, x2) - crop->x1;
            item.rect[1] = std::min(y1, y2) - crop->y1;
            item.rect[2] = std::max(x1, x2) - crop->x1;
            item.rect[3] = std::max(y1, y2) - crop->y1;
            const bool read = static_cast<int>(out.size()) == read_item;
            if (annot->getType() == Annot::typeRichMedia) {
                item.kind = ANN_MEDIA_RICH_MEDIA;
                const std::optional<Choice> choice = choose(static_cast<AnnotRichMedia *>(annot));
                if (!choice) {
                    item.status = ANN_MEDIA_MISSING;
                } else {
                    if (!choice->contentType.empty()) {
                        item.content_type = copy(choice->contentType);
                    }
                    if (!choice->name.empty()) {
                        item.name = copy(choice->name);
                    }
                    describe(choice->fileSpec, read, max_bytes, &item);
                }
            } else {
                item.kind = ANN_MEDIA_MOVIE;
                const Object &dict = annot->getAnnotObj();
                Object movie = dict.isDict() ? dict.dictLookup("Movie") : Object();
                Object spec = movie.isDict() ? movie.dictLookup("F") : Object();
                const std::string name = specName(spec);
                if (!name.empty()) {
                    item.name = copy(name);
                }
                if (spec.isDict() || spec.isString()) {
                    describe(spec, read, max_bytes, &item);
                } else {
                    item.status = ANN_MEDIA_MISSING;
                }
            }
            out.push_back(item);
        }
        if (out.empty()) {
            return 0;
        }
        *items = static_cast<ann_media_item *>(std::malloc(out.size() * sizeof(ann_media_item)));
        if (*items == nullptr) {
            for (ann_media_item &item : out) {
                std::free(item.content_type);
                std::free(item.name);
                std::free(item.mime_type);
                std::free(item.data);
            }
            return -1;
        }
        std::memcpy(*items, out.data(), out.size() * sizeof(ann_media_item));
        return static_cast<int>(out.size());
    } catch (...) {
        return -1;
    }
}

void ann_media_free(ann_media_item *items, int count)
{
    if (items == nullptr) {
        return;
    }
    for (int i = 0; i < count; ++i) {
        std::free(items[i].content_type);
        std::free(items[i].name);
        std::free(items[i].mime_type);
        std::free(items[i].data);
    }
    std::free(items);
}

} // extern "C"
