// SPDX-License-Identifier: GPL-3.0-or-later
// Signing with a certificate: poppler core's PDFDoc::sign over the user's NSS database.
#include "ann_pdf_sign.h"
#include <poppler-config.h>
#include <Annot.h>
#include <CertificateInfo.h>
#include <Error.h>
#include <Form.h>
#include <GlobalParams.h>
#include <PDFDoc.h>
#include <goo/GooString.h>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// libpoppler exports these, but 22.12 does not install SignatureHandler.h: the three static
// functions the bridge calls, declared with the library's own signatures.
class SignatureHandler
{
public:
    static std::vector<std::unique_ptr<X509CertificateInfo>> getAvailableSigningCertificates();
    static void setNSSDir(const GooString &nssDir);
    static void setNSSPasswordCallback(const std::function<char *(const char *)> &f);
};

// NSS's own calls (libnss3, which poppler links), declared with their C signatures: PRBool
// and SECStatus are ints.
extern "C" {
int NSS_IsInitialized(void);
int NSS_InitReadWrite(const char *configdir);
int NSS_Shutdown(void);
int NSS_Init(const char *configdir);
int SECMOD_AddNewModule(const char *moduleName, const char *dllPath, unsigned long defaultMechanismFlags, unsigned long cipherEnableFlags);
}

namespace {

void quiet(ErrorCategory, Goffset, const char *) { }

char *copyText(const std::string &text)
{
    char *out = static_cast<char *>(std::malloc(text.size() + 1));
    if (out != nullptr) {
        std::memcpy(out, text.data(), text.size() + 1);
    }
    return out;
}

// Makes the database at `nssDir` when its folder holds none yet (a user who never had one):
// poppler opens it read-only and, when that fails, never tries again in this process, so a
// certificate imported later could not be found.
void makeDatabase(const char *nssDir)
{
    if (nssDir == nullptr || NSS_IsInitialized()) {
        return;
    }
    std::string folder = nssDir;
    if (folder.rfind("sql:", 0) == 0) {
        folder = folder.substr(4);
    }
    if (FILE *existing = std::fopen((folder + "/cert9.db").c_str(), "rb")) {
        std::fclose(existing);
        return;
    }
    if (NSS_InitReadWrite(nssDir) == 0) {
        NSS_Shutdown();
    }
}

void useNSS(const char *nssDir)
{
    static bool named = false;
    if (nssDir != nullptr && !named) {
        makeDatabase(nssDir);
        SignatureHandler::setNSSDir(GooString(nssDir));
        named = true;
    }
}

// poppler's form text: UTF-16BE after a byte order mark (what PDF text strings are).
GooString utf16(const char *utf8)
{
    std::string out = "\xFE\xFF";
    const unsigned char *p = reinterpret_cast<const unsigned char *>(utf8 != nullptr ? utf8 : "");
    while (*p != 0) {
        unsigned int c = *p++;
        int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        c &= extra == 3 ? 0x07 : extra == 2 ? 0x0F : extra == 1 ? 0x1F : 0x7F;
        for (int i = 0; i < extra && (*p & 0xC0) == 0x80; ++i) {
            c = (c << 6) | (*p++ & 0x3F);
        }
        auto unit = [&out](unsigned int u) {
            out.push_back(static_cast<char>(u >> 8));
            out.push_back(static_cast<char>(u & 0xFF));
        };
        if (c >= 0x10000) {
            c -= 0x10000;
            unit(0xD800 + (c >> 10));
            unit(0xDC00 + (c & 0x3FF));
        } else {
            unit(c);
        }
    }
    return GooString(out);
}

int fail(char **message, const std::string &why)
{
    if (message != nullptr) {
        *message = copyText(why);
    }
    return 1;
}

// The unsigned signature field of `doc` whose fully qualified name is `name` (UTF-8), or null.
FormWidgetSignature *emptySignatureField(PDFDoc *doc, const char *name)
{
    Form *form = doc->getCatalog()->getForm();
    if (form == nullptr) {
        return nullptr;
    }
    const GooString wide = utf16(name);
    for (int i = 0; i < form->getNumFields(); ++i) {
        FormField *field = form->getRootField(i);
        std::vector<FormField *> pending { field };
        while (!pending.empty()) {
            FormField *f = pending.back();
            pending.pop_back();
            for (int k = 0; k < f->getNumChildren(); ++k) {
                pending.push_back(f->getChildren(k));
            }
            if (f->getType() != formSignature || f->getNumWidgets() < 1) {
                continue;
            }
            const GooString *qualified = f->getFullyQualifiedName();
            if (qualified == nullptr || (qualified->cmp(name) != 0 && qualified->cmp(&wide) != 0)) {
                continue;
            }
            auto *signature = static_cast<FormFieldSignature *>(f);
            if (signature->getSignature() != nullptr && signature->getSignature()->getLength() > 0) {
                return nullptr; // already signed
            }
            return static_cast<FormWidgetSignature *>(f->getWidget(0));
        }
    }
    return nullptr;
}

} // namespace

int ann_pdf_reopen_certificates(const char *nss_dir)
{
    if (nss_dir == nullptr) {
        return 1;
    }
    useNSS(nss_dir);
    // What another process (pk12util) added to the database shows only to a fresh session.
    if (NSS_IsInitialized() && NSS_Shutdown() != 0) {
        return 1;
    }
    if (NSS_Init(nss_dir) != 0) {
        return 1;
    }
    SECMOD_AddNewModule("Root Certs", "libnssckbi.so", 0, 0);
    return 0;
}

int ann_pdf_signing_certificates(const char *nss_dir, ann_pdf_certificate **certificates)
{
    if (certificates == nullptr) {
        return -1;
    }
    *certificates = nullptr;
    try {
        GlobalParamsIniter initer(quiet);
        useNSS(nss_dir);
        auto found = SignatureHandler::getAvailableSigningCertificates();
        if (found.empty()) {
            return 0;
        }
        auto *out = static_cast<ann_pdf_certificate *>(std::calloc(found.size(), sizeof(ann_pdf_certificate)));
        if (out == nullptr) {
            return -1;
        }
        for (size_t i = 0; i < found.size(); ++i) {
            const X509CertificateInfo &info = *found[i];
            out[i].nickname = copyText(info.getNickName().toStr());
            out[i].common_name = copyText(info.getSubjectInfo().commonName);
            out[i].email = copyText(info.getSubjectInfo().email);
            out[i].not_after = static_cast<long long>(info.getValidity().notAfter);
        }
        *certificates = out;
        return static_cast<int>(found.size());
    } catch (...) {
        return -1;
    }
}

void ann_pdf_free_certificates(ann_pdf_certificate *certificates, int count)
{
    for (int i = 0; certificates != nullptr && i < count; ++i) {
        std::free(certificates[i].nickname);
        std::free(certificates[i].common_name);
        std::free(certificates[i].email);
    }
    std::free(certificates);
}

int ann_pdf_sign(const ann_pdf_sign_request *r, char **message)
{
    if (message != nullptr) {
        *message = nullptr;
    }
    if (r == nullptr || r->source == nullptr || r->target == nullptr || r->nickname == nullptr || r->field_name == nullptr) {
        return fail(message, "incomplete signing request");
    }
    if (std::strcmp(r->source, r->target) == 0) {
        return fail(message, "the signed file must be a new file");
    }
    try {
        GlobalParamsIniter initer(quiet);
        useNSS(r->nss_dir);
        std::string certificatePassword = r->certificate_password != nullptr ? r->certificate_password : "";
        SignatureHandler::setNSSPasswordCallback([certificatePassword](const char *) -> char * {
            return certificatePassword.empty() ? nullptr : strdup(certificatePassword.c_str());
        });
        std::optional<GooString> password;
        if (r->password != nullptr) {
            password = GooString(r->password);
        }
        auto doc = std::make_unique<PDFDoc>(std::make_unique<GooString>(r->source), password, password);
        if (!doc->isOk()) {
            return fail(message, "the document could not be read");
        }
        if (r->page < 0 || r->page >= doc->getNumPages()) {
            return fail(message, "no such page");
        }
        PDFRectangle rect(r->rect[0], r->rect[1], r->rect[2], r->rect[3]);
        GooString reason(r->reason != nullptr ? r->reason : "");
        GooString location(r->location != nullptr ? r->location : "");
        if (r->existing_field != 0) {
            FormWidgetSignature *widget = emptySignatureField(doc.get(), r->field_name);
            if (widget == nullptr) {
                return fail(message, "the document has no empty signature field of that name");
            }
            bool signedField = widget->signDocument(r->target, r->nickname, "SHA256", certificatePassword.c_str(), r->reason != nullptr ? &reason : nullptr,
                                                    r->location != nullptr ? &location : nullptr, password, password);
            SignatureHandler::setNSSPasswordCallback({});
            if (!signedField) {
                return fail(message, "poppler could not sign (is the certificate's password right?)");
            }
            return 0;
        }
        bool signedOK = doc->sign(r->target, r->nickname, certificatePassword.c_str(), new GooString(r->field_name), r->page + 1, rect,
                                  utf16(r->text), utf16(r->text_left),
                                  /* fontSize */ 9, /* leftFontSize */ 18, std::make_unique<AnnotColor>(0.1, 0.1, 0.1), /* borderWidth */ 0,
                                  /* borderColor */ nullptr, /* backgroundColor */ nullptr, r->reason != nullptr ? &reason : nullptr,
                                  r->location != nullptr ? &location : nullptr, r->image_path != nullptr ? r->image_path : "", password, password);
        SignatureHandler::setNSSPasswordCallback({});
        if (!signedOK) {
            return fail(message, "poppler could not sign (is the certificate's password right?)");
        }
        return 0;
    } catch (...) {
        return fail(message, "signing failed");
    }
}
