"""Kaiserspiel's scoreboard in tally marks (kaiserspiel.md §7, DECISION K10). Pure.

Four marks: ``L`` a long line (4, the base value of a hand), ``H`` a hook (3, the
first +3 raise of a hand), ``X`` a line crossing the long line (3, every further
+3 raise) and ``S`` a short line (1, a Kaiser's +1). Each won hand is one cluster,
``L`` first, then one mark per accepted raise in the order they were accepted.
When only a total is known it is drawn canonically: ``n = 4q + r`` gives q long
lines, then a hook if r is 3, else r short lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

LONG, HOOK, CROSS, SHORT = "L", "H", "X", "S"
VALUES = {LONG: 4, HOOK: 3, CROSS: 3, SHORT: 1}
BASE = 4
RAISE = 3
KAISER = 1


@dataclass(frozen=True, slots=True)
class HandScore:
    """One won hand: the accepted raises that count in its score, in order (3 or 1)."""

    raises: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if any(r not in (RAISE, KAISER) for r in self.raises):
            raise ValueError("a raise is +3 or +1 (a Kaiser)")

    @property
    def points(self) -> int:
        """The hand's value: 4 plus the raises."""
        return BASE + sum(self.raises)


Entry = HandScore | int  # an int: only a total is known (a game resumed, a correction)


def cluster(raises: Iterable[int]) -> str:
    """The marks of one won hand: ``(3, 3, 1)`` -> ``"LHXS"``, ``(1, 3)`` -> ``"LSH"``."""
    marks = [LONG]
    hooked = False
    for r in HandScore(tuple(raises)).raises:
        if r == RAISE:
            marks.append(CROSS if hooked else HOOK)
            hooked = True
        else:
            marks.append(SHORT)
    return "".join(marks)


def canonical(total: int) -> str:
    """A total drawn canonically: 27 -> ``"LLLLLLH"``, 101 -> 25 x ``L`` + ``S``."""
    if total < 0:
        raise ValueError("a tally cannot show a negative score")
    q, r = divmod(total, BASE)
    return LONG * q + (HOOK if r == RAISE else SHORT * r)


def value(marks: str) -> int:
    """What a string of marks is worth."""
    try:
        return sum(VALUES[m] for m in marks)
    except KeyError as e:
        raise ValueError(f"not a tally mark: {e.args[0]!r}") from None


def board(entries: Iterable[Entry]) -> list[str]:
    """One team's side of the board: a cluster per won hand, a canonical drawing per total
    (a total of 0 draws nothing)."""
    out: list[str] = []
    for e in entries:
        if isinstance(e, HandScore):
            out.append(cluster(e.raises))
        elif e:
            out.append(canonical(e))
    return out


def boards(history: Mapping[str, Sequence[Entry]]) -> dict[str, list[str]]:
    """Both sides of the board, e.g. ``{"A": [...], "B": [...]}``."""
    return {team: board(entries) for team, entries in history.items()}


def total(side: Iterable[str]) -> int:
    """The numeric score of one side of the board."""
    return sum(value(c) for c in side)
