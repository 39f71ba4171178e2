"""Settling up at the end of the evening: the fewest transfers that bring every balance to zero.

The fewest transfers is n minus the largest number of groups, with balances summing
to zero, that the players can be split into (each group of k needs k-1 transfers).
Tables have at most a dozen players, so an exact search over subsets is instant.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache


def settle(balances: Sequence[int]) -> list[tuple[int, int, int]]:
    """Transfers ``(payer, payee, amount)``; as few as possible. Balances must sum to zero."""
    if sum(balances) != 0:
        raise ValueError("balances must sum to zero")
    people = [i for i, b in enumerate(balances) if b != 0]
    n = len(people)
    if n > 16:
        raise ValueError("too many players to settle exactly")
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + balances[people[low]]

    @cache
    def groups(mask: int) -> tuple[int, tuple[int, ...]]:
        """The most zero-sum groups that ``mask`` splits into, and those groups."""
        if mask == 0:
            return 0, ()
        first = mask & -mask
        best: tuple[int, tuple[int, ...]] = (0, ())
        sub = mask
        while sub:
            if sub & first and sums[sub] == 0:
                count, rest = groups(mask ^ sub)
                if count + 1 > best[0]:
                    best = (count + 1, (sub, *rest))
            sub = (sub - 1) & mask
        return best

    transfers: list[tuple[int, int, int]] = []
    for group in groups((1 << n) - 1)[1]:
        members = [people[i] for i in range(n) if group >> i & 1]
        debts = sorted((balances[p], p) for p in members)
        payers = [[-b, p] for b, p in debts if b < 0]
        payees = [[b, p] for b, p in reversed(debts) if b > 0]
        i = j = 0
        while i < len(payers) and j < len(payees):
            amount = min(payers[i][0], payees[j][0])
            transfers.append((payers[i][1], payees[j][1], amount))
            payers[i][0] -= amount
            payees[j][0] -= amount
            i += payers[i][0] == 0
            j += payees[j][0] == 0
    return transfers
