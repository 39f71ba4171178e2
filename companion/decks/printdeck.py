"""``companion print-deck insonnia``: the printed Insonnia deck as a PDF or an SVG file.

The drawing comes from :mod:`companion.decks.art`; this module only writes it out:
SVG by building the text, PDF with a small writer of its own (vector paths, the
markers as filled rectangles, text in the standard Helvetica-Bold font that every
PDF reader has, so no font is embedded). Nothing here imports Flask.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from ..games.cards import INSONNIA108, deck_list
from .art import Colour, Ellipse, Page, Poly, Shape, Text, card_shapes, pages

FORMATS = ("pdf", "svg")
PT_PER_MM = 72 / 25.4
KAPPA = 0.5522847498  # control-point distance of a quarter circle drawn as one Bézier curve
# Advance widths of Helvetica-Bold (thousandths of the font size) for the characters
# that are centred; anything else is only ever drawn from its start.
_WIDTHS = {**dict.fromkeys("0123456789", 556), "?": 611, " ": 278}
FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', sans-serif"


def _n(v: float) -> str:
    """A number for SVG or PDF: three decimals at most, no trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def text_width(text: str, size: float) -> float:
    """The width of ``text`` in Helvetica-Bold at ``size``."""
    return sum(_WIDTHS.get(ch, 600) for ch in text) * size / 1000


# ---- SVG -------------------------------------------------------------------------------------
def _hex(c: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c)


def _paint(fill: Colour | None, stroke: Colour | None, width: float) -> str:
    out = f' fill="{_hex(fill)}"' if fill else ' fill="none"'
    if stroke and width > 0:
        out += f' stroke="{_hex(stroke)}" stroke-width="{_n(width)}" stroke-linejoin="round"'
    return out


def _svg_shape(s: Shape) -> str:
    if isinstance(s, Poly):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
        tag = "polygon" if s.closed else "polyline"
        return f'<{tag} points="{pts}"{_paint(s.fill if s.closed else None, s.stroke, s.width)}/>'
    if isinstance(s, Ellipse):
        return (f'<ellipse cx="{_n(s.cx)}" cy="{_n(s.cy)}" rx="{_n(s.rx)}" ry="{_n(s.ry)}"'
                f'{_paint(s.fill, s.stroke, s.width)}/>')
    if isinstance(s, Text):
        attrs = f'x="{_n(s.x)}" y="{_n(s.y)}" font-size="{_n(s.size)}" fill="{_hex(s.fill)}"'
        if s.anchor == "middle":
            attrs += ' text-anchor="middle"'
        if s.stroke and s.outline > 0:  # drawn under the letters: only its outer half shows
            attrs += (f' stroke="{_hex(s.stroke)}" stroke-width="{_n(2 * s.outline)}"'
                      ' stroke-linejoin="round" paint-order="stroke"')
        if s.turned:
            attrs += f' transform="rotate(180 {_n(s.x)} {_n(s.y)})"'
        return f"<text {attrs}>{escape(s.text)}</text>"
    d = "".join(f"M{_n(x)} {_n(y)}h{_n(w)}v{_n(h)}h{_n(-w)}z" for x, y, w, h in s.rects)
    return f'<path class="marker" data-marker="{s.marker}" d="{d}" fill="#000"/>'


def to_svg(sheets: Sequence[Page], title: str) -> str:
    """One SVG document, the pages one under the other (sizes in millimetres)."""
    width = max(p.width for p in sheets)
    height = sum(p.height for p in sheets)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}mm" height="{_n(height)}mm" '
        f'viewBox="0 0 {_n(width)} {_n(height)}">',
        f"<title>{escape(title)}</title>",
        f"<style>text {{ font-family: {FONT_FAMILY}; font-weight: bold; }}</style>",
    ]
    top = 0.0
    for i, page in enumerate(sheets, 1):
        out.append(f'<g class="page" id="page-{i}" transform="translate(0 {_n(top)})">')
        out.append(f'<rect width="{_n(page.width)}" height="{_n(page.height)}" fill="#fff"/>')
        for code, x, y in page.cards:
            out.append(f'<g class="card" data-card={quoteattr(code)} transform="translate({_n(x)} {_n(y)})">')
            out += [_svg_shape(s) for s in card_shapes(code)]
            out.append("</g>")
        out += [_svg_shape(s) for s in page.marks]
        out.append("</g>")
        top += page.height
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---- PDF -------------------------------------------------------------------------------------
def _rgb(c: Colour) -> str:
    return " ".join(_n(v / 255) for v in c)


def _pdf_string(text: str) -> str:
    raw = text.encode("latin-1", "replace").decode("latin-1")
    return "(" + raw.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _ellipse_path(e: Ellipse) -> str:
    cx, cy, rx, ry = e.cx, e.cy, e.rx, e.ry
    kx, ky = KAPPA * rx, KAPPA * ry
    p = [f"{_n(cx + rx)} {_n(cy)} m"]
    quarters = (((cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry)),
                ((cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy)),
                ((cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry)),
                ((cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy)))
    for a, b, c in quarters:
        p.append(f"{_n(a[0])} {_n(a[1])} {_n(b[0])} {_n(b[1])} {_n(c[0])} {_n(c[1])} c")
    return " ".join(p) + " h"


def _paint_op(fill: Colour | None, stroke: Colour | None, width: float) -> tuple[str, str]:
    """The colour settings before a path and the operator that paints it."""
    pre = []
    if fill:
        pre.append(f"{_rgb(fill)} rg")
    if stroke and width > 0:
        pre.append(f"{_rgb(stroke)} RG {_n(width)} w")
        return " ".join(pre), "B" if fill else "S"
    return " ".join(pre), "f" if fill else "n"


def _pdf_shape(s: Shape) -> str:
    if isinstance(s, Poly):
        pre, op = _paint_op(s.fill if s.closed else None, s.stroke, s.width)
        path = " ".join(f"{_n(x)} {_n(y)} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(s.points))
        return f"{pre} {path}{' h' if s.closed else ''} {op}"
    if isinstance(s, Ellipse):
        pre, op = _paint_op(s.fill, s.stroke, s.width)
        return f"{pre} {_ellipse_path(s)} {op}"
    if isinstance(s, Text):
        # The page is drawn in millimetres with y down: the text matrix flips the letters back.
        width = text_width(s.text, s.size) if s.anchor == "middle" else 0.0
        x = s.x + width / 2 if s.turned else s.x - width / 2
        tm = f"-1 0 0 1 {_n(x)} {_n(s.y)} Tm" if s.turned else f"1 0 0 -1 {_n(x)} {_n(s.y)} Tm"
        string = _pdf_string(s.text)
        parts = []
        if s.stroke and s.outline > 0:  # the outline first and twice as wide: its outer half shows
            parts.append(f"BT /F1 {_n(s.size)} Tf {tm} 1 Tr {_rgb(s.stroke)} RG {_n(2 * s.outline)} w "
                         f"{string} Tj ET")
        parts.append(f"BT /F1 {_n(s.size)} Tf {tm} 0 Tr {_rgb(s.fill)} rg {string} Tj ET")
        return " ".join(parts)
    rects = " ".join(f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re" for x, y, w, h in s.rects)
    return f"% marker {s.marker}\n0 0 0 rg {rects} f"


def _page_content(page: Page) -> bytes:
    k = _n(PT_PER_MM)
    lines = [f"{k} 0 0 -{k} 0 {_n(page.height * PT_PER_MM)} cm 1 j 1 J"]
    for code, x, y in page.cards:
        lines.append(f"% card {code}")
        lines.append(f"q 1 0 0 1 {_n(x)} {_n(y)} cm")
        lines += [_pdf_shape(s) for s in card_shapes(code)]
        lines.append("Q")
    lines += [_pdf_shape(s) for s in page.marks]
    return ("\n".join(lines) + "\n").encode("latin-1")


def to_pdf(sheets: Sequence[Page], title: str) -> bytes:
    """A PDF 1.4 file: one page per sheet, compressed vector content, an xref table."""
    objects: list[bytes] = []  # object n is objects[n - 1]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in once the pages are known
    tree = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    info = add(f"<< /Title {_pdf_string(title)} /Producer (Tavolo companion) >>".encode("latin-1"))
    kids = []
    for page in sheets:
        data = zlib.compress(_page_content(page), 9)
        stream = add(f"<< /Length {len(data)} /Filter /FlateDecode >>\nstream\n".encode() + data
                     + b"\nendstream")
        box = f"[0 0 {_n(page.width * PT_PER_MM)} {_n(page.height * PT_PER_MM)}]"
        kids.append(add(f"<< /Type /Page /Parent {tree} 0 R /MediaBox {box} "
                        f"/Resources << /Font << /F1 {font} 0 R >> >> /Contents {stream} 0 R >>".encode()))
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {tree} 0 R >>".encode()
    refs = " ".join(f"{k} 0 R" for k in kids)
    objects[tree - 1] = f"<< /Type /Pages /Kids [{refs}] /Count {len(kids)} >>".encode()
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return bytes(out)


# ---- the command -----------------------------------------------------------------------------
def deck_pages(paper: str = "a4") -> list[Page]:
    """The whole deck (108 cards) on pages of ``paper``."""
    return pages(deck_list(INSONNIA108), paper)


def render(paper: str = "a4", fmt: str = "pdf") -> bytes:
    """The printable deck as the bytes of a PDF or SVG file."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: choose pdf or svg")
    sheets = deck_pages(paper)
    title = f"Insonnia: the 108 cards for Tavolo ({'A4' if paper == 'a4' else 'Letter'})"
    return to_pdf(sheets, title) if fmt == "pdf" else to_svg(sheets, title).encode("utf-8")


def write_deck(path: Path, paper: str = "a4", fmt: str = "pdf") -> int:
    """Write the deck to ``path``; the number of pages."""
    path.write_bytes(render(paper, fmt))
    return len(deck_pages(paper))
