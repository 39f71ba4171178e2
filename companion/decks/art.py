"""The printed Insonnia deck drawn as plain shapes, and laid out on A4 or Letter pages.

Everything is in millimetres with y pointing down. A card is a list of shapes
(:class:`Poly`, :class:`Ellipse`, :class:`Text`, :class:`Cells`) that the writers in
:mod:`companion.decks.printdeck` turn into SVG or PDF and :mod:`companion.decks.raster` into
pixels, so the printed card and the one drawn for tests are the same drawing.

A card (63 x 88 mm) has its colour all over, a white box with an ArUco marker in its
top-left and bottom-right corners (:mod:`recognizer.markerdeck` says which marker),
the number large in the two other corners with the colour's symbol under it (for
players who cannot tell the colours apart), and a sheep in the middle wearing the
same symbol. Fences show a fence, confused sheep a question mark.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache

from recognizer import markerdeck as md

Colour = tuple[int, int, int]  # RGB, 0-255
Point = tuple[float, float]

WHITE: Colour = (255, 255, 255)
INK: Colour = (34, 34, 34)
# Okabe and Ito's colour-blind-safe palette (vermilion, yellow, bluish green, blue), and a purple.
COLOURS: dict[str, Colour] = {
    "R": (213, 94, 0), "Y": (240, 228, 66), "G": (0, 158, 115), "B": (0, 114, 178),
    "P": (136, 78, 160),
}
FENCE_BROWN: Colour = (139, 94, 52)
FENCE_WOOD: Colour = (226, 190, 140)
CONFUSED_GREY: Colour = (120, 120, 128)
SYMBOLS = {"R": "circle", "Y": "star", "G": "triangle", "B": "square", "P": "cross"}
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
GRID = (3, 3)  # cards across, cards down: nine a page on both papers


@dataclass(frozen=True)
class Poly:
    """A polygon (or an open polyline), filled and/or stroked."""

    points: tuple[Point, ...]
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.0
    closed: bool = True


@dataclass(frozen=True)
class Ellipse:
    """An axis-aligned ellipse."""

    cx: float
    cy: float
    rx: float
    ry: float
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.0


@dataclass(frozen=True)
class Text:
    """A line of bold sans-serif text anchored at its baseline (centre or start).

    ``size`` is the font size; ``outline`` the width of the ``stroke`` drawn round the
    letters; ``turned`` draws it half a turn round (upside down, reading leftwards).
    """

    x: float
    y: float
    text: str
    size: float
    fill: Colour
    stroke: Colour | None = None
    outline: float = 0.0
    turned: bool = False
    anchor: str = "middle"  # or "start"


@dataclass(frozen=True)
class Cells:
    """A marker's black cells: rectangles (x, y, width, height), all black."""

    marker: int
    rects: tuple[tuple[float, float, float, float], ...]


Shape = Poly | Ellipse | Text | Cells


def rect(x: float, y: float, w: float, h: float, fill: Colour | None = None,
         stroke: Colour | None = None, width: float = 0.0) -> Poly:
    """A rectangle as a polygon."""
    return Poly(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), fill, stroke, width)


def rounded(x: float, y: float, w: float, h: float, r: float, fill: Colour | None = None,
            stroke: Colour | None = None, width: float = 0.0) -> Poly:
    """A rectangle with round corners (each arc as eight segments)."""
    pts: list[Point] = []
    centres = ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90),
               (x + r, y + r, 180))
    for cx, cy, start in centres:
        for k in range(9):
            a = math.radians(start + 90 * k / 8)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return Poly(tuple(pts), fill, stroke, width)


def turn(shape: Shape) -> Shape:
    """A shape turned half a turn about the card's centre."""
    w, h = md.CARD_W, md.CARD_H
    if isinstance(shape, Poly):
        return replace(shape, points=tuple((w - x, h - y) for x, y in shape.points))
    if isinstance(shape, Ellipse):
        return replace(shape, cx=w - shape.cx, cy=h - shape.cy)
    if isinstance(shape, Text):
        return replace(shape, x=w - shape.x, y=h - shape.y, turned=not shape.turned)
    return replace(shape, rects=tuple((w - x - rw, h - y - rh, rw, rh) for x, y, rw, rh in shape.rects))


def symbol(kind: str, cx: float, cy: float, size: float, fill: Colour) -> list[Shape]:
    """A colour's symbol, ``size`` mm across, outlined in ink."""
    r = size / 2
    if kind == "circle":
        return [Ellipse(cx, cy, 0.9 * r, 0.9 * r, fill, INK, 0.45)]
    if kind == "square":
        return [rect(cx - 0.8 * r, cy - 0.8 * r, 1.6 * r, 1.6 * r, fill, INK, 0.45)]
    if kind == "triangle":
        top, base = cy - r, cy + 0.75 * r
        return [Poly(((cx, top), (cx + 1.05 * r, base), (cx - 1.05 * r, base)), fill, INK, 0.45)]
    if kind == "star":
        pts = []
        for k in range(10):
            a = math.radians(-90 + 36 * k)
            rr = r * (1.05 if k % 2 == 0 else 0.45)
            pts.append((cx + rr * math.cos(a), cy + 0.1 * r + rr * math.sin(a)))
        return [Poly(tuple(pts), fill, INK, 0.45)]
    if kind == "cross":
        t = 0.34 * r
        pts = [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
               (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
               (cx - r, cy - t), (cx - t, cy - t)]
        return [Poly(tuple(pts), fill, INK, 0.45)]
    raise ValueError(f"unknown symbol {kind!r}")


def _sheep(mark: list[Shape]) -> list[Shape]:
    """A side-on sheep: ink legs and head, a white fleece outlined in ink, ``mark`` on its flank."""
    cx, cy = 29.0, 44.5
    out: list[Shape] = [rect(x, 49.0, 2.4, 9.5, fill=INK) for x in (19.0, 24.0, 32.5, 37.5)]
    puffs = [(cx + 14.0 * math.cos(math.radians(a)), cy + 8.0 * math.sin(math.radians(a)))
             for a in range(0, 360, 30)]
    for grow, colour in ((0.6, INK), (0.0, WHITE)):  # an ink rim, then the fleece over it
        out.append(Ellipse(cx, cy, 14.0 + grow, 8.5 + grow, colour))
        out += [Ellipse(x, y, 4.2 + grow, 4.2 + grow, colour) for x, y in puffs]
    out += [
        Ellipse(46.5, 39.5, 5.6, 4.2, INK),  # head
        Ellipse(42.5, 35.8, 2.8, 1.4, INK),  # ear
        Ellipse(47.8, 38.4, 1.0, 1.0, WHITE),  # eye
        Ellipse(48.1, 38.5, 0.45, 0.45, INK),
    ]
    return out + mark


def _fence(x0: float, y0: float, w: float, h: float, posts: int, wood: Colour) -> list[Shape]:
    """Pointed posts joined by two rails, in the box (x0, y0, w, h)."""
    out: list[Shape] = []
    pw = w / (2 * posts - 1)
    for rail in (0.35, 0.7):
        out.append(rect(x0 - 0.3 * pw, y0 + rail * h, w + 0.6 * pw, 0.14 * h, fill=wood, stroke=INK,
                        width=0.4))
    for k in range(posts):
        x = x0 + 2 * k * pw
        out.append(Poly(((x, y0 + 0.6 * pw), (x + pw / 2, y0), (x + pw, y0 + 0.6 * pw), (x + pw, y0 + h),
                         (x, y0 + h)), fill=wood, stroke=INK, width=0.4))
    return out


def _corner_face(code: str) -> list[Shape]:
    """What the top-right corner shows (and, turned, the bottom-left one)."""
    if code == "F":
        return _fence(33.0, 7.0, 22.0, 15.0, 3, FENCE_WOOD)
    label = "?" if code == "X" else code[1:]
    out: list[Shape] = [Text(44.5, 17.6, label, 20.0 if len(label) == 1 else 17.0, WHITE, INK, 0.7)]
    if label in ("6", "9"):  # underlined, so that a 6 seen upside down is not a 9
        out.append(rect(40.0, 18.5, 9.0, 1.2, WHITE, INK, 0.35))
    if code != "X":
        out += symbol(SYMBOLS[code[0]], 44.5, 23.8, 5.5, WHITE)
    return out


@cache
def card_shapes(code: str) -> tuple[Shape, ...]:
    """The drawing of one card, on the upright card (0..63 x 0..88 mm)."""
    if code not in md.CODES:
        raise ValueError(f"{code!r} is not a card of the Insonnia deck")
    w, h = md.CARD_W, md.CARD_H
    ground = COLOURS.get(code[0], FENCE_BROWN if code == "F" else CONFUSED_GREY)
    out: list[Shape] = [rect(0, 0, w, h, fill=ground)]
    for corner in md.CORNERS:
        (x, y), _, (x1, y1), _ = md.box_points(corner)
        out.append(rounded(min(x, x1), min(y, y1), md.BOX_SIDE, md.BOX_SIDE, 1.2, fill=WHITE))
        mid = md.marker_id(code, corner)
        out.append(Cells(mid, tuple(md.black_cells(mid, corner))))
    face = _corner_face(code)
    out += face + [turn(s) for s in face]
    if code == "F":
        out += _fence(9.0, 33.0, 45.0, 25.0, 5, FENCE_WOOD)
    elif code == "X":
        out += _sheep([Text(29.0, 50.0, "?", 15.0, INK)])
    else:
        out += _sheep(symbol(SYMBOLS[code[0]], 28.0, 44.5, 9.0, COLOURS[code[0]]))
    return tuple(out)


@dataclass(frozen=True)
class Page:
    """One printed page: its size, the cards on it (code, top-left corner), and its marks."""

    width: float
    height: float
    cards: tuple[tuple[str, float, float], ...]
    marks: tuple[Shape, ...]


def cards_per_page() -> int:
    """Nine: three by three, on both papers."""
    return GRID[0] * GRID[1]


def _cut_marks(x0: float, y0: float) -> list[Shape]:
    """Short lines in the margins along every cut, clear of the cards and of the paper's edge."""
    cols, rows = GRID
    x1, y1 = x0 + cols * md.CARD_W, y0 + rows * md.CARD_H
    gap, edge = 1.5, 3.0
    out: list[Shape] = []
    v_len = max(1.0, min(6.0, y0 - gap - edge))
    h_len = max(1.0, min(6.0, x0 - gap - edge))
    for i in range(cols + 1):
        x = x0 + i * md.CARD_W
        out.append(Poly(((x, y0 - gap), (x, y0 - gap - v_len)), stroke=INK, width=0.2, closed=False))
        out.append(Poly(((x, y1 + gap), (x, y1 + gap + v_len)), stroke=INK, width=0.2, closed=False))
    for j in range(rows + 1):
        y = y0 + j * md.CARD_H
        out.append(Poly(((x0 - gap, y), (x0 - gap - h_len, y)), stroke=INK, width=0.2, closed=False))
        out.append(Poly(((x1 + gap, y), (x1 + gap + h_len, y)), stroke=INK, width=0.2, closed=False))
    return out


def pages(deck: tuple[str, ...], paper: str = "a4") -> list[Page]:
    """The deck laid out nine a page, centred, with cut marks and a line saying how to print."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: choose {' or '.join(PAPERS)}")
    width, height = PAPERS[paper]
    cols, rows = GRID
    x0, y0 = (width - cols * md.CARD_W) / 2, (height - rows * md.CARD_H) / 2
    per = cards_per_page()
    count = math.ceil(len(deck) / per)
    out = []
    for p in range(count):
        chunk = deck[p * per:(p + 1) * per]
        placed = tuple((code, x0 + (k % cols) * md.CARD_W, y0 + (k // cols) * md.CARD_H)
                       for k, code in enumerate(chunk))
        # Between the cut marks under the first two cards: which page, and how to print it.
        y = min(height - 3.0, y0 + rows * md.CARD_H + 4.5)
        notes = (f"Tavolo - Insonnia {p + 1}/{count} ({'A4' if paper == 'a4' else 'Letter'})",
                 "Print at 100%: cards are 63 x 88 mm")
        foot = tuple(Text(x0 + 3.0 + i * md.CARD_W, y, n, 2.5, INK, anchor="start")
                     for i, n in enumerate(notes))
        out.append(Page(width, height, placed, (*_cut_marks(x0, y0), *foot)))
    return out
