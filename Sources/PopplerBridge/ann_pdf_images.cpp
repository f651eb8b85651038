// SPDX-License-Identifier: GPL-3.0-or-later
//
// Facts about one image of a page from poppler's core (22.12). See ann_pdf_images.h.

#include "ann_pdf_images.h"

#include <Error.h>
#include <GfxState.h>
#include <GlobalParams.h>
#include <OutputDev.h>
#include <PDFDoc.h>
#include <Page.h>
#include <Stream.h>
#include <goo/GooString.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace {

void quietErrors(ErrorCategory, Goffset, const char *) { }

// Counts images as poppler-glib's CairoImageOutputDev does (every kind of image drawing, no
// tiling pattern contents, no Type 3 glyphs) and reads the wanted one's stream.
class ImageProbe : public OutputDev
{
public:
    ImageProbe(int wanted, bool decode) : wanted(wanted), decode(decode) { }

    bool upsideDown() override { return true; }
    bool useDrawChar() override { return false; }
    bool useTilingPatternFill() override { return true; }
    bool useShadedFills(int type) override { return type <= 7; }
    bool useFillColorStop() override { return false; }
    bool interpretType3Chars() override { return false; }
    bool needNonText() override { return true; }
    bool tilingPatternFill(GfxState *, Gfx *, Catalog *, GfxTilingPattern *, const double *, int, int, int, int, double, double) override
    {
        return true;
    }
    bool axialShadedFill(GfxState *, GfxAxialShading *, double, double) override { return true; }
    bool radialShadedFill(GfxState *, GfxRadialShading *, double, double) override { return true; }

    void drawImageMask(GfxState *, Object *, Stream *str, int width, int height, bool, bool, bool inlineImg) override
    {
        seen(str, width, height, static_cast<long>(height) * ((width + 7) / 8), inlineImg);
    }
    void setSoftMaskFromImageMask(GfxState *, Object *, Stream *str, int width, int height, bool, bool inlineImg, double *) override
    {
        seen(str, width, height, static_cast<long>(height) * ((width + 7) / 8), inlineImg);
    }
    void drawImage(GfxState *, Object *, Stream *str, int width, int height, GfxImageColorMap *colorMap, bool, const int *, bool inlineImg) override
    {
        seen(str, width, height, bytes(width, height, colorMap), inlineImg);
    }
    void drawMaskedImage(GfxState *, Object *, Stream *str, int width, int height, GfxImageColorMap *colorMap, bool, Stream *, int, int, bool, bool) override
    {
        seen(str, width, height, bytes(width, height, colorMap), false);
    }
    void drawSoftMaskedImage(GfxState *, Object *, Stream *str, int width, int height, GfxImageColorMap *colorMap, bool, Stream *, int, int, GfxImageColorMap *, bool) override
    {
        seen(str, width, height, bytes(width, height, colorMap), false);
    }

    int wanted;
    bool decode;
    int count = 0;
    std::optional<ann_image_facts> found;

private:
    static long bytes(int width, int height, GfxImageColorMap *colorMap)
    {
        const long bits = colorMap ? static_cast<long>(colorMap->getNumPixelComps()) * colorMap->getBits() : 8;
        return static_cast<long>(height) * ((width * bits + 7) / 8);
    }

    void seen(Stream *str, int width, int height, long expected, bool inlineImg)
    {
        const bool mine = count++ == wanted;
        long got = 0;
        // The wanted image's stream is read when asked; an inline image's data is read past
        // either way, as OutputDev's own drawImage does, so that the content goes on after it.
        if ((mine && decode) || inlineImg) {
            str->reset();
            std::vector<unsigned char> buffer(65536);
            while (got < expected) {
                const long want = std::min<long>(static_cast<long>(buffer.size()), expected - got);
                const int read = str->doGetChars(static_cast<int>(want), buffer.data());
                if (read <= 0) {
                    break;
                }
                got += read;
            }
            str->close();
        }
        if (mine) {
            found = ann_image_facts { width, height, expected, decode ? got : 0 };
        }
    }
};

} // namespace

extern "C" {

int ann_image_facts_read(const char *path, const char *password, int page, int image, int decode, ann_image_facts *facts)
{
    if (path == nullptr || facts == nullptr || page < 0 || image < 0) {
        return -1;
    }
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
        ImageProbe probe(image, decode != 0);
        doc.displayPageSlice(&probe, page + 1, 72, 72, 0, false, true, false, -1, -1, -1, -1);
        if (!probe.found) {
            return -2;
        }
        *facts = *probe.found;
        return 0;
    } catch (...) {
        return -1;
    }
}

} // extern "C"
