"""How small a real card can be and still be read: single-card photos read right at full
size are shrunk until the card is a given width in pixels and read again. Real indices,
not drawn ones, give the smallest index the reader can take."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .decode import decode_array
from .evaluate import labels
from .pipeline import read_indices
from .reader import Networks
from .settings import Settings


@dataclass
class Shrunk:
    """One card width: photos shrunk to it, those read exactly right, false cards found."""

    width: int
    photos: int = 0
    read: int = 0
    false: int = 0

    @property
    def share(self) -> float:
        return self.read / self.photos if self.photos else 0.0


def single_cards(folder: Path) -> list[tuple[Path, str]]:
    """A folder's photos of one French card, with the card's code."""
    return [(folder / r["file"], r["cards"]) for r in labels(folder, "french")
            if r["kind"] == "single" and len(r["cards"].split()) == 1]


def card_width(image: np.ndarray, code: str, nets: Networks | None = None) -> float | None:
    """The card's width in pixels when the photo is read exactly right at full size, else None."""
    found = read_indices(decode_array(image), nets=nets)
    if [d.card for d in found] != [code]:
        return None
    c = np.array(found[0].corners)
    return float(min(np.linalg.norm(c[1] - c[0]), np.linalg.norm(c[3] - c[0])))


def shrunk(photos: list[tuple[Path, str]], widths: tuple[int, ...], nets: Networks | None = None,
           settings: Settings = Settings()) -> list[Shrunk]:
    """Each photo shrunk until its card is each of ``widths`` pixels wide, and read."""
    rows = [Shrunk(w) for w in widths]
    for path, code in photos:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            continue
        full = card_width(image, code, nets)
        if full is None:
            continue  # only a photo read right at full size says anything about size
        for row in rows:
            if row.width >= full:
                continue
            scale = row.width / full
            small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            got = [d.card for d in read_indices(decode_array(small), settings, nets)]
            row.photos += 1
            row.read += got == [code]
            row.false += sum(c != code for c in got)
    return rows
