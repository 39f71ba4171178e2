"""Where the French reader loses the cards of real photos whose corner indices are boxed
(``cardcounter``'s boxes): the synthetic stress table's loss breakdown
(:mod:`recognizer.lostcards`), on photos of real tables.

A labelled card that is not read was lost by the first stage with no right reading of
it: the **finder** proposed no candidate framing one of its boxed indices (both glyph
centres in the box, as far apart as a rank and its suit in such a box are, in the glyph
order the reader finds likelier for that card, as training labels them), the **screen**
dropped every such candidate, the **reader** named none of them surely enough as that
card, or the **grouping** dropped the reading. A card with no box whose class names a
card surely (none at all, or only the novelty deck's gold jokers, which cannot be told
apart) is lost "unboxed". For the reader's losses, what its likeliest framing candidate
was read as says which confusion costs most (clubs read as spades, say).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .decode import Decoded, decode
from .evaluate import labels, seen, truth
from .lostcards import STAGES, all_readings
from .pipeline import read_indices
from .reader import Networks
from .settings import Settings
from .training.photos import box_pixels, framing_index_box, read_boxes, same_order

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in working pixels
NO_INDEX = "none"  # what a candidate the reader holds to be no index is read as


@dataclass
class PhotoLosses:
    """The losses of some photos: missed cards by stage, and the reader's confusions."""

    photos: int = 0
    cards: int = 0
    lost: Counter[str] = field(default_factory=Counter)
    misread: Counter[tuple[str, str]] = field(default_factory=Counter)  # (card, read as)

    def add(self, other: PhotoLosses) -> None:
        """Count another set of photos in."""
        self.photos += other.photos
        self.cards += other.cards
        self.lost.update(other.lost)
        self.misread.update(other.misread)

    def line(self) -> str:
        """Missed cards by stage, one line."""
        stages = [*STAGES, "unboxed"] if self.lost["unboxed"] else list(STAGES)
        return (f"{self.photos} photos, {self.cards} cards, missed {sum(self.lost.values())}: "
                + ", ".join(f"{s} {self.lost[s]}" for s in stages))

    def confusions(self, top: int = 5) -> str:
        """The reader's losses by what its likeliest reading of the card's index was: no
        index, the card itself but not surely enough, the same rank in another suit (with
        the commonest swaps), or another rank."""
        unsure = none = other = 0
        suits: Counter[str] = Counter()
        for (card, read), n in self.misread.items():
            if read == NO_INDEX:
                none += n
            elif read == card:
                unsure += n
            elif card[:-1] == read[:-1]:
                suits[f"{_SUIT_NAMES[card[-1]]} as {_SUIT_NAMES[read[-1]]}"] += n
            else:
                other += n
        swaps = ", ".join(f"{k} {n}" for k, n in suits.most_common(top))
        return (f"no index {none}, right but unsure {unsure}, same rank in another suit {sum(suits.values())}"
                + (f" ({swaps})" if swaps else "") + f", another rank {other}")


_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades",
               "1": "red joker", "2": "black joker"}


def framing(rank: np.ndarray, suit: np.ndarray, boxes: list[Box], likeliness: np.ndarray) -> np.ndarray:
    """The candidates (rank and suit centres, (n, 2) working pixels) that frame one of the
    index ``boxes`` as training labels them: both centres in it, as far apart as an index's
    rank and suit are, in the glyph order of the one of them ``likeliness`` (n,) scores highest."""
    on = np.zeros(len(rank), bool)
    for box in boxes:
        inside = framing_index_box(rank, suit, box)
        if len(inside):
            best = int(inside[np.argmax(likeliness[inside])])
            on[inside[same_order(rank, suit, inside, best)]] = True
    return on


def photo_losses(decoded: Decoded, boxes: list[tuple[str, Box]], want: Counter[str], nets: Networks,
                 read: Counter[str] | None = None, settings: Settings = Settings()) -> PhotoLosses:
    """Where the cards ``want`` of one photo are lost, from its index ``boxes`` (each with
    its card's code, in the decoded photo's working pixels); ``read``: the cards the
    pipeline named in it, named as ``want`` names them (read here, as the pipeline names
    them, when not given)."""
    if read is None:
        read = Counter(d.card for d in read_indices(decoded, settings, nets))
    out = PhotoLosses(photos=1, cards=sum(want.values()))
    missing = want - read
    if not missing:
        return out
    r = all_readings(decoded, nets, settings)
    none = nets.model.none
    for code, n in missing.items():
        if not any(c == code for c, _ in boxes):
            out.lost["unboxed"] += n
            continue
        likeliness = r.probs[:, nets.model.classes.index(code)]
        on = framing(r.rank, r.suit, [b for c, b in boxes if c == code], likeliness)
        stage = r.stage_lost(on, code)
        out.lost[stage] += n
        if stage == "reader":
            shown = np.flatnonzero(on & r.passed)
            best = shown[np.argmax(r.probs[shown].max(axis=1))]
            no_index = r.probs[best, none] > r.probability[best]
            out.misread[(code, NO_INDEX if no_index else str(r.named[best]))] += n
    return out


def working_boxes(decoded: Decoded, boxes: list[tuple[str, float, float, float, float]],
                  code_of: Callable[[str], str | None]) -> list[tuple[str, Box]]:
    """YOLO boxes (class, centre and size as shares of the photo) as (code, box) in the
    decoded photo's working pixels; boxes whose class has no sure code are left out."""
    h, w = decoded.image.shape[:2]
    return [(code, box_pixels(box, w, h)) for box in boxes if (code := code_of(box[0])) is not None]


def folder_losses(folder: Path, code_of: Callable[[str], Callable[[str], str | None]], nets: Networks,
                  kind: str = "table", settings: Settings = Settings()) -> PhotoLosses:
    """The losses over a folder's photos of one ``kind`` whose corner indices are boxed
    (``boxes/``; ``code_of(photo)`` maps a box class to a code)."""
    boxes = read_boxes(folder)
    total = PhotoLosses()
    for row in labels(folder, "french"):
        if row["kind"] != kind:
            continue
        decoded = decode((folder / row["file"]).read_bytes(), settings.decode)
        read = seen(folder.name, row, read_indices(decoded, settings, nets))
        total.add(photo_losses(decoded, working_boxes(decoded, boxes[row["file"]], code_of(row["file"])),
                               truth(folder.name, row), nets, read, settings))
    return total
