"""A practice table's own events and view: a rewind and the bots' cards shown.

A practice table is an ordinary table whose setup names the seats the app's bots play.
Two events exist only there: ``rewind`` takes back the player's last move together with
every bot move after it (nobody can cheat against bots, so cards seen since do not
matter), and ``show_bots`` shows or hides the bots' hands. Nothing is ever deleted from
the log: a rewind is an event like any other, and the table is what replaying gives.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..storage.sqlite import Event

if TYPE_CHECKING:
    from .tables import Applied, Table

PRACTICE_EVENTS = frozenset({"rewind", "show_bots"})


def last_own_move(table: Table) -> Applied | None:
    """The player's (not a bot's) last move still in force, or None."""
    for a in reversed(table.applied):
        if getattr(a.action, "player", None) not in table.bots:
            return a
    return None


def fold_practice(table: Table, ev: Event) -> Table:
    """Apply a practice event to a derived table (checked before it was stored)."""
    names = table.display_names()
    if ev.kind == "rewind":
        target = int(ev.payload["seq"])
        index = next(i for i, a in enumerate(table.applied) if a.seq == target)
        moved = table.applied[index]
        bots = len(table.applied) - index - 1
        who = names[int(getattr(moved.action, "player", 0))]
        line = {"seq": ev.seq,
                "en": f"{who} took back his last move and the {bots} bot moves after it.",
                "it": f"{who} ha ripreso la sua ultima mossa e le {bots} mosse dei bot dopo di essa."}
        return replace(table, state=moved.before, applied=table.applied[:index],
                       log=(*table.log, line))
    show = bool(ev.payload["show"])
    line = {"seq": ev.seq,
            "en": "The bots' cards are shown." if show else "The bots' cards are hidden again.",
            "it": "Le carte dei bot sono scoperte." if show else "Le carte dei bot sono di nuovo coperte."}
    return replace(table, show_bots=show, log=(*table.log, line))


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
    return {
        "bots": list(table.bots),
        "show_bots": table.show_bots,
        "hands": bot_hands(table) if table.show_bots and mine else None,
        "can_rewind": last_own_move(table) is not None,
    }
