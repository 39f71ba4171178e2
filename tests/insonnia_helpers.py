"""Small builders shared by the Insonnia tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from companion.games.engine import IllegalAction
from companion.games.insonnia.engine import RULES as R
from companion.games.insonnia.state import Action, InsonniaState, Placement, Play

Runs = Mapping[int, Sequence[Mapping[str, str]]]


def table(runs: Runs | None = None, hands: Mapping[int, Sequence[str]] | None = None,
          pile: Sequence[str] = (), discard: Sequence[str] = (), *, players: int = 2,
          to_act: int = 0, variant: str = "base", deck: str = "printed",
          first_turn: bool = False) -> InsonniaState:
    """A game given card by card; unless ``first_turn``, ``to_act`` draws ``pile[0]`` at once."""
    runs = runs or {}
    hands = hands or {}
    return R.from_setup(players, deck, variant, first_turn, to_act,
                        [list(hands.get(p, [])) for p in range(players)], list(pile), list(discard),
                        [list(runs.get(p, [])) for p in range(players)])


def play(player: int, *placements: tuple[str, int, int, int]) -> Play:
    """``play(0, ("R5", 0, 0, 5))``: (card, owner, run, slot) in laying order."""
    return Play(player, tuple(Placement(*p) for p in placements))


def refused(s: InsonniaState, a: Action) -> IllegalAction:
    """The refusal of ``a``; the state must be exactly as before."""
    before = R.dump_state(s)
    with pytest.raises(IllegalAction) as e:
        R.apply(s, a)
    assert R.dump_state(s) == before
    assert e.value.message and e.value.message_it
    return e.value


def runs_of(s: InsonniaState, player: int) -> list[dict[str, str]]:
    """A player's runs as the scenario files write them."""
    return [r.to_json() for r in s.runs[player]]
