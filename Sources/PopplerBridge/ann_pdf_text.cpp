// SPDX-License-Identifier: GPL-3.0-or-later
//
// A page's text from poppler's core TextOutputDev (22.12), line by line. See ann_pdf_text.h.

#include "ann_pdf_text.h"

#include <Error.h>
#include <GlobalParams.h>
#include <PDFDoc.h>
#include <TextOutputDev.h>
#include <goo/GooString.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

namespace {

void quietErrors(ErrorCategory, Goffset, const char *) { }

// The text goes to the TextPage the device keeps, not to a stream.
void discardText(void *, const char *, int) { }

template <typename T>
T *copyOut(const std::vector<T> &values)
{
    if (values.empty()) {
        return nullptr;
    }
    T *out = static_cast<T *>(std::malloc(sizeof(T) * values.size()));
    if (out != nullptr) {
        std::memcpy(out, values.data(), sizeof(T) * values.size());
    }
    return out;
}

} // namespace

struct ann_text_doc
{
    // Counted as a GlobalParams user, as in ann_pdf_edit.cpp; destroyed after `doc`.
    std::unique_ptr<GlobalParamsIniter> initer;
    std::unique_ptr<PDFDoc> doc;
};

extern "C" {

ann_text_doc *ann_text_open(const char *path, const char *password)
{
    if (path == nullptr) {
        return nullptr;
    }
    try {
        auto initer = std::make_unique<GlobalParamsIniter>(quietErrors);
        std::optional<GooString> secret;
        if (password != nullptr) {
            secret = GooString(password);
        }
        auto doc = std::make_unique<PDFDoc>(std::make_unique<GooString>(path), secret, secret);
        if (!doc->isOk()) {
            return nullptr;
        }
        auto text = new ann_text_doc;
        text->initer = std::move(initer);
        text->doc = std::move(doc);
        return text;
    } catch (...) {
        return nullptr;
    }
}

void ann_text_close(ann_text_doc *doc)
{
    delete doc;
}

long ann_text_page(ann_text_doc *doc, int page, uint32_t **chars, ann_text_box **boxes, long **line_starts, long *line_count)
{
    if (chars == nullptr || boxes == nullptr || line_starts == nullptr || line_count == nullptr) {
        return -1;
    }
    *chars = nullptr;
    *boxes = nullptr;
    *line_starts = nullptr;
    *line_count = 0;
    if (doc == nullptr || page < 0 || page >= doc->doc->getNumPages()) {
        return -1;
    }
    try {
        TextOutputDev device(discardText, nullptr, false, 0, false);
        if (!device.isOk()) {
            return -1;
        }
        // 72 dpi, the page's own /Rotate, its crop box: poppler-glib's text space.
        doc->doc->displayPage(&device, page + 1, 72, 72, 0, false, true, false);
        TextPage *text = device.takeText();
        if (text == nullptr) {
            return -1;
        }
        std::vector<uint32_t> outChars;
        std::vector<ann_text_box> outBoxes;
        std::vector<long> starts;
        for (const TextFlow *flow = text->getFlows(); flow != nullptr; flow = flow->getNext()) {
            for (const TextBlock *block = flow->getBlocks(); block != nullptr; block = block->getNext()) {
                for (const TextLine *line = block->getLines(); line != nullptr; line = line->getNext()) {
                    starts.push_back(static_cast<long>(outChars.size()));
                    ann_text_box last { 0, 0, 0, 0 };
                    for (const TextWord *word = line->getWords(); word != nullptr; word = word->getNext()) {
                        for (int i = 0; i < word->getLength(); ++i) {
                            ann_text_box box;
                            word->getCharBBox(i, &box.x1, &box.y1, &box.x2, &box.y2);
                            outChars.push_back(*word->getChar(i));
                            outBoxes.push_back(box);
                            last = box;
                        }
                        const TextWord *next = word->getNext();
                        if (word->getSpaceAfter() && next != nullptr) {
                            double x1, y1, x2, y2;
                            next->getCharBBox(0, &x1, &y1, &x2, &y2);
                            // The gap between the two words.
                            outChars.push_back(' ');
                            outBoxes.push_back(ann_text_box { std::min(last.x2, x1), last.y1, std::max(last.x2, x1), last.y2 });
                        }
                    }
                    // The line break has no place of its own.
                    outChars.push_back('\n');
                    outBoxes.push_back(ann_text_box { last.x2, last.y1, last.x2, last.y1 });
                }
            }
        }
        text->decRefCnt();
        *chars = copyOut(outChars);
        *boxes = copyOut(outBoxes);
        *line_starts = copyOut(starts);
        *line_count = static_cast<long>(starts.size());
        return static_cast<long>(outChars.size());
    } catch (...) {
        return -1;
    }
}

void ann_text_free(void *pointer)
{
    std::free(pointer);
}

} // extern "C"
