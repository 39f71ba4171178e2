"""The recogniser: decode -> locate -> read the index at each corner -> merge.

``recognize(image, deck="french54")`` takes bytes, a path or an array and
returns :class:`Detection` values with corners in the photo's own pixels.
French cards are read from their corner indices; the printed Insonnia deck
(``deck="insonnia108"``) by its markers (:mod:`recognizer.markers`); any other
deck by its enrolled faces: pass the :class:`EnrolledDeck` itself
(``deck=enrolled``), or its name once it is registered (``register(enrolled)``;
``deck="rws"``).
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import numpy as np

from .decode import Decoded, ImageError, decode, decode_array
from .enrolled import EnrolledDeck, recognize_enrolled
from .index import Corner, Reading, read_corner
from .locate import Region, corners, regions
from .markers import read_markers
from .types import Detection, Settings

DECKS = ("french54", "insonnia108")  # read without enrolment: indices, markers

LONG_SIDE = 1.15  # an edge this much longer than the card's width is its long side
CARD_SHAPE = (1.2, 1.75)  # long side over short side of a card seen whole (tilt allowed)
WEAK_READING = 0.2  # a whole card's corner read at least this well counts as evidence
SAME_POINT = 0.04  # corners closer than this share of the card width are one corner
_ENROLLED: dict[str, EnrolledDeck] = {}
_ENROLLED_LOCK = threading.Lock()


def register(deck: EnrolledDeck) -> None:
    """Make an enrolled deck readable by its name (replacing one of the same name)."""
    if deck.name in DECKS:
        raise ValueError(f"{deck.name!r} is the name of a built-in deck")
    with _ENROLLED_LOCK:
        _ENROLLED[deck.name] = deck


def unregister(name: str) -> None:
    """Forget a registered enrolled deck (nothing happens for an unknown name)."""
    with _ENROLLED_LOCK:
        _ENROLLED.pop(name, None)


def enrolled(name: str) -> EnrolledDeck | None:
    """The registered enrolled deck of that name, or None."""
    with _ENROLLED_LOCK:
        return _ENROLLED.get(name)


def readable(deck: str) -> bool:
    """True when ``recognize`` reads this deck name: a built-in deck or a registered one."""
    return deck in DECKS or enrolled(deck) is not None


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


def _on_frame(a: np.ndarray, b: np.ndarray, size: tuple[int, int] | None) -> bool:
    """Whether the segment a-b runs along the photo's frame (``size`` = width, height)."""
    if size is None:
        return False
    w, h = size
    return any(abs(a[k] - edge) <= 1.5 and abs(b[k] - edge) <= 1.5
               for k, edge in ((0, 0.0), (0, w - 1.0), (1, 0.0), (1, h - 1.0)))


def _corner_frames(region: Region, single_width: float | None, ratio: float,
                   size: tuple[int, int] | None = None) -> tuple[list[Corner], list[Corner]]:
    """Frames to try at the corners of a region (several card sizes when unsure): each
    corner as a card's top-left one; and for a lone card, the corners where the edge
    after it is the card's long side as its top-right one (decks with four indices).

    A corner with an edge along the photo's frame (``size``) is where the frame cuts a
    card, not a card's corner: it is not tried (unless the frame itself is the card)."""
    lefts: list[Corner] = []
    rights: list[Corner] = []
    p = region.polygon
    # The photo's frame taken as the card (a close-up) keeps its corners.
    cut = not all(_on_frame(p[i - 1], p[i], size) for i in range(len(p)))
    for at, e_next, e_prev in corners(region):
        n_next, n_prev = float(np.linalg.norm(e_next)), float(np.linalg.norm(e_prev))
        if cut and (_on_frame(at, at + e_next, size) or _on_frame(at, at + e_prev, size)):
            continue
        if not region.single:
            for w in _widths(max(n_next, n_prev / ratio), single_width):
                lefts.append(Corner(at, _unit(e_next) * w, _unit(e_prev) * w * ratio))
            continue
        lefts.append(Corner(at, e_next, e_prev))
        if n_next > LONG_SIDE * n_prev:
            rights.append(Corner(at, e_prev, e_next, right=True))
        if not _card_shaped(region):
            # Part of a card: the edge before the corner may be its width, the one after
            # the visible part of its long side.
            for w in _widths(max(n_prev, n_next / ratio), single_width):
                if n_next <= LONG_SIDE * w:
                    rights.append(Corner(at, _unit(e_prev) * w, _unit(e_next) * w * ratio, right=True))
    if region.single:  # the corners with the short side after them first: the likely indices
        lefts.sort(key=lambda c: float(np.linalg.norm(c.across)) / max(float(np.linalg.norm(c.down)), 1e-6))
    return lefts, rights


def _widths(guess: float, single_width: float | None) -> list[float]:
    """Card widths to try: the lone cards' width, and the guess from the edges when it differs."""
    widths = [w for w in (single_width, guess) if w]
    if single_width and abs(guess - single_width) < 0.15 * single_width:
        widths = [single_width]
    return widths


def _card_shaped(region: Region) -> bool:
    """Whether a four-sided region has a card's proportions (else part of it is covered)."""
    p = region.polygon
    sides = [float(np.linalg.norm(p[i] - p[(i + 1) % 4])) for i in range(4)]
    a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    return CARD_SHAPE[0] <= max(a, b) / max(min(a, b), 1e-6) <= CARD_SHAPE[1]


def _single_width(found: list[Region]) -> float | None:
    widths = []
    whole = [r for r in found if r.single and _card_shaped(r)] or found
    for r in whole:
        if r.single:
            p = r.polygon
            sides = [float(np.linalg.norm(p[i] - p[(i + 1) % 4])) for i in range(4)]
            widths.append(min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return float(np.median(widths)) if widths else None


def _merge(found: list[tuple[Reading, Corner, int, bool]]) -> list[tuple[Reading, Corner]]:
    """One detection per card: a lone card region gives one card; equal codes close together merge."""
    best_in_single: dict[int, tuple[Reading, Corner]] = {}
    rest: list[tuple[Reading, Corner]] = []
    for reading, corner, region_id, single in found:
        if single:
            cur = best_in_single.get(region_id)
            if cur is None or reading.confidence > cur[0].confidence:
                best_in_single[region_id] = (reading, corner)
        else:
            rest.append((reading, corner))
    merged: list[tuple[Reading, Corner]] = []
    for reading, corner in sorted([*best_in_single.values(), *rest], key=lambda rc: -rc[0].confidence):
        centre = corner.quad().mean(axis=0)
        size = float(np.linalg.norm(corner.across))
        duplicate = any(
            r.card == reading.card
            and float(np.linalg.norm(c.quad().mean(axis=0) - centre)) < 0.9 * size
            for r, c in merged
        )
        if not duplicate:
            merged.append((reading, corner))
    return merged


def _read_frames(decoded: Decoded, region: Region, rid: int, frames: list[Corner],
                 settings: Settings, sure: list[np.ndarray]) -> list[tuple[Reading, Corner, int, bool]]:
    """The confident readings at these corner frames of one region.

    ``sure`` holds the points already settled (a corner read for sure, every corner of a
    whole card read for sure): a frame there is not read again, whatever the region or
    card size; this region's settled points are added to it.

    The corners of a whole lone card are one card's: when none is read for sure, their
    readings are weighed together (see :func:`_weigh`).
    """
    out = []
    weak: list[tuple[Reading, Corner]] = []  # a whole card's readings, however unsure
    whole = region.single and _card_shaped(region)  # else its outline is only the part in view
    for frame in frames:
        near = max(SAME_POINT * float(np.linalg.norm(frame.across)), 2.0)
        if sure and float(np.min(np.linalg.norm(np.asarray(sure) - frame.point, axis=1))) <= near:
            continue
        reading = read_corner(decoded.image, frame, settings.index, grey=decoded.grey, faint=region.single)
        if whole:  # the outline found, from the corner read (not a guess)
            at = int(np.argmin(np.linalg.norm(region.polygon - frame.point, axis=1)))
            top_left = at - 1 if frame.right else at
            frame = Corner(frame.point, frame.across, frame.down,
                           np.roll(region.polygon, -top_left, axis=0), frame.right)
            if reading is not None and reading.confidence >= WEAK_READING:
                weak.append((reading, frame))
        if reading is None or reading.confidence < settings.index.min_confidence:
            continue
        if reading.confidence >= 1.0:
            # A whole lone card is one card: its other corners hold nothing else.
            sure += list(region.polygon) if whole else [frame.point]
            if whole:
                weak = []
        out.append((reading, frame, rid, region.single))
        if region.single and reading.confidence >= 1.0:
            break  # a lone card gives one card, the first sure reading (see _merge)
    if weak:  # no corner of this whole card was read for sure
        best = _weigh(weak)
        out = []
        if best is not None and best[0].confidence >= settings.index.min_confidence:
            out.append((best[0], best[1], rid, region.single))
    return out


def _weigh(readings: list[tuple[Reading, Corner]]) -> tuple[Reading, Corner] | None:
    """One card from the unsure readings of a whole card's corners: readings of the same
    card at different corners add up (independent evidence), a rival reading of another
    card at another corner takes its weight off (two readings of one corner in two frames
    are one reading, not a contradiction)."""
    by_card: dict[str, list[tuple[Reading, Corner]]] = {}
    for reading, corner in readings:
        by_card.setdefault(reading.card, []).append((reading, corner))
    scored = []
    for card, found in by_card.items():
        at_corner: dict[tuple[float, float], float] = {}
        for reading, corner in found:  # a corner read in two frames counts once
            at_corner[_key(corner)] = max(at_corner.get(_key(corner), 0.0), reading.confidence)
        doubt = float(np.prod([1.0 - c for c in at_corner.values()]))
        rivals = max((r.confidence for r, c in readings  # another corner naming another card
                      if r.card != card and _key(c) not in at_corner), default=0.0)
        best_reading, corner = max(found, key=lambda rc: rc[0].confidence)
        confidence = max(0.0, 1.0 - doubt - rivals)
        scored.append((replace(best_reading, confidence=min(1.0, confidence)), corner))
    return max(scored, key=lambda rc: rc[0].confidence, default=None)


def _key(corner: Corner) -> tuple[float, float]:
    return round(float(corner.point[0]), 1), round(float(corner.point[1]), 1)


def recognize_decoded(decoded: Decoded, settings: Settings = Settings(),
                      deck: str = "french54") -> list[Detection]:
    """Detections in an already decoded photo."""
    if deck == "insonnia108":
        return read_markers(decoded, settings)
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}; this recogniser reads: {', '.join(DECKS)}")
    image = decoded.image
    found_regions = regions(image, settings.locate)
    width = _single_width(found_regions)
    readings: list[tuple[Reading, Corner, int, bool]] = []
    sure: list[np.ndarray] = []
    for rid, region in enumerate(found_regions):
        lefts, rights = _corner_frames(region, width, settings.index.card_ratio,
                                       (image.shape[1], image.shape[0]))
        before = len(readings)
        readings += _read_frames(decoded, region, rid, lefts, settings, sure)
        if len(readings) == before:  # nothing read as a top-left index: a four-index deck?
            readings += _read_frames(decoded, region, rid, rights, settings, sure)
    out = []
    for reading, corner in _merge(readings):
        quad = corner.quad() * decoded.scale
        out.append(Detection(reading.card, reading.confidence,
                             tuple((float(x), float(y)) for x, y in quad)))
    return out


def recognize(image: bytes | str | Path | np.ndarray, deck: str | EnrolledDeck = "french54",
              settings: Settings = Settings()) -> list[Detection]:
    """The cards in a photo (bytes, a file path, or a BGR/grey array).

    ``deck`` is a built-in deck (``french54``), an :class:`EnrolledDeck`, or the name of a
    registered one.
    """
    target: str | EnrolledDeck = deck
    if isinstance(deck, str) and deck not in DECKS:
        found = enrolled(deck)
        if found is None:
            with _ENROLLED_LOCK:
                known = [*DECKS, *sorted(_ENROLLED)]
            raise ValueError(f"unknown deck {deck!r}; this recogniser reads: {', '.join(known)}")
        target = found
    if isinstance(image, np.ndarray):
        decoded = decode_array(image, settings.decode)
    else:
        data = image if isinstance(image, bytes) else Path(image).read_bytes()
        decoded = decode(data, settings.decode)
    if isinstance(target, EnrolledDeck):
        return recognize_enrolled(decoded, target, settings.enrol)
    return recognize_decoded(decoded, settings, target)


__all__ = ["DECKS", "Detection", "EnrolledDeck", "ImageError", "Settings", "enrolled", "readable",
           "recognize", "recognize_decoded", "register", "unregister"]
