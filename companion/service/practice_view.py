"""A practice table's view: the bots' seats, their cards when shown, the move to take back.

A practice table is an ordinary table whose setup names the seats the app's bots play.
Two events exist only there: ``rewind`` takes back the player's last move together with
every bot move after it (nobody can cheat against bots, so cards seen since do not
matter), and ``show_bots`` shows or hides the bots' hands (:func:`companion.service.table.fold`
replays both). Nothing is ever deleted from the log: a rewind is an event like any other.
"""

from __future__ import annotations

from typing import Any

from ..games.registry import get_game
from .table import Applied, Table


def last_own_move(table: Table) -> Applied | None:
    """The player's (not a bot's, nor the app's own) last move still in force, or None."""
    for a in reversed(table.applied):
        if a.by != "app" and getattr(a.action, "player", None) not in table.bots:
            return a
    return None


def bot_hands(table: Table) -> list[dict[str, Any]]:
    """Each bot's cards as its own seat sees them (its hand, and a face-down choice)."""
    out = []
    for seat in table.bots:
        view = table.rules.view(table.state, seat)
        cards = view.get("hand", view.get("cards"))
        entry: dict[str, Any] = {"seat": seat, "cards": cards}
        if view.get("chosen") is not None:
            entry["chosen"] = view["chosen"]
        out.append(entry)
    return out


def practice_view(table: Table, seat: int | None) -> dict[str, Any] | None:
    """What a phone sees of the practice: the bots' seats, the switch, the bots' hands when
    shown (to the player's own phone only), whether a move can be taken back."""
    if not table.bots:
        return None
    mine = seat is not None and seat not in table.bots
    book = get_game(table.game).book
    return {
        "goal": {"en": book.summary("en"), "it": book.summary("it")},  # what a newcomer plays for
        "bots": list(table.bots),
        "show_bots": table.show_bots,
        "hands": bot_hands(table) if table.show_bots and mine else None,
        "can_rewind": last_own_move(table) is not None,
    }
