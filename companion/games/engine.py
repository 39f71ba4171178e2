"""The engine protocol every game implements, and the pieces they share.

An engine is pure: it holds no state of its own, never touches storage or the
web, and turns (state, action) into a new state. A refused action raises
:class:`IllegalAction` with a stable rule id and a sentence for players; the
state it was given is never changed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, TypeVar

S = TypeVar("S")
A = TypeVar("A")

Score = int | Fraction


class IllegalAction(Exception):
    """An action the rules refuse: ``rule`` is a stable id, ``message`` a sentence.

    ``message_it`` carries the same sentence in Italian; ``params`` lets the web
    layer re-render it.
    """

    def __init__(self, rule: str, message: str, message_it: str | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.message_it = message_it or message

    def text(self, lang: str) -> str:
        """The sentence in ``it`` or ``en``."""
        return self.message_it if lang == "it" else self.message

    def details(self) -> dict[str, Any]:
        """Extra JSON-ready facts for the phone (e.g. which part of a move broke the rule)."""
        return {}


class SetupError(ValueError):
    """A setup or option that no game could start from (bad players, unknown option)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: scores per seat, winners, and chip payouts (summing to zero)."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    payouts: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.payouts and sum(self.payouts) != 0:
            raise ValueError("payouts must sum to zero")


class Rules(Protocol[S, A]):
    """The protocol shared by the five games (see DESIGN.md)."""

    name: str
    deck: str
    seats: range

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> S:
        """A freshly dealt state (``options['hands'] == 'unknown'`` deals nothing)."""
        ...

    def to_act(self, s: S) -> frozenset[int]:
        """The seats that may act now; several means a simultaneous choice."""
        ...

    def legal_actions(self, s: S, player: int) -> Sequence[A]:
        """Every action ``player`` may take (empty where his hand is unknown)."""
        ...

    def check(self, s: S, a: A) -> None:
        """Raise :class:`IllegalAction` when ``a`` is not allowed in ``s``."""
        ...

    def apply(self, s: S, a: A) -> S:
        """Check ``a``, then return the NEW state; ``s`` is left untouched."""
        ...

    def outcome(self, s: S) -> Outcome | None:
        """The outcome once the game is over, else None."""
        ...

    def view(self, s: S, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (None = a spectator / the table screen)."""
        ...

    def cannot_hold(self, s: S, player: int) -> frozenset[str]:
        """The cards everybody at the table knows ``player`` does not hold now: on the table,
        played, or shown to be another's. Public knowledge only (never a hidden hand), whoever's
        turn it is: a card picker greys them, and a play of one is refused as ``card_seen``."""
        ...

    def dump_state(self, s: S) -> dict[str, Any]:
        """The full state as JSON-ready data."""
        ...

    def load_state(self, d: Mapping[str, Any]) -> S:
        """Inverse of :meth:`dump_state`."""
        ...

    def dump_action(self, a: A) -> dict[str, Any]:
        """An action as JSON-ready data."""
        ...

    def load_action(self, d: Mapping[str, Any]) -> A:
        """Parse an action, raising :class:`IllegalAction` for a malformed one."""
        ...

    def can_undo(self, s: S, a: A) -> bool:
        """True when ``a`` (the last action applied to reach ``s``) may be taken back."""
        ...


def can(rules: Rules[S, A], s: S, a: A) -> bool:
    """The boolean form of ``rules.check``."""
    try:
        rules.check(s, a)
    except IllegalAction:
        return False
    return True


def automatic(rules: Rules[S, A], s: S) -> A | None:
    """The move the game makes by itself in ``s`` (an engine's optional ``automatic``: Insonnia
    dealt by the app shuffles its own discards), or None when nothing is due."""
    own = getattr(rules, "automatic", None)
    return None if own is None else own(s)


def cannot_hold_json(rules: Rules[S, A], s: S, players: int) -> list[list[str]]:
    """Each seat's :meth:`Rules.cannot_hold`, sorted, for the view (it is public knowledge)."""
    return [sorted(rules.cannot_hold(s, p)) for p in range(players)]


def replay(rules: Rules[S, A], start: S, actions: Sequence[A]) -> S:
    """Apply ``actions`` in order from ``start`` and return the resulting state."""
    s = start
    for a in actions:
        s = rules.apply(s, a)
    return s


PLAIN_OPTION = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,23}")


def option_named(key: str) -> str:
    """An option's name as a refusal repeats it: a plain name as it is; anything else (a line
    break, a direction mark, markup) in quotes, escaped and cut short, so that it cannot bend
    the sentence it is shown in."""
    if PLAIN_OPTION.fullmatch(key):
        return key
    short = key[:16] + ("…" if len(key) > 16 else "")
    return json.dumps(short, ensure_ascii=True).replace("\\u2026", "…")


def read_options(title: str, players: int, seats: range, options: Mapping[str, Any],
                 allowed: frozenset[str]) -> tuple[int, str]:
    """Check the player count and the options every game shares; return (stake, hands mode).

    ``stake``: whole chips per unit, 1 to 1000 (default 1). ``hands``: ``known`` (the app
    deals, or a scenario gives the cards) or ``unknown`` (real cards on a real table).
    """
    if players not in seats:
        raise SetupError(f"{title} is played by {seats.start} to {seats.stop - 1} players")
    unknown = set(options) - allowed
    if unknown:
        raise SetupError(f"unknown {title} option(s): {', '.join(option_named(k) for k in sorted(unknown))}")
    stake = options.get("stake", 1)
    if not isinstance(stake, int) or isinstance(stake, bool) or not 1 <= stake <= 1000:
        raise SetupError("option 'stake' must be a whole number of chips from 1 to 1000")
    mode = options.get("hands", "known")
    if mode not in ("known", "unknown"):
        raise SetupError("option 'hands' must be 'known' or 'unknown'")
    return stake, str(mode)


def chosen_seat(option: str, value: Any, players: int) -> int:
    """A seat the table chose for ``option`` (who deals or leads first): 0 to ``players - 1``."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise SetupError(f"option '{option}' must be a seat from 0 to {players - 1}")
    return value


def json_number(v: Score) -> int | float:
    """A score for JSON: whole numbers as ints, halves as exact floats (14.5)."""
    if isinstance(v, int):
        return v
    return int(v) if v.denominator == 1 else float(v)
