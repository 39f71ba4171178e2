"""The steps of a Kaiserspiel hand: the options of a game, the deal and the trump, the discards, a card
played and a trick taken, the end of a hand and the scoreboard's marks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..cards import card_label
from ..engine import SetupError
from .cards import check_pack, logical_cards
from .state import (
    SEATS,
    TEAMS,
    Discard,
    HandResult,
    KaiserState,
    Play,
    bad,
    team_of,
)
from .tally import HandScore, board
from .tricks import evaluate, trump_from

HAND = 7  # one face up, six face down (DECISION K4)


DISCARD = 2


TRICKS_TO_WIN = 3


OPTIONS = frozenset({"hands", "deck", "target", "pack", "dealer"})


def marks(s: KaiserState) -> dict[str, list[str]]:
    """The tally board (kaiserspiel.md §7.3): a canonical drawing of the scores the game was
    set up with, then one cluster per won hand."""
    drawn = _marks(s.opening, s.results)
    return {team: list(side) for team, side in drawn.items()}


@lru_cache(maxsize=1024)
def _marks(opening: tuple[int, int], results: tuple[HandResult, ...]) -> dict[str, tuple[str, ...]]:
    """The board for a game's results (every view of every seat asks for it again)."""
    entries: list[list[HandScore | int]] = [[opening[0]], [opening[1]]]
    for r in results:
        entries[r.team].append(HandScore(r.raises))
    return {TEAMS[t]: tuple(board(entries[t])) for t in (0, 1)}


# ---- helpers ---------------------------------------------------------------
def _read_game_options(options: Mapping[str, Any]) -> tuple[int, int, str]:
    size = options.get("deck", 40)
    if isinstance(size, str) and size.isdigit():
        size = int(size)
    if size not in (40, 48) or isinstance(size, bool):
        raise SetupError("option 'deck' must be 40 or 48")
    target = options.get("target", 101)
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 1000:
        raise SetupError("option 'target' must be a whole number of points from 1 to 1000")
    pack = options.get("pack", "french")
    check_pack(str(pack), int(size))
    return int(size), target, str(pack)


def _empty(size: int, pack: str, target: int, known: bool, seed: int, dealer: int,
           opening: tuple[int, int]) -> KaiserState:
    """A game before its first deal: ``dealer`` is the seat before the first dealer."""
    return KaiserState(
        size=size, pack=pack, target=target, known=known, seed=seed, hand_no=0, dealer=dealer,
        phase="await_deal", face_up=(None,) * SEATS, trump=None, hands=(None,) * SEATS,
        hand_sizes=(0,) * SEATS, discards=(None,) * SEATS, opening=opening,
    )


def _bad_deal(size: int, face_up: Sequence[str], hands: Sequence[Sequence[str]]) -> str | None:
    cards = logical_cards(size)
    dealt = [*face_up, *(c for h in hands for c in h)]
    if len(face_up) != SEATS or len(hands) != SEATS or any(len(h) != HAND - 1 for h in hands):
        return "one face-up card and six more for each of the four players"
    if any(c not in cards for c in dealt) or len(set(dealt)) != len(dealt):
        return f"unknown or repeated cards for the {size}-card pack"
    return None


def _deal(s: KaiserState, face_up: Sequence[str] | None,
          hands: Sequence[Sequence[str]] | None) -> KaiserState:
    """The next hand: the deal passes to the next player (K2); face-up cards, six more each."""
    s = replace(s, hand_no=s.hand_no + 1, dealer=s.first, phase="discard", trump=None,
                discards=(None,) * SEATS, turn=None, passes=0, pending=None, raises=(), kaisers=(),
                trick=(), tricks=(), trick_winners=(), tricks_won=(0, 0), result=None,
                hand_sizes=(HAND,) * SEATS)
    if not s.known:
        return replace(s, phase="reveal", face_up=(None,) * SEATS, hands=(None,) * SEATS)
    order = s.deal_order
    if face_up is None or hands is None:
        cards = list(logical_cards(s.size))
        random.Random(f"{s.seed}/{s.hand_no}").shuffle(cards)
        up = [""] * SEATS
        rest: list[Sequence[str]] = [()] * SEATS
        for i, p in enumerate(order):
            up[p] = cards[i]
            rest[p] = cards[SEATS + i * (HAND - 1):SEATS + (i + 1) * (HAND - 1)]
        face_up, hands = up, rest
    s = replace(s, face_up=tuple(face_up), hands=tuple((face_up[p], *hands[p]) for p in range(SEATS)))
    return replace(s, trump=_trump(s))


def _trump(s: KaiserState) -> str:
    order = s.deal_order
    suit, _ = trump_from([s.face_up[p] or "" for p in order])
    return suit


def _put(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*row[:i], value, *row[i + 1:])


def _check_card(s: KaiserState, card: str) -> None:
    if card not in logical_cards(s.size):
        raise bad("unknown_card", f"{card} is not a card of the {s.size}-card Kaiserspiel pack.",
                  f"{card} non è una carta del mazzo da {s.size} del Kaiserspiel.")


def cannot_hold(s: KaiserState, player: int) -> frozenset[str]:
    """The cards everybody knows ``player`` does not hold: those played in this hand, and the
    face-up cards and Kaisers shown to be another player's."""
    elsewhere = set(s.played())
    for other in range(SEATS):
        if other != player:
            elsewhere |= s.shown(other)
    return frozenset(elsewhere)


def _check_holds(s: KaiserState, player: int, card: str) -> None:
    """The card must be in the hand; with an unknown hand, it must not be seen elsewhere."""
    if card in s.played():
        raise bad("card_seen", f"{card_label(card)} has already been played in this hand.",
                  f"{card_label(card)} è già stata giocata in questa mano.")
    hand = s.hands[player]
    if hand is not None:
        if card not in hand:
            raise bad("not_in_hand", f"{card_label(card)} is not in your hand.",
                      f"{card_label(card)} non è nella tua mano.")
        return
    if card in cannot_hold(s, player):
        other = next(o for o in range(SEATS) if o != player and card in s.shown(o))
        raise bad("card_seen",
                  f"{card_label(card)} is seat {other + 1}'s: everybody saw it dealt or shown to that seat.",
                  f"{card_label(card)} è del posto {other + 1}: tutti l'hanno vista data o mostrata.")


def _holdable(s: KaiserState, player: int) -> list[str]:
    """The cards ``player`` may hold now: his hand, or every card not seen elsewhere."""
    hand = s.hands[player]
    if hand is not None:
        played = s.played()
        return [c for c in hand if c not in played]
    elsewhere = cannot_hold(s, player)
    return [c for c in logical_cards(s.size) if c not in elsewhere]


def _discard(s: KaiserState, a: Discard) -> KaiserState:
    hands, hand = list(s.hands), s.hands[a.player]
    if hand is not None:
        hands[a.player] = tuple(c for c in hand if c not in a.cards)
    s = replace(s, hands=tuple(hands), discards=_put(s.discards, a.player, a.cards),
                hand_sizes=_put(s.hand_sizes, a.player, s.hand_sizes[a.player] - DISCARD))
    if all(d is not None for d in s.discards):
        return replace(s, phase="declare", turn=s.first, passes=0)
    return s


def _play(s: KaiserState, a: Play) -> KaiserState:
    hands, hand = list(s.hands), s.hands[a.player]
    if hand is not None:
        hands[a.player] = tuple(c for c in hand if c != a.card)
    s = replace(s, hands=tuple(hands), trick=(*s.trick, (a.player, a.card)),
                hand_sizes=_put(s.hand_sizes, a.player, s.hand_sizes[a.player] - 1))
    if len(s.trick) < SEATS:
        return s
    best, _ = evaluate((c for _, c in s.trick), s.context)
    winner = s.trick[best][0]
    won = list(s.tricks_won)
    won[team_of(winner)] += 1
    s = replace(s, tricks=(*s.tricks, s.trick), trick=(), trick_winners=(*s.trick_winners, winner),
                tricks_won=(won[0], won[1]), leader=winner)
    if won[team_of(winner)] == TRICKS_TO_WIN:  # DECISION K9: the rest is not played
        return _end_hand(s, team_of(winner), "tricks")
    return s


def _end_hand(s: KaiserState, team: int, by: str) -> KaiserState:
    """Score the hand; the game ends once a team has reached the target (§7.1)."""
    result = HandResult(team, by, s.raises)
    s = replace(s, result=result, results=(*s.results, result), turn=None, pending=None)
    return replace(s, phase="over" if s.scores[team] >= s.target else "await_deal")
