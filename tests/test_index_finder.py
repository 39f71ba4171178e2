"""The index-first recogniser's pure stages: candidates found at any rotation and size
without the card standing out from its table, patches cut upright, and readings grouped
into cards (one card's two or four indices count once, two copies of a card twice)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from recognizer.candidates import find, pyramid
from recognizer.grouping import Index, cards, corners, indices
from recognizer.patches import cut, frames
from recognizer.settings import GroupSettings
from recognizer.types import FindSettings

pytest.importorskip("PIL", reason="the training extra draws the card faces")
from recognizer.training.faces import Face, draw_face, random_style
from recognizer.training.glyphs import rank_fonts


def _face(code: str, seed: int = 3) -> Face:
    """A face of a plain deck: an upright sans index, the suit under the rank."""
    rng = np.random.default_rng(seed)
    style = replace(
        random_style(rng, 300),
        font=rank_fonts()[0],
        stroke=0.0,
        condense=0.9,
        suit_dx=0.0,
        gap=0.15,
        rank_h=0.1,
        suit_h=0.75,
        language="en",
        four=False,
    )
    return draw_face(code, style, rng, [])


def _placed(
    face: Face, angle: float, card_px: float, table: int = 150, size: int = 700
) -> tuple[np.ndarray, np.ndarray]:
    """The face turned by ``angle`` degrees, ``card_px`` wide, on a plain table; with its
    face-to-photo transform (2 x 3)."""
    h, w = face.image.shape[:2]
    k = card_px / w
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, k)
    m[:, 2] += np.array([size / 2, size / 2]) - np.array([w / 2, h / 2])
    photo = cv2.warpAffine(face.image, m, (size, size), flags=cv2.INTER_AREA, borderValue=(table,) * 3)
    return photo, m


def _box_centre(box: tuple[float, float, float, float], m: np.ndarray) -> np.ndarray:
    c = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2, 1.0])
    return np.asarray(m @ c)


@pytest.mark.parametrize("angle", [0, 35, 90, 150, 200, 290])
@pytest.mark.parametrize("card_px", [70, 160, 400])
def test_an_index_is_a_candidate_at_any_rotation_and_size(angle: float, card_px: float) -> None:
    face = _face("7H")
    photo, m = _placed(face, angle, card_px, table=235)  # a pale table: the card does not stand out
    levels = pyramid(photo)
    found = find(levels)
    rank, suit, _ = found.in_working(levels)
    mark = face.marks[0]
    want_rank, want_suit = _box_centre(mark.rank, m), _box_centre(mark.suit, m)
    unit = float(np.linalg.norm(want_suit - want_rank))
    near = (np.linalg.norm(rank - want_rank, axis=1) < 0.45 * unit) & (
        np.linalg.norm(suit - want_suit, axis=1) < 0.45 * unit
    )
    assert near.any()


def test_patches_are_cut_upright_whatever_the_rotation() -> None:
    face = _face("QS")
    mark = face.marks[0]
    cuts = []
    for angle in (0, 70, 180):
        photo, m = _placed(face, angle, 300)
        levels = pyramid(photo)
        found = find(levels)
        rank, suit, _ = found.in_working(levels)
        want = _box_centre(mark.rank, m)
        best = int(
            np.argmin(
                np.linalg.norm(rank - want, axis=1) + np.linalg.norm(suit - _box_centre(mark.suit, m), axis=1)
            )
        )
        cuts.append(cut(levels, found.take(np.array([best])))[0].astype(np.float32))
    for other in cuts[1:]:
        assert float(np.abs(other - cuts[0]).mean()) < 30  # the same picture, grey levels apart


def test_patches_cut_together_are_the_patches_cut_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every candidate's sampling points go to one remap of wide rows, and a level with
    more candidates than one map holds takes several: each patch is still exactly the
    patch its candidate gives alone."""
    import recognizer.patches as patches

    face = _face("9H")
    photo, _ = _placed(face, 25, 260)
    levels = pyramid(photo)
    found = find(levels)
    assert len(found) > 20
    alone = np.stack([cut(levels, found.take(np.array([k])))[0] for k in range(len(found))])
    assert np.array_equal(cut(levels, found), alone)
    monkeypatch.setattr(patches, "MAP_ROWS", 7)
    monkeypatch.setattr(patches, "MAP_COLUMNS", 550)  # five 32 x 24 patches a map, its last row part full
    maps: list[tuple[int, int]] = []
    remap = cv2.remap

    def counted(image: np.ndarray, mx: np.ndarray, my: np.ndarray, *args: object, **kw: object) -> np.ndarray:
        maps.append(mx.shape)
        return remap(image, mx, my, *args, **kw)

    monkeypatch.setattr(cv2, "remap", counted)
    assert np.array_equal(cut(levels, found), alone)
    per_level = np.bincount(found.level)
    assert len(maps) == sum(-(-int(n) // 5) for n in per_level if n)
    assert all(rows <= 7 and columns == 550 for rows, columns in maps)
    monkeypatch.setattr(patches, "MAX_PATCHES", 2)  # the cap on patches a call, below what a map holds
    maps.clear()
    assert np.array_equal(cut(levels, found), alone)
    assert len(maps) == sum(-(-int(n) // 2) for n in per_level if n)


def test_frames_point_down_the_index_and_across_into_the_card() -> None:
    across, down = frames(np.array([[10.0, 10.0]]), np.array([[10.0, 20.0]]))
    assert down.tolist() == [[0.0, 10.0]]
    assert across.tolist() == [[10.0, 0.0]]  # the card lies to the right of its upright index


def test_a_plain_table_gives_few_candidates() -> None:
    rng = np.random.default_rng(1)
    wood = cv2.GaussianBlur(rng.integers(90, 140, (800, 1000, 3), dtype=np.uint8), (0, 0), 3)
    levels = pyramid(wood)
    assert len(find(levels)) < 50


def _index(
    card: str,
    x: float,
    y: float,
    down: tuple[float, float] = (0.0, 1.0),
    unit: float = 10.0,
    confidence: float = 0.9,
) -> Index:
    return Index(card, confidence, np.array([x, y]), np.array(down), unit)


def test_two_indices_of_one_card_count_once() -> None:
    top = _index("KH", 100, 100)
    bottom = _index("KH", 100 + 60, 100 + 85, down=(0.0, -1.0))  # turned, at the opposite corner
    found = cards([top, bottom])
    assert [c.card for c in found] == ["KH"]
    assert found[0].confidence == pytest.approx(1 - 0.1 * 0.1)


def test_four_indices_of_one_card_count_once() -> None:
    corners_ = [
        _index("9S", 100, 100),
        _index("9S", 160, 100),
        _index("9S", 100, 185, down=(0.0, -1.0)),
        _index("9S", 160, 185, down=(0.0, -1.0)),
    ]
    assert [c.card for c in cards(corners_)] == ["9S"]


def test_a_deck_with_its_suit_beside_the_rank_still_counts_once() -> None:
    # rank-to-suit points 20 degrees off the card's own down, so the opposite corner lies
    # steeper "down" the index than any usual slope, but it is a turned twin ahead of it
    tilt = np.radians(20)
    down = (float(np.sin(tilt)), float(np.cos(tilt)))
    top = _index("2C", 100, 100, down=down)
    bottom = _index("2C", 100 + 60, 100 + 85, down=(-down[0], -down[1]))
    assert [c.card for c in cards([top, bottom])] == ["2C"]


def test_the_top_indices_of_a_tilted_card_with_four_count_once() -> None:
    """A deck with four indices whose suit sits a little right of its rank: each index's
    rank-to-suit leans 15 degrees off the card's down, so its twin across the card lies a
    unit "down" that index, not on its line (quentin's kings and queens counted twice)."""
    lean = np.radians(15)
    down = (float(np.sin(lean)), float(np.cos(lean)))
    left, right = _index("KC", 100, 100, down=down), _index("KC", 160, 100, down=down)
    assert [c.card for c in cards([left, right])] == ["KC"]


def test_the_top_indices_of_a_card_seen_obliquely_count_once() -> None:
    """A deck with four indices photographed at a slant (quentin's laptop photos): the two
    upright indices point 15 degrees apart, and the line between them is 22 degrees off
    square to their mean direction, yet they are one card's top corners."""
    left = _index("2S", 370, 203, down=(0.38, 0.92), unit=18.6)
    right = _index("2S", 524, 180, down=(0.62, 0.79), unit=18.6)
    assert [c.card for c in cards([left, right])] == ["2S"]


def test_the_top_indices_of_a_card_with_mirrored_corners_count_once() -> None:
    """A deck whose suit sits beside its rank, mirrored on the right-hand corner: the two
    top indices lean 17 degrees each, opposite ways (35 degrees apart), yet their mean
    direction is the card's own and they sit square to it (a fan's top card, read twice)."""
    lean = np.radians(17)
    left = _index("10C", 100, 100, down=(float(np.sin(lean)), float(np.cos(lean))), unit=25)
    right = _index("10C", 236, 100, down=(-float(np.sin(lean)), float(np.cos(lean))), unit=25)
    assert [c.card for c in cards([left, right])] == ["10C"]


def test_a_card_is_outlined_square_to_its_edges_though_its_indices_lean() -> None:
    """A deck whose suit sits beside the rank, mirrored on the right-hand corners: each
    index leans 13 degrees, the right-hand ones the other way. Known by its four indices,
    the card is outlined along their mean direction, square to its edges; outlined along
    its surest index, it would lean, and a misreading of one of its indices could fall
    outside it and count as another card."""
    unit = 25.0
    width, height = 7.0 * unit, 9.8 * unit
    x, y = 0.1 * width, 0.09 * height
    lean = np.radians(13)
    left, right = (float(np.sin(lean)), float(np.cos(lean))), (-float(np.sin(lean)), float(np.cos(lean)))
    found = [_index("KC", x, y, down=left, unit=unit, confidence=0.95),
             _index("KC", width - x, y, down=right, unit=unit),
             _index("KC", width - x, height - y, down=(-left[0], -left[1]), unit=unit),
             _index("KC", x, height - y, down=(-right[0], -right[1]), unit=unit)]
    (card,) = cards(found)
    top_left, top_right, bottom_right, _ = card.corners
    assert top_right[1] == pytest.approx(top_left[1], abs=1e-6)
    assert bottom_right[0] == pytest.approx(top_right[0], abs=1e-6)
    assert np.allclose(top_left, (0.0, 0.0), atol=1e-6)
    assert np.allclose(bottom_right, (width, height), atol=1e-6)


def test_two_copies_side_by_side_but_turned_apart_count_twice() -> None:
    """Indices pointing 60 degrees apart are no card's two top corners, even square to
    each other: two copies of the card lie there."""
    tilt = np.radians(30)
    left = _index("10C", 100, 100, down=(float(np.sin(tilt)), float(np.cos(tilt))), unit=25)
    right = _index("10C", 236, 100, down=(-float(np.sin(tilt)), float(np.cos(tilt))), unit=25)
    assert [c.card for c in cards([left, right])] == ["10C", "10C"]


def test_a_turned_copy_behind_an_index_is_another_card() -> None:
    upright = _index("2C", 100, 200)
    behind = _index("2C", 110, 100, down=(0.0, -1.0))  # turned, but above the first one
    assert [c.card for c in cards([upright, behind])] == ["2C", "2C"]


def test_two_copies_of_a_card_count_twice() -> None:
    first = _index("5D", 100, 100)
    second = _index("5D", 400, 130, down=(0.6, 0.8))  # another card, turned another way
    assert [c.card for c in cards([first, second])] == ["5D", "5D"]


def _doubted(card: str, x: float, y: float, other: str, other_confidence: float) -> Index:
    """A lone index read surely as ``card``, the reader's second guess ``other``."""
    return Index(card, 0.9, np.array([x, y]), np.array((0.0, 1.0)), 10.0, other, other_confidence)


APART = 600.0  # 60 index units: no card's two indices


def test_a_card_read_twice_is_read_again_as_its_second_guess_where_the_reader_doubted() -> None:
    """cardcounter's webcam: the seven of clubs beside the seven of spades, both read as the
    seven of spades, the club's reading doubting towards clubs. One deck holds one seven of
    spades: the more doubted copy is the club, shown as unsure as its second guess was."""
    spade = _doubted("7S", 100, 100, "7C", 0.01)
    club = _doubted("7S", 100 + APART, 100, "7C", 0.3)
    found = cards([spade, club])
    assert sorted(c.card for c in found) == ["7C", "7S"]
    read_again = next(c for c in found if c.card == "7C")
    assert read_again.confidence == pytest.approx(0.3) and read_again.other == "7S"
    # with the rule off, both stay the seven of spades
    off = GroupSettings(copy_doubt=0.0)
    assert [c.card for c in cards([spade, club], off)] == ["7S", "7S"]


def test_copies_read_without_doubt_or_whose_second_guess_is_on_the_table_stay_copies() -> None:
    """Two decks mixed: two copies each read surely (second guesses under 0.05) are two cards;
    so are two whose second guess is a card read elsewhere in the photo."""
    assert [c.card for c in cards([_doubted("5D", 100, 100, "5H", 0.02),
                                   _doubted("5D", 100 + APART, 100, "5H", 0.04)])] == ["5D", "5D"]
    found = cards([_doubted("5D", 100, 100, "5H", 0.02), _doubted("5D", 100 + APART, 100, "5H", 0.4),
                   _doubted("5H", 100 + 2 * APART, 100, "5D", 0.01)])
    assert sorted(c.card for c in found) == ["5D", "5D", "5H"]


def test_a_reading_carries_its_second_guess() -> None:
    found = indices(["6C"], np.array([0.8]), np.array([[50.0, 50.0]]), np.array([[50.0, 60.0]]),
                    runners_up=(["6S"], np.array([0.15])))
    assert [(i.card, i.other, round(i.other_confidence, 2)) for i in found] == [("6C", "6S", 0.15)]


@pytest.mark.parametrize("offset", [(300.0, 0.0), (0.0, 400.0), (300.0, 400.0), (120.0, 150.0)],
                         ids=["beside", "below", "diagonally", "overlapping"])
def test_two_copies_each_seen_by_both_indices_count_twice_wherever_they_lie(
        offset: tuple[float, float]) -> None:
    """Two decks mixed: two copies of a card, both upright, each known by its two opposite
    corners. One copy's upright index and the other's turned one could be one card's two
    corners, but each copy's corners are centred on its own spot: two cards."""
    dx, dy = offset
    copy = [_index("8H", 100, 100), _index("8H", 160, 185, down=(0.0, -1.0))]
    other = [_index("8H", 100 + dx, 100 + dy), _index("8H", 160 + dx, 185 + dy, down=(0.0, -1.0))]
    assert [c.card for c in cards(copy + other)] == ["8H", "8H"]


def test_a_cards_opposite_corners_framed_askew_count_once() -> None:
    """rdpong's 8-card photo: the ten of hearts read surely at both corners, the turned index
    framed 34 degrees off (its "10" paired askew) and a third bigger, so the two are no pair
    of corners; but each one's outline covers the other's, facing the other way: one card."""
    upright = _index("10H", 696.3, 388.3, down=(-0.23, 0.97), unit=22.7, confidence=0.997)
    turned = _index("10H", 888.2, 597.2, down=(-0.35, -0.94), unit=32.0, confidence=0.999)
    (card,) = cards([upright, turned])
    assert card.card == "10H" and card.confidence > 0.999
    # a copy turned round and lying above it (behind the index) is another card: its outline
    # reaches up, away from this one's
    above = _index("10H", 696.3 + 0.23 * 230, 388.3 - 0.97 * 230, down=(0.23, -0.97), unit=22.7)
    assert [c.card for c in cards([upright, above])] == ["10H", "10H"]


def test_a_card_with_four_indices_seen_at_a_slant_counts_once() -> None:
    """quentin's four-index deck photographed steeply: the two indices down each edge lean
    across by a third of their distance and the units differ, yet the card's two diagonals
    are centred on one spot and it counts once."""
    found = [_index("10C", 389, 312, down=(-0.25, -0.97), unit=19.7, confidence=0.97),
             _index("10C", 550, 306, down=(-0.44, -0.9), unit=21.3, confidence=0.94),
             _index("10C", 398, 193, down=(-0.14, 0.99), unit=14.5, confidence=0.86),
             _index("10C", 529, 190, down=(0.12, 0.99), unit=13.9, confidence=0.77)]
    assert [c.card for c in cards(found)] == ["10C"]


def test_readings_of_one_index_are_one_reading_and_the_surest_wins() -> None:
    codes = ["6C", "6C", "9C", "JK1", "JK1"]
    probs = np.array([0.7, 0.95, 0.6, 0.9, 0.8])
    rank = np.array([[50.0, 50.0], [52.0, 51.0], [50.0, 50.0], [300.0, 300.0], [300.0, 330.0]])
    suit = rank + np.array([0.0, 10.0])
    found = indices(codes, probs, rank, suit)
    assert sorted((i.card, round(i.confidence, 2)) for i in found) == [("6C", 0.95), ("JK1", 0.9)]


def test_two_cards_indices_side_by_side_are_two_readings_whatever_their_codes() -> None:
    """A tight row or fan puts the next card's index 0.6-1 unit beside this one's (a webcam's row
    of diamonds: QD beside a surer 10D, 0.65 unit across): both stay. Rival readings of one
    index's glyphs, framed a little apart, are still one reading (the surer)."""
    unit = 24.0
    rank = np.array([[100.0, 100.0], [100.0 + 0.65 * unit, 100.0 + 0.3 * unit], [300.0, 100.0],
                     [300.0 + 0.2 * unit, 100.0 + 0.3 * unit]])
    suit = rank + np.array([0.0, unit])
    found = indices(["QD", "10D", "KS", "KC"], np.array([0.9, 0.98, 0.9, 0.7]), rank, suit)
    assert sorted(i.card for i in found) == ["10D", "KS", "QD"]


def test_a_weak_reading_is_left_out() -> None:
    found = indices(["AH"], np.array([0.3]), np.array([[5.0, 5.0]]), np.array([[5.0, 15.0]]))
    assert found == []


def test_a_card_seen_by_one_unsure_index_is_left_out_but_two_such_indices_make_it() -> None:
    """A lone reading barely over even is what wood grain or a chip gives; the same doubt at
    both of a card's corners is a card."""
    lone = _index("AH", 100, 100, confidence=0.55)
    assert cards([lone]) == []
    pair = [lone, _index("AH", 160, 185, down=(0.0, -1.0), confidence=0.55)]
    assert [c.card for c in cards(pair)] == ["AH"]
    assert [c.card for c in cards([_index("AH", 100, 100, confidence=0.7)])] == ["AH"]


def test_corners_go_round_the_card_from_the_index() -> None:
    s = GroupSettings()
    quad = corners(_index("2C", 100, 100), s)
    width = s.card_width * 10
    assert quad[0] == pytest.approx([100 - s.index_x * width, 100 - s.index_y * width * s.card_ratio])
    assert quad[1][0] - quad[0][0] == pytest.approx(width)  # top-right, then down the right side
    assert quad[2][1] - quad[1][1] == pytest.approx(width * s.card_ratio)


def test_a_card_known_by_four_indices_is_outlined_from_all_of_them() -> None:
    """The surest index may be a top-right one: the outline still covers the four."""
    four = [
        _index("9S", 160, 100, confidence=0.99),
        _index("9S", 100, 100),
        _index("9S", 100, 185, down=(0.0, -1.0)),
        _index("9S", 160, 185, down=(0.0, -1.0)),
    ]
    (card,) = cards(four)
    low, high = card.corners.min(axis=0), card.corners.max(axis=0)
    assert low[0] < 100 < 160 < high[0] and low[1] < 100 < 185 < high[1]
    assert high[0] - low[0] == pytest.approx(60 / (1 - 2 * GroupSettings().index_x))


def test_a_misreading_where_a_card_has_its_own_index_is_dropped() -> None:
    """A deck with four indices, one of them misread (a 10 as a Q): the card counts once."""
    found = [
        _index("10D", 100, 100, confidence=0.99),
        _index("10D", 160, 100, confidence=0.95),
        _index("10D", 160, 185, down=(0.0, -1.0), confidence=0.9),
        _index("QD", 100, 185, down=(0.0, -1.0), confidence=0.8),
    ]
    assert [c.card for c in cards(found)] == ["10D"]


def test_small_print_on_a_bigger_card_is_not_a_card() -> None:
    """Court art or a pip read as a small index, on the face of a card read with big indices."""
    king = [_index("KH", 100, 100, unit=30.0), _index("KH", 280, 360, down=(0.0, -1.0), unit=30.0)]
    art = _index("QD", 180, 230, unit=10.0, confidence=0.6)
    assert [c.card for c in cards([*king, art])] == ["KH"]


def test_a_card_lying_beside_another_is_kept() -> None:
    """A different card of the same size next to a card known by two indices stays a card."""
    first = [_index("4S", 100, 100), _index("4S", 160, 185, down=(0.0, -1.0))]
    beside = _index("5S", 230, 100, confidence=0.8)
    assert sorted(c.card for c in cards([*first, beside])) == ["4S", "5S"]


def test_settings_are_frozen() -> None:
    with pytest.raises(AttributeError):
        FindSettings().window = 3  # type: ignore[misc]


def _faint_rank_over_solid_suit(rank_ink: int, suit_ink: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """White paper with a thin "7" in ``rank_ink`` grey over a filled suit in ``suit_ink``;
    the photo and both glyphs' centres."""
    photo = np.full((160, 160, 3), 230, np.uint8)
    cv2.putText(photo, "7", (70, 70), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (rank_ink,) * 3, 2, cv2.LINE_AA)
    cv2.circle(photo, (78, 86), 6, (suit_ink,) * 3, -1, cv2.LINE_AA)
    return photo, np.array([76.0, 63.0]), np.array([78.0, 86.0])


def _has_candidate(photo: np.ndarray, rank: np.ndarray, suit: np.ndarray, s: FindSettings) -> bool:
    levels = pyramid(photo, s)
    found_rank, found_suit, _ = find(levels, s).in_working(levels)
    return bool(((np.linalg.norm(found_rank - rank, axis=1) < 8)
                 & (np.linalg.norm(found_suit - suit, axis=1) < 8)).any())


def test_a_faint_rank_over_a_solid_suit_is_a_candidate() -> None:
    """A rank in thin strokes, only 40 grey levels darker than its card (as blur leaves
    it), is ink but never strong ink; the solid suit under it is, and that is enough."""
    photo, rank, suit = _faint_rank_over_solid_suit(190, 40)
    assert _has_candidate(photo, rank, suit, FindSettings())
    assert not _has_candidate(photo, rank, suit, FindSettings(strong_glyphs=2))


def test_two_faint_glyphs_make_no_candidate() -> None:
    photo, rank, suit = _faint_rank_over_solid_suit(190, 190)
    assert not _has_candidate(photo, rank, suit, FindSettings())


def test_a_blob_holds_strong_ink_only_where_its_own_pixels_are_strong() -> None:
    from recognizer.candidates import Points, _holding

    ink = np.zeros((20, 40), np.uint8)
    ink[2:8, 2:8] = 255  # blob 1
    ink[2:8, 20:26] = 255  # blob 2
    n, labels = cv2.connectedComponents(ink, connectivity=8)
    strong = np.zeros_like(ink)
    strong[4, 4] = 255  # inside blob 1
    strong[15, 22] = 255  # under blob 2, outside its ink
    assert _holding(strong, Points.of(ink, labels), n).tolist() == [True, False]
    assert _holding(strong, Points.of(np.zeros_like(ink), labels), n).tolist() == [False, False]


@pytest.mark.parametrize("shape", [(1, 1), (4, 1), (1, 4), (3, 5)])
def test_ink_keeps_the_shape_of_a_tiny_image(shape: tuple[int, int]) -> None:
    """OpenCV takes a 1 x 1 or 4 x 1 array beside a number for a scalar: the contrast floors
    are applied as arrays, so even a one-pixel photo's ink is a mask of its own shape."""
    from recognizer.candidates import ink

    for part in ink(np.full(shape, 200, np.uint8)):
        assert part.shape == shape and part.dtype == np.uint8
    assert len(find(pyramid(np.full((*shape, 3), 200, np.uint8)))) == 0


def test_the_finder_refuses_a_meaningless_strength_setting() -> None:
    with pytest.raises(ValueError, match="strong_glyphs"):
        find(pyramid(np.full((100, 100, 3), 230, np.uint8)), FindSettings(strong_glyphs=3))


def _levels_found(photo: np.ndarray, rank: np.ndarray, suit: np.ndarray, s: FindSettings) -> set[int]:
    levels = pyramid(photo, s)
    found = find(levels, s)
    found_rank, found_suit, _ = found.in_working(levels)
    at = (np.linalg.norm(found_rank - rank, axis=1) < 5) & (np.linalg.norm(found_suit - suit, axis=1) < 5)
    return {int(k) for k in found.level[at]}


def test_a_small_index_is_sought_where_it_is_biggest_only() -> None:
    """Glyphs 4 or 5 pixels tall are candidates on the first level searched (where nothing
    finer can find them), not on a coarser one, where the level before has them twice as big."""
    photo = np.full((320, 320, 3), 230, np.uint8)
    cv2.putText(photo, "7", (72, 70), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (30, 30, 30), 1, cv2.LINE_AA)
    cv2.circle(photo, (75, 79), 4, (30, 30, 30), -1, cv2.LINE_AA)
    rank, suit = np.array([75.0, 66.0]), np.array([75.0, 79.0])
    assert _levels_found(photo, rank, suit, FindSettings()) == {0}
    assert 1 in _levels_found(photo, rank, suit, FindSettings(min_glyph_coarse=4))
    small = cv2.resize(photo, (160, 160), interpolation=cv2.INTER_AREA)  # the same glyphs half as big
    assert 0 in _levels_found(small, rank / 2, suit / 2, FindSettings())


def test_a_tall_rank_over_a_small_suit_is_a_candidate() -> None:
    """Some decks print a rank 1.3 rank-to-suit distances tall over a suit a third of its
    height, almost touching it: a level coarser, the suit is too small beside the rank (or
    the two are one blob), so the index is found where the rank is 28 pixels tall or not at
    all; the finder needs both its tall glyphs and its small suits for it."""
    photo = np.full((240, 240, 3), 230, np.uint8)
    cv2.putText(photo, "K", (100, 110), cv2.FONT_HERSHEY_SIMPLEX, 1.4, (25, 25, 25), 3, cv2.LINE_AA)
    _, _, stats, centres = cv2.connectedComponentsWithStats((photo[:, :, 0] < 128).astype(np.uint8), 8)
    k = int(stats[1:, 3].argmax()) + 1
    assert stats[k, 3] == 28, "the rank is drawn 28 pixels tall"
    suit = np.array([stats[k, 0] + stats[k, 2] / 2, stats[k, 1] + stats[k, 3] + 7.0])  # 3 px below it
    cv2.circle(photo, (int(suit[0]), int(suit[1])), 4, (25, 25, 25), -1, cv2.LINE_AA)
    rank = centres[k]
    assert _has_candidate(photo, rank, suit, FindSettings())
    assert not _has_candidate(photo, rank, suit, FindSettings(max_glyph=24))
    assert not _has_candidate(photo, rank, suit, FindSettings(min_size_ratio=0.4))
