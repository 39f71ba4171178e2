"""Where the French reader loses the cards of a synthetic scene, stage by stage, and where
the cards it names falsely come from: the figures that say which stage to work on next.

A card that should be read (an index fully in view) and is not was lost by the first
stage that has no right reading of it: the **finder** proposed no candidate framing one
of its indices, the **screen** dropped every such candidate, the **reader** named none of
them surely enough, or the **grouping** dropped the reading (a surer rival on the same
spot, a lone index read too unsurely, print on a surer card). A false card comes from a
candidate framing **no index**, an index **partly hidden** or cut off (its suit under the
next card, say), **another card**'s index in view, is a card that is there **counted
twice** (its indices not grouped as one card's), is **a copy's second guess** (a card read
twice, one copy read again as the reader's second likeliest card: one deck holds one of
each), or comes from none of the candidates read (the **inverted pass**, for light ink on
dark cards). Where the pipeline reads a scene
again one octave finer (small indices), its candidates there count too: a card is lost by
the finder only if neither pass proposed a candidate framing it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from .candidates import Candidates, Level, LevelInk, find, pyramid
from .decode import Decoded, decode_array
from .finderlosses import REASONS, why_unframed
from .patches import cut
from .pipeline import finer_candidates, read_indices, readings, runners_up, screened, too_small
from .reader import Networks
from .settings import Settings
from .training.dataset import BACKGROUND, IGNORE, label_scene, mark_in_view
from .training.faces import CODES
from .training.scenes import Scene, project

STAGES = ("finder", "screen", "reader", "grouping")
SOURCES = ("no index", "partly hidden", "another card", "counted twice", "a copy's second guess",
           "inverted pass")


def expected_cards(scene: Scene) -> Counter[str]:
    """The cards a reader must find: those with an index fully in view (every stroke of its ink)."""
    return Counter(p.face.code for i, p in enumerate(scene.cards)
                   if any(mark_in_view(scene, i, m) >= 0.999 for m in p.face.marks))


@dataclass(frozen=True)
class Readings:
    """Every candidate the pipeline reads in a photo's dark ink (both passes where it reads a
    finer one; not the inverted pass for light ink), in working pixels: whether the screen
    let it through, the reader's class probabilities, the card it is read as (its likeliest,
    "no index" left aside), and whether that reading is sure enough to be kept."""

    rank: np.ndarray
    suit: np.ndarray
    passed: np.ndarray
    probs: np.ndarray  # (n, classes): the cards, then "no index"
    named: np.ndarray  # card codes (object array)
    probability: np.ndarray  # of the card named
    sure: np.ndarray
    levels: list[Level]  # the levels searched, the finer one first where it was read
    finest: tuple[int, ...]  # those searched as a pyramid's finest (which keeps the smallest glyphs)

    def stage_lost(self, on: np.ndarray, code: str) -> str:
        """The first stage with no right reading of a card whose indices the candidates
        ``on`` (a mask) frame."""
        right = on & self.passed & self.sure & (self.named == code)
        return ("finder" if not on.any() else "screen" if not (on & self.passed).any()
                else "reader" if not right.any() else "grouping")


def all_readings(decoded: Decoded, nets: Networks, settings: Settings = Settings()) -> Readings:
    """The readings of every candidate, screened or not, as the pipeline decides its passes."""
    levels = pyramid(decoded.image, settings.find)
    found = find(levels, settings.find)
    kept = screened(levels, found, nets, settings)
    probs = nets.read(cut(levels, found, nets.model.patch))
    finest: tuple[int, ...] = (0,)
    if too_small(found.take(kept), probs[kept], levels, nets, settings):  # as the pipeline decides
        fine, more = finer_candidates(decoded, levels, settings.find)
        kept = np.concatenate([kept, len(found) + screened(fine, more, nets, settings)])
        probs = np.concatenate([probs, nets.read(cut(fine, more, nets.model.patch))])
        found, levels, finest = Candidates.join([found.on_level_below(), more]), fine, (0, 1)
    rank, suit, _ = found.in_working(levels)
    passed = np.zeros(len(found), bool)
    passed[kept] = True
    codes, probability = readings(probs, nets.model)
    return Readings(rank, suit, passed, probs, np.array(codes, dtype=object), probability,
                    probability >= settings.group.min_reading, levels, finest)


def where_lost(scene: Scene, nets: Networks, read: Counter[str] | None = None,
               settings: Settings = Settings(), why: Counter[str] | None = None
               ) -> tuple[Counter[str], Counter[str]]:
    """The stage that lost each expected card not read, and the source of each false card
    (``read``: the cards the reader named in the scene, read here when not given). ``why``,
    when given, counts each card lost by the finder under the first finder test its index
    fails (:mod:`recognizer.finderlosses`)."""
    decoded = decode_array(scene.image, settings.decode)
    if abs(decoded.scale - 1) > 1e-9:
        raise ValueError("where_lost needs a scene read at its own size (it is labelled in its pixels)")
    if read is None:
        read = Counter(d.card for d in read_indices(decoded, settings, nets))
    r = all_readings(decoded, nets, settings)
    labels, _, _ = label_scene(scene, r.rank, r.suit)

    lost: Counter[str] = Counter()
    inks: dict[int, LevelInk] = {}
    for code, missing in (expected_cards(scene) - read).items():
        stage = r.stage_lost(labels == CODES.index(code), code)
        lost[stage] += missing
        if stage == "finder" and why is not None:
            why.update(_why_unframed(scene, code, r, settings, inks)[:missing])
    there = Counter(p.face.code for p in scene.cards)
    second = np.array(runners_up(r.probs, nets.model)[0], dtype=object)  # each reading's second guess
    false: Counter[str] = Counter()
    for code, extra in (read - there).items():
        if code in there:
            false["counted twice"] += extra
            continue
        source = np.flatnonzero(r.passed & r.sure & (r.named == code))
        if not len(source):
            guessed = (r.passed & r.sure & (second == code)).any()
            false["a copy's second guess" if guessed else "inverted pass"] += extra
            continue
        kind = labels[source]
        false[("partly hidden" if (kind == IGNORE).any() else "another card" if (kind != BACKGROUND).any()
               else "no index")] += extra
    return lost, false


def _why_unframed(scene: Scene, code: str, r: Readings, settings: Settings, inks: dict[int, LevelInk]
                  ) -> list[str]:
    """For each card ``code`` in the scene with an index fully in view, the finder test that
    index fails, the furthest any of its indices in view gets."""
    out = []
    for c, placed in enumerate(scene.cards):
        if placed.face.code != code:
            continue
        reached = []
        for mark in placed.face.marks:
            if mark.rank == mark.suit or mark_in_view(scene, c, mark) < 0.999:
                continue
            centres = np.array([[(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] for b in (mark.rank, mark.suit)])
            rank, suit = project(placed.homography, centres)
            reached.append(why_unframed(r.levels, r.finest, rank, suit, settings.find, inks))
        if reached:
            out.append(max(reached, key=REASONS.index))
    return out
