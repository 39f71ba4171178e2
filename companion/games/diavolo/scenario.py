"""How Il Diavolo reads a ``rules-scenario/1`` file: its setup as an engine state, its actions
in seat form, and the snapshot the format lists after every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import json_number
from ..game import Adapter, ScenarioError, names_only
from .engine import RULES as DIAVOLO
from .state import DiavoloState
from .state import total as diavolo_total


def _diavolo_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    balances = setup.get("balances", {})
    names_only(names, balances, "balances")
    # Optional: who paid the pot carried in (DECISION D9 gives it back to them if nobody wins it).
    pot_paid = setup.get("pot_paid")
    if pot_paid is not None:
        names_only(names, pot_paid, "pot_paid")
    dealer = setup.get("dealer", names[-1])
    if dealer not in names:
        raise ScenarioError("setup.dealer must be one of options.players")
    stake = options.get("stake", 1)
    pot = setup.get("pot", 0)
    if not isinstance(stake, int) or not isinstance(pot, int) or stake < 1 or pot < 0:
        raise ScenarioError("options.stake and setup.pot must be whole numbers")
    return DIAVOLO.from_setup(len(names), stake, names.index(dealer), setup.get("deck", []),
                              [int(balances.get(n, 0)) for n in names], pot,
                              None if pot_paid is None else [int(pot_paid.get(n, 0)) for n in names])


def _diavolo_snapshot(s: DiavoloState, names: list[str]) -> dict[str, Any]:
    return {
        "phase": s.phase,
        "dealer": names[s.dealer],
        "to_act": names[s.turn] if s.turn is not None else None,
        "pot": s.pot,
        "balances": {n: s.balances[i] for i, n in enumerate(names)},
        "cards": {n: list(s.cards[i] or ()) for i, n in enumerate(names)},
        "totals": {n: json_number(diavolo_total(s.cards[i] or ())) for i, n in enumerate(names)},
        "active": [n for i, n in enumerate(names) if not s.withdrawn[i]],
        "withdrawn": [n for i, n in enumerate(names) if s.withdrawn[i]],
        "deal_winner": None if s.deal_winner is None else names[s.deal_winner],
        "round": s.round,
        "pot_paid": {n: s.pot_paid[i] for i, n in enumerate(names)},
    }


def _diavolo_system(s: DiavoloState) -> int | None:
    seats = sorted(DIAVOLO.to_act(s))
    return seats[0] if s.phase == "await_deal" and seats else None


ADAPTER = Adapter(_diavolo_build, _diavolo_snapshot, _diavolo_system)
