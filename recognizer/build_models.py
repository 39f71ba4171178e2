"""Build the index glyph templates (``make models``): rendered and synthesised, never photographed.

Every rank character and suit symbol is drawn with free fonts installed on the
machine (DejaVu, Liberation; Debian's fonts-dejavu-core and fonts-liberation2),
then thickened, thinned, rotated and sheared a little. When the clean card-face
artwork of ../shared/cardart is present, synthetic photos of those faces
(:mod:`recognizer.synth`) are cut by the recogniser's own segmenter, and the
glyphs it cuts join the templates, with the flaws real photos give them. The
output, ``recognizer/models/index_glyphs.npz``, is small and reproducible: the
same fonts and artwork give the same file.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from .glyphs import MODEL, Templates, normalise
from .synth import JOKER_CODES, card_code, load_face, samples

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype/liberation"),
             Path("/usr/share/fonts/truetype/liberation2"), Path("/usr/share/fonts/opentype/urw-base35"),
             Path("/usr/share/fonts/truetype/freefont"))
TEXT_FONTS = (
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerifCondensed-Bold.ttf",
    "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "LiberationSerif-Regular.ttf",
    "LiberationSerif-Bold.ttf", "LiberationSansNarrow-Regular.ttf", "LiberationSansNarrow-Bold.ttf",
    "LiberationMono-Bold.ttf",
    # URW base 35 (Century Schoolbook, Palatino, Times, Helvetica, Bookman, Avant Garde
    # look-alikes): the faces card makers print their indices in.
    "C059-Roman.otf", "C059-Bold.otf", "P052-Roman.otf", "P052-Bold.otf", "NimbusRoman-Regular.otf",
    "NimbusRoman-Bold.otf", "NimbusSans-Regular.otf", "NimbusSans-Bold.otf",
    "NimbusSansNarrow-Regular.otf", "NimbusSansNarrow-Bold.otf", "URWBookman-Light.otf",
    "URWBookman-Demi.otf", "URWGothic-Book.otf", "URWGothic-Demi.otf",
    "FreeSans.ttf", "FreeSansBold.ttf", "FreeSerif.ttf", "FreeSerifBold.ttf",
)
SYMBOL_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSansCondensed.ttf",
                "FreeSerif.ttf", "FreeSans.ttf", "StandardSymbolsPS.otf")
FONT_PACKAGES = "fonts-dejavu-core fonts-liberation2 fonts-urw-base35 fonts-freefont-ttf"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "D", "B", "V", "R",
         "1", "0")
# Other shapes of the same rank seen on cards: a flat-topped 3 is the letter ezh.
RANK_SHAPES = {"\u01b7": "3", "I": "1", "l": "1", "|": "1", "O": "0"}
SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
JOKER_LETTERS = {"O": "O", "o": "o"}
# Card-face decks (in ../shared/cardart) photographed synthetically; see NOTICE.
ART_DECKS = ("french-vector", "french-english")
ART_SAMPLES = 40  # synthetic photos per card face
ART_SEED = 11
ART_MIN_SCORE = 0.6


def _find_font(name: str) -> Path | None:
    for d in FONT_DIRS:
        if (d / name).exists():
            return d / name
    return None


def _render(text: str, font_path: Path, size: int = 96) -> np.ndarray:
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(font_path), size)
    img = Image.new("L", (size * 3, size * 2), 0)
    ImageDraw.Draw(img).text((size // 2, size // 3), text, fill=255, font=font)
    return np.asarray(img) > 127


def _variants(mask: np.ndarray) -> list[np.ndarray]:
    """The glyph, bolder, thinner, turned and sheared a little (cards are not flat or square)."""
    m = mask.astype(np.uint8)
    k = np.ones((5, 5), np.uint8)
    out = [m, cv2.dilate(m, k), cv2.erode(m, np.ones((3, 3), np.uint8))]
    h, w = m.shape
    for angle in (-7, 7):
        rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        out.append(cv2.warpAffine(m, rot, (w, h)))
    for shear in (-0.15, 0.15):
        mat = np.array([[1, shear, -shear * h / 2], [0, 1, 0]], np.float32)
        out.append(cv2.warpAffine(m, mat, (w, h)))
    squash = cv2.resize(m, (w, int(h * 0.8)))
    out.append(squash)
    stretch = cv2.resize(m, (int(w * 0.75), h))
    out.append(stretch)
    return [x.astype(bool) for x in out if x.any()]


def _heart(lobe: float, point: float, size: int = 96) -> np.ndarray:
    """A heart: two round lobes and a point below; ``lobe`` and ``point`` set the proportions."""
    img = np.zeros((size * 2, size * 2), np.uint8)
    r = int(size * lobe / 2)
    cx, top = size, size // 2
    cv2.circle(img, (cx - r, top + r), r, 255, -1)
    cv2.circle(img, (cx + r, top + r), r, 255, -1)
    tip = (cx, top + r + int(size * point))
    pts = np.array([(cx - 2 * r, top + r + r // 3), (cx + 2 * r, top + r + r // 3), tip], np.int32)
    cv2.fillPoly(img, [pts], 255)
    return img > 0


def _club(lobe: float, stem: float, size: int = 96) -> np.ndarray:
    """A club: three round lobes and a flared stem."""
    img = np.zeros((size * 2, size * 2), np.uint8)
    r = int(size * lobe / 2)
    cx, cy = size, size
    cv2.circle(img, (cx, cy - int(r * 1.1)), r, 255, -1)
    cv2.circle(img, (cx - int(r * 1.05), cy + int(r * 0.45)), r, 255, -1)
    cv2.circle(img, (cx + int(r * 1.05), cy + int(r * 0.45)), r, 255, -1)
    base = cy + int(size * stem)
    pts = np.array([(cx - r // 4, cy), (cx + r // 4, cy), (cx + r // 2, base), (cx - r // 2, base)], np.int32)
    cv2.fillPoly(img, [pts], 255)
    return img > 0


def _spade(lobe: float, stem: float, size: int = 96) -> np.ndarray:
    """A spade: an upside-down heart on a flared stem."""
    heart = _heart(lobe, 0.55, size)[::-1].astype(np.uint8) * 255
    ys, xs = np.nonzero(heart)
    cx, bottom = int(xs.mean()), int(ys.max())
    r = int(size * lobe / 2)
    pts = np.array([(cx - r // 5, bottom - r // 2), (cx + r // 5, bottom - r // 2),
                    (cx + r // 2, bottom + int(size * stem)), (cx - r // 2, bottom + int(size * stem))],
                   np.int32)
    cv2.fillPoly(heart, [pts], 255)
    return heart > 0


def _diamond(ratio: float, size: int = 96) -> np.ndarray:
    """A diamond, ``ratio`` = width / height."""
    img = np.zeros((size * 2, size * 2), np.uint8)
    h = size
    w = int(size * ratio)
    pts = np.array([(size, size // 2), (size + w // 2, size), (size, size // 2 + h),
                    (size - w // 2, size)], np.int32)
    cv2.fillPoly(img, [pts], 255)
    return img > 0


def drawn_suits() -> list[tuple[str, np.ndarray]]:
    """Suit shapes drawn here in several proportions (card makers draw them differently)."""
    out: list[tuple[str, np.ndarray]] = []
    for lobe in (0.45, 0.55, 0.65):
        for point in (0.45, 0.6, 0.75):
            out.append(("H", _heart(lobe, point)))
        for stem in (0.3, 0.45):
            out.append(("C", _club(lobe, stem)))
            out.append(("S", _spade(lobe, stem)))
    for ratio in (0.55, 0.65, 0.75, 0.85):
        out.append(("D", _diamond(ratio)))
    return out


def _queen(ratio: float, stroke: float, tail: str, size: int = 96) -> np.ndarray:
    """A card maker's narrow Q: a tall ring with straight sides, and a tail that crosses its
    foot (``tail``: "bar" starts left of the ring with a flat serif, "curl" starts inside
    and curls off to the right, "inner" runs from the left side across the ring's foot,
    "short" is a plain stroke at the bottom right, "cross" is a bar across the ring low
    down that leaves it at the bottom right in a curl)."""
    img = np.zeros((size * 3, size * 2), np.uint8)
    w = int(size * 0.6)
    h = int(w * ratio)
    t = max(2, int(w * stroke))
    r = w // 2
    cx, top = size, size // 2
    bottom = top + h
    # The ring: two half circles joined by straight sides.
    cv2.ellipse(img, (cx, top + r), (r - t // 2, r - t // 2), 0, 180, 360, 255, t)
    cv2.ellipse(img, (cx, bottom - r), (r - t // 2, r - t // 2), 0, 0, 180, 255, t)
    for x in (cx - r + t // 2, cx + r - t // 2):
        cv2.line(img, (x, top + r), (x, bottom - r), 255, t)
    if tail == "bar":
        y = top + int(0.72 * h)
        pts = [(cx - int(1.35 * r), y), (cx - int(0.6 * r), y), (cx + int(1.1 * r), bottom + int(0.12 * h))]
    elif tail == "curl":
        pts = [(cx - int(0.5 * r), bottom - int(0.3 * h)), (cx - int(0.1 * r), bottom - int(0.08 * h)),
               (cx + int(0.3 * r), bottom + int(0.06 * h)), (cx + int(0.9 * r), bottom + int(0.1 * h)),
               (cx + int(1.2 * r), bottom - int(0.0 * h))]
    elif tail == "inner":
        pts = [(cx - r + t, top + int(0.7 * h)), (cx + int(0.3 * r), bottom - int(0.08 * h)),
               (cx + int(0.75 * r), bottom + int(0.12 * h)), (cx + int(1.2 * r), bottom + int(0.06 * h))]
    elif tail == "cross":
        y = top + int(0.7 * h)
        pts = [(cx - r + t, y), (cx + int(0.4 * r), y), (cx + int(0.8 * r), bottom - int(0.05 * h)),
               (cx + int(1.1 * r), bottom + int(0.04 * h)), (cx + int(1.35 * r), bottom - int(0.02 * h))]
    else:
        pts = [(cx + int(0.2 * r), bottom - int(0.15 * h)), (cx + int(1.0 * r), bottom + int(0.1 * h))]
    cv2.polylines(img, [np.array(pts, np.int32)], False, 255, t)
    return img > 0


def drawn_queens() -> list[np.ndarray]:
    """Narrow tailed queens in several proportions, as printed on many decks' indices."""
    return [_queen(ratio, stroke, tail) for ratio in (1.5, 1.8, 2.1) for stroke in (0.12, 0.2)
            for tail in ("bar", "curl", "inner", "short", "cross")]


def _aspect(mask: np.ndarray) -> float:
    ys, xs = np.nonzero(mask)
    return float((ys.max() - ys.min() + 1) / (xs.max() - xs.min() + 1))


def build(out: Path = MODEL, art: Path | None = None) -> Path:
    """Render every template and write the model file; with ``art`` (a folder of card-face
    decks), add the glyphs cut from synthetic photos of those faces."""
    groups: dict[str, tuple[list[np.ndarray], list[str], list[float]]] = {
        "rank": ([], [], []), "suit": ([], [], []),
    }

    def add(kind: str, label: str, mask: np.ndarray) -> None:
        for v in _variants(mask):
            glyphs, labels, aspects = groups[kind]
            glyphs.append(normalise(v))
            labels.append(label)
            aspects.append(_aspect(v))

    text_fonts = [p for p in map(_find_font, TEXT_FONTS) if p]
    symbol_fonts = [p for p in map(_find_font, SYMBOL_FONTS) if p]
    if not text_fonts or not symbol_fonts:
        raise SystemExit(f"fonts missing: install Debian's {FONT_PACKAGES}")
    for font in text_fonts:
        for rank in RANKS:
            add("rank", rank, _render(rank, font))
        for shape, rank in RANK_SHAPES.items():
            add("rank", rank, _render(shape, font))
        for narrow in (0.5, 0.62):  # condensed card fonts draw the 0 of 10 very narrow
            zero = _render("0", font).astype(np.uint8)
            h, w = zero.shape
            add("rank", "0", cv2.resize(zero, (max(1, int(w * narrow)), h)) > 0)
        for letter, label in JOKER_LETTERS.items():
            add("suit", label, _render(letter, font))
    for font in symbol_fonts:
        for suit, symbol in SUITS.items():
            add("suit", suit, _render(symbol, font))
    for suit, mask in drawn_suits():
        add("suit", suit, mask)
    for mask in drawn_queens():
        add("rank", "Q", mask)
    rendered = {kind: len(groups[kind][1]) for kind in groups}
    if art is not None:
        fonts_only = {kind: Templates.build(np.stack(g), np.array(lab), np.array(asp, np.float32))
                      for kind, (g, lab, asp) in groups.items()}
        for kind, label, mask in art_glyphs(art, fonts_only["rank"], fonts_only["suit"]):
            glyphs, labels, aspects = groups[kind]
            glyphs.append(normalise(mask))
            labels.append(label)
            aspects.append(_aspect(mask))
    out.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, np.ndarray] = {}
    for kind in ("rank", "suit"):
        glyphs, labels, aspects = groups[kind]
        sources = (np.arange(len(labels)) >= rendered[kind]).astype(np.int32)
        templates = Templates.build(np.stack(glyphs), np.array(labels), np.array(aspects, np.float32),
                                    sources)
        arrays.update(templates.arrays(kind))
    np.savez_compressed(out, allow_pickle=False, **arrays)
    return out


def art_glyphs(art: Path, ranks: Templates, suits: Templates,
               per_card: int = ART_SAMPLES) -> Iterator[tuple[str, str, np.ndarray]]:
    """(kind, label, mask) for the glyphs cut from synthetic photos of every French face in
    ``art``'s decks. A cut that looks nothing like its label (a rank merged with the frame
    line, half a glyph) is left out: the rendered templates must still know it a little."""
    rng = np.random.default_rng(ART_SEED)
    for deck in ART_DECKS:
        for path in sorted((art / deck).glob("*.png")):
            card = card_code(path)
            if card is None:
                continue
            rank, suit = ("J", "O") if card in JOKER_CODES else (card[:-1], card[-1])
            for sample in samples(load_face(path), card, per_card, rng):
                # A 10 in two pieces is read digit by digit against the rendered 1 and 0;
                # only a 10 run together into one piece is learnt whole.
                if not (rank == "10" and len(sample.parts) == 2) and _knows(ranks, rank, sample.rank):
                    yield "rank", rank, sample.rank
                if _knows(suits, suit, sample.suit):
                    yield "suit", suit, sample.suit


def _knows(templates: Templates, label: str, mask: np.ndarray) -> bool:
    scores = dict(templates.match(normalise(mask), _aspect(mask)))
    return scores.get(label, 0.0) >= ART_MIN_SCORE


def _art_folder(argv: list[str]) -> Path | None:
    """``--art DIR``, else $TAVOLO_SHARED/cardart or ../shared/cardart when present."""
    if "--art" in argv:
        return Path(argv[argv.index("--art") + 1])
    shared = Path(os.environ.get("TAVOLO_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    return shared / "cardart" if (shared / "cardart").is_dir() else None


if __name__ == "__main__":
    folder = _art_folder(sys.argv)
    if folder is None:
        print("no card artwork found (--art DIR): templates from fonts only")
    path = build(art=folder)
    print(f"wrote {path} ({path.stat().st_size / 1024:.0f} KiB)")
    sys.exit(0)
