"""Reading a card's corner index (rank over suit) from a corner of the card.

A corner is given as a point and two edge directions in the image. The index
region next to it is warped to a small upright patch; the ink there is split
into connected components; the rank is the first glyph from the corner (two
digits merged for ``10``) and the suit the glyph under it. Both are matched
against rendered templates; the colour of the ink tells red from black.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .glyphs import ALIASES, load, normalise
from .types import IndexSettings

RED_SUITS = frozenset({"H", "D"})
BLACK_SUITS = frozenset({"S", "C"})
GREY_CEILING = 0.55  # above the reporting threshold, below "sure": the player confirms
PALE_RED = 0.09  # redness of a red hairline thinned by blur (sure red ink is above 0.28)
FAINT_SHARE = 0.4  # faint ink: at least this share of the patch's strongest ink
FAINT_FLOOR = 12.0  # and this many grey levels below the paper
_PAPER_KERNEL = np.ones((45, 45), np.uint8)  # wider than any glyph (square: separable, fast)
GROW_MARGIN = 0.2  # pale ink is sought this share of the rank's height around the glyphs
Seed = tuple[np.ndarray, tuple[int, int, int, int]]  # glyph ink, and a box x0, y0, x1, y1
RANK_LABELS = frozenset({"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
                         "D", "B", "V", "R"})


@dataclass(frozen=True)
class Reading:
    """What one corner says: the card code and how sure the reading is."""

    card: str
    confidence: float
    rank_score: float
    suit_score: float
    rank_margin: float = 0.0
    suit_margin: float = 0.0


@dataclass(frozen=True)
class Corner:
    """A card corner: the point, and the card's width and height vectors from it (pixels)."""

    point: np.ndarray
    across: np.ndarray  # along the card's short side, length = card width
    down: np.ndarray  # along the long side, length = card height
    outline: np.ndarray | None = None  # the card's own outline when it was seen whole
    # The index in the top-right corner (decks printed with four indices): ``across``
    # then points from that corner to the top-left one, and the frame is mirrored.
    right: bool = False

    def quad(self) -> np.ndarray:
        """The card's four corners, clockwise from its top-left one."""
        if self.outline is not None and len(self.outline) == 4:
            return np.asarray(self.outline, np.float32)
        p, a, d = self.point, self.across, self.down
        if self.right:
            return np.array([p + a, p, p + d, p + a + d], np.float32)
        return np.array([p, p + a, p + a + d, p + d], np.float32)


def _patch(image: np.ndarray, corner: Corner, s: IndexSettings) -> np.ndarray:
    """The index region next to ``corner``, warped upright to patch size."""
    # The region starts a little outside the corner found, so that an outline found a
    # pixel or two inside the card never cuts the top of the rank.
    pad = s.region_pad * float(np.linalg.norm(corner.across))
    unit_a = corner.across / max(float(np.linalg.norm(corner.across)), 1e-6)
    unit_d = corner.down / max(float(np.linalg.norm(corner.down)), 1e-6)
    origin = corner.point - pad * (unit_a + unit_d)
    ax = (corner.across * s.region_w + pad * unit_a) / s.patch_width
    dy = (corner.down * s.region_h + pad * unit_d) / s.patch_height
    m = np.array([[ax[0], dy[0], origin[0]], [ax[1], dy[1], origin[1]]], np.float32)
    return cv2.warpAffine(image, m, (s.patch_width, s.patch_height),
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def _ink(patch: np.ndarray, grow: Seed | None = None, faint: bool = False
         ) -> tuple[np.ndarray, np.ndarray]:
    """The ink mask of a patch, and a per-pixel redness map.

    ``grow`` (the glyphs' own ink, and a box around them) keeps that ink and the pale
    red pixels in the box joined to it: the hairlines of a serif index printed in a
    light red, which a photo renders pink. Other ink (a frame line near the index) is
    dropped, so that a hairline never welds it to a glyph. ``faint``: the ink by
    contrast instead (:func:`_faint_ink`).
    """
    gray8 = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    cumulative = np.cumsum(np.bincount(gray8.ravel(), minlength=256))
    total = cumulative[-1]
    white = max(float(np.searchsorted(cumulative, 0.9 * total)), 60.0)
    p80 = int(np.searchsorted(cumulative, 0.8 * total))
    # White balance on the card itself: a warm lamp must not make black ink look red.
    paper = np.array(cv2.mean(patch, mask=(gray8 >= p80).astype(np.uint8))[:3], np.float32)
    gains = paper.mean() / np.maximum(paper, 1.0)
    f = patch.astype(np.float32)
    b, g, r = f[:, :, 0] * gains[0], f[:, :, 1] * gains[1], f[:, :, 2] * gains[2]
    redness = (r - np.maximum(g, b)) / white
    if faint:
        return _faint_ink(patch), redness
    gray = gray8.astype(np.float32)
    dark = gray < 0.58 * white
    red = (redness > 0.28) & (gray < 0.9 * white)
    ink = dark | red
    if grow is not None:
        seed, (x0, y0, x1, y1) = grow
        inside = np.zeros_like(ink)
        inside[max(y0, 2):y1, max(x0, 2):x1] = True  # never the top or left border
        pale = (redness > PALE_RED) & (gray < 0.95 * white) & inside & ~ink
        weak = (seed | pale).astype(np.uint8)
        n, labels = cv2.connectedComponents(weak, connectivity=8)
        keep = np.zeros(n, bool)
        keep[labels[seed]] = True
        keep[0] = False
        ink = keep[labels]
    return ink, redness


def _faint_ink(patch: np.ndarray) -> np.ndarray:
    """Ink by contrast with the paper around it: each pixel's darkness (its darkest colour
    channel, so red ink counts as much as black) below the paper closed over it, kept
    when it reaches a share of the patch's strongest ink. Strokes that blur or distance
    have turned grey are ink here, as much as solid pips."""
    darkest = cv2.GaussianBlur(patch.min(axis=2), (3, 3), 0).astype(np.float32)
    paper = cv2.morphologyEx(darkest, cv2.MORPH_CLOSE, _PAPER_KERNEL)
    strength = paper - darkest
    strongest = float(np.percentile(strength, 99.5))
    return np.asarray(strength > max(FAINT_SHARE * strongest, FAINT_FLOOR))


def _components(mask: np.ndarray, s: IndexSettings) -> list[tuple[int, int, int, int, np.ndarray]]:
    """Ink components (x, y, w, h, mask) that do not touch the top or left border."""
    # Grana's block-based labelling: the same labels and statistics, several times faster
    # on a small patch than the default algorithm.
    _, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask.astype(np.uint8), 8, cv2.CV_32S, cv2.CCL_GRANA)
    x, y, w, h, area = (stats[1:, k] for k in range(5))
    fit = ((h >= s.patch_height * 0.07) & (area >= 10) & (x > 0) & (y > 0)
           & (h <= s.patch_height * 0.85) & (w <= s.patch_width * 0.8))
    out = []
    for i in (np.nonzero(fit)[0] + 1).tolist():
        cx, cy, cw, ch = (int(v) for v in stats[i, :4])
        out.append((cx, cy, cw, ch, labels[cy:cy + ch, cx:cx + cw] == i))
    return out


Component = tuple[int, int, int, int, np.ndarray]


def _merge_row(first: Component, others: list[Component]) -> tuple[Component, list[Component]]:
    """Join glyph pieces on the same line as ``first`` (the two digits of 10); also the pieces."""
    x, y, w, h, _ = first
    parts = [first]
    for o in others:
        ox, oy, ow, oh, _ = o
        same_line = abs(oy - y) < 0.3 * h and abs(oh - h) < 0.35 * h
        near = ox <= x + w + 0.6 * h and ox + ow >= x - 0.6 * h
        if o is not first and same_line and near:
            parts.append(o)
    x0 = min(p[0] for p in parts)
    y0 = min(p[1] for p in parts)
    x1 = max(p[0] + p[2] for p in parts)
    y1 = max(p[1] + p[3] for p in parts)
    mask = np.zeros((y1 - y0, x1 - x0), bool)
    for px, py, pw, ph, pm in parts:
        mask[py - y0:py - y0 + ph, px - x0:px - x0 + pw] |= pm
    return (x0, y0, x1 - x0, y1 - y0, mask), sorted(parts, key=lambda p: p[0])


def _match_rank(rank: Component, parts: list[Component]) -> list[tuple[str, float]]:
    """Scores per rank label; two digits side by side are read as 1 and 0."""
    ranks, _ = load()
    _, _, rw, rh, rmask = rank
    # A J must beat a lone 1 (the 1 of a 10 whose 0 ran into a pip); a 1 that wins
    # outright is no card. Other ranks (a 7) are not measured against it.
    # A lone 0 (the 0 of a 10 whose 1 ran into a pip) is no card either: it must not
    # pass for a narrow Q.
    scores = ranks.match(normalise(rmask), rh / rw, RANK_LABELS | {"1", "0"})
    if scores[0][0] == "0":
        return scores
    scores = [kv for kv in scores if kv[0] != "0"]
    if scores[0][0] != "1" and ALIASES.get(scores[0][0], scores[0][0]) != "J":
        scores = [kv for kv in scores if kv[0] != "1"]
    if len(parts) == 2:
        (_, _, w1, h1, m1), (_, _, w2, h2, m2) = parts
        one = ranks.match(normalise(m1), h1 / w1, frozenset({"1"}))[0][1]
        zero = ranks.match(normalise(m2), h2 / w2, frozenset({"0"}))[0][1]
        ten = min(one, zero)
        # A narrow upright stroke beside a glyph of its height is the 1 of a 10: a single
        # letter (K, R, D) is one piece of ink, so it loses that much ground.
        apart = h1 / max(w1, 1) >= 2.5 and abs(h1 - h2) <= 0.3 * max(h1, h2)
        penalty = 0.15 if apart else 0.0
        scores = sorted([(lab, sc - penalty) for lab, sc in scores if lab != "10"] + [("10", ten)],
                        key=lambda kv: -kv[1])
    return scores


@dataclass(frozen=True)
class Glyphs:
    """The ink of one index: the rank (its pieces side by side, as the two digits of 10),
    the suit under it, and the redness map of the patch."""

    rank: Component
    parts: list[Component]
    suit: Component
    redness: np.ndarray


def segment_corner(image: np.ndarray, corner: Corner, s: IndexSettings = IndexSettings()
                   ) -> Glyphs | None:
    """Split the index at ``corner`` into its rank and suit glyphs; None when there is none."""
    return segment_patch(_patch(image, corner, s), s)


def segment_patch(patch: np.ndarray, s: IndexSettings = IndexSettings(), grow: Seed | None = None,
                  faint: bool = False) -> Glyphs | None:
    """Split an upright index patch into its rank and suit glyphs (``grow``: see :func:`_ink`;
    ``faint``: see :func:`_faint_ink`)."""
    ink, redness = _ink(patch, grow, faint)
    every = _components(ink, s)
    # Taller than a glyph: a frame line, or a rank and suit run together (split below).
    tall = [c for c in every if c[3] > s.patch_height * 0.6]
    comps = [c for c in every if c[3] <= s.patch_height * 0.6]
    if len(comps) < 2:
        return _joined(tall, s, redness) if len(comps) + len(tall) >= 1 else None
    comps.sort(key=lambda c: (c[1], c[0]))
    # The rank: the highest glyph in the left part of the region.
    firsts = [c for c in comps if c[0] + c[2] / 2 < s.patch_width * 0.62]
    if not firsts:
        return None
    found = _rank_and_suit(firsts[0], comps)
    if found is None:
        # Blur or heavy ink can join the rank to the suit under it: cut at the waist.
        halves = split_waist(firsts[0])
        if halves is None:
            return _joined(tall, s, redness)
        found = _rank_and_suit(halves[0], [c for c in comps if c is not firsts[0]] + list(halves))
        if found is None:
            return None
    rank, parts, suit = found
    return Glyphs(rank, parts, suit, redness)


def _joined(tall: list[Component], s: IndexSettings, redness: np.ndarray) -> Glyphs | None:
    """The index as one tall piece of ink near the corner (rank and suit touching), split."""
    near = [c for c in tall if c[0] + c[2] / 2 < s.patch_width * 0.62]
    for comp in sorted(near, key=lambda c: (c[1], c[0])):
        halves = split_waist(comp)
        if halves is not None:
            found = _rank_and_suit(halves[0], list(halves))
            if found is not None:
                return Glyphs(*found, redness)
    return None


def _rank_and_suit(first: Component, comps: list[Component]
                   ) -> tuple[Component, list[Component], Component] | None:
    """The rank glyph starting at ``first`` (with its pieces) and the suit glyph under it."""
    rank, parts = _merge_row(first, comps)
    rx, ry, rw, rh, _ = rank
    below = sorted((
        c for c in comps
        if c[1] >= ry + rh * 0.8 and abs((c[0] + c[2] / 2) - (rx + rw / 2)) < max(rw, c[2]) * 0.75
        and c[1] - (ry + rh) < rh * 1.2
    ), key=lambda c: (c[1], c[0]))
    if not below:
        return None
    suit = below[0]
    if not (0.35 < suit[3] / rh < 1.6):
        return None
    return rank, parts, suit


def split_waist(comp: Component) -> tuple[Component, Component] | None:
    """Two glyphs stacked and touching, cut at the narrowest row between them; else None."""
    x, y, w, h, mask = comp
    if h < 1.4 * w or h < 12:
        return None
    rows = mask.sum(axis=1)
    lo, hi = int(h * 0.35), int(h * 0.72)
    if hi <= lo:
        return None
    cut = lo + int(np.argmin(rows[lo:hi]))
    if rows[cut] > 0.3 * max(int(rows[:cut].max()), int(rows[cut + 1:].max()), 1):
        return None
    pieces = []
    for top, bottom in ((0, cut), (cut + 1, h)):
        part = mask[top:bottom]
        ys, xs = np.nonzero(part)
        if len(ys) < 10:
            return None
        y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
        pieces.append((x + int(x0), y + top + int(y0), int(x1 - x0), int(y1 - y0),
                       part[y0:y1, x0:x1]))
    return pieces[0], pieces[1]


def read_corner(image: np.ndarray, corner: Corner, s: IndexSettings = IndexSettings(),
                grey: bool = False, faint: bool = False) -> Reading | None:
    """Read the index at ``corner``; None when there is no readable index there.

    In a photo without colour (``grey``) the suit is chosen by its shape alone among
    the four, and the reading is never more than a guess to confirm. ``faint``: when
    nothing reads, read again by contrast (:func:`_faint_ink`), for a corner known to
    be a card's (a corner of a region that is one card, whole or partly hidden), where
    an index is likely printed.
    """
    patch = _patch(image, corner, s)
    # A top-right index is warped mirrored (its corner at the patch's top left, as
    # every index is cut); its glyphs are mirrored back before they are matched.
    width = s.patch_width if corner.right else 0
    cut = segment_patch(patch, s)
    glyphs = _unmirror(cut, width)
    reading = _read(glyphs, s, grey)
    if reading is not None and reading.confidence >= s.min_confidence:
        return reading
    # A red index whose hairlines came out pale: read again with them (only when the
    # sure ink did not read, so that a good reading never changes, and when a red suit
    # sits under something there), near the glyphs found.
    if not grey and cut is not None and glyphs is not None and _red_suit(glyphs):
        again = _read(_unmirror(segment_patch(patch, s, grow=_seed(cut, patch.shape[:2])), width), s, grey)
        if again is not None and (reading is None or again.confidence > reading.confidence):
            reading = again
            if reading.confidence >= s.min_confidence:
                return reading
    if not faint:
        return reading
    # A small or blurred index whose strokes are paler than ink: read again by contrast.
    again = _read(_unmirror(segment_patch(patch, s, faint=True), width), s, grey)
    if again is not None and (reading is None or again.confidence > reading.confidence):
        return again
    return reading


def _seed(glyphs: Glyphs, shape: tuple[int, ...]) -> Seed:
    """The ink of the rank and suit glyphs in a patch of ``shape``, and the box around
    them widened by a share of the rank's height: where pale hairlines are sought."""
    seed = np.zeros(shape[:2], bool)
    for x, y, w, h, m in (*glyphs.parts, glyphs.suit):
        seed[y:y + h, x:x + w] |= m
    rx, ry, rw, rh, _ = glyphs.rank
    sx, sy, sw, sh, _ = glyphs.suit
    g = round(GROW_MARGIN * rh)
    return seed, (min(rx, sx) - g, min(ry, sy) - g, max(rx + rw, sx + sw) + g, max(ry + rh, sy + sh) + g)


def _unmirror(glyphs: Glyphs | None, width: int) -> Glyphs | None:
    """The glyphs of a mirrored patch as they are printed (``width`` 0: not mirrored)."""
    if glyphs is None or not width:
        return glyphs

    def flip(c: Component) -> Component:
        x, y, w, h, m = c
        return (width - x - w, y, w, h, m[:, ::-1])

    return Glyphs(flip(glyphs.rank), [flip(p) for p in reversed(glyphs.parts)], flip(glyphs.suit),
                  glyphs.redness[:, ::-1])


def _red_suit(glyphs: Glyphs) -> bool:
    """Whether the suit glyph is printed in red."""
    sx, sy, sw, sh, smask = glyphs.suit
    return float(np.median(glyphs.redness[sy:sy + sh, sx:sx + sw][smask])) > 0.2


def _read(glyphs: Glyphs | None, s: IndexSettings, grey: bool) -> Reading | None:
    """The card that segmented glyphs name, or None."""
    if glyphs is None:
        return None
    rank, parts = glyphs.rank, glyphs.parts
    _, _, sw, sh, smask = glyphs.suit
    _, suits = load()
    rank_match = _match_rank(rank, parts)
    r_label, r_score = rank_match[0]
    if r_label in ("1", "0") or r_score < s.min_rank_score:
        return None  # no rank here: the suit need not be matched
    suit_match = suits.match(normalise(smask), sh / sw)
    s_label, s_score = suit_match[0]
    red = _red_suit(glyphs)
    if s_label in ("O", "o"):
        if r_label != "J":
            return None
        card = "JK1" if red else "JK2"
        suit_margin = s_score - next((sc for lab, sc in suit_match if lab not in ("O", "o")), 0.0)
    else:
        colour = RED_SUITS | BLACK_SUITS if grey else RED_SUITS if red else BLACK_SUITS
        colour_match = [(lab, sc) for lab, sc in suit_match if lab in colour]
        if not colour_match:
            return None
        s_label, s_score = colour_match[0]
        suit_margin = s_score - (colour_match[1][1] if len(colour_match) > 1 else 0.0)
        card = ALIASES.get(r_label, r_label) + s_label
    if r_score < s.min_rank_score or s_score < s.min_suit_score:
        return None
    rank_margin = r_score - next((sc for lab, sc in rank_match[1:]
                                  if ALIASES.get(lab, lab) != ALIASES.get(r_label, r_label)), 0.0)
    confidence = _confidence(r_score, rank_margin, s_score, suit_margin)
    if grey:
        confidence = min(confidence, GREY_CEILING)
    return Reading(card, confidence, r_score, s_score, rank_margin, suit_margin)


def _confidence(r_score: float, r_margin: float, s_score: float, s_margin: float) -> float:
    """How sure a reading is: both glyphs must match well and beat their nearest rivals."""
    def ramp(x: float, lo: float, hi: float) -> float:
        return min(1.0, max(0.0, (x - lo) / (hi - lo)))
    # Each ramp passes 0.5 at the threshold measured on the development photos
    # (rank 0.65 with a lead of 0.06 over the next rank; suit 0.5, lead 0.05).
    return min(ramp(r_score, 0.55, 0.75), ramp(r_margin, 0.02, 0.10),
               ramp(s_score, 0.4, 0.6), ramp(s_margin, 0.0, 0.10))
