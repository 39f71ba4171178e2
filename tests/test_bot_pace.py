"""Practice bots keep pace: a bot's move lands the pause after it got the turn, whatever time it
spent deciding (it decides during the pause); bots that choose at the same moment (Quinta's
face-down choices) choose after one pause, not one each; turn-by-turn games keep one pause
per bot move so that a person can follow. The bench that measures the cost at move 1 and at
the last move runs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import companion.service.practice as practice_module
from companion.bench.botpace import measure, percentile
from companion.service.practice import Practice
from companion.service.service import TableService


@dataclass
class Clock:
    """The practice loop's clock: sleeping and deciding advance it, nothing really waits."""

    now: float = 100.0
    sleeps: list[float] = field(default_factory=list)

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 6))
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """A clock for the practice loop, and bots that take 0.3 s of it to decide each move."""
    fake = Clock()
    monkeypatch.setattr(practice_module, "time", fake)
    real = practice_module.decide

    def slow(*args: Any) -> Any:
        fake.now += 0.3
        return real(*args)

    monkeypatch.setattr(practice_module, "decide", slow)
    return fake


def test_simultaneous_choices_take_one_pause_and_thinking_is_inside_it(service: TableService,
                                                                       clock: Clock) -> None:
    practice = Practice(service, delay=0.8, background=False)
    created = service.lobby.create({"game": "quinta", "players": ["Nora", "Ada", "Bruno", "Carla"],
                              "options": {"hands": "known"}}, seed=3, bots=range(1, 4))
    moved = practice.run(created.table_id, 0.8)
    assert moved == 3  # the three bots chose their cards
    # One pause for the three, shortened by the 0.3 s the first bot spent deciding in it.
    assert clock.sleeps == [0.5]


def test_turn_by_turn_each_bot_move_lands_one_pause_after_its_turn(service: TableService,
                                                                   clock: Clock) -> None:
    practice = Practice(service, delay=0.8, background=False)
    created = service.lobby.create({"game": "oscuri", "players": ["Ada", "Bruno", "Nora"],
                              "options": {"hands": "known", "leader": 0}}, seed=5, bots=(0, 1))
    moved = practice.run(created.table_id, 0.8)
    assert moved == 2  # Ada leads, Bruno follows, then it is Nora's turn
    assert clock.sleeps == [0.5, 0.5]  # each move: the pause less the thinking done inside it


def test_the_bench_measures_the_first_and_last_bot_moves() -> None:
    found = measure(games=2, only=("quinta", "oscuri"))
    for paces in found.values():
        assert len(paces.first) == len(paces.last) == 2 and min(paces.moves) > 5
        assert all(ms > 0 for ms in paces.first + paces.last)
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.0 and percentile([5.0], 0.99) == 5.0


def test_a_bot_that_deals_again_waits_longer_so_that_the_last_deal_is_read(service: TableService,
                                                                             clock: Clock) -> None:
    """Il Diavolo against bots: a deal ends (Nora, for whom the host acts here, withdraws last)
    and Bruno, a bot, deals the next one: not one pause after, but DEAL_PAUSE pauses, so that
    the player reads who took the pot before a new deal hides it."""
    practice = Practice(service, delay=0.8, background=False)
    created = service.lobby.create({"game": "diavolo", "players": ["Nora", "Ada", "Bruno"],
                                    "options": {"hands": "known", "dealer": 1}}, seed=3, bots=(1, 2))
    tid = created.table_id
    for _ in range(20):
        practice.run(tid, 0.8)
        table = service.tables.table(tid)
        if table.state.deal_no > 1:
            break
        assert table.rules.to_act(table.state) == frozenset({0})  # Nora's turn: the bots wait
        service.moves.submit(tid, [created.host_token],
                             {"action": {"type": "withdraw", "player": 0}, "seq": table.seq})
    assert service.tables.table(tid).state.deal_no == 2
    dealt = round(0.8 * practice_module.DEAL_PAUSE - 0.3, 6)
    assert clock.sleeps.count(dealt) == 1
    assert all(s in (0.5, dealt) for s in clock.sleeps)
