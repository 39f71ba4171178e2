"""How Quinta reads a ``rules-scenario/1`` file: its setup as an engine state, its actions
in seat form, and the snapshot the format lists after every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Adapter, names_only
from .engine import RULES as QUINTA
from .state import ROWS, QuintaState


def _quinta_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    table = setup.get("table", {})
    rows = table.get("rows", {}) if isinstance(table, Mapping) else {}
    hands = setup.get("hands", {})
    piles = setup.get("piles", {})
    names_only(names, hands, "hands")
    names_only(names, piles, "piles")
    return QUINTA.from_setup(
        len(names),
        rows,
        [hands.get(n, []) for n in names],
        [piles.get(n, []) for n in names],
        setup.get("put_aside", []),
    )


def _quinta_snapshot(s: QuintaState, names: list[str]) -> dict[str, Any]:
    acting = sorted(QUINTA.to_act(s))
    to_act: Any = [names[i] for i in acting]
    if s.phase == "joker_row":
        to_act = names[acting[0]]
    scores = QUINTA.scores(s)
    return {
        "phase": s.phase,
        "to_act": to_act,
        "rows": {suit: list(s.row(suit)) for suit in ROWS},
        "piles": {n: list(s.piles[i]) for i, n in enumerate(names)},
        "hands": {n: list(s.hands[i] or ()) for i, n in enumerate(names)},
        "scores": {n: scores[i] for i, n in enumerate(names)},
    }


ADAPTER = Adapter(_quinta_build, _quinta_snapshot)
