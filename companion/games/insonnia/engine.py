"""Insonnia (seed 004, shared/rules/insonnia.md): count sheep from 1 to 10 and empty your hand.

On the first turn each player lays one numbered sheep in front of himself. Then
a turn is a draw and one of: a chain of sheep (with confused sheep for the
opponents), a fence alone, a new run, concentrating or guessing on a confused
sheep, or the penalty pass (laying cards is optional: "può", DECISION I10). Whoever
has an empty hand and a complete count wins at once. Both decks (printed, two
French decks) and both variants (Rainbow, Family) are here.

Known hands (dealt by the app, or a scenario) are checked fully. Unknown hands
(a real table) are checked for all that is visible: the card must still exist
outside the table, and the hand must hold enough cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..cards import INSONNIA108, normalise_code
from ..engine import Outcome, SetupError, cannot_hold_json, chosen_seat, read_options
from .check import check, check_card, play_runs
from .legal import all_in_sight, legal_actions, unseen
from .runs import (
    DECKS,
    SHEEP,
    SLOTS,
    VARIANTS,
    Run,
    first_colour,
    is_complete,
    open_slots,
)
from .state import (
    Action,
    Concentrate,
    EndTurn,
    Guess,
    InsonniaState,
    Pass,
    Play,
    Reshuffle,
    StartRun,
    dump_action,
    dump_state,
    load_action,
    load_state,
)
from .turns import (
    _draw_owed,
    _end_action,
    _guess,
    _pass_turn,
    _penalty,
    _reshuffle,
    _set_run,
    _take,
    _win_check,
    _with,
)

HAND = 10
OPTIONS = frozenset({"hands", "deck", "variant", "dealer"})


def _options(players: int, options: Mapping[str, Any], seats: range) -> tuple[str, str, str]:
    _, mode = read_options("Insonnia", players, seats, options, OPTIONS)
    deck = options.get("deck", "printed")
    if deck not in DECKS:
        raise SetupError("option 'deck' must be 'printed' or 'french'")
    variant = options.get("variant", "base")
    if variant not in VARIANTS:
        raise SetupError("option 'variant' must be 'base', 'rainbow' or 'family'")
    if players > DECKS[deck].max_players:
        raise SetupError("Insonnia with two French decks takes 2 to 5 players")
    return str(deck), str(variant), mode


class Insonnia:
    """The Insonnia rules engine (2-6 players; 2-5 with two French decks)."""

    name = "insonnia"
    deck = INSONNIA108
    seats = range(2, 7)

    # ---- setting up -------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> InsonniaState:
        """The dealer the table chose (option ``dealer``) or one drawn by lot, ten cards each;
        the player after the dealer begins (DECISION I3)."""
        deck, variant, mode = _options(players, options, self.seats)
        rng = random.Random(seed)
        dealer = rng.randrange(players)  # drawn even when chosen: the same shuffle either way
        chosen = options.get("dealer")
        if chosen is not None:
            dealer = chosen_seat("dealer", chosen, players)
        first = (dealer + 1) % players
        cards = list(DECKS[deck].cards)
        rng.shuffle(cards)
        if mode == "unknown":
            hands: tuple[tuple[str, ...] | None, ...] = (None,) * players
            pile: tuple[str, ...] | None = None
        else:
            hands = tuple(tuple(cards[i * HAND:(i + 1) * HAND]) for i in range(players))
            pile = tuple(cards[HAND * players:])
        return InsonniaState(
            players=players, deck=deck, variant=variant, seed=seed, hands=hands,
            hand_sizes=(HAND,) * players, pile=pile, pile_size=len(cards) - HAND * players,
            discard=(), runs=((),) * players, phase="first_turn", turn=first, first=first)

    def from_setup(self, players: int, deck: str, variant: str, first_turn: bool, to_act: int,
                   hands: Sequence[Sequence[str]], pile: Sequence[str], discard: Sequence[str],
                   runs: Sequence[Sequence[Mapping[str, str]]]) -> InsonniaState:
        """A game given card by card (scenarios.md §4): runs are ``{"<slot>": card}``."""
        _options(players, {"deck": deck, "variant": variant}, self.seats)
        if not 0 <= to_act < players or len(hands) != players or len(runs) != players:
            raise SetupError("a setup needs a hand and a list of runs for every player, and a player to act")
        cards = DECKS[deck]
        every: list[str] = []

        def codes(raw: Sequence[str]) -> tuple[str, ...]:
            out = tuple(normalise_code(str(c)) for c in raw)
            every.extend(out)
            return out

        hands_t = tuple(codes(h) for h in hands)
        pile_t, discard_t = codes(pile), codes(discard)
        table: list[tuple[Run, ...]] = []
        for owner_runs in runs:
            loaded = []
            for raw in owner_runs:
                slots: list[str | None] = [None] * 10
                for key, card in raw.items():
                    slot = int(key) if str(key).isdigit() else 0
                    if slot not in SLOTS:
                        raise SetupError(f"a run has slots 1 to 10, not {key!r}")
                    slots[slot - 1] = codes([card])[0]
                loaded.append(Run(tuple(slots), ""))
            table.append(tuple(loaded))
        bad = sorted({c for c in every if cards.kind(c) is None})
        if bad:
            raise SetupError(f"not cards of the {deck} Insonnia deck: {bad}")
        extra = sorted({c for c in every if every.count(c) > cards.copies[c]})
        if extra:
            raise SetupError(f"more copies than the deck holds: {extra}")
        for run in (r for rs in table for r in rs):
            for slot, card in run.filled():
                kind = cards.kinds[card]
                if kind.role == SHEEP and kind.number != slot:
                    raise SetupError(f"{card} lies in slot {slot}: a sheep lies in the slot of its number")
            if run.is_empty():
                raise SetupError("a run of the setup holds no card")
        table_c = tuple(tuple(Run(r.cards, first_colour(cards, r.cards)) for r in rs) for rs in table)
        s = InsonniaState(
            players=players, deck=deck, variant=variant, seed=0, hands=hands_t,
            hand_sizes=tuple(len(h) for h in hands_t), pile=pile_t, pile_size=len(pile_t),
            discard=discard_t, runs=table_c, phase="first_turn", turn=to_act, first=to_act)
        if first_turn:
            return s
        s = _win_check(s, to_act)
        if s.phase == "over":
            return s
        return _draw_owed(replace(s, phase="turn", owed=1, then="play"))

    # ---- whose turn -------------------------------------------------------
    def to_act(self, s: InsonniaState) -> frozenset[int]:
        """The seat whose turn it is (also for a reshuffle it is waiting for)."""
        return frozenset() if s.phase == "over" else frozenset({s.turn})

    def legal_actions(self, s: InsonniaState, player: int) -> list[Action]:
        """A practical list of legal actions (insonnia_legal explains what it leaves out)."""
        return legal_actions(s, player)

    def check(self, s: InsonniaState, a: Action) -> None:
        """Raise IllegalAction unless ``a`` is legal in ``s``."""
        check(s, a)

    def check_card(self, s: InsonniaState, player: int, code: str) -> None:
        """Raise IllegalAction unless ``player`` could lay ``code`` somewhere now (a scanned card)."""
        check_card(s, player, code)

    # ---- applying ---------------------------------------------------------
    def apply(self, s: InsonniaState, a: Action) -> InsonniaState:
        """Check ``a`` and return the new state."""
        check(s, a)
        if isinstance(a, Play):
            runs = play_runs(s, a)  # checked above; this builds the runs it leaves
            s = _take(s, a.player, [p.card for p in a.placements])
            return _end_action(replace(s, runs=runs, busy=True), a.player)
        if isinstance(a, Reshuffle):
            return _reshuffle(s, a)
        if isinstance(a, StartRun):
            s = _take(s, a.player, [a.card])
            kind = s.cards.kinds[a.card]
            mine = (*s.runs[a.player], Run.new(kind.number, a.card, kind.colour))
            return _end_action(replace(s, runs=_with(s.runs, a.player, mine), busy=True), a.player)
        if isinstance(a, Concentrate):
            run = s.runs[a.player][a.run]
            card = run.at(a.slot) or ""
            s = _set_run(s, a.player, a.run, run.put(a.slot, None))
            s = replace(s, discard=(*s.discard, card))
            return _draw_owed(replace(s, owed=2, then="next"))
        if isinstance(a, Guess):
            return _guess(s, a)
        if isinstance(a, Pass):
            return _penalty(s, a.player)
        assert isinstance(a, EndTurn)
        return _pass_turn(s)

    # ---- the end ----------------------------------------------------------
    def outcome(self, s: InsonniaState) -> Outcome | None:
        """The winner scores 1, the others 0; a stalled game has no winner (I12, I15)."""
        if s.phase != "over":
            return None
        scores = tuple(1 if p == s.winner else 0 for p in range(s.players))
        return Outcome(scores=scores, winners=() if s.winner is None else (s.winner,))

    def private(self, s: InsonniaState, player: int) -> bool:
        """True when the app knows this seat's hand: nobody else may act for it."""
        return s.hands[player] is not None

    def table_deck(self, s: InsonniaState) -> str:
        """The cards this table plays with: ``insonnia108`` (printed) or ``insonnia88`` (French)."""
        return s.cards.cards_deck

    def automatic(self, s: InsonniaState) -> Action | None:
        """What the app does by itself: where it dealt the cards there is no deck on the table
        to shuffle, so a card wanted from an empty pile has the discards shuffled at once
        (DECISION I4), in an order drawn from the table's seed. None when nothing is due."""
        if s.known and s.phase == "reshuffle":
            return Reshuffle(s.turn)
        return None

    def can_undo(self, s: InsonniaState, a: Action) -> bool:
        """Every later turn begins with a draw: only a first-turn sheep can be taken back."""
        return isinstance(a, StartRun) and s.phase == "first_turn"

    # ---- views and JSON ---------------------------------------------------
    def cannot_hold(self, s: InsonniaState, player: int) -> frozenset[str]:
        """The cards every copy of which is in sight (on the runs, in the discards)."""
        return all_in_sight(s)

    def view(self, s: InsonniaState, player: int | None) -> dict[str, Any]:
        """The table for everybody; a seat also sees its own hand and its legal actions."""
        cards = s.cards
        out: dict[str, Any] = {
            "phase": s.phase, "turn": s.turn, "to_act": sorted(self.to_act(s)), "first": s.first,
            "turn_no": s.turn_no, "deck": s.deck, "variant": s.variant,
            "runs": [[r.to_json() for r in runs] for runs in s.runs],
            "run_colours": [[r.colour for r in runs] for runs in s.runs],
            "complete": [[is_complete(cards, s.variant, r) for r in runs] for runs in s.runs],
            "open_slots": [[open_slots(cards, r) for r in runs] for runs in s.runs],
            "hand_sizes": list(s.hand_sizes), "deck_size": s.pile_size,
            "discard_pile": list(s.discard), "winner": s.winner, "idle": s.idle,
            "known_hands": s.known,
            "cannot_hold": cannot_hold_json(self, s, s.players),
        }
        if player is not None and 0 <= player < s.players:
            hand = s.hands[player]
            out["hand"] = None if hand is None else list(hand)
            out["legal"] = [dump_action(a) for a in self.legal_actions(s, player)]
        if not s.known:
            # Real cards: no hand is known, so what could still be in one (copies not in sight,
            # for the card picker) and what the seat in turn may do are public; the host's
            # screen can play for a seat that has no phone. Its plays are left out of
            # ``turn_legal`` (hundreds of them; the screen builds a play by taps).
            out["unseen"] = dict(sorted(unseen(s).items()))
            out["turn_legal"] = [dump_action(a) for a in self.legal_actions(s, s.turn)
                                 if not isinstance(a, Play)]
        return out

    def dump_state(self, s: InsonniaState) -> dict[str, Any]:
        """Everything, as JSON-ready data."""
        return dump_state(s)

    def load_state(self, d: Mapping[str, Any]) -> InsonniaState:
        """Inverse of :meth:`dump_state`."""
        return load_state(d)

    def dump_action(self, a: Action) -> dict[str, Any]:
        """JSON form of an action (the scenario vocabulary, with seats)."""
        return dump_action(a)

    def load_action(self, d: Mapping[str, Any]) -> Action:
        """Parse an action; a malformed one raises IllegalAction."""
        return load_action(d)


RULES = Insonnia()
