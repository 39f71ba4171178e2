"""Labelled patches for the reader: the runtime index finder is run on a photo, and every
candidate it proposes is labelled from the photo's ground truth, so the reader learns on
exactly what it will be shown (the same pyramid, the same pairs, the same cuts).

Synthetic scenes are labelled exactly: a candidate is a card's index when its rank glyph's
centre falls in the rank box and its suit glyph's centre in the suit box of one index of
the card on top there, near those boxes' centres (so that the patch frames the index as
the reader is shown one, not a fragment of a glyph), and that index is in view. Real
photos are labelled from their boxes (:mod:`.photos`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..candidates import find, pyramid
from ..patches import cut
from ..types import FindSettings, PatchSettings
from .faces import CODES, Mark
from .scenes import Scene, project

BACKGROUND = len(CODES)  # the class of "not an index"
IGNORE = -1  # a candidate nobody can label for sure (an index half hidden)
CLASSES = (*CODES, "none")


@dataclass
class Labelled:
    """Candidates of one photo, labelled: their patches at each size (uint8, n x h x w x 3),
    classes, the height in pixels of the index each shows (0 for none) and which index
    that is (an instance number within the photo, -1 for none)."""

    patches: list[np.ndarray]
    labels: np.ndarray
    heights: np.ndarray
    instances: np.ndarray

    def take(self, keep: np.ndarray) -> Labelled:
        """The candidates selected by ``keep``."""
        return Labelled(
            [p[keep] for p in self.patches], self.labels[keep], self.heights[keep], self.instances[keep]
        )


def inside_box(p: np.ndarray, box: tuple[float, float, float, float], grow: float) -> np.ndarray:
    """Whether points (n, 2) lie in a box (x0, y0, x1, y1) grown by ``grow`` of its size each way."""
    x0, y0, x1, y1 = box
    gx, gy = (x1 - x0) * grow, (y1 - y0) * grow
    return (p[:, 0] >= x0 - gx) & (p[:, 0] <= x1 + gx) & (p[:, 1] >= y0 - gy) & (p[:, 1] <= y1 + gy)


def _paper_grey(image: np.ndarray) -> float:
    """A face's paper: the median grey of a band just inside its edge."""
    h, w = image.shape[:2]
    a, b = max(1, round(0.02 * min(h, w))), max(2, round(0.05 * min(h, w)))
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    band = np.r_[grey[a:b].ravel(), grey[h - b:h - a].ravel(),
                 grey[:, a:b].ravel(), grey[:, w - b:w - a].ravel()]
    return float(np.median(band))


def glyph_ink(image: np.ndarray, box: tuple[float, float, float, float], paper: float, most: int = 160
              ) -> np.ndarray:
    """Points (face pixels, at most about ``most``) of the ink in a glyph's box: the pixels
    further from the ``paper`` grey than half the box's furthest (dark or light ink alike)."""
    h, w = image.shape[:2]
    x0, y0 = max(0, int(np.floor(box[0]))), max(0, int(np.floor(box[1])))
    x1, y1 = min(w, max(int(np.ceil(box[2])), x0 + 1)), min(h, max(int(np.ceil(box[3])), y0 + 1))
    grey = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY).astype(np.float32)
    away = np.abs(grey - paper)
    ys, xs = np.nonzero(away > 0.5 * away.max()) if away.size and away.max() > 0 else ((), ())
    if not len(xs):
        return np.array([[(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]], np.float64)
    step = max(1, len(xs) // most)
    xy = [np.asarray(xs)[::step] + x0 + 0.5, np.asarray(ys)[::step] + y0 + 0.5]
    return np.stack(xy, axis=1, dtype=np.float64)


def mark_in_view(scene: Scene, card: int, mark: Mark) -> float:
    """The share of an index's ink where this card is on top: the smaller of its rank's
    share and its suit's (a joker's word is one glyph). Measured on the ink, not on the
    glyphs' boxes, whose corners a neighbour in a tight fan covers while every stroke shows."""
    placed = scene.cards[card]
    h, w = scene.labels.shape
    paper = _paper_grey(placed.face.image)
    shares = []
    for box in (mark.rank,) if mark.rank == mark.suit else (mark.rank, mark.suit):
        pts = project(placed.homography, glyph_ink(placed.face.image, box, paper))
        xi, yi = np.round(pts[:, 0]).astype(int), np.round(pts[:, 1]).astype(int)
        ok = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        on = np.zeros(len(pts), bool)
        on[ok] = scene.labels[yi[ok], xi[ok]] == card
        shares.append(float(on.mean()))
    return min(shares)


def mark_height(scene: Scene, card: int, mark: Mark) -> float:
    """The index's height in the photo: from the rank's top to the suit's bottom."""
    x = (mark.rank[0] + mark.rank[2]) / 2
    top, bottom = (mark.rank[1], mark.suit[3]) if not mark.turned else (mark.rank[3], mark.suit[1])
    p = project(scene.cards[card].homography, np.array([[x, top], [x, bottom]], np.float64))
    return float(np.linalg.norm(p[1] - p[0]))


NEGATIVES = 5.0  # candidates that are no index, kept per index candidate (at least 30 a photo)
FRAME_TOLERANCE = 0.4  # of the index's unit: how far a candidate's glyph centres may miss its own


def _framed(rank: np.ndarray, suit: np.ndarray, mark: Mark) -> np.ndarray:
    """Whether candidates (face pixels) frame the index as the reader is shown one: each
    glyph centre within FRAME_TOLERANCE units of the centre of its box, so that their
    distance (the patch's scale) and direction are the index's own. Two blobs of one big
    glyph, or a blurred stroke and a corner of the suit, fall in the boxes too, but their
    patch shows a fragment nobody could read: such a candidate is no example of the card."""
    rc = np.array([(mark.rank[0] + mark.rank[2]) / 2, (mark.rank[1] + mark.rank[3]) / 2])
    sc = np.array([(mark.suit[0] + mark.suit[2]) / 2, (mark.suit[1] + mark.suit[3]) / 2])
    unit = float(np.linalg.norm(sc - rc))
    if mark.rank == mark.suit or unit <= 0:  # a joker's word: any letter pair along it
        return np.ones(len(rank), bool)
    reach = FRAME_TOLERANCE * unit
    near_rank = np.linalg.norm(rank - rc, axis=1) <= reach
    return np.asarray(near_rank & (np.linalg.norm(suit - sc, axis=1) <= reach))


def label_scene(
    scene: Scene, rank: np.ndarray, suit: np.ndarray, min_view: float = 0.9
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each candidate's class (a card code's index, BACKGROUND or IGNORE), the height of the
    index it shows and that index's number in the scene (-1 for none)."""
    n = len(rank)
    labels = np.full(n, BACKGROUND, np.int32)
    heights = np.zeros(n, np.float32)
    instances = np.full(n, -1, np.int32)
    if not n:
        return labels, heights, instances
    h, w = scene.labels.shape
    ri = np.clip(np.round(rank).astype(int), [0, 0], [w - 1, h - 1])
    si = np.clip(np.round(suit).astype(int), [0, 0], [w - 1, h - 1])
    on_rank = scene.labels[ri[:, 1], ri[:, 0]]
    on_suit = scene.labels[si[:, 1], si[:, 0]]
    for c, placed in enumerate(scene.cards):
        sel = np.nonzero((on_rank == c) & (on_suit == c))[0]
        if not len(sel):
            continue
        inv = np.linalg.inv(placed.homography)
        fr, fs = project(inv, rank[sel].astype(np.float64)), project(inv, suit[sel].astype(np.float64))
        code = placed.face.code
        for m, mark in enumerate(placed.face.marks):
            if mark.rank == mark.suit:  # a joker's word: both glyphs in it, going down it
                down = fs[:, 1] - fr[:, 1] if not mark.turned else fr[:, 1] - fs[:, 1]
                hit = (
                    inside_box(fr, mark.rank, 0.2)
                    & inside_box(fs, mark.suit, 0.2)
                    & (down > 0.6 * np.linalg.norm(fs - fr, axis=1))
                )
            else:
                hit = inside_box(fr, mark.rank, 0.25) & inside_box(fs, mark.suit, 0.25)
            if not hit.any():
                continue
            view = mark_in_view(scene, c, mark)
            idx = sel[hit]
            framed = _framed(fr[hit], fs[hit], mark)
            labels[idx] = np.where(framed & (view >= min_view), CODES.index(code), IGNORE)
            heights[idx] = mark_height(scene, c, mark)
            instances[idx] = c * 4 + m
    return labels, heights, instances


def scene_patches(
    scene: Scene,
    find_s: FindSettings = FindSettings(),
    sizes: tuple[PatchSettings, ...] = (PatchSettings(),),
    negatives: float = NEGATIVES,
    rng: np.random.Generator | None = None,
) -> Labelled:
    """The labelled candidates of a synthetic scene, cut at each of ``sizes``; background
    ones kept at most ``negatives`` times the index ones (at least 30), chosen at random."""
    levels = pyramid(scene.image, find_s)
    found = find(levels, find_s)
    rank, suit, _ = found.in_working(levels)
    labels, heights, instances = label_scene(scene, rank, suit)
    keep = subsample(labels, negatives, rng or np.random.default_rng(0))
    found = found.take(keep)
    return Labelled(
        [cut(levels, found, size) for size in sizes], labels[keep], heights[keep], instances[keep]
    )


def subsample(labels: np.ndarray, negatives: float, rng: np.random.Generator) -> np.ndarray:
    """The rows to keep: every index, and background rows at most ``negatives`` times as many
    (at least 30), chosen at random."""
    pos = np.nonzero((labels >= 0) & (labels != BACKGROUND))[0]
    neg = np.nonzero(labels == BACKGROUND)[0]
    want = max(30, int(len(pos) * negatives))
    if len(neg) > want:
        neg = rng.choice(neg, want, replace=False)
    return np.sort(np.r_[pos, neg])
