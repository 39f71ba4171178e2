"""Whose hand the table screen may neither play nor be told about.

At a table whose cards the app dealt, a seat held by a phone is that phone's alone: the table
screen (the host) may not act for it, and may not be told what a card would mean for it, since
a refusal per card ("not in your hand") would spell out the hand.
"""

from __future__ import annotations

from collections.abc import Collection

from .table import Table


def phone_only(table: Table, seat: object, phones: Collection[int]) -> bool:
    """True when only ``seat``'s own phone may act for it or hear about its cards: the game
    says its hand is private (the app knows it) and a phone holds the seat."""
    private = getattr(table.rules, "private", None)
    if private is None or not isinstance(seat, int) or isinstance(seat, bool):
        return False
    if not 0 <= seat < len(table.names) or seat not in phones:
        return False
    return bool(private(table.state, seat))
