"""Bots: legal moves only, whole games to the end, better than random, blind to hidden cards.

The full claim (1,000 seeded games of each game) is checked by `make bench-bots`
(`companion bots-bench --games 1000`); here a few hundred seeds per game keep `make test` quick.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from companion.bench.arena import MATCH, play
from companion.bench.bots import measure
from companion.games import get_rules
from companion.games.bots import BadChoice, LazyView, RandomBot, decide
from companion.games.diavolo.bot import ask_value
from companion.games.registry import HEURISTIC, bot_for

# Seeded matches per game in the test run (Insonnia's games are the longest).
SEEDS = {"quinta": 300, "oscuri": 300, "kaiserspiel": 150, "diavolo": 300, "insonnia": 120}


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_heuristic_bots_beat_random_players_with_legal_moves_only(game: str) -> None:
    # Any illegal move would raise (IllegalAction from the engine, BadChoice from decide).
    figures = measure(game, SEEDS[game], first_seed=10_000)
    assert figures.rate > 0.5, f"{game}: the heuristic side won only {figures.rate:.0%}"


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_games_of_heuristic_bots_alone_end(game: str) -> None:
    players = MATCH[game][0]
    for seed in range(20):
        result = play(game, [bot_for(game) for _ in range(players)], seed)
        assert result.actions > players
        assert get_rules(game).seats.start <= len(result.outcome.scores) == players


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_random_bots_alone_end(game: str) -> None:
    players = MATCH[game][0]
    for seed in range(10):
        play(game, [RandomBot() for _ in range(players)], seed)


class Spy:
    """Records what a bot is given, then lets the real bot choose."""

    def __init__(self, game: str) -> None:
        self.inner = bot_for(game)
        self.name = "spy"
        self.seen: list[tuple[dict[str, Any], list[Any]]] = []

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        self.seen.append((dict(view), list(legal)))
        return self.inner.choose(view, legal, rng)


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_a_bot_sees_only_its_own_seat(game: str) -> None:
    rules = get_rules(game)
    players = MATCH[game][0]
    state = rules.new_state(players, {}, 3)
    rng = random.Random(3)
    spy = Spy(game)
    for _ in range(60):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        before = len(spy.seen)
        action = decide(spy, rules, state, seat, rng)
        if len(spy.seen) > before:
            view, legal = spy.seen[-1]
            assert view == rules.view(state, seat)  # exactly the seat's own view
            assert legal == rules.legal_actions(state, seat)
            hands = [h for i, h in enumerate(rules.dump_state(state).get("hands") or [])
                     if i != seat and h]
            text = repr(view)
            # Another seat's whole hand is never in what the bot is shown.
            assert not any(all(repr(c) in text for c in h) and len(h) > 3 for h in hands)
        state = rules.apply(state, action)


def test_a_bot_answer_outside_the_legal_moves_is_a_bug() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
            return "a card from the sleeve"

    rules = get_rules("quinta")
    with pytest.raises(BadChoice, match="not a legal action"):
        decide(Cheat(), rules, rules.new_state(3, {}, 1), 0, random.Random(1))


def test_bot_for_refusals() -> None:
    assert set(HEURISTIC) == {"quinta", "oscuri", "kaiserspiel", "diavolo", "insonnia"}
    assert isinstance(bot_for("quinta", "random"), RandomBot)
    with pytest.raises(ValueError, match="no bot plays 'poker'"):
        bot_for("poker")
    with pytest.raises(ValueError, match="unknown kind of bot"):
        bot_for("quinta", "genius")


def test_lazy_view_asks_the_engine_once_and_only_when_read() -> None:
    rules = get_rules("oscuri")
    state = rules.new_state(3, {}, 5)
    calls: list[int] = []

    class Counting:
        def __getattr__(self, name: str) -> Any:
            return getattr(rules, name)

        def view(self, s: Any, seat: int) -> dict[str, Any]:
            calls.append(seat)
            return rules.view(s, seat)

    lazy = LazyView(Counting(), state, 1)  # type: ignore[arg-type]
    assert calls == []
    assert lazy["hand"] == rules.view(state, 1)["hand"] and len(lazy) > 3 and "hand" in lazy
    assert calls == [1]


def test_diavolo_asks_when_the_odds_pay() -> None:
    # 14 and a half: only a figure (16 of them) or the Devil makes 15; most cards bust.
    assert ask_value(["7S", "7C", "JC"], pot=2, stake=1, rivals=1) < 0
    # ...but with a big pot the chance is worth a chip.
    assert ask_value(["7S", "7C", "JC"], pot=40, stake=1, rivals=1) > 0
    # 14: a pot of 12 pays for the few chips an exact 15 costs on average, a pot of 2 does not.
    assert ask_value(["7S", "7C"], pot=12, stake=1, rivals=1) > 0 > ask_value(["7S", "7C"], pot=2,
                                                                             stake=1, rivals=1)
    # Over 15 only the Devil wins: one card in 76 is not worth a chip for a small pot.
    assert ask_value(["T21"], pot=3, stake=1, rivals=1) < 0
