"""The shapes printed in a card's corner index, drawn as anti-aliased masks: rank characters
in free fonts, and the four suit symbols either drawn here in many proportions or taken
from a font's own suit characters."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

FONT_DIRS = (
    Path("/usr/share/fonts/truetype"),
    Path("/usr/share/fonts/opentype"),
    Path("/usr/share/texmf/fonts/opentype/public/tex-gyre"),
)
# Families a card maker might print an index in: sans, serif, condensed, slab, geometric.
RANK_FONT_NAMES = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf",
    "DejaVuSerifCondensed-Bold.ttf",
    "DejaVuSans-ExtraLight.ttf",
    "LiberationSans-Regular.ttf",
    "LiberationSans-Bold.ttf",
    "LiberationSerif-Regular.ttf",
    "LiberationSerif-Bold.ttf",
    "LiberationSansNarrow-Bold.ttf",
    "LiberationSansNarrow-Regular.ttf",
    "LiberationMono-Bold.ttf",
    "C059-Roman.otf",
    "C059-Bold.otf",
    "P052-Roman.otf",
    "P052-Bold.otf",
    "NimbusRoman-Regular.otf",
    "NimbusRoman-Bold.otf",
    "NimbusSans-Regular.otf",
    "NimbusSans-Bold.otf",
    "NimbusSansNarrow-Bold.otf",
    "NimbusSansNarrow-Regular.otf",
    "URWBookman-Light.otf",
    "URWBookman-Demi.otf",
    "URWGothic-Book.otf",
    "URWGothic-Demi.otf",
    "FreeSans.ttf",
    "FreeSansBold.ttf",
    "FreeSerif.ttf",
    "FreeSerifBold.ttf",
    "texgyreadventor-bold.otf",
    "texgyreadventor-regular.otf",
    "texgyrebonum-bold.otf",
    "texgyrebonum-regular.otf",
    "texgyreheros-bold.otf",
    "texgyreheros-regular.otf",
    "texgyreheroscn-bold.otf",
    "texgyreheroscn-regular.otf",
    "texgyrepagella-bold.otf",
    "texgyrepagella-regular.otf",
    "texgyreschola-bold.otf",
    "texgyreschola-regular.otf",
    "texgyretermes-bold.otf",
    "texgyretermes-regular.otf",
    "Roboto-Bold.ttf",
    "Roboto-Medium.ttf",
    "Roboto-Regular.ttf",
    "Roboto-Light.ttf",
    "RobotoCondensed-Bold.ttf",
    "RobotoCondensed-Regular.ttf",
    "RobotoCondensed-Light.ttf",
    "OpenSans-Bold.ttf",
    "OpenSans-Semibold.ttf",
    "OpenSans-Regular.ttf",
    "OpenSans-Light.ttf",
    "OpenSans-CondBold.ttf",
    "OpenSans-CondLight.ttf",
    "Lato-Bold.ttf",
    "Lato-Black.ttf",
    "Lato-Regular.ttf",
    "Lato-Light.ttf",
    "LinLibertine_RB.otf",
    "LinLibertine_R.otf",
    "LinBiolinum_RB.otf",
    "LinBiolinum_R.otf",
    "Carlito-Bold.ttf",
    "Carlito-Regular.ttf",
    "EBGaramond12-Regular.otf",
    "EBGaramond08-Regular.otf",
)
SUIT_FONT_NAMES = ("DejaVuSans.ttf", "DejaVuSerif.ttf", "FreeSerif.ttf", "FreeSans.ttf")
SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
FONT_PACKAGES = (
    "fonts-dejavu-core",
    "fonts-liberation2",
    "fonts-urw-base35",
    "fonts-freefont-ttf",
    "fonts-texgyre",
    "fonts-roboto-unhinted",
    "fonts-open-sans",
    "fonts-lato",
    "fonts-linuxlibertine",
    "fonts-crosextra-carlito",
    "fonts-ebgaramond",
)


@lru_cache(maxsize=1)
def _all_fonts() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in FONT_DIRS:
        if root.is_dir():
            for p in sorted(root.rglob("*")):
                if p.suffix.lower() in (".ttf", ".otf"):
                    found.setdefault(p.name, p)
    return found


def fonts(names: tuple[str, ...]) -> list[Path]:
    """The installed font files among ``names``, in that order."""
    have = _all_fonts()
    return [have[n] for n in names if n in have]


def rank_fonts() -> list[Path]:
    """Fonts to draw rank characters with (at least one must be installed)."""
    found = fonts(RANK_FONT_NAMES)
    if not found:
        raise RuntimeError("no font for the index ranks: install " + " ".join(FONT_PACKAGES))
    return found


def _tight(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 24)
    if not len(ys):
        return mask[:1, :1]
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


@lru_cache(maxsize=4096)
def _text_mask(text: str, font: str, size: int, stroke: int) -> np.ndarray:
    from PIL import Image, ImageDraw, ImageFont

    face = ImageFont.truetype(font, size)
    canvas = Image.new("L", (size * (len(text) + 2), size * 3), 0)
    ImageDraw.Draw(canvas).text((size, size), text, fill=255, font=face, stroke_width=stroke, stroke_fill=255)
    return _tight(np.asarray(canvas))


@lru_cache(maxsize=256)
def has_glyph(font: Path, char: str) -> bool:
    """Whether ``font`` draws ``char`` itself (not its "missing glyph" box)."""
    missing = _text_mask("\ue000", str(font), 64, 0)
    drawn = _text_mask(char, str(font), 64, 0)
    return drawn.shape != missing.shape or not np.array_equal(drawn, missing)


def text_mask(
    text: str, font: Path, height: int, condense: float = 1.0, stroke: float = 0.0, spacing: float = 0.0
) -> np.ndarray:
    """``text`` drawn in ``font`` as a tight mask ``height`` pixels tall, its width scaled by
    ``condense``; ``stroke`` (a share of the height) thickens it, or thins it when negative
    (as light printing and worn cards do); ``spacing`` (a share of the height, may be
    negative) moves the characters of a two-character rank (10) apart."""
    size = 96
    strokes = max(0, round(stroke * size))
    if len(text) > 1 and spacing:
        parts = [_text_mask(ch, str(font), size, strokes) for ch in text]
        gap = round(spacing * size)
        hh = max(p.shape[0] for p in parts)
        width = sum(p.shape[1] for p in parts) + gap * (len(parts) - 1)
        mask = np.zeros((hh, max(width, 1)), np.uint8)
        x = 0
        for p in parts:
            y = hh - p.shape[0]
            region = mask[y : y + p.shape[0], max(x, 0) : x + p.shape[1]]
            np.maximum(region, p[:, : region.shape[1]], out=region)
            x += p.shape[1] + gap
    else:
        mask = _text_mask(text, str(font), size, strokes)
    if stroke < 0:
        # thinner, but never under a tenth of the height (a hairline is no printed index)
        width = 2 * float(cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3).max())
        thin = min(round(-stroke * size), int((width - size / 10) / 2))
        if thin >= 1:
            mask = cv2.erode(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * thin + 1, 2 * thin + 1)))
    h, w = mask.shape
    out_w = max(1, round(w * height / h * condense))
    return np.asarray(cv2.resize(mask, (out_w, height), interpolation=cv2.INTER_AREA))


@dataclass(frozen=True)
class SuitStyle:
    """How one deck draws its suits: proportions of the drawn shapes, or a font's characters."""

    font: Path | None = None
    lobe: float = 0.55  # heart, spade and club lobes (share of the width)
    point: float = 0.6  # how far the heart's point reaches below the lobes
    stem: float = 0.35  # spade and club stems
    diamond: float = 0.72  # diamond width over height
    flare: float = 0.5  # stem foot width (share of a lobe)


def random_suit_style(rng: np.random.Generator) -> SuitStyle:
    """A suit style: a font's characters one time in three, drawn shapes otherwise."""
    symbol_fonts = fonts(SUIT_FONT_NAMES)
    if symbol_fonts and rng.random() < 0.33:
        return SuitStyle(font=symbol_fonts[int(rng.integers(len(symbol_fonts)))])
    return SuitStyle(
        lobe=float(rng.uniform(0.45, 0.62)),
        point=float(rng.uniform(0.45, 0.8)),
        stem=float(rng.uniform(0.22, 0.45)),
        diamond=float(rng.uniform(0.55, 0.85)),
        flare=float(rng.uniform(0.3, 0.8)),
    )


_SHIFT = 4  # sub-pixel bits for OpenCV's anti-aliased drawing
_F = 1 << _SHIFT


def _pt(x: float, y: float) -> tuple[int, int]:
    return round(x * _F), round(y * _F)


def _poly(img: np.ndarray, pts: list[tuple[float, float]]) -> None:
    cv2.fillPoly(img, [np.array([_pt(x, y) for x, y in pts], np.int32)], 255, cv2.LINE_AA, _SHIFT)


def _disc(img: np.ndarray, x: float, y: float, r: float) -> None:
    cv2.circle(img, _pt(x, y), round(r * _F), 255, -1, cv2.LINE_AA, _SHIFT)


def _heart_at(img: np.ndarray, s: SuitStyle, cx: float, cy: float, r: float, flip: bool = False) -> float:
    """A heart with lobes of radius ``r`` centred at height ``cy``; returns the tip's height."""
    d = r * (0.55 + s.lobe)  # lobe centres apart (lobe in 0.45..0.62)
    sign = -1.0 if flip else 1.0
    tip = cy + sign * r * (1.2 + 1.6 * s.point)
    _disc(img, cx - d, cy, r)
    _disc(img, cx + d, cy, r)
    side = r * 0.96
    _poly(img, [(cx - d - side, cy + sign * r * 0.28), (cx + d + side, cy + sign * r * 0.28), (cx, tip)])
    _poly(img, [(cx - d, cy), (cx + d, cy), (cx, tip)])
    return tip


def _heart(s: SuitStyle, n: int) -> np.ndarray:
    img = np.zeros((3 * n, 3 * n), np.uint8)
    _heart_at(img, s, 1.5 * n, n, n * 0.3)
    return img


def _stem(img: np.ndarray, s: SuitStyle, cx: float, top: float, bottom: float, r: float) -> None:
    """A stem flaring to its foot, with slightly hollow sides."""
    foot = r * (0.5 + s.flare)
    neck = r * 0.12
    mid = (top + bottom) / 2
    _poly(
        img,
        [
            (cx - neck, top),
            (cx + neck, top),
            (cx + neck * 1.6, mid),
            (cx + foot, bottom),
            (cx - foot, bottom),
            (cx - neck * 1.6, mid),
        ],
    )


def _spade(s: SuitStyle, n: int) -> np.ndarray:
    img = np.zeros((3 * n, 3 * n), np.uint8)
    r = n * 0.3
    cy = 1.6 * n
    _heart_at(img, s, 1.5 * n, cy, r, flip=True)
    _stem(img, s, 1.5 * n, cy, cy + r * (0.9 + 2.2 * s.stem), r)
    return img


def _club(s: SuitStyle, n: int) -> np.ndarray:
    img = np.zeros((3 * n, 3 * n), np.uint8)
    r = n * 0.25 * (0.8 + 0.6 * (s.lobe - 0.45) / 0.17)
    cx, cy = 1.5 * n, 1.2 * n
    spread = r * 1.1
    _disc(img, cx, cy - spread, r)
    _disc(img, cx - spread * 1.05, cy + spread * 0.55, r)
    _disc(img, cx + spread * 1.05, cy + spread * 0.55, r)
    _disc(img, cx, cy + spread * 0.2, r * 0.6)
    _stem(img, s, cx, cy + spread * 0.3, cy + spread * 0.55 + r * (0.9 + 2.2 * s.stem), r)
    return img


def _diamond(s: SuitStyle, n: int) -> np.ndarray:
    img = np.zeros((3 * n, 3 * n), np.uint8)
    h = n
    w = h * s.diamond
    cx, top = 1.5 * n, n
    bend = 0.05 * w * (s.flare - 0.3) / 0.5  # hollow sides on some decks
    _poly(
        img,
        [
            (cx, top),
            (cx + w / 4 - bend, top + h / 4),
            (cx + w / 2, top + h / 2),
            (cx + w / 4 - bend, top + 3 * h / 4),
            (cx, top + h),
            (cx - w / 4 + bend, top + 3 * h / 4),
            (cx - w / 2, top + h / 2),
            (cx - w / 4 + bend, top + h / 4),
        ],
    )
    return img


_DRAWN = {"H": _heart, "S": _spade, "C": _club, "D": _diamond}


def suit_mask(suit: str, style: SuitStyle, height: int) -> np.ndarray:
    """The suit symbol (S, H, D or C) as a tight mask ``height`` pixels tall."""
    if style.font is not None:
        shape = _text_mask(SUIT_CHARS[suit], str(style.font), 96, 0)
    else:
        shape = _tight(_DRAWN[suit](style, 160))
    h, w = shape.shape
    return np.asarray(
        cv2.resize(shape, (max(1, round(w * height / h)), height), interpolation=cv2.INTER_AREA)
    )
