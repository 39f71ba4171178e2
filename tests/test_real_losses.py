"""The loss breakdown on real photos whose corner indices are boxed (cardcounter's): a card
not read is put down to the first stage with no right reading of one of its boxed indices,
and the reader's losses say what it read instead."""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from recognizer.decode import Decoded, decode
from recognizer.evaluate import seen, truth
from recognizer.pipeline import read_indices
from recognizer.reader import Networks, networks, unseen
from recognizer.reallosses import photo_losses, working_boxes
from recognizer.settings import GroupSettings, Settings
from recognizer.training.photos import cardcounter_code, read_boxes
from recognizer.types import FindSettings

from .conftest import SHARED

FOLDER = SHARED / "cardphotos" / "cardcounter"
pytestmark = pytest.mark.skipif(not (FOLDER / "boxes").is_dir(), reason=f"no boxed photos at {FOLDER}")


def _nets() -> Networks:
    model = unseen("cardcounter")
    assert model is not None
    return networks(model.name)


def _read_whole(nets: Networks, least: int = 4) -> tuple[Decoded, Counter[str], list[tuple[str, tuple[
        float, float, float, float]]]]:
    """The first webcam table photo of at least ``least`` cards, no joker, that ``nets`` read
    whole: the photo, its cards and its boxes in working pixels."""
    boxes = read_boxes(FOLDER)
    with (FOLDER / "labels.csv").open() as f:
        rows = [r for r in csv.DictReader(f) if r["kind"] == "table" and r["file"].startswith("WIN_")
                and len(r["cards"].split()) >= least and "JK" not in r["cards"]]
    for row in rows:
        photo = decode((FOLDER / row["file"]).read_bytes())
        want = truth("cardcounter", row)
        if seen("cardcounter", row, read_indices(photo, nets=nets)) == want:
            return photo, want, working_boxes(photo, boxes[row["file"]], cardcounter_code(row["file"]))
    raise AssertionError("no webcam table photo is read whole")


def test_a_photo_read_whole_loses_nothing_and_each_stage_shut_loses_every_card() -> None:
    """Read whole: nothing lost. The screen shut: every card lost at the screen; the reader
    asked for certainty: at the reader, each read right but unsure; the finder pairing no
    glyphs: at the finder; the grouping pairing no indices and keeping no lone one: at the
    grouping."""
    nets = _nets()
    photo, want, boxes = _read_whole(nets)
    cards = sum(want.values())
    whole = photo_losses(photo, boxes, want, nets)
    assert (whole.photos, whole.cards, whole.lost) == (1, cards, Counter())
    shut = Networks(replace(nets.model, screen_threshold=1.01))
    assert photo_losses(photo, boxes, want, shut).lost == Counter(screen=cards)
    sure = Settings(group=GroupSettings(min_reading=1.01))
    unsure = photo_losses(photo, boxes, want, nets, settings=sure)
    assert unsure.lost == Counter(reader=cards)
    assert unsure.misread == Counter({(c, c): n for c, n in want.items()})
    assert unsure.confusions().startswith(f"no index 0, right but unsure {cards},")
    blind = Settings(find=replace(FindSettings(), min_distance=50.0, max_distance=51.0, min_merged=10_000))
    assert photo_losses(photo, boxes, want, nets, settings=blind).lost == Counter(finder=cards)
    alone = Settings(group=GroupSettings(pair_reach=(1000.0, 1001.0), lone_reading=1.01))
    assert photo_losses(photo, boxes, want, nets, settings=alone).lost == Counter(grouping=cards)


def test_a_card_labelled_as_another_is_lost_at_the_reader_and_a_card_without_a_box_unboxed() -> None:
    """A card's boxes and label changed to the same rank in another suit: lost at the
    reader, which read the card that is there (a suit swap); a card whose boxes are dropped
    is lost "unboxed", never put down to a stage."""
    nets = _nets()
    photo, want, boxes = _read_whole(nets)
    card = next(iter(want))
    other = card[:-1] + next(s for s in "CDHS" if s != card[-1] and card[:-1] + s not in want)
    relabelled = [(other if c == card else c, b) for c, b in boxes]
    claimed = want - Counter({card: 1}) + Counter({other: 1})
    read = Counter(want)
    swapped = photo_losses(photo, relabelled, claimed, nets, read=read)
    assert swapped.lost == Counter(reader=1) and swapped.misread == Counter({(other, card): 1})
    assert "same rank in another suit 1" in swapped.confusions()
    unboxed = photo_losses(photo, [(c, b) for c, b in boxes if c != card], want, nets,
                           read=want - Counter({card: 1}))
    assert unboxed.lost == Counter(unboxed=1)
    assert unboxed.line().endswith("missed 1: finder 0, screen 0, reader 0, grouping 0, unboxed 1")


def test_the_benchmark_breaks_down_a_boxed_folder_with_networks_that_never_saw_it(tmp_path: Path) -> None:
    """`make bench`'s lines for a boxed folder (here four of cardcounter's webcam tables):
    the networks that never saw it, and stage counts that add up to the cards missed."""
    import re
    import shutil

    from recognizer.benchmark import real_loss_figures

    folder = tmp_path / "cardcounter"
    (folder / "boxes").mkdir(parents=True)
    shutil.copy(FOLDER / "boxes" / "classes.txt", folder / "boxes" / "classes.txt")
    with (FOLDER / "labels.csv").open() as f:
        rows = [r for r in csv.DictReader(f) if r["kind"] == "table" and r["file"].startswith("WIN_")][:4]
    with (folder / "labels.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    for row in rows:
        shutil.copy(FOLDER / row["file"], folder / row["file"])
        box = Path(row["file"]).stem + ".txt"
        shutil.copy(FOLDER / "boxes" / box, folder / "boxes" / box)
    lines: list[str] = []
    real_loss_figures(tmp_path, lines.append)
    assert len(lines) == 2 and "networks without-cardcounter" in lines[0]
    found = re.search(r"4 photos, (\d+) cards, missed (\d+): finder (\d+), screen (\d+), reader (\d+), "
                      r"grouping (\d+)", lines[0])
    assert found, lines[0]
    cards, missed, *stages = (int(v) for v in found.groups())
    assert cards == sum(len(r["cards"].split()) for r in rows) and missed == sum(stages)
    assert lines[1].startswith("  the reader's losses by its likeliest reading: no index ")
