"""Measuring the recogniser on labelled photos (``labels.csv``: file,deck,cards,kind)."""

from __future__ import annotations

import csv
import resource
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .decode import decode
from .pipeline import recognize_decoded


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

    @property
    def precision(self) -> float:
        return self.correct / self.found if self.found else 1.0


def evaluate_folder(folder: Path, kinds: set[str] | None = None) -> dict[str, Tally]:
    """Per kind (single, table, crop): recall, precision, false detections, timings."""
    tallies: dict[str, Tally] = {}
    with (folder / "labels.csv").open() as f:
        rows = [r for r in csv.DictReader(f) if r["deck"] == "french"]
    for row in rows:
        if kinds and row["kind"] not in kinds:
            continue
        t = tallies.setdefault(row["kind"], Tally())
        data = (folder / row["file"]).read_bytes()
        start = time.perf_counter()
        detections = recognize_decoded(decode(data))
        t.ms.append((time.perf_counter() - start) * 1000)
        want = Counter(row["cards"].split())
        got = Counter(d.card for d in detections)
        t.photos += 1
        t.expected += sum(want.values())
        t.found += sum(got.values())
        t.correct += sum((want & got).values())
        if not want:
            t.empty_photos += 1
            t.false_on_empty += sum(got.values())
        if want != got:
            t.misses.append(f"{row['file']}: want {sorted(want.elements())} got {sorted(got.elements())}")
    return tallies


def peak_memory_mb() -> float:
    """Peak resident memory of this process so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def p95(values: list[float]) -> float:
    """95th percentile."""
    s = sorted(values)
    return s[min(len(s) - 1, int(0.95 * len(s)))] if s else 0.0


def report(root: Path, verbose: bool = False) -> list[str]:
    """One line per folder and kind."""
    lines = []
    for folder in sorted(p for p in root.iterdir() if (p / "labels.csv").exists()):
        for kind, t in sorted(evaluate_folder(folder).items()):
            if not t.photos:
                continue
            lines.append(
                f"{folder.name:9} {kind:6} photos {t.photos:3}  recall {t.recall:.3f}  "
                f"precision {t.precision:.3f}  false-on-empty {t.false_on_empty}/{t.empty_photos}  "
                f"median {statistics.median(t.ms):6.1f} ms  p95 {p95(t.ms):6.1f} ms"
            )
            if verbose:
                lines += [f"    {m}" for m in t.misses]
    return lines
