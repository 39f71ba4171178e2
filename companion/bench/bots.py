"""Bots against random players: every game played to its end with legal moves only, the
heuristic side's win rate, and games per second (``companion bots-bench``)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..games.bots import RandomBot
from ..games.registry import REGISTRY, bot_for
from .arena import MATCH, match

GAMES = tuple(g.name for g in REGISTRY)


@dataclass(frozen=True)
class Figures:
    """One game's figures over ``games`` seeded matches."""

    game: str
    games: int
    won: int
    actions: int
    seconds: float

    @property
    def rate(self) -> float:
        """The heuristic side's share of the matches it won."""
        return self.won / self.games

    @property
    def per_second(self) -> float:
        """Whole games per second."""
        return self.games / self.seconds


def measure(game: str, games: int, first_seed: int = 0) -> Figures:
    """Play ``games`` seeded matches (seeds ``first_seed`` on); any illegal move raises."""
    heuristic, random_bot = bot_for(game), RandomBot()
    won = actions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        beat, result = match(game, seed, heuristic, random_bot)
        won += beat
        actions += result.actions
    return Figures(game, games, won, actions, time.perf_counter() - start)


def run(games: int = 1000, only: tuple[str, ...] = GAMES) -> list[Figures]:
    """Measure every game and print one line each."""
    print(f"Bots: {games} seeded games per game, heuristic side against random players")
    out = []
    for game in only:
        f = measure(game, games)
        players, ours = MATCH[game]
        side = "a team of 2" if len(ours) > 1 else "1 seat"
        print(f"  {game:12} {players} players, heuristic {side}: all {f.games} games ended with "
              f"legal moves only; heuristic beat random in {f.won} ({f.rate:.1%}); "
              f"{f.per_second:.1f} games/s, {f.actions / f.games:.0f} actions/game", flush=True)
        out.append(f)
    return out
