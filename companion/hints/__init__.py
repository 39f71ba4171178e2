"""Hints: a seat's legal moves and what each would do, from what that seat may know.

One pure function per game; each reads the state through the engine and the
seat's own hand only, and never puts another player's cards, a face-down card or
the order of the pile into its sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import diavolo, insonnia, kaiserspiel, oscuri, quinta
from .model import Hints, Move

HINTERS: dict[str, Callable[[Any, Any, int, Sequence[str]], Hints]] = {
    "quinta": quinta.hints, "oscuri": oscuri.hints, "kaiserspiel": kaiserspiel.hints,
    "diavolo": diavolo.hints, "insonnia": insonnia.hints,
}

__all__ = ["HINTERS", "Hints", "Move", "hints_for"]


def hints_for(game: str, rules: Any, state: Any, seat: int, names: Sequence[str]) -> Hints:
    """The hints of ``seat`` at a table of ``game`` (no moves once the game is over)."""
    if rules.outcome(state) is not None:
        return Hints(note_en="The game is over.", note_it="La partita è finita.")
    return HINTERS[game](rules, state, seat, names)
