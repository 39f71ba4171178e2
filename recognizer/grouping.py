"""From index readings to cards.

A physical index is usually proposed several times (at two pyramid levels, as the 1 and
the 0 of a 10, as letters of JOKER): readings of one code at one place and in one
direction are one index. Two indices of one code make one card when they sit where one
card's two indices would (the turned one at the opposite corner, or, on a deck with four
indices, the upright one at the other top corner with no card edge between them);
otherwise they are two cards (two decks mixed). A reading on the face of a card found
surer is dropped when it is much smaller than that card's indices (a pip, court art) or
when it sits where that card's own index would be, as big and facing the same way (a
misreading of one of its indices). Each card's corners are estimated from
its index: its direction, its size, and where indices sit on cards.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .settings import GroupSettings


@dataclass(frozen=True)
class Index:
    """One index read in the photo (working-image pixels)."""

    card: str
    confidence: float
    rank: np.ndarray  # the rank glyph's centre
    down: np.ndarray  # unit vector from the rank towards the suit (the card's "down")
    unit: float  # rank-to-suit distance
    other: str = ""  # the reading's second-likeliest card...
    other_confidence: float = 0.0  # ... and its probability

    @property
    def across(self) -> np.ndarray:
        """Unit vector towards the card's inside, across the index (the card's "right")."""
        return _across(self.down)


def _across(down: np.ndarray) -> np.ndarray:
    """The direction across a card whose "down" is ``down``: a quarter turn from it."""
    return np.array([down[1], -down[0]])


@dataclass(frozen=True)
class Card:
    """A card found: its code, confidence and corners (clockwise from the top-left corner as
    its surest index sees the card)."""

    card: str
    confidence: float
    corners: np.ndarray  # (4, 2)
    other: str = ""  # its surest index's second-likeliest card...
    other_confidence: float = 0.0  # ... and its probability


def indices(
    codes: list[str],
    probs: np.ndarray,
    rank: np.ndarray,
    suit: np.ndarray,
    s: GroupSettings = GroupSettings(),
    runners_up: tuple[list[str], np.ndarray] | None = None,
) -> list[Index]:
    """Readings at least ``s.min_reading`` sure, one per physical index (the surest one
    wins where several readings, of one code or of rival codes, fall on one index);
    ``runners_up``: each reading's second-likeliest card and its probability."""
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
        other, other_p = (runners_up[0][k], float(runners_up[1][k])) if runners_up is not None else ("", 0.0)
        here = Index(codes[k], p, rank[k].astype(np.float64), down, unit, other, other_p)
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
    if float(np.linalg.norm(gap)) > s.same_reach * unit:
        return False
    # rival codes: one index's glyphs framed alike, or the indices of two cards side by side
    surer = a if a.confidence >= b.confidence else b
    return a.card == b.card or abs(float(np.dot(gap, surer.across))) <= s.rival_across * unit


def corners(index: Index, s: GroupSettings = GroupSettings()) -> np.ndarray:
    """A card's corners estimated from one index alone: top-left (the index's corner),
    top-right, bottom-right, bottom-left, with the usual proportions."""
    return _outline([index], index, index.unit, s)


def _outline(members: list[Index], best: Index, unit: float, s: GroupSettings) -> np.ndarray:
    """A card's corners from its indices, seen from its surest one (top-left, top-right,
    bottom-right, bottom-left as that index faces): the indices' spread across and down
    gives the card's width and height where they span it; where they do not, the card
    extends from the surest index as from a top-left one, with the usual proportions."""
    down = _card_down(members, best)
    across = _across(down)
    offsets = np.array([m.rank - best.rank for m in members])
    rel = np.stack([offsets @ across, offsets @ down], axis=1)
    low, high = rel.min(axis=0), rel.max(axis=0)
    spans = (high - low) > s.pair_reach[0] * unit
    width = (high[0] - low[0]) / (1 - 2 * s.index_x) if spans[0] else None
    height = (high[1] - low[1]) / (1 - 2 * s.index_y) if spans[1] else None
    if width is None:
        width = height / s.card_ratio if height is not None else s.card_width * unit
    if height is None:
        height = width * s.card_ratio
    left = (low[0] if spans[0] else 0.0) - s.index_x * width
    top = (low[1] if spans[1] else 0.0) - s.index_y * height
    box = [(left, top), (left + width, top), (left + width, top + height), (left, top + height)]
    return np.array([best.rank + x * across + y * down for x, y in box])


def _card_down(members: list[Index], best: Index) -> np.ndarray:
    """The card's own "down" as its indices show it: the mean of their directions, turned
    ones turned back. An index whose suit sits beside its rank leans off the card's axis,
    one way on the left-hand corners and the other way on the right-hand ones; the mean of
    a corner on each side is square to the card."""
    total = sum((m.down if float(np.dot(m.down, best.down)) >= 0 else -m.down for m in members),
                np.zeros(2))
    norm = float(np.linalg.norm(total))
    return total / norm if norm > 1e-9 else best.down


def _one_card(a: Index, b: Index, s: GroupSettings) -> bool:
    """Whether two indices of one code can be one card's. One card's indices face the same
    way or opposite ways and sit at its corners: side by side (the two top corners of a
    deck with four indices), one above the other (the two left ones), or at opposite
    corners."""
    unit = (a.unit + b.unit) / 2
    gap = b.rank - a.rank
    down, across = _down_across(a, b)
    facing = float(np.dot(a.down, b.down))
    if not s.pair_reach[0] <= np.hypot(across, down) <= s.pair_reach[1]:
        return False
    if facing >= s.mirror_facing:
        # side by side, facing the same way: the two top corners of a deck with four indices,
        # seen along the two indices' mean direction (each one's leans its own way: a suit
        # printed beside the rank is mirrored on the other corner)
        mean = (a.down + b.down) / max(float(np.linalg.norm(a.down + b.down)), 1e-9)
        along = abs(float(np.dot(gap, mean))) / unit
        if along <= max(s.corner_slack, s.corner_tilt * abs(float(np.dot(gap, (mean[1], -mean[0])))) / unit):
            return True
    if abs(facing) < 0.9:
        return False
    ahead = float(np.dot(gap, a.down))  # down the card from the index (negative: behind it)
    if facing < 0 and ahead != 0:
        # a turned twin ahead of the index: one card's opposite corners, whatever the slope (a
        # deck whose suit sits beside its rank tilts the index's "down" off the card's); behind
        # it, another card, as a copy overlapping it (one card's turned index lies ahead of its
        # upright one)
        return ahead > 0
    if down <= s.corner_slack or across <= s.corner_slack:
        return True
    return s.pair_slope[0] <= down / across <= s.pair_slope[1]


def _down_across(a: Index, b: Index) -> tuple[float, float]:
    """How far ``b`` lies from ``a`` down ``a``'s index and across it, in index units."""
    gap = (b.rank - a.rank) / ((a.unit + b.unit) / 2)
    return abs(float(np.dot(gap, a.down))), abs(float(np.dot(gap, a.across)))


def _apart(a: Index, b: Index) -> float:
    """How far apart two indices are, in index units."""
    return float(np.linalg.norm(b.rank - a.rank)) / ((a.unit + b.unit) / 2)


def _centre(members: list[Index], s: GroupSettings) -> np.ndarray | None:
    """The centre of the card some indices are on, where two of them, each read as surely as a
    lone index must be, sit at its opposite corners (facing opposite ways, apart across by at
    least ``s.diagonal_slope`` of how far apart they are down): halfway between them. None
    where no two do (one index, two down one edge of a four-index card, a doubtful reading)."""
    mids = []
    for k, a in enumerate(members):
        for b in members[k + 1:]:
            down, across = _down_across(a, b)
            if (min(a.confidence, b.confidence) >= s.lone_reading and float(np.dot(a.down, b.down)) < -0.9
                    and down > s.corner_slack and across > max(s.corner_slack, s.diagonal_slope * down)):
                mids.append((a.rank + b.rank) / 2)
    return np.mean(mids, axis=0) if mids else None


def cards(found: list[Index], s: GroupSettings = GroupSettings()) -> list[Card]:
    """One card per group of indices of one code that one card can carry (two, or four on
    some decks); where they sit gives the card's outline."""
    parent = list(range(len(found)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    groups: dict[int, list[int]] = {i: [i] for i in range(len(found))}
    # Nearest pairs first, so that a card's own indices join before two copies' could. A card
    # has one centre: where two groups each hold indices facing opposite ways (a card's
    # opposite corners), they join only if those corners are centred on one spot (the four
    # indices of one card are; two copies of a card, two decks mixed, are not).
    pairs = sorted((_apart(a, found[j]), i, j) for i, a in enumerate(found) for j in range(i + 1, len(found))
                   if found[j].card == a.card and _one_card(a, found[j], s))
    for _, i, j in pairs:
        gi, gj = root(i), root(j)
        if gi == gj:
            continue
        ci, cj = _centre([found[k] for k in groups[gi]], s), _centre([found[k] for k in groups[gj]], s)
        unit = (found[i].unit + found[j].unit) / 2
        if ci is not None and cj is not None and float(np.linalg.norm(ci - cj)) > s.centre_reach * unit:
            continue
        parent[gj] = gi
        groups[gi] += groups.pop(gj)
    placed = []
    for members in groups.values():
        best = max(members, key=lambda k: found[k].confidence)
        doubt = float(np.prod([1 - found[k].confidence for k in members]))
        unit = float(np.median([found[k].unit for k in members]))
        outline = _outline([found[k] for k in members], found[best], unit, s)
        surest = found[best]
        placed.append(_Placed(Card(surest.card, 1 - doubt, outline, surest.other, surest.other_confidence),
                              surest, unit, len(members)))
    placed = _one_outline_once(placed, s)
    return one_deck([p.card for p in placed
                     if (p.indices > 1 or p.card.confidence >= s.lone_reading)
                     and not any(_printed_on(p, other, s) for other in placed)], s)


def one_deck(found: list[Card], s: GroupSettings = GroupSettings()) -> list[Card]:
    """A card read more often than one deck holds it: each extra copy is read as its
    second-likeliest card where the reader gave that card at least ``s.copy_doubt`` and it is
    read nowhere else in the photo (a club read as a spade beside the real spade). The copies
    whose reader doubted most go first; one copy always keeps the code, and copies read
    without such a doubt stay copies (two decks mixed)."""
    if s.copy_doubt <= 0:
        return found
    out = list(found)
    codes = [c.card for c in out]
    for code in sorted({c for c in codes if codes.count(c) > 1}):
        copies = sorted((k for k, c in enumerate(out) if c.card == code),
                        key=lambda k: -out[k].other_confidence)
        for k in copies[:-1]:  # the least doubted copy keeps the code
            card = out[k]
            if card.other and card.other_confidence >= s.copy_doubt \
                    and all(c.card != card.other for c in out):
                out[k] = Card(card.other, card.other_confidence, card.corners, card.card, card.confidence)
    return out


def _one_outline_once(placed: list[_Placed], s: GroupSettings) -> list[_Placed]:
    """Groups of one code, their indices facing opposite ways, whose outlines mostly cover
    each other are one card: its two opposite corners, each read surely but one framed askew
    (its direction off by more than the pairing allows), made two groups. Two copies of a
    card (two decks mixed) never lie so nearly on top of each other that both show their
    indices. Their surest indices must be as far apart as a card's two indices may be
    (``pair_reach``). The surer group stands, as sure as both together."""
    kept: list[_Placed] = []
    for p in sorted(placed, key=lambda q: -q.card.confidence):
        twin = next((k for k, q in enumerate(kept) if q.card.card == p.card.card
                     and float(np.dot(p.index.down, q.index.down)) < 0
                     and s.pair_reach[0] <= _apart(p.index, q.index) <= s.pair_reach[1]
                     and _overlap(p.card.corners, q.card.corners) >= s.same_outline), None)
        if twin is None:
            kept.append(p)
            continue
        q = kept[twin]
        sure = 1 - (1 - q.card.confidence) * (1 - p.card.confidence)
        kept[twin] = _Placed(Card(q.card.card, sure, q.card.corners), q.index, q.unit, q.indices + p.indices)
    return kept


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the smaller of two convex outlines that the other covers."""
    pa, pb = a.astype(np.float32), b.astype(np.float32)
    common, _ = cv2.intersectConvexConvex(pa, pb)
    smaller = min(abs(float(cv2.contourArea(pa))), abs(float(cv2.contourArea(pb))))
    return float(common) / smaller if smaller > 0 else 0.0


@dataclass(frozen=True)
class _Placed:
    card: Card
    index: Index  # its surest index
    unit: float  # its indices' size
    indices: int  # how many of its indices were read


def _printed_on(p: _Placed, other: _Placed, s: GroupSettings) -> bool:
    """Whether ``p`` is print on the face of ``other``, a surer card of another code: far
    smaller than its indices (a pip, court art), or read from one card's lone index where
    ``other``, known by two indices, has an index of its own, as big and facing the same way."""
    if other is p or other.card.card == p.card.card or other.card.confidence < p.card.confidence:
        return False
    if not _inside(p.index.rank, other.card.corners):
        return False
    if p.unit <= s.art_scale * other.unit:
        return True
    if p.indices > 1 or other.indices < 2 or not 1 / s.twin_scale <= p.unit / other.unit <= s.twin_scale:
        return False
    return any(float(np.linalg.norm(p.index.rank - place)) <= s.twin_reach * other.unit
               and float(np.dot(p.index.down, facing)) > 0.9
               for place, facing in _index_places(other.card.corners, s))


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    """Whether a point lies inside a convex quadrilateral (corners in order, either way round)."""
    edges = np.roll(quad, -1, axis=0) - quad
    to_point = point - quad
    cross = edges[:, 0] * to_point[:, 1] - edges[:, 1] * to_point[:, 0]
    return bool(np.all(cross >= 0) or np.all(cross <= 0))


def _index_places(quad: np.ndarray, s: GroupSettings) -> list[tuple[np.ndarray, np.ndarray]]:
    """Where a card's four indices would be, and which way each one's rank-to-suit points."""
    top_left, top_right, bottom_right, bottom_left = quad
    across = (top_right - top_left) * s.index_x
    down = (bottom_left - top_left) * s.index_y
    facing = down / max(float(np.linalg.norm(down)), 1e-9)
    return [(top_left + across + down, facing), (top_right - across + down, facing),
            (bottom_right - across - down, -facing), (bottom_left + across - down, -facing)]
