"""Il Diavolo (seed 003, shared/rules/diavolo.md): reach exactly 15 with the tarot; the Devil saves.

Every deal starts with an ante from everybody into the pot and one card each.
Then, in speaking order (the dealer last), each player still in asks (pays one
unit, takes a card) or withdraws for good. A new card that is the Devil (T15) or
brings a total to exactly 15 takes the whole pot at once. If everybody withdraws,
the pot stays for the next deal. Busting is secret: nobody is told, nobody is
removed. Figures count ½, so totals are exact fractions.

The pot is indivisible (DECISION D9): while one is on the table the next dealer is
offered one more deal; if the table ends the evening anyway, each player takes back
exactly what he paid into that pot (antes and asks since it was last won).

Cards can be known to the engine (dealt by the app, or given by a scenario) or not
(a real deck on a real table): then the engine runs the pot, the order and the
payments, and the winner declares, showing his cards to be checked.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..cards import TAROT78, normalise_code
from ..engine import IllegalAction, Outcome, SetupError, cannot_hold_json, chosen_seat, read_options
from .state import (
    _CARDS,
    DEVIL,
    OPTIONS,
    Action,
    Ask,
    Continue,
    Deal,
    Declare,
    DiavoloState,
    End,
    Note,
    Withdraw,
    _add,
    _give,
    _next_speaker,
    _win,
    passed,
    points,
    said_no_15,
    total,
    wins,
)


def _bad(rule: str, en: str, it: str) -> IllegalAction:
    return IllegalAction(f"diavolo.{rule}", en, it)


class Diavolo:
    """The Diavolo rules engine (2-10 players)."""

    name = "diavolo"
    deck = TAROT78
    seats = range(2, 11)

    # ---- setting up -------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> DiavoloState:
        """The first deal, its dealer drawn by lot; option ``dealer``: the seat the players'
        own lot chose at a real table."""
        stake, mode = read_options("Diavolo", players, self.seats, options, OPTIONS)
        dealer = random.Random(seed).randrange(players)
        chosen = options.get("dealer")
        if chosen is not None:
            dealer = chosen_seat("dealer", chosen, players)
        return self._deal(self._empty(players, stake, mode == "known", seed, dealer,
                                      (0,) * players, 0), None)

    def from_setup(self, players: int, stake: int, dealer: int, deck: Sequence[str],
                   balances: Sequence[int], pot: int,
                   pot_paid: Sequence[int] | None = None) -> DiavoloState:
        """A first deal given card by card (scenarios). ``pot_paid``: who paid the pot carried
        in, chip by chip (D9); without it nobody's share of that pot is on record."""
        if players not in self.seats:
            raise SetupError("Diavolo is played by 2 to 10 players")
        paid = tuple(int(n) for n in pot_paid) if pot_paid is not None else (0,) * players
        if len(paid) != players or any(n < 0 for n in paid) or sum(paid) > pot:
            raise SetupError("pot_paid gives each player's chips in the pot: never more than the pot")
        cards = tuple(normalise_code(c) for c in deck)
        if any(c not in _CARDS for c in cards) or len(set(cards)) != len(cards):
            raise SetupError("the deck holds unknown or repeated tarot cards")
        if len(cards) < players:
            raise SetupError("the deck must hold at least one card for every player")
        state = replace(self._empty(players, stake, True, 0, dealer, tuple(balances), pot), pot_paid=paid)
        return self._deal(state, cards, rotate=False)

    @staticmethod
    def _empty(players: int, stake: int, known: bool, seed: int, dealer: int,
               balances: tuple[int, ...], pot: int) -> DiavoloState:
        return DiavoloState(
            players=players, stake=stake, known=known, seed=seed, deal_no=0, dealer=dealer,
            deck=(), deck_size=0, phase="await_deal", pot=pot, balances=balances, start=balances,
            start_pot=pot, cards=(None,) * players, counts=(0,) * players, paid=(0,) * players,
            withdrawn=(False,) * players, turn=None, pot_paid=(0,) * players, pot_asks=(0,) * players,
        )

    def _deal(self, s: DiavoloState, deck: Sequence[str] | None, rotate: bool = True) -> DiavoloState:
        """Antes, one card each in speaking order, the Devil on a first card (§3)."""
        dealer = (s.dealer + 1) % s.players if rotate and s.deal_no else s.dealer
        if s.known:
            if deck is None:
                cards = list(_CARDS)
                random.Random(f"{s.seed}/{s.deal_no + 1}").shuffle(cards)
                deck = cards
            pile: tuple[str, ...] = tuple(deck)
            size = len(pile)
        else:
            pile, size = (), len(_CARDS)
        s = replace(s, deal_no=s.deal_no + 1, dealer=dealer, phase="offer", round=1,
                    deal_winner=None, won=0, pot=s.pot + s.stake * s.players,
                    balances=tuple(b - s.stake for b in s.balances), paid=(1,) * s.players,
                    pot_paid=tuple(n + s.stake for n in s.pot_paid),
                    withdrawn=(False,) * s.players, counts=(0,) * s.players,
                    passed=(False,) * s.players,
                    cards=tuple(() if s.known else None for _ in range(s.players)),
                    deck=pile, deck_size=size)
        order = s.speaking()
        for p in order:
            s = _give(s, p)
            if s.known and s.cards[p] and s.cards[p][-1] == DEVIL:  # type: ignore[index]
                return _win(s, p)
        return replace(s, turn=order[0])

    # ---- whose turn -------------------------------------------------------
    def to_act(self, s: DiavoloState) -> frozenset[int]:
        """The player to speak; between deals, the next dealer (who deals, or ends the evening:
        with a pot on the table the app offers one more deal first, D9)."""
        if s.phase == "offer":
            return frozenset() if s.turn is None else frozenset({s.turn})
        if s.phase == "await_deal":
            return frozenset({(s.dealer + 1) % s.players})
        return frozenset()

    def legal_actions(self, s: DiavoloState, player: int) -> list[Action]:
        """Ask (while the pile lasts) or withdraw; between deals, deal (offered first: with a pot
        on the table the evening should go on until a deal wins it, D9) or end the evening."""
        if player not in self.to_act(s):
            return []
        if s.phase == "await_deal":
            return [Deal(player), End(player)]
        actions: list[Action] = [Withdraw(player)]
        if s.checking:
            actions.insert(0, Continue(player))
        elif s.deck_size > 0:
            actions.insert(0, Ask(player))
        return actions

    # ---- checking ---------------------------------------------------------
    def check(self, s: DiavoloState, a: Action) -> None:
        """Raise IllegalAction unless ``a`` is legal in ``s``."""
        if not 0 <= a.player < s.players:
            raise _bad("seat", "There is no such player at this table.",
                       "Non c'è un giocatore con quel posto.")
        if s.phase == "over":
            raise _bad("game_over", "The evening is over.", "La serata è finita.")
        if isinstance(a, End):
            self._check_end(s, a)
            return
        if isinstance(a, Deal):
            if s.phase != "await_deal":
                raise _bad("deal_running", "The deal is still being played.",
                           "La mano è ancora in corso.")
            if a.player not in self.to_act(s):
                dealer = (s.dealer + 1) % s.players
                raise _bad("not_dealer", f"Seat {dealer + 1} deals the next hand (DECISION D5).",
                           f"La prossima mano la distribuisce il posto {dealer + 1} (DECISIONE D5).")
            if isinstance(a, Deal) and a.deck is not None and (
                    any(c not in _CARDS for c in a.deck) or len(set(a.deck)) != len(a.deck)
                    or len(a.deck) < s.players):
                raise _bad("bad_deck", "That deck holds unknown or repeated cards.",
                           "Quel mazzo contiene carte sconosciute o ripetute.")
            return
        if s.phase != "offer":
            raise _bad("deal_over", "This deal is over: wait for the next deal.",
                       "Questa mano è finita: aspetta la prossima.")
        if s.withdrawn[a.player]:
            raise _bad("withdrawn", "You have withdrawn from this deal: you play again in the next one.",
                       "Hai lasciato questa mano: rientri alla prossima.")
        if isinstance(a, Declare):
            self._check_declare(s, a)
            return
        if isinstance(a, Note):
            self._check_note(s, a)
            return
        if a.player != s.turn:
            raise _bad("not_your_turn", "It is not your turn to speak.", "Non tocca a te parlare.")
        if isinstance(a, Continue) and not s.checking:
            raise _bad("nothing_to_check", "Ask for a card or withdraw.", "Chiedi una carta o ritirati.")
        if isinstance(a, Ask) and s.checking:
            raise _bad("check_first", "Look at your new card first: enter it, or say it makes no 15.",
                       "Prima guarda la nuova carta: indicala, o di' che non fa 15.")
        if isinstance(a, Ask) and s.deck_size == 0:
            raise _bad("empty_pile", "The pile is empty: you can only withdraw (DECISION D4).",
                       "Il mazzo è finito: puoi solo ritirarti (DECISIONE D4).")

    def _check_end(self, s: DiavoloState, a: End) -> None:
        """The evening ends between deals, by the next dealer (DECISION D9)."""
        if s.phase != "await_deal":
            raise _bad("end_mid_deal", "The evening ends only between deals: finish this deal first "
                       "(DECISION D9).",
                       "La serata si chiude solo tra una mano e l'altra: prima finite questa mano "
                       "(DECISIONE D9).")
        if a.player not in self.to_act(s):
            dealer = (s.dealer + 1) % s.players
            raise _bad("end_not_dealer", f"Seat {dealer + 1}, the next dealer, chooses between dealing "
                       "the next hand and ending the evening (DECISION D9).",
                       f"Sceglie il posto {dealer + 1}, il prossimo mazziere: distribuire la prossima mano "
                       "o chiudere la serata (DECISIONE D9).")

    def _check_note(self, s: DiavoloState, a: Note) -> None:
        if s.known:
            raise _bad("note_known", "The app dealt your cards: it knows them already.",
                       "Le carte le ha date l'app: le conosce già.")
        noted = s.cards[a.player] or ()
        if len(noted) >= s.counts[a.player]:
            raise _bad("note_too_many", f"You have received {s.counts[a.player]} cards, all entered.",
                       f"Hai ricevuto {s.counts[a.player]} carte, tutte già indicate.")
        if a.card not in _CARDS:
            raise _bad("unknown_card", f"{a.card} is not a tarot card.",
                       f"{a.card} non è una carta dei tarocchi.")
        if a.card in noted:
            raise _bad("note_twice", "You have already entered that card.", "Hai già indicato quella carta.")

    def _check_declare(self, s: DiavoloState, a: Declare) -> None:
        if passed(s, a.player):
            raise _bad("late_claim",
                       "You said your new card makes no 15: a win is announced as the card arrives. "
                       "Ask for another card or withdraw.",
                       "Hai detto che la nuova carta non fa 15: la vincita si annuncia appena arriva la "
                       "carta. Chiedi un'altra carta o ritirati.")
        noted = s.cards[a.player] or ()
        if any(c not in a.cards for c in noted):
            raise _bad("declare_noted", "Show the cards you entered, with the others.",
                       "Mostra le carte che hai indicato, insieme alle altre.")
        if s.known:
            raise _bad("declare_known", "The app knows the cards: a win is declared by itself.",
                       "L'app conosce le carte: la vittoria si dichiara da sola.")
        if len(a.cards) != s.counts[a.player] or len(set(a.cards)) != len(a.cards) \
                or any(c not in _CARDS for c in a.cards):
            raise _bad("declare_count",
                       f"Show all your {s.counts[a.player]} cards, each once.",
                       f"Mostra tutte le tue {s.counts[a.player]} carte, una volta ciascuna.")
        if not wins(a.cards):
            shown = points(total(a.cards))
            raise _bad("declare_not_15",
                       f"These cards make {shown}, not 15, and hold no Devil.",
                       f"Queste carte fanno {shown}, non 15, e non c'è il Diavolo.")

    # ---- applying ---------------------------------------------------------
    def apply(self, s: DiavoloState, a: Action) -> DiavoloState:
        """Check ``a`` and return the new state."""
        self.check(s, a)
        if isinstance(a, Deal):
            return self._deal(s, a.deck)
        if isinstance(a, End):
            # DECISION D9: the pot is indivisible and never split; each player takes back exactly
            # what he paid into it since it was last won. A pot carried in from before the app's
            # record with nobody's share known stays on the table for the players to settle.
            back = s.pot_paid
            balances = tuple(b + r for b, r in zip(s.balances, back, strict=True))
            return replace(s, phase="over", turn=None, pot=s.pot - sum(back), balances=balances,
                           refunded=back, refunded_asks=s.pot_asks,
                           pot_paid=(0,) * s.players, pot_asks=(0,) * s.players)
        if isinstance(a, Declare):
            cards = list(s.cards)
            cards[a.player] = a.cards
            return _win(replace(s, cards=tuple(cards)), a.player)
        if isinstance(a, Note):
            cards = list(s.cards)
            noted = (cards[a.player] or ()) + (a.card,)
            cards[a.player] = noted
            s = replace(s, cards=tuple(cards))
            # Once the app knows every card he holds, an exact 15 or the Devil declares itself;
            # unless he has said already that these cards make no 15: then the cards prove a
            # win not announced in time, which the table is told of, and he plays on (§3.5).
            if len(noted) == s.counts[a.player] and wins(noted):
                if passed(s, a.player):
                    return replace(s, missed=(*s.missed, (a.player, s.deal_no)))
                return _win(s, a.player)
            if s.checking and a.player == s.turn and len(noted) == s.counts[a.player]:
                return _next_speaker(replace(s, checking=False), a.player)
            return s
        if isinstance(a, Continue):
            return _next_speaker(replace(s, checking=False, passed=said_no_15(s, a.player, True)), a.player)
        if isinstance(a, Withdraw):
            withdrawn = list(s.withdrawn)
            withdrawn[a.player] = True
            s = replace(s, withdrawn=tuple(withdrawn), checking=False)
            if all(withdrawn):  # D3: nobody wins; the pot stays for the next deal
                return replace(s, phase="await_deal", turn=None,
                               history=(*s.history, (s.deal_no, -1, s.pot, False)))
            return _next_speaker(s, a.player)
        paid = list(s.paid)
        paid[a.player] += 1
        s = replace(s, pot=s.pot + s.stake, paid=tuple(paid),
                    balances=_add(s.balances, a.player, -s.stake),
                    pot_paid=_add(s.pot_paid, a.player, s.stake),
                    pot_asks=_add(s.pot_asks, a.player, s.stake))
        s = _give(s, a.player)
        if not s.known:
            return replace(s, checking=True)
        hand = s.cards[a.player]
        if hand is not None and wins(hand):
            return _win(s, a.player)
        return _next_speaker(s, a.player)

    # ---- the end ----------------------------------------------------------
    def outcome(self, s: DiavoloState) -> Outcome | None:
        """At the end of the evening: balances; payouts are the changes since it began."""
        if s.phase != "over":
            return None
        top = max(s.balances)
        payouts = tuple(b - a for b, a in zip(s.balances, s.start, strict=True))
        # A pot carried in from before the evening and won tonight makes the changes sum to
        # that pot, not zero: then the balances alone are the result.
        return Outcome(scores=s.balances, winners=tuple(i for i, b in enumerate(s.balances) if b == top),
                       payouts=payouts if sum(payouts) == 0 else ())

    def private(self, s: DiavoloState, player: int) -> bool:
        """Every seat's cards are his own (dealt by the app, or entered by him): only his phone acts."""
        return True

    def can_undo(self, s: DiavoloState, a: Action) -> bool:
        """A card once given is seen by its player: only a withdrawal can be taken back."""
        return isinstance(a, Withdraw) and s.phase == "offer"

    def cannot_hold(self, s: DiavoloState, player: int) -> frozenset[str]:
        """Nothing: a card a player holds is his own, seen by nobody else until the deal's
        winner shows his to be checked, and a new deal draws from the whole deck again."""
        return frozenset()

    # ---- views and JSON ---------------------------------------------------
    def view(self, s: DiavoloState, player: int | None) -> dict[str, Any]:
        """Public: the pot, who is in, cards held and paid. A seat sees his own cards and total."""
        out: dict[str, Any] = {
            "phase": s.phase, "deal": s.deal_no, "dealer": s.dealer, "round": s.round,
            "to_act": sorted(self.to_act(s)), "pot": s.pot, "balances": list(s.balances),
            "counts": list(s.counts), "paid": list(s.paid), "withdrawn": list(s.withdrawn),
            "deal_winner": s.deal_winner, "won": s.won, "deck_size": s.deck_size, "stake": s.stake,
            "checking": s.checking,
            "passed": list(s.passed),  # said aloud: "my new card makes no 15"
            "known_hands": s.known,
            "last": _last_won(s),
            "history": [{"deal": d, "winner": None if w < 0 else w, "pot": n, "devil": v}
                        for d, w, n, v in s.history],
            "pot_paid": list(s.pot_paid), "pot_asks": list(s.pot_asks), "refunded": list(s.refunded),
            "refunded_asks": list(s.refunded_asks),
            "cannot_hold": cannot_hold_json(self, s, s.players),
        }
        if s.deal_winner is not None and s.cards[s.deal_winner] is not None:
            out["winner_cards"] = list(s.cards[s.deal_winner] or ())  # shown to be checked
        if player is not None and 0 <= player < s.players:
            hand = s.cards[player]
            out["cards"] = None if hand is None else list(hand)
            out["total"] = None if hand is None else float(total(hand))
            out["legal"] = [self.dump_action(a) for a in self.legal_actions(s, player)]
            # One tarot has one of each card: a card this player entered that the deal's winner
            # shows too proves one of the two entries wrong. Said to him alone: his hand is his.
            shown = s.cards[s.deal_winner] if s.deal_winner is not None and s.deal_winner != player else None
            clashes = [c for c in hand or () if c in (shown or ())] if not s.known else []
            if clashes:
                out["clashes"] = clashes
        return out

    def dump_state(self, s: DiavoloState) -> dict[str, Any]:
        """Everything, as JSON-ready data."""
        return {
            "players": s.players, "stake": s.stake, "known": s.known, "seed": s.seed,
            "deal_no": s.deal_no, "dealer": s.dealer, "deck": list(s.deck), "deck_size": s.deck_size,
            "phase": s.phase, "pot": s.pot, "balances": list(s.balances), "start": list(s.start),
            "start_pot": s.start_pot, "cards": [None if c is None else list(c) for c in s.cards],
            "counts": list(s.counts), "paid": list(s.paid), "withdrawn": list(s.withdrawn),
            "turn": s.turn, "round": s.round, "deal_winner": s.deal_winner, "won": s.won,
            "checking": s.checking, "passed": list(s.passed), "missed": [list(m) for m in s.missed],
            "history": [list(h) for h in s.history],
            "pot_paid": list(s.pot_paid), "pot_asks": list(s.pot_asks), "refunded": list(s.refunded),
            "refunded_asks": list(s.refunded_asks),
        }

    def load_state(self, d: Mapping[str, Any]) -> DiavoloState:
        """Inverse of :meth:`dump_state`."""
        return DiavoloState(
            players=int(d["players"]), stake=int(d["stake"]), known=bool(d["known"]),
            seed=int(d["seed"]), deal_no=int(d["deal_no"]), dealer=int(d["dealer"]),
            deck=tuple(d["deck"]), deck_size=int(d["deck_size"]), phase=d["phase"], pot=int(d["pot"]),
            balances=tuple(d["balances"]), start=tuple(d["start"]), start_pot=int(d["start_pot"]),
            cards=tuple(None if c is None else tuple(c) for c in d["cards"]),
            counts=tuple(d["counts"]), paid=tuple(d["paid"]), withdrawn=tuple(d["withdrawn"]),
            turn=d["turn"], round=int(d["round"]), deal_winner=d["deal_winner"], won=int(d.get("won", 0)),
            checking=bool(d.get("checking", False)),
            passed=tuple(bool(b) for b in d.get("passed", ())),
            missed=tuple((int(p), int(n)) for p, n in d.get("missed", ())),
            history=tuple((int(a), int(b), int(c), bool(e)) for a, b, c, e in d.get("history", ())),
            pot_paid=tuple(int(n) for n in d.get("pot_paid", (0,) * int(d["players"]))),
            pot_asks=tuple(int(n) for n in d.get("pot_asks", (0,) * int(d["players"]))),
            refunded=tuple(int(n) for n in d.get("refunded", ())),
            refunded_asks=tuple(int(n) for n in d.get("refunded_asks", ())),
        )

    def scan_kind(self, s: DiavoloState) -> str:
        """A card the camera reads is a card a player notes, privately, as one he holds."""
        return "note"

    def dump_action(self, a: Action) -> dict[str, Any]:
        """JSON form of an action."""
        kinds = {Ask: "ask", Withdraw: "withdraw", Declare: "declare", Note: "note",
                 Continue: "continue", Deal: "deal", End: "end"}
        out: dict[str, Any] = {"type": kinds[type(a)], "player": a.player}
        if isinstance(a, Note):
            out["card"] = a.card
        if isinstance(a, Declare):
            out["cards"] = list(a.cards)
        if isinstance(a, Deal) and a.deck is not None:
            out["deck"] = list(a.deck)
        return out

    def load_action(self, d: Mapping[str, Any]) -> Action:
        """Parse an action; a malformed one raises IllegalAction."""
        player = d.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise _bad("malformed", "The action names no player.", "L'azione non indica il giocatore.")
        kind = d.get("type")
        if kind == "ask":
            return Ask(player)
        if kind == "withdraw":
            return Withdraw(player)
        if kind == "end":
            return End(player)
        if kind == "continue":
            return Continue(player)
        if kind == "note" and isinstance(d.get("card"), str):
            return Note(player, normalise_code(d["card"]))
        if kind == "declare" and isinstance(d.get("cards"), list):
            return Declare(player, tuple(normalise_code(str(c)) for c in d["cards"]))
        if kind == "deal":
            deck = d.get("deck")
            return Deal(player, None if deck is None else tuple(normalise_code(str(c)) for c in deck))
        raise _bad("unknown_action", "In Diavolo you ask for a card or withdraw: there is no stand.",
                   "Nel Diavolo chiedi una carta o ti ritiri: non si sta.")


RULES = Diavolo()


def _last_won(s: DiavoloState) -> dict[str, Any] | None:
    """The deal before this one, if somebody won it: for whoever looked away as it ended."""
    if not s.history or s.history[-1][0] != s.deal_no - 1 or s.history[-1][1] < 0:
        return None
    _, winner, pot, devil = s.history[-1]
    return {"winner": winner, "won": pot, "devil": devil}
