"""Measuring the recogniser on labelled photos (``labels.csv``: file,deck,cards,kind)."""

from __future__ import annotations

import csv
import resource
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .decode import decode, decode_array
from .enrolled import EnrolledDeck
from .faces import load_face
from .matching import recognize_enrolled
from .pipeline import read_indices
from .reader import DESCRIPTION, Networks, networks, unseen
from .types import Detection


@dataclass
class Tally:
    """Counts for one group of photos."""

    photos: int = 0
    expected: int = 0
    found: int = 0
    correct: int = 0
    empty_photos: int = 0
    false_on_empty: int = 0
    ms: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.correct / self.expected if self.expected else 1.0

    def add(self, other: Tally) -> None:
        """Count another group's photos in with these."""
        self.photos += other.photos
        self.expected += other.expected
        self.found += other.found
        self.correct += other.correct
        self.empty_photos += other.empty_photos
        self.false_on_empty += other.false_on_empty
        self.ms += other.ms
        self.misses += other.misses

    @property
    def precision(self) -> float:
        return self.correct / self.found if self.found else 1.0


def truth(folder: str, row: dict[str, str]) -> Counter[str]:
    """A photo's labelled cards in the app's codes. ``cardcounter`` calls the black joker JK1
    and the red one JK2 (the rule books the other way round); the gold jokers of its
    novelty deck cannot be told apart, so there any joker counts as ``JK``."""
    codes = row["cards"].split()
    if folder == "cardcounter":
        novelty = row["file"].startswith(("IMG_77", "IMG_78"))
        swap = {"JK1": "JK2", "JK2": "JK1"}
        codes = ["JK" if novelty and c in swap else swap.get(c, c) for c in codes]
    return Counter(codes)


def seen(folder: str, row: dict[str, str], detections: list[Detection]) -> Counter[str]:
    """The codes of a photo's detections, as :func:`truth` names them."""
    novelty = folder == "cardcounter" and row["file"].startswith(("IMG_77", "IMG_78"))
    return Counter("JK" if novelty and d.card.startswith("JK") else d.card for d in detections)


def labels(folder: Path, deck: str) -> list[dict[str, str]]:
    """The rows of a folder's ``labels.csv`` for one deck (``french``, ``tarot``)."""
    with (folder / "labels.csv").open() as f:
        return [r for r in csv.DictReader(f) if r["deck"] == deck]


def labelled_folders(root: Path) -> list[Path]:
    """The folders under ``root`` that have a ``labels.csv``, by name."""
    return sorted(p for p in root.iterdir() if (p / "labels.csv").is_file())


def evaluate_folder(folder: Path, kinds: set[str] | None = None, nets: Networks | None = None
                    ) -> dict[str, Tally]:
    """Per kind (single, table, crop): recall, precision, false detections, timings, read by
    ``nets`` (the shipped networks unless given)."""
    tallies: dict[str, Tally] = {}
    for row in labels(folder, "french"):
        if kinds and row["kind"] not in kinds:
            continue
        t = tallies.setdefault(row["kind"], Tally())
        data = (folder / row["file"]).read_bytes()
        start = time.perf_counter()
        detections = read_indices(decode(data), nets=nets)
        t.ms.append((time.perf_counter() - start) * 1000)
        want = truth(folder.name, row)
        got = seen(folder.name, row, detections)
        t.photos += 1
        t.expected += sum(want.values())
        t.found += sum(got.values())
        t.correct += sum((want & got).values())
        if not want:
            t.empty_photos += 1
            t.false_on_empty += sum(got.values())
        if want != got:
            t.misses.append(f"{row['file']}: missed {sorted((want - got).elements())} "
                            f"extra {sorted((got - want).elements())}")
    return tallies


def peak_memory_mb() -> float:
    """Peak resident memory of this process so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def p95(values: list[float]) -> float:
    """95th percentile."""
    s = sorted(values)
    return s[min(len(s) - 1, int(0.95 * len(s)))] if s else 0.0


def report(root: Path, verbose: bool = False, description: Path = DESCRIPTION) -> list[str]:
    """One line per folder and kind, each read by networks that never saw that folder
    (named on the line), then every table photo together; the table photos' misses are
    always listed (``verbose``: every kind's). A folder every variant saw is not scored."""
    lines = []
    tables = Tally()
    for folder in labelled_folders(root):
        model = unseen(folder.name, description)
        if model is None:
            lines.append(f"{folder.name:11} not scored: every reader was trained on it")
            continue
        for kind, t in sorted(evaluate_folder(folder, nets=networks(model.name, description)).items()):
            if not t.photos:
                continue
            lines.append(_line(folder.name, kind, t) + f"  [{model.name}]")
            if kind == "table":
                tables.add(t)
            if verbose or kind == "table":
                lines += [f"    {folder.name}/{m}" for m in t.misses]
    if tables.photos:
        lines.append(_line("all", "table", tables))
    return lines


def _line(name: str, kind: str, t: Tally) -> str:
    return (f"{name:11} {kind:6} photos {t.photos:3}  cards {t.expected:4}  recall {t.recall:.3f}  "
            f"precision {t.precision:.3f}  false-on-empty {t.false_on_empty}/{t.empty_photos}  "
            f"median {statistics.median(t.ms):6.1f} ms  p95 {p95(t.ms):6.1f} ms")


# ---- enrolled decks -------------------------------------------------------------------------
def load_art(folder: Path) -> dict[str, np.ndarray]:
    """Card faces named by code (``T15.jpg``, ``KC.png``), as BGR on white; JPEG or PNG, SVG skipped."""
    faces: dict[str, np.ndarray] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() in (".jpg", ".jpeg", ".png", ".webp") and path.stem not in faces:
            faces[path.stem] = load_face(path)
    return faces


@dataclass
class EnrolTally:
    """Counts for an enrolled deck on a set of photos or scenes."""

    photos: int = 0
    expected: int = 0  # cards a reader must find
    correct: int = 0
    unknown: int = 0  # expected cards with no detection at all
    found: int = 0
    found_right: int = 0  # detections naming a card that is there
    ms: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.correct / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return self.found_right / self.found if self.found else 1.0

    @property
    def unknown_rate(self) -> float:
        return self.unknown / self.expected if self.expected else 0.0

    def line(self, label: str) -> str:
        """One line of figures."""
        return (f"{label:26} photos {self.photos:3}  cards {self.expected:3}  recall {self.recall:.3f}  "
                f"precision {self.precision:.3f}  unknown {self.unknown_rate:.3f}  "
                f"median {statistics.median(self.ms) if self.ms else 0:6.1f} ms  p95 {p95(self.ms):6.1f} ms")


def evaluate_enrolled_folder(folder: Path, deck: EnrolledDeck) -> EnrolTally:
    """An enrolled deck on a folder of labelled tarot photos (``labels.csv``, deck ``tarot``)."""
    t = EnrolTally()
    for row in labels(folder, "tarot"):
        data = (folder / row["file"]).read_bytes()
        start = time.perf_counter()
        detections = recognize_enrolled(decode(data), deck)
        t.ms.append((time.perf_counter() - start) * 1000)
        want = Counter(row["cards"].split())
        got = Counter(d.card for d in detections)
        t.photos += 1
        t.expected += sum(want.values())
        t.correct += sum((want & got).values())
        t.found += sum(got.values())
        t.found_right += sum((want & got).values())
        t.unknown += max(0, sum(want.values()) - sum(got.values()))
        if want != got:
            t.misses.append(f"{row['file']}: want {sorted(want.elements())} got {sorted(got.elements())}")
    return t


def evaluate_scenes(faces: dict[str, np.ndarray], deck: EnrolledDeck, count: int, seed: int = 0,
                    size: tuple[int, int] = (1400, 1050)) -> EnrolTally:
    """An enrolled deck on ``count`` synthetic scenes rendered from ``faces``.

    A card at least 60% visible must be found; naming one at least 15% visible is right;
    a required card with no detection over it is unknown.
    """
    from .scenes import random_scene

    rng = np.random.default_rng(seed)
    t = EnrolTally()
    for i in range(count):
        scene = random_scene(faces, rng, size)
        start = time.perf_counter()
        detections = recognize_enrolled(decode_array(scene.image), deck)
        t.ms.append((time.perf_counter() - start) * 1000)
        t.photos += 1
        allowed = set(scene.allowed())
        t.found += len(detections)
        t.found_right += sum(1 for d in detections if d.card in allowed)
        named = {d.card for d in detections}
        centres = [np.mean(np.array(d.corners), axis=0) for d in detections]
        for card in scene.cards:
            if card.visible < 0.6:
                continue
            t.expected += 1
            if card.code in named:
                t.correct += 1
                continue
            over = any(cv2.pointPolygonTest(card.quad, (float(x), float(y)), False) >= 0 for x, y in centres)
            t.unknown += 0 if over else 1
            t.misses.append(f"scene {i} ({scene.layout}): {card.code} "
                            + ("misread" if over else "not found"))
        t.misses += [f"scene {i}: {d.card} is not there" for d in detections if d.card not in allowed]
    return t
