"""The synthetic corpus: which deck, which cards and which layout each scene shows, drawn
from one seed per scene so that any scene can be made again on its own (and in parallel).

Two-thirds of the scenes use a deck drawn here in a random style, the rest the free
artwork decks. The same sampler makes the training scenes and the benchmark's stress
table; they differ only in their seeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from .faces import CODES, Face, art_deck, court_pictures, draw_face, random_style
from .scenes import LAYOUTS, Scene, render
from .tables import load_backgrounds

ART_DECKS = ("french-vector", "french-english")


@dataclass(frozen=True)
class Sources:
    """Where the artwork and the surface photos are (``../shared`` by default)."""

    art: Path
    backgrounds: Path


def art_decks(sources: Sources) -> tuple[dict[str, Face], ...]:
    """The artwork decks (loaded once)."""
    return _art(str(sources.art))


def background_photos(sources: Sources) -> dict[str, np.ndarray]:
    """The surface photos by name (loaded once)."""
    return _photos(str(sources.backgrounds))


def court_art(sources: Sources) -> list[np.ndarray]:
    """The artwork's court and joker pictures, for drawn decks (loaded once)."""
    return list(_pictures(str(sources.art)))


@lru_cache(maxsize=2)
def _art(folder: str) -> tuple[dict[str, Face], ...]:
    decks = []
    for name in ART_DECKS:
        if (Path(folder) / name).is_dir():
            decks.append(art_deck(Path(folder) / name))
    return tuple(d for d in decks if d)


@lru_cache(maxsize=2)
def _photos(folder: str) -> dict[str, np.ndarray]:
    return load_backgrounds(Path(folder))


@lru_cache(maxsize=2)
def _pictures(folder: str) -> tuple[np.ndarray, ...]:
    return tuple(court_pictures(list(_art(folder))))


def scene(sources: Sources, seed: int, index: int, layout: str | None = None,
          count: int | None = None) -> Scene:
    """Scene number ``index`` of the corpus with this seed."""
    rng = np.random.default_rng([seed, index])
    art = _art(str(sources.art))
    kind = layout or str(rng.choice(LAYOUTS))
    n = count or _count(kind, rng)
    if art and rng.random() < 0.33:
        deck = art[int(rng.integers(len(art)))]
        codes = sorted(deck)
        picked = [codes[int(i)] for i in rng.choice(len(codes), size=min(n, len(codes)), replace=False)]
        faces = [deck[c] for c in picked]
    else:
        style = random_style(rng, int(rng.choice([300, 400, 520])))
        picked = [CODES[int(i)] for i in rng.choice(len(CODES), size=min(n, len(CODES)), replace=False)]
        pictures = list(_pictures(str(sources.art)))
        faces = [draw_face(c, style, rng, pictures) for c in picked]
    return render(faces, rng, _photos(str(sources.backgrounds)), layout=kind)


def _count(kind: str, rng: np.random.Generator) -> int:
    return {
        "single": 1,
        "row": int(rng.integers(2, 7)),
        "line": int(rng.integers(3, 12)),
        "column": int(rng.integers(2, 8)),
        "spread": int(rng.integers(2, 10)),
        "trick": int(rng.integers(2, 6)),
        "pile": int(rng.integers(2, 7)),
        "fan": int(rng.integers(5, 16)),
        "bridge": 52,
    }.get(kind, 5)
