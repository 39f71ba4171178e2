"""What a player could do in Insonnia: single placements, chains, and the legal list.

A turn may lay a chain of sheep and any number of confused sheep in one go, so
the whole action space is large. :func:`legal_actions` is a practical
generator: every single placement, every chain grown one way from each of them
(one card per number), every fence, start, concentrate and guess, and the pass
(always allowed, DECISION I10). Any longer combination it does not list is
still accepted by the engine's check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .runs import (
    CONFUSED,
    FENCE,
    SHEEP,
    clashes,
    fence_fits,
    guess_hits,
    is_complete,
    open_slots,
    removable,
    sheep_fits,
)
from .state import (
    Action,
    Concentrate,
    EndTurn,
    Guess,
    InsonniaState,
    Pass,
    Placement,
    Play,
    Reshuffle,
    StartRun,
)


def visible(s: InsonniaState) -> Counter[str]:
    """Every card face up: on the runs and in the discard pile."""
    seen: Counter[str] = Counter(s.discard)
    for runs in s.runs:
        for run in runs:
            seen.update(c for c in run.cards if c is not None)
    return seen


def holdable(s: InsonniaState, player: int) -> Counter[str]:
    """The player's hand; with an unknown hand, every card not all of whose copies are in sight."""
    hand = s.hands[player]
    return Counter(hand) if hand is not None else unseen(s)


def can_start(s: InsonniaState, player: int) -> bool:
    """A new run may be started: on the first turn, or with no incomplete run (DECISION I7),
    also after a successful guess (§4.2 d)."""
    if s.phase == "first_turn":
        return True
    if s.phase not in ("turn", "continue"):
        return False
    return all(is_complete(s.cards, s.variant, run) for run in s.runs[player])


def singles(s: InsonniaState, player: int, held: Counter[str]) -> Iterator[Placement]:
    """Every card of ``held`` that could be laid alone, with every place it could go."""
    deck = s.cards
    if s.phase not in ("turn", "continue") or (not s.known and s.hand_sizes[player] == 0):
        return
    codes = [c for c, n in held.items() if n > 0]
    # After a successful guess the guessed sheep is the turn's card: no fence (it stands alone).
    fences = [] if s.phase == "continue" else sorted(c for c in codes if deck.kinds[c].role == FENCE)
    confused = sorted(c for c in codes if deck.kinds[c].role == CONFUSED)
    for owner, runs in enumerate(s.runs):
        for r, run in enumerate(runs):
            for slot in open_slots(deck, run):
                for code in deck.sheep_codes(slot):
                    if held[code] > 0 and sheep_fits(deck, s.variant, run, slot, code):
                        yield Placement(code, owner, r, slot)
                if fence_fits(deck, run, slot):
                    yield from (Placement(code, owner, r, slot) for code in fences)
                if owner != player:
                    yield from (Placement(code, owner, r, slot) for code in confused)


def chains(s: InsonniaState, start: Placement, held: Counter[str],
           limit: int) -> Iterator[tuple[Placement, ...]]:
    """Chains of two or more sheep grown from ``start``, up and down, one card per number."""
    deck = s.cards
    for step in (1, -1):
        left = held.copy()
        left[start.card] -= 1
        run = s.runs[start.owner][start.run].put(start.slot, start.card)
        laid = [start]
        slot = start.slot + step
        while len(laid) < limit and 1 <= slot <= 10 and run.at(slot) is None:
            code = next((c for c in deck.sheep_codes(slot) if left[c] > 0 and not (
                s.variant == "rainbow" and clashes(deck, run, slot, c))), None)
            if code is None:
                break
            left[code] -= 1
            run = run.put(slot, code)
            laid.append(Placement(code, start.owner, start.run, slot))
            yield tuple(laid)
            slot += step


def _plays(s: InsonniaState, player: int, held: Counter[str]) -> list[Action]:
    limit = len(s.hands[player] or ()) if s.known else s.hand_sizes[player]
    out: list[Action] = []
    for p in singles(s, player, held):
        out.append(Play(player, (p,)))
        if s.cards.kinds[p.card].role == SHEEP:
            out.extend(Play(player, c) for c in chains(s, p, held, limit))
    return out


def _targets(s: InsonniaState, player: int) -> list[tuple[int, int]]:
    return [(r, slot) for r, run in enumerate(s.runs[player]) for slot, _ in run.filled()
            if removable(s.cards, s.variant, run, slot)]


def _guesses(s: InsonniaState, player: int, r: int, slot: int) -> list[Action]:
    if s.pile_size == 0 and not s.discard:
        return []
    if s.known:
        return [Guess(player, player, r, slot)]
    # The revealed card is entered by hand: offer one card that would hit and one that would miss
    # (from an empty pile, one of the discards that will be shuffled into a new one, I4).
    run = s.runs[player][r]
    pool = Counter(s.discard) if s.pile_size == 0 else unseen(s)
    cards = sorted(c for c, n in pool.items() if n > 0)
    hit = next((c for c in cards if guess_hits(s.cards, s.variant, run, slot, c)), None)
    miss = next((c for c in cards if not guess_hits(s.cards, s.variant, run, slot, c)), None)
    return [Guess(player, player, r, slot, c) for c in (hit, miss) if c is not None]


def all_in_sight(s: InsonniaState) -> frozenset[str]:
    """The cards every copy of which is in sight: no hand can hold one."""
    seen = visible(s)
    return frozenset(c for c, n in s.cards.copies.items() if seen[c] >= n)


def unseen(s: InsonniaState) -> Counter[str]:
    """Cards that could be in a hand or the pile: not all of their copies in sight."""
    seen = visible(s)
    return Counter({c: n - seen[c] for c, n in s.cards.copies.items() if n > seen[c]})


def legal_actions(s: InsonniaState, player: int) -> list[Action]:
    """The practical list of legal actions of ``player`` (see the module's note)."""
    if s.phase == "over" or player != s.turn:
        return []
    if s.phase == "reshuffle":
        return [Reshuffle(player)]
    held = holdable(s, player)
    sheep = sorted(c for c, n in held.items() if n > 0 and s.cards.kinds[c].role == SHEEP)
    if not s.known and s.hand_sizes[player] == 0:
        sheep = []
    if s.phase == "first_turn":
        starts: list[Action] = [StartRun(player, c) for c in sheep]
        return starts or [Pass(player)]
    out = _plays(s, player, held)
    if can_start(s, player):
        out.extend(StartRun(player, c) for c in sheep)
    if s.phase == "continue":
        # A pass is still accepted here (it is never refused, I10), but ending the turn does
        # the same at no cost, so only that is offered.
        return [*out, EndTurn(player)]
    out.append(Pass(player))  # always allowed: laying cards is optional (DECISION I10)
    for r, slot in _targets(s, player):
        out.append(Concentrate(player, player, r, slot))
        out.extend(_guesses(s, player, r, slot))
    return out
