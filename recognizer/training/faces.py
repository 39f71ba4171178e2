"""Card faces with the exact place of every corner index on them.

Two sources: decks drawn here in random styles (fonts, suit shapes, index sizes and places,
paper and ink colours, two or four indices, the rank letters of other languages), and the
free card-face artwork in ``../shared/cardart`` whose index boxes are found once by
:func:`art_marks`. Each :class:`Face` says where its rank and suit glyphs are, so a
candidate cut from a synthetic photo can be labelled exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from ..faces import load_face
from .glyphs import SuitStyle, has_glyph, random_suit_style, rank_fonts, suit_mask, text_mask

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH = tuple(r + s for s in SUITS for r in RANKS)
JOKERS = ("JK1", "JK2")  # the red (coloured) joker and the black one, as the rule books say
CODES = (*FRENCH, *JOKERS)
# The letters other languages print for the picture cards and the ace.
LETTERS = {
    "en": {"A": "A", "J": "J", "Q": "Q", "K": "K"},
    "de": {"A": "A", "J": "B", "Q": "D", "K": "K"},
    "fr": {"A": "A", "J": "V", "Q": "D", "K": "R"},
    "one": {"A": "1", "J": "J", "Q": "Q", "K": "K"},
}
# German letters (B, D, K) are printed on the French-suited packs of Germany, Austria and
# Switzerland, where Kaiserspiel is played: a good share of the tables this app sees.
LANGUAGE_WEIGHTS = {"en": 0.6, "de": 0.26, "fr": 0.1, "one": 0.04}
FLAT_THREE = "\u01b7"  # the letter ezh: the flat-topped 3 many decks print
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in face pixels


@dataclass(frozen=True)
class Mark:
    """One corner index on a face: the boxes of its rank and of its suit (face pixels), and
    whether it is printed upside down (the bottom-right index)."""

    rank: Box
    suit: Box
    turned: bool = False


@dataclass(frozen=True)
class Face:
    """A card face (BGR) and its indices."""

    code: str
    image: np.ndarray
    marks: tuple[Mark, ...]
    deck: str = "drawn"


@dataclass(frozen=True)
class DeckStyle:
    """Everything one drawn deck keeps the same from card to card."""

    width: int
    aspect: float
    paper: tuple[int, int, int]
    black: tuple[int, int, int]
    red: tuple[int, int, int]
    font: Path
    language: str
    rank_h: float  # of the card height
    condense: float
    stroke: float
    ten_spacing: float
    suit: SuitStyle
    suit_h: float  # of the rank height
    gap: float  # between rank and suit, of the rank height
    margin_x: float  # of the card width, to the index's centre line
    margin_y: float  # of the card height, to the top of the rank
    four: bool  # an index in all four corners
    radius: float  # corner rounding, of the width
    frame: bool  # a thin line framing the picture
    four_colour: bool = False  # blue diamonds, green clubs
    flat_three: bool = False  # a 3 with a flat top
    suit_dx: float = 0.0  # the suit's centre right of the rank's, of the rank height
    extra: dict[str, float] = field(default_factory=dict)


def _choice(rng: np.random.Generator, weights: dict[str, float]) -> str:
    keys = list(weights)
    p = np.array([weights[k] for k in keys])
    return keys[int(rng.choice(len(keys), p=p / p.sum()))]


def random_style(rng: np.random.Generator, width: int = 480) -> DeckStyle:
    """A deck style drawn at random from the range real decks print."""
    fonts = rank_fonts()
    white = rng.uniform(225, 252)
    paper = tuple(
        int(v)
        for v in np.clip(
            white - np.array([rng.uniform(0, 22), rng.uniform(0, 8), 0]) + rng.normal(0, 2, 3), 190, 255
        )
    )
    black = tuple(int(v) for v in rng.uniform(5, 55, 3))
    red_r = rng.uniform(150, 235)
    red = (int(rng.uniform(10, 70)), int(rng.uniform(10, 60)), int(red_r))
    jumbo = rng.random() < 0.12
    font = fonts[int(rng.integers(len(fonts)))]
    place = rng.random()
    if place < 0.7:  # the suit under the rank
        suit_dx, gap = 0.0, float(rng.uniform(0.04, 0.35))
    elif place < 0.9:  # under it, a little to the right
        suit_dx, gap = float(rng.uniform(0.1, 0.45)), float(rng.uniform(0.0, 0.3))
    else:  # beside it, lower: some decks with an index in every corner
        suit_dx, gap = float(rng.uniform(0.55, 0.85)), float(rng.uniform(-0.55, -0.2))
    return DeckStyle(
        width=width,
        aspect=float(rng.choice([1.4, 1.4, 1.4, 1.57, 1.5, 1.45])) * float(rng.uniform(0.98, 1.02)),
        paper=paper,  # type: ignore[arg-type]
        black=black,  # type: ignore[arg-type]
        red=red,
        font=font,
        language=_choice(rng, LANGUAGE_WEIGHTS),
        rank_h=float(rng.uniform(0.13, 0.19) if jumbo else rng.uniform(0.065, 0.12)),
        condense=float(rng.uniform(0.62, 1.1)),
        stroke=float(rng.choice([-0.015, 0.0, 0.0, 0.02, 0.04])),
        ten_spacing=float(rng.uniform(-0.1, 0.06)),
        suit=random_suit_style(rng),
        suit_h=float(rng.uniform(0.55, 0.95)),
        gap=gap,
        margin_x=float(rng.uniform(0.06, 0.13)),
        margin_y=float(rng.uniform(0.025, 0.07)),
        four=bool(rng.random() < 0.18),
        radius=float(rng.uniform(0.03, 0.09)),
        frame=bool(rng.random() < 0.4),
        four_colour=bool(rng.random() < 0.04),
        flat_three=bool(rng.random() < 0.3 and has_glyph(font, FLAT_THREE)),
        suit_dx=suit_dx,
    )


def _ink(style: DeckStyle, suit: str) -> tuple[int, int, int]:
    if style.four_colour and suit == "D":
        return (160, 70, 20)
    if style.four_colour and suit == "C":
        return (40, 120, 20)
    return style.red if suit in ("H", "D") else style.black


def _stamp(
    face: np.ndarray, mask: np.ndarray, x: float, y: float, colour: tuple[int, int, int], turned: bool = False
) -> Box:
    """Paint ``mask`` with its top-left at (x, y) (or, turned, its bottom-right at the point
    mirrored through the centre); returns the box it covers."""
    h, w = mask.shape
    fh, fw = face.shape[:2]
    if turned:
        mask = mask[::-1, ::-1]
        x, y = fw - x - w, fh - y - h
    x0, y0 = round(x), round(y)
    x1, y1 = min(fw, x0 + w), min(fh, y0 + h)
    if x1 <= max(x0, 0) or y1 <= max(y0, 0):
        return (float(x0), float(y0), float(x0 + w), float(y0 + h))
    m = mask[max(0, -y0) : y1 - y0, max(0, -x0) : x1 - x0].astype(np.float32)[:, :, None] / 255.0
    region = face[max(0, y0) : y1, max(0, x0) : x1]
    region[:] = (region * (1 - m) + np.array(colour, np.float32) * m).astype(np.uint8)
    return (float(x0), float(y0), float(x0 + w), float(y0 + h))


def _index_masks(code: str, style: DeckStyle) -> tuple[np.ndarray, np.ndarray | None, str]:
    """The rank mask, the suit mask (None for a joker's word) and the ink's suit."""
    h = style.width * style.aspect
    rank_px = max(8, round(style.rank_h * h))
    if code in JOKERS:
        word = text_mask("J", style.font, rank_px, style.condense, style.stroke)
        return word, None, "H" if code == "JK1" else "S"
    rank, suit = code[:-1], code[-1]
    text = LETTERS[style.language].get(rank, rank)
    if rank == "3" and style.flat_three:
        text = FLAT_THREE
    rank_mask = text_mask(
        text,
        style.font,
        rank_px,
        style.condense if len(text) == 1 else style.condense * 0.9,
        style.stroke,
        style.ten_spacing,
    )
    suit_mask_ = suit_mask(suit, style.suit, max(6, round(rank_px * style.suit_h)))
    return rank_mask, suit_mask_, suit


def _joker_letters(style: DeckStyle, rank_px: int) -> list[np.ndarray]:
    """JOKER written downwards, letter under letter, the way jokers carry their index."""
    size = max(6, round(rank_px * 0.7))
    return [text_mask(ch, style.font, size, style.condense, style.stroke) for ch in "JOKER"]


def _blank(style: DeckStyle) -> tuple[np.ndarray, np.ndarray]:
    w = style.width
    h = round(w * style.aspect)
    face = np.empty((h, w, 3), np.uint8)
    face[:] = style.paper
    alpha = np.zeros((h, w), np.uint8)
    r = max(2, round(style.radius * w))
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return face, alpha


def _picture_box(style: DeckStyle, clear: float = 0.0) -> tuple[int, int, int, int]:
    """The box of the pips or the picture, clear of the indices: ``clear`` is where the
    top-left index ends (face pixels), since card makers never print into an index."""
    w = style.width
    h = round(w * style.aspect)
    mx = min(round(w * 0.3), max(round(w * (style.margin_x * 2 + 0.02)), int(np.ceil(clear + w * 0.015))))
    my = round(h * 0.06)
    return mx, my, w - mx, h - my


# the column (0 left, 1 middle, 2 right) and height (0 top, 1 bottom) of each pip
PIPS: dict[int, list[tuple[int, float]]] = {
    1: [(1, 0.5)],
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)],
    10: [
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ],
}


def _pips(face: np.ndarray, code: str, style: DeckStyle, rng: np.random.Generator, clear: float) -> None:
    rank, suit = code[:-1], code[-1]
    count = 1 if rank == "A" else int(rank)
    x0, y0, x1, y1 = _picture_box(style, clear)
    bw, bh = x1 - x0, y1 - y0
    size = round(min(bw * 0.28, bh * 0.17) * float(rng.uniform(0.8, 1.1)))
    if rank == "A":
        size = round(min(bw, bh) * float(rng.uniform(0.25, 0.6)))
    pip = suit_mask(suit, style.suit, max(6, size))
    colour = _ink(style, suit)
    for col, row in PIPS[count]:
        cx = x0 + bw * (0.22 + 0.28 * col)
        cy = y0 + size * 0.6 + (bh - size * 1.2) * row
        turned = row > 0.5
        px, py = cx - pip.shape[1] / 2, cy - pip.shape[0] / 2
        if turned:  # _stamp mirrors through the centre: aim at the mirrored point
            px, py = face.shape[1] - px - pip.shape[1], face.shape[0] - py - pip.shape[0]
        _stamp(face, pip, px, py, colour, turned)


def _picture(face: np.ndarray, style: DeckStyle, art: list[np.ndarray], rng: np.random.Generator,
             clear: float) -> None:
    """A court's or joker's picture: a free artwork court picture, or coloured shapes."""
    x0, y0, x1, y1 = _picture_box(style, clear)
    if art and rng.random() < 0.75:
        src = art[int(rng.integers(len(art)))]
        pic = cv2.resize(src, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
        if rng.random() < 0.5:  # another printer's colours
            hsv = cv2.cvtColor(pic, cv2.COLOR_BGR2HSV)
            hsv[:, :, 0] = (hsv[:, :, 0].astype(int) + int(rng.integers(0, 180))) % 180
            pic = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
        face[y0:y1, x0:x1] = pic
        return
    for _ in range(int(rng.integers(8, 30))):
        colour = tuple(int(c) for c in rng.integers(0, 255, 3))
        kind = rng.integers(3)
        p = (int(rng.integers(x0, x1)), int(rng.integers(y0, y1)))
        if kind == 0:
            cv2.circle(face, p, int(rng.integers(3, max(4, (x1 - x0) // 5))), colour, -1, cv2.LINE_AA)
        elif kind == 1:
            q = (int(rng.integers(x0, x1)), int(rng.integers(y0, y1)))
            cv2.line(face, p, q, colour, int(rng.integers(1, 8)), cv2.LINE_AA)
        else:
            q = (int(rng.integers(x0, x1)), int(rng.integers(y0, y1)))
            cv2.rectangle(face, p, q, colour, -1)


def draw_face(
    code: str, style: DeckStyle, rng: np.random.Generator, art: list[np.ndarray] | None = None
) -> Face:
    """One card of a drawn deck: paper, its indices (two or four), pips or a picture."""
    face, alpha = _blank(style)
    h, w = face.shape[:2]
    rank_mask, smask, ink_suit = _index_masks(code, style)
    colour = _ink(style, ink_suit)
    centre_x = style.margin_x * w
    top = style.margin_y * h
    marks: list[Mark] = []
    corners = [(False, False), (True, False)] + ([(False, True), (True, True)] if style.four else [])
    # an index never runs off the card's edge, however wide its rank
    centre_x = max(centre_x, rank_mask.shape[1] / 2 + w * 0.02)
    for turned, right in corners:
        cx = w - centre_x if right else centre_x
        if smask is None:  # a joker: JOKER downwards
            y = top
            boxes: list[Box] = []
            for letter in _joker_letters(style, rank_mask.shape[0]):
                boxes.append(_stamp(face, letter, cx - letter.shape[1] / 2, y, colour, turned))
                y += letter.shape[0] * 1.12
            # The first two letters stand for rank and suit: the labeller needs a pair.
            marks.append(Mark(boxes[0], boxes[1], turned))
            continue
        rb = _stamp(face, rank_mask, cx - rank_mask.shape[1] / 2, top, colour, turned)
        sy = top + rank_mask.shape[0] * (1 + style.gap)
        sx = cx - smask.shape[1] / 2 + style.suit_dx * rank_mask.shape[0] * (-1 if right else 1)
        sb = _stamp(face, smask, sx, sy, colour, turned)
        marks.append(Mark(rb, sb, turned))
    top_left = marks[0]
    clear = max(top_left.rank[2], top_left.suit[2])
    if style.frame:
        x0, y0, x1, y1 = _picture_box(style, clear)
        cv2.rectangle(face, (x0, y0), (x1, y1), style.black, max(1, w // 240), cv2.LINE_AA)
    if code in JOKERS or code[:-1] in ("J", "Q", "K"):
        _picture(face, style, art or [], rng, clear)
    else:
        _pips(face, code, style, rng, clear)
    face = np.where(alpha[:, :, None] > 0, face, 255).astype(np.uint8)
    return Face(code, face, tuple(marks), "drawn")


def draw_deck(
    style: DeckStyle,
    rng: np.random.Generator,
    art: list[np.ndarray] | None = None,
    codes: tuple[str, ...] = CODES,
) -> dict[str, Face]:
    """The faces of one drawn deck."""
    return {c: draw_face(c, style, rng, art) for c in codes}


# ---- artwork ----------------------------------------------------------------------------
def _split_waist(b: tuple[int, ...], rank_h: float | None) -> list[tuple[int, ...]]:
    """A blob much taller than the deck's other ranks (``rank_h``) is a rank touching its
    suit: cut it where those ranks end."""
    x, y, w, h = b[:4]
    if rank_h is None or h < 1.35 * rank_h:
        return [b]
    cut = round(rank_h)
    return [(x, y, w, cut, 1), (x, y + cut + 1, w, h - cut - 1, 1)]


def _top_left_marks(face: np.ndarray, joker: bool, rank_h: float | None = None) -> tuple[Box, Box] | None:
    """The rank and suit boxes of the index in a face's top-left corner: the ink blobs there,
    the top row of them the rank (its pieces joined: 10), the next one below the suit. A
    joker's word (JOKER downwards) is one box, given as both."""
    h, w = face.shape[:2]
    corner = face[: int(h * (0.55 if joker else 0.32)), : int(w * 0.2)]
    ink = (corner.min(axis=2) < 150).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    blobs = [
        tuple(int(v) for v in s)
        for s in stats[1:]
        if s[4] >= 12 and s[2] < w * 0.18 and (joker or s[3] < h * 0.2) and not (s[0] == 0 and s[1] == 0)
    ]
    # A blob touching the corner's cut edge belongs to the picture, not the index.
    blobs = [b for b in blobs if b[0] + b[2] < corner.shape[1] - 1 and b[1] + b[3] < corner.shape[0] - 1]
    if joker and blobs:
        word = (
            float(min(b[0] for b in blobs)),
            float(min(b[1] for b in blobs)),
            float(max(b[0] + b[2] for b in blobs)),
            float(max(b[1] + b[3] for b in blobs)),
        )
        return word, word
    blobs = [part for b in blobs for part in _split_waist(b, rank_h)]
    if len(blobs) < 2:
        return None
    blobs.sort(key=lambda b: b[1])
    first = blobs[0]
    row = [b for b in blobs if b[1] < first[1] + first[3] * 0.5]
    rank = (
        min(b[0] for b in row),
        min(b[1] for b in row),
        max(b[0] + b[2] for b in row),
        max(b[1] + b[3] for b in row),
    )
    middle = (rank[1] + rank[3]) / 2
    below = [
        b
        for b in blobs
        if b[1] + b[3] / 2 > middle and b[1] > rank[1] + 0.5 * (rank[3] - rank[1]) and b not in row
    ]
    if not below:
        return None
    nxt = min(below, key=lambda b: b[1])
    suit = (nxt[0], nxt[1], nxt[0] + nxt[2], nxt[1] + nxt[3])
    return (float(rank[0]), float(rank[1]), float(rank[2]), float(rank[3])), (
        float(suit[0]),
        float(suit[1]),
        float(suit[2]),
        float(suit[3]),
    )


def art_marks(face: np.ndarray, joker: bool = False, rank_h: float | None = None) -> tuple[Mark, ...]:
    """The indices of an artwork face: the top-left one, and the bottom-right one found the
    same way on the face turned round. ``rank_h``: the height of the deck's other ranks, for
    a rank printed touching its suit."""
    h, w = face.shape[:2]
    marks = []
    for turned in (False, True):
        img = face[::-1, ::-1] if turned else face
        found = _top_left_marks(np.ascontiguousarray(img), joker, rank_h)
        if found is None:
            continue
        rank, suit = found
        if turned:
            rank = (w - rank[2], h - rank[3], w - rank[0], h - rank[1])
            suit = (w - suit[2], h - suit[3], w - suit[0], h - suit[1])
        marks.append(Mark(rank, suit, turned))
    return tuple(marks)


def art_deck(folder: Path) -> dict[str, Face]:
    """The faces of an artwork deck folder (PNG preferred, else JPEG), named by card code."""
    out: dict[str, Face] = {}
    images = {}
    for code in CODES:
        path = next((p for p in (folder / f"{code}.png", folder / f"{code}.jpg") if p.exists()), None)
        if path is not None:
            images[code] = load_face(path)
    heights = [
        m.rank[3] - m.rank[1]
        for code, face in images.items()
        if code[:-1] in ("A", "K", "2", "3")
        for m in art_marks(face)
    ]
    rank_h = float(np.median(heights)) if heights else None
    for code, face in images.items():
        marks = art_marks(face, code in JOKERS, rank_h)
        if marks:
            out[code] = Face(code, face, marks, folder.name)
    return out


def court_pictures(decks: list[dict[str, Face]]) -> list[np.ndarray]:
    """The pictures (between the indices) of the artwork's courts and jokers: drawn decks
    borrow them for their own courts."""
    out = []
    for deck in decks:
        for code, face in deck.items():
            if code in JOKERS or code[:-1] in ("J", "Q", "K"):
                h, w = face.image.shape[:2]
                out.append(face.image[int(h * 0.12) : int(h * 0.88), int(w * 0.2) : int(w * 0.8)].copy())
    return out
