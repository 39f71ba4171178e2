"""Kaiserspiel tally marks (kaiserspiel.md §7, DECISION K10)."""

from __future__ import annotations

import random

import pytest

from companion.games.kaiserspiel.tally import HandScore, board, boards, canonical, cluster, total, value


@pytest.mark.parametrize(
    ("raises", "marks", "points"),
    [
        ((), "L", 4),
        ((1,), "LS", 5),
        ((3,), "LH", 7),
        ((3, 1), "LHS", 8),
        ((1, 3), "LSH", 8),  # the +1 came first
        ((3, 3), "LHX", 10),
        ((3, 3, 1), "LHXS", 11),
        ((1, 1, 1, 1), "LSSSS", 8),
        ((1, 3, 1, 3, 3), "LSHSXX", 15),
    ],
)
def test_the_cluster_strings_of_section_7_3(raises: tuple[int, ...], marks: str, points: int) -> None:
    assert cluster(raises) == marks
    assert value(marks) == points == HandScore(raises).points


def test_only_the_first_plus_three_of_a_hand_is_a_hook() -> None:
    assert board([HandScore((3,)), HandScore((3, 3))]) == ["LH", "LHX"]


@pytest.mark.parametrize(("n", "marks"), [(0, ""), (1, "S"), (3, "H"), (4, "L"), (6, "LSS"),
                                          (27, "LLLLLLH"), (101, "L" * 25 + "S")])
def test_canonical_drawing_of_a_total(n: int, marks: str) -> None:
    assert canonical(n) == marks


def test_every_total_from_0_to_130_draws_to_itself() -> None:
    for n in range(131):
        marks = canonical(n)
        assert value(marks) == n
        assert marks.count("H") <= 1 and "X" not in marks
        assert set(marks.lstrip("L")) <= {"S"} or marks.lstrip("L") == "H"


def test_a_random_history_always_adds_up() -> None:
    rng = random.Random(7)
    for _ in range(200):
        hands = [HandScore(tuple(rng.choice((3, 1)) for _ in range(rng.randrange(5))))
                 for _ in range(rng.randrange(1, 15))]
        opening = rng.randrange(0, 60)
        side = board([opening, *hands])
        assert total(side) == opening + sum(h.points for h in hands)
        assert len(side) == len(hands) + (opening > 0)


def test_the_example_board_of_section_7_3() -> None:
    drawn = boards({"A": [HandScore(()), HandScore((3,)), HandScore((1,))],
                    "B": [HandScore((3, 3, 1))]})
    assert drawn == {"A": ["L", "LH", "LS"], "B": ["LHXS"]}
    assert total(drawn["A"]) == 16 and total(drawn["B"]) == 11


def test_nonsense_is_refused() -> None:
    with pytest.raises(ValueError):
        cluster([2])
    with pytest.raises(ValueError):
        canonical(-1)
    with pytest.raises(ValueError):
        value("LQ")
