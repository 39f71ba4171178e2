"""The training path runs: a tiny reader is rebuilt from a few synthetic scenes and a few
real photos, exported to ONNX, described, loaded by OpenCV and run on a photo. (The
shipped networks come from the same code with thousands of scenes: `make models`.)"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
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
def test_a_tiny_reader_is_rebuilt_exported_and_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from recognizer.training import build as build_module
    from recognizer.training.build import build

    # the commit is read before the build writes anything: networks written into a checkout
    # must not make their own build look like one of uncommitted code
    written_when_read: list[list[str]] = []

    def commit_seen() -> str:
        out = tmp_path / "models"
        written_when_read.append(sorted(f.name for f in out.iterdir()) if out.is_dir() else [])
        return "0123456789abcdef"

    monkeypatch.setattr(build_module, "commit", commit_seen)
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
    assert written_when_read == [[]] and description["commit"] == "0123456789abcdef"
    assert set(description["variants"]) == {"shipped", "without-cardcounter", "without-quentin"}
    for name, variant in description["variants"].items():
        assert len(variant["reader"]) == 2
        assert all((path.parent / f).stat().st_size > 10_000 for f in variant["reader"])
        assert (path.parent / variant["screen"]).exists()
        for folder in ("cardcounter", "quentin"):
            assert (f"cardphotos/{folder}" in variant["trained_on"]) == (name != f"without-{folder}")
    # the networks load in OpenCV and read a photo (a tiny model need not read it right)
    found = variants(path)
    photo = cv2.imread(str(SHARED / "cardphotos" / "rdpong" / "Aclubs.jpg"))
    assert isinstance(read_indices(decode_array(photo), nets=Networks(found["shipped"])), list)
    # the benchmark never scores a folder with networks that saw it
    for folder in ("cardcounter", "quentin"):
        chosen = unseen(folder, path)
        assert chosen is not None and chosen.name == f"without-{folder}"
    chosen = unseen("guillex7", path)
    assert chosen is not None and chosen.name == "shipped"
    assert any("held-back scenes" in line for line in lines)
    assert any(line.startswith("quentin:") and "of indices" in line for line in lines)
    # what else made them: the patches trained on, this machine's fonts and libraries
    from recognizer.training.environment import environment

    assert set(description["corpus"]) == {"synthetic", "cardcounter", "quentin"}
    assert description["environment"] == environment()


def test_a_rebuild_makes_the_same_networks_byte_for_byte(tmp_path: Path) -> None:
    """`make models` is reproducible: two tiny builds from the same inputs and thread count,
    one making its scenes in one process and the other in two, each with its own cache,
    write the same networks and the same description, byte for byte."""
    from recognizer.training.build import build

    made = []
    for run, workers in (("first", 1), ("second", 2)):
        path = build(SHARED, tmp_path / run / "models", scenes=4, epochs=1, workers=workers,
                     cache=tmp_path / run / "cache", threads=1, log=lambda _: None, real_limit=2)
        made.append({f.name: f.read_bytes() for f in sorted(path.parent.iterdir())})
    first, second = made
    assert len(first) == 8 and first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_the_shipped_description_names_networks_that_exist() -> None:
    for model in variants().values():
        assert model.readers and all(p.exists() for p in model.readers)
        assert model.screen is None or model.screen.exists()
        assert 0.0 <= model.screen_threshold < 1.0
        assert model.classes[-1] == "none" and "JK1" in model.classes and "10H" in model.classes
    # every real folder any variant was trained on has a variant that never saw it
    seen = {f for m in variants().values() for f in m.trained_on if f.startswith("cardphotos/")}
    assert all(unseen(f.split("/")[1]) is not None for f in seen)


def test_the_shipped_networks_are_small() -> None:
    total = sum(p.stat().st_size for p in variants()["shipped"].readers[0].parent.glob("*.onnx"))
    assert total < 5_000_000


def test_normalised_patches_match_between_training_and_serving() -> None:
    torch = pytest.importorskip("torch")
    from recognizer.patches import CHANNELS, normalise
    from recognizer.training.network import normalise as train_normalise

    patches = np.random.default_rng(0).integers(0, 256, (7, 32, 24, 3), dtype=np.uint8)
    served = normalise(patches)
    trained = train_normalise(torch.from_numpy(patches)).numpy()
    assert served.shape == trained.shape == (7, CHANNELS, 32, 24)
    assert np.abs(served - trained).max() < 1e-4
    # the colours lose brightness and contrast; the last two planes keep them
    assert abs(float(served[:, :3].mean())) < 1e-4
    dark = normalise(patches // 4)
    assert np.corrcoef(dark[:, :3].ravel(), served[:, :3].ravel())[0, 1] > 0.99
    assert (dark[:, 3] < served[:, 3]).all()
    assert (dark[:, 4] < served[:, 4]).all()


def test_the_scene_cache_follows_the_code_that_makes_patches_and_nothing_else() -> None:
    from recognizer.training.provenance import PATCH_MAKERS, modules

    names = {p.relative_to(p.parents[1]).as_posix() for p in modules(PATCH_MAKERS)}
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


def _lone_card_scene(code: str = "7S"):  # type: ignore[no-untyped-def]
    """A drawn card laid flat on a grey table (face pixels 1:1 at an offset), with its label map."""

    from recognizer.training.faces import draw_face, random_style
    from recognizer.training.glyphs import rank_fonts
    from recognizer.training.scenes import Placed, Scene

    rng = np.random.default_rng(11)
    style = replace(random_style(rng, 300), font=rank_fonts()[0], stroke=0.0, condense=0.9, suit_dx=0.0,
                    gap=0.15, rank_h=0.1, suit_h=0.75, language="en", four=False)
    face = draw_face(code, style, rng, [])
    h, w = face.image.shape[:2]
    image = np.full((h + 100, w + 100, 3), 90, np.uint8)
    image[50:50 + h, 50:50 + w] = face.image
    labels = np.full(image.shape[:2], -1, np.int32)
    labels[50:50 + h, 50:50 + w] = 0
    homography = np.array([[1.0, 0, 50], [0, 1.0, 50], [0, 0, 1.0]])
    return Scene(image, (Placed(face, homography),), labels, "single", "grey", 0.0), face


def test_the_screen_budget_lets_at_most_its_share_of_non_indices_through() -> None:
    """However low the recall rule would set the threshold, at most the budget's share of the
    non-indices passes; ties at the edge are all kept out rather than let over the budget."""
    from recognizer.training.build import budget_threshold

    others = np.array([0.9, 0.8, 0.8, 0.8, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05], np.float32)
    for share, passing in ((0.0, 0), (0.1, 1), (0.2, 1), (0.4, 4), (0.5, 5), (1.0, 10)):
        threshold = budget_threshold(others, share)
        assert int((others >= threshold).sum()) == passing, share
    assert budget_threshold(np.array([], np.float32), 0.02) == 0.0


def test_a_candidate_that_frames_a_fragment_of_a_glyph_is_no_example_of_its_card() -> None:
    """Two blobs of one glyph can fall in an index's rank and suit boxes: their patch shows a
    fragment nobody could read, so it teaches neither the card nor "no index"."""
    from recognizer.training.dataset import BACKGROUND, CODES, IGNORE, label_scene

    scene, face = _lone_card_scene("7S")
    mark = face.marks[0]
    rank_centre = np.array([(mark.rank[0] + mark.rank[2]) / 2, (mark.rank[1] + mark.rank[3]) / 2]) + 50
    suit_centre = np.array([(mark.suit[0] + mark.suit[2]) / 2, (mark.suit[1] + mark.suit[3]) / 2]) + 50
    # the index itself; its rank's bottom edge paired with its suit's top edge (a fragment);
    # a pair far off the card's indices
    rank = np.array([rank_centre, [rank_centre[0], mark.rank[3] + 50 - 1], [150.0, 200.0]])
    suit = np.array([suit_centre, [suit_centre[0], mark.suit[1] + 50 + 1], [150.0, 215.0]])
    labels, heights, _ = label_scene(scene, rank.astype(np.float32), suit.astype(np.float32))
    assert labels[0] == CODES.index("7S") and heights[0] > 0
    assert labels[1] == IGNORE
    assert labels[2] == BACKGROUND


def test_an_index_is_in_view_by_its_ink_not_by_its_glyph_boxes() -> None:
    """In a tight fan the next card covers the corner of a glyph's box while every stroke
    shows: that index is wholly in view. Half its suit covered, it is half in view."""
    from recognizer.training.dataset import mark_in_view

    scene, face = _lone_card_scene("7S")
    mark = face.marks[0]
    assert mark_in_view(scene, 0, mark) == 1.0
    grey = cv2.cvtColor(face.image, cv2.COLOR_BGR2GRAY)
    x0, y0, x1, y1 = (round(v) for v in mark.rank)
    qw, qh = max(1, (x1 - x0) // 3), max(1, (y1 - y0) // 3)
    corners = [(x0, y0), (x1 - qw, y0), (x0, y1 - qh), (x1 - qw, y1 - qh)]
    cx, cy = max(corners, key=lambda c: int(grey[c[1]:c[1] + qh, c[0]:c[0] + qw].min()))
    assert grey[cy:cy + qh, cx:cx + qw].min() > 200  # a corner of the rank's box holds no ink
    covered = scene.labels.copy()
    covered[50 + cy:50 + cy + qh, 50 + cx:50 + cx + qw] = 1  # another card lies over that corner
    assert mark_in_view(replace(scene, labels=covered), 0, mark) == 1.0
    sx0, sy0, sx1, sy1 = (round(v) for v in mark.suit)
    covered = scene.labels.copy()
    covered[50 + (sy0 + sy1) // 2:50 + sy1 + 1, 50 + sx0:50 + sx1 + 1] = 1  # the suit's lower half
    assert 0.3 < mark_in_view(replace(scene, labels=covered), 0, mark) < 0.7


def _edge_strength(image: np.ndarray) -> float:
    """How sharp a photo's strongest edges are (noise smoothed away first)."""
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0), 1.0)
    gradient = np.hypot(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))
    return float(np.percentile(gradient, 99.5))


@needs_art
def test_a_scene_in_focus_is_the_same_scene_through_a_camera_that_never_blurs() -> None:
    """From the same seed, a scene in focus holds the same cards in the same places; its
    edges are as sharp as the random camera's (within 5 %), and sharper where that camera blurred
    (the stress table's index-height rows use it, so that blur does not pass for size)."""
    from recognizer.stress import Deck, sources_from
    from recognizer.training.corpus import background_photos
    from recognizer.training.scenes import render

    sources = sources_from(SHARED)
    photos = background_photos(sources)
    ratios = []
    for k in range(6):
        scenes = []
        for in_focus in (False, True):
            rng = np.random.default_rng([9, k])
            scenes.append(render(Deck(sources, rng).faces(4), rng, photos, size=(800, 600), layout="row",
                                 in_focus=in_focus))
        random_camera, steady = scenes
        assert np.array_equal(random_camera.labels, steady.labels)
        assert [p.face.code for p in random_camera.cards] == [p.face.code for p in steady.cards]
        ratios.append(_edge_strength(steady.image) / _edge_strength(random_camera.image))
    assert min(ratios) > 0.95 and max(ratios) > 1.5, ratios


def test_training_batches_are_changed_reproducibly() -> None:
    torch = pytest.importorskip("torch")
    from recognizer.training.augment import augment

    x = torch.randn(16, 3, 32, 24)
    first = augment(x, torch.Generator().manual_seed(5))
    again = augment(x, torch.Generator().manual_seed(5))
    assert first.shape == x.shape and torch.equal(first, again)
    assert not torch.allclose(first, x)
    assert torch.equal(augment(x, torch.Generator().manual_seed(5), strength=0.0), x)


def test_drawn_decks_never_print_pips_or_pictures_into_an_index() -> None:
    """Card makers keep the picture (and its frame) clear of the corner index; a drawn deck
    whose frame ran through its suit taught the reader indices no deck prints."""
    from recognizer.training.faces import _picture_box, draw_face, random_style

    for seed in range(40):
        rng = np.random.default_rng([seed, 9])
        style = random_style(rng, 300)
        face = draw_face("9D", style, rng, [])
        mark = face.marks[0]
        x0 = _picture_box(style, max(mark.rank[2], mark.suit[2]))[0]
        assert x0 > max(mark.rank[2], mark.suit[2]) or x0 == round(style.width * 0.3)


def _reading(card: str, p: float, partner: str, q: float) -> Callable[[np.ndarray], np.ndarray]:
    """A stand-in for the first reader's verdicts: every patch read as ``card`` with ``p``
    and as ``partner`` with ``q``, the rest spread evenly."""
    from recognizer.training.dataset import CLASSES

    def read(patches: np.ndarray) -> np.ndarray:
        out = np.full((len(patches), len(CLASSES)), (1 - p - q) / (len(CLASSES) - 2), np.float32)
        out[:, CLASSES.index(card)] = p
        out[:, CLASSES.index(partner)] = q
        return out

    return read


def test_a_whole_card_box_names_the_suit_the_reader_alone_got_wrong() -> None:
    """quentin's boxes surround whole cards: a candidate inside the box of a 7 of clubs that
    the first reader takes for a 7 of spades is a 7 of clubs, because only clubs lie there;
    a candidate off every box is no index; where the reader doubts, the box's candidates are left out."""
    from recognizer.training.dataset import BACKGROUND, CODES
    from recognizer.training.photos import box_patches, plain_code

    scene, face = _lone_card_scene("7C")
    image = scene.image.copy()
    image[5:25, 5:19] = 255  # a white chip off the card with a dark mark on it: a candidate
    cv2.putText(image, "7", (6, 17), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (0, 0, 0), 1)
    h, w = image.shape[:2]
    fh, fw = face.image.shape[:2]
    box = [("7C", (50 + fw / 2) / w, (50 + fh / 2) / h, fw / w, fh / h)]
    labelled = box_patches(image, box, _reading("7S", 0.7, "7C", 0.25), plain_code("x.jpg"), "card")
    assert CODES.index("7C") in labelled.labels and CODES.index("7S") not in labelled.labels
    assert (labelled.labels == BACKGROUND).any()
    doubtful = box_patches(image, box, _reading("7S", 0.02, "7C", 0.02), plain_code("x.jpg"), "card")
    assert not ((doubtful.labels >= 0) & (doubtful.labels < BACKGROUND)).any()
    assert (doubtful.labels == BACKGROUND).any()  # the chip off the card is still no index


def test_boxes_of_an_unknown_kind_are_refused() -> None:
    from recognizer.training.photos import box_patches, plain_code

    image = np.full((64, 64, 3), 230, np.uint8)
    with pytest.raises(ValueError, match="'index' or 'card'"):
        box_patches(image, [], _reading("7S", 0.7, "7C", 0.25), plain_code("x.jpg"), "cards")
