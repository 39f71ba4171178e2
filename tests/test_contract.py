"""The contract every engine runs: seeded random playouts (after OpenSpiel's games_sim_test)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.engine import IllegalAction, Outcome, Rules, can, replay

SEEDS = range(12)
MODES = ({"hands": "known"}, {"hands": "unknown"})


def _probe_actions(rules: Rules[Any, Any], state: Any, seat: int) -> list[Any]:
    """Actions that are plausibly wrong: other seats' moves, junk, moves out of turn."""
    probes = []
    for d in ({"type": "play", "player": seat, "card": "AH"},
              {"type": "choose_row", "player": seat, "row": "X"},
              {"type": "play", "player": seat, "card": "JK9"},
              {"type": "raise", "player": seat},
              {"type": "accept", "player": (seat + 1) % 4},
              {"type": "declare_kaiser", "player": seat, "card": "AS"},
              {"type": "discard", "player": seat, "cards": ["AH", "2H"]},
              {"type": "deal", "player": seat}):
        with contextlib.suppress(IllegalAction):
            probes.append(rules.load_action(d))
    return probes


def _cannot_hold_agrees(rules: Rules[Any, Any], state: Any, seat: int, legal: list[Any],
                        players: int, real_cards: bool) -> None:
    """What everybody knows a seat does not hold is never a card his legal actions name, the
    view gives it for every seat, and (real cards, a card played from the hand) playing one is
    refused as a card seen elsewhere."""
    barred = rules.cannot_hold(state, seat)
    named = {getattr(a, "card", None) for a in legal} - {None}
    assert not barred & named, (seat, sorted(barred & named))
    assert rules.view(state, None)["cannot_hold"][seat] == sorted(barred)
    assert rules.view(state, seat)["cannot_hold"] == [sorted(rules.cannot_hold(state, p))
                                                      for p in range(players)]
    if not real_cards:
        # public knowledge only: the same with every hand unknown to the app
        full = rules.dump_state(state)
        key = "hands" if "hands" in full else "cards"
        blind = rules.load_state({**full, key: [None] * players, "known": False})
        assert all(rules.cannot_hold(blind, p) == rules.cannot_hold(state, p) for p in range(players))
        return
    plays = [a for a in legal if type(a).__name__ == "Play" and getattr(a, "card", None)]
    for card in sorted(barred) if plays else ():
        action = rules.load_action({"type": "play", "player": seat, "card": card})
        with pytest.raises(IllegalAction) as refused:
            rules.check(state, action)
        assert refused.value.rule.endswith("card_seen"), (card, refused.value.rule)


def _chips_conserved(state: Any) -> None:
    """Balances plus the chips on the table (stakes on cards, a pot) always add up to zero."""
    balances = getattr(state, "balances", None)
    if balances is None:
        return
    on_table = sum(p.stakes for p in getattr(state, "trick", ())) + getattr(state, "pot", 0)
    assert sum(balances) + on_table == 0, (balances, on_table)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("options", MODES, ids=["known", "unknown"])
def test_random_playout(game: str, seed: int, options: dict[str, str]) -> None:
    rules = GAMES[game]
    rng = random.Random(seed)
    players = rules.seats.start + seed % len(rules.seats)
    start = rules.new_state(players, options, seed)
    state, actions = start, []
    for _ in range(10_000):
        if rules.outcome(state) is not None:
            break
        acting = sorted(rules.to_act(state))
        assert acting, "a game that is not over must have someone to act"
        for seat in range(players):
            if seat not in acting:
                assert rules.legal_actions(state, seat) == []
        seat = rng.choice(acting)
        legal = rules.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        for probe in _probe_actions(rules, state, seat):
            if probe not in legal:
                before = rules.dump_state(state)
                with pytest.raises(IllegalAction) as refused:
                    rules.apply(state, probe)
                assert refused.value.rule and refused.value.message
                assert rules.dump_state(state) == before
        _cannot_hold_agrees(rules, state, seat, legal, players, options["hands"] == "unknown")
        action = rng.choice(legal)
        assert can(rules, state, action)
        data = json.loads(json.dumps(rules.dump_action(action)))
        assert rules.load_action(data) == action
        state = rules.apply(state, action)
        actions.append(action)
        _chips_conserved(state)
    else:
        pytest.fail("the game did not end")
    outcome = rules.outcome(state)
    assert isinstance(outcome, Outcome)
    assert len(outcome.scores) == players
    assert sum(outcome.payouts) == 0
    if outcome.winners:
        assert max(outcome.scores) == outcome.scores[outcome.winners[0]]
    else:  # a game that can stall ends drawn (Insonnia, DECISION I12): nobody scores more
        assert len(set(outcome.scores)) == 1
    # The state is a pure function of the setup and the actions, and survives JSON.
    assert replay(rules, start, actions) == state
    assert rules.load_state(json.loads(json.dumps(rules.dump_state(state)))) == state
    with pytest.raises(IllegalAction):
        rules.apply(state, actions[-1])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_view_never_shows_another_players_hand(game: str) -> None:
    rules = GAMES[game]
    rng = random.Random(3)
    players = min(rules.seats.start + 1, rules.seats.stop - 1)
    state = rules.new_state(players, {"hands": "known"}, 3)
    while rules.outcome(state) is None:
        full = rules.dump_state(state)
        hands = full.get("hands") or full.get("cards")
        for seat in range(players):
            text = json.dumps(rules.view(state, seat))
            # A deck with two copies of a card (Insonnia) lets a seat hold what another holds.
            mine = set(hands[seat] or [])
            for other in range(players):
                if other == seat:
                    continue
                hidden = set(hands[other] or []) - mine
                chosen = full.get("chosen", [None] * players)[other]
                if chosen:
                    hidden.add(chosen)
                visible = {c for row in full.get("rows", []) for c in row}
                for pile in full.get("piles", []):
                    visible.update(pile)
                public_view = json.dumps(rules.view(state, None))
                for card in hidden - visible:
                    if f'"{card}"' in public_view:  # shown to everybody (a winner's cards)
                        continue
                    assert f'"{card}"' not in text, f"seat {seat} sees {card} of seat {other}"
        public = json.dumps(rules.view(state, None))
        assert '"hand"' not in public
        seat = rng.choice(sorted(rules.to_act(state)))
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
