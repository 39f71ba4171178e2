"""Replay of ``rules-scenario/1`` files (shared/rules/scenarios.md).

A small adapter per game turns the scenario's setup into an engine state, its
actions (players by name) into engine actions, and engine states into the
snapshot keys the format lists. The replay reports; it judges nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .diavolo.engine import RULES as DIAVOLO
from .diavolo.state import DiavoloState
from .diavolo.state import total as diavolo_total
from .engine import IllegalAction, Rules, SetupError, json_number
from .insonnia.engine import RULES as INSONNIA
from .insonnia.runs import is_complete
from .insonnia.state import InsonniaState
from .kaiserspiel.engine import RULES as KAISERSPIEL
from .kaiserspiel.engine import KaiserState
from .kaiserspiel.hand import marks as kaiser_marks
from .oscuri.engine import RULES as OSCURI
from .oscuri.state import OscuriState
from .quinta.engine import RULES as QUINTA
from .quinta.state import ROWS, QuintaState
from .registry import get_rules

FORMAT = "rules-scenario/1"


class ScenarioError(ValueError):
    """A scenario file that cannot be replayed: malformed, or naming an unknown game."""


@dataclass(frozen=True)
class Adapter:
    """How one game reads a scenario's setup and writes its snapshot."""

    build: Callable[[list[str], Mapping[str, Any], Mapping[str, Any]], Any]
    snapshot: Callable[[Any, list[str]], dict[str, Any]]
    system: Callable[[Any], int | None] = lambda state: None  # the seat a "system" action is for
    # Turns an action's parameters that name players (a deal's cards by name) into seat form.
    params: Callable[[dict[str, Any], list[str]], dict[str, Any]] = lambda params, names: params


def _quinta_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    table = setup.get("table", {})
    rows = table.get("rows", {}) if isinstance(table, Mapping) else {}
    hands = setup.get("hands", {})
    piles = setup.get("piles", {})
    _names_only(names, hands, "hands")
    _names_only(names, piles, "piles")
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


def _oscuri_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    hands = setup.get("hands", {})
    balances = setup.get("balances", {})
    _names_only(names, hands, "hands")
    _names_only(names, balances, "balances")
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


def _diavolo_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    balances = setup.get("balances", {})
    _names_only(names, balances, "balances")
    # Optional: who paid the pot carried in (DECISION D9 gives it back to them if nobody wins it).
    pot_paid = setup.get("pot_paid")
    if pot_paid is not None:
        _names_only(names, pot_paid, "pot_paid")
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


def _kaiser_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    if len(names) != 4:
        raise ScenarioError("Kaiserspiel is played by exactly 4 players")
    face_up, hands = setup.get("face_up", {}), setup.get("hands", {})
    scores = setup.get("team_scores", {})
    _names_only(names, face_up, "face_up")
    _names_only(names, hands, "hands")
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


def _insonnia_build(names: list[str], options: Mapping[str, Any], setup: Mapping[str, Any]) -> Any:
    hands = setup.get("hands", {})
    table = setup.get("table", {})
    runs = table.get("runs", {}) if isinstance(table, Mapping) else {}
    _names_only(names, hands, "hands")
    _names_only(names, runs, "table.runs")
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


ADAPTERS: dict[str, Adapter] = {
    "quinta": Adapter(_quinta_build, _quinta_snapshot),
    "oscuri": Adapter(_oscuri_build, _oscuri_snapshot),
    "diavolo": Adapter(_diavolo_build, _diavolo_snapshot, _diavolo_system),
    "kaiserspiel": Adapter(_kaiser_build, _kaiser_snapshot, _kaiser_system, _kaiser_params),
    "insonnia": Adapter(_insonnia_build, _insonnia_snapshot, _insonnia_system, _insonnia_params),
}


def _names_only(names: list[str], mapping: Any, what: str) -> None:
    if not isinstance(mapping, Mapping):
        raise ScenarioError(f"setup.{what} must be an object keyed by player name")
    strangers = set(mapping) - set(names)
    if strangers:
        raise ScenarioError(f"setup.{what} names players not in options.players: {sorted(strangers)}")


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


def _winner(rules: Rules[Any, Any], state: Any, names: list[str]) -> Any:
    outcome = rules.outcome(state)
    if outcome is None:
        return None
    if rules is KAISERSPIEL:  # a team game: the winner is a team
        return KAISERSPIEL.winner(state)
    winners = [names[i] for i in outcome.winners]
    return winners[0] if len(winners) == 1 else winners


def replay_scenario(scenario: Any) -> dict[str, Any]:
    """Replay a parsed scenario and return the report ``companion replay`` prints."""
    if not isinstance(scenario, Mapping) or scenario.get("format") != FORMAT:
        raise ScenarioError(f"not a {FORMAT} scenario (missing or wrong 'format')")
    game = scenario.get("game")
    if game not in ADAPTERS:
        raise ScenarioError(f"unknown game {game!r}; this build replays: {', '.join(ADAPTERS)}")
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
    adapter = ADAPTERS[str(game)]
    rules = get_rules(str(game))
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
        "winner": _winner(rules, state, names),
        "state": adapter.snapshot(state, names),
    }
