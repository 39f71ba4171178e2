"""Il Diavolo's cards, actions and state: a card's value (figures count a half), a hand's exact total,
the deal in progress, the pot and the balances; and the small steps that pay, win and pass the word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..cards import TAROT78, deck_list, rank_of

DEVIL = "T15"


TARGET = Fraction(15)


HALF = Fraction(1, 2)


FIGURES = frozenset({"K", "Q", "C", "J"})


OPTIONS = frozenset({"stake", "hands", "dealer"})


_CARDS = deck_list(TAROT78)


def value(code: str) -> Fraction:
    """A card's value: trumps their number (Fool 0), figures ½, ace to 10 face value.
    The Devil counts 0 here: it is wild and handled apart."""
    if code == DEVIL:
        return Fraction(0)
    if code.startswith("T"):
        return Fraction(int(code[1:]))
    rank = rank_of(code)
    if rank in FIGURES:
        return HALF
    return Fraction(1 if rank == "A" else int(rank))


def total(cards: Sequence[str]) -> Fraction:
    """The sum of a hand without the Devil."""
    return sum((value(c) for c in cards), Fraction(0))


def points(x: Fraction) -> str:
    """A total as players say it, the same in Italian and English: ``7½``, ``½``, ``15``."""
    whole = x.numerator // x.denominator
    half = "½" if x - whole else ""
    return half if half and whole == 0 else f"{whole}{half}"


def wins(cards: Sequence[str]) -> bool:
    """Exactly 15, or the Devil (wild: any value, so any total becomes 15)."""
    return DEVIL in cards or total(cards) == TARGET


@dataclass(frozen=True, slots=True)
class Ask:
    """Pay one unit into the pot and take the next card."""

    player: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Leave this deal for good (D7)."""

    player: int


@dataclass(frozen=True, slots=True)
class Declare:
    """Unknown cards: the winner shows his cards (exactly 15, or the Devil) to be checked."""

    player: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Note:
    """Unknown cards: a player enters, privately, a card he has received (or scans it)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Continue:
    """Unknown cards: after his new card, the player says it does not make 15; the turn moves."""

    player: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Start the next deal (the new dealer, or the host). ``deck`` fixes the cards (scenarios)."""

    player: int
    deck: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class End:
    """End the evening: a pot nobody won goes back to those who paid into it, each exactly
    what he paid (DECISION D9); the balances are the result."""

    player: int


Action = Ask | Withdraw | Declare | Note | Continue | Deal | End


@dataclass(frozen=True, slots=True)
class DiavoloState:
    """The whole evening. ``cards[i]`` is None when seat i's cards are unknown."""

    players: int
    stake: int
    known: bool
    seed: int
    deal_no: int
    dealer: int
    deck: tuple[str, ...]  # index 0 = top (empty when unknown)
    deck_size: int
    phase: str  # offer | await_deal | over
    pot: int
    balances: tuple[int, ...]
    start: tuple[int, ...]
    start_pot: int
    cards: tuple[tuple[str, ...] | None, ...]
    counts: tuple[int, ...]  # cards held this deal
    paid: tuple[int, ...]  # units paid this deal (ante and asks)
    withdrawn: tuple[bool, ...]
    turn: int | None  # whose turn to speak
    round: int = 1
    deal_winner: int | None = None
    won: int = 0  # the pot the deal's winner took (0 while nobody has won this deal)
    # Unknown cards: the player who just asked keeps the turn until he has looked at his new
    # card (entered it, or said it makes no 15): nobody acts before a win is known (§3.5).
    checking: bool = False
    # Unknown cards: each player who has said his newest card makes no 15 ("go on"). A win is
    # announced as the card arrives (§3.5, D6): with the same cards he can no longer claim one.
    passed: tuple[bool, ...] = ()
    # Wins not announced in time, proved by the cards entered later: (player, deal).
    missed: tuple[tuple[int, int], ...] = ()
    # Every deal ended so far, for the evening's summary: (deal, winner or -1 when everybody
    # withdrew, the pot won or left, whether the Devil won it).
    history: tuple[tuple[int, int, int, bool], ...] = ()
    # DECISION D9: the chips each player has paid into the pot on the table since it was last
    # won (antes and asks), and the part of them paid for cards asked.
    pot_paid: tuple[int, ...] = ()
    pot_asks: tuple[int, ...] = ()
    # What each took back from the pot when the evening ended, and the part of it paid for
    # cards asked (empty until then).
    refunded: tuple[int, ...] = ()
    refunded_asks: tuple[int, ...] = ()

    def speaking(self) -> list[int]:
        """The speaking order of this deal: the dealer's right first, the dealer last."""
        return [(self.dealer + 1 + i) % self.players for i in range(self.players)]


def passed(s: DiavoloState, player: int) -> bool:
    """Whether ``player`` has said his newest card makes no 15 (so his cards can claim no win)."""
    return bool(s.passed) and s.passed[player]


def said_no_15(s: DiavoloState, player: int, said: bool) -> tuple[bool, ...]:
    """``s.passed`` with ``player``'s mark set (he said "no 15") or cleared (a new card)."""
    marks = list(s.passed or (False,) * s.players)
    marks[player] = said
    return tuple(marks)


def _add(balances: tuple[int, ...], player: int, amount: int) -> tuple[int, ...]:
    out = list(balances)
    out[player] += amount
    return tuple(out)


def _give(s: DiavoloState, player: int) -> DiavoloState:
    """The next card of the pile to ``player`` (face down: only he sees it)."""
    cards = list(s.cards)
    if s.known:
        card, deck = s.deck[0], s.deck[1:]
        cards[player] = (cards[player] or ()) + (card,)
        s = replace(s, deck=deck)
    # Unknown cards: what the player has entered stays his private note.
    counts = list(s.counts)
    counts[player] += 1
    return replace(s, cards=tuple(cards), counts=tuple(counts), deck_size=s.deck_size - 1,
                   passed=said_no_15(s, player, False))  # a new card: a new chance to announce a win


def _win(s: DiavoloState, player: int) -> DiavoloState:
    """The whole pot to the winner; the deal ends (D6, D8). Nobody has paid into the next pot yet."""
    zero = (0,) * s.players
    devil = DEVIL in (s.cards[player] or ())
    return replace(s, balances=_add(s.balances, player, s.pot), pot=0, phase="await_deal",
                   history=(*s.history, (s.deal_no, player, s.pot, devil)),
                   deal_winner=player, won=s.pot, turn=None, pot_paid=zero, pot_asks=zero,
                   checking=False)  # the deal is over: nobody has a card to look at any more


def _next_speaker(s: DiavoloState, after: int) -> DiavoloState:
    """The next player still in, in speaking order; past the dealer a new round begins (D2)."""
    order = s.speaking()
    i = order.index(after)
    round_no = s.round
    for step in range(1, len(order) + 1):
        j = (i + step) % len(order)
        if j <= i:
            round_no = s.round + 1
        if not s.withdrawn[order[j]]:
            return replace(s, turn=order[j], round=round_no)
    return replace(s, phase="await_deal", turn=None)
