"""`make bench`'s speed over many table photos: photos chosen from every labelled folder,
each framed to 12 MP and to 720p. Only that the figures are made and add up is checked
here; the targets belong to ``make bench``."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest

from recognizer.benchmark import spread_speed_figures, table_photos

from .conftest import SHARED

PHOTOS = SHARED / "cardphotos"
needs_photos = pytest.mark.skipif(not (PHOTOS / "guillex7").is_dir(),
                                  reason=f"no labelled photos at {PHOTOS}")


def _folder(root: Path, name: str, kinds: list[str]) -> list[Path]:
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
    return [root / name / r["file"] for r in rows]


def _labelled(root: Path, name: str, tables: int) -> None:
    """A labelled folder of ``tables`` table photos that are never opened."""
    (root / name).mkdir(parents=True)
    rows = "".join(f"{name}{k}.jpg,french,AS,table\n" for k in range(tables))
    (root / name / "labels.csv").write_text("file,deck,cards,kind\n" + rows)


def test_every_folder_takes_its_turn_and_each_share_is_spread_over_the_folder(tmp_path: Path) -> None:
    _labelled(tmp_path, "big", 100)
    _labelled(tmp_path, "small", 2)
    _labelled(tmp_path, "tiny", 1)
    (tmp_path / "unlabelled").mkdir()
    chosen = table_photos(tmp_path, 9)
    names = [p.name for p in chosen]
    assert len(chosen) == 9 and len(set(names)) == 9
    assert sum(n.startswith("small") for n in names) == 2 and "tiny0.jpg" in names
    big = sorted(int(n[3:-4]) for n in names if n.startswith("big"))
    assert big == [0, 16, 33, 50, 66, 83]  # six of a hundred, evenly apart
    assert len(table_photos(tmp_path, 500)) == 103  # every table photo, none twice
    assert {p.parent.name for p in table_photos(tmp_path, 3)} == {"big", "small", "tiny"}


@needs_photos
def test_singles_are_left_out(tmp_path: Path) -> None:
    files = _folder(tmp_path, "a", ["table", "single", "table"])
    assert table_photos(tmp_path, 10) == [files[0], files[2]]


@needs_photos
def test_the_spread_speed_lines_name_both_frames_with_their_targets(tmp_path: Path) -> None:
    _folder(tmp_path, "a", ["table", "table"])
    lines: list[str] = []
    spread_speed_figures(tmp_path, count=2, log=lines.append)
    assert [line.split("framed to ")[1].split(",")[0] for line in lines] == ["12 MP", "720p"]
    for line in lines:
        found = re.search(r"over 2 table photos of 1 folders, .*median (\d+) ms \(target (\d+)\), "
                          r"p95 (\d+) ms, slowest (\d+) ms", line)
        assert found, line
        median, _, high, slowest = (int(v) for v in found.groups())
        assert 0 < median <= high <= slowest


@needs_photos
def test_an_unreadable_photo_is_left_out_and_said(tmp_path: Path) -> None:
    files = _folder(tmp_path, "a", ["table", "table"])
    files[1].write_bytes(b"not a photo")
    lines: list[str] = []
    spread_speed_figures(tmp_path, count=2, log=lines.append)
    assert len(lines) == 2
    assert all("over 1 table photos of 1 folders (1 unreadable left out)" in line for line in lines)


def test_no_table_photo_is_said_plainly(tmp_path: Path) -> None:
    lines: list[str] = []
    spread_speed_figures(tmp_path, log=lines.append)
    assert lines == [f"French reader speed over table photos: none found under {tmp_path}"]
    _labelled(tmp_path, "broken", 1)
    (tmp_path / "broken" / "broken0.jpg").write_bytes(b"\xff\xd8 torn")
    lines.clear()
    spread_speed_figures(tmp_path, log=lines.append)
    assert lines == [f"French reader speed over table photos: none found under {tmp_path} "
                     "(1 unreadable left out)"]
