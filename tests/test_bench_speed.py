"""`make bench`'s speed over many table photos: photos chosen across every labelled
folder, each framed to 12 MP and to 720p. Only that the figures are made and add up is
checked here; the targets belong to ``make bench``."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest

from recognizer.benchmark import spread_speed_figures, table_photos

from .conftest import SHARED

PHOTOS = SHARED / "cardphotos"
pytestmark = pytest.mark.skipif(not (PHOTOS / "guillex7").is_dir(), reason=f"no labelled photos at {PHOTOS}")


def _folder(root: Path, name: str, kinds: list[str]) -> None:
    """A labelled folder of guillex7's first photos, labelled with ``kinds`` in turn."""
    with (PHOTOS / "guillex7" / "labels.csv").open() as f:
        rows = [r for r in csv.DictReader(f) if r["deck"] == "french"][: len(kinds)]
    (root / name).mkdir(parents=True)
    for row, kind in zip(rows, kinds, strict=True):
        row["kind"] = kind
        shutil.copy(PHOTOS / "guillex7" / row["file"], root / name / row["file"])
    with (root / name / "labels.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def test_table_photos_are_spread_over_every_folder_and_singles_left_out(tmp_path: Path) -> None:
    _folder(tmp_path, "a", ["table", "single", "table", "table"])
    _folder(tmp_path, "b", ["table", "table"])
    (tmp_path / "unlabelled").mkdir()
    chosen = table_photos(tmp_path, 3)
    assert len(chosen) == 3
    assert {p.parent.name for p in chosen} == {"a", "b"}
    assert all(p.parent.name != "unlabelled" for p in table_photos(tmp_path, 10))
    assert len(table_photos(tmp_path, 10)) == 5  # every table photo, no single


def test_the_spread_speed_lines_name_both_frames_with_their_targets(tmp_path: Path) -> None:
    _folder(tmp_path, "a", ["table", "table"])
    lines: list[str] = []
    spread_speed_figures(tmp_path, count=2, log=lines.append)
    assert [line.split("framed to ")[1].split(",")[0] for line in lines] == ["12 MP", "720p"]
    for line in lines:
        found = re.search(r"over 2 table photos of 1 folders.*median (\d+) ms \(target (\d+)\), "
                          r"p95 (\d+) ms, slowest (\d+) ms", line)
        assert found, line
        median, _, high, slowest = (int(v) for v in found.groups())
        assert 0 < median <= high <= slowest


def test_no_table_photo_is_said_plainly(tmp_path: Path) -> None:
    lines: list[str] = []
    spread_speed_figures(tmp_path, log=lines.append)
    assert lines == [f"French reader speed over table photos: none found under {tmp_path}"]
