"""Finding corner-index candidates: a rank glyph beside a suit glyph, in any rotation, at
every size a card's index can have, without first finding the card.

The photo's darkest channel (black and red ink are both dark in it, white paper is not)
is halved level by level into a pyramid. On each level, ink is what is clearly darker
than its neighbourhood (an adaptive threshold whose window fits the glyph sizes that
level looks for), and every connected blob of ink of a glyph's size is a possible rank or
suit. Two blobs of similar size, one a glyph's height from the other, one of them at
least holding ink much darker than its paper, make a candidate: the first as the rank,
the second as the suit below it, which fixes the index's upright direction. Each
ordered pair is a candidate: the reader decides which order, if either, is an index.
Everything is done with whole-array operations, never a loop over pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .types import FindSettings


@dataclass(frozen=True, slots=True)
class Level:
    """One pyramid level: the colour image and the darkest channel, ``scale`` working-image
    pixels per level pixel."""

    image: np.ndarray
    dark: np.ndarray
    scale: float


@dataclass(frozen=True, slots=True)
class Candidates:
    """Candidate indices as parallel arrays (one row each), in level pixels of ``level``."""

    rank: np.ndarray  # (n, 2) float32: the rank blob's centre
    suit: np.ndarray  # (n, 2) float32: the suit blob's centre
    size: np.ndarray  # (n,) float32: the rank blob's size (its box's longer side)
    level: np.ndarray  # (n,) int16

    def __len__(self) -> int:
        return len(self.size)

    @staticmethod
    def empty() -> Candidates:
        """No candidate."""
        z2 = np.zeros((0, 2), np.float32)
        return Candidates(z2, z2.copy(), np.zeros(0, np.float32), np.zeros(0, np.int16))

    def take(self, keep: np.ndarray) -> Candidates:
        """The candidates selected by ``keep`` (a mask or indices)."""
        return Candidates(self.rank[keep], self.suit[keep], self.size[keep], self.level[keep])

    @staticmethod
    def join(parts: list[Candidates]) -> Candidates:
        """Several sets of candidates as one, in order."""
        return Candidates(
            np.concatenate([p.rank for p in parts]),
            np.concatenate([p.suit for p in parts]),
            np.concatenate([p.size for p in parts]),
            np.concatenate([p.level for p in parts]),
        )

    def on_level_below(self) -> Candidates:
        """The same candidates once a finer level is put before the pyramid's first."""
        return Candidates(self.rank, self.suit, self.size, (self.level + 1).astype(np.int16))

    def in_working(self, levels: list[Level]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Rank centres, suit centres and sizes in working-image pixels."""
        scale = np.array([lv.scale for lv in levels], np.float32)[self.level] if len(self) else np.zeros(0)
        k = scale[:, None]
        return self.rank * k, self.suit * k, self.size * scale


def pyramid(image: np.ndarray, s: FindSettings = FindSettings()) -> list[Level]:
    """The colour image and its darkest channel, halved until the short side would fall
    under ``s.min_side``."""
    levels = []
    img = image
    scale = 1.0
    while True:
        levels.append(Level(img, darkest(img), scale))
        if min(img.shape[:2]) // 2 < s.min_side or len(levels) >= s.max_levels:
            return levels
        img = cv2.pyrDown(img)
        scale *= 2.0


def darkest(image: np.ndarray) -> np.ndarray:
    """The smallest of the three channels: black and red ink are dark in it, paper is not."""
    b, g, r = cv2.split(image)
    return np.asarray(cv2.min(cv2.min(b, g), r))


def ink(dark: np.ndarray, s: FindSettings = FindSettings()) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pixels darker than their neighbourhood (the ink mask), pixels much darker (strong
    ink: a glyph holds some, a texture's faint blobs do not) and the neighbourhood's mean
    brightness (the paper).

    With ``s.thin_only``, ink must also be part of a mark narrower than the window: the
    darkest channel closed (a local maximum, then minimum) lifts such marks to the paper
    around them but keeps a step, so the dark side of a card's edge, or a shadow, is not
    ink even where the neighbourhood's mean is raised by the card beside it.
    """
    paper = cv2.blur(dark, (s.window, s.window))
    below = cv2.subtract(paper, dark)  # saturates at 0 where the pixel is brighter
    needed = _at_least(cv2.convertScaleAbs(paper, alpha=s.relative_contrast), s.min_contrast)
    strong = _at_least(cv2.convertScaleAbs(paper, alpha=s.strong_relative), s.strong_contrast)
    mask = cv2.compare(below, needed, cv2.CMP_GT)
    if s.thin_only:
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (s.window, s.window))
        lifted = cv2.subtract(cv2.morphologyEx(dark, cv2.MORPH_CLOSE, kernel), dark)
        mask = cv2.bitwise_and(mask, cv2.compare(lifted, needed, cv2.CMP_GT))
    return np.asarray(mask), np.asarray(cv2.compare(below, strong, cv2.CMP_GT)), np.asarray(paper)


def _at_least(grey: np.ndarray, floor: int) -> np.ndarray:
    """``grey`` (uint8) raised to ``floor`` where it is lower. Compared with an array, not a
    number: OpenCV reads a 1 x 1 or 4 x 1 array beside a number as a scalar itself."""
    return np.asarray(cv2.max(grey, np.full_like(grey, floor)))


def blobs(stats: np.ndarray, centres: np.ndarray, paper: np.ndarray, s: FindSettings, top: bool,
          finest: bool = True) -> np.ndarray:
    """The glyph-sized blobs among connected components (stats rows without the
    background's): on bright enough paper, not too thin, not too sparse. ``top``: the
    pyramid's last level, which also keeps larger glyphs; ``finest``: the first level
    searched, which also keeps the smallest (on the others, a glyph that small is found
    twice as big one level finer). Returns their row numbers."""
    w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
    size = np.maximum(w, h)
    fill = area / np.maximum(w * h, 1)
    keep = (
        (size >= (s.min_glyph if finest else s.min_glyph_coarse))
        & (size <= (s.max_glyph_top if top else s.max_glyph))
        & (fill >= s.min_fill)
        & (area >= s.min_area)
        & (size <= s.max_elongation * np.maximum(np.minimum(w, h), 1))
    )
    idx = np.nonzero(keep)[0]
    return np.asarray(idx[_on_paper(centres[idx], paper, s)])


def _on_paper(centres: np.ndarray, paper: np.ndarray, s: FindSettings) -> np.ndarray:
    if not len(centres) or s.min_paper <= 0:
        return np.ones(len(centres), bool)
    cx = np.clip(centres[:, 0].astype(np.int32), 0, paper.shape[1] - 1)
    cy = np.clip(centres[:, 1].astype(np.int32), 0, paper.shape[0] - 1)
    return np.asarray(paper[cy, cx] >= s.min_paper)


def merged(
    points: Points,
    stats: np.ndarray,
    centres: np.ndarray,
    paper: np.ndarray,
    strong: np.ndarray,
    s: FindSettings,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rank and suit printed so close that they make one blob (small or blurred indices):
    an elongated blob is cut in two along its long axis (from its second moments, summed
    over its ink pixels at once for every blob; ``points`` are the level's ink pixels with
    their blobs). Returns, for each such blob, the centres of its two halves (both orders
    are candidates) and its half length."""
    w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
    size = np.maximum(w, h)
    keep = (
        (size >= s.min_merged)
        & (size <= s.max_merged)
        & (area >= s.min_area)
        & (area >= s.min_fill * w * h)
        & strong
    )
    idx = np.nonzero(keep)[0]
    idx = idx[_on_paper(centres[idx], paper, s)]
    if not len(idx):
        z = np.zeros((0, 2), np.float32)
        return z, z.copy(), np.zeros(0, np.float32)
    wanted = np.zeros(len(stats) + 1, bool)
    wanted[idx + 1] = True
    on = wanted[points.label]
    lab, x, y = points.label[on], points.x[on].astype(np.float64), points.y[on].astype(np.float64)
    n = len(stats) + 1
    count = np.maximum(np.bincount(lab, minlength=n)[idx + 1], 1)
    mx = np.bincount(lab, x, n)[idx + 1] / count
    my = np.bincount(lab, y, n)[idx + 1] / count
    mu20 = np.bincount(lab, x * x, n)[idx + 1] / count - mx * mx
    mu02 = np.bincount(lab, y * y, n)[idx + 1] / count - my * my
    mu11 = np.bincount(lab, x * y, n)[idx + 1] / count - mx * my
    spread = np.sqrt(((mu20 - mu02) / 2) ** 2 + mu11**2)
    major = (mu20 + mu02) / 2 + spread
    minor = (mu20 + mu02) / 2 - spread
    lo, hi = s.merged_elongation
    ok = (minor > 0) & (major >= lo * lo * minor) & (major <= hi * hi * minor)
    angle = 0.5 * np.arctan2(2 * mu11[ok], mu20[ok] - mu02[ok])
    axis = np.stack([np.cos(angle), np.sin(angle)], axis=1).astype(np.float32)
    quarter = (np.sqrt(12 * major[ok]) / 4).astype(np.float32)
    centre = np.stack([mx[ok], my[ok]], axis=1).astype(np.float32)
    a = centre - axis * quarter[:, None]
    b = centre + axis * quarter[:, None]
    half = 2 * quarter
    return np.r_[a, b], np.r_[b, a], np.r_[half, half]


@dataclass(frozen=True, slots=True)
class Points:
    """The ink pixels of a level with the blob each belongs to (blob numbers from 1).
    Found once a level, they serve both the strong-ink test and the cutting of merged blobs:
    the ink is a few hundredths of the level's pixels."""

    x: np.ndarray  # int32
    y: np.ndarray
    label: np.ndarray

    @staticmethod
    def of(mask: np.ndarray, labels: np.ndarray) -> Points:
        """The set pixels of ``mask`` and their labels."""
        found = cv2.findNonZero(mask)
        if found is None:
            z = np.zeros(0, np.int32)
            return Points(z, z.copy(), z.copy())
        xy = found.reshape(-1, 2)
        return Points(xy[:, 0], xy[:, 1], labels[xy[:, 1], xy[:, 0]])


def pairs(stats: np.ndarray, centres: np.ndarray, s: FindSettings) -> tuple[np.ndarray, np.ndarray]:
    """Ordered pairs (rank blob i, suit blob j) of similar size, a glyph apart: indices i, j."""
    n = len(stats)
    if n < 2:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    size = glyph_size(stats)
    reach = s.max_distance * float(size.max())
    cell = np.floor(centres / reach).astype(np.int64)
    key = cell[:, 0] * 1_000_003 + cell[:, 1]
    order = np.argsort(key, kind="stable")
    sorted_keys = key[order]
    firsts, seconds = [], []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            want = (cell[:, 0] + dx) * 1_000_003 + cell[:, 1] + dy
            lo = np.searchsorted(sorted_keys, want, "left")
            hi = np.searchsorted(sorted_keys, want, "right")
            count = hi - lo
            total = int(count.sum())
            if not total:
                continue
            first = np.repeat(np.arange(n), count)
            # positions lo[k] .. hi[k]-1 for each k, flattened
            offsets = np.arange(total) - np.repeat(np.cumsum(count) - count, count)
            second = order[np.repeat(lo, count) + offsets]
            firsts.append(first)
            seconds.append(second)
    if not firsts:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    i = np.concatenate(firsts)
    j = np.concatenate(seconds)
    ok = (i != j) & pair_fits(centres[i], centres[j], size[i], size[j], s)
    return i[ok], j[ok]


def glyph_size(stats: np.ndarray) -> np.ndarray:
    """Each blob's size as the finder measures a glyph: its box's longer side."""
    return np.asarray(np.maximum(stats[:, 2], stats[:, 3]), np.float32)


def pair_fits(rank: np.ndarray, suit: np.ndarray, rank_size: np.ndarray, suit_size: np.ndarray,
              s: FindSettings) -> np.ndarray:
    """The pair rule, for rank blobs centred at ``rank`` (n, 2) beside suit blobs at ``suit``:
    a glyph apart (in sizes of the rank's blob) and of similar sizes."""
    d = np.linalg.norm(rank - suit, axis=1)
    ratio = suit_size / rank_size
    return np.asarray(
        (d >= s.min_distance * rank_size)
        & (d <= s.max_distance * rank_size)
        & (ratio >= s.min_size_ratio)
        & (ratio <= s.max_size_ratio)
    )


@dataclass(frozen=True, slots=True)
class LevelInk:
    """One level's ink as the finder sees it: the blob number of each pixel (0: none), the
    blobs' boxes (``stats`` rows as OpenCV gives them, without the background's) and centres,
    their ink pixels, whether each holds strong ink, and the paper's brightness."""

    labels: np.ndarray
    stats: np.ndarray
    centres: np.ndarray  # float32
    points: Points
    strong: np.ndarray  # (blobs,) bool
    paper: np.ndarray

    @staticmethod
    def of(level: Level, s: FindSettings) -> LevelInk:
        """The ink of ``level`` and its connected blobs."""
        mask, strong_mask, paper = ink(level.dark, s)
        # Grana's block-based labelling: several times faster than the default here
        n, labels, stats, centres = cv2.connectedComponentsWithStatsWithAlgorithm(
            mask, 8, cv2.CV_32S, cv2.CCL_BBDT
        )
        points = Points.of(mask, labels)
        strong = _holding(strong_mask, points, n)
        return LevelInk(labels, stats[1:], centres[1:].astype(np.float32), points, strong, paper)


def _holding(mask: np.ndarray, points: Points, n: int) -> np.ndarray:
    """For each of the ``n - 1`` blobs (numbered from 1) whose pixels are ``points``, whether
    it holds a pixel of ``mask``: only the blobs' pixels are visited, a few of the photo's."""
    inside = mask[points.y, points.x] > 0
    return np.asarray(np.bincount(points.label[inside], minlength=n)[1:] > 0)


def finer(image: np.ndarray) -> Level:
    """A level above the pyramid: ``image`` is the working image at twice its size, for
    indices whose glyphs are too small to be found as they are."""
    return Level(image, darkest(image), 0.5)


def find(levels: list[Level], s: FindSettings = FindSettings(), ends_pyramid: bool = True) -> Candidates:
    """Every candidate index on every level of ``levels``; ``ends_pyramid``: whether the last
    of them is the pyramid's coarsest (which also keeps larger glyphs)."""
    if s.strong_glyphs not in (1, 2):
        raise ValueError(f"strong_glyphs is 1 or 2, not {s.strong_glyphs}")
    parts = []
    for k, level in enumerate(levels):
        found = LevelInk.of(level, s)
        stats, centres, paper, strong = found.stats, found.centres, found.paper, found.strong
        glyphs = blobs(stats, centres, paper, s, top=ends_pyramid and k == len(levels) - 1, finest=k == 0)
        if s.strong_glyphs == 2:
            glyphs = glyphs[strong[glyphs]]
        i, j = pairs(stats[glyphs], centres[glyphs], s)
        if s.strong_glyphs == 1:
            # one glyph's strong ink is enough: a rank drawn in thin strokes, faint once
            # blurred, beside a solid suit (a texture's pairs of faint blobs stay out)
            held = strong[glyphs]
            either = held[i] | held[j]
            i, j = i[either], j[either]
        if len(i):
            g = stats[glyphs]
            size = np.maximum(g[i, 2], g[i, 3]).astype(np.float32)
            parts.append(
                Candidates(centres[glyphs][i], centres[glyphs][j], size, np.full(len(i), k, np.int16))
            )
        if s.min_merged:
            rank, suit, half = merged(found.points, stats, centres, paper, strong, s)
            if len(half):
                parts.append(Candidates(rank, suit, half, np.full(len(half), k, np.int16)))
    return Candidates.join(parts) if parts else Candidates.empty()
