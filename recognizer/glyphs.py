"""Glyphs of the corner index: normalising an ink blob, and matching it to templates.

A glyph is a binary mask of ink. It is cropped to its ink, fitted (aspect kept)
into a square, lightly blurred and compared by normalised correlation with the
templates built by ``make models`` (``recognizer/build_models.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

SIZE = 32
INNER = 28
MODEL = Path(__file__).resolve().parent / "models" / "index_glyphs.npz"
# Court letters of other languages, read as the card they name.
PIXEL_WEIGHT = 0.5
ALIASES = {"D": "Q", "B": "J", "V": "J", "R": "K", "H": "K"}


def normalise(mask: np.ndarray) -> np.ndarray:
    """A ``SIZE``x``SIZE`` uint8 image of the ink in ``mask``, centred, aspect kept."""
    ys, xs = np.nonzero(mask)
    out = np.zeros((SIZE, SIZE), np.uint8)
    if len(xs) == 0:
        return out
    crop = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.uint8) * 255
    h, w = crop.shape
    f = INNER / max(h, w)
    nw, nh = max(1, round(w * f)), max(1, round(h * f))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA)
    x0, y0 = (SIZE - nw) // 2, (SIZE - nh) // 2
    out[y0:y0 + nh, x0:x0 + nw] = small
    return out


CELL = 8
BINS = 9


def hog(glyphs: np.ndarray) -> np.ndarray:
    """Histograms of gradient orientation (unsigned, ``BINS`` bins) per ``CELL`` square cell."""
    g = glyphs.astype(np.float32)
    gx = np.zeros_like(g)
    gy = np.zeros_like(g)
    gx[:, :, 1:-1] = g[:, :, 2:] - g[:, :, :-2]
    gy[:, 1:-1, :] = g[:, 2:, :] - g[:, :-2, :]
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) % np.pi) / np.pi * BINS
    lo = np.floor(ang).astype(np.int32) % BINS
    frac = ang - np.floor(ang)
    n, cells = len(g), SIZE // CELL
    cell = (np.arange(SIZE) // CELL)
    cell_index = (cell[:, None] * cells + cell[None, :])[None]  # (1, SIZE, SIZE)
    base = (np.arange(n)[:, None, None] * cells * cells + cell_index) * BINS
    total = n * cells * cells * BINS
    hist = np.bincount((base + lo).ravel(), (mag * (1 - frac)).ravel(), total)
    hist += np.bincount((base + (lo + 1) % BINS).ravel(), (mag * frac).ravel(), total)
    out = hist.reshape(n, cells, cells, BINS).astype(np.float32)
    out /= np.maximum(np.linalg.norm(out, axis=3, keepdims=True), 1e-3)
    return out.reshape(n, -1)


def _unit_rows(x: np.ndarray) -> np.ndarray:
    x = x - x.mean(axis=1, keepdims=True)
    return np.asarray(x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-6), np.float32)


def features(glyphs: np.ndarray) -> np.ndarray:
    """Unit vectors joining blurred pixels and gradient orientations (HOG), for cosine matching."""
    g = glyphs.reshape(-1, SIZE, SIZE)
    blurred = np.stack([cv2.GaussianBlur(x.astype(np.float32), (5, 5), 1.2) for x in g])
    pixels = _unit_rows(blurred.reshape(len(g), -1))
    grads = _unit_rows(hog(blurred))
    return np.asarray(np.hstack([pixels * PIXEL_WEIGHT, grads * (1 - PIXEL_WEIGHT**2) ** 0.5]),
                      np.float32)


@dataclass(frozen=True)
class Templates:
    """Template features grouped by label (``starts`` = first row of each label)."""

    features: np.ndarray
    labels: tuple[str, ...]  # one per group
    starts: np.ndarray
    aspects: np.ndarray

    @classmethod
    def build(cls, glyphs: np.ndarray, labels: np.ndarray, aspects: np.ndarray) -> Templates:
        """Group rendered glyphs by label."""
        order = np.argsort(labels, kind="stable")
        labels = labels[order]
        names, starts = np.unique(labels, return_index=True)
        return cls(features(glyphs[order]), tuple(str(n) for n in names), starts,
                   aspects[order].astype(np.float32))

    def match(self, glyph: np.ndarray, aspect: float, allowed: frozenset[str] | None = None
              ) -> list[tuple[str, float]]:
        """Best score per label, best first; the score blends shape and aspect ratio."""
        f = features(glyph[None])[0]
        scores = self.features @ f
        penalty = np.abs(np.log(max(aspect, 0.05) / self.aspects))
        scores -= 0.25 * np.minimum(penalty, 1.0)
        best = np.maximum.reduceat(scores, self.starts)
        ranked = sorted(zip(self.labels, best.tolist(), strict=True), key=lambda kv: -kv[1])
        return [kv for kv in ranked if allowed is None or kv[0] in allowed]


@lru_cache(maxsize=1)
def load(path: str = str(MODEL)) -> tuple[Templates, Templates]:
    """The rank templates and the suit templates."""
    data = np.load(path)
    ranks = Templates.build(data["rank_glyphs"], data["rank_labels"], data["rank_aspects"])
    suits = Templates.build(data["suit_glyphs"], data["suit_labels"], data["suit_aspects"])
    return ranks, suits
