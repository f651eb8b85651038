#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write byte-reproducible sample PDFs for PDF Annotator's tests and benchmarks.

Uses only pycairo (Debian: python3-cairo) and the standard library.

    tools/make-sample-pdfs.py                          # data/sample.pdf (6 pages)
    tools/make-sample-pdfs.py --pages 2000 --out /tmp/large.pdf

Every page starts with a solid coloured "title block" reading "Page N" at a fixed
place (see TITLE_* below and data/README.md) so UI tests can find a page on screen.
Page designs repeat in a cycle of six: A4 cover with links, US Letter vector art,
A5 text, A4 landscape chart, A4 portrait with /Rotate 90 (content drawn so that it
reads upright once the viewer applies the rotation), and US Letter "annotated"
page. cairo cannot write /Rotate, so the finished file is patched in pure Python
(see postprocess) and its xref table rewritten; that pass also repairs the dangling
xref entries cairo 1.16 leaves behind when a document has links.

Output is byte-identical between runs on the same cairo and font versions because
every metadata date is pinned and nothing else in cairo's output depends on time.
"""

import argparse
import bisect
import hashlib
import math
import os
import re
import sys
import time


def _import_cairo():
    try:
        import cairo  # noqa: WPS433 - imported lazily so the re-exec below can help
        return cairo
    except ImportError:
        # pyenv/venv interpreters don't see Debian's python3-cairo: re-run under the
        # system interpreter once instead of failing with a confusing traceback.
        system_python = "/usr/bin/python3"
        if (
            not os.environ.get("PDF_SAMPLES_REEXEC")
            and os.access(system_python, os.X_OK)
            and os.path.realpath(sys.executable) != os.path.realpath(system_python)
        ):
            os.environ["PDF_SAMPLES_REEXEC"] = "1"
            os.execv(system_python, [system_python, os.path.abspath(__file__)] + sys.argv[1:])
        sys.exit("error: pycairo is missing; install it with: apt-get install python3-cairo")


cairo = _import_cairo()

# --- fixed facts (documented in data/README.md; keep the two in sync) -------------

PT_PER_MM = 72 / 25.4
A4 = (round(210 * PT_PER_MM, 3), round(297 * PT_PER_MM, 3))  # 595.276 x 841.89
A5 = (round(148 * PT_PER_MM, 3), round(210 * PT_PER_MM, 3))  # 419.528 x 595.276
LETTER = (612.0, 792.0)
A4_LANDSCAPE = (A4[1], A4[0])

# Title block, in points from the top-left corner of the page *as displayed*.
TITLE_X, TITLE_Y, TITLE_W, TITLE_H = 36.0, 36.0, 252.0, 64.0

# One colour per position in the six-page cycle (GNOME palette). Nothing else on a
# page uses these exact colours.
TITLE_COLOURS = [
    ("blue", 0x1C, 0x71, 0xD8),
    ("green", 0x26, 0xA2, 0x69),
    ("orange", 0xE6, 0x61, 0x00),
    ("purple", 0x81, 0x3D, 0x9C),
    ("red", 0xC0, 0x1C, 0x28),
    ("brown", 0x86, 0x5E, 0x3C),
]

# Pinned so the output is reproducible (cairo would otherwise stamp "now").
PINNED_DATE = "2026-11-21T00:00:00Z"
HOMEPAGE = "https://github.com/pdfannotator/pdf-annotator"
SANS = "DejaVu Sans"
MONO = "DejaVu Sans Mono"


def rgb(r, g, b):
    return (r / 255.0, g / 255.0, b / 255.0)


# Art colours: deliberately different from TITLE_COLOURS.
LIGHT_BLUE = rgb(0x99, 0xC1, 0xF1)
YELLOW = rgb(0xF6, 0xD3, 0x2D)
TEAL = rgb(0x33, 0xD1, 0x7A)
PINK = rgb(0xDC, 0x8A, 0xDD)
SLATE = rgb(0x5E, 0x5C, 0x64)
INK = rgb(0x24, 0x1F, 0x31)
GREY = rgb(0x77, 0x76, 0x7B)


# --- drawing helpers ----------------------------------------------------------------


def font(ctx, size, bold=False, family=SANS, italic=False):
    ctx.select_font_face(
        family,
        cairo.FONT_SLANT_ITALIC if italic else cairo.FONT_SLANT_NORMAL,
        cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL,
    )
    ctx.set_font_size(size)


def text_at(ctx, x, y, s, colour=INK):
    ctx.set_source_rgb(*colour)
    ctx.move_to(x, y)
    ctx.show_text(s)
    ctx.new_path()  # drop the current point, or the next arc starts with a stray line


def paragraph(ctx, x, y, width, s, size=11.0, leading=1.45, colour=INK):
    """Greedy word wrap with the toy text API; returns the baseline below the text."""
    font(ctx, size)
    ctx.set_source_rgb(*colour)
    line = ""
    for word in s.split():
        trial = word if not line else line + " " + word
        if ctx.text_extents(trial).x_advance > width and line:
            ctx.move_to(x, y)
            ctx.show_text(line)
            y += size * leading
            line = word
        else:
            line = trial
    if line:
        ctx.move_to(x, y)
        ctx.show_text(line)
        y += size * leading
    ctx.new_path()
    return y + size * 0.6


def heading(ctx, x, y, s, size=20.0):
    font(ctx, size, bold=True)
    text_at(ctx, x, y, s)
    return y + size * 1.6


def link_text(ctx, x, y, s, attrs, size=11.0):
    """Underlined blue text wrapped in a cairo link tag."""
    font(ctx, size)
    ctx.tag_begin(cairo.TAG_LINK, attrs)
    text_at(ctx, x, y, s, colour=rgb(0x1A, 0x5F, 0xB4))
    ctx.tag_end(cairo.TAG_LINK)
    adv = ctx.text_extents(s).x_advance
    ctx.set_line_width(0.8)
    ctx.move_to(x, y + 2)
    ctx.line_to(x + adv, y + 2)
    ctx.stroke()
    return y + size * 1.6


def rounded_rect(ctx, x, y, w, h, r):
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 1.5 * math.pi)
    ctx.close_path()


def title_block(ctx, n, width, label):
    """The solid block UI tests look for: TITLE_* rectangle, "Page N" in white."""
    _, r, g, b = TITLE_COLOURS[(n - 1) % len(TITLE_COLOURS)]
    # The block doubles as the named destination "page-N" that links jump to.
    ctx.tag_begin(cairo.TAG_DEST, "name='page-%d'" % n)
    ctx.set_source_rgb(*rgb(r, g, b))
    ctx.rectangle(TITLE_X, TITLE_Y, TITLE_W, TITLE_H)
    ctx.fill()
    ctx.tag_end(cairo.TAG_DEST)
    s = "Page %d" % n
    size = 36.0
    font(ctx, size, bold=True)
    while ctx.text_extents(s).x_advance > TITLE_W - 32 and size > 12:
        size -= 2
        font(ctx, size, bold=True)
    text_at(ctx, TITLE_X + 16, TITLE_Y + TITLE_H / 2 + size * 0.36, s, colour=(1, 1, 1))
    # Page format label beside the block, small and grey.
    font(ctx, 9)
    lx = TITLE_X + TITLE_W + 14
    if lx + ctx.text_extents(label).x_advance < width - 24:
        text_at(ctx, lx, TITLE_Y + TITLE_H - 6, label, colour=GREY)


def footer(ctx, n, total, w, h):
    font(ctx, 8)
    s = "PDF Annotator sample \u2014 page %d of %d" % (n, total)
    text_at(ctx, w - 36 - ctx.text_extents(s).x_advance, h - 24, s, colour=GREY)


def dest_link(n):
    """Link attributes for page n's title block.

    Named destinations, because cairo 1.16 silently drops "page=N" links that point
    forward to a page not yet drawn (backward ones and outline entries work).
    """
    return "dest='page-%d'" % n


def page_link(n):
    """cairo outline attributes for the displayed top-left of page n (1-based)."""
    size, _, rotated, _ = CYCLE[(n - 1) % 6]
    # pos is in the target page's user space; on the rotated page the displayed
    # top-left corner is the MediaBox's bottom-left.
    return "page=%d pos=[0 %g]" % (n, size[1] if rotated else 0)


# --- page designs (each draws in a w x h top-left-origin space) -----------------------

LOREM = (
    "Annotating a PDF should feel like writing on paper: pick up the pen, mark what "
    "matters, and move on. This sample document exercises the parts of a viewer that "
    "tend to break first \u2014 mixed page sizes, rotated pages, embedded fonts, vector "
    "art with gradients and transparency, an outline, and both internal and external "
    "links."
)

TEXT_PARAS = [
    "Pages in a PDF do not have to share a size. This one is A5, the previous one US "
    "Letter and the next one A4 landscape. A continuous-scroll layout must place each "
    "page on its own and keep the gaps between pages constant.",
    "Text is set in DejaVu Sans through cairo's toy text API, so it is embedded as a "
    "font subset and can be selected, searched and extracted (try pdftotext).",
    "Highlighter strokes are translucent and sit above the text; pen strokes are "
    "opaque and follow the pointer with smoothing. Both are stored as annotations, "
    "never burnt into the page content, so the original stays untouched.",
    "Touch input needs bigger targets than a mouse: pinch to zoom, two-finger pan, "
    "and a long press to open the context menu.",
]


def page_cover(ctx, w, h, n, total, dest_pages):
    y = heading(ctx, 36, 148, "PDF Annotator \u2014 sample document", 22)
    y = paragraph(ctx, 36, y, w - 72, LOREM)
    y = heading(ctx, 36, y + 8, "Contents", 16)
    names = {
        1: "US Letter: shapes, gradients and curves",
        2: "A5: text and wrapping",
        3: "A4 landscape: a chart",
        4: "A4 portrait with /Rotate 90",
        5: "US Letter: highlighter and pen marks",
    }
    for target in dest_pages:
        label = "Page %d \u2014 %s" % (target, names[(target - 1) % 6])
        y = link_text(ctx, 48, y, label, dest_link(target))
    y = heading(ctx, 36, y + 12, "Links", 16)
    y = link_text(ctx, 48, y, "Project homepage: " + HOMEPAGE, "uri='%s'" % HOMEPAGE)
    y = paragraph(ctx, 36, y + 8, w - 72,
                  "The blue links above are cairo link annotations: the first ones jump "
                  "inside this document, the last one opens a web page.", size=10, colour=SLATE)
    # A small decorative swoosh at the bottom so even the cover has vector art.
    ctx.set_source_rgb(*LIGHT_BLUE)
    ctx.set_line_width(6)
    ctx.move_to(36, h - 90)
    ctx.curve_to(w * 0.3, h - 150, w * 0.6, h - 30, w - 36, h - 100)
    ctx.stroke()


def page_shapes(ctx, w, h, n, total, dest_pages):
    y = heading(ctx, 36, 148, "Shapes, gradients and curves", 20)
    # Linear gradient rounded rectangle.
    lg = cairo.LinearGradient(36, y, w - 36, y + 120)
    lg.add_color_stop_rgb(0, *LIGHT_BLUE)
    lg.add_color_stop_rgb(1, *PINK)
    rounded_rect(ctx, 36, y, w - 72, 120, 18)
    ctx.set_source(lg)
    ctx.fill()
    font(ctx, 14, bold=True)
    text_at(ctx, 56, y + 66, "Linear gradient, rounded corners")
    y += 150
    # Radial gradient sphere.
    cx, cy, r = 130, y + 90, 80
    rg = cairo.RadialGradient(cx - 25, cy - 25, 8, cx, cy, r)
    rg.add_color_stop_rgb(0, 1, 1, 1)
    rg.add_color_stop_rgb(1, *TEAL)
    ctx.arc(cx, cy, r, 0, 2 * math.pi)
    ctx.set_source(rg)
    ctx.fill()
    # Star polygon.
    sx, sy, ro, ri = 330, y + 90, 80, 34
    for i in range(10):
        rr = ro if i % 2 == 0 else ri
        a = -math.pi / 2 + i * math.pi / 5
        (ctx.move_to if i == 0 else ctx.line_to)(sx + rr * math.cos(a), sy + rr * math.sin(a))
    ctx.close_path()
    ctx.set_source_rgb(*YELLOW)
    ctx.fill_preserve()
    ctx.set_source_rgb(*INK)
    ctx.set_line_width(2)
    ctx.stroke()
    # Translucent overlapping circles (exercise transparency groups).
    for i, col in enumerate((LIGHT_BLUE, PINK, TEAL)):
        ctx.set_source_rgba(col[0], col[1], col[2], 0.6)
        ctx.arc(480 + 30 * math.cos(i * 2.1), y + 90 + 30 * math.sin(i * 2.1), 48, 0, 2 * math.pi)
        ctx.fill()
    y += 200
    # Bezier curves and a dashed line.
    ctx.set_line_width(3)
    ctx.set_source_rgb(*SLATE)
    ctx.move_to(36, y + 60)
    for i in range(4):
        x0 = 36 + i * (w - 72) / 4
        ctx.curve_to(x0 + 40, y - 20, x0 + 100, y + 140, x0 + (w - 72) / 4, y + 60)
    ctx.stroke()
    ctx.set_dash([8, 6])
    ctx.set_line_width(1.5)
    ctx.move_to(36, y + 150)
    ctx.line_to(w - 36, y + 150)
    ctx.stroke()
    ctx.set_dash([])
    paragraph(ctx, 36, y + 180, w - 72,
              "Everything on this page is vector art: zoom in as far as you like and "
              "the edges stay sharp.", size=11)


def page_text(ctx, w, h, n, total, dest_pages):
    y = heading(ctx, 36, 140, "Text and wrapping", 18)
    for p in TEXT_PARAS:
        y = paragraph(ctx, 36, y, w - 72, p, size=10.5)
    font(ctx, 9, family=MONO)
    for line in ("$ pdf-annotator sample.pdf", "$ pdftotext -f 3 -l 3 sample.pdf -"):
        text_at(ctx, 48, y, line, colour=SLATE)
        y += 13
    font(ctx, 10, italic=True)
    text_at(ctx, 36, y + 12, "Italic, bold and monospace faces are all DejaVu.", colour=GREY)


def page_chart(ctx, w, h, n, total, dest_pages):
    heading(ctx, 36, 148, "A chart on a landscape page", 20)
    left, top, right, bottom = 72, 180, w - 72, h - 80
    ctx.set_line_width(0.5)
    ctx.set_source_rgb(0.85, 0.85, 0.87)
    for i in range(6):
        gy = bottom - i * (bottom - top) / 5
        ctx.move_to(left, gy)
        ctx.line_to(right, gy)
    ctx.stroke()
    values = [3, 7, 4, 9, 6, 8, 5, 10, 7, 4, 6, 9]
    bw = (right - left) / len(values)
    font(ctx, 8)
    for i, v in enumerate(values):
        bx = left + i * bw + bw * 0.18
        bh = (bottom - top) * v / 10.0
        g = cairo.LinearGradient(0, bottom - bh, 0, bottom)
        g.add_color_stop_rgb(0, *LIGHT_BLUE)
        g.add_color_stop_rgb(1, *SLATE)
        ctx.rectangle(bx, bottom - bh, bw * 0.64, bh)
        ctx.set_source(g)
        ctx.fill()
        text_at(ctx, bx, bottom + 14, "M%02d" % (i + 1), colour=GREY)
    # A smooth curve through the bar tops.
    ctx.set_source_rgb(*PINK)
    ctx.set_line_width(3)
    pts = [(left + (i + 0.5) * bw, bottom - (bottom - top) * v / 10.0) for i, v in enumerate(values)]
    ctx.move_to(*pts[0])
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        mx = (x0 + x1) / 2
        ctx.curve_to(mx, y0, mx, y1, x1, y1)
    ctx.stroke()
    ctx.set_source_rgb(*INK)
    ctx.set_line_width(1.2)
    ctx.move_to(left, top)
    ctx.line_to(left, bottom)
    ctx.line_to(right, bottom)
    ctx.stroke()


def page_rotated(ctx, w, h, n, total, dest_pages):
    # Here (w, h) is the displayed size (landscape); the caller has already set up
    # the transform that maps it onto the portrait MediaBox.
    y = heading(ctx, 36, 148, "This page carries /Rotate 90", 20)
    y = paragraph(ctx, 36, y, w - 300,
                  "Its MediaBox is A4 portrait, and the page dictionary says /Rotate 90, "
                  "so a viewer must turn it clockwise and show it as landscape. The "
                  "content was drawn turned the other way, so if this text reads upright "
                  "and the arrow points up, rotation is handled correctly.")
    # Big upward arrow.
    ax, ay = w - 150, 180
    ctx.move_to(ax, ay)
    ctx.line_to(ax + 60, ay + 80)
    ctx.line_to(ax + 22, ay + 80)
    ctx.line_to(ax + 22, ay + 200)
    ctx.line_to(ax - 22, ay + 200)
    ctx.line_to(ax - 22, ay + 80)
    ctx.line_to(ax - 60, ay + 80)
    ctx.close_path()
    ctx.set_source_rgb(*TEAL)
    ctx.fill_preserve()
    ctx.set_source_rgb(*INK)
    ctx.set_line_width(2)
    ctx.stroke()
    font(ctx, 12, bold=True)
    text_at(ctx, ax - 16, ay + 225, "UP")


def page_annotated(ctx, w, h, n, total, dest_pages):
    y = heading(ctx, 36, 148, "Highlighter and pen", 20)
    lines = [
        "The yellow bands below look like highlighter strokes.",
        "They are translucent, so the text shows through them.",
        "The wavy line is a pen stroke drawn with a Bezier path.",
        "None of these are annotations: they are page content,",
        "so the app must not offer to erase them.",
    ]
    font(ctx, 12)
    for i, s in enumerate(lines):
        if i in (0, 2):
            adv = ctx.text_extents(s).x_advance
            ctx.set_source_rgba(YELLOW[0], YELLOW[1], YELLOW[2], 0.55)
            ctx.rectangle(34, y - 13, adv + 6, 18)
            ctx.fill()
        text_at(ctx, 36, y, s)
        y += 22
    # Freehand-looking pen stroke.
    ctx.set_source_rgb(*rgb(0x1A, 0x5F, 0xB4))
    ctx.set_line_width(2.5)
    ctx.set_line_cap(cairo.LINE_CAP_ROUND)
    ctx.move_to(40, y + 20)
    for i in range(8):
        x0 = 40 + i * 60
        ctx.curve_to(x0 + 20, y - 5, x0 + 40, y + 45, x0 + 60, y + 20)
    ctx.stroke()
    ctx.set_line_cap(cairo.LINE_CAP_BUTT)
    y += 80
    y = link_text(ctx, 36, y, "Back to page %d" % dest_pages[0], dest_link(dest_pages[0]))
    link_text(ctx, 36, y, "GNU GPL version 3", "uri='https://www.gnu.org/licenses/gpl-3.0.html'")


# (page size, designer, rotate, label); index = (page number - 1) % 6
CYCLE = [
    (A4, page_cover, False, "A4 portrait"),
    (LETTER, page_shapes, False, "US Letter"),
    (A5, page_text, False, "A5 portrait"),
    (A4_LANDSCAPE, page_chart, False, "A4 landscape"),
    (A4, page_rotated, True, "A4 portrait, /Rotate 90"),
    (LETTER, page_annotated, False, "US Letter"),
]
OUTLINE_TITLES = ["Cover", "Shapes", "Text", "Chart", "Rotated page", "Marks"]


def build(path, total):
    """Draw `total` pages with cairo; return the 0-based indices of pages to rotate."""
    first_size = CYCLE[0][0]
    surface = cairo.PDFSurface(path, *first_size)
    surface.restrict_to_version(cairo.PDF_VERSION_1_5)
    for key, value in (
        (cairo.PDF_METADATA_TITLE, "PDF Annotator sample document"),
        (cairo.PDF_METADATA_AUTHOR, "PDF Annotator contributors"),
        (cairo.PDF_METADATA_SUBJECT, "Test and benchmark document (%d pages)" % total),
        (cairo.PDF_METADATA_KEYWORDS, "pdf-annotator, sample, test"),
        (cairo.PDF_METADATA_CREATOR, "tools/make-sample-pdfs.py"),
        (cairo.PDF_METADATA_CREATE_DATE, PINNED_DATE),
        (cairo.PDF_METADATA_MOD_DATE, PINNED_DATE),
    ):
        surface.set_metadata(key, value)
    ctx = cairo.Context(surface)
    rotate = []
    group = cairo.PDF_OUTLINE_ROOT
    for i in range(total):
        n = i + 1
        size, design, rotated, label = CYCLE[i % 6]
        w, h = size
        surface.set_size(w, h)
        # Outline: flat for small files, grouped by 100 for big ones so it stays usable.
        if total > 100 and i % 100 == 0:
            last = min(total, i + 100)
            group = surface.add_outline(cairo.PDF_OUTLINE_ROOT, "Pages %d\u2013%d" % (n, last),
                                        page_link(n), 0)
        surface.add_outline(group, "Page %d: %s" % (n, OUTLINE_TITLES[i % 6]), page_link(n), 0)
        # Internal link targets: the next pages of this cycle (cover) or its first page.
        cycle_start = i - i % 6 + 1
        if i % 6 == 0:
            dest = [p for p in range(n + 1, n + 6) if p <= total]
        else:
            dest = [cycle_start]
        ctx.save()
        if rotated:
            # Map displayed (landscape) coordinates onto the portrait MediaBox so that
            # the viewer's clockwise /Rotate 90 turns the content upright:
            # device = (Y, h - X) for displayed point (X, Y).
            ctx.transform(cairo.Matrix(0, -1, 1, 0, 0, h))
            w, h = h, w
            rotate.append(i)
        ctx.set_source_rgb(1, 1, 1)
        ctx.paint()
        title_block(ctx, n, w, label)
        design(ctx, w, h, n, total, dest)
        footer(ctx, n, total, w, h)
        ctx.restore()
        surface.show_page()
    surface.finish()
    return rotate


# --- /Rotate post-processing ------------------------------------------------------------


def _obj_body(pdf, offsets, num):
    start = offsets[num]
    m = re.compile(rb"%d\s+0\s+obj" % num).match(pdf, start)
    if not m:
        raise ValueError("xref offset of object %d does not point at it" % num)
    end = pdf.index(b"endobj", m.end())
    return m.end(), pdf[m.end():end]


def _page_objects(pdf, offsets, num):
    """Page object numbers in document order, walking the page tree from `num`."""
    _, body = _obj_body(pdf, offsets, num)
    if re.search(rb"/Type\s*/Pages\b", body):
        kids = re.search(rb"/Kids\s*\[([^\]]*)\]", body).group(1)
        out = []
        for k in re.findall(rb"(\d+)\s+0\s+R", kids):
            out.extend(_page_objects(pdf, offsets, int(k)))
        return out
    return [num]


def postprocess(pdf, page_indices, degrees=90):
    """Repair cairo 1.16's xref table and insert /Rotate into the given pages.

    cairo 1.16 reserves a structure-element object for every link tag but never
    writes it, leaving xref entries that point at some other object (qpdf: "file is
    damaged"). Those entries are turned into free entries; nothing reachable refers
    to them (the catalog has no /StructTreeRoot).

    Works on cairo's classic output (one xref table, no object streams): the original
    xref gives every object's offset, and each offset is shifted by the bytes inserted
    before it, so no guessing from the body text is needed.
    """
    startxref = int(re.findall(rb"startxref\s+(\d+)\s+%%EOF", pdf)[-1])
    if not pdf.startswith(b"xref", startxref):
        raise ValueError("expected a classic xref table (cairo >= 1.17.6 writes xref streams)")
    # Parse the xref table: "xref", then subsections "first count" + 20-byte entries.
    pos = startxref + len(b"xref")
    entries = {}  # object number -> [offset, generation, type]
    order = []
    header = re.compile(rb"(\d+) (\d+)[ \t]*\r?\n")
    while True:
        while pdf[pos:pos + 1] in (b" ", b"\r", b"\n", b"\t"):
            pos += 1
        if pdf.startswith(b"trailer", pos):
            break
        m = header.match(pdf, pos)
        if not m:
            raise ValueError("cannot parse xref subsection at byte %d" % pos)
        first, count = int(m.group(1)), int(m.group(2))
        pos = m.end()
        for k in range(count):
            e = pdf[pos:pos + 20]
            entries[first + k] = [int(e[0:10]), int(e[11:16]), e[17:18]]
            order.append(first + k)
            pos += 20
    trailer = pdf[pos:pdf.index(b"startxref", pos)]
    for num, entry in entries.items():
        if entry[2] == b"n" and not re.compile(rb"%d\s+%d\s+obj\b" % (num, entry[1])).match(pdf, entry[0]):
            entry[:] = [0, 1, b"f"]  # reserved but never written: mark it free
    # Free entries form a linked list through the offset field, starting at entry 0.
    free = [num for num in order if entries[num][2] == b"f"]
    for this, nxt in zip(free, free[1:] + [0]):
        entries[this][0] = nxt
    offsets = {k: v[0] for k, v in entries.items() if v[2] == b"n"}
    root = int(re.search(rb"/Root\s+(\d+)\s+0\s+R", trailer).group(1))
    _, catalog = _obj_body(pdf, offsets, root)
    pages_root = int(re.search(rb"/Pages\s+(\d+)\s+0\s+R", catalog).group(1))
    pages = _page_objects(pdf, offsets, pages_root)

    insert = b" /Rotate %d" % degrees
    inserts = []
    for idx in page_indices:
        body_start, body = _obj_body(pdf, offsets, pages[idx])
        if b"/Rotate" in body:
            raise ValueError("page %d already has /Rotate" % (idx + 1))
        inserts.append(pdf.index(b"<<", body_start) + 2)
    inserts.sort()

    def shifted(off):
        # Every insertion point at or before `off` moves it right by len(insert).
        return off + len(insert) * bisect.bisect_right(inserts, off)

    out, prev = [], 0
    for p in inserts:
        out.append(pdf[prev:p])
        out.append(insert)
        prev = p
    out.append(pdf[prev:startxref])
    body = b"".join(out)
    new_xref = len(body)
    xref = [b"xref\n0 %d\n" % len(order)]
    if order != list(range(len(order))):
        raise ValueError("unexpected xref layout (several subsections)")
    for num in order:
        off, gen, typ = entries[num]
        if typ == b"n":
            off = shifted(off)
        xref.append(b"%010d %05d %s \n" % (off, gen, typ))
    return body + b"".join(xref) + trailer + b"startxref\n%d\n%%%%EOF\n" % new_xref


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.join(os.path.dirname(here), "data", "sample.pdf")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=6, help="number of pages (default 6)")
    ap.add_argument("--out", help="output file (default data/sample.pdf; required with --pages)")
    args = ap.parse_args()
    if args.pages < 1:
        ap.error("--pages must be at least 1")
    if args.out is None:
        if args.pages != 6:
            ap.error("--out is required with --pages, so data/sample.pdf is not overwritten")
        args.out = default_out
    t0 = time.monotonic()
    tmp = args.out + ".tmp"
    rotate = build(tmp, args.pages)
    with open(tmp, "rb") as f:
        pdf = postprocess(f.read(), rotate)
    with open(tmp, "wb") as f:
        f.write(pdf)
    os.replace(tmp, args.out)  # atomic: readers never see a half-written file
    digest = hashlib.sha256(pdf).hexdigest()
    print("%s: %d pages, %d bytes, sha256 %s (%.1f s)"
          % (args.out, args.pages, len(pdf), digest, time.monotonic() - t0))


if __name__ == "__main__":
    main()
