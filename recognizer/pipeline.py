"""The recogniser: decode -> find candidate indices -> read them -> group them into cards.

``recognize(image, deck="french54")`` takes bytes, a path or an array and
returns :class:`Detection` values with corners in the photo's own pixels.
French cards are read from their corner indices, found directly in the photo
(:mod:`recognizer.candidates`) and read by a learned model (:mod:`recognizer.reader`),
without first finding the card; the printed Insonnia deck
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

from .candidates import Candidates, Level, find, finer, pyramid
from .decode import Decoded, ImageError, decode, decode_array
from .enrolled import EnrolledDeck
from .grouping import cards, indices
from .markers import read_markers
from .matching import recognize_enrolled
from .patches import cut
from .reader import Model, Networks, networks
from .settings import Settings
from .types import Detection, FindSettings

DECKS = ("french54", "insonnia108")  # read without enrolment: indices, markers

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


def read_indices(decoded: Decoded, settings: Settings = Settings(), nets: Networks | None = None
                 ) -> list[Detection]:
    """French cards by their corner indices: candidates on a pyramid, screened and read by
    the learned reader (``nets``: the shipped networks unless given), grouped into cards.
    Where the indices read are small (or none are), the photo is read again one octave
    finer, and both readings are grouped together. A photo in which no card is read is
    read once more with its brightness inverted, for light ink on dark cards."""
    nets = nets or networks()
    found = _read_ink(decoded, settings.find, settings, nets)
    if found or not settings.light.enabled:
        return found
    return _read_ink(decoded.inverted(), replace(settings.find, min_paper=settings.light.min_paper),
                     settings, nets, finer_pass=settings.light.finer)


def _read_ink(decoded: Decoded, find_s: FindSettings, settings: Settings, nets: Networks,
              finer_pass: bool = True) -> list[Detection]:
    """The cards whose indices are printed darker than their paper (read one octave finer
    too where they are small, unless ``finer_pass`` is False)."""
    levels = pyramid(decoded.image, find_s)
    found, probs = _read(levels, find(levels, find_s), nets, settings)
    if finer_pass and too_small(found, probs, levels, nets, settings):
        fine, more = finer_candidates(decoded, levels, find_s)
        more, more_probs = _read(fine, more, nets, settings)
        found = Candidates.join([found.on_level_below(), more])
        probs = np.concatenate([probs, more_probs])
        levels = fine
    rank, suit, _ = found.in_working(levels)
    codes, sure = readings(probs, nets.model)
    found_indices = indices(codes, sure, rank, suit, settings.group, runners_up(probs, nets.model))
    return [Detection(c.card, min(1.0, c.confidence),
                      tuple((float(x) * decoded.scale, float(y) * decoded.scale) for x, y in c.corners))
            for c in cards(found_indices, settings.group)]


def finer_candidates(decoded: Decoded, levels: list[Level], find_s: FindSettings
                     ) -> tuple[list[Level], Candidates]:
    """The pyramid with the photo one octave finer put before its first level, and the
    candidates found on that finer level alone (the others' are found already)."""
    fine = [finer(decoded.finer()), *levels]
    return fine, find(fine[:1], find_s, ends_pyramid=False)


def _read(levels: list[Level], found: Candidates, nets: Networks, settings: Settings
          ) -> tuple[Candidates, np.ndarray]:
    """The candidates the screen keeps (at most ``max_read``, the likeliest) and the
    reader's class probabilities for each."""
    kept = screened(levels, found, nets, settings)
    if len(kept) < len(found):
        found = found.take(kept)
    return found, nets.read(cut(levels, found, nets.model.patch))


def screened(levels: list[Level], found: Candidates, nets: Networks, settings: Settings) -> np.ndarray:
    """The numbers, in order, of the candidates the screen keeps: those it scores at least
    its threshold, at most ``max_read`` of them, the likeliest (all of them without a screen)."""
    spec = nets.model
    if spec.screen is None or not len(found):
        return np.arange(len(found))
    likely = nets.screen(cut(levels, found, spec.screen_patch))
    kept = np.flatnonzero(likely >= spec.screen_threshold)
    if len(kept) > settings.read.max_read:
        kept = kept[np.argsort(-likely[kept], kind="stable")[:settings.read.max_read]]
    return np.sort(kept)


def readings(probs: np.ndarray, model: Model) -> tuple[list[str], np.ndarray]:
    """Each candidate's likeliest card (of the reader's class probabilities, "no index"
    left aside) and that card's probability."""
    card_probs = probs[:, :model.none]
    best = card_probs.argmax(axis=1)
    return [model.classes[int(k)] for k in best], card_probs[np.arange(len(best)), best]


def runners_up(probs: np.ndarray, model: Model) -> tuple[list[str], np.ndarray]:
    """Each candidate's second-likeliest card ("no index" left aside) and its probability."""
    card_probs = probs[:, :model.none]
    if card_probs.shape[1] < 2:
        return [""] * len(card_probs), np.zeros(len(card_probs), np.float32)
    second = np.argsort(-card_probs, axis=1, kind="stable")[:, 1]
    return [model.classes[int(k)] for k in second], card_probs[np.arange(len(second)), second]


def too_small(found: Candidates, probs: np.ndarray, levels: list[Level], nets: Networks,
               settings: Settings) -> bool:
    """Whether the photo is worth reading one octave finer: nothing was read surely, or
    the indices read are small, and the finer image stays within its pixel budget."""
    h, w = levels[0].image.shape[:2]
    if 4 * h * w > settings.read.max_fine_pixels:
        return False
    card_probs = probs[:, :nets.model.none]
    sure = card_probs.max(axis=1) >= settings.group.min_reading if len(probs) else np.zeros(0, bool)
    if not sure.any():
        return True
    rank, suit, _ = found.in_working(levels)
    units = np.linalg.norm(suit[sure] - rank[sure], axis=1)
    return float(np.median(units)) < settings.read.fine_unit


def recognize_decoded(decoded: Decoded, settings: Settings = Settings(),
                      deck: str = "french54") -> list[Detection]:
    """Detections in an already decoded photo."""
    if deck == "insonnia108":
        return read_markers(decoded, settings)
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}; this recogniser reads: {', '.join(DECKS)}")
    return read_indices(decoded, settings)


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
