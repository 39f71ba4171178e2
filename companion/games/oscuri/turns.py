"""The steps of an Oscuri turn: a card played and where the stakes go, a Death, the end of a turn (the
stakes paid, the draw, the next leader), and the claims of a void that later play may prove false.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards import suit_of
from .state import (
    ANGELS,
    DEATHS,
    OscuriState,
    Placed,
    Play,
    _beats,
    is_suit_card,
)


def _follows(s: OscuriState, hand: Sequence[str] | None, card: str) -> bool:
    """Follow suit: with a suit card of the turn suit in hand, a suit card must match it.
    With an unknown hand this cannot be checked when the card is played."""
    if s.suit is None or not s.trick or not is_suit_card(card) or suit_of(card) == s.suit:
        return True
    if hand is None:
        return True
    return not any(is_suit_card(c) and suit_of(c) == s.suit for c in hand)


def _note_suit_claims(s: OscuriState, a: Play) -> OscuriState:
    """Unknown hands: remember a claimed void; flag a renege that later play proves."""
    if s.hands[a.player] is not None:
        return s
    reneges = list(s.reneges)
    voids = list(s.voids)
    if is_suit_card(a.card):
        suit = suit_of(a.card)
        for i, (p, su, t, credit) in enumerate(voids):
            if p != a.player or su != suit:
                continue
            # He said he had no card of this suit. Each card drawn since may be one; a card of
            # that suit beyond what he drew was in his hand when he said it.
            if credit <= 0:
                if (p, su, t) not in reneges:
                    reneges.append((p, su, t))
            else:
                voids[i] = (p, su, t, credit - 1)
    if s.trick and s.suit is not None and is_suit_card(a.card) and suit_of(a.card) != s.suit:
        voids.append((a.player, s.suit, s.turn, 0))
    return replace(s, voids=tuple(voids), reneges=tuple(reneges))


def _take_from_hand(s: OscuriState, player: int, card: str | None) -> OscuriState:
    hands = list(s.hands)
    hand = hands[player]
    if hand is not None and card is not None:
        i = hand.index(card)
        hands[player] = hand[:i] + hand[i + 1:]
    sizes = list(s.hand_sizes)
    sizes[player] -= 1
    return replace(s, hands=tuple(hands), hand_sizes=tuple(sizes))


def _pay(balances: tuple[int, ...], player: int, amount: int) -> tuple[int, ...]:
    out = list(balances)
    out[player] += amount
    return tuple(out)


def _take(trick: list[Placed], holder: int | None, me: int, fate: str) -> int:
    """The live stakes leave the holder's card for card ``me`` of the turn; how many moved."""
    if holder is None:
        return 0
    moved = trick[holder].stakes
    if moved:
        trick[holder] = replace(trick[holder], stakes=0, fate=(fate, me))
    return moved


def _play_card(s: OscuriState, a: Play) -> OscuriState:
    stake = s.stake
    trick = list(s.trick)
    balances = _pay(s.balances, a.player, -stake)
    me = len(trick)
    holder, ref, suit = s.holder, s.ref, s.suit
    if a.card in ANGELS:
        # The Angel takes the live stakes and keeps the suit and the card to answer.
        moved = _take(trick, holder, me, "beaten")
        trick.append(Placed(a.player, a.card, moved + stake, how="angel"))
        holder = me
    else:
        how = _beats(a.card, None if ref is None else trick[ref].card) if trick else "lead"
        if how in ("lead", "beat"):
            moved = _take(trick, holder, me, "beaten")
            trick.append(Placed(a.player, a.card, moved + stake, how=how))
            holder = ref = me
            suit = suit_of(a.card)
        elif how == "lower":
            assert holder is not None
            trick[holder] = replace(trick[holder], stakes=trick[holder].stakes + stake)
            trick.append(Placed(a.player, a.card, 0, how=how, fate=("gave", holder)))
        elif how == "equal":
            assert holder is not None
            trick[holder] = replace(trick[holder], frozen=True)
            trick.append(Placed(a.player, a.card, stake, how=how))
            holder = ref = me
        else:  # lower suit: the stake joins the holder's, which freeze; the suit changes
            assert holder is not None
            trick[holder] = replace(trick[holder], stakes=trick[holder].stakes + stake, frozen=True)
            trick.append(Placed(a.player, a.card, 0, how=how, fate=("gave_suit", holder)))
            holder = ref = me
            suit = suit_of(a.card)
    s = replace(s, trick=tuple(trick), balances=balances, holder=holder, ref=ref, suit=suit)
    if len(s.trick) == len(s.order):
        return _end_turn(s)
    return s


def _play_death(s: OscuriState, a: Play) -> OscuriState:
    if not s.trick:
        # Led Death: one stake from every other player holding cards, then face-down discards.
        victims = tuple(p for p in s.order[1:] if s.holds(p))
        balances = s.balances
        for p in victims:
            balances = _pay(balances, p, -s.stake)
            balances = _pay(balances, a.player, s.stake)
        s = replace(s, trick=(Placed(a.player, a.card, 0, how="led_death", fate=("led_death", None)),),
                    balances=balances, owing=victims,
                    phase="death_discard" if victims else "play")
        return s if victims else _end_turn(s, death_led=True)
    # Death after the lead takes every stake on the table, frozen ones too (O6); no stake of its own (O5).
    total = sum(p.stakes for p in s.trick)
    me = len(s.trick)
    trick = tuple(replace(p, stakes=0, fate=("death", me) if p.stakes else p.fate) for p in s.trick) + (
        Placed(a.player, a.card, total, how="death"),)
    return _end_turn(replace(s, trick=trick))


def _end_turn(s: OscuriState, death_led: bool = False) -> OscuriState:
    """Settle the stakes, choose the next leader, draw, and start the next turn (§6)."""
    balances = s.balances
    for placed in s.trick:
        balances = _pay(balances, placed.player, placed.stakes)
    death = next((p for p in s.trick if p.card in DEATHS), None)
    if death is not None:
        leader = death.player
    else:
        best = max(p.stakes for p in s.trick)
        leader = [p.player for p in s.trick if p.stakes == best][-1]  # O11: the latest
    drawers = [death.player] if death_led and death is not None else [p.player for p in s.trick]
    s = replace(s, balances=balances, last_turn=s.trick, seen=s.seen | {p.card for p in s.trick},
                trick=(), holder=None, ref=None, suit=None, owing=(), leader=leader)
    for seat in round_from(leader, s.players):  # O12: only those who played draw, from the leader
        if seat in drawers and s.deck_size > 0:
            s = _draw(s, seat)
    return _begin_turn(replace(s, turn=s.turn + 1), leader)


def round_from(first: int, players: int) -> list[int]:
    """Every seat in play order, starting with ``first``."""
    return [(first + i) % players for i in range(players)]


def _draw(s: OscuriState, player: int) -> OscuriState:
    hands = list(s.hands)
    deck = s.deck
    if deck is not None:
        card, deck = deck[0], deck[1:]
        hand = hands[player]
        hands[player] = (hand or ()) + (card,)
    sizes = list(s.hand_sizes)
    sizes[player] += 1
    voids = tuple((p, su, t, n + (p == player)) for p, su, t, n in s.voids)
    return replace(s, hands=tuple(hands), hand_sizes=tuple(sizes), deck=deck,
                   deck_size=s.deck_size - 1, voids=voids)


def _begin_turn(s: OscuriState, leader: int) -> OscuriState:
    """O14: who has no card now is out for good; O13: fewer than two players ends the game."""
    out = tuple(o or s.hand_sizes[p] == 0 for p, o in enumerate(s.out))
    active = [p for p in round_from(leader, s.players) if not out[p]]
    if len(active) < 2:
        return replace(s, out=out, order=(), phase="over")
    if out[leader]:
        # DECISION O19: the player who should lead has no card left (he won the turn with his
        # last card, or led Death with it): the lead passes to the first player on his left
        # who still holds cards.
        leader = active[0]
    order = tuple(p for p in round_from(leader, s.players) if not out[p])
    return replace(s, out=out, order=order, leader=leader, phase="play")
