"""Quinta (seed 001, shared/rules/quinta.md): four rows on the aces, simultaneous choice.

Every round each player chooses one card face down; once all have chosen, the
cards are revealed and resolved: queens first (the queen takes its row but the
ace), then jokers (black before red, their owners choose a row of the joker's
colour), then the rest by suit ♠ ♣ ♦ ♥ and ascending rank. Whoever lays the
fifth card of a row takes the four after the ace. Pairs, threes and fours score
at the end, jokers assigned for the best total.

Two modes: *known hands* (dealt by the app or given by a scenario) and
*unknown hands* (a real table: a card is learnt when it is revealed; the engine
still refuses a card already seen, a second choice in a round, and any choice
from a hand that must be empty).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import product
from typing import Any

from ..cards import FRENCH54, card_name, deck_list, is_card, normalise_code, rank_of, suit_of
from ..engine import IllegalAction, Outcome, SetupError, read_options

ROWS = ("H", "D", "C", "S")  # top to bottom, the seed's canonical order
LAYING_SUITS = ("S", "C", "D", "H")  # DECISION Q1: lowest suit first
ACES = {"H": "AH", "D": "AD", "C": "AC", "S": "AS"}
RANK_ORDER = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))}
JOKER_ROWS = {"JK1": ("H", "D"), "JK2": ("C", "S")}
JOKER_SUITS = {"JK1": ("H", "D"), "JK2": ("C", "S")}
SET_POINTS = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4}
ALL_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
HAND_SIZE = {3: 16, 4: 12, 5: 10, 6: 8}
OPTIONS = frozenset({"hands"})


@dataclass(frozen=True, slots=True)
class Play:
    """Choose a card face down for this round."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class ChooseRow:
    """Put a revealed joker in a row of its colour."""

    player: int
    row: str


Action = Play | ChooseRow
# Actions are values: the legal plays are built once, not on every call.
_PLAYS = [{c: Play(p, c) for c in deck_list(FRENCH54)} for p in range(6)]


@dataclass(frozen=True, slots=True)
class QuintaState:
    """A whole Quinta game. ``hands[i]`` is None when seat i's hand is unknown."""

    players: int
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    rows: tuple[tuple[str, ...], ...]  # in ROWS order, the ace first
    piles: tuple[tuple[str, ...], ...]
    put_aside: tuple[str, ...] | None  # None when unknown (never looked at, Q9)
    chosen: tuple[str | None, ...]  # this round's face-down choices
    phase: str  # choose | joker_row | over
    pending_jokers: tuple[tuple[int, str], ...] = ()  # (seat, joker) awaiting a row
    waiting: tuple[tuple[int, str], ...] = ()  # plain cards laid after the jokers
    round: int = 1
    revealed: tuple[tuple[int, str], ...] = ()  # the last revealed round
    captures: tuple[tuple[int, str, tuple[str, ...]], ...] = ()  # (seat, row, cards) last round
    # A card entered by two players (unknown hands): found at the reveal, those players choose again.
    conflict: tuple[str, tuple[int, ...]] | None = None

    def row(self, suit: str) -> tuple[str, ...]:
        """The row of a suit letter."""
        return self.rows[ROWS.index(suit)]

    @property
    def known(self) -> bool:
        """True when every hand is known to the engine."""
        return all(h is not None for h in self.hands)

    def public(self) -> frozenset[str]:
        """Every card everybody has seen: the rows, the piles, the revealed cards still to lay.

        Other players' face-down choices and hands are not in it: refusing a card
        because someone else chose it would tell the table what he chose.
        """
        cards: set[str] = set()
        for r in self.rows:
            cards.update(r)
        for p in self.piles:
            cards.update(p)
        cards.update(c for _, c in self.pending_jokers)
        cards.update(c for _, c in self.waiting)
        return frozenset(cards)


_STATE_FIELDS = tuple(f.name for f in fields(QuintaState))
_set = object.__setattr__


def replace(s: QuintaState, **changes: Any) -> QuintaState:
    """A copy of ``s`` with ``changes`` (a faster ``dataclasses.replace`` for the hot path)."""
    new = object.__new__(QuintaState)
    for name in _STATE_FIELDS:
        _set(new, name, getattr(s, name))
    for name, value in changes.items():
        _set(new, name, value)
    return new


_CARDS = tuple(c for c in deck_list(FRENCH54))
_SUIT = {c: suit_of(c) or "" for c in _CARDS}
_RANK = {c: rank_of(c) for c in deck_list(FRENCH54)}
# DECISION Q1: lowest suit first (♠ ♣ ♦ ♥), ascending rank inside a suit (Q8: J=11, K=13).
_LAY_KEY = {c: (LAYING_SUITS.index(_SUIT[c] or "S"), RANK_ORDER.get(_RANK[c], 0)) for c in _SUIT}


def _en(code: str) -> str:
    return card_name(FRENCH54, code, "en")


_IT_ARTICLE = {"asso": "l'", "8": "l'", "regina": "la "}


def _it(code: str) -> str:
    """The Italian name with its article: ``il 9 di quadri``, ``l'asso di picche``."""
    name = card_name(FRENCH54, code, "it")
    return _IT_ARTICLE.get(name.split()[0], "il ") + name


def _bad(rule: str, en: str, it: str) -> IllegalAction:
    return IllegalAction(f"quinta.{rule}", en, it)


def _joker_choices(pile: Sequence[str]) -> tuple[dict[str, set[str]], list[str], list[list[str]]]:
    """Suits held per rank, the jokers, and the ranks each joker may imitate (Q3, Q4)."""
    suits_by_rank: dict[str, set[str]] = {}
    jokers: list[str] = []
    for code in pile:
        if code in JOKER_SUITS:
            jokers.append(code)
        else:
            suits_by_rank.setdefault(rank_of(code), set()).add(suit_of(code) or "")
    options = [
        [r for r in ALL_RANKS if any(s not in suits_by_rank.get(r, set()) for s in JOKER_SUITS[j])]
        for j in jokers
    ]
    return suits_by_rank, jokers, options


def best_assignment(pile: Sequence[str]) -> tuple[int, dict[str, str]]:
    """The pile's points with each joker's rank chosen for the most points (DECISION Q5)."""
    suits_by_rank, jokers, options = _joker_choices(pile)
    base = {r: len(s) for r, s in suits_by_rank.items()}
    best, best_choice = sum(SET_POINTS[n] for n in base.values()), dict[str, str]()
    for choice in product(*options):
        counts = dict(base)
        for r in choice:
            counts[r] = counts.get(r, 0) + 1
        points = sum(SET_POINTS[min(n, 4)] for n in counts.values())
        if points > best or (points == best and not best_choice and choice):
            best, best_choice = points, dict(zip(jokers, choice, strict=True))
    return best, best_choice


def score_pile(pile: Sequence[str]) -> int:
    """Points of one pile, each joker assigned to the rank that gives the most (Q3-Q5)."""
    return _pile_points(tuple(sorted(pile)))


@lru_cache(maxsize=8192)
def _pile_points(pile: tuple[str, ...]) -> int:
    """Points of a pile as a sorted tuple: every phone's view asks for every pile, often."""
    return best_assignment(pile)[0]


def score_sets(pile: Sequence[str]) -> list[dict[str, Any]]:
    """The scoring sets of a pile, for the final screen: rank, cards, jokers, points."""
    _, assignment = best_assignment(pile)
    by_rank: dict[str, list[str]] = {}
    for code in pile:
        rank = assignment.get(code) if code in JOKER_SUITS else rank_of(code)
        if rank is not None:
            by_rank.setdefault(rank, []).append(code)
    sets = [
        {"rank": rank, "cards": cards, "points": SET_POINTS[min(len(cards), 4)]}
        for rank, cards in by_rank.items() if len(cards) >= 2
    ]
    return sorted(sets, key=lambda x: (-x["points"], ALL_RANKS.index(x["rank"])))


class Quinta:
    """The Quinta rules engine (3-6 players)."""

    name = "quinta"
    deck = FRENCH54
    seats = range(3, 7)

    # ---- setting up -------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> QuintaState:
        """Deal a fresh game; ``options['hands']`` is ``known`` (dealt here) or ``unknown``."""
        _, mode = read_options("Quinta", players, self.seats, options, OPTIONS)
        size = HAND_SIZE[players]
        rows = tuple((ACES[s],) for s in ROWS)
        empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(players))
        if mode == "unknown":
            hands: tuple[tuple[str, ...] | None, ...] = tuple(None for _ in range(players))
            put_aside: tuple[str, ...] | None = None
        else:
            cards = [c for c in deck_list(FRENCH54) if c not in ACES.values()]
            random.Random(seed).shuffle(cards)
            hands = tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(players))
            put_aside = tuple(cards[players * size:])
        return QuintaState(
            players=players, hands=hands, hand_sizes=(size,) * players, rows=rows,
            piles=empty, put_aside=put_aside, chosen=(None,) * players, phase="choose",
        )

    def from_setup(
        self,
        players: int,
        rows: Mapping[str, Sequence[str]],
        hands: Sequence[Sequence[str] | None],
        piles: Sequence[Sequence[str]],
        put_aside: Sequence[str] | None,
        hand_sizes: Sequence[int] | None = None,
    ) -> QuintaState:
        """A state given card by card (scenarios, a game entered mid-way); checked for sense."""
        if players not in self.seats:
            raise SetupError("Quinta is played by 3 to 6 players")
        row_t = []
        for s in ROWS:
            row = tuple(normalise_code(c) for c in rows.get(s, (ACES[s],)))
            if not row or row[0] != ACES[s] or len(row) > 4:
                raise SetupError(f"row {s} must start with {ACES[s]} and hold 1 to 4 cards")
            row_t.append(row)
        hands_t = tuple(None if h is None else tuple(normalise_code(c) for c in h) for h in hands)
        sizes = tuple(hand_sizes) if hand_sizes else tuple(len(h or ()) for h in hands_t)
        state = QuintaState(
            players=players,
            hands=hands_t,
            hand_sizes=sizes,
            rows=tuple(row_t),
            piles=tuple(tuple(normalise_code(c) for c in p) for p in piles),
            put_aside=None if put_aside is None else tuple(normalise_code(c) for c in put_aside),
            chosen=(None,) * players,
            phase="choose" if any(sizes) else "over",
        )
        everything = [c for r in state.rows for c in r] + [c for p in state.piles for c in p]
        everything += [c for h in state.hands if h for c in h] + list(state.put_aside or ())
        bad = [c for c in everything if not is_card(FRENCH54, c)]
        if bad:
            raise SetupError(f"not French cards: {', '.join(bad)}")
        if len(everything) != len(set(everything)):
            raise SetupError("a card appears twice in the setup")
        if len({len(h) for h in hands_t if h is not None} | {*sizes}) > 1:
            raise SetupError("every hand must hold the same number of cards")
        return state

    # ---- whose turn -------------------------------------------------------
    def to_act(self, s: QuintaState) -> frozenset[int]:
        """Every seat that has not chosen (choose), or the owner of the next joker."""
        if s.phase == "choose":
            return frozenset([i for i, c in enumerate(s.chosen) if c is None])
        if s.phase == "joker_row":
            return frozenset({s.pending_jokers[0][0]})
        return frozenset()

    def legal_actions(self, s: QuintaState, player: int) -> list[Action]:
        """Every legal action; with an unknown hand, every card not yet seen."""
        if s.phase == "choose":
            if not 0 <= player < s.players or s.chosen[player] is not None:
                return []
        elif player not in self.to_act(s):
            return []
        if s.phase == "joker_row":
            return [ChooseRow(player, r) for r in JOKER_ROWS[s.pending_jokers[0][1]]]
        plays = _PLAYS[player]
        hand = s.hands[player]
        if hand is not None:
            return [plays[c] for c in hand]
        public = s.public()
        return [plays[c] for c in _CARDS if c not in public]

    # ---- checking ---------------------------------------------------------
    def check(self, s: QuintaState, a: Action) -> None:
        """Raise IllegalAction unless ``a`` is legal in ``s``."""
        if not 0 <= a.player < s.players:
            raise _bad("seat", "There is no such player at this table.",
                       "Non c'è un giocatore con quel posto.")
        if s.phase == "over":
            raise _bad("game_over", "The game is over.", "La partita è finita.")
        if isinstance(a, Play):
            self._check_play(s, a)
        else:
            self._check_row(s, a)

    def _check_play(self, s: QuintaState, a: Play) -> None:
        if s.phase != "choose":
            owner = s.pending_jokers[0][0]
            raise _bad(
                "joker_pending",
                f"Wait: seat {owner + 1} must first choose a row for the joker.",
                f"Aspetta: il posto {owner + 1} deve prima scegliere la fila del jolly.",
            )
        if s.chosen[a.player] is not None:
            raise _bad(
                "already_chosen",
                "You have already chosen your card for this round; it cannot be changed.",
                "Hai già scelto la tua carta per questo giro; non si può cambiare.",
            )
        if a.card not in _SUIT:  # every French card, jokers included
            raise _bad(
                "unknown_card", f"{a.card} is not a card of a French deck.",
                f"{a.card} non è una carta del mazzo francese.",
            )
        hand = s.hands[a.player]
        if hand is not None:
            if a.card not in hand:
                raise _bad(
                    "not_in_hand", f"The {_en(a.card)} is not in your hand.",
                    f"{_it(a.card).capitalize()} non è nella tua mano.",
                )
            return
        if s.hand_sizes[a.player] == 0:
            raise _bad(
                "hand_empty", "Your hand must be empty: you have played all your cards.",
                "La tua mano deve essere vuota: hai giocato tutte le carte.",
            )
        if a.card in ACES.values() or a.card in s.public():
            raise _bad(
                "card_seen",
                f"The {_en(a.card)} cannot be in your hand: it is already on the table or in a "
                "pile. Check the card you hold.",
                f"{_it(a.card).capitalize()} non può essere nella tua mano: è già sul tavolo o tra "
                "le prese. Controlla la carta che hai.",
            )

    def _check_row(self, s: QuintaState, a: ChooseRow) -> None:
        if s.phase != "joker_row":
            raise _bad(
                "no_joker", "No joker is waiting for a row now.",
                "Nessun jolly aspetta una fila adesso.",
            )
        owner, joker = s.pending_jokers[0]
        if a.player != owner:
            mine = any(p == a.player for p, _ in s.pending_jokers)
            if mine:
                raise _bad(
                    "joker_order", "The black joker is placed before the red one: wait your turn.",
                    "Il jolly nero si piazza prima di quello rosso: aspetta il tuo turno.",
                )
            raise _bad(
                "no_joker", "You have no joker waiting for a row.",
                "Non hai nessun jolly da piazzare.",
            )
        if a.row not in JOKER_ROWS[joker]:
            colour = ("red", "hearts or diamonds") if joker == "JK1" else ("black", "clubs or spades")
            colour_it = ("rosso", "cuori o quadri") if joker == "JK1" else ("nero", "fiori o picche")
            raise _bad(
                "joker_colour",
                f"The {colour[0]} joker may only go to the {colour[1]} row.",
                f"Il jolly {colour_it[0]} può andare solo nella fila di {colour_it[1]}.",
            )

    # ---- applying ---------------------------------------------------------
    def apply(self, s: QuintaState, a: Action) -> QuintaState:
        """Check ``a`` and return the new state."""
        self.check(s, a)
        if isinstance(a, Play):
            chosen = list(s.chosen)
            chosen[a.player] = a.card
            s = replace(s, chosen=tuple(chosen))
            if any(c is None for c in chosen):
                return s
            twice = [c for c in set(chosen) if chosen.count(c) > 1]
            if twice:
                # Two phones entered the same physical card: one of them is wrong. Nothing is
                # laid; those players look at their cards and enter them again.
                seats = tuple(i for i, c in enumerate(chosen) if c in twice)
                again = tuple(None if i in seats else c for i, c in enumerate(chosen))
                return replace(s, chosen=again, conflict=(twice[0], seats))
            return self._reveal(s)
        owner, joker = s.pending_jokers[0]
        table = _Table(s)
        table.lay(owner, joker, a.row)
        s = replace(s, pending_jokers=s.pending_jokers[1:], rows=tuple(table.rows),
                    piles=tuple(table.piles), captures=tuple(table.captures))
        return self._continue(s)

    def _reveal(self, s: QuintaState) -> QuintaState:
        played = tuple((i, c) for i, c in enumerate(s.chosen) if c is not None)
        hands = list(s.hands)
        for i, c in played:
            h = hands[i]
            if h is not None:
                hands[i] = tuple(x for x in h if x != c)
        table = _Table(s)
        table.captures = []
        for seat, card in sorted(played, key=lambda p: _LAY_KEY[p[1]]):
            if _RANK[card] == "Q":
                suit = _SUIT[card]
                table.take(seat, suit, table.rows[ROWS.index(suit)][1:] + (card,))
        jokers = sorted((p for p in played if p[1] in JOKER_ROWS), key=lambda p: p[1], reverse=True)
        rest = sorted(
            (p for p in played if p[1] not in JOKER_ROWS and _RANK[p[1]] != "Q"),
            key=lambda p: _LAY_KEY[p[1]],
        )
        s = replace(
            s, hands=tuple(hands), hand_sizes=tuple(max(n - 1, 0) for n in s.hand_sizes),
            chosen=(None,) * s.players, revealed=played, rows=tuple(table.rows), conflict=None,
            piles=tuple(table.piles), captures=tuple(table.captures),
            pending_jokers=tuple(jokers), waiting=tuple(rest),
        )
        return self._continue(s)

    def _continue(self, s: QuintaState) -> QuintaState:
        if s.pending_jokers:
            return replace(s, phase="joker_row")
        table = _Table(s)
        for seat, card in s.waiting:
            table.lay(seat, card, _SUIT[card])
        done = all(n == 0 for n in s.hand_sizes)
        return replace(
            s, rows=tuple(table.rows), piles=tuple(table.piles), captures=tuple(table.captures),
            waiting=(), phase="over" if done else "choose", round=s.round + (not done),
        )

    # ---- the end ----------------------------------------------------------
    def scores(self, s: QuintaState) -> tuple[int, ...]:
        """Each seat's points for the cards in his pile now."""
        return tuple(score_pile(p) for p in s.piles)

    def outcome(self, s: QuintaState) -> Outcome | None:
        """Scores and winners (equal top totals share, Q7) once all hands are empty."""
        if s.phase != "over":
            return None
        scores = self.scores(s)
        top = max(scores)
        return Outcome(scores=scores, winners=tuple(i for i, v in enumerate(scores) if v == top))

    def commutes(self, then: QuintaState, now: QuintaState, a: Action) -> bool:
        """True when a choice made looking at ``then`` means the same in ``now``.

        Only other players' face-down choices of the same round came between.
        """
        return (isinstance(a, Play) and then.phase == now.phase == "choose"
                and then.round == now.round and now.chosen[a.player] is None)

    def private(self, s: QuintaState, player: int) -> bool:
        """True when the app knows this seat's hand: nobody else may act for it."""
        return s.hands[player] is not None

    def can_correct(self, before: QuintaState, now: QuintaState, old: Action, new: Action) -> bool:
        """A revealed card entered for a hand the app does not know may be corrected by the
        host: a typing or scanning mistake about a card everybody has seen. A face-down
        choice is nobody's business but its player's."""
        revealed = before.round < now.round or now.phase != "choose"
        return (revealed and isinstance(old, Play) and isinstance(new, Play)
                and old.player == new.player and before.hands[old.player] is None)

    def same_course(self, old: QuintaState, new: QuintaState) -> bool:
        """After a correction, the game must stand where it stood: same round, same phase,
        nobody asked to choose again."""
        return (old.round, old.phase, old.chosen.count(None), old.conflict) == \
            (new.round, new.phase, new.chosen.count(None), new.conflict)

    def can_undo(self, s: QuintaState, a: Action) -> bool:
        """A choice can be taken back by the host until the round is revealed; a row always."""
        if isinstance(a, ChooseRow):
            return True
        return s.phase == "choose" and s.chosen[a.player] == a.card

    # ---- views and JSON ---------------------------------------------------
    def view(self, s: QuintaState, player: int | None) -> dict[str, Any]:
        """The public table plus, for ``player``, his own hand and face-down choice."""
        out: dict[str, Any] = {
            "phase": s.phase,
            "round": s.round,
            "to_act": sorted(self.to_act(s)),
            "rows": {suit: list(s.row(suit)) for suit in ROWS},
            "piles": [list(p) for p in s.piles],
            "scores": list(self.scores(s)),
            "sets": [score_sets(p) for p in s.piles] if s.phase == "over" else None,
            "hand_sizes": list(s.hand_sizes),
            "has_chosen": [c is not None for c in s.chosen],
            "pending_jokers": [{"player": p, "card": c} for p, c in s.pending_jokers],
            "waiting": [{"player": p, "card": c} for p, c in s.waiting],
            "revealed": [{"player": p, "card": c} for p, c in s.revealed],
            "captures": [{"player": p, "row": r, "cards": list(c)} for p, r, c in s.captures],
            "known_hands": s.known,
            "conflict": None if s.conflict is None else
            {"card": s.conflict[0], "players": list(s.conflict[1])},
        }
        if player is not None and 0 <= player < s.players:
            hand = s.hands[player]
            out["hand"] = None if hand is None else sorted(hand, key=_display_key)
            out["chosen"] = s.chosen[player]
            out["legal"] = [self.dump_action(a) for a in self.legal_actions(s, player)]
        return out

    def dump_state(self, s: QuintaState) -> dict[str, Any]:
        """Everything, for saving and for JSON round trips."""
        return {
            "players": s.players,
            "hands": [None if h is None else list(h) for h in s.hands],
            "hand_sizes": list(s.hand_sizes),
            "rows": [list(r) for r in s.rows],
            "piles": [list(p) for p in s.piles],
            "put_aside": None if s.put_aside is None else list(s.put_aside),
            "chosen": list(s.chosen),
            "phase": s.phase,
            "pending_jokers": [list(p) for p in s.pending_jokers],
            "waiting": [list(p) for p in s.waiting],
            "round": s.round,
            "revealed": [list(p) for p in s.revealed],
            "captures": [[p, r, list(c)] for p, r, c in s.captures],
            "conflict": None if s.conflict is None else [s.conflict[0], list(s.conflict[1])],
        }

    def load_state(self, d: Mapping[str, Any]) -> QuintaState:
        """Inverse of :meth:`dump_state`."""
        return QuintaState(
            players=int(d["players"]),
            hands=tuple(None if h is None else tuple(h) for h in d["hands"]),
            hand_sizes=tuple(d["hand_sizes"]),
            rows=tuple(tuple(r) for r in d["rows"]),
            piles=tuple(tuple(p) for p in d["piles"]),
            put_aside=None if d["put_aside"] is None else tuple(d["put_aside"]),
            chosen=tuple(d["chosen"]),
            phase=d["phase"],
            pending_jokers=tuple((int(p), str(c)) for p, c in d["pending_jokers"]),
            waiting=tuple((int(p), str(c)) for p, c in d["waiting"]),
            round=int(d["round"]),
            revealed=tuple((int(p), str(c)) for p, c in d["revealed"]),
            captures=tuple((int(p), str(r), tuple(c)) for p, r, c in d["captures"]),
            conflict=None if d.get("conflict") is None else
            (str(d["conflict"][0]), tuple(int(i) for i in d["conflict"][1])),
        )

    def dump_action(self, a: Action) -> dict[str, Any]:
        """``{"type": "play", "player": 0, "card": "QH"}`` or ``choose_row`` with ``row``."""
        if isinstance(a, Play):
            return {"type": "play", "player": a.player, "card": a.card}
        return {"type": "choose_row", "player": a.player, "row": a.row}

    def load_action(self, d: Mapping[str, Any]) -> Action:
        """Parse an action; a malformed one raises IllegalAction (rule ``quinta.malformed``)."""
        kind = d.get("type")
        player = d.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise _bad("malformed", "The action names no player.", "L'azione non indica il giocatore.")
        if kind == "play" and isinstance(d.get("card"), str):
            return Play(player, normalise_code(d["card"]))
        if kind == "choose_row" and isinstance(d.get("row"), str):
            return ChooseRow(player, normalise_code(d["row"]))
        raise _bad(
            "unknown_action",
            "In Quinta you can only choose a card (play) or a row for your joker (choose_row).",
            "In Quinta puoi solo scegliere una carta (play) o la fila del tuo jolly (choose_row).",
        )


def _display_key(code: str) -> tuple[int, int]:
    """Hands shown by suit (♥ ♦ ♣ ♠, as the rows) and rank, jokers last."""
    if code in JOKER_ROWS:
        return (4, int(code[-1]))
    return (ROWS.index(suit_of(code) or "H"), RANK_ORDER.get(rank_of(code), 0))


class _Table:
    """A mutable working copy of the rows and piles while a round is resolved."""

    def __init__(self, s: QuintaState) -> None:
        self.rows = list(s.rows)
        self.piles = list(s.piles)
        self.captures = list(s.captures)

    def take(self, seat: int, suit: str, cards: tuple[str, ...]) -> None:
        """Seat takes ``cards`` from the row of ``suit``, which goes back to its ace."""
        self.rows[ROWS.index(suit)] = (ACES[suit],)
        self.piles[seat] = self.piles[seat] + cards
        self.captures.append((seat, suit, cards))

    def lay(self, seat: int, card: str, suit: str) -> None:
        """Lay ``card`` at the end of a row; the fifth card takes the four after the ace."""
        i = ROWS.index(suit)
        row = self.rows[i] + (card,)
        if len(row) == 5:
            self.take(seat, suit, row[1:])
        else:
            self.rows[i] = row


RULES = Quinta()
