// SPDX-License-Identifier: GPL-3.0-or-later
//
// The bridge over poppler's core library (libpoppler-private-dev 22.12): a document edited at the
// level of PDF objects and saved as an incremental update. See ann_pdf_edit.h for the contract;
// every rule about what the objects mean lives in Swift.

#include "ann_pdf_edit.h"
#include "ann_pdf_media.h"

#include <poppler-config.h>

#include <Object.h>

#include <Array.h>
#include <Catalog.h>
#include <Dict.h>
#include <Error.h>
#include <ErrorCodes.h>
#include <GlobalParams.h>
#include <PDFDoc.h>
#include <Page.h>
#include <Parser.h>
#include <Stream.h>
#include <XRef.h>
#include <goo/GooString.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <map>
#include <set>
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

// poppler reports recoverable problems on stderr unless given a callback; callers get statuses.
// (Only installed when this bridge is the first GlobalParams user; poppler-glib installs its own.)
void quietErrors(ErrorCategory, Goffset, const char *) { }

// An output stream into memory or a FILE (poppler 22.12's writers call printf with C formats).
// Unlike poppler's FileOutStream it remembers failed writes, so a full disk is an error.
class MemoryOutStream : public OutStream
{
public:
    MemoryOutStream() = default;
    explicit MemoryOutStream(FILE *fileA) : file(fileA) { }
    // A stream that stands for the bytes after the first `offset` (an update after the file).
    explicit MemoryOutStream(Goffset offset) : position(offset) { }
    ~MemoryOutStream() override { flush(); }
    std::string data;
    bool failed = false;
    void close() override { flush(); }
    Goffset getPos() override { return position; }
    void put(char c) override { append(&c, 1); }
    // Writes what a FILE stream buffered; true when every byte so far was written.
    bool flush()
    {
        if (file != nullptr && !data.empty()) {
            failed = failed || std::fwrite(data.data(), 1, data.size(), file) != data.size();
            data.clear();
        }
        return !failed;
    }
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
            failed = true;
            va_end(copy);
            return;
        }
        if (static_cast<size_t>(needed) < sizeof small) {
            append(small, static_cast<size_t>(needed));
        } else {
            std::string large(static_cast<size_t>(needed) + 1, '\0');
            std::vsnprintf(large.data(), large.size(), format, copy);
            append(large.data(), static_cast<size_t>(needed));
        }
        va_end(copy);
    }

private:
    void append(const char *bytes, size_t count)
    {
        position += static_cast<Goffset>(count);
        data.append(bytes, count);
        if (file != nullptr && data.size() >= 65536) {
            flush();
        }
    }
    FILE *file = nullptr;
    Goffset position = 0;
};

// The original file's bytes as poppler reads them. A save copies them first, one byte at a time
// through two virtual calls (half a second for 100 MB); while `skipCopy` is set, the copy a save
// makes is empty, so that an update is written without them (the caller has the bytes).
class OriginalStream : public MemStream
{
public:
    OriginalStream(const char *bytes, Goffset length, const bool *skipCopyA)
        : MemStream(bytes, 0, length, Object(objNull)), data(bytes), size(length), skipCopy(skipCopyA) { }
    BaseStream *copy() override
    {
        return new MemStream(data, 0, *skipCopy ? 0 : size, Object(objNull));
    }

private:
    const char *data;
    Goffset size;
    const bool *skipCopy;
};

// The bytes a document was opened from, never changed while it is open: read into memory, or
// for a large file a private copy mapped from an unlinked file in a scratch folder (the copy
// costs disk and page cache, not the process's memory, and nothing another program does to the
// document's file can change or truncate it under poppler).
class OriginalBytes
{
public:
    ~OriginalBytes()
    {
        if (mapped != nullptr) {
            munmap(mapped, size);
        }
    }
    const char *data() const { return mapped != nullptr ? static_cast<const char *>(mapped) : memory.get(); }
    size_t length() const { return size; }

    // Reads `path`; a file of `mapFrom` bytes or more is copied into `scratch` and mapped when
    // that works. False when the file cannot be read.
    bool load(const char *path, const char *scratch, size_t mapFrom)
    {
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            return false;
        }
        struct stat info;
        bool ok = fstat(fd, &info) == 0;
        if (ok && scratch != nullptr && static_cast<size_t>(info.st_size) >= mapFrom && mapCopy(fd, static_cast<size_t>(info.st_size), scratch)) {
            close(fd);
            return true;
        }
        if (ok) {
            // From the start whatever a failed copy did; every byte the file has, or nothing.
            // Read in place into one buffer of the file's size (a save's read-back check opens
            // every file it writes): growing a buffer by appending wrote each byte up to twice
            // more, into pages never touched before, and each such page costs a fault of up to
            // 16 µs on a machine that hands freed memory back to its host.
            ok = readWhole(fd, static_cast<size_t>(info.st_size));
        }
        close(fd);
        return ok;
    }

private:
    // Reads exactly `length` bytes from `fd` into `memory`: false when the file holds fewer or
    // more (it changed since its size was read) or cannot be read.
    bool readWhole(int fd, size_t length)
    {
        memory.reset(new (std::nothrow) char[length > 0 ? length : 1]);
        if (!memory) {
            return false;
        }
        size_t at = 0;
        while (at < length) {
            ssize_t n = pread(fd, memory.get() + at, length - at, static_cast<off_t>(at));
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                return false;
            }
            at += static_cast<size_t>(n);
        }
        // Nothing past the end: a file that grew meanwhile is not read half.
        char extra;
        ssize_t n;
        while ((n = pread(fd, &extra, 1, static_cast<off_t>(length))) < 0 && errno == EINTR) { }
        if (n != 0) {
            return false;
        }
        size = length;
        return true;
    }

    bool mapCopy(int source, size_t length, const char *scratch)
    {
        int copy = open(scratch, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (copy < 0) {
            return false;
        }
        size_t copied = 0;
        loff_t from = 0, to = 0;
        while (copied < length) {
            // Explicit offsets: the source's own file position stays where it was.
            ssize_t n = copy_file_range(source, &from, copy, &to, length - copied, 0);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                break;
            }
            copied += static_cast<size_t>(n);
        }
        void *region = copied == length && length > 0 ? mmap(nullptr, length, PROT_READ, MAP_PRIVATE, copy, 0) : MAP_FAILED;
        close(copy);
        if (region == MAP_FAILED) {
            return false;
        }
        mapped = region;
        size = length;
        return true;
    }

    std::unique_ptr<char[]> memory;
    void *mapped = nullptr;
    size_t size = 0;
};

// Hands `refs` to the caller as a malloc'd array (*out NULL when empty); the count, or -1.
int copyRefsOut(const std::vector<ann_pdf_ref> &refs, ann_pdf_ref **out)
{
    if (!refs.empty()) {
        *out = static_cast<ann_pdf_ref *>(std::malloc(sizeof(ann_pdf_ref) * refs.size()));
        if (*out == nullptr) {
            return -1;
        }
        std::memcpy(*out, refs.data(), sizeof(ann_pdf_ref) * refs.size());
    }
    return static_cast<int>(refs.size());
}

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

// A stream's data as the bridge stored it: deflated or not, and PNG-predicted by rows of
// `rowBytes` bytes of `pixelBytes`-byte pixels (rowBytes 0: no predictor).
struct StoredData
{
    std::string bytes;
    bool deflated = false;
    size_t rowBytes = 0;
    size_t pixelBytes = 0;
};

struct ann_pdf
{
    // poppler-glib counts globalParams users with GlobalParamsIniter (it creates globalParams for
    // the first and resets it after the last); being counted too keeps both libraries from
    // replacing or freeing it under the other. Declared first: destroyed after `doc`.
    std::unique_ptr<GlobalParamsIniter> initer;
    // The file's bytes as they were when it was opened: poppler reads these, not the file, so an
    // update is always built on exactly what was opened, whatever another program does to the
    // file meanwhile (rewriting it in place would otherwise pull the ground from under a save).
    std::unique_ptr<OriginalBytes> original;
    // Set while ann_pdf_update writes an update without the original bytes (OriginalStream).
    bool skipOriginal = false;
    // Set by poppler (its xref-reconstructed callback) when it rebuilt the cross-reference
    // table, at opening or when an object read later was not where the table said. Atomic:
    // ann_pdf_was_reconstructed reads it without the document's lock (a thread may be writing
    // an update meanwhile), so that asking never waits for that.
    std::atomic<bool> reconstructed{false};
    std::unique_ptr<PDFDoc> doc;
    // The file it was opened from: ann_pdf_save does not write over it (a save in place goes
    // through a temporary file and a rename, in Swift).
    dev_t device = 0;
    ino_t inode = 0;
    // Object numbers added since opening: only these may be replaced as streams or dropped when
    // nothing reaches them.
    std::set<int> added;
    // Each stream added since opening, by object number, as ann_pdf_stream_data reads it back
    // (what the file stores is also encrypted for an encrypted document, and poppler applies
    // no filter to an object it holds).
    std::map<int, struct StoredData> addedStreamData;
    // Object numbers set, added or removed since the last ann_pdf_mark.
    std::set<int> touched;
    // How many object numbers the xref had at the last ann_pdf_mark: a number past them was
    // added after it (even if the saved file now holds an object of that number, such as the
    // update's own cross-reference stream).
    int numbersAtMark = 0;
    ~ann_pdf() { doc.reset(); }
};

namespace {

// Whether an object is plain PDF syntax all the way down: poppler's parser is lenient below the
// top level and returns stray tokens (">>", "]", "endobj") as command objects, an unterminated
// array as a short array, and "0 0 R" as objNone, which writeObject would save as garbage.
bool plainObject(const Object &object)
{
    switch (object.getType()) {
    case objBool:
    case objInt:
    case objInt64:
    case objReal:
    case objString:
    case objHexString:
    case objName:
    case objNull:
    case objRef:
        return true;
    case objArray:
        for (int i = 0; i < object.arrayGetLength(); ++i) {
            if (!plainObject(object.arrayGetNF(i))) {
                return false;
            }
        }
        return true;
    case objDict:
        for (int i = 0; i < object.dictGetLength(); ++i) {
            if (!plainObject(object.dictGetValNF(i))) {
                return false;
            }
        }
        return true;
    default:
        return false;
    }
}

// Parses exactly one object from PDF syntax, with no decryption (the text is plain); objError
// for anything else (trailing tokens, unterminated arrays or dictionaries, commands, streams).
Object parseObject(ann_pdf *d, const char *text, size_t length)
{
    if (text == nullptr || length == 0 || length > 0x7fffffff) {
        return Object(objError);
    }
    // The lexer reads from a memory stream over this copy, which outlives the parser.
    std::string copy(text, length);
    copy.push_back(' ');
    auto *stream = new MemStream(copy.data(), 0, static_cast<Goffset>(copy.size()), Object(objNull));
    Parser parser(d->doc->getXRef(), stream, false);
    Object object = parser.getObj(false, nullptr, cryptRC4, 0, 0, 0, 0, /* strict */ true);
    if (!plainObject(object) || !parser.getObj().isEOF()) {
        return Object(objError);
    }
    return object;
}

// Whether `ref` names an object now, judged from the cross-reference entry: XRef::fetch of a
// missing object makes poppler rebuild the whole table, and setModifiedObject ignores the
// generation, so a wrong one would replace a different object.
bool refExists(ann_pdf *d, ann_pdf_ref ref)
{
    XRef *xref = d->doc->getXRef();
    if (ref.num <= 0 || ref.gen < 0 || ref.num >= xref->getNumObjects()) {
        return false;
    }
    XRefEntry *entry = xref->getEntry(ref.num, false);
    if (entry == nullptr) {
        return false;
    }
    switch (entry->type) {
    case xrefEntryUncompressed:
        return entry->gen == ref.gen;
    case xrefEntryCompressed:
        return ref.gen == 0; // entry->gen is the index inside the object stream
    default:
        return false;
    }
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

// Whether another page's /Annots is the same array object (qpdf and others share them).
bool annotsShared(ann_pdf *d, Ref page, Ref annotsRef)
{
    XRef *xref = d->doc->getXRef();
    for (int other = 0; other < d->doc->getNumPages(); ++other) {
        Ref *ref = d->doc->getCatalog()->getPageRef(other + 1);
        if (ref == nullptr || *ref == page) {
            continue;
        }
        Object dict = xref->fetch(*ref);
        if (dict.isDict()) {
            const Object &annots = dict.dictLookupNF("Annots");
            if (annots.isRef() && annots.getRef() == annotsRef) {
                return true;
            }
        }
    }
    return false;
}

bool validPage(ann_pdf *d, int page)
{
    return d != nullptr && page >= 0 && page < d->doc->getNumPages();
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

// zlib's deflate of `data` (a FlateDecode stream's bytes); empty when zlib fails.
std::string deflated(const unsigned char *data, size_t length)
{
    uLongf bound = compressBound(static_cast<uLong>(length));
    std::string out(bound, '\0');
    if (compress2(reinterpret_cast<Bytef *>(out.data()), &bound, data, static_cast<uLong>(length), Z_DEFAULT_COMPRESSION) != Z_OK) {
        return std::string();
    }
    out.resize(bound);
    return out;
}

// zlib's inflate of a FlateDecode stream's bytes; nullopt when they are not zlib data.
std::optional<std::string> inflated(const std::string &data)
{
    z_stream z {};
    if (inflateInit(&z) != Z_OK) {
        return std::nullopt;
    }
    std::string out;
    char buffer[1 << 16];
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    int status = Z_OK;
    while (status == Z_OK) {
        z.next_out = reinterpret_cast<Bytef *>(buffer);
        z.avail_out = sizeof buffer;
        status = inflate(&z, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - z.avail_out);
        if (status == Z_BUF_ERROR && z.avail_in == 0) {
            break;
        }
    }
    inflateEnd(&z);
    if (status != Z_STREAM_END) {
        return std::nullopt;
    }
    return out;
}

int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

// PNG prediction (PDF's /Predictor 15): each row gets the filter byte (None, Sub, Up or Paeth)
// whose output has the smallest sum of magnitudes, the usual heuristic; pictures with smooth
// regions then deflate several times smaller.
std::string predicted(const unsigned char *data, size_t length, size_t rowBytes, size_t pixelBytes)
{
    std::string out;
    out.reserve(length + length / rowBytes);
    std::string candidate(rowBytes, '\0');
    std::string best;
    const unsigned char *previous = nullptr;
    for (size_t row = 0; row + rowBytes <= length; row += rowBytes) {
        const unsigned char *line = data + row;
        long bestScore = -1;
        int bestFilter = 0;
        for (int filter = 0; filter <= 4; ++filter) {
            if (filter == 3) {
                continue; // Average: rarely best, not worth the time
            }
            long score = 0;
            for (size_t i = 0; i < rowBytes; ++i) {
                int left = i >= pixelBytes ? line[i - pixelBytes] : 0;
                int up = previous != nullptr ? previous[i] : 0;
                int upLeft = previous != nullptr && i >= pixelBytes ? previous[i - pixelBytes] : 0;
                int predictor = filter == 0 ? 0 : filter == 1 ? left : filter == 2 ? up : paeth(left, up, upLeft);
                unsigned char value = static_cast<unsigned char>(line[i] - predictor);
                candidate[i] = static_cast<char>(value);
                score += value < 128 ? value : 256 - value;
            }
            if (bestScore < 0 || score < bestScore) {
                bestScore = score;
                bestFilter = filter;
                best = candidate;
            }
        }
        out.push_back(static_cast<char>(bestFilter));
        out += best;
        previous = line;
    }
    return out;
}

// The inverse of `predicted`.
std::optional<std::string> unpredicted(const std::string &data, size_t rowBytes, size_t pixelBytes)
{
    std::string out;
    out.reserve(data.size());
    size_t previous = std::string::npos;
    for (size_t at = 0; at + rowBytes + 1 <= data.size(); at += rowBytes + 1) {
        int filter = static_cast<unsigned char>(data[at]);
        size_t start = out.size();
        for (size_t i = 0; i < rowBytes; ++i) {
            int left = i >= pixelBytes ? static_cast<unsigned char>(out[start + i - pixelBytes]) : 0;
            int up = previous != std::string::npos ? static_cast<unsigned char>(out[previous + i]) : 0;
            int upLeft = previous != std::string::npos && i >= pixelBytes ? static_cast<unsigned char>(out[previous + i - pixelBytes]) : 0;
            int predictor;
            switch (filter) {
            case 0: predictor = 0; break;
            case 1: predictor = left; break;
            case 2: predictor = up; break;
            case 3: predictor = (left + up) / 2; break;
            case 4: predictor = paeth(left, up, upLeft); break;
            default: return std::nullopt;
            }
            out.push_back(static_cast<char>(static_cast<unsigned char>(data[at + 1 + i]) + predictor));
        }
        previous = start;
    }
    return out;
}

std::optional<std::string> decoded(const StoredData &stored)
{
    if (!stored.deflated) {
        return stored.bytes;
    }
    std::optional<std::string> plain = inflated(stored.bytes);
    if (!plain || stored.rowBytes == 0) {
        return plain;
    }
    return unpredicted(*plain, stored.rowBytes, stored.pixelBytes);
}

// A stream whose bytes are written into the file exactly as they are. poppler 22.12's writer
// decodes nothing, but it drops the /Filter of the memory streams it knows (kind strWeird) and
// has no encoder; a stream of another kind is copied raw with its dictionary (/Length must be
// right, and the bytes already encrypted for an encrypted document: the raw copy does not
// encrypt). Reading it back goes through addedStreamData, not through this stream.
// The bytes a StoredStream reads, made before the MemStream part that points at them (base
// classes are built in order) and freed with the stream when poppler lets go of it.
struct StoredBytes
{
    explicit StoredBytes(std::string &&bytesA) : bytes(std::move(bytesA)) { }
    std::string bytes;
};

class StoredStream : private StoredBytes, public MemStream
{
public:
    StoredStream(std::string &&stored, Object &&dict)
        : StoredBytes(std::move(stored)), MemStream(bytes.data(), 0, static_cast<Goffset>(bytes.size()), std::move(dict)) { }
    StreamKind getKind() const override { return strFlate; }
};

// The stream object `ref` will hold: the dictionary `dict_text` with /Length, /Filter
// /FlateDecode when compressing makes the data smaller, its bytes encrypted with the object's
// key in an encrypted document, over a buffer the document keeps. objError when the dictionary
// does not parse or already names a filter.
Object makeStream(ann_pdf *d, Ref ref, const char *dict_text, size_t dict_length, const unsigned char *data, size_t data_length);

// The stream object `ref` holds for data already encoded (`owned` has its /Filter and
// /DecodeParms): encrypted for an encrypted document, /Length set, the data registered as
// the stream's for ann_pdf_stream_data.
Object storedStream(ann_pdf *d, Ref ref, Object &&owned, const StoredData &data);

// Remembers that object `num` changed since the last ann_pdf_mark.
void touch(ann_pdf *d, int num)
{
    d->touched.insert(num);
}

// Adds a stream object made by `build` for its number (an encrypted stream's key depends on the
// number, so it is taken first); nothing stays added when `build` fails.
template <typename Build>
ann_pdf_ref addStreamObject(ann_pdf *d, const unsigned char *data, size_t data_length, Build build)
{
    if (d == nullptr || (data == nullptr && data_length > 0)) {
        return ann_pdf_ref { -1, 0 };
    }
    try {
        XRef *xref = d->doc->getXRef();
        Ref ref = xref->addIndirectObject(Object(objNull));
        d->added.insert(ref.num);
        Object stream = build(ref);
        if (!stream.isStream()) {
            xref->removeIndirectObject(ref);
            d->added.erase(ref.num);
            return ann_pdf_ref { -1, 0 };
        }
        xref->setModifiedObject(&stream, ref);
        touch(d, ref.num);
        return ann_pdf_ref { ref.num, ref.gen };
    } catch (...) {
        return ann_pdf_ref { -1, 0 };
    }
}

} // namespace

extern "C" {

const char *ann_pdf_poppler_version(void)
{
    return POPPLER_VERSION;
}

ann_pdf *ann_pdf_open(const char *path, const char *password, ann_pdf_status *status)
{
    return ann_pdf_open_with_scratch(path, password, nullptr, status);
}

ann_pdf *ann_pdf_open_with_scratch(const char *path, const char *password, const char *scratch_folder, ann_pdf_status *status)
{
    ann_pdf_status ignored;
    ann_pdf_status &result = status != nullptr ? *status : ignored;
    struct stat info;
    if (path == nullptr || stat(path, &info) != 0 || S_ISDIR(info.st_mode)) {
        result = ANN_PDF_ERROR_OPEN;
        return nullptr;
    }
    try {
        auto initer = std::make_unique<GlobalParamsIniter>(quietErrors);
        std::optional<GooString> secret;
        if (password != nullptr) {
            secret = GooString(password);
        }
        auto original = std::make_unique<OriginalBytes>();
        if (!original->load(path, scratch_folder, 16u << 20)) {
            result = ANN_PDF_ERROR_OPEN;
            return nullptr;
        }
        // PDFDoc owns (and deletes) the stream; the bytes (and the flag) stay with this document,
        // which is made first so that the stream can point at its flag.
        auto editable = std::make_unique<ann_pdf>();
        auto *stream = new OriginalStream(original->data(), static_cast<Goffset>(original->length()), &editable->skipOriginal);
        std::atomic<bool> *reconstructed = &editable->reconstructed;
        auto doc = std::make_unique<PDFDoc>(stream, secret, secret, nullptr, [reconstructed]() { reconstructed->store(true); });
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
        editable->initer = std::move(initer);
        editable->original = std::move(original);
        editable->doc = std::move(doc);
        editable->device = info.st_dev;
        editable->inode = info.st_ino;
        return editable.release();
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

ann_pdf_ref ann_pdf_catalog_ref(ann_pdf *doc)
{
    if (doc == nullptr || doc->doc->getXRef() == nullptr) {
        return ann_pdf_ref { -1, 0 };
    }
    XRef *xref = doc->doc->getXRef();
    int num = xref->getRootNum();
    return num <= 0 ? ann_pdf_ref { -1, 0 } : ann_pdf_ref { num, xref->getRootGen() };
}

namespace {

// The page object `page` names, as the xref has it now; null when it names no dictionary.
Object pageObjectDictionary(ann_pdf *d, ann_pdf_ref page)
{
    if (d == nullptr || page.num < 0 || !refExists(d, page)) {
        return Object(objNull);
    }
    Object dict = d->doc->getXRef()->fetch(Ref { page.num, page.gen });
    return dict.isDict() ? std::move(dict) : Object(objNull);
}

ann_pdf_ref pageRefAt(ann_pdf *d, int page)
{
    if (!validPage(d, page)) {
        return ann_pdf_ref { -1, 0 };
    }
    Ref *ref = d->doc->getCatalog()->getPageRef(page + 1);
    return ref == nullptr ? ann_pdf_ref { -1, 0 } : ann_pdf_ref { ref->num, ref->gen };
}

} // namespace

int ann_pdf_page_annots(ann_pdf *doc, int page, ann_pdf_ref **refs)
{
    if (refs != nullptr) {
        *refs = nullptr;
    }
    if (!validPage(doc, page) || refs == nullptr) {
        return -1;
    }
    return ann_pdf_page_object_annots(doc, pageRefAt(doc, page), refs);
}

int ann_pdf_page_object_annots(ann_pdf *doc, ann_pdf_ref page, ann_pdf_ref **refs)
{
    if (refs != nullptr) {
        *refs = nullptr;
    }
    if (doc == nullptr || refs == nullptr || page.num < 0) {
        return -1;
    }
    try {
        Object pageDict = pageObjectDictionary(doc, page);
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
    if (!validPage(doc, page)) {
        return nullptr;
    }
    return ann_pdf_page_object_annot_text(doc, pageRefAt(doc, page), index, length);
}

char *ann_pdf_page_object_annot_text(ann_pdf *doc, ann_pdf_ref page, int index, size_t *length)
{
    if (doc == nullptr || index < 0) {
        return nullptr;
    }
    try {
        Object pageDict = pageObjectDictionary(doc, page);
        if (!pageDict.isDict()) {
            return nullptr;
        }
        Object annots = annotsArray(doc, pageDict);
        if (!annots.isArray() || index >= annots.arrayGetLength()) {
            return nullptr;
        }
        const Object &entryNF = annots.arrayGetNF(index);
        if (entryNF.isRef() && !refExists(doc, ann_pdf_ref { entryNF.getRef().num, entryNF.getRef().gen })) {
            return nullptr; // a dangling reference (fetching it would rebuild the xref table)
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

ann_pdf_status ann_pdf_set_page_annots(ann_pdf *doc, int page, const ann_pdf_annots_entry *entries, int count)
{
    if (!validPage(doc, page)) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    return ann_pdf_set_page_object_annots(doc, pageRefAt(doc, page), entries, count);
}

ann_pdf_status ann_pdf_set_page_object_annots(ann_pdf *doc, ann_pdf_ref page, const ann_pdf_annots_entry *entries, int count)
{
    if (doc == nullptr || page.num < 0 || count < 0 || (count > 0 && entries == nullptr)) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        XRef *xref = doc->doc->getXRef();
        Ref pageRef { page.num, page.gen };
        Object pageDict = pageObjectDictionary(doc, page);
        if (!pageDict.isDict()) {
            return ANN_PDF_ERROR_ARGUMENT;
        }
        Object old = annotsArray(doc, pageDict);
        const int oldLength = old.isArray() ? old.arrayGetLength() : 0;
        Object array(new Array(xref));
        for (int i = 0; i < count; ++i) {
            if (entries[i].kept >= 0) {
                if (entries[i].kept >= oldLength) {
                    return ANN_PDF_ERROR_ARGUMENT;
                }
                array.arrayAdd(old.arrayGetNF(entries[i].kept).copy());
            } else {
                if (!refExists(doc, entries[i].ref)) {
                    return ANN_PDF_ERROR_ARGUMENT;
                }
                array.arrayAdd(Object(Ref { entries[i].ref.num, entries[i].ref.gen }));
            }
        }
        const Object &annotsNF = pageDict.dictLookupNF("Annots");
        if (annotsNF.isRef() && old.isArray() && !annotsShared(doc, pageRef, annotsNF.getRef())) {
            xref->setModifiedObject(&array, annotsNF.getRef());
            touch(doc, annotsNF.getRef().num);
        } else {
            Object copy(pageDict.getDict()->copy(xref));
            copy.dictSet("Annots", std::move(array));
            xref->setModifiedObject(&copy, pageRef);
            touch(doc, pageRef.num);
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
        if (!refExists(doc, ref)) {
            return nullptr;
        }
        Object object = doc->doc->getXRef()->fetch(Ref { ref.num, ref.gen });
        if (object.isNull() || object.isError()) {
            return nullptr;
        }
        return copyOut(objectText(doc, object), length);
    } catch (...) {
        return nullptr;
    }
}

char *ann_pdf_info_text(ann_pdf *doc, size_t *length)
{
    if (doc == nullptr) {
        return nullptr;
    }
    try {
        Object info = doc->doc->getDocInfo();
        if (!info.isDict()) {
            return nullptr;
        }
        return copyOut(objectText(doc, info), length);
    } catch (...) {
        return nullptr;
    }
}

char *ann_pdf_trailer_id_text(ann_pdf *doc, size_t *length)
{
    if (doc == nullptr) {
        return nullptr;
    }
    try {
        Dict *trailer = doc->doc->getXRef()->getTrailerDict()->isDict() ? doc->doc->getXRef()->getTrailerDict()->getDict() : nullptr;
        if (trailer == nullptr) {
            return nullptr;
        }
        Object id = trailer->lookup("ID");
        if (!id.isArray()) {
            return nullptr;
        }
        return copyOut(objectText(doc, id), length);
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
        if (!refExists(doc, ref)) {
            return nullptr;
        }
        Object object = doc->doc->getXRef()->fetch(Ref { ref.num, ref.gen });
        if (!object.isStream()) {
            return nullptr;
        }
        auto own = doc->addedStreamData.find(ref.num);
        if (own != doc->addedStreamData.end()) {
            std::optional<std::string> plain = decoded(own->second);
            return plain ? reinterpret_cast<unsigned char *>(copyOut(*plain, length)) : nullptr;
        }
        std::string data;
        object.getStream()->fillString(data);
        object.getStream()->close();
        return reinterpret_cast<unsigned char *>(copyOut(data, length));
    } catch (...) {
        return nullptr;
    }
}

unsigned char *ann_pdf_stream_raw(ann_pdf *doc, ann_pdf_ref ref, size_t *length)
{
    if (doc == nullptr || ref.num < 0 || doc->added.count(ref.num) > 0 || doc->doc->getXRef()->isEncrypted()) {
        return nullptr;
    }
    try {
        if (!refExists(doc, ref)) {
            return nullptr;
        }
        Object object = doc->doc->getXRef()->fetch(Ref { ref.num, ref.gen });
        if (!object.isStream()) {
            return nullptr;
        }
        Stream *raw = object.getStream()->getUndecodedStream();
        if (raw == nullptr) {
            return nullptr;
        }
        raw->reset();
        std::string data;
        char buffer[65536];
        int n;
        while ((n = raw->doGetChars(sizeof buffer, reinterpret_cast<unsigned char *>(buffer))) > 0) {
            data.append(buffer, static_cast<size_t>(n));
        }
        raw->close();
        return reinterpret_cast<unsigned char *>(copyOut(data, length));
    } catch (...) {
        return nullptr;
    }
}

ann_pdf_ref ann_pdf_add_raw_stream(ann_pdf *doc, const char *dict_text, size_t dict_length, const unsigned char *data, size_t data_length)
{
    return addStreamObject(doc, data, data_length, [&](Ref ref) {
        Object dict = parseObject(doc, dict_text, dict_length);
        if (!dict.isDict()) {
            return Object(objError);
        }
        StoredData stored { std::string(reinterpret_cast<const char *>(data), data_length), false, 0, 0 };
        return storedStream(doc, ref, Object(dict.getDict()->copy(doc->doc->getXRef())), stored);
    });
}

int ann_pdf_objects_after(ann_pdf *doc, long long offset, ann_pdf_ref **refs)
{
    if (refs != nullptr) {
        *refs = nullptr;
    }
    if (doc == nullptr || refs == nullptr || offset < 0) {
        return -1;
    }
    try {
        XRef *xref = doc->doc->getXRef();
        std::vector<ann_pdf_ref> out;
        for (int num = 0; num < xref->getNumObjects(); ++num) {
            XRefEntry *entry = xref->getEntry(num, false);
            if (entry == nullptr) {
                continue;
            }
            Goffset at = -1;
            if (entry->type == xrefEntryUncompressed) {
                at = entry->offset;
            } else if (entry->type == xrefEntryCompressed) {
                // In an object stream: where that stream is.
                XRefEntry *container = xref->getEntry(static_cast<int>(entry->offset), false);
                if (container != nullptr && container->type == xrefEntryUncompressed) {
                    at = container->offset;
                }
            }
            if (at >= offset) {
                out.push_back(ann_pdf_ref { num, entry->type == xrefEntryCompressed ? 0 : entry->gen });
            }
        }
        return copyRefsOut(out, refs);
    } catch (...) {
        return -1;
    }
}

ann_pdf_status ann_pdf_set_object(ann_pdf *doc, ann_pdf_ref ref, const char *text, size_t length)
{
    if (doc == nullptr || ref.num < 0) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        XRef *xref = doc->doc->getXRef();
        // A stream's text is its dictionary only: replacing it would drop the data.
        if (!refExists(doc, ref) || xref->fetch(Ref { ref.num, ref.gen }).isStream()) {
            return ANN_PDF_ERROR_ARGUMENT;
        }
        Object object = parseObject(doc, text, length);
        if (object.isError() || object.isEOF() || object.isNull()) {
            return ANN_PDF_ERROR_SYNTAX;
        }
        xref->setModifiedObject(&object, Ref { ref.num, ref.gen });
        touch(doc, ref.num);
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
        doc->added.insert(ref.num);
        touch(doc, ref.num);
        return ann_pdf_ref { ref.num, ref.gen };
    } catch (...) {
        return ann_pdf_ref { -1, 0 };
    }
}

ann_pdf_ref ann_pdf_add_stream(ann_pdf *doc, const char *dict_text, size_t dict_length, const unsigned char *data, size_t data_length)
{
    return addStreamObject(doc, data, data_length, [&](Ref ref) { return makeStream(doc, ref, dict_text, dict_length, data, data_length); });
}

ann_pdf_ref ann_pdf_add_encoded_stream(ann_pdf *doc, const char *dict_text, size_t dict_length, const unsigned char *data, size_t data_length)
{
    return addStreamObject(doc, data, data_length, [&](Ref ref) {
        Object dict = parseObject(doc, dict_text, dict_length);
        if (!dict.isDict() || !dict.dictLookupNF("Filter").isName()) {
            return Object(objError);
        }
        StoredData stored { std::string(reinterpret_cast<const char *>(data), data_length), false, 0, 0 };
        return storedStream(doc, ref, Object(dict.getDict()->copy(doc->doc->getXRef())), stored);
    });
}

ann_pdf_status ann_pdf_set_stream(ann_pdf *doc, ann_pdf_ref ref, const char *dict_text, size_t dict_length, const unsigned char *data,
                                  size_t data_length)
{
    if (doc == nullptr || ref.num < 0 || (data == nullptr && data_length > 0)) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        XRef *xref = doc->doc->getXRef();
        if (doc->added.count(ref.num) == 0 || !refExists(doc, ref) || !xref->fetch(Ref { ref.num, ref.gen }).isStream()) {
            return ANN_PDF_ERROR_ARGUMENT;
        }
        Object stream = makeStream(doc, Ref { ref.num, ref.gen }, dict_text, dict_length, data, data_length);
        if (!stream.isStream()) {
            return ANN_PDF_ERROR_SYNTAX;
        }
        xref->setModifiedObject(&stream, Ref { ref.num, ref.gen });
        touch(doc, ref.num);
        return ANN_PDF_OK;
    } catch (...) {
        return ANN_PDF_ERROR_SYNTAX;
    }
}

int ann_pdf_is_added(ann_pdf *doc, ann_pdf_ref ref)
{
    return doc != nullptr && ref.num >= 0 && doc->added.count(ref.num) != 0 && refExists(doc, ref) ? 1 : 0;
}

int ann_pdf_drop_unreachable(ann_pdf *doc, ann_pdf_ref **dropped)
{
    return ann_pdf_drop_unreachable_keeping(doc, nullptr, 0, dropped);
}

int ann_pdf_drop_unreachable_keeping(ann_pdf *doc, const ann_pdf_ref *keep, int keep_count, ann_pdf_ref **dropped)
{
    if (dropped != nullptr) {
        *dropped = nullptr;
    }
    if (doc == nullptr || dropped == nullptr) {
        return -1;
    }
    try {
        XRef *xref = doc->doc->getXRef();
        std::set<int> reached;
        std::vector<Object> pending;
        // Roots: the objects of the original file that were changed, and the trailer.
        for (int num = 0; num < xref->getNumObjects(); ++num) {
            XRefEntry *entry = xref->getEntry(num, false);
            if (entry != nullptr && entry->getFlag(XRefEntry::Updated) && entry->type != xrefEntryFree && doc->added.count(num) == 0) {
                pending.push_back(entry->obj.copy());
            }
        }
        pending.push_back(xref->getTrailerDict()->copy());
        for (int i = 0; keep != nullptr && i < keep_count; ++i) {
            if (keep[i].num >= 0) {
                pending.push_back(Object(Ref { keep[i].num, keep[i].gen }));
            }
        }
        while (!pending.empty()) {
            Object object = std::move(pending.back());
            pending.pop_back();
            switch (object.getType()) {
            case objRef: {
                Ref r = object.getRef();
                if (doc->added.count(r.num) != 0 && reached.insert(r.num).second) {
                    pending.push_back(xref->fetch(r));
                }
                break;
            }
            case objArray:
                for (int i = 0; i < object.arrayGetLength(); ++i) {
                    pending.push_back(object.arrayGetNF(i).copy());
                }
                break;
            case objDict:
                for (int i = 0; i < object.dictGetLength(); ++i) {
                    pending.push_back(object.dictGetValNF(i).copy());
                }
                break;
            case objStream: {
                Dict *dict = object.getStream()->getDict();
                for (int i = 0; i < dict->getLength(); ++i) {
                    pending.push_back(dict->getValNF(i).copy());
                }
                break;
            }
            default:
                break;
            }
        }
        std::vector<ann_pdf_ref> out;
        for (int num : doc->added) {
            if (reached.count(num) != 0) {
                continue;
            }
            XRefEntry *entry = xref->getEntry(num, false);
            if (entry == nullptr || entry->type == xrefEntryFree) {
                continue;
            }
            out.push_back(ann_pdf_ref { num, entry->gen });
            xref->removeIndirectObject(Ref { num, entry->gen });
            touch(doc, num);
        }
        for (const ann_pdf_ref &r : out) {
            doc->added.erase(r.num);
            doc->addedStreamData.erase(r.num);
        }
        return copyRefsOut(out, dropped);
    } catch (...) {
        return -1;
    }
}

ann_pdf_status ann_pdf_save(ann_pdf *doc, const char *path)
{
    if (doc == nullptr || path == nullptr) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        struct stat info;
        if (stat(path, &info) == 0 && info.st_dev == doc->device && info.st_ino == doc->inode) {
            return ANN_PDF_ERROR_ARGUMENT; // "wb" would truncate the file poppler copies from
        }
        // poppler's saveAs(GooString) ignores write errors; this stream does not.
        FILE *file = std::fopen(path, "wb");
        if (file == nullptr) {
            return ANN_PDF_ERROR_WRITE;
        }
        bool written;
        {
            MemoryOutStream out(file);
            written = doc->doc->saveAs(&out, writeForceIncremental) == errNone;
            written = out.flush() && written;
        }
        written = std::fclose(file) == 0 && written;
        return written ? ANN_PDF_OK : ANN_PDF_ERROR_WRITE;
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

ann_pdf_status ann_pdf_rewrite_to_memory(ann_pdf *doc, unsigned char **data, size_t *length)
{
    if (doc == nullptr || data == nullptr || length == nullptr) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    *data = nullptr;
    *length = 0;
    try {
        MemoryOutStream out;
        if (doc->doc->saveAs(&out, writeForceRewrite) != errNone) {
            return ANN_PDF_ERROR_WRITE;
        }
        *data = reinterpret_cast<unsigned char *>(copyOut(out.data, length));
        return *data != nullptr ? ANN_PDF_OK : ANN_PDF_ERROR_WRITE;
    } catch (...) {
        return ANN_PDF_ERROR_WRITE;
    }
}

int ann_pdf_was_reconstructed(ann_pdf *doc)
{
    return doc != nullptr && doc->reconstructed.load() ? 1 : 0;
}

ann_pdf_status ann_pdf_update(ann_pdf *doc, unsigned char **data, size_t *length)
{
    if (doc == nullptr || data == nullptr || length == nullptr) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    *data = nullptr;
    *length = 0;
    if (!doc->doc->getXRef()->isModified()) {
        return ANN_PDF_OK;
    }
    try {
        MemoryOutStream out(static_cast<Goffset>(doc->original->length()));
        doc->skipOriginal = true;
        int status = doc->doc->saveAs(&out, writeForceIncremental);
        doc->skipOriginal = false;
        if (status != errNone) {
            return ANN_PDF_ERROR_WRITE;
        }
        if (out.data.empty()) {
            return ANN_PDF_OK;
        }
        *data = reinterpret_cast<unsigned char *>(copyOut(out.data, length));
        return *data != nullptr ? ANN_PDF_OK : ANN_PDF_ERROR_WRITE;
    } catch (...) {
        doc->skipOriginal = false;
        return ANN_PDF_ERROR_WRITE;
    }
}

const unsigned char *ann_pdf_original(ann_pdf *doc, size_t *length)
{
    if (doc == nullptr || length == nullptr) {
        return nullptr;
    }
    *length = doc->original->length();
    return reinterpret_cast<const unsigned char *>(doc->original->data());
}

void ann_pdf_mark(ann_pdf *doc)
{
    if (doc != nullptr) {
        doc->touched.clear();
        doc->numbersAtMark = doc->doc->getXRef()->getNumObjects();
    }
}

ann_pdf_status ann_pdf_take_changes(ann_pdf *to, ann_pdf *from)
{
    if (to == nullptr || from == nullptr || to == from) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
    try {
        XRef *source = from->doc->getXRef();
        XRef *target = to->doc->getXRef();
        for (int num : from->touched) {
            XRefEntry *entry = source->getEntry(num, false);
            if (entry == nullptr) {
                continue;
            }
            XRefEntry *existing = num < target->getNumObjects() ? target->getEntry(num, false) : nullptr;
            // A number added after the mark is new in `to` whatever the saved file holds under it.
            const bool inTarget = existing != nullptr && existing->type != xrefEntryFree && num < from->numbersAtMark;
            if (entry->type == xrefEntryFree) {
                if (inTarget) {
                    target->removeIndirectObject(Ref { num, existing->gen });
                    touch(to, num);
                }
                to->added.erase(num);
                to->addedStreamData.erase(num);
                continue;
            }
            // A changed object of an object stream is written uncompressed, generation 0.
            const int gen = entry->type == xrefEntryCompressed ? 0 : entry->gen;
            Object object = source->fetch(Ref { num, gen });
            Object copy;
            auto stored = from->addedStreamData.find(num);
            if (object.isStream() && stored != from->addedStreamData.end()) {
                Object dict(object.getStream()->getDict()->copy(source));
                std::string text = objectText(from, dict);
                Object parsed = parseObject(to, text.data(), text.size());
                if (!parsed.isDict()) {
                    return ANN_PDF_ERROR_SYNTAX;
                }
                copy = storedStream(to, Ref { num, gen }, Object(parsed.getDict()->copy(target)), stored->second);
            } else if (object.isStream()) {
                return ANN_PDF_ERROR_ARGUMENT; // the bridge changes no stream it did not add
            } else {
                std::string text = objectText(from, object);
                copy = parseObject(to, text.data(), text.size());
            }
            if (copy.isError() || copy.isEOF()) {
                return ANN_PDF_ERROR_SYNTAX;
            }
            if (!inTarget || existing->gen != gen) {
                target->add(num, gen, 0, true);
            }
            target->setModifiedObject(&copy, Ref { num, gen });
            touch(to, num);
            // Only an object the saved file does not hold is new in `to`: one it holds may be
            // referred to by objects that did not change, so it is never dropped as an orphan.
            if (from->added.count(num) != 0 && !inTarget) {
                to->added.insert(num);
            }
        }
        return ANN_PDF_OK;
    } catch (...) {
        return ANN_PDF_ERROR_ARGUMENT;
    }
}

void ann_pdf_free(void *pointer)
{
    std::free(pointer);
}

} // extern "C"

namespace {

Object makeStream(ann_pdf *d, Ref ref, const char *dict_text, size_t dict_length, const unsigned char *data, size_t data_length)
{
    Object dict = parseObject(d, dict_text, dict_length);
    if (!dict.isDict() || !dict.dictLookupNF("Filter").isNull() || !dict.dictLookupNF("DecodeParms").isNull()) {
        return Object(objError);
    }
    XRef *xref = d->doc->getXRef();
    Object owned(dict.getDict()->copy(xref));
    // An 8-bit image is predicted by rows first.
    size_t rowBytes = 0, pixelBytes = 0;
    Object width = owned.dictLookup("Width"), bits = owned.dictLookup("BitsPerComponent"), space = owned.dictLookup("ColorSpace");
    if (owned.dictLookup("Subtype").isName("Image") && width.isInt() && width.getInt() > 0 && bits.isInt() && bits.getInt() == 8
        && (space.isName("DeviceRGB") || space.isName("DeviceGray"))) {
        pixelBytes = space.isName("DeviceRGB") ? 3 : 1;
        rowBytes = static_cast<size_t>(width.getInt()) * pixelBytes;
        if (data_length % rowBytes != 0) {
            rowBytes = pixelBytes = 0;
        }
    }
    std::string stored;
    if (data_length >= 64) {
        if (rowBytes > 0) {
            std::string rows = predicted(data, data_length, rowBytes, pixelBytes);
            stored = deflated(reinterpret_cast<const unsigned char *>(rows.data()), rows.size());
        } else {
            stored = deflated(data, data_length);
        }
    }
    const bool compressed = !stored.empty() && stored.size() < data_length;
    if (compressed) {
        owned.dictSet("Filter", Object(objName, "FlateDecode"));
        if (rowBytes > 0) {
            Object parameters(new Dict(xref));
            parameters.dictSet("Predictor", Object(15));
            parameters.dictSet("Colors", Object(static_cast<int>(pixelBytes)));
            parameters.dictSet("BitsPerComponent", Object(8));
            parameters.dictSet("Columns", Object(width.getInt()));
            owned.dictSet("DecodeParms", std::move(parameters));
        }
    } else {
        stored.assign(reinterpret_cast<const char *>(data), data_length);
        rowBytes = pixelBytes = 0;
    }
    return storedStream(d, ref, std::move(owned), StoredData { stored, compressed, rowBytes, pixelBytes });
}

Object storedStream(ann_pdf *d, Ref ref, Object &&owned, const StoredData &data)
{
    XRef *xref = d->doc->getXRef();
    d->addedStreamData[ref.num] = data;
    std::string stored = data.bytes;
    unsigned char *fileKey = nullptr;
    CryptAlgorithm algorithm = cryptRC4;
    int keyLength = 0;
    xref->getEncryptionParameters(&fileKey, &algorithm, &keyLength);
    if (fileKey != nullptr) {
        // poppler's writer encrypts a plain memory stream for this object; its output between
        // "stream\r\n" and "\r\nendstream\r\n" is the encrypted data.
        MemoryOutStream out;
        Object plain(static_cast<Stream *>(new MemStream(stored.data(), 0, static_cast<Goffset>(stored.size()), Object(new Dict(xref)))));
        PDFDoc::writeObject(&plain, &out, xref, 0, fileKey, algorithm, keyLength, ref, nullptr);
        const std::string opening = "stream\r\n", closing = "\r\nendstream\r\n";
        size_t start = out.data.find(opening);
        if (start == std::string::npos || out.data.size() < start + opening.size() + closing.size()
            || out.data.compare(out.data.size() - closing.size(), closing.size(), closing) != 0) {
            return Object(objError);
        }
        start += opening.size();
        stored = out.data.substr(start, out.data.size() - closing.size() - start);
    }
    owned.dictSet("Length", Object(static_cast<int>(stored.size())));
    Stream *stream = new StoredStream(std::move(stored), std::move(owned));
    return Object(stream);
}

} // namespace

// ann_pdf_media.cpp reads the annotation from the open document.
int ann_media_describe_object(PDFDoc *doc, int num, int gen, int read, size_t max_bytes, ann_media_item *item);

extern "C" int ann_media_of_object(ann_pdf *doc, int num, int gen, int read, size_t max_bytes, ann_media_item *item)
{
    if (doc == nullptr || !doc->doc) {
        return 0;
    }
    return ann_media_describe_object(doc->doc.get(), num, gen, read, max_bytes, item);
}
