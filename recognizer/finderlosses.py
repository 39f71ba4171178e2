"""Why the finder framed no candidate for an index it should have: the first of its tests
the index fails (:mod:`recognizer.candidates`), on the pyramid level where it gets furthest.

The finder takes an index as two blobs of ink, a rank above a suit: each glyph must be
inked (darker than its neighbourhood by the finder's contrast), the two must be separate
blobs (or one blob the merged-blob cut splits), each blob must have a glyph's shape and
stand on paper, one of them must hold strong ink, and the pair must be a glyph apart and of
similar sizes; the candidate made of them must then frame the index (both blob centres
within the labeller's tolerance of the glyphs' centres). An index failing one of these is
put down to it, in this order:

- **rank not inked** / **suit not inked**: no ink near that glyph's centre (faint or
  blurred print, a thin stroke broken up);
- **one blob**: the rank and the suit are one blob of ink (touching glyphs, blur, a card
  edge or a neighbour's print running into them);
- **glyph shape**: a blob too small, too big, too sparse or too elongated for a glyph, or
  not on paper;
- **no strong ink**: neither blob holds ink much darker than its paper;
- **pair rule**: the blobs are too far apart, too close, or of too different sizes;
- **framed off**: every test passes but a blob's centre misses its glyph's (a glyph joined
  to something beside it);
- **passes every test**: on some level the finder's tests all pass, yet no candidate frames
  the index as the labeller asks (its tolerance is measured on the card's face, this one in
  the photo, so an index at the tolerance's edge can land here).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .candidates import Level, LevelInk, blobs, glyph_size, pair_fits
from .types import FindSettings

REASONS = ("rank not inked", "suit not inked", "one blob", "glyph shape", "no strong ink", "pair rule",
           "framed off", "passes every test")
REACH = 0.3  # a glyph's blob: the nearest ink within this many units of its centre
UNITS = (2.0, 64.0)  # the levels looked at: where the index's unit is this many level pixels
FRAME = 0.4  # of the unit: how far a blob's centre may miss its glyph's (the labeller's tolerance)


def blob_near(found: LevelInk, point: np.ndarray, radius: float) -> int:
    """The blob of the ink pixel nearest ``point`` within ``radius`` (level pixels), or 0."""
    h, w = found.labels.shape
    r = max(1, int(np.ceil(radius)))
    x, y = round(float(point[0])), round(float(point[1]))
    x0, y0, x1, y1 = max(0, x - r), max(0, y - r), min(w, x + r + 1), min(h, y + r + 1)
    if x0 >= x1 or y0 >= y1:
        return 0
    window = found.labels[y0:y1, x0:x1]
    ys, xs = np.nonzero(window)
    if not len(xs):
        return 0
    d = (xs + x0 - float(point[0])) ** 2 + (ys + y0 - float(point[1])) ** 2
    k = int(np.argmin(d))
    return int(window[ys[k], xs[k]]) if d[k] <= radius * radius else 0


def stage_reached(found: LevelInk, rank: np.ndarray, suit: np.ndarray, s: FindSettings, top: bool,
                  finest: bool) -> int:
    """How far the finder gets with an index whose glyph centres are ``rank`` and ``suit``
    (this level's pixels): the number of the first reason in ``REASONS`` it fails (the last
    one when it passes every test)."""
    unit = float(np.linalg.norm(suit - rank))
    a, b = blob_near(found, rank, REACH * unit), blob_near(found, suit, REACH * unit)
    if not a:
        return 0
    if not b:
        return 1
    if a == b:
        return 2
    rows = np.array([a - 1, b - 1])
    stats, centres = found.stats[rows], found.centres[rows]
    if len(blobs(stats, centres, found.paper, s, top=top, finest=finest)) < 2:
        return 3
    if not found.strong[rows].any():
        return 4
    size = glyph_size(stats)
    if not pair_fits(centres[:1], centres[1:], size[:1], size[1:], s)[0]:
        return 5
    if max(float(np.linalg.norm(centres[0] - rank)), float(np.linalg.norm(centres[1] - suit))) > FRAME * unit:
        return 6
    return 7


def why_unframed(levels: Sequence[Level], finest: Sequence[int], rank: np.ndarray, suit: np.ndarray,
                 s: FindSettings, cache: dict[int, LevelInk] | None = None) -> str:
    """Why no candidate frames an index whose glyph centres are ``rank`` and ``suit`` (working
    pixels), on the levels the finder searched (``finest``: those searched as a pyramid's
    finest, which keep the smallest glyphs): the reason where it gets furthest. ``cache``
    keeps each level's ink between the indices of one photo."""
    cache = {} if cache is None else cache
    best = 0
    for k, level in enumerate(levels):
        unit = float(np.linalg.norm(suit - rank)) / level.scale
        if not UNITS[0] <= unit <= UNITS[1]:
            continue
        if k not in cache:
            cache[k] = LevelInk.of(level, s)
        reached = stage_reached(cache[k], rank / level.scale, suit / level.scale, s,
                                top=k == len(levels) - 1, finest=k in finest)
        best = max(best, reached)
    return REASONS[best]
