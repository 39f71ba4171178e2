"""Labelled patches from real photos whose licence allows training, from the boxes that come
with them, with a reader already trained on synthetic scenes deciding what boxes leave open.

Two kinds of boxes: ``cardcounter`` boxes each corner index (which of a box's two glyph
orders is upright is left to the reader); ``quentin`` boxes each whole card, and the boxes
of overlapping cards overlap, so a candidate inside them is the index of the one card the
reader holds it likeliest to be of, among those boxes' cards only. That is where real print
teaches what synthetic faces did not: a small club the reader alone took for a spade is a
club when only clubs lie there.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..candidates import Candidates, Level, find, pyramid
from ..patches import cut
from ..types import FindSettings, PatchSettings
from .dataset import BACKGROUND, IGNORE, NEGATIVES, Labelled, inside_box, subsample
from .faces import CODES, JOKERS

Box = tuple[str, float, float, float, float]  # class name, centre x, centre y, width, height (0-1)
Orient = Callable[[np.ndarray], np.ndarray]  # patches -> (n, classes) probabilities
BOX_UNIT = (0.3, 0.75)  # a framed candidate's rank-to-suit distance, of its index box's long side
CARD_MARGIN = 0.05  # of a card box's size: a candidate touching this margin is nobody's background
CARD_SURE = 0.15  # a candidate in card boxes: the reader's probability of the card it is labelled...
CARD_SHARE = 0.6  # ... and its share of what the reader gives all those boxes' cards together
HEIGHT_PER_UNIT = 2.2  # an index's height over its rank-to-suit distance (for the records only)


def read_boxes(folder: Path) -> dict[str, list[Box]]:
    """The YOLO boxes of a photo folder (``boxes/<photo>.txt``, classes in ``boxes/classes.txt``)."""
    classes = (folder / "boxes" / "classes.txt").read_text().split()
    out: dict[str, list[Box]] = {}
    with (folder / "labels.csv").open() as f:
        for row in csv.DictReader(f):
            path = folder / "boxes" / (Path(row["file"]).stem + ".txt")
            boxes: list[Box] = []
            if path.exists():
                for line in path.read_text().splitlines():
                    parts = line.split()
                    if len(parts) == 5:
                        x, y, w, h = (float(v) for v in parts[1:])
                        boxes.append((classes[int(parts[0])], x, y, w, h))
            out[row["file"]] = boxes
    return out


def box_pixels(box: Box, w: int, h: int) -> tuple[float, float, float, float]:
    """A YOLO box (centre and size as shares of a ``w`` x ``h`` photo) as x0, y0, x1, y1 in its pixels."""
    _, cx, cy, bw, bh = box
    return (cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h


def framing_index_box(rank: np.ndarray, suit: np.ndarray, px: tuple[float, float, float, float]
                      ) -> np.ndarray:
    """The candidates (rank and suit centres) framing a corner-index box ``px`` (pixels): both
    glyph centres in it, as far apart as a rank and suit in such a box are (BOX_UNIT of its
    longer side), not two blobs of one glyph (whose patch shows a fragment). Their numbers."""
    side = max(px[2] - px[0], px[3] - px[1])
    inside = np.nonzero(inside_box(rank, px, 0.1) & inside_box(suit, px, 0.1))[0]
    unit = np.linalg.norm(suit[inside] - rank[inside], axis=1) / max(side, 1e-9)
    return np.asarray(inside[(unit >= BOX_UNIT[0]) & (unit <= BOX_UNIT[1])])


def same_order(rank: np.ndarray, suit: np.ndarray, inside: np.ndarray, best: int) -> np.ndarray:
    """Which of the candidates ``inside`` put their glyphs in the order of candidate ``best``
    (its rank glyph first): a mask."""
    a = rank[best] - suit[best]
    return np.array([np.dot(rank[i] - suit[i], a) > 0 for i in inside], bool)


@dataclass
class _Labelling:
    """A photo's candidates being labelled: where each is, its reader patch, its label (all
    background at first), the height and number of the index it shows."""

    levels: list[Level]
    found: Candidates
    sizes: tuple[PatchSettings, ...]
    rank: np.ndarray
    suit: np.ndarray
    patches: np.ndarray
    labels: np.ndarray
    heights: np.ndarray
    instances: np.ndarray

    @staticmethod
    def of(image: np.ndarray, find_s: FindSettings, sizes: tuple[PatchSettings, ...]) -> _Labelling:
        """Every candidate of the photo, cut at the first of ``sizes``, labelled background."""
        levels = pyramid(image, find_s)
        found = find(levels, find_s)
        rank, suit, _ = found.in_working(levels)
        n = len(found)
        return _Labelling(levels, found, sizes, rank, suit, cut(levels, found, sizes[0]),
                          np.full(n, BACKGROUND, np.int32), np.zeros(n, np.float32), np.full(n, -1, np.int32))

    def kept(self, negatives: float, rng: np.random.Generator | None) -> Labelled:
        """Every index and some background (see :func:`.dataset.subsample`), cut at each size."""
        keep = subsample(self.labels, negatives, rng or np.random.default_rng(0))
        taken = self.found.take(keep)
        return Labelled(
            [self.patches[keep], *(cut(self.levels, taken, size) for size in self.sizes[1:])],
            self.labels[keep],
            self.heights[keep],
            self.instances[keep],
        )


def box_patches(
    image: np.ndarray,
    boxes: list[Box],
    orient: Orient,
    code_of: Callable[[str], str | None],
    kind: str = "index",
    find_s: FindSettings = FindSettings(),
    sizes: tuple[PatchSettings, ...] = (PatchSettings(),),
    negatives: float = NEGATIVES,
    rng: np.random.Generator | None = None,
) -> Labelled:
    """Labelled candidates of a real photo whose boxes surround corner indices (``kind``
    "index") or whole cards ("card"), cut at each of ``sizes`` (the first is the reader's,
    which ``orient`` scores); ``code_of`` maps a box's class to ours (None: a box whose card
    is doubtful, its candidates ignored). A candidate touching no box is background."""
    label = _LABELLERS.get(kind)
    if label is None:
        raise ValueError(f"boxes are of kind 'index' or 'card', not {kind!r}")
    c = _Labelling.of(image, find_s, sizes)
    label(c, image.shape[:2], boxes, orient, code_of)
    return c.kept(negatives, rng)


def _label_index_boxes(c: _Labelling, shape: tuple[int, int], boxes: list[Box], orient: Orient,
                       code_of: Callable[[str], str | None]) -> None:
    """A candidate whose two glyph centres lie in one corner-index box, as far apart as a
    rank and suit in such a box are (BOX_UNIT), is that box's card in the order ``orient``
    finds likelier (the other order is background; a closer pair in the box, a glyph's
    fragments, is left out)."""
    rank, suit, labels, patches = c.rank, c.suit, c.labels, c.patches
    h, w = shape
    for b, box in enumerate(boxes):
        px = box_pixels(box, w, h)
        side = max(px[2] - px[0], px[3] - px[1])
        near = inside_box(rank, px, 0.35) | inside_box(suit, px, 0.35)
        labels[near] = IGNORE  # touching the box but not both glyphs in it: unsure
        inside = framing_index_box(rank, suit, px)
        code = code_of(box[0])
        if code is None or not len(inside):
            continue
        k = CODES.index(code)
        probs = orient(patches[inside])
        if probs[:, k].max() < 0.05:  # no order looks like this card: leave the box alone
            continue
        best = inside[int(np.argmax(probs[:, k]))]
        # the same order as the best one (its rank glyph first) is the index, the other not
        same = same_order(rank, suit, inside, best)
        labels[inside[same]] = k
        labels[inside[~same]] = BACKGROUND
        c.heights[inside[same]] = side
        c.instances[inside[same]] = b


def _label_card_boxes(c: _Labelling, shape: tuple[int, int], boxes: list[Box], orient: Orient,
                      code_of: Callable[[str], str | None]) -> None:
    """A candidate with both glyphs inside whole-card boxes is the index of one of their
    cards when ``orient`` gives that card at least CARD_SURE, at least CARD_SHARE of what it
    gives all those cards, and less than even to "no index" (pips and court art inside a
    card stay unlabelled); the rest inside or at the edge of a box is left out."""
    rank, suit, labels, patches = c.rank, c.suit, c.labels, c.patches
    h, w = shape
    allowed = np.zeros((len(labels), BACKGROUND), bool)
    box_of = np.full((len(labels), BACKGROUND), -1, np.int32)
    for b, box in enumerate(boxes):
        code = code_of(box[0])
        px = box_pixels(box, w, h)
        labels[inside_box(rank, px, CARD_MARGIN) | inside_box(suit, px, CARD_MARGIN)] = IGNORE
        if code is None:
            continue
        both = inside_box(rank, px, 0.0) & inside_box(suit, px, 0.0)
        allowed[both, CODES.index(code)] = True
        box_of[both, CODES.index(code)] = b
    inside = np.nonzero(allowed.any(axis=1))[0]
    if len(inside):
        probs = orient(patches[inside])
        for row, i in enumerate(inside):
            codes = np.nonzero(allowed[i])[0]
            k = int(codes[np.argmax(probs[row, codes])])
            if (probs[row, k] >= CARD_SURE and probs[row, BACKGROUND] < 0.5
                    and probs[row, k] >= CARD_SHARE * float(probs[row, codes].sum())):
                labels[i] = k
                c.heights[i] = HEIGHT_PER_UNIT * float(np.linalg.norm(suit[i] - rank[i]))
                c.instances[i] = box_of[i, k]


_LABELLERS = {"index": _label_index_boxes, "card": _label_card_boxes}


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


def plain_code(photo: str) -> Callable[[str], str | None]:
    """A folder whose box classes are our codes (``quentin``)."""
    del photo

    def code(name: str) -> str | None:
        return name if name in CODES else None

    return code


@dataclass(frozen=True)
class PhotoFolder:
    """A folder of real photos the networks may train on: what its boxes surround and how
    its box classes map to our codes."""

    name: str
    boxes: str  # "index": corner-index boxes; "card": whole-card boxes
    codes: Callable[[str], Callable[[str], str | None]]

    def patches(self, image: np.ndarray, photo: str, boxes: list[Box], orient: Orient,
                sizes: tuple[PatchSettings, ...], rng: np.random.Generator) -> Labelled:
        """One photo's labelled candidates."""
        return box_patches(image, boxes, orient, self.codes(photo), self.boxes, FindSettings(), sizes,
                           rng=rng)


# The real photo folders whose licence (CC BY 4.0) allows training, and what their boxes are.
TRAINING_FOLDERS = (
    PhotoFolder("cardcounter", "index", cardcounter_code),
    PhotoFolder("quentin", "card", plain_code),
)
