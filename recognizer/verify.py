"""Deciding what a place in a photo shows, or that it cannot be told.

A place (a card outline with one or more face-to-photo maps) is seen through each map
at the deck's canonical size. Two kinds of evidence then speak for each face besides the
inlier counts: its *look* (aligned thumbnails, cell by cell, which counts pips and finds
layouts) and its *aligned keypoints* (the face's ORB keypoints found again at the same
places in the rectified card, which tells a diamond from a heart and one printing from
another).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from .enrolled import EnrolledDeck
from .faces import Keypoints, cell_errors, look_errors, normalised, orb_keypoints, thumb_size
from .types import EnrolSettings


def _thumbs(deck: EnrolledDeck) -> np.ndarray:
    """The deck's normalised thumbnails, computed once and kept on the deck."""
    if "thumbs" not in deck.cache:
        deck.cache["thumbs"] = normalised(deck.thumbs)
    thumbs: np.ndarray = deck.cache["thumbs"]
    return thumbs


class Views:
    """A place seen through its maps: per face, the best look and which map gave it."""

    def __init__(self, grey: np.ndarray, deck: EnrolledDeck, maps: list[np.ndarray], s: EnrolSettings):
        self.grey, self.deck, self.s = grey, deck, s
        self.maps: list[np.ndarray] = []
        self.faces: list[np.ndarray] = []
        self.per_map = np.zeros((0, len(deck.codes)), np.float32)  # 0 identical, about 2 unrelated
        self._keypoints: dict[int, Keypoints] = {}
        self._support: dict[int, float] = {}
        self.add(maps)

    def add(self, maps: list[np.ndarray]) -> None:
        """See the place through more maps too."""
        deck = self.deck
        w, h = deck.size
        tsize = thumb_size(deck.size, self.s)
        thumbs = _thumbs(deck)
        rows = np.full((len(maps), len(deck.codes)), np.inf, np.float32)
        for k, m in enumerate(maps):
            face = np.asarray(cv2.warpPerspective(self.grey, np.linalg.inv(m), (w, h), flags=cv2.INTER_LINEAR,
                                                  borderMode=cv2.BORDER_REPLICATE))
            self.faces.append(face)
            small = cv2.resize(face, tsize, interpolation=cv2.INTER_AREA)
            err = look_errors(cell_errors(normalised(small), thumbs))
            np.minimum.at(rows[k], deck.thumb_owner, err)
        self.maps += maps
        self.per_map = np.concatenate([self.per_map, rows])
        self.which = np.argmin(self.per_map, axis=0)  # per face, the map it looks best through
        self.errors = self.per_map.min(axis=0)
        self._support.clear()  # a face may now be seen best through another map

    def support(self, card: int) -> float:
        """How well the face's keypoints and the card's agree, alike and at the same places:
        the harmonic mean of the share of the face's keypoints found in the card and the share
        of the card's keypoints the face explains (a plain face with a few generic keypoints
        does not explain a card that has more)."""
        if card in self._support:
            return self._support[card]
        k = int(self.which[card])
        if k not in self._keypoints:
            self._keypoints[k] = orb_keypoints(self.faces[k], self.s.face_features, self.s.face_levels)
        seen = self._keypoints[k]
        own = self.deck.owner == card
        fxy, fdes = self.deck.xy[own], self.deck.descriptors[own]
        share = 0.0
        if len(seen) and len(fxy):
            radius = self.s.support_radius * self.deck.size[0]
            near = ((fxy[:, None, :] - seen.xy[None, :, :]) ** 2).sum(axis=-1) <= radius * radius
            fi, pi = np.nonzero(near)
            bits = np.unpackbits(np.bitwise_xor(fdes[fi], seen.descriptors[pi]), axis=1).sum(axis=1)
            alike = bits <= self.s.max_distance
            found = len(np.unique(fi[alike])) / len(fxy)
            explained = len(np.unique(pi[alike])) / len(seen)
            share = 2 * found * explained / max(found + explained, 1e-6)
        self._support[card] = share
        return share


@dataclass(frozen=True)
class Verdict:
    """What a place shows: the card, a confidence, and whether its edges must be seen too."""

    card: int
    confidence: float
    needs_edges: bool


def by_features(inliers: Mapping[int, int], views: Views, s: EnrolSettings) -> tuple[bool, Verdict | None]:
    """Whether the features settle a place (and the verdict, None for 'not this face, not
    anything'), judged through the map of the face with the most inliers (the first of ``views``).
    Unsettled, the look decides."""
    ranked = sorted(inliers.items(), key=lambda kv: -kv[1])
    f1, n1 = ranked[0]
    n2 = ranked[1][1] if len(ranked) > 1 else 0
    # The features' face against the others, all seen through its own homography.
    errors = views.per_map[0]
    e1 = float(errors.min())
    ef1 = float(errors[f1])
    if not (n1 >= s.inlier_margin * max(n2, s.min_inliers / 2) and ef1 <= e1 * s.look_ratio):
        return False, None
    if ef1 > e1 and ef1 > s.sure_look * 2:
        return False, None  # another face looks closer through this very homography: let the look decide
    strength = min(1.0, n1 / (3.0 * s.min_inliers))
    confidence = 0.5 + 0.5 * strength * (1.0 - n2 / n1)
    if n1 >= s.strong_inliers and ef1 <= s.strong_error:
        return True, Verdict(f1, confidence, False)
    limit = s.strong_max_error if n1 >= s.strong_inliers else s.max_error
    others = float(np.delete(errors, f1).min()) if len(errors) > 1 else 2.0
    # No other face looks anything like it; or it looks closer than the others and its
    # keypoints are found again in place.
    ratio = others / max(ef1, 0.02)
    if ef1 <= limit and (n1 >= s.strong_inliers or ratio >= s.clear_look
                         or (ratio >= s.weak_look and views.support(f1) >= s.min_support)):
        return True, Verdict(f1, confidence, True)
    return True, None


def decide(inliers: Mapping[int, int], outline: bool, views: Views, s: EnrolSettings) -> Verdict | None:
    """The card a place shows, or None when it cannot be told with confidence.

    ``inliers`` are the faces placed here with their inlier counts, the first map of
    ``views`` being the most inliers' homography; ``outline`` says a card outline was found here.
    """
    if not inliers:
        return _by_look(views, s, s.outline_ratio) if outline else None
    settled, verdict = by_features(inliers, views, s)
    if settled:
        return verdict
    # Features alone are not sure (pips alike): the look decides among the plausible faces.
    n1 = max(inliers.values())
    plausible = {f for f, n in inliers.items() if n >= 0.4 * n1}
    look = _by_look(views, s, s.look_ratio)
    if look is not None and (look.card in plausible or n1 < 2 * s.min_inliers or outline
                             or float(views.errors[look.card]) <= s.sure_look):
        return look
    return None


def _by_look(views: Views, s: EnrolSettings, ratio_needed: float) -> Verdict | None:
    """The face that looks most like the place, when the look and the aligned keypoints agree."""
    errors = views.errors
    order = [int(c) for c in np.argsort(errors)[:s.look_candidates]]
    g = order[0]
    e1 = float(errors[g])
    if e1 > s.look_error:
        return None
    close = [c for c in order if errors[c] <= max(2.0 * e1, e1 + 0.15)]
    support = {c: views.support(c) for c in close}
    best = max(close, key=lambda c: support[c])
    rival = max((support[c] for c in close if c != g), default=0.0)
    if support[best] >= support[g] + s.support_margin:
        # The keypoints clearly say another face: they decide, if it looks close enough.
        if best != g and support[best] >= 0.5 and float(errors[best]) <= s.look_error:
            return Verdict(best, 0.5 + 0.5 * min(1.0, support[best] - support[g]), True)
        return None
    if support[g] < s.min_support:
        return None
    ratio = float(errors[order[1]]) / max(e1, 0.02) if len(order) > 1 else 4.0
    if ratio >= ratio_needed or support[g] >= rival + s.support_margin:
        confidence = 0.5 + 0.5 * min(1.0, max((ratio - 1.0) / (3 * (ratio_needed - 1.0)), support[g] - rival))
        return Verdict(g, confidence, True)
    return None
