"""The training path runs: a tiny reader is rebuilt from a few synthetic scenes and a few
real photos, exported to ONNX, described, loaded by OpenCV and run on a photo. (The
shipped networks come from the same code with thousands of scenes: `make models`.)"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from recognizer.decode import decode_array
from recognizer.pipeline import read_indices
from recognizer.reader import Networks, unseen, variants

from .conftest import SHARED

pytest.importorskip("torch", reason="the training extra ('.[models]') builds the networks")
pytest.importorskip("PIL", reason="the training extra ('.[models]') draws the card faces")

needs_art = pytest.mark.skipif(
    not (SHARED / "cardart" / "french-vector").is_dir(), reason=f"no card artwork at {SHARED / 'cardart'}"
)


@needs_art
def test_a_tiny_reader_is_rebuilt_exported_and_run(tmp_path: Path) -> None:
    from recognizer.training.build import build

    lines: list[str] = []
    path = build(
        SHARED,
        tmp_path / "models",
        scenes=6,
        epochs=1,
        workers=1,
        cache=tmp_path / "cache",
        threads=1,
        log=lines.append,
        real_limit=3,
    )
    description = json.loads(path.read_text())
    assert set(description["variants"]) == {"shipped", "synthetic"}
    for name, variant in description["variants"].items():
        assert (path.parent / variant["reader"]).stat().st_size > 10_000
        assert (path.parent / variant["screen"]).exists()
        assert ("cardphotos/cardcounter" in variant["trained_on"]) == (name == "shipped")
    # the networks load in OpenCV and read a photo (a tiny model need not read it right)
    found = variants(path)
    photo = cv2.imread(str(SHARED / "cardphotos" / "rdpong" / "Aclubs.jpg"))
    assert isinstance(read_indices(decode_array(photo), nets=Networks(found["shipped"])), list)
    # the benchmark never scores a folder with networks that saw it
    chosen = unseen("cardcounter", path)
    assert chosen is not None and chosen.name == "synthetic"
    assert unseen("quentin", path) is not None and unseen("quentin", path).name == "shipped"  # type: ignore[union-attr]
    assert any("held-back scenes" in line for line in lines)


def test_the_shipped_description_names_networks_that_exist() -> None:
    for model in variants().values():
        assert model.reader.exists()
        assert model.screen is None or model.screen.exists()
        assert 0.0 <= model.screen_threshold < 1.0
        assert model.classes[-1] == "none" and "JK1" in model.classes and "10H" in model.classes
    assert "cardphotos/quentin" not in variants()["shipped"].trained_on  # held back to measure


def test_the_shipped_networks_are_small() -> None:
    total = sum(p.stat().st_size for p in Path(variants()["shipped"].reader).parent.glob("*.onnx"))
    assert total < 5_000_000


def test_normalised_patches_match_between_training_and_serving() -> None:
    torch = pytest.importorskip("torch")
    from recognizer.patches import normalise
    from recognizer.training.network import normalise as train_normalise

    patches = np.random.default_rng(0).integers(0, 256, (7, 32, 24, 3), dtype=np.uint8)
    served = normalise(patches)
    trained = train_normalise(torch.from_numpy(patches)).numpy()
    assert served.shape == trained.shape == (7, 3, 32, 24)
    assert np.abs(served - trained).max() < 1e-4


def test_the_scene_cache_follows_the_code_that_makes_patches_and_nothing_else() -> None:
    from recognizer.training.build import patch_code

    names = {p.relative_to(p.parents[1]).as_posix() for p in patch_code()}
    # what cuts and labels the patches: a change there must make the scenes again
    assert {"recognizer/candidates.py", "recognizer/patches.py", "recognizer/types.py",
            "training/dataset.py", "training/scenes.py", "training/glyphs.py"} <= names
    # what only reads them or groups readings: changing it keeps the cached scenes
    assert not names & {"recognizer/grouping.py", "recognizer/pipeline.py", "training/network.py",
                        "training/train.py", "training/build.py"}


def test_the_screen_threshold_keeps_the_indices_the_reader_reads_right() -> None:
    """The screen is set to keep 99.5 % of the held-back indices, counted by their best
    candidate; with the reader's verdicts given, an index the reader misreads anyway does not
    hold the threshold down."""
    from recognizer.training.build import screen_threshold
    from recognizer.training.dataset import BACKGROUND

    # four indices, two candidates each, then two non-indices
    labels = np.array([0, 0, 1, 1, 2, 2, 3, 3, BACKGROUND, BACKGROUND])
    instances = np.array([0, 0, 1, 1, 2, 2, 3, 3, -1, -1])
    p_index = np.array([0.9, 0.1, 0.8, 0.7, 0.05, 0.02, 0.6, 0.3, 0.5, 0.01])
    # every index kept: the worst index's best candidate (0.05) sets it
    assert screen_threshold(p_index, labels, instances, 1.0) == pytest.approx(0.05)
    # the reader misreads index 2 whatever the screen does: the next worst (0.6) sets it
    right = np.array([True, True, True, True, False, False, True, True, False, False])
    assert screen_threshold(p_index, labels, instances, 1.0, right) == pytest.approx(0.6)
    # a candidate read wrong does not speak for its index: index 0 is kept only through 0.1
    right[0] = False
    assert screen_threshold(p_index, labels, instances, 1.0, right) == pytest.approx(0.1)


def test_the_screen_threshold_keeps_every_card_not_just_most_indices() -> None:
    """Half of all indices kept could be every index of one card and none of another (a
    rare card such as a joker): the threshold keeps the share of each card's indices."""
    from recognizer.training.build import screen_threshold

    labels = np.array([0, 0, 0, 0, 52, 52])  # four aces of spades, two jokers (JK1)
    instances = np.array([0, 1, 2, 3, 4, 5])
    p_index = np.array([0.9, 0.8, 0.85, 0.95, 0.1, 0.3])
    threshold = screen_threshold(p_index, labels, instances, 0.5)
    assert threshold == pytest.approx(0.2)  # the jokers' median, under the aces'
    assert (p_index[labels == 52] >= threshold).sum() == 1
