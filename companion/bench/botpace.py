"""How long a practice table's bots take to answer, at the first bot move of a game and at its
last (``companion bench`` prints it): the same late in a game as early.

Each game is a practice table on a SQLite file (WAL, synchronous=FULL, as served) where the
player's seat is played by the same heuristic bot. A bot move's cost is what the server does
from the moment the bot has the turn to the moment the player's phone can be sent the result:
read the table, decide, check, commit, and the player's view as JSON (what his live stream
sends). The pause a person needs to follow (``practice.DEFAULT_DELAY``) is not part of it:
the bot decides during the pause, so its move lands the pause after it got the turn, plus
whatever of the cost is left beyond the pause (none at these figures).
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..games.bots import decide
from ..games.registry import REGISTRY, bot_for, get_game
from ..service.practice import BOT_NAMES, DEFAULT_DELAY, Practice
from ..service.service import TableService
from ..storage.sqlite import Store

GAMES = tuple(g.name for g in REGISTRY)


@dataclass
class Paces:
    """The cost of each bot move of one kind of game, by the move's place in its game."""

    first: list[float] = field(default_factory=list)  # ms, the first bot move of each game
    last: list[float] = field(default_factory=list)  # ms, the last bot move of each game
    moves: list[int] = field(default_factory=list)  # bot moves per game


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def play(game: str, seed: int, folder: Path) -> list[float]:
    """One practice game to its end; the cost of every bot move in ms, in order."""
    service = TableService(Store(folder / f"{game}-{seed}.sqlite3"))
    practice = Practice(service, delay=0, background=False)
    bots = get_game(game).practice_bots
    created = service.lobby.create({"game": game, "players": ["Player", *BOT_NAMES[:bots]],
                              "options": {"hands": "known"}}, seed=seed, bots=range(1, bots + 1))
    table_id = created.table_id
    token = service.lobby.join(table_id, 0).token
    rng = random.Random(seed)
    costs: list[float] = []
    while True:
        start = time.perf_counter()
        table = service.tables.table(table_id)
        if table.rules.outcome(table.state) is not None:
            return costs
        seat = sorted(table.rules.to_act(table.state))[0]
        if seat in table.bots:
            if not practice.move(table, seat):
                raise RuntimeError(f"a bot's move was refused at {game} (seed {seed})")
            json.dumps(service.views.view(table_id, 0, True))  # what the player's stream sends
            costs.append((time.perf_counter() - start) * 1000)
        else:
            action = decide(bot_for(game), table.rules, table.state, seat, rng)
            service.moves.submit(table_id, [token],
                                 {"action": table.rules.dump_action(action), "seq": table.seq})


def measure(games: int = 20, only: tuple[str, ...] = GAMES) -> dict[str, Paces]:
    """``games`` seeded practice games of each game: the cost of the first and last bot moves."""
    found: dict[str, Paces] = {}
    with tempfile.TemporaryDirectory(prefix="tavolo-botpace-") as tmp:
        for game in only:
            paces = found.setdefault(game, Paces())
            for seed in range(games):
                costs = play(game, seed, Path(tmp))
                if costs:
                    paces.first.append(costs[0])
                    paces.last.append(costs[-1])
                    paces.moves.append(len(costs))
    return found


def bot_pace(games: int = 20) -> None:
    """Print the bots' answer cost at move 1 and at the last move of a game (p50/p99)."""
    print(f"practice bots: the cost of a bot move, from its turn to the player's view ready "
          f"({games} games each; a move lands the {DEFAULT_DELAY:.1f} s pause after its turn):")
    for game, paces in measure(games).items():
        if not paces.first:
            continue
        first, last = _spread(paces.first), _spread(paces.last)
        print(f"  {game:12} move 1 {first} | last move {last} | "
              f"{statistics.median(paces.moves):.0f} bot moves a game")


def _spread(values: list[float]) -> str:
    return f"p50 {statistics.median(values):5.1f} ms p99 {percentile(values, 0.99):5.1f} ms"
