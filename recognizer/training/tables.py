"""Table tops and what lies on them besides cards: real surface photos, plain and patterned
surfaces drawn here (maple, oak, laminate, paper, felt, black, cork), and clutter (chips,
coins, printed text, pens)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import cv2
import numpy as np

from .glyphs import rank_fonts, text_mask

# BGR base colours of surfaces drawn here.
SURFACES = {
    "maple": (150, 190, 215),
    "oak": (70, 120, 165),
    "laminate": (232, 234, 236),
    "paper": (240, 242, 244),
    "green_felt": (50, 110, 30),
    "blue_felt": (120, 70, 25),
    "black": (25, 25, 28),
    "cork": (90, 140, 185),
    "slate": (70, 70, 72),
    "red_cloth": (40, 40, 150),
}


def load_backgrounds(folder: Path) -> dict[str, np.ndarray]:
    """The surface photos of a folder (JPEG and PNG), BGR, by file name without suffix."""
    out = {}
    if folder.is_dir():
        for p in sorted(folder.iterdir()):
            if p.suffix.lower() in (".jpg", ".jpeg", ".png"):
                img = cv2.imread(str(p), cv2.IMREAD_COLOR)
                if img is not None:
                    out[p.stem] = img
    return out


def _noise(h: int, w: int, cells: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    small = rng.normal(0, 1, cells).astype(np.float32)
    return np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC))


def drawn_surface(kind: str, h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A surface drawn here: a base colour with the grain of its material (float32 BGR)."""
    base = np.array(SURFACES[kind], np.float32) * rng.uniform(0.85, 1.12, 3)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    img += _noise(h, w, (4, 6), rng)[:, :, None] * rng.uniform(2, 10)
    if kind in ("maple", "oak"):  # grain: stretched noise with a few darker lines
        streak = cv2.resize(
            rng.normal(0, 1, (max(2, h // 3), 3)).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR
        )
        img += streak[:, :, None] * rng.uniform(6, 22) * np.array([0.7, 0.85, 1.0], np.float32)
        if rng.random() < 0.6:  # planks
            step = int(rng.integers(max(20, w // 8), max(21, w // 2)))
            for x in range(int(rng.integers(0, step)), w, step):
                img[:, x : x + 2] *= 0.7
        if rng.random() < 0.5:
            img = np.ascontiguousarray(np.rot90(img)) if h == w else img
    elif kind in ("green_felt", "blue_felt", "red_cloth"):
        img += rng.normal(0, rng.uniform(2, 6), (h, w, 1)).astype(np.float32)
    elif kind == "cork":
        speck = rng.normal(0, 1, (h, w, 1)).astype(np.float32)
        img += cv2.GaussianBlur(speck, (0, 0), 1.2)[:, :, None] * 40
    elif kind in ("paper", "laminate"):
        img += rng.normal(0, 1.5, (h, w, 1)).astype(np.float32)
    else:
        img += rng.normal(0, rng.uniform(1, 5), (h, w, 1)).astype(np.float32)
    return img


def photo_surface(photo: np.ndarray, h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A surface photo scaled, turned, flipped and recoloured to cover h x w (float32 BGR)."""
    img = photo
    if rng.random() < 0.5:
        img = img[:, ::-1]
    if rng.random() < 0.5:
        img = np.rot90(img)
    scale = rng.uniform(0.5, 3.0)
    th, tw = max(h, 8), max(w, 8)
    reps_y = int(np.ceil(th / (img.shape[0] * scale))) + 1
    reps_x = int(np.ceil(tw / (img.shape[1] * scale))) + 1
    tile = cv2.resize(np.ascontiguousarray(img), None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    # mirrored tiles join without seams
    row = np.concatenate([tile if k % 2 == 0 else tile[:, ::-1] for k in range(reps_x)], axis=1)
    full = np.concatenate([row if k % 2 == 0 else row[::-1] for k in range(reps_y)], axis=0)
    y0 = int(rng.integers(0, max(1, full.shape[0] - th)))
    x0 = int(rng.integers(0, max(1, full.shape[1] - tw)))
    out = full[y0 : y0 + h, x0 : x0 + w].astype(np.float32)
    return out * rng.uniform(0.7, 1.25, 3).astype(np.float32) + rng.uniform(-20, 20)


def surface(h: int, w: int, photos: Mapping[str, np.ndarray], rng: np.random.Generator,
            kind: str | None = None) -> np.ndarray:
    """A table top: ``kind`` names a drawn surface, or the start of surface photos' names
    (``wood-pale``, ``carpet``); unset, a real photo half the time, a drawn one otherwise."""
    if kind in SURFACES:
        return drawn_surface(kind, h, w, rng)
    names = sorted(n for n in photos if kind is None or n.startswith(kind))
    if names and (kind is not None or rng.random() < 0.5):
        return photo_surface(photos[names[int(rng.integers(len(names)))]], h, w, rng)
    kinds = list(SURFACES)
    return drawn_surface(kinds[int(rng.integers(len(kinds)))], h, w, rng)


def clutter(img: np.ndarray, rng: np.random.Generator, count: int) -> None:
    """Things on the table: chips with marks, coins, printed text, pens (drawn in place)."""
    h, w = img.shape[:2]
    fonts = rank_fonts()
    for _ in range(count):
        kind = int(rng.integers(4))
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        colour = tuple(float(c) for c in rng.integers(0, 255, 3))
        if kind == 0:  # a chip: a disc with notches round its edge
            r = int(rng.integers(max(4, w // 80), max(5, w // 25)))
            cv2.circle(img, (x, y), r, colour, -1, cv2.LINE_AA)
            for a in np.linspace(0, 2 * np.pi, int(rng.integers(4, 9)), endpoint=False):
                p = (int(x + np.cos(a) * r * 0.85), int(y + np.sin(a) * r * 0.85))
                cv2.circle(img, p, max(1, r // 6), (240.0, 240.0, 240.0), -1, cv2.LINE_AA)
            if rng.random() < 0.5:
                digits = text_mask(
                    str(int(rng.choice([1, 5, 10, 25, 100]))),
                    fonts[int(rng.integers(len(fonts)))],
                    max(4, r // 2),
                )
                _paint(img, digits, x - digits.shape[1] // 2, y - digits.shape[0] // 2, (20.0, 20.0, 20.0))
        elif kind == 1:  # a coin
            r = int(rng.integers(max(3, w // 100), max(4, w // 40)))
            grey = float(rng.uniform(90, 200))
            cv2.circle(img, (x, y), r, (grey * 0.8, grey * 0.9, grey), -1, cv2.LINE_AA)
        elif kind == 2:  # printed text: a few words in a font, as on a newspaper or a box
            words = "".join(
                str(rng.choice(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 abcdefghij")))
                for _ in range(int(rng.integers(3, 14)))
            )
            if words.strip():
                mask = text_mask(
                    words.strip(),
                    fonts[int(rng.integers(len(fonts)))],
                    int(rng.integers(6, max(7, h // 18))),
                    float(rng.uniform(0.7, 1.1)),
                )
                ink = (20.0, 20.0, 20.0) if rng.random() < 0.7 else (30.0, 30.0, 170.0)
                _paint(img, mask, x, y, ink)
        else:  # a pen or a stick
            q = (int(x + rng.normal(0, w / 8)), int(y + rng.normal(0, h / 8)))
            cv2.line(img, (x, y), q, colour, int(rng.integers(2, max(3, w // 120))), cv2.LINE_AA)


def _paint(img: np.ndarray, mask: np.ndarray, x: int, y: int, colour: tuple[float, float, float]) -> None:
    h, w = img.shape[:2]
    mh, mw = mask.shape
    x0, y0, x1, y1 = max(0, x), max(0, y), min(w, x + mw), min(h, y + mh)
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y : y1 - y, x0 - x : x1 - x].astype(np.float32)[:, :, None] / 255.0
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - m) + np.array(colour, np.float32) * m
