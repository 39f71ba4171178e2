"""Labelled patches for the reader: the runtime index finder is run on a photo, and every
candidate it proposes is labelled from the photo's ground truth, so the reader learns on
exactly what it will be shown (the same pyramid, the same pairs, the same cuts).

Synthetic scenes are labelled exactly: a candidate is a card's index when its rank glyph's
centre falls in the rank box and its suit glyph's centre in the suit box of one index of
the card on top there, near those boxes' centres (so that the patch frames the index as
the reader is shown one, not a fragment of a glyph), and that index is in view. Real
photos with corner-index boxes (``cardcounter``) give the card; which of a box's two
orders is upright is left to a reader already trained on synthetic scenes (``orient``).
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..candidates import find, pyramid
from ..patches import cut
from ..types import FindSettings, PatchSettings
from .faces import CODES, JOKERS, Mark
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


def _inside(p: np.ndarray, box: tuple[float, float, float, float], grow: float) -> np.ndarray:
    x0, y0, x1, y1 = box
    gx, gy = (x1 - x0) * grow, (y1 - y0) * grow
    return (p[:, 0] >= x0 - gx) & (p[:, 0] <= x1 + gx) & (p[:, 1] >= y0 - gy) & (p[:, 1] <= y1 + gy)


def _box_points(box: tuple[float, float, float, float], k: int = 4) -> np.ndarray:
    xs = np.linspace(box[0], box[2], k)
    ys = np.linspace(box[1], box[3], k)
    return np.array([(x, y) for x in xs for y in ys], np.float64)


def mark_in_view(scene: Scene, card: int, mark: Mark) -> float:
    """The share of an index's rank and suit boxes where this card is on top."""
    pts = project(scene.cards[card].homography, np.r_[_box_points(mark.rank), _box_points(mark.suit)])
    h, w = scene.labels.shape
    xi, yi = np.round(pts[:, 0]).astype(int), np.round(pts[:, 1]).astype(int)
    ok = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    on = np.zeros(len(pts), bool)
    on[ok] = scene.labels[yi[ok], xi[ok]] == card
    return float(on.mean())


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
                    _inside(fr, mark.rank, 0.2)
                    & _inside(fs, mark.suit, 0.2)
                    & (down > 0.6 * np.linalg.norm(fs - fr, axis=1))
                )
            else:
                hit = _inside(fr, mark.rank, 0.25) & _inside(fs, mark.suit, 0.25)
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
    keep = _subsample(labels, negatives, rng or np.random.default_rng(0))
    found = found.take(keep)
    return Labelled(
        [cut(levels, found, size) for size in sizes], labels[keep], heights[keep], instances[keep]
    )


def _subsample(labels: np.ndarray, negatives: float, rng: np.random.Generator) -> np.ndarray:
    pos = np.nonzero((labels >= 0) & (labels != BACKGROUND))[0]
    neg = np.nonzero(labels == BACKGROUND)[0]
    want = max(30, int(len(pos) * negatives))
    if len(neg) > want:
        neg = rng.choice(neg, want, replace=False)
    return np.sort(np.r_[pos, neg])


# ---- real photos with corner-index boxes ------------------------------------------------
BOX_UNIT = (0.3, 0.75)  # a framed candidate's rank-to-suit distance, of its index box's long side
Orient = Callable[[np.ndarray], np.ndarray]  # patches -> (n, classes) probabilities


def read_boxes(folder: Path) -> dict[str, list[tuple[str, float, float, float, float]]]:
    """The YOLO boxes of a photo folder (``boxes/<photo>.txt``, classes in ``boxes/classes.txt``)."""
    classes = (folder / "boxes" / "classes.txt").read_text().split()
    out: dict[str, list[tuple[str, float, float, float, float]]] = {}
    with (folder / "labels.csv").open() as f:
        for row in csv.DictReader(f):
            path = folder / "boxes" / (Path(row["file"]).stem + ".txt")
            boxes = []
            if path.exists():
                for line in path.read_text().splitlines():
                    parts = line.split()
                    if len(parts) == 5:
                        boxes.append((classes[int(parts[0])], *(float(v) for v in parts[1:])))
            out[row["file"]] = boxes  # type: ignore[assignment]
    return out


def box_patches(
    image: np.ndarray,
    boxes: list[tuple[str, float, float, float, float]],
    orient: Orient,
    code_of: Callable[[str], str | None],
    find_s: FindSettings = FindSettings(),
    sizes: tuple[PatchSettings, ...] = (PatchSettings(),),
    negatives: float = NEGATIVES,
    rng: np.random.Generator | None = None,
) -> Labelled:
    """Labelled candidates of a real photo with corner-index boxes, cut at each of ``sizes``
    (the first is the reader's, which ``orient`` scores). A candidate whose two glyph
    centres lie in one box, as far apart as a rank and suit in such a box are (BOX_UNIT), is
    that box's card in the order ``orient`` finds likelier (the other order is background;
    a closer pair in the box, a glyph's fragments, is left out); a candidate touching no
    box is background; ``code_of`` maps a box's class to ours (None: a box whose card is
    doubtful, its candidates ignored)."""
    levels = pyramid(image, find_s)
    found = find(levels, find_s)
    rank, suit, _ = found.in_working(levels)
    h, w = image.shape[:2]
    labels = np.full(len(found), BACKGROUND, np.int32)
    heights = np.zeros(len(found), np.float32)
    instances = np.full(len(found), -1, np.int32)
    patches = cut(levels, found, sizes[0])
    for b, (name, cx, cy, bw, bh) in enumerate(boxes):
        box = ((cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h)
        near = _inside(rank, box, 0.35) | _inside(suit, box, 0.35)
        inside = np.nonzero(_inside(rank, box, 0.1) & _inside(suit, box, 0.1))[0]
        labels[near] = IGNORE  # touching the box but not both glyphs in it: unsure
        # framed as an index: the glyphs as far apart, for the box's size, as a rank over
        # its suit, not two blobs of one glyph (whose patch shows a fragment)
        unit = np.linalg.norm(suit[inside] - rank[inside], axis=1) / max(bw * w, bh * h)
        inside = inside[(unit >= BOX_UNIT[0]) & (unit <= BOX_UNIT[1])]
        code = code_of(name)
        if code is None or not len(inside):
            continue
        k = CODES.index(code)
        probs = orient(patches[inside])
        if probs[:, k].max() < 0.05:  # no order looks like this card: leave the box alone
            continue
        best = inside[int(np.argmax(probs[:, k]))]
        # the same order as the best one (its rank glyph first) is the index, the other not
        a = rank[best] - suit[best]
        same = np.array([np.dot(rank[i] - suit[i], a) > 0 for i in inside])
        labels[inside[same]] = k
        labels[inside[~same]] = BACKGROUND
        heights[inside[same]] = max(bw * w, bh * h)
        instances[inside[same]] = b
    keep = _subsample(labels, negatives, rng or np.random.default_rng(0))
    found = found.take(keep)
    return Labelled(
        [patches[keep], *(cut(levels, found, size) for size in sizes[1:])],
        labels[keep],
        heights[keep],
        instances[keep],
    )


def joker_swap(name: str) -> str:
    """``cardcounter`` calls the black joker JK1 and the red one JK2; the rule books (and the
    app) call the red joker JK1. Its novelty deck's two gold jokers cannot be told apart."""
    return {"JK1": "JK2", "JK2": "JK1"}.get(name, name)


def cardcounter_code(photo: str) -> Callable[[str], str | None]:
    """How a ``cardcounter`` box's class maps to our code for one photo."""
    novelty = photo.startswith(("IMG_77", "IMG_78"))

    def code(name: str) -> str | None:
        if name in JOKERS and novelty:
            return None
        return joker_swap(name) if name in CODES or name in JOKERS else None

    return code
