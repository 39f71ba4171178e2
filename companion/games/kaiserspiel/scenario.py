"""How Kaiserspiel reads a ``rules-scenario/1`` file: its setup as an engine state, its actions
in seat form, and the snapshot the format lists after every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import IllegalAction
from ..game import Adapter, ScenarioError, names_only
from .engine import RULES as KAISERSPIEL
from .engine import KaiserState
from .hand import marks as kaiser_marks


def _kaiser_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    if len(names) != 4:
        raise ScenarioError("Kaiserspiel is played by exactly 4 players")
    face_up, hands = setup.get("face_up", {}), setup.get("hands", {})
    scores = setup.get("team_scores", {})
    names_only(names, face_up, "face_up")
    names_only(names, hands, "hands")
    dealer = setup.get("dealer", names[-1])
    if dealer not in names:
        raise ScenarioError("setup.dealer must be one of options.players")
    size, target = options.get("deck", 40), options.get("target", 101)
    if size not in (40, 48) or not isinstance(target, int):
        raise ScenarioError("options.deck must be 40 or 48 and options.target a whole number")
    if not isinstance(scores, Mapping) or set(scores) - {"A", "B"}:
        raise ScenarioError("setup.team_scores must be an object with the keys A and B")
    return KAISERSPIEL.from_setup(
        int(size), target, names.index(dealer), [face_up.get(n, "") for n in names],
        [hands.get(n, []) for n in names], (int(scores.get("A", 0)), int(scores.get("B", 0))),
        pack=str(options.get("pack", "french")),
    )


def _kaiser_snapshot(s: KaiserState, names: list[str]) -> dict[str, Any]:
    acting = sorted(KAISERSPIEL.to_act(s))
    to_act: Any = [names[i] for i in acting] if len(acting) > 1 else names[acting[0]] if acting else None
    winners = s.trick_winners
    result = s.result
    return {
        "phase": s.phase,
        "dealer": names[s.dealer],
        "to_act": to_act,
        "trump": s.trump,
        "hand_value": s.value,
        "kaisers": [c for _, c in s.kaisers],
        "hands": {n: list(s.hands[i] or ()) for i, n in enumerate(names)},
        "trick": [{"player": names[p], "card": c} for p, c in s.trick],
        "tricks_won": {"A": s.tricks_won[0], "B": s.tricks_won[1]},
        "last_trick_winner": names[winners[-1]] if winners else None,
        "hand_result": None if result is None else {
            "team": "AB"[result.team], "points": result.points, "by": result.by},
        "team_scores": {"A": s.scores[0], "B": s.scores[1]},
        "marks": kaiser_marks(s),
    }


def _kaiser_system(s: KaiserState) -> int | None:
    return s.first if s.phase in ("await_deal", "over") else None


def _kaiser_params(params: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A deal names its dealer and gives its cards by player name: the engine wants seats."""
    if params.get("type") != "deal":
        return params
    out = dict(params)
    dealer = out.pop("dealer", None)
    if dealer is not None:
        if dealer not in names:
            raise IllegalAction("seat", f"{dealer!r} is not a player at this table.",
                                f"{dealer!r} non è un giocatore di questo tavolo.")
        out["player"] = names.index(dealer)
    for key in ("face_up", "hands"):
        given = out.get(key)
        if isinstance(given, Mapping):
            out[key] = [given.get(n) for n in names]
    return out


ADAPTER = Adapter(_kaiser_build, _kaiser_snapshot, _kaiser_system, _kaiser_params, winner=KAISERSPIEL.winner)
