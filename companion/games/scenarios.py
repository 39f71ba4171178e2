"""Replay of ``rules-scenario/1`` files (shared/rules/scenarios.md).

An adapter per game (its ``scenario.py``, in the game's folder) turns the scenario's setup
into an engine state, its actions (players by name) into engine actions, and engine states
into the snapshot keys the format lists. The replay reports; it judges nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .engine import IllegalAction, Rules, SetupError
from .game import Adapter, ScenarioError
from .registry import BY_NAME, get_game

__all__ = ["FORMAT", "ScenarioError", "replay_scenario"]

FORMAT = "rules-scenario/1"


def _engine_action(rules: Rules[Any, Any], adapter: Adapter, names: list[str], raw: Mapping[str, Any],
                   state: Any) -> Any:
    """Translate a scenario action; an unknown player or type is refused like any illegal move."""
    name = raw.get("player")
    params = {k: v for k, v in raw.items() if k not in ("illegal", "why", "expect", "note")}
    system = adapter.system(state)
    if name == "system" and system is not None:
        params["player"] = system
    elif name in names:
        params["player"] = names.index(str(name))
    else:
        raise IllegalAction("seat", f"{name!r} is not a player at this table.",
                            f"{name!r} non è un giocatore di questo tavolo.")
    return rules.load_action(adapter.params(params, names))


def _winner(rules: Rules[Any, Any], adapter: Adapter, state: Any, names: list[str]) -> Any:
    outcome = rules.outcome(state)
    if outcome is None:
        return None
    if adapter.winner is not None:  # a team game (Kaiserspiel): the winner is a team
        return adapter.winner(state)
    winners = [names[i] for i in outcome.winners]
    return winners[0] if len(winners) == 1 else winners


def replay_scenario(scenario: Any) -> dict[str, Any]:
    """Replay a parsed scenario and return the report ``companion replay`` prints."""
    if not isinstance(scenario, Mapping) or scenario.get("format") != FORMAT:
        raise ScenarioError(f"not a {FORMAT} scenario (missing or wrong 'format')")
    game = scenario.get("game")
    if game not in BY_NAME:
        raise ScenarioError(f"unknown game {game!r}; this build replays: {', '.join(BY_NAME)}")
    options = scenario.get("options")
    setup = scenario.get("setup", {})
    actions = scenario.get("actions")
    if not isinstance(options, Mapping) or not isinstance(setup, Mapping):
        raise ScenarioError("'options' and 'setup' must be objects")
    names = options.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ScenarioError("options.players must be a list of names")
    if len(set(names)) != len(names):
        raise ScenarioError("options.players names a player twice")
    if not isinstance(actions, list) or not all(isinstance(a, Mapping) for a in actions):
        raise ScenarioError("'actions' must be a list of objects")
    adapter = get_game(str(game)).scenario
    rules = get_game(str(game)).rules
    try:
        state = adapter.build(names, options, setup)
    except (SetupError, KeyError, TypeError, AttributeError) as e:
        raise ScenarioError(f"setup cannot be loaded: {e}") from e
    initial = adapter.snapshot(state, names)
    steps = []
    for raw in actions:
        try:
            state = rules.apply(state, _engine_action(rules, adapter, names, raw, state))
            step: dict[str, Any] = {"accepted": True, "rule": None, "message": None}
        except IllegalAction as refusal:
            step = {"accepted": False, "rule": refusal.rule, "message": refusal.message}
        step["state"] = adapter.snapshot(state, names)
        steps.append(step)
    outcome = rules.outcome(state)
    return {
        "initial": initial,
        "steps": steps,
        "game_over": outcome is not None,
        "winner": _winner(rules, adapter, state, names),
        "state": adapter.snapshot(state, names),
    }
