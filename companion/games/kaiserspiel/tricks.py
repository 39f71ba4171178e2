"""Kaiserspiel card power (kaiserspiel.md §5): the classes of card once the trump suit is
known, and the card-by-card evaluation of a trick (DECISION K8), with the reason of
every verdict so that a trick can be explained to the players.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import rank_of, suit_of

FULL = "full"  # beat the King, trump or not
OBER_BEATER = "ober_beater"
UNTER_BEATER = "unter_beater"
TRUMP_KING = "trump_king"
TRUMP_OBER = "trump_ober"
DEVIL = "devil"
PLAIN = "plain"
PARTIAL = frozenset({OBER_BEATER, UNTER_BEATER})
TRUMPS = frozenset({FULL, OBER_BEATER, UNTER_BEATER})

# §5.1: the plain order, lowest first; an undeclared Ace counts as a ten.
PLAIN_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "A", "J", "Q", "K")
_PLAIN_POWER = {r: i for i, r in enumerate(PLAIN_ORDER)}


def plain_power(code: str) -> int:
    """A card's place in the plain order of §5.1 (2 lowest, King highest)."""
    return _PLAIN_POWER[rank_of(code)]


def trump_from(face_up: Sequence[str]) -> tuple[str, int]:
    """The trump suit and the index of the card that fixed it, from the face-up cards in the
    order they were dealt: the lowest card decides, the first dealt on a tie (DECISION K3)."""
    best = min(range(len(face_up)), key=lambda i: (plain_power(face_up[i]), i))
    return suit_of(face_up[best]) or "", best


@dataclass(frozen=True, slots=True)
class Context:
    """What card power depends on: the trump suit, the pack size, the declared Kaisers."""

    trump: str
    size: int = 40
    kaisers: frozenset[str] = frozenset()

    @property
    def devil(self) -> str:
        """The 7 of trumps, or the 9 in the 48-card game."""
        return ("7" if self.size == 40 else "9") + self.trump

    @property
    def order(self) -> tuple[str, ...]:
        """The full and partial trumps, strongest first (§5.2)."""
        t = self.trump
        cards = ("AD", f"5{t}", f"J{t}", f"6{t}", f"2{t}", "AH", f"3{t}", "AS", f"4{t}", "AC")
        return tuple(c for c in cards if not c.startswith("A") or c in self.kaisers)

    def kind(self, code: str) -> str:
        """The class of a card (§5.2)."""
        if code.startswith("A"):
            if code not in self.kaisers:
                return PLAIN
            return {"D": FULL, "H": FULL, "S": OBER_BEATER, "C": UNTER_BEATER}[suit_of(code) or ""]
        if suit_of(code) != self.trump:
            return PLAIN
        if code == self.devil:
            return DEVIL
        return {"5": FULL, "J": FULL, "6": FULL, "2": FULL, "3": OBER_BEATER, "4": UNTER_BEATER,
                "K": TRUMP_KING, "Q": TRUMP_OBER}.get(rank_of(code), PLAIN)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a card took the trick over from the current winner, and why (a reason key)."""

    card: str
    takes: bool
    reason: str
    against: str | None  # the winner it was measured against; None for the lead


def beats(c: str, w: str, lead: str, ctx: Context) -> Verdict:
    """Does ``c`` take over from the current winner ``w``, ``lead`` being the first card (§5.3)?"""
    kc, kw = ctx.kind(c), ctx.kind(w)

    def v(takes: bool, reason: str) -> Verdict:
        return Verdict(c, takes, reason, w)

    if kw == DEVIL:  # a Devil can only be winning if it was led
        return v(True, "unter_beats_devil") if c == f"J{ctx.trump}" else v(False, "devil_led")
    if kc in TRUMPS and kw in TRUMPS:
        if kc != FULL and kw == FULL:
            return v(False, "below_full")
        if kc == UNTER_BEATER and kw == OBER_BEATER:
            return v(False, "below_ober_beater")
        higher = ctx.order.index(c) < ctx.order.index(w)
        return v(higher, "higher_trump" if higher else "lower_trump")
    if kc == FULL:
        return v(True, "full_trump")
    if kc == OBER_BEATER:
        if kw == TRUMP_KING:
            return v(False, "ober_beater_vs_trump_king")
        if kw == TRUMP_OBER:
            return v(True, "beats_trump_ober")
        if rank_of(w) == "K":
            return v(False, "stopped_by_king")
        return v(True, "ober_beater_plain")
    if kc == UNTER_BEATER:
        if kw in (TRUMP_KING, TRUMP_OBER):
            return v(False, "unter_beater_vs_trump_figure")
        if rank_of(w) in ("K", "Q"):
            return v(False, "stopped_by_figure")
        return v(True, "unter_beater_plain")
    if kc == TRUMP_KING:
        return v(kw == TRUMP_OBER, "beats_trump_ober" if kw == TRUMP_OBER else "trump_king")
    if kc == TRUMP_OBER:
        return v(False, "trump_ober")
    if kc == DEVIL:
        return v(False, "devil_not_led")
    return _plain(c, w, lead, ctx, kw)


def _plain(c: str, w: str, lead: str, ctx: Context, kw: str) -> Verdict:
    if ctx.kind(lead) != PLAIN:
        return Verdict(c, False, "lead_not_plain", w)
    if suit_of(c) != suit_of(lead):
        # a plain card of the trump suit (an Ace not declared, a 7 to 10) is no trump: say so
        return Verdict(c, False, "off_suit_no_trump" if suit_of(c) == ctx.trump else "off_suit", w)
    rank = rank_of(c)
    if kw == PLAIN:
        higher = plain_power(c) > plain_power(w)
        return Verdict(c, higher, "higher_plain" if higher else "lower_plain", w)
    if kw == OBER_BEATER:
        return Verdict(c, rank == "K", "king_over_ober_beater" if rank == "K" else "below_trump", w)
    if kw == UNTER_BEATER:
        takes = rank in ("K", "Q")
        return Verdict(c, takes, "figure_over_unter_beater" if takes else "below_trump", w)
    return Verdict(c, False, "below_trump", w)


def evaluate(cards: Iterable[str], ctx: Context) -> tuple[int, list[Verdict]]:
    """The index of the winning card of a trick and one verdict per card, in order of play."""
    cards = list(cards)
    if not cards:
        raise ValueError("an empty trick has no winner")
    verdicts = [Verdict(cards[0], True, "lead", None)]
    best = 0
    for i, c in enumerate(cards[1:], start=1):
        verdict = beats(c, cards[best], cards[0], ctx)
        verdicts.append(verdict)
        if verdict.takes:
            best = i
    return best, verdicts
