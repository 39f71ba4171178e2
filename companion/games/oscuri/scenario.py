"""How Oscuri reads a ``rules-scenario/1`` file: its setup as an engine state, its actions
in seat form, and the snapshot the format lists after every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Adapter, ScenarioError, names_only
from .engine import RULES as OSCURI
from .state import OscuriState


def _oscuri_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    hands = setup.get("hands", {})
    balances = setup.get("balances", {})
    names_only(names, hands, "hands")
    names_only(names, balances, "balances")
    leader = setup.get("leader", names[0])
    if leader not in names:
        raise ScenarioError("setup.leader must be one of options.players")
    stake = options.get("stake", 1)
    if not isinstance(stake, int) or isinstance(stake, bool) or stake < 1:
        raise ScenarioError("options.stake must be a positive whole number")
    return OSCURI.from_setup(names, stake, names.index(leader), [hands.get(n, []) for n in names],
                             setup.get("deck", []), [int(balances.get(n, 0)) for n in names])


def _placed(trick: Any, names: list[str]) -> list[dict[str, Any]]:
    return [{"player": names[p.player], "card": p.card, "stakes": p.stakes} for p in trick]


def _oscuri_snapshot(s: OscuriState, names: list[str]) -> dict[str, Any]:
    acting = sorted(OSCURI.to_act(s))
    return {
        "phase": s.phase,
        "leader": names[s.leader],
        "to_act": names[acting[0]] if acting else None,
        "trick": _placed(s.trick, names),
        "last_turn": _placed(s.last_turn, names),
        "ref": None if s.ref is None else s.trick[s.ref].card,
        "suit": s.suit,
        "balances": {n: s.balances[i] for i, n in enumerate(names)},
        "hands": {n: list(s.hands[i] or ()) for i, n in enumerate(names)},
        "deck_size": s.deck_size,
        "out_face_down": s.out_face_down,
        "active": [n for i, n in enumerate(names) if s.hand_sizes[i] > 0 and not s.out[i]],
    }


ADAPTER = Adapter(_oscuri_build, _oscuri_snapshot)
