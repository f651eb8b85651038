#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Regenerates po/pdf-annotator.pot (the messages the code passes to tr()) and po/POTFILES,
# then merges the template into each catalog in po/LINGUAS. Run it after adding or changing
# a tr("…") message; LocalizationTests fails while the template misses one.
set -euo pipefail
cd "$(dirname "$0")/.."
find Sources/GtkShell -name '*.swift' | LC_ALL=C sort > po/POTFILES
xgettext --language=C --keyword=tr --keyword=N_ --from-code=UTF-8 --add-comments=TRANSLATORS: \
    --package-name=pdf-annotator --msgid-bugs-address=https://github.com/pdfannotator/pdf-annotator/issues \
    --keyword=trn:1,2 --force-po --files-from=po/POTFILES -o po/pdf-annotator.pot
for lang in $(grep -v '^#' po/LINGUAS 2>/dev/null || true); do
    msgmerge --quiet --update --backup=none "po/$lang.po" po/pdf-annotator.pot
done
