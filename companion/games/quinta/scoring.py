"""Quinta's scoring: pairs, threes and fours of a kind in the cards a player took, the jokers assigned
for the best total.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from ..cards import rank_of, suit_of
from .state import (
    ALL_RANKS,
    JOKER_SUITS,
)

SET_POINTS = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4}


def _joker_choices(pile: Sequence[str]) -> tuple[dict[str, set[str]], list[str], list[list[str]]]:
    """Suits held per rank, the jokers, and the ranks each joker may imitate (Q3, Q4)."""
    suits_by_rank: dict[str, set[str]] = {}
    jokers: list[str] = []
    for code in pile:
        if code in JOKER_SUITS:
            jokers.append(code)
        else:
            suits_by_rank.setdefault(rank_of(code), set()).add(suit_of(code) or "")
    options = [
        [r for r in ALL_RANKS if any(s not in suits_by_rank.get(r, set()) for s in JOKER_SUITS[j])]
        for j in jokers
    ]
    return suits_by_rank, jokers, options


def best_assignment(pile: Sequence[str]) -> tuple[int, dict[str, str]]:
    """The pile's points with each joker's rank chosen for the most points (DECISION Q5)."""
    suits_by_rank, jokers, options = _joker_choices(pile)
    base = {r: len(s) for r, s in suits_by_rank.items()}
    best, best_choice = sum(SET_POINTS[n] for n in base.values()), dict[str, str]()
    for choice in product(*options):
        counts = dict(base)
        for r in choice:
            counts[r] = counts.get(r, 0) + 1
        points = sum(SET_POINTS[min(n, 4)] for n in counts.values())
        if points > best or (points == best and not best_choice and choice):
            best, best_choice = points, dict(zip(jokers, choice, strict=True))
    return best, best_choice


def score_pile(pile: Sequence[str]) -> int:
    """Points of one pile, each joker assigned to the rank that gives the most (Q3-Q5)."""
    return _pile_points(tuple(sorted(pile)))


@lru_cache(maxsize=8192)
def _pile_points(pile: tuple[str, ...]) -> int:
    """Points of a pile as a sorted tuple: every phone's view asks for every pile, often."""
    return best_assignment(pile)[0]


def score_sets(pile: Sequence[str]) -> list[dict[str, Any]]:
    """The scoring sets of a pile, for the final screen: rank, cards, jokers, points."""
    _, assignment = best_assignment(pile)
    by_rank: dict[str, list[str]] = {}
    for code in pile:
        rank = assignment.get(code) if code in JOKER_SUITS else rank_of(code)
        if rank is not None:
            by_rank.setdefault(rank, []).append(code)
    sets = [
        {"rank": rank, "cards": cards, "points": SET_POINTS[min(len(cards), 4)]}
        for rank, cards in by_rank.items() if len(cards) >= 2
    ]
    return sorted(sets, key=lambda x: (-x["points"], ALL_RANKS.index(x["rank"])))
