"""From index readings to cards.

A physical index is usually proposed several times (at two pyramid levels, as the 1 and
the 0 of a 10, as letters of JOKER): readings of one code at one place and in one
direction are one index. Two indices of one code make one card when they sit where one
card's two indices would (the turned one at the opposite corner, or, on a deck with four
indices, the upright one at the other top corner with no card edge between them);
otherwise they are two cards (two decks mixed). Each card's corners are estimated from
its index: its direction, its size, and where indices sit on cards.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .types import GroupSettings


@dataclass(frozen=True)
class Index:
    """One index read in the photo (working-image pixels)."""

    card: str
    confidence: float
    rank: np.ndarray  # the rank glyph's centre
    down: np.ndarray  # unit vector from the rank towards the suit (the card's "down")
    unit: float  # rank-to-suit distance

    @property
    def across(self) -> np.ndarray:
        """Unit vector towards the card's inside, across the index (the card's "right")."""
        return np.array([self.down[1], -self.down[0]])


@dataclass(frozen=True)
class Card:
    """A card found: its code, confidence and corners (clockwise from the index read)."""

    card: str
    confidence: float
    corners: np.ndarray  # (4, 2)


def indices(
    codes: list[str],
    probs: np.ndarray,
    rank: np.ndarray,
    suit: np.ndarray,
    s: GroupSettings = GroupSettings(),
) -> list[Index]:
    """Readings at least ``s.min_reading`` sure, one per physical index (the surest one
    wins where several readings, of one code or of rival codes, fall on one index)."""
    order = np.argsort(-probs)
    kept: list[Index] = []
    for k in order:
        p = float(probs[k])
        if p < s.min_reading:
            break
        v = suit[k] - rank[k]
        unit = float(np.linalg.norm(v))
        if unit <= 0:
            continue
        down = v / unit
        here = Index(codes[k], p, rank[k].astype(np.float64), down, unit)
        if not any(_same_index(here, other, s) for other in kept):
            kept.append(here)
    return kept


def _same_index(a: Index, b: Index, s: GroupSettings) -> bool:
    """Two readings of one physical index: close together for their size; for a joker's
    word read letter pair by letter pair, anywhere along the same word."""
    unit = max(a.unit, b.unit)
    gap = a.rank - b.rank
    if a.card.startswith("JK") and b.card.startswith("JK") and float(np.dot(a.down, b.down)) > 0.7:
        along = abs(float(np.dot(gap, a.down)))
        side = abs(float(np.dot(gap, a.across)))
        return along <= s.word_reach * unit and side <= s.same_reach * unit
    return float(np.linalg.norm(gap)) <= s.same_reach * unit


def corners(index: Index, s: GroupSettings = GroupSettings(), width_units: float | None = None) -> np.ndarray:
    """A card's corners estimated from one index: top-left (the index's corner), top-right,
    bottom-right, bottom-left. ``width_units``: the card's width in index units when known."""
    width = (width_units or s.card_width) * index.unit
    height = width * s.card_ratio
    top_left = index.rank - index.across * s.index_x * width - index.down * s.index_y * height
    top_right = top_left + index.across * width
    return np.array([top_left, top_right, top_right + index.down * height, top_left + index.down * height])


def _one_card(a: Index, b: Index, s: GroupSettings) -> float | None:
    """If two indices of one code can be one card's, the card's width they imply (in index
    units), else None. One card's indices face the same way or opposite ways and sit at
    its corners: side by side (the two top corners of a deck with four indices), one
    above the other (the two left ones), or at opposite corners."""
    unit = (a.unit + b.unit) / 2
    gap = b.rank - a.rank
    across = abs(float(np.dot(gap, a.across))) / unit
    down = abs(float(np.dot(gap, a.down))) / unit
    if (
        abs(float(np.dot(a.down, b.down))) < 0.9
        or not s.pair_reach[0] <= np.hypot(across, down) <= s.pair_reach[1]
    ):
        return None
    if down <= s.corner_slack:
        return across / (1 - 2 * s.index_x)
    if across <= s.corner_slack:
        return down / (1 - 2 * s.index_y) / s.card_ratio
    if s.pair_slope[0] <= down / across <= s.pair_slope[1]:
        return across / (1 - 2 * s.index_x)
    return None


def cards(found: list[Index], s: GroupSettings = GroupSettings()) -> list[Card]:
    """One card per group of indices of one code that one card can carry (two, or four on
    some decks); their distance gives the card's size. The surest index places the card."""
    parent = list(range(len(found)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    widths: dict[int, list[float]] = {}
    for i, a in enumerate(found):
        for j in range(i + 1, len(found)):
            b = found[j]
            if b.card != a.card:
                continue
            width = _one_card(a, b, s)
            if width is not None:
                ri, rj = root(i), root(j)
                parent[rj] = ri
                widths.setdefault(ri, []).extend([width, *widths.pop(rj, [])])
    groups: dict[int, list[int]] = {}
    for i in range(len(found)):
        groups.setdefault(root(i), []).append(i)
    out = []
    for r, members in groups.items():
        best = max(members, key=lambda k: found[k].confidence)
        doubt = float(np.prod([1 - found[k].confidence for k in members]))
        width = float(np.median(widths[r])) if widths.get(r) else None
        out.append(Card(found[best].card, 1 - doubt, corners(found[best], s, width)))
    return out
