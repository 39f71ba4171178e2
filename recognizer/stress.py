"""The synthetic stress table of ``make bench``: the French reader on rendered photos whose
conditions are set one at a time (the surface, the number of cards, how tightly a fan is
held, the camera's tilt, the index's size in pixels, dark or light ink), with seeds no
training run uses. The other conditions are drawn at random, the camera's blur and lost
detail too, except in the index-size rows: there the camera is in focus, so that a blurred
index does not pass for a smaller one.

A card counts as expected when one of its indices is fully in view (a reader cannot be
asked for a card whose indices are all covered); a detection is right when it names a
card in the photo, at most as many times as that card is there.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from .decode import decode_array
from .finderlosses import REASONS
from .lostcards import SOURCES, STAGES, expected_cards, where_lost
from .pipeline import read_indices
from .reader import Networks
from .training.corpus import Sources, art_decks, background_photos, court_art
from .training.dataset import mark_height
from .training.faces import CODES, Face, draw_face, random_style
from .training.scenes import Scene, render

STRESS_SEED = 90_210  # never a training seed
SURFACES = ("maple", "oak", "laminate", "paper", "green_felt", "blue_felt", "black", "cork", "wood-pale",
            "wood-dark", "stone", "fabric", "carpet", "clutter")
COLOURS = {"H": "red", "D": "red", "C": "black", "S": "black"}
OTHER_SUIT = {"H": "D", "D": "H", "C": "S", "S": "C"}  # the other suit of the same colour


@dataclass
class Row:
    """Counts for one condition."""

    label: str
    expected: int = 0
    correct: int = 0
    found: int = 0
    false: int = 0
    whole: int = 0  # scenes read whole (every expected card, nothing false)
    scenes: int = 0
    ms: list[float] = field(default_factory=list)
    lost: Counter[str] = field(default_factory=Counter)  # missed cards by the stage that lost them
    false_from: Counter[str] = field(default_factory=Counter)  # false cards by what they were read from
    unframed: Counter[str] = field(default_factory=Counter)  # cards lost by the finder, by the test failed
    colour_cards: Counter[str] = field(default_factory=Counter)  # expected cards by colour: red, black
    colour_swaps: Counter[str] = field(default_factory=Counter)  # ... read as the other suit of their colour

    @property
    def recall(self) -> float:
        return self.correct / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return (self.found - self.false) / self.found if self.found else 1.0

    def line(self) -> str:
        """One line of the table."""
        return (f"{self.label:22} scenes {self.scenes:3}  cards {self.expected:4}  recall {self.recall:.3f}  "
                f"precision {self.precision:.3f}  read whole {self.whole}/{self.scenes}  "
                f"median {float(np.median(self.ms)) if self.ms else 0:6.1f} ms")


def score(row: Row, scene: Scene, nets: Networks) -> None:
    """Read one scene and count it in ``row``, with where its cards were lost when some were
    (:func:`recognizer.lostcards.where_lost`)."""
    start = time.perf_counter()
    found = Counter(d.card for d in read_indices(decode_array(scene.image), nets=nets))
    row.ms.append((time.perf_counter() - start) * 1000)
    want = expected_cards(scene)
    there = Counter(p.face.code for p in scene.cards)
    right = sum((found & want).values())
    false = sum((found - there).values())
    row.scenes += 1
    row.expected += sum(want.values())
    row.correct += right
    row.found += sum(found.values())
    row.false += false
    row.whole += int(right == sum(want.values()) and false == 0)
    for code, n in want.items():
        if code[-1] in COLOURS:
            row.colour_cards[COLOURS[code[-1]]] += n
    row.colour_swaps.update(colour_swaps(want, found, there))
    if right < sum(want.values()) or false:
        lost, false_from = where_lost(scene, nets, found, why=row.unframed)
        row.lost.update(lost)
        row.false_from.update(false_from)


def colour_swaps(want: Counter[str], found: Counter[str], there: Counter[str]) -> Counter[str]:
    """Expected cards not read but read as the same rank in the other suit of their colour
    (a heart as a diamond, a club as a spade), a card not in the photo: how many, by colour."""
    extra = found - there
    swaps: Counter[str] = Counter()
    for code, n in (want - found).items():
        suit = code[-1]
        if suit not in OTHER_SUIT:
            continue
        twin = code[:-1] + OTHER_SUIT[suit]
        k = min(n, extra[twin])
        if k:
            swaps[COLOURS[suit]] += k
            extra[twin] -= k
    return swaps


def colour_line(row: Row) -> str:
    """How often a row's cards were read as the other suit of their colour."""
    return "; ".join(f"{names} {row.colour_cards[c]} cards, {row.colour_swaps[c]} read as the other"
                     for c, names in (("red", "hearts or diamonds"), ("black", "clubs or spades")))


class Deck:
    """Faces for stress scenes: a drawn deck of a style no training run drew, or an artwork deck."""

    def __init__(self, sources: Sources, rng: np.random.Generator) -> None:
        self.rng = rng
        self.sources = sources
        art = art_decks(sources)
        self.art = art[int(rng.integers(len(art)))] if art and rng.random() < 0.33 else None
        self.style = random_style(rng, int(rng.choice([300, 400, 520])))

    def faces(self, count: int) -> list[Face]:
        """``count`` different cards."""
        if self.art is not None:
            codes = sorted(self.art)
            picked = self.rng.choice(len(codes), size=min(count, len(codes)), replace=False)
            return [self.art[codes[int(i)]] for i in picked]
        picked = self.rng.choice(len(CODES), size=min(count, len(CODES)), replace=False)
        return [draw_face(CODES[int(i)], self.style, self.rng, court_art(self.sources)) for i in picked]


@dataclass(frozen=True)
class Condition:
    """One row of the table: how its scenes are made."""

    label: str
    count: int
    layout: str = "spread"
    surface: str | None = None
    show: float | None = None
    tilt: float | None = None
    card_px: float | None = None
    size: tuple[int, int] | None = None
    light_ink: bool = False  # the deck printed in light ink on dark cards
    in_focus: bool = False  # a steady camera in focus (else blur, lost detail, JPEG drawn at random)


# Light inks of black decks (BGR): gold, silver, white.
LIGHT_INKS = ((60, 175, 225), (200, 205, 210), (240, 240, 240))


def in_light_ink(face: Face, ink: tuple[int, int, int]) -> Face:
    """The same face printed in light ink on a black card: its grey inverted, in ``ink``."""
    grey = cv2.cvtColor(face.image, cv2.COLOR_BGR2GRAY).astype(np.float32) / 255
    image = ((1 - grey)[:, :, None] * np.array(ink, np.float32)).astype(np.uint8)
    return replace(face, image=image)


def conditions() -> Iterable[tuple[str, list[Condition]]]:
    """The table's sections and their rows."""
    yield "surface", [Condition(s, 5, surface=s) for s in SURFACES]
    # cards of one size (120 px wide), so that only their number changes
    yield "cards", [Condition(f"{n} card{'s' if n > 1 else ''}", n, "spread", card_px=120.0,
                              size=(1600, 1200)) for n in (1, 3, 6, 10, 13)]
    yield "fan spacing", [Condition(f"fan of 13, {round(show * 100)}% showing", 13, "fan", show=show)
                          for show in (0.1, 0.15, 0.2, 0.3)]
    yield "tilt", [Condition(f"tilt {t} degrees", 5, tilt=float(t)) for t in (0, 20, 40, 60)]
    # the index's size alone: a camera in focus (blur and lost detail would read as a smaller index)
    yield "index height", [Condition(f"card {px} px wide", 5, "row", tilt=0.0, card_px=float(px),
                                     size=(1600, 1200), in_focus=True)
                           for px in (40, 50, 60, 70, 85, 100, 130, 180)]
    yield "ink", [Condition(f"{kind} ink, 5 cards", 5, light_ink=kind == "light")
                  for kind in ("dark", "light")]


def run(sources: Sources, nets: Networks, per: int = 20, seed: int = STRESS_SEED,
        log: Callable[[str], None] = print) -> dict[str, list[Row]]:
    """Every section of the stress table, ``per`` scenes a row."""
    photos = background_photos(sources)
    table: dict[str, list[Row]] = {}
    for s, (section, rows) in enumerate(conditions()):
        log(f"  {section}:")
        table[section] = []
        for c, cond in enumerate(rows):
            row = Row(cond.label)
            heights: list[float] = []
            for k in range(per):
                rng = np.random.default_rng([seed, s, c, k])
                faces = Deck(sources, rng).faces(cond.count)
                if cond.light_ink:
                    ink = LIGHT_INKS[int(rng.integers(len(LIGHT_INKS)))]
                    faces = [in_light_ink(f, ink) for f in faces]
                scene = render(faces, rng, photos, size=cond.size, layout=cond.layout, tilt_deg=cond.tilt,
                               surface_kind=cond.surface, show=cond.show, card_px=cond.card_px,
                               in_focus=cond.in_focus)
                heights += [mark_height(scene, i, p.face.marks[0]) for i, p in enumerate(scene.cards)]
                score(row, scene, nets)
            if section == "index height":
                row.label = f"index {np.median(heights):4.1f} px"
            log("    " + row.line())
            table[section].append(row)
    return table


def losses_line(rows: list[Row]) -> str:
    """The missed cards of some rows by the stage that lost them, and their false cards by source."""
    lost: Counter[str] = Counter()
    false: Counter[str] = Counter()
    for r in rows:
        lost.update(r.lost)
        false.update(r.false_from)
    return (f"missed {sum(r.expected - r.correct for r in rows):4}: "
            + ", ".join(f"{stage} {lost[stage]}" for stage in STAGES)
            + f"; false {sum(r.false for r in rows):3}: " + ", ".join(f"{k} {false[k]}" for k in SOURCES))


def unframed_line(rows: list[Row]) -> str:
    """The cards of some rows lost by the finder, by the first finder test their index fails."""
    why: Counter[str] = Counter()
    for r in rows:
        why.update(r.unframed)
    return ", ".join(f"{reason} {why[reason]}" for reason in REASONS if why[reason]) or "none"


def smallest_read(rows: list[Row], share: float = 0.95) -> str:
    """The smallest index height read at ``share`` recall (from the index-height rows)."""
    good = [r.label for r in rows if r.recall >= share]
    return good[0] if good else "none"


def sources_from(shared: Path) -> Sources:
    """The artwork and surfaces under a shared folder."""
    return Sources(shared / "cardart", shared / "backgrounds")
