"""Every game in the registry, played to its end by its own bots (the OpenSpiel habit: one
test walks every game): each folder holds what the registry says, every move and state
survives a JSON round trip, the story tells every move in both languages, the hints answer
for the seat to act, and the result pays out exactly what was lost (payouts sum to zero)."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path

import pytest

from companion.games.bots import decide
from companion.games.engine import replay
from companion.games.game import Game
from companion.games.registry import BOOKS, GAMES, REGISTRY, get_game, hints_for

GAMES_DIR = Path(__file__).resolve().parents[1] / "companion" / "games"
PIECES = ("engine", "story", "rulebook", "hints", "bot", "scenario")


def test_the_registry_lists_one_folder_per_game_and_nothing_else() -> None:
    folders = {p.parent.name for p in GAMES_DIR.glob("*/__init__.py")}
    assert folders == {g.name for g in REGISTRY} == set(GAMES) == set(BOOKS)
    assert len(REGISTRY) == len(folders)  # no game twice
    for game in REGISTRY:
        package = importlib.import_module(f"companion.games.{game.name}")
        assert package.GAME is game
        for piece in PIECES:  # each piece in the module named for what it holds
            assert (GAMES_DIR / game.name / f"{piece}.py").is_file(), (game.name, piece)
        assert game.book.game == game.name
        assert game.bot.__module__ == f"companion.games.{game.name}.bot"
        assert game.narrate.__module__ == f"companion.games.{game.name}.story"
        assert game.hints.__module__ == f"companion.games.{game.name}.hints"
        assert type(game.rules).__module__ == f"companion.games.{game.name}.engine"
        assert game.scenario.build.__module__ == f"companion.games.{game.name}.scenario"
        assert game.rules.seats.start - 1 <= game.practice_bots <= game.rules.seats.stop - 2


def _play(game: Game, players: int, seed: int) -> None:
    rules, bot, rng = game.rules, game.bot(), random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    start = state = rules.new_state(players, {"hands": "known"}, seed)
    played = []
    for _ in range(5000):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        found = hints_for(game.name, rules, state, seat, names).as_json()
        assert json.loads(json.dumps(found)) == found
        action = decide(bot, rules, state, seat, rng)
        sent = json.loads(json.dumps(rules.dump_action(action)))
        assert rules.load_action(sent) == action
        after = rules.apply(state, action)
        lines = game.narrate(names, state, action, after)
        assert lines and all(line["en"] and line["it"] for line in lines), (game.name, action)
        assert rules.load_state(json.loads(json.dumps(rules.dump_state(after)))) == after
        played.append(action)
        state = after
    else:
        raise AssertionError(f"{game.name}: no end after 5000 moves")
    outcome = rules.outcome(state)
    assert outcome is not None
    assert len(outcome.scores) == players
    if outcome.payouts:
        assert sum(outcome.payouts) == 0, (game.name, outcome.payouts)
        assert all(isinstance(n, int) for n in outcome.payouts)
    assert replay(rules, start, played) == state  # the actions alone rebuild the game
    for seat in [None, *range(players)]:
        view = rules.view(state, seat)
        assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("name", [g.name for g in REGISTRY])
def test_every_registered_game_is_played_to_its_end_by_its_bots(name: str) -> None:
    game = get_game(name)
    seats = game.rules.seats
    for seed in range(3):
        _play(game, seats.start + seed % len(seats), seed)
