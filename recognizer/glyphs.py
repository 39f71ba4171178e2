"""Glyphs of the corner index: normalising an ink blob, and matching it to templates.

A glyph is a binary mask of ink. It is cropped to its ink, fitted (aspect kept)
into a square, lightly blurred and compared by normalised correlation with the
templates built by ``make models`` (``recognizer/build_models.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

SIZE = 32
INNER = 28
MODEL = Path(__file__).resolve().parent / "models" / "index_glyphs.npz"
# Court letters of other languages, read as the card they name.
PIXEL_WEIGHT = 0.5
PROTOTYPES = 48
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


def _kmeans(x: np.ndarray) -> np.ndarray:
    """``PROTOTYPES`` k-means centres of the rows of ``x`` (seeded: the same every build)."""
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 1e-4)
    cv2.setRNGSeed(7)
    labels = np.zeros((len(x), 1), np.int32)
    _, _, centres = cv2.kmeans(x, PROTOTYPES, labels, crit, 2, cv2.KMEANS_PP_CENTERS)
    return np.asarray(centres, np.float32)


def _unit(x: np.ndarray) -> np.ndarray:
    return np.asarray(x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-6), np.float32)


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
    def build(cls, glyphs: np.ndarray, labels: np.ndarray, aspects: np.ndarray,
              sources: np.ndarray | None = None) -> Templates:
        """Group glyphs by label; each source (rendered fonts, synthetic photos) keeps its own
        prototypes, so that one never crowds out the other."""
        if sources is None:
            sources = np.zeros(len(labels), np.int32)
        order = np.lexsort((sources, labels))
        labels, glyphs = labels[order], glyphs[order]
        aspects, sources = aspects[order].astype(np.float32), sources[order]
        feats = features(glyphs)
        names, starts = np.unique(labels, return_index=True)
        # Many renderings of one label say nearly the same thing: keep a few
        # prototypes (k-means centres) per label and source, so that matching stays fast.
        ends = [*starts[1:].tolist(), len(labels)]
        f_out: list[np.ndarray] = []
        a_out: list[np.ndarray] = []
        s_out: list[int] = []
        for lo, hi in zip(starts.tolist(), ends, strict=True):
            s_out.append(sum(len(x) for x in f_out))
            for source in np.unique(sources[lo:hi]):
                pick = np.nonzero(sources[lo:hi] == source)[0] + lo
                chunk, asp = feats[pick], aspects[pick]
                if len(pick) <= PROTOTYPES:
                    f_out.append(chunk)
                    a_out.append(asp)
                    continue
                centres = _kmeans(np.hstack([chunk, np.log(asp)[:, None]]).astype(np.float32))
                f_out.append(_unit(centres[:, :-1]))
                a_out.append(np.exp(centres[:, -1]))
        return cls(np.vstack(f_out).astype(np.float32), tuple(str(n) for n in names),
                   np.array(s_out), np.concatenate(a_out).astype(np.float32))

    def match(self, glyph: np.ndarray, aspect: float, allowed: frozenset[str] | None = None
              ) -> list[tuple[str, float]]:
        """Best score per label, best first; the score blends shape and aspect ratio."""
        f = features(glyph[None])[0]
        if allowed is not None and 2 * len(allowed) < len(self.labels):
            # A few labels: only their rows are compared (the same scores, a fraction of the work).
            ends = [*self.starts[1:].tolist(), len(self.features)]
            found = []
            for i, label in enumerate(self.labels):
                if label in allowed:
                    lo, hi = int(self.starts[i]), ends[i]
                    found.append((label, float(self._scores(f, aspect, lo, hi).max())))
            return sorted(found, key=lambda kv: -kv[1])
        best = np.maximum.reduceat(self._scores(f, aspect, 0, len(self.features)), self.starts)
        ranked = sorted(zip(self.labels, best.tolist(), strict=True), key=lambda kv: -kv[1])
        return [kv for kv in ranked if allowed is None or kv[0] in allowed]

    def _scores(self, f: np.ndarray, aspect: float, lo: int, hi: int) -> np.ndarray:
        """Scores of the feature vector ``f`` against template rows ``lo:hi``."""
        scores = self.features[lo:hi] @ f
        penalty = np.abs(np.log(max(aspect, 0.05) / self.aspects[lo:hi]))
        scores -= 0.25 * np.minimum(penalty, 1.0)
        return np.asarray(scores)


    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        """The arrays saved in the model file."""
        return {f"{prefix}_features": self.features.astype(np.float16),
                f"{prefix}_labels": np.array(self.labels), f"{prefix}_starts": self.starts,
                f"{prefix}_aspects": self.aspects}

    @classmethod
    def from_arrays(cls, data: Any, prefix: str) -> Templates:
        """Inverse of :meth:`arrays`."""
        return cls(data[f"{prefix}_features"].astype(np.float32),
                   tuple(str(x) for x in data[f"{prefix}_labels"]),
                   data[f"{prefix}_starts"], data[f"{prefix}_aspects"].astype(np.float32))


@lru_cache(maxsize=1)
def load(path: str = str(MODEL)) -> tuple[Templates, Templates]:
    """The rank templates and the suit templates (built by ``make models``)."""
    with np.load(path) as data:
        return Templates.from_arrays(data, "rank"), Templates.from_arrays(data, "suit")
