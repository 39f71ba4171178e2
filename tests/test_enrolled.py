"""Enrolled decks: learning faces from images, the deck file, and finding the cards again.

Faces the test draws itself check the mechanics anywhere; the artwork and the real tarot
photos in ../shared (skipped with the reason when absent) check accuracy with tolerances.
"""

from __future__ import annotations

import zipfile
from functools import cache
from io import BytesIO

import cv2
import numpy as np
import pytest

from recognizer.decode import decode_array
from recognizer.enrolled import DeckFileError, EnrolledDeck, enrol_faces, with_faces
from recognizer.evaluate import evaluate_enrolled_folder, evaluate_scenes, load_art
from recognizer.matching import recognize_enrolled
from recognizer.scenes import render

from .conftest import SHARED
from .enrol_helpers import PIP_PLACES, drawn_face, pip_face

ART = SHARED / "cardart"
PHOTOS = SHARED / "cardphotos"
needs_art = pytest.mark.skipif(not (ART / "rws-tarot").is_dir(), reason=f"no card artwork at {ART}")
needs_photos = pytest.mark.skipif(not (PHOTOS / "rws_major").is_dir(), reason=f"no tarot photos at {PHOTOS}")


@cache
def drawn_deck() -> tuple[dict[str, np.ndarray], EnrolledDeck]:
    faces = {f"D{i}": drawn_face(i) for i in range(12)}
    return faces, enrol_faces(faces, "custom", "drawn")


# ---- the deck and its file ----------------------------------------------------------------
def test_a_deck_learns_every_face_in_one_canonical_frame() -> None:
    _, deck = drawn_deck()
    assert deck.codes == tuple(f"D{i}" for i in range(12))
    assert deck.size == (240, 400)
    assert len(deck.thumb_owner) == 12
    assert set(np.unique(deck.owner)) == set(range(12))
    assert deck.descriptors.shape == (len(deck.owner), 32)


def test_several_images_of_a_card_are_all_kept() -> None:
    face = drawn_face(1)
    turned = np.ascontiguousarray(np.rot90(face))  # landscape images are turned upright
    deck = enrol_faces({"D1": [face, turned], "D2": drawn_face(2)}, "custom", "two")
    assert list(deck.thumb_owner) == [0, 0, 1]


def test_cards_added_to_a_deck_join_it_and_a_card_taught_again_is_known_from_the_new_image() -> None:
    faces, _ = drawn_deck()
    first = enrol_faces({c: faces[c] for c in ("D0", "D1", "D2")}, "custom", "half")
    more = enrol_faces({"D2": faces["D5"], "D3": faces["D3"]}, "custom", "half", size=first.size)
    whole = with_faces(first, more)
    assert whole.codes == ("D0", "D1", "D2", "D3") and whole.size == first.size
    assert list(whole.thumb_owner) == [0, 1, 2, 3]
    # D2's keypoints and picture now come from the image it was taught again with (D5's face)
    assert np.array_equal(whole.thumbs[2], more.thumbs[0])
    assert np.array_equal(whole.descriptors[whole.owner == 2], more.descriptors[more.owner == 0])
    assert np.array_equal(whole.descriptors[whole.owner == 0], first.descriptors[first.owner == 0])
    assert EnrolledDeck.from_bytes(whole.to_bytes()).codes == whole.codes  # a deck file like any
    with pytest.raises(ValueError):
        with_faces(first, enrol_faces({"D4": faces["D4"]}, "custom", "half", size=(200, 300)))


def test_the_deck_file_round_trips() -> None:
    _, deck = drawn_deck()
    data = deck.to_bytes()
    back = EnrolledDeck.from_bytes(data)
    assert (back.name, back.kind, back.size, back.codes) == (deck.name, deck.kind, deck.size, deck.codes)
    assert np.array_equal(back.descriptors, deck.descriptors)
    assert np.array_equal(back.thumbs, deck.thumbs)
    assert np.allclose(back.xy, deck.xy, atol=0.25)
    assert len(data) < 20_000 * len(deck.codes)


def _rezip(data: bytes, name: str, payload: bytes) -> bytes:
    src = zipfile.ZipFile(BytesIO(data))
    out = BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for item in src.namelist():
            z.writestr(item, payload if item == name else src.read(item))
    return out.getvalue()


def test_damaged_or_foreign_deck_files_are_refused() -> None:
    _, deck = drawn_deck()
    data = deck.to_bytes()
    buf = BytesIO()
    np.save(buf, np.arange(10))
    for bad in (b"", b"hello", data[: len(data) // 2], _rezip(data, "meta.npy", buf.getvalue())):
        with pytest.raises(DeckFileError):
            EnrolledDeck.from_bytes(bad)
    # A file of arrays with pickled objects is never unpickled.
    obj = BytesIO()
    np.save(obj, np.array([{"a": 1}], dtype=object), allow_pickle=True)
    with pytest.raises(DeckFileError):
        EnrolledDeck.from_bytes(_rezip(data, "owner.npy", obj.getvalue()))


# ---- finding the cards --------------------------------------------------------------------
def test_drawn_cards_are_found_in_rendered_scenes() -> None:
    faces, deck = drawn_deck()
    tally = evaluate_scenes(faces, deck, 8, seed=3)
    assert tally.recall >= 0.9, tally.misses
    assert tally.precision == 1.0, tally.misses


def test_the_corners_go_round_the_card_from_its_top_left() -> None:
    faces, deck = drawn_deck()
    rng = np.random.default_rng(5)
    scene = render(faces, ["D4"], rng)
    (found,) = recognize_enrolled(decode_array(scene.image), deck)
    assert found.card == "D4" and found.confidence >= 0.6
    error = np.abs(np.array(found.corners) - scene.cards[0].quad).max()
    assert error < 0.04 * float(np.linalg.norm(scene.cards[0].quad[1] - scene.cards[0].quad[0])) + 3


def test_a_card_filling_the_photo_is_found() -> None:
    _, deck = drawn_deck()
    face = drawn_face(7)
    photo = cv2.resize(face[10:-10, 6:-6], (480, 800))
    (found,) = recognize_enrolled(decode_array(photo), deck)
    assert found.card == "D7"


def test_a_card_never_enrolled_is_unknown_not_a_guess() -> None:
    _, deck = drawn_deck()
    strangers = {f"S{i}": drawn_face(100 + i) for i in range(3)}
    rng = np.random.default_rng(2)
    for _ in range(3):
        scene = render(strangers, list(strangers), rng)
        assert recognize_enrolled(decode_array(scene.image), deck) == []


def test_an_empty_table_has_no_cards() -> None:
    _, deck = drawn_deck()
    table = np.full((900, 1200, 3), (40, 110, 40), np.uint8)
    assert recognize_enrolled(decode_array(table), deck) == []


def test_plain_faces_are_told_apart_by_their_pips() -> None:
    faces = {f"{n}D": pip_face(n) for n in PIP_PLACES}
    deck = enrol_faces(faces, "custom", "pips")
    rng = np.random.default_rng(8)
    read = 0
    for n in PIP_PLACES:
        for _ in range(2):
            scene = render(faces, [f"{n}D"], rng)
            found = [d.card for d in recognize_enrolled(decode_array(scene.image), deck)]
            assert found in ([f"{n}D"], []), (n, found)  # never another count
            read += len(found)
    assert read >= 8


def test_a_card_half_covered_is_still_found() -> None:
    faces, deck = drawn_deck()
    rng = np.random.default_rng(11)
    scene = render(faces, ["D2"], rng)
    quad = scene.cards[0].quad
    image = scene.image.copy()
    # A hand (dark, unknown) over the lower part of the card.
    cover = np.array([quad[3], quad[2], (quad[1] + quad[2]) / 2, (quad[0] + quad[3]) / 2], np.int32)
    cv2.fillPoly(image, [cover], (60, 80, 120))
    found = [d.card for d in recognize_enrolled(decode_array(image), deck)]
    assert found == ["D2"]


# ---- the tarot artwork and real photos ------------------------------------------------------
@cache
def rws() -> tuple[dict[str, np.ndarray], EnrolledDeck]:
    faces = load_art(ART / "rws-tarot")
    return faces, enrol_faces(faces, "tarot78", "rws")


@needs_art
@needs_photos
def test_real_photos_of_the_rws_design_are_read() -> None:
    _, deck = rws()
    for folder in ("rws_major", "rws_aces"):
        tally = evaluate_enrolled_folder(PHOTOS / folder, deck)
        assert tally.recall >= 0.95, (folder, tally.misses)
        assert tally.precision >= 0.99, (folder, tally.misses)


@needs_art
@needs_photos
def test_a_french_tarot_photo_is_read_or_left_unknown() -> None:
    # The photos show a modern printing of the Tarot Nouveau: trump 16 is read from the
    # 1898 artwork; its 4 of diamonds has moved pips and corner indices, and must not be misread.
    deck = enrol_faces(load_art(ART / "tarot-nouveau"), "tarot78", "nouveau")
    tally = evaluate_enrolled_folder(PHOTOS / "frtarot", deck)
    assert tally.correct >= 1, tally.misses
    assert tally.precision == 1.0, tally.misses


@needs_art
def test_every_trump_and_the_fool_are_told_apart() -> None:
    faces, deck = rws()
    rng = np.random.default_rng(21)
    wrong, missed = [], []
    for n in range(22):
        code = f"T{n}"
        scene = render(faces, [code], rng)
        found = [d.card for d in recognize_enrolled(decode_array(scene.image), deck)]
        if found != [code]:
            (wrong if found else missed).append((code, found))
    assert not wrong
    assert len(missed) <= 1, missed


@needs_art
def test_rendered_tarot_scenes_are_read() -> None:
    faces, deck = rws()
    tally = evaluate_scenes(faces, deck, 16, seed=1)
    assert tally.recall >= 0.93, tally.misses
    assert tally.precision >= 0.99, tally.misses


@needs_art
def test_pip_cards_of_a_french_deck_are_counted_right() -> None:
    faces = load_art(ART / "french-english")
    deck = enrol_faces(faces, "french54", "english")
    rng = np.random.default_rng(4)
    wrong, missed = [], []
    for suit in "SD":
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10"):
            code = rank + suit
            scene = render(faces, [code], rng)
            found = [d.card for d in recognize_enrolled(decode_array(scene.image), deck)]
            if found != [code]:
                (wrong if found else missed).append((code, found))
    assert not wrong
    assert len(missed) <= 2, missed


@needs_art
def test_an_italian_deck_enrolled_for_kaiserspiel_reads_its_cavalli_as_obers() -> None:
    from companion.decks.library import images_in_folder

    by_code = images_in_folder(ART / "italian-piacentine", "kaiser40")
    assert len(by_code) == 40 and "QC" in by_code and "CC" not in by_code  # the cavallo is the Ober
    faces = {code: images[0] for code, images in by_code.items()}
    deck = enrol_faces(faces, "kaiser40", "piacentine")
    tally = evaluate_scenes(faces, deck, 12, seed=3)
    assert tally.recall >= 0.9, tally.misses
    assert tally.precision >= 0.99, tally.misses
