"""The fewest transfers that settle the balances."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.games.settlement import settle


def _applied(balances: list[int], transfers: list[tuple[int, int, int]]) -> list[int]:
    out = list(balances)
    for payer, payee, amount in transfers:
        assert amount > 0
        out[payer] += amount
        out[payee] -= amount
    return out


def test_nothing_to_settle() -> None:
    assert settle([0, 0, 0]) == []


def test_pairs_that_cancel_are_settled_separately() -> None:
    t = settle([5, -5, 3, -3])
    assert len(t) == 2 and _applied([5, -5, 3, -3], t) == [0, 0, 0, 0]


def test_one_winner() -> None:
    t = settle([6, -2, 0, -4])
    assert sorted(t) == [(1, 0, 2), (3, 0, 4)]


def test_unbalanced_books_are_refused() -> None:
    with pytest.raises(ValueError):
        settle([1, 1])


@pytest.mark.parametrize("seed", range(30))
def test_random_balances_settle_with_the_fewest_transfers(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    balances = [rng.randint(-6, 6) for _ in range(n - 1)]
    balances.append(-sum(balances))
    t = settle(balances)
    assert _applied(balances, t) == [0] * n
    # Brute force: the fewest is n' - (most zero-sum groups), found over all set partitions.
    people = [b for b in balances if b]
    best = 0
    for labels in itertools.product(range(len(people)), repeat=len(people)):
        groups: dict[int, int] = {}
        for b, g in zip(people, labels, strict=True):
            groups[g] = groups.get(g, 0) + b
        if all(v == 0 for v in groups.values()):
            best = max(best, len(groups))
        if len(people) > 6:
            break
    assert len(t) == len(people) - best
