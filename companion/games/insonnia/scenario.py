"""How Insonnia reads a ``rules-scenario/1`` file: its setup as an engine state, its actions
in seat form, and the snapshot the format lists after every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Adapter, ScenarioError, names_only
from .engine import RULES as INSONNIA
from .runs import is_complete
from .state import InsonniaState


def _insonnia_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    hands = setup.get("hands", {})
    table = setup.get("table", {})
    runs = table.get("runs", {}) if isinstance(table, Mapping) else {}
    names_only(names, hands, "hands")
    names_only(names, runs, "table.runs")
    to_act = setup.get("to_act", names[0])
    if to_act not in names:
        raise ScenarioError("setup.to_act must be one of options.players")
    try:
        return INSONNIA.from_setup(
            len(names), str(options.get("deck", "printed")), str(options.get("variant", "base")),
            bool(setup.get("first_turn", False)), names.index(to_act),
            [hands.get(n, []) for n in names], setup.get("deck", []), setup.get("discard_pile", []),
            [runs.get(n, []) for n in names])
    except ValueError as e:
        raise ScenarioError(f"setup cannot be loaded: {e}") from e


def _insonnia_snapshot(s: InsonniaState, names: list[str]) -> dict[str, Any]:
    cards = s.cards
    return {
        "phase": s.phase,
        "to_act": None if s.phase == "over" else names[s.turn],
        "runs": {n: [r.to_json() for r in s.runs[i]] for i, n in enumerate(names)},
        "hands": {n: list(s.hands[i] or ()) for i, n in enumerate(names)},
        "discard_pile": list(s.discard),
        "deck_size": s.pile_size,
        "complete": {n: [is_complete(cards, s.variant, r) for r in s.runs[i]] for i, n in enumerate(names)},
        "winner": None if s.winner is None else names[s.winner],
    }


def _insonnia_system(s: InsonniaState) -> int | None:
    """A reshuffle is for the seat in turn: when a card must be taken from an empty pile, or as
    soon as the pile is empty (I4)."""
    empty = s.phase == "turn" and s.pile_size == 0 and bool(s.discard)
    return s.turn if s.phase == "reshuffle" or empty else None


def _insonnia_params(params: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Owners are named in scenarios; an unknown name stays a name and is refused as malformed."""
    def seat(owner: Any) -> Any:
        return names.index(owner) if owner in names else owner
    out = dict(params)
    if "owner" in out:
        out["owner"] = seat(out["owner"])
    if isinstance(out.get("placements"), list):
        out["placements"] = [{**p, "owner": seat(p.get("owner"))} if isinstance(p, Mapping) else p
                             for p in out["placements"]]
    return out


ADAPTER = Adapter(_insonnia_build, _insonnia_snapshot, _insonnia_system, _insonnia_params)
