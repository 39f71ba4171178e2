"""Kaiserspiel (seed 002, shared/rules/kaiserspiel.md): the Swiss game of the Emperor.

Two teams of two (seats 0+2 against 1+3). One card face up to each player fixes
the trump suit (the lowest; the first dealt on a tie) and stays in its owner's
hand; six more each, two discarded. The hand is worth 4; in the declaration round
a player may raise by 3, or by 1 showing an Ace that becomes a Kaiser; the next
player, an opponent, accepts or refuses (the hand then ends "a tavolino" at the
value before that raise). Play is free (no duty to follow); each card takes the
trick over or not by the table of §5; three tricks win the hand; 101 the game.

Known hands (scenarios, a game the app deals) are checked fully. With unknown
hands (real cards on a real table) the face-up cards are entered when dealt,
discards are not named, and the engine enforces what everybody can see: a card
is played once, nobody plays another player's face-up card or Kaiser, every
player plays his five cards at most.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..cards import FRENCH54, KAISER40, KAISER48, card_label
from ..engine import Outcome, SetupError, chosen_seat, read_options
from . import state as ks
from .cards import check_pack, logical_cards, pack_info
from .state import (
    SEATS,
    TEAMS,
    Accept,
    Action,
    Deal,
    DeclareKaiser,
    Discard,
    HandResult,
    KaiserState,
    Pass,
    Pending,
    Play,
    Raise,
    Refuse,
    Reveal,
    bad,
    team_of,
)
from .tally import KAISER, RAISE, HandScore, board
from .tricks import evaluate, trump_from

HAND = 7  # one face up, six face down (DECISION K4)
DISCARD = 2
TRICKS_TO_WIN = 3
OPTIONS = frozenset({"hands", "deck", "target", "pack", "dealer"})
__all__ = [
    "RULES", "Accept", "Action", "Deal", "DeclareKaiser", "Discard", "HandResult", "KaiserState",
    "Kaiserspiel", "Pass", "Pending", "Play", "Raise", "Refuse", "Reveal", "marks",
]


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


class Kaiserspiel:
    """The Kaiserspiel rules engine (4 players in two teams)."""

    name = "kaiserspiel"
    deck = KAISER40  # the logical pack; a table's own size and physical pack are in its state
    seats = range(4, 5)

    # ---- setting up -------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> KaiserState:
        """The first hand dealt by a dealer the table chose (option ``dealer``) or drawn by lot."""
        _, mode = read_options("Kaiserspiel", players, self.seats, options, OPTIONS)
        size, target, pack = _read_game_options(options)
        dealer = options.get("dealer")
        dealer = random.Random(seed).randrange(SEATS) if dealer is None \
            else chosen_seat("dealer", dealer, SEATS)
        s = _empty(size, pack, target, mode == "known", seed, (dealer - 1) % SEATS, (0, 0))
        return _deal(s, None, None)

    def from_setup(self, size: int, target: int, dealer: int, face_up: Sequence[str],
                   hands: Sequence[Sequence[str]], scores: Sequence[int] = (0, 0),
                   pack: str = "french") -> KaiserState:
        """A first hand given card by card (scenarios): ``face_up`` and six ``hands`` per seat."""
        check_pack(pack, size)
        if not 1 <= target <= 1000 or not 0 <= dealer < SEATS:
            raise SetupError("the target must be 1 to 1000 and the dealer a seat from 0 to 3")
        a, b = (int(x) for x in scores)
        if not 0 <= a < target or not 0 <= b < target:
            raise SetupError("a team that has reached the target has already won")
        s = _empty(size, pack, target, True, 0, (dealer - 1) % SEATS, (a, b))
        problem = _bad_deal(size, face_up, hands)
        if problem:
            raise SetupError(problem)
        return _deal(s, tuple(face_up), tuple(tuple(h) for h in hands))

    # ---- whose turn -------------------------------------------------------
    def to_act(self, s: KaiserState) -> frozenset[int]:
        """Who may act: several at once while face-up cards are entered and while discarding."""
        if s.phase == "reveal":
            return frozenset(p for p in range(SEATS) if s.face_up[p] is None)
        if s.phase == "discard":
            return frozenset(p for p in range(SEATS) if s.discards[p] is None)
        if s.phase in ("declare", "respond") and s.turn is not None:
            return frozenset({s.turn})
        if s.phase == "play":
            return frozenset({(s.leader + len(s.trick)) % SEATS})
        if s.phase == "await_deal":
            return frozenset({s.first})
        return frozenset()

    def legal_actions(self, s: KaiserState, player: int) -> list[Action]:
        """Every legal action of ``player`` (with an unknown hand: every card he may hold)."""
        if player not in self.to_act(s):
            return []
        hand = s.hands[player]
        if s.phase == "await_deal":
            return [Deal(player)]
        if s.phase == "reveal":
            taken = {c for c in s.face_up if c is not None}
            return [Reveal(player, c) for c in logical_cards(s.size) if c not in taken]
        if s.phase == "discard":
            if hand is None:
                return [Discard(player)]
            return [Discard(player, pair) for pair in combinations(ks.in_order(hand), DISCARD)]
        if s.phase == "respond":
            return [Accept(player), Refuse(player)]
        if s.phase == "declare":
            declared = {c for _, c in s.kaisers}
            aces = [c for c in _holdable(s, player) if c.startswith("A") and c not in declared]
            return [Pass(player), Raise(player), *(DeclareKaiser(player, c) for c in aces)]
        return [Play(player, c) for c in _holdable(s, player)]

    # ---- checking ---------------------------------------------------------
    def check(self, s: KaiserState, a: Action) -> None:
        """Raise IllegalAction unless ``a`` is legal in ``s``."""
        if not 0 <= a.player < SEATS:
            raise bad("seat", "There is no such player at this table.",
                      "Non c'è un giocatore con quel posto.")
        if s.phase == "over":
            raise bad("game_over", "The game is over.", "La partita è finita.")
        if isinstance(a, Deal):
            self._check_deal(s, a)
            return
        if s.phase == "await_deal":
            raise bad("hand_over", "This hand is over: wait for the next deal.",
                      "Questa mano è finita: aspetta la prossima distribuzione.")
        if isinstance(a, Reveal):
            self._check_reveal(s, a)
        elif isinstance(a, Discard):
            self._check_discard(s, a)
        elif isinstance(a, Accept | Refuse):
            self._check_answer(s, a)
        elif isinstance(a, Pass | Raise | DeclareKaiser):
            self._check_declaration(s, a)
        else:
            self._check_play(s, a)

    def _check_deal(self, s: KaiserState, a: Deal) -> None:
        if s.phase != "await_deal":
            raise bad("hand_running", "The hand is still being played.", "La mano è ancora in corso.")
        if a.player != s.first:
            raise bad("not_dealer", f"Seat {s.first + 1} deals the next hand (DECISION K2).",
                      f"La prossima mano la distribuisce il posto {s.first + 1} (DECISIONE K2).")
        if a.face_up is None and a.hands is None:
            return
        if not s.known:
            raise bad("deal_unknown", "The cards are real at this table: the app does not choose them.",
                      "A questo tavolo le carte sono vere: l'app non le sceglie.")
        problem = _bad_deal(s.size, a.face_up or (), a.hands or ())
        if problem:
            raise bad("bad_deal", f"That deal is not possible: {problem}.",
                      "Quella distribuzione non è possibile: carte sconosciute, ripetute o nel "
                      "numero sbagliato.")

    def _check_reveal(self, s: KaiserState, a: Reveal) -> None:
        if s.phase != "reveal":
            raise bad("no_reveal", "The face-up cards are already known.",
                      "Le carte scoperte sono già note.")
        if s.face_up[a.player] is not None:
            raise bad("revealed_twice", "Your face-up card is entered already.",
                      "La tua carta scoperta è già stata indicata.")
        _check_card(s, a.card)
        if a.card in s.face_up:
            raise bad("card_seen", f"{card_label(a.card)} was dealt face up to another player.",
                      f"{card_label(a.card)} è stata data scoperta a un altro giocatore.")

    def _check_discard(self, s: KaiserState, a: Discard) -> None:
        if s.phase == "reveal":
            raise bad("reveal_first", "First every face-up card must be entered.",
                      "Prima vanno indicate tutte le carte scoperte.")
        if s.phase != "discard" or s.discards[a.player] is not None:
            raise bad("discarded_twice", "You have already discarded your two cards for this hand.",
                      "Hai già scartato le tue due carte per questa mano.")
        hand = s.hands[a.player]
        if hand is None:
            if a.cards:
                raise bad("discard_unseen", "Discards are face down: they are not named.",
                          "Gli scarti sono coperti: non si nominano.")
            return
        if len(a.cards) != DISCARD or len(set(a.cards)) != DISCARD:
            raise bad("discard_two", "Discard exactly two different cards.",
                      "Scarta esattamente due carte diverse.")
        for c in a.cards:
            if c not in hand:
                raise bad("not_in_hand", f"{card_label(c)} is not in your hand.",
                          f"{card_label(c)} non è nella tua mano.")

    def _check_declaration(self, s: KaiserState, a: Pass | Raise | DeclareKaiser) -> None:
        if s.phase in ("reveal", "discard"):
            raise bad("declare_early", "The declarations start once all four players have discarded.",
                      "Le dichiarazioni cominciano quando tutti e quattro hanno scartato.")
        if s.phase == "play":
            raise bad("play_started",
                      "Play has started: the value can no longer be raised, nor a Kaiser declared "
                      "(DECISION K6).",
                      "Il gioco è cominciato: non si può più rilanciare né dichiarare un Kaiser "
                      "(DECISIONE K6).")
        if s.phase == "respond":
            if a.player == s.turn:
                raise bad("answer_first", "A raise is waiting for your answer: accept or refuse it.",
                          "Un rilancio aspetta la tua risposta: accettalo o rifiutalo.")
            raise bad("pending", f"A raise is waiting for seat {(s.turn or 0) + 1} to answer.",
                      f"Un rilancio aspetta la risposta del posto {(s.turn or 0) + 1}.")
        if a.player != s.turn:
            raise bad("not_your_turn", "It is not your turn to declare.", "Non tocca a te dichiarare.")
        if isinstance(a, DeclareKaiser):
            self._check_kaiser(s, a)

    def _check_kaiser(self, s: KaiserState, a: DeclareKaiser) -> None:
        _check_card(s, a.card)
        if not a.card.startswith("A"):
            raise bad("not_an_ace", f"Only an Ace can become a Kaiser: {card_label(a.card)} is not one.",
                      f"Solo un asso può diventare Kaiser: {card_label(a.card)} non lo è.")
        if a.card in {c for _, c in s.kaisers}:
            raise bad("kaiser_twice", f"{card_label(a.card)} is a Kaiser already.",
                      f"{card_label(a.card)} è già un Kaiser.")
        _check_holds(s, a.player, a.card)

    def _check_answer(self, s: KaiserState, a: Accept | Refuse) -> None:
        if s.phase != "respond" or s.pending is None:
            raise bad("nothing_to_answer", "There is no raise to answer.",
                      "Non c'è nessun rilancio a cui rispondere.")
        if a.player != s.turn:
            raise bad("not_responder",
                      f"Seat {(s.turn or 0) + 1}, the next player after the raiser, answers this raise.",
                      f"A questo rilancio risponde il posto {(s.turn or 0) + 1}, il giocatore dopo "
                      "chi ha rilanciato.")

    def _check_play(self, s: KaiserState, a: Play) -> None:
        if s.phase in ("reveal", "discard"):
            raise bad("play_early", "Everybody discards two cards before play starts.",
                      "Prima del gioco ognuno scarta due carte.")
        if s.phase in ("declare", "respond"):
            raise bad("declarations_running",
                      "The declarations are not over: play starts after four passes in a row.",
                      "Le dichiarazioni non sono finite: si gioca quando tutti e quattro hanno "
                      "passato di fila.")
        if a.player not in self.to_act(s):
            raise bad("not_your_turn", "It is not your turn to play.", "Non tocca a te giocare.")
        _check_card(s, a.card)
        _check_holds(s, a.player, a.card)

    # ---- applying ---------------------------------------------------------
    def apply(self, s: KaiserState, a: Action) -> KaiserState:
        """Check ``a`` and return the new state."""
        self.check(s, a)
        if isinstance(a, Deal):
            return _deal(s, a.face_up, a.hands)
        if isinstance(a, Reveal):
            face_up = _put(s.face_up, a.player, a.card)
            s = replace(s, face_up=face_up)
            if all(c is not None for c in face_up):
                s = replace(s, trump=_trump(s), phase="discard")
            return s
        if isinstance(a, Discard):
            return _discard(s, a)
        if isinstance(a, Pass):
            if s.passes + 1 == SEATS:  # four passes in a row: play starts (K5)
                return replace(s, passes=0, turn=None, phase="play", leader=s.first)
            return replace(s, passes=s.passes + 1, turn=(a.player + 1) % SEATS)
        if isinstance(a, Raise | DeclareKaiser):
            card = a.card if isinstance(a, DeclareKaiser) else None
            amount = KAISER if card else RAISE
            return replace(s, phase="respond", passes=0, pending=Pending(a.player, amount, card),
                           turn=(a.player + 1) % SEATS)
        if isinstance(a, Accept):
            p = s.pending
            assert p is not None
            kaisers = s.kaisers + (((p.seat, p.card),) if p.card else ())
            return replace(s, phase="declare", pending=None, raises=(*s.raises, p.amount),
                           kaisers=kaisers)
        if isinstance(a, Refuse):
            assert s.pending is not None
            return _end_hand(replace(s, pending=None), team_of(s.pending.seat), "refusal")
        return _play(s, a)

    # ---- the end ----------------------------------------------------------
    def outcome(self, s: KaiserState) -> Outcome | None:
        """Each seat scores its team's points; the team that reached the target wins."""
        if s.phase != "over":
            return None
        scores = s.scores
        best = 0 if scores[0] > scores[1] else 1
        return Outcome(scores=tuple(scores[team_of(p)] for p in range(SEATS)),
                       winners=tuple(p for p in range(SEATS) if team_of(p) == best))

    def winner(self, s: KaiserState) -> str | None:
        """The winning team's letter once the game is over."""
        out = self.outcome(s)
        return None if out is None else TEAMS[team_of(out.winners[0])]

    def private(self, s: KaiserState, player: int) -> bool:
        """True when the app knows this seat's hand: nobody else may act for it. Between two
        hands there is nothing to hide, and the host may start the next deal for the dealer."""
        return s.phase != "await_deal" and s.hands[player] is not None

    def commutes(self, then: KaiserState, now: KaiserState, a: Action) -> bool:
        """A discard or a face-up card entered while others did the same means the same."""
        same_hand = then.hand_no == now.hand_no and then.phase == now.phase
        if isinstance(a, Discard):
            return same_hand and now.phase == "discard" and now.discards[a.player] is None
        if isinstance(a, Reveal):
            return same_hand and now.phase == "reveal" and now.face_up[a.player] is None
        return False

    def can_correct(self, before: KaiserState, now: KaiserState, old: Action, new: Action) -> bool:
        """A card entered by mistake for a hand the app does not know (a played card, a face-up
        card) may be corrected by the host: everybody has seen the real one."""
        same = type(old) is type(new) and old.player == new.player
        return same and isinstance(old, Play | Reveal) and before.hands[old.player] is None

    def same_course(self, old: KaiserState, new: KaiserState) -> bool:
        """After a correction the game must stand where it stood."""
        def where(s: KaiserState) -> tuple[Any, ...]:
            return (s.hand_no, s.phase, self.to_act(s), len(s.tricks), len(s.trick), s.dealer)
        return where(old) == where(new)

    def can_undo(self, s: KaiserState, a: Action) -> bool:
        """Take back the last move while it showed nothing new: a pass, a raise, an answer, a
        discard, a face-up card entered, a card on the unfinished trick. A Kaiser's Ace has been
        shown and a deal seen: those stay."""
        if isinstance(a, Play):
            return bool(s.trick) and s.trick[-1] == (a.player, a.card)
        return isinstance(a, Pass | Raise | Accept | Refuse | Discard | Reveal)

    # ---- views and JSON ---------------------------------------------------
    def view(self, s: KaiserState, player: int | None) -> dict[str, Any]:
        """Public: face-up cards, trumps, value, declarations, the trick, the board. A seat
        also sees its own hand, its discards and its legal actions."""
        verdicts = []
        if s.tricks:
            _, found = evaluate((c for _, c in s.tricks[-1]), s.context)
            verdicts = [{"player": p, "card": c, "takes": v.takes, "reason": v.reason}
                        for (p, c), v in zip(s.tricks[-1], found, strict=True)]
        result = s.result
        out: dict[str, Any] = {
            "phase": s.phase, "hand_no": s.hand_no, "dealer": s.dealer, "first": s.first,
            "to_act": sorted(self.to_act(s)), "deck": s.size, "pack": s.pack, "target": s.target,
            "face_up": list(s.face_up), "trump": s.trump, "hand_value": s.value,
            "raises": list(s.raises), "kaisers": [{"player": p, "card": c} for p, c in s.kaisers],
            "pending": None if s.pending is None else {
                "player": s.pending.seat, "amount": s.pending.amount, "card": s.pending.card},
            "passes": s.passes, "leader": s.leader,
            "trick": [{"player": p, "card": c} for p, c in s.trick],
            "last_trick": verdicts,
            "last_trick_winner": s.trick_winners[-1] if s.trick_winners else None,
            "tricks_won": {"A": s.tricks_won[0], "B": s.tricks_won[1]},
            "hand_sizes": list(s.hand_sizes), "discarded": [d is not None for d in s.discards],
            "hand_result": None if result is None else {
                "team": TEAMS[result.team], "points": result.points, "by": result.by},
            "team_scores": {"A": s.scores[0], "B": s.scores[1]}, "marks": marks(s),
            "known_hands": s.known,
        }
        if player is not None and 0 <= player < SEATS:
            hand, discards = s.hands[player], s.discards[player]
            out["hand"] = None if hand is None else list(hand)
            out["my_discards"] = None if discards is None else list(discards)
            out["legal"] = [self.dump_action(a) for a in self.legal_actions(s, player)]
        return out

    def table_info(self, s: KaiserState) -> dict[str, Any]:
        """The table's pack, the same for every seat: each card's names and the physical card it
        stands for, the cards the dealer leaves in the box (kept out of :meth:`view`, which
        names only cards a seat may see)."""
        return pack_info(s.pack, s.size)

    def table_deck(self, s: KaiserState) -> str:
        """The logical pack this table plays with: 40 or 48 cards."""
        return KAISER48 if s.size == 48 else KAISER40

    def camera_deck(self, s: KaiserState) -> str | None:
        """The deck a camera reads at this table: a French pack is read as French cards (the
        logical codes are the French ones); the other packs are not read yet."""
        return FRENCH54 if s.pack == "french" else None

    def scan_kind(self, s: KaiserState) -> str:
        """What a card seen by the camera means now: a face-up card entered, or a card played."""
        return "reveal" if s.phase == "reveal" else "play"

    def dump_state(self, s: KaiserState) -> dict[str, Any]:
        """Everything, as JSON-ready data."""
        return ks.dump_state(s)

    def load_state(self, d: Mapping[str, Any]) -> KaiserState:
        """Inverse of :meth:`dump_state`."""
        return ks.load_state(d)

    def dump_action(self, a: Action) -> dict[str, Any]:
        """An action as JSON-ready data."""
        return ks.dump_action(a)

    def load_action(self, d: Mapping[str, Any]) -> Action:
        """Parse an action; a malformed one raises IllegalAction."""
        return ks.load_action(d)


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
    for other in range(SEATS):
        if other != player and card in s.shown(other):
            raise bad("card_seen",
                      f"{card_label(card)} is seat {other + 1}'s: everybody saw it dealt or shown to him.",
                      f"{card_label(card)} è del posto {other + 1}: tutti l'hanno vista data o mostrata.")


def _holdable(s: KaiserState, player: int) -> list[str]:
    """The cards ``player`` may hold now: his hand, or every card not seen elsewhere."""
    hand = s.hands[player]
    played = s.played()
    if hand is not None:
        return [c for c in hand if c not in played]
    elsewhere = set(played)
    for other in range(SEATS):
        if other != player:
            elsewhere |= s.shown(other)
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


RULES = Kaiserspiel()
