"""The steps of an Insonnia turn: cards taken from a hand and laid on the runs, the draw owed, a guess
turned over, the penalty pass, the discards reshuffled, the repeated position, and the check for a
winner.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import replace

from .runs import (
    Run,
    guess_hits,
    highest_sheep,
    is_complete,
    recolour,
    take_with_strays,
)
from .state import (
    Guess,
    InsonniaState,
    Reshuffle,
)

REPEATS = 3  # the same position at the start of a turn this many times ends the game drawn (I16)


# ---- the flow of a turn -------------------------------------------------------
Table = tuple[tuple[Run, ...], ...]


def _with(runs: Table, owner: int, mine: tuple[Run, ...]) -> Table:
    return tuple(mine if p == owner else r for p, r in enumerate(runs))


def _set_run(s: InsonniaState, owner: int, index: int, run: Run) -> InsonniaState:
    """Replace one run; a run left with no card is gone, and later runs move up. A run that
    lost the last sheep of its colour takes its lowest sheep's colour (DECISION I14)."""
    mine = list(s.runs[owner])
    if run.is_empty():
        del mine[index]
    else:
        mine[index] = recolour(s.cards, run)
    return replace(s, runs=_with(s.runs, owner, tuple(mine)))


def _take(s: InsonniaState, player: int, cards: Sequence[str]) -> InsonniaState:
    """Cards leave a hand (an unknown hand only counts them)."""
    hands, sizes = list(s.hands), list(s.hand_sizes)
    hand = hands[player]
    if hand is not None:
        left = list(hand)
        for c in cards:
            left.remove(c)
        hands[player] = tuple(left)
    sizes[player] -= len(cards)
    return replace(s, hands=tuple(hands), hand_sizes=tuple(sizes))


def _give(s: InsonniaState, player: int, card: str | None) -> InsonniaState:
    """One card into a hand (``card`` None: the app does not see it)."""
    hands, sizes = list(s.hands), list(s.hand_sizes)
    if card is not None and hands[player] is not None:
        hands[player] = (*(hands[player] or ()), card)
    sizes[player] += 1
    return replace(s, hands=tuple(hands), hand_sizes=tuple(sizes), busy=True)


def _draw_owed(s: InsonniaState) -> InsonniaState:
    """Draw what the seat in turn owes; an empty pile waits for a reshuffle (DECISION I4)."""
    while s.owed > 0:
        if s.pile_size > 0:
            card = s.pile[0] if s.pile is not None else None
            pile = s.pile[1:] if s.pile is not None else None
            s = _give(replace(s, pile=pile, pile_size=s.pile_size - 1, owed=s.owed - 1), s.turn, card)
        elif s.discard:
            return replace(s, phase="reshuffle")
        else:
            s = replace(s, owed=0)  # nothing left to draw anywhere
    if s.then == "next":
        return _pass_turn(s)
    return _note_position(replace(s, phase="turn"))


def _note_position(s: InsonniaState) -> InsonniaState:
    """DECISION I16: with nothing left to draw, a game can go round in circles (a confused
    sheep thrown back and forth, a penalty sheep drawn and laid again). The same position
    (player to act, hands, runs, discard pile) at the start of a turn for the third time, with
    the pile empty, ends it with no winner."""
    if s.pile_size > 0:
        return s
    hands = [sorted(h) if h is not None else None for h in s.hands]
    runs = [[r.cards for r in rs] for rs in s.runs]
    text = json.dumps([s.turn, hands, list(s.hand_sizes), runs, list(s.discard)])
    key = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
    if s.positions.count(key) + 1 >= REPEATS:
        return replace(s, phase="over", winner=None, positions=(*s.positions, key))
    return replace(s, positions=(*s.positions, key))


def _pass_turn(s: InsonniaState) -> InsonniaState:
    """The turn passes clockwise; a whole round with nothing drawn or laid ends the game (I12)."""
    idle = 0 if s.busy else s.idle + 1
    if idle >= s.players:
        return replace(s, phase="over", idle=idle, winner=None, owed=0)
    nxt = (s.turn + 1) % s.players
    s = replace(s, turn=nxt, turn_no=s.turn_no + 1, busy=False, idle=idle)
    if s.phase == "first_turn" and nxt != s.first:
        return s
    return _draw_owed(replace(s, phase="turn", owed=1, then="play"))


def _win_check(s: InsonniaState, actor: int) -> InsonniaState:
    """An empty hand and a complete count win at once; the actor first, then seat order (I11)."""
    cards = s.cards
    who = [p for p in range(s.players) if s.hand_sizes[p] == 0
           and any(is_complete(cards, s.variant, r) for r in s.runs[p])]
    if not who:
        return s
    return replace(s, phase="over", winner=actor if actor in who else who[0], owed=0)


def _end_action(s: InsonniaState, actor: int) -> InsonniaState:
    """After cards were laid: a win, or the next turn."""
    s = _win_check(s, actor)
    return s if s.phase == "over" else _pass_turn(s)


def _reshuffle(s: InsonniaState, a: Reshuffle) -> InsonniaState:
    """The discards become the new pile (DECISION I4); then the draw or the guess that waited."""
    if s.pile is None:
        pile: tuple[str, ...] | None = None
    elif a.order is not None:
        pile = a.order
    else:
        cards = list(s.discard)
        random.Random(f"{s.seed}/reshuffle/{s.reshuffles}").shuffle(cards)
        pile = tuple(cards)
    early = s.phase == "turn"  # the pile ran out and nobody needs a card yet: nothing is drawn
    s = replace(s, pile=pile, pile_size=len(s.discard), discard=(), reshuffles=s.reshuffles + 1)
    if early:
        return s
    if s.pending is not None:
        return _turn_over(replace(s, pending=None, phase="turn"), s.pending)
    return _draw_owed(s)


def _guess(s: InsonniaState, a: Guess) -> InsonniaState:
    """Turn over "la prima carta del mazzo": from an empty pile, only once the discards have
    been shuffled into a new one (DECISION I4), as for a draw."""
    if s.pile_size == 0:
        return replace(s, phase="reshuffle", pending=a, busy=True)
    return _turn_over(s, a)


def _turn_over(s: InsonniaState, a: Guess) -> InsonniaState:
    """A hit replaces the sheep and the turn goes on (§4.2 d: play, a new run if no run is left
    incomplete, or end the turn at no cost); a miss: the card and two more to the hand."""
    if s.pile is not None:
        revealed, pile = s.pile[0], s.pile[1:]
    else:
        revealed, pile = a.card or "", None
    s = replace(s, pile=pile, pile_size=s.pile_size - 1, busy=True)
    run = s.runs[a.player][a.run]
    if guess_hits(s.cards, s.variant, run, a.slot, revealed):
        s = _set_run(s, a.player, a.run, run.put(a.slot, revealed))
        s = replace(s, discard=(*s.discard, run.at(a.slot) or ""), phase="continue")
        return _win_check(s, a.player)
    s = _give(s, a.player, revealed if s.hands[a.player] is not None else None)
    return _draw_owed(replace(s, owed=2, then="next"))


def _penalty(s: InsonniaState, player: int) -> InsonniaState:
    """A pass, by choice or for want of a card that fits (DECISION I10): the highest sheep in
    front goes (I8), with what it leaves alone (I9); then two cards on top of the turn's draw
    (DECISION I17)."""
    if s.phase == "first_turn":
        return _pass_turn(s)  # no sheep to lay at all (only a hand set up so)
    best = highest_sheep(s.cards, s.runs[player])
    if best is not None:
        r, slot = best
        run, taken = take_with_strays(s.cards, s.runs[player][r], slot)
        s = _set_run(s, player, r, run)
        s = replace(s, discard=(*s.discard, *taken))
    return _draw_owed(replace(s, owed=2, then="next"))
