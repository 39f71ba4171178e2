"""The French reader on what a table shows: a hand fanned as tightly as players hold it,
hearts told from diamonds on small indices, jokers, a card under a book; real fanned
hands read by networks that never saw them. Synthetic photos come from the stress
table's machinery with seeds no training run uses."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from recognizer.decode import decode, decode_array
from recognizer.evaluate import seen, truth
from recognizer.pipeline import read_indices
from recognizer.reader import networks, unseen

from .conftest import SHARED

pytest.importorskip("PIL", reason="the training extra ('.[models]') draws the synthetic decks")
from recognizer.stress import Deck, expected_cards, sources_from
from recognizer.training.corpus import background_photos
from recognizer.training.scenes import Scene, render

SOURCES = sources_from(SHARED)
needs_art = pytest.mark.skipif(not (SHARED / "cardart" / "french-vector").is_dir(),
                               reason=f"no card artwork at {SHARED / 'cardart'}")
SEED = 4242  # no training run uses it
# The bounds sit a little under what the shipped networks measure on these scenes (see the
# closing figures of `make bench`), so that a change that loses cards fails here.
FAN_RECALL, FAN_FALSE = 0.95, 4  # 13-card fans: share of the visible indices read (37 of 37); false
# cards (4: three of them hearts whose suit lies mostly under the next card, read as diamonds)
CLI_FAN_READ = 10  # of a 13-card fan on a pale table, read by `companion recognize`
SMALL_READ, SMALL_SUITS = 24, 0.82  # red cards with 12 px indices: named (28); share of right suits (.857)
JOKERS_READ = 2  # of 6 photos of a joker, in which it is found (JK1 4, JK2 2)
OVERLAP_RECALL, OVERLAP_PRECISION = 0.72, 0.80  # cardcounter's overlapping hands, never seen (.750, .843)
GOLD_RECALL, GOLD_PRECISION = 0.74, 0.83  # cardcounter's gold-on-black deck, never seen (.784, .873)


def _read(scene: Scene) -> Counter[str]:
    return Counter(d.card for d in read_indices(decode_array(scene.image)))


def _scene(k: int, count: int, **args: object) -> Scene:
    rng = np.random.default_rng([SEED, k])
    return render(Deck(SOURCES, rng).faces(count), rng, background_photos(SOURCES), **args)  # type: ignore[arg-type]


@needs_art
def test_fans_of_thirteen_held_tightly_are_read_whole() -> None:
    """Hands of 13 with a fifth of each card showing: nearly every card, nothing false."""
    wanted = right = false = 0
    for k in range(6):
        scene = _scene(k, 13, layout="fan", show=0.2, size=(1400, 1050), fill=0.8, tilt_deg=15.0)
        found = _read(scene)
        want = expected_cards(scene)
        wanted += sum(want.values())
        right += sum((found & want).values())
        false += sum((found - Counter(p.face.code for p in scene.cards)).values())
    assert right >= FAN_RECALL * wanted and false <= FAN_FALSE


@needs_art
@pytest.mark.parametrize("surface", ["maple", "laminate", "paper"])
def test_the_recognize_command_names_a_fanned_hand_on_a_pale_table(
        surface: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What a player tries first: a hand of 13 fanned on a pale table, photographed, and
    `companion recognize --json` on the photo."""
    scene = _scene(50, 13, layout="fan", show=0.2, size=(1600, 1200), fill=0.75, tilt_deg=10.0,
                   surface_kind=surface)
    ok, jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(jpeg.tobytes())
    assert main(["recognize", "--json", str(photo)]) == 0
    detections = json.loads(capsys.readouterr().out)["images"][0]["detections"]
    found = Counter(d["card"] for d in detections)
    held = Counter(p.face.code for p in scene.cards)
    assert sum((found & held).values()) >= CLI_FAN_READ and not found - held
    assert all(len(d["corners"]) == 4 for d in detections)


@needs_art
def test_hearts_are_told_from_diamonds_on_small_indices() -> None:
    """Rows of red cards whose indices are about 12 pixels tall: the suit is right."""
    from recognizer.training.faces import draw_face

    named = right = 0
    for k in range(8):
        rng = np.random.default_rng([SEED, 100 + k])
        deck = Deck(SOURCES, rng)
        codes = [f"{r}{s}" for r in ("A", "5", "9", "K") for s in ("H", "D")]
        faces = [draw_face(c, deck.style, rng, []) for c in codes]
        scene = render(faces, rng, background_photos(SOURCES), size=(1200, 900), layout="row", tilt_deg=0.0,
                       card_px=62.0)
        for d in read_indices(decode_array(scene.image)):
            if d.card[-1] in "HD":
                named += 1
                right += d.card in codes
    assert named >= SMALL_READ and right >= SMALL_SUITS * named


def test_the_stress_table_counts_a_card_read_as_the_other_suit_of_its_colour() -> None:
    """A heart read as a diamond and a club as a spade count as swaps of their colour; a
    diamond that is in the photo, a card of another rank and a joker do not."""
    from recognizer.stress import colour_swaps

    there = Counter({"KH": 1, "10C": 1, "5S": 2, "JK1": 1, "7H": 1, "7D": 1})
    want = there - Counter({"7D": 1})  # the seven of diamonds' indices are covered
    found = Counter({"KD": 1, "10C": 1, "5C": 1, "QH": 1, "7D": 1})
    assert colour_swaps(want, found, there) == Counter(red=1, black=1)
    assert colour_swaps(want, want, there) == Counter()


@needs_art
@pytest.mark.parametrize("joker", ["JK1", "JK2"])
def test_jokers_are_read_by_their_colour(joker: str) -> None:
    from recognizer.training.faces import draw_face

    hits = other = 0
    for k in range(6):
        rng = np.random.default_rng([SEED, 200 + k])
        deck = Deck(SOURCES, rng)
        faces = [draw_face(c, deck.style, rng, []) for c in (joker, "7C", "QD")]
        scene = render(faces, rng, background_photos(SOURCES), size=(1000, 750), layout="row", tilt_deg=10.0,
                       card_px=180.0)
        found = _read(scene)
        hits += found[joker] >= 1
        other += found[{"JK1": "JK2", "JK2": "JK1"}[joker]]
    assert hits >= JOKERS_READ and other <= 1  # the other joker at most once in six photos


PHOTOS = SHARED / "cardphotos"
needs_photos = pytest.mark.skipif(not (PHOTOS / "cardcounter").is_dir(), reason=f"no photos at {PHOTOS}")


def _cardcounter_photos(*prefixes: str, least: int = 1) -> list[dict[str, str]]:
    """cardcounter's photos whose names start with one of ``prefixes``, of ``least`` cards."""
    with (PHOTOS / "cardcounter" / "labels.csv").open() as f:
        return [r for r in csv.DictReader(f)
                if r["file"].startswith(prefixes) and len(r["cards"].split()) >= least]


def _read_unseen(rows: list[dict[str, str]]) -> tuple[int, int, int]:
    """Cards labelled, read right and read at all in cardcounter's ``rows``, by networks
    that never saw that folder (any joker of the gold deck counts as ``JK``)."""
    model = unseen("cardcounter")
    assert model is not None
    nets = networks(model.name)
    assert "cardphotos/cardcounter" not in nets.model.trained_on
    wanted = right = found_all = 0
    for row in rows:
        photo = decode((PHOTOS / "cardcounter" / row["file"]).read_bytes())
        found = seen("cardcounter", row, read_indices(photo, nets=nets))
        want = truth("cardcounter", row)
        wanted += sum(want.values())
        right += sum((found & want).values())
        found_all += sum(found.values())
    return wanted, right, found_all


@needs_photos
def test_real_overlapping_hands_are_read_by_networks_that_never_saw_them() -> None:
    """cardcounter's webcam shots of many overlapping cards, some held in a fan."""
    rows = _cardcounter_photos("WIN_", least=6)
    assert len(rows) >= 20
    wanted, right, found_all = _read_unseen(rows)
    assert right >= OVERLAP_RECALL * wanted and right >= OVERLAP_PRECISION * found_all


@needs_photos
def test_a_black_deck_printed_in_gold_is_read_by_networks_that_never_saw_it() -> None:
    """cardcounter's novelty deck, gold ink on black cards: no dark ink is read, so each
    photo is read again with its brightness inverted."""
    rows = _cardcounter_photos("IMG_77", "IMG_78")
    assert len(rows) >= 100
    wanted, right, found_all = _read_unseen(rows)
    figures = f"{right} of {wanted} read right, {found_all} read"
    assert right >= GOLD_RECALL * wanted and right >= GOLD_PRECISION * found_all, figures


def test_a_photo_with_no_dark_ink_read_is_read_inverted_at_its_own_scale_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty table is read in dark ink, then one octave finer (small indices may hide
    there), then inverted for light ink: at its own scale only unless the settings ask for
    the finer octave too (it found one light-ink card more in 93 on the stress table and
    cost an empty 720p frame a fifth of its time)."""
    from dataclasses import replace

    import recognizer.pipeline as pipeline
    from recognizer.settings import Settings

    calls: list[int] = []
    real = pipeline.finer_candidates

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "finer_candidates", counted)
    rng = np.random.default_rng(3)
    table = cv2.GaussianBlur(rng.integers(90, 140, (480, 640, 3), dtype=np.uint8), (0, 0), 2.0)
    nets = networks()
    assert read_indices(decode_array(table), nets=nets) == []
    assert len(calls) == 1
    both = replace(Settings(), light=replace(Settings().light, finer=True))
    assert read_indices(decode_array(table), both, nets) == []
    assert len(calls) == 3


@needs_art
def test_the_loss_breakdown_counts_the_finer_pass_as_the_pipeline_reads_it() -> None:
    """Cards 50 pixels wide: the pipeline reads the scene again one octave finer and reads
    all three; the breakdown, looking at both passes, loses none. Without the finer pass
    two of them are never framed: lost by the finder. (Only the missed cards are compared:
    what the stone table's grain may be read as is the precision's business, measured by the
    stress table.)"""
    from dataclasses import replace

    from recognizer.lostcards import where_lost
    from recognizer.settings import Settings

    scene = _scene(77, 3, layout="row", tilt_deg=0.0, card_px=50.0, size=(1200, 900))
    nets = networks()
    assert sum(expected_cards(scene).values()) == 3
    assert where_lost(scene, nets)[0] == Counter()
    coarse = replace(Settings(), read=replace(Settings().read, max_fine_pixels=0))
    assert where_lost(scene, nets, settings=coarse)[0] == Counter(finder=2)


@needs_art
def test_a_lost_card_is_put_down_to_the_stage_that_lost_it() -> None:
    """The stress table's breakdown: read whole, nothing is lost; with the screen shut, the
    reader asked for certainty, or the finder pairing no glyphs, every card is
    lost at that stage; a card labelled as another is lost at the reader and its reading
    counts as false, read from another card's index; a card whose indices are not grouped
    as one card's is counted twice."""
    from dataclasses import replace

    from recognizer.lostcards import where_lost
    from recognizer.reader import Networks
    from recognizer.settings import GroupSettings, Settings
    from recognizer.types import FindSettings

    scene = _scene(60, 4, layout="row", tilt_deg=0.0, card_px=160.0, size=(1200, 900))
    nets = networks()
    cards = sum(expected_cards(scene).values())
    assert cards == 4 and where_lost(scene, nets) == (Counter(), Counter())
    shut = Networks(replace(nets.model, screen_threshold=1.01))
    assert where_lost(scene, shut) == (Counter(screen=cards), Counter())
    sure = Settings(group=GroupSettings(min_reading=1.01))
    assert where_lost(scene, nets, settings=sure) == (Counter(reader=cards), Counter())
    blind = Settings(find=replace(FindSettings(), min_distance=50.0, max_distance=51.0, min_merged=10_000))
    assert where_lost(scene, nets, settings=blind) == (Counter(finder=cards), Counter())
    first = scene.cards[0]
    other = next(c for c in ("QS", "7D", "AH") if c not in {p.face.code for p in scene.cards})
    relabelled = replace(scene, cards=(replace(first, face=replace(first.face, code=other)),
                                       *scene.cards[1:]))
    assert where_lost(relabelled, nets) == (Counter(reader=1), Counter({"another card": 1}))
    # a jumbo-index deck: its two top indices sit 3.3 index units apart; the grouping pairs
    # indices from 2.5 units apart, so each card counts once (from 4 units, most counted twice:
    # how many depends on which of each card's indices the networks read)
    jumbo = _scene(61, 4, layout="row", tilt_deg=0.0, card_px=160.0, size=(1200, 900))
    lost, false = where_lost(jumbo, nets)
    assert not lost and false["counted twice"] == 0
    farther = Settings(group=GroupSettings(pair_reach=(4.0, 30.0)))
    lost, false = where_lost(jumbo, nets, settings=farther)
    assert not lost and 3 <= false["counted twice"] <= 4


@needs_art
def test_a_card_lost_by_the_finder_is_put_down_to_the_finder_test_its_index_fails() -> None:
    """Four cards in a row, the finder blinded one test at a time: every card is lost by the
    finder, and each is put down to the test that was made impossible to pass (no ink at all,
    no blob of a glyph's size, glyphs never close enough, no ink strong enough); with the
    finder as shipped nothing is lost, so there is nothing to explain."""
    from dataclasses import replace

    from recognizer.lostcards import where_lost
    from recognizer.settings import Settings
    from recognizer.types import FindSettings

    scene = _scene(60, 4, layout="row", tilt_deg=0.0, card_px=160.0, size=(1200, 900))
    nets = networks()
    cards = sum(expected_cards(scene).values())
    why: Counter[str] = Counter()
    assert where_lost(scene, nets, why=why)[0] == Counter() and why == Counter()
    plain = FindSettings()
    blinded = {
        "rank not inked": replace(plain, min_contrast=255, relative_contrast=5.0),
        "glyph shape": replace(plain, min_glyph=200, min_glyph_coarse=200, min_merged=10_000),
        "pair rule": replace(plain, min_distance=50.0, max_distance=51.0, min_merged=10_000),
        "no strong ink": replace(plain, strong_contrast=255, strong_relative=5.0),
    }
    for reason, find_s in blinded.items():
        why = Counter()
        lost, _ = where_lost(scene, nets, settings=Settings(find=find_s), why=why)
        assert lost == Counter(finder=cards), reason
        assert why == Counter({reason: cards}), (reason, why)


def test_the_finder_tests_an_index_drawn_plainly_passes_and_one_run_into_a_line_fails() -> None:
    """A rank and a suit drawn apart on white pass every finder test on their level; the same
    glyphs joined by a stroke are one blob; the suit alone leaves the rank not inked; a rank
    as faint as a ghost is not inked either."""
    from recognizer.candidates import Level, LevelInk, darkest
    from recognizer.finderlosses import REASONS, stage_reached
    from recognizer.types import FindSettings

    def level(draw: str) -> Level:
        image = np.full((80, 80, 3), 235, np.uint8)
        rank_ink = (222, 222, 222) if draw == "ghost" else (20, 20, 20)
        if draw != "suit only":
            cv2.putText(image, "7", (30, 34), cv2.FONT_HERSHEY_SIMPLEX, 0.6, rank_ink, 2)
        cv2.circle(image, (36, 48), 5, (20, 20, 20), -1)
        if draw == "joined":
            cv2.line(image, (36, 30), (36, 46), (20, 20, 20), 3)
        return Level(image, darkest(image), 1.0)

    rank, suit = np.array([36.0, 27.0]), np.array([36.0, 48.0])
    s = FindSettings()
    reached = {draw: REASONS[stage_reached(LevelInk.of(level(draw), s), rank, suit, s, top=False,
                                           finest=True)]
               for draw in ("plain", "joined", "suit only", "ghost")}
    assert reached == {"plain": "passes every test", "joined": "one blob", "suit only": "rank not inked",
                       "ghost": "rank not inked"}
