"""Insonnia's refusals (shared/rules/insonnia.md §7), each with a sentence in English and Italian.

A ``play`` is checked as one unit, placement after placement on a scratch copy
of the table: the first placement that breaks a rule refuses the whole turn,
and the refusal names it (its number, card and slot).
"""

from __future__ import annotations

from collections import Counter
from typing import NoReturn, Protocol

from ..cards import card_name
from .legal import all_in_sight, can_start, holdable, singles, visible
from .runs import (
    CONFUSED,
    FENCE,
    FENCE_SLOTS,
    SLOTS,
    Run,
    clashes,
    fence_fits,
    is_open,
    removable,
)
from .state import (
    Action,
    Concentrate,
    EndTurn,
    Guess,
    InsonniaState,
    Pass,
    Placement,
    PlacementRefused,
    Play,
    Reshuffle,
    StartRun,
    bad,
)


class _Refuse(Protocol):
    """The shape of the ``refuse`` closure of :func:`play_runs`."""

    def __call__(self, rule: str, en: str, it: str) -> NoReturn: ...


def name(s: InsonniaState, code: str, lang: str) -> str:
    """A card's name for players (the code itself when it is no card of this deck)."""
    if s.cards.kind(code) is None:
        return code
    return card_name(s.cards.cards_deck, code, lang)


def check(s: InsonniaState, a: Action) -> None:
    """Raise IllegalAction unless ``a`` is legal in ``s``."""
    if not 0 <= a.player < s.players:
        raise bad("seat", "There is no such player at this table.", "Non c'è un giocatore con quel posto.")
    if s.phase == "over":
        raise bad("game_over", "The game is over.", "La partita è finita.")
    if isinstance(a, Reshuffle):
        check_reshuffle(s, a)
        return
    if s.phase == "reshuffle":
        raise bad("reshuffle_first", "The pile is empty: shuffle the discards into a new pile first.",
                  "Il mazzo è finito: prima mescola gli scarti per fare un nuovo mazzo.")
    if a.player != s.turn:
        raise bad("not_your_turn", f"It is not your turn: seat {s.turn + 1} plays now.",
                  f"Non tocca a te: ora gioca il posto {s.turn + 1}.")
    if isinstance(a, Play):
        play_runs(s, a)
    elif isinstance(a, StartRun):
        _check_start(s, a)
    elif isinstance(a, Concentrate | Guess):
        _check_removal(s, a)
    elif isinstance(a, Pass):
        _check_pass(s, a)
    elif isinstance(a, EndTurn) and s.phase != "continue":
        raise bad("end_turn", "You can end the turn without playing only after a successful guess.",
                  "Puoi finire il turno senza giocare solo dopo aver indovinato.")


def _not_first_turn(s: InsonniaState) -> None:
    if s.phase == "first_turn":
        raise bad("first_turn", "On the first turn each player only lays one numbered sheep in front "
                  "of themselves (start a run).",
                  "Al primo turno ognuno mette solo una pecora numerata davanti a sé (inizia una serie).")


def _after_guess(s: InsonniaState) -> None:
    if s.phase == "continue":
        raise bad("after_guess", "You guessed right and your turn goes on: play sheep, start a new run "
                  "if you have no incomplete run, or end your turn at no cost.",
                  "Hai indovinato e il turno continua: gioca pecore, inizia una nuova serie se non hai "
                  "serie incomplete, o finisci il turno senza penalità.")


def _holding_problem(s: InsonniaState, player: int, code: str, used: int) -> tuple[str, str] | None:
    """Why the player cannot lay ``used`` copies of ``code`` (None when he can)."""
    hand = s.hands[player]
    en, it = name(s, code, "en"), name(s, code, "it")
    if hand is not None:
        if hand.count(code) < used:
            if used > 1:
                return f"you hold no other {en}", f"non hai un'altra copia di {it}"
            return f"you do not hold the {en}", f"non hai in mano {it}"
        return None
    if used > s.cards.copies[code] - visible(s)[code]:
        return (f"every {en} of the deck is already in sight", f"ogni {it} del mazzo è già in vista")
    return None


def _where(p: Placement, player: int, lang: str) -> str:
    if lang == "it":
        if p.owner == player:
            return f"casella {p.slot} della tua serie {p.run + 1}"
        return f"casella {p.slot} della serie {p.run + 1} del posto {p.owner + 1}"
    whose = "your run" if p.owner == player else f"seat {p.owner + 1}'s run"
    return f"slot {p.slot} of {whose} {p.run + 1}"


def play_runs(s: InsonniaState, a: Play) -> tuple[tuple[Run, ...], ...]:
    """Check a ``play`` as one unit and return the runs it leaves (§4.2 a)."""
    _not_first_turn(s)
    if not a.placements:
        raise bad("empty_play", "Say which cards you lay.", "Indica quali carte metti in tavola.")
    if not s.known and len(a.placements) > s.hand_sizes[a.player]:
        k = s.hand_sizes[a.player]
        raise bad("too_many", f"You hold {k} card(s): you cannot lay {len(a.placements)}.",
                  f"Hai {k} carte in mano: non puoi metterne {len(a.placements)}.")
    deck = s.cards
    runs = [list(r) for r in s.runs]
    used: Counter[str] = Counter()
    chain: list[Placement] = []
    for i, p in enumerate(a.placements):
        def refuse(rule: str, en: str, it: str, i: int = i, p: Placement = p) -> NoReturn:
            raise PlacementRefused(
                rule, f"Card {i + 1} ({name(s, p.card, 'en')}, {_where(p, a.player, 'en')}): {en}.",
                f"Carta {i + 1} ({name(s, p.card, 'it')}, {_where(p, a.player, 'it')}): {it}.",
                i, p.card, p.slot)

        kind = deck.kind(p.card)
        if kind is None:
            refuse("unknown_card", "that is not a card of this deck", "non è una carta di questo mazzo")
        used[p.card] += 1
        problem = _holding_problem(s, a.player, p.card, used[p.card])
        if problem:
            refuse("not_in_hand", *problem)
        if not 0 <= p.owner < s.players or not 0 <= p.run < len(runs[p.owner]):
            refuse("no_run", "there is no such run", "quella serie non esiste")
        if p.slot not in SLOTS:
            refuse("slot_range", "a run has slots 1 to 10 only", "una serie ha solo le caselle da 1 a 10")
        run = runs[p.owner][p.run]
        taken = run.at(p.slot)
        if taken is not None:
            refuse("slot_taken", f"slot {p.slot} already holds the {name(s, taken, 'en')}",
                   f"la casella {p.slot} è già occupata ({name(s, taken, 'it')})")
        if kind.role == FENCE:
            _check_fence(s, a, run, p, refuse)
        elif kind.role == CONFUSED:
            if p.owner == a.player:
                refuse("confused_own", "confused sheep go only on other players' runs",
                       "le pecore confuse vanno solo sulle serie degli altri")
            if not is_open(deck, run, p.slot):
                refuse("not_open", f"slot {p.slot} is not open: a confused sheep goes next to a sheep or a "
                       "fence, never beyond another confused sheep",
                       f"la casella {p.slot} non è aperta: una pecora confusa va accanto a una pecora o a "
                       "un recinto, mai oltre un'altra pecora confusa")
        else:
            if kind.number != p.slot:
                refuse("wrong_slot", f"a {kind.number} goes only in slot {kind.number}",
                       f"un {kind.number} va solo nella casella {kind.number}")
            _check_chain(s, chain, run, p, refuse)
            chain.append(p)
        runs[p.owner][p.run] = run.put(p.slot, p.card)
    return tuple(tuple(r) for r in runs)


def _check_fence(s: InsonniaState, a: Play, run: Run, p: Placement, refuse: _Refuse) -> None:
    if len(a.placements) > 1:
        refuse("fence_alone", "a fence is the only card of its turn, with nothing before or after it",
               "un recinto è l'unica carta del turno: niente prima né dopo")
    if s.phase == "continue":
        refuse("fence_alone", "a fence is the only card of its turn, and the sheep you guessed right is "
               "already this turn's card",
               "un recinto è l'unica carta del turno, e la pecora che hai indovinato è già la carta di "
               "questo turno")
    if p.slot not in FENCE_SLOTS:
        refuse("fence_slot", "a fence stands only in slots 2 to 9 (not before the 2 nor after the 9)",
               "un recinto sta solo nelle caselle da 2 a 9 (non prima del 2 né dopo il 9)")
    if not is_open(s.cards, run, p.slot):
        refuse("not_open", f"slot {p.slot} is not open: it is not next to a sheep",
               f"la casella {p.slot} non è aperta: non è accanto a una pecora")
    if not fence_fits(s.cards, run, p.slot):
        refuse("fence_next_to_fence", "a fence may not stand next to another fence (DECISION I6)",
               "un recinto non può stare accanto a un altro recinto (DECISIONE I6)")


def _check_chain(s: InsonniaState, chain: list[Placement], run: Run, p: Placement, refuse: _Refuse) -> None:
    if not chain:
        if not is_open(s.cards, run, p.slot):
            refuse("not_open", f"slot {p.slot} is not open: a chain starts next to a sheep or a fence, "
                   "never beyond a confused sheep",
                   f"la casella {p.slot} non è aperta: una sequenza parte accanto a una pecora o a un "
                   "recinto, mai oltre una pecora confusa")
    else:
        last = chain[-1]
        if (p.owner, p.run) != (last.owner, last.run):
            refuse("chain_one_run", "the sheep of one turn make a single chain on a single run",
                   "le pecore di un turno formano una sola sequenza su una sola serie")
        # Turning back would land on the chain's own previous sheep: "slot taken" says so.
        if abs(p.slot - last.slot) != 1:
            if len(chain) >= 2:  # the chain has a direction already: it goes on that way
                step = last.slot - chain[-2].slot
                way_en, way_it = ("upwards", "verso l'alto") if step > 0 else ("downwards", "verso il basso")
                refuse("chain_gap", f"the chain goes one way only, {way_en}, one slot at a time: after "
                       f"slot {last.slot} comes slot {last.slot + step}",
                       f"la sequenza va in un solo verso, {way_it}, una casella alla volta: dopo la "
                       f"casella {last.slot} viene la {last.slot + step}")
            # only the slots beside it that are still empty: a sheep already there is no way on
            free = [n for n in (last.slot - 1, last.slot + 1) if 1 <= n <= 10 and run.at(n) is None]
            if not free:
                refuse("chain_gap", f"the chain cannot go on from slot {last.slot}: the slots beside it "
                       "are taken",
                       f"la sequenza non può continuare dalla casella {last.slot}: le caselle accanto "
                       "sono occupate")
            refuse("chain_gap", f"the chain is not consecutive: after slot {last.slot} comes slot "
                   + " or ".join(str(n) for n in free),
                   f"la sequenza non è consecutiva: dopo la casella {last.slot} viene la "
                   + " o la ".join(str(n) for n in free))
    if s.variant == "rainbow" and clashes(s.cards, run, p.slot, p.card):
        refuse("rainbow", "in Rainbow a sheep may not lie next to a sheep of its own colour",
               "nell'Arcobaleno una pecora non può stare accanto a una pecora del suo colore")


def _check_start(s: InsonniaState, a: StartRun) -> None:
    kind = s.cards.kind(a.card)
    if kind is None or kind.role != "sheep":
        raise bad("start_sheep", "A run starts with one numbered sheep: no fence, no confused sheep.",
                  "Una serie inizia con una pecora numerata: niente recinti né pecore confuse.")
    if not s.known and s.hand_sizes[a.player] == 0:
        raise bad("empty_hand", "Your hand is empty.", "Hai la mano vuota.")
    problem = _holding_problem(s, a.player, a.card, 1)
    if problem:
        raise bad("not_in_hand", problem[0][0].upper() + problem[0][1:] + ".",
                  problem[1][0].upper() + problem[1][1:] + ".")
    if not can_start(s, a.player):
        raise bad("start_incomplete", "You may start a new run only when you have no incomplete run "
                  "(DECISION I7).",
                  "Puoi iniziare una nuova serie solo se non hai serie incomplete (DECISIONE I7).")


def _check_removal(s: InsonniaState, a: Concentrate | Guess) -> None:
    _not_first_turn(s)
    _after_guess(s)
    if a.owner != a.player:
        raise bad("not_your_run", "You can deal only with confused sheep in your own runs.",
                  "Puoi occuparti solo delle pecore confuse nelle tue serie.")
    runs = s.runs[a.player]
    if not 0 <= a.run < len(runs) or a.slot not in SLOTS:
        raise bad("no_run", "There is no such run or slot.", "Quella serie o casella non esiste.")
    if not removable(s.cards, s.variant, runs[a.run], a.slot):
        also_en = " nor a sheep of another colour" if s.variant == "family" else ""
        also_it = " né una pecora di un altro colore" if s.variant == "family" else ""
        raise bad("nothing_to_remove", f"Slot {a.slot} holds no confused sheep{also_en}.",
                  f"Nella casella {a.slot} non c'è una pecora confusa{also_it}.")
    if isinstance(a, Guess):
        _check_guess(s, a)


def _check_guess(s: InsonniaState, a: Guess) -> None:
    if s.pile_size == 0 and not s.discard:
        raise bad("empty_pile", "The pile and the discard pile are both empty: there is no card to turn "
                  "over (DECISION I4).",
                  "Il mazzo e gli scarti sono entrambi vuoti: non c'è una carta da scoprire (DECISIONE I4).")
    if s.pile is not None:
        # The app holds the pile and turns its top card itself. Any named card is refused,
        # whatever it is: a refusal only for the wrong one would tell the top of the pile.
        if a.card is not None:
            raise bad("guess_card",
                      "The app turns the top card of the pile itself: guess without naming one.",
                      "L'app scopre da sé la prima carta del mazzo: tenta senza indicarne una.")
        return
    if a.card is None:
        raise bad("guess_card", "Say which card was turned over.", "Indica quale carta è stata scoperta.")
    if s.cards.kind(a.card) is None:
        raise bad("unknown_card", f"{a.card} is not a card of this deck.",
                  f"{a.card} non è una carta di questo mazzo.")
    if s.pile_size == 0:
        # The pile is empty: the discards are shuffled into a new pile first (DECISION I4), so
        # the card turned over is one of them.
        if a.card not in s.discard:
            raise bad("guess_discards",
                      f"The pile is empty, so the card turned over comes from the discards shuffled into a "
                      f"new pile (DECISION I4), and no {name(s, a.card, 'en')} is among them.",
                      f"Il mazzo è finito, quindi la carta scoperta viene dagli scarti mescolati in un nuovo "
                      f"mazzo (DECISIONE I4), e tra loro non c'è {name(s, a.card, 'it')}.")
        return
    if a.card in all_in_sight(s):
        raise bad("card_seen", f"Every {name(s, a.card, 'en')} of the deck is already in sight.",
                  f"Ogni {name(s, a.card, 'it')} del mazzo è già in vista.")


def _check_pass(s: InsonniaState, a: Pass) -> None:
    """A pass is never refused once play has begun (DECISION I10, revised: laying cards is
    optional, and a pass always costs the penalty), not even after a successful guess, where
    ``end_turn`` does the same at no cost. Only the first turn lays one numbered sheep."""
    if s.phase != "first_turn":
        return
    held = holdable(s, a.player)
    if (s.known and any(s.cards.kinds[c].role == "sheep" for c in held)) or (
            not s.known and s.hand_sizes[a.player] > 0):
        raise bad("first_turn", "On the first turn lay one numbered sheep in front of you.",
                  "Al primo turno metti una pecora numerata davanti a te.")


def check_reshuffle(s: InsonniaState, a: Reshuffle) -> None:
    """When a card must be taken from an empty pile (DECISION I4), or early: the player in turn
    may have the discards shuffled as soon as the pile is empty (say, before turning over the
    card of a guess). A known order is the discards, reordered."""
    early = s.phase == "turn" and s.pile_size == 0 and bool(s.discard)
    if s.phase != "reshuffle" and not early:
        raise bad("no_reshuffle", "There is nothing to reshuffle now.", "Ora non c'è niente da rimescolare.")
    if a.player != s.turn:
        raise bad("not_your_turn", f"Seat {s.turn + 1} is drawing: the reshuffle is for that turn.",
                  f"Sta pescando il posto {s.turn + 1}: il rimescolamento è per quel turno.")
    if a.order is None:
        return
    if not s.known:
        raise bad("reshuffle_order", "Nobody knows the order of a pile shuffled at the table.",
                  "Nessuno conosce l'ordine di un mazzo mescolato al tavolo.")
    if Counter(a.order) != Counter(s.discard):
        raise bad("reshuffle_order", "The new pile must hold exactly the cards of the discard pile.",
                  "Il nuovo mazzo deve contenere esattamente le carte degli scarti.")



def check_card(s: InsonniaState, player: int, code: str) -> None:
    """Could ``player`` lay ``code`` somewhere now, alone? Raise IllegalAction saying why not.

    For a card read by the camera: the phone then takes it as the chosen card, and the
    player taps where it goes (the whole turn is checked when it is confirmed).
    """
    if s.phase == "over":
        raise bad("game_over", "The game is over.", "La partita è finita.")
    if s.phase == "reshuffle":
        raise bad("reshuffle_first", "The pile is empty: shuffle the discards into a new pile first.",
                  "Il mazzo è finito: prima mescola gli scarti per fare un nuovo mazzo.")
    if player != s.turn:
        raise bad("not_your_turn", f"It is not your turn: seat {s.turn + 1} plays now.",
                  f"Non tocca a te: ora gioca il posto {s.turn + 1}.")
    kind = s.cards.kind(code)
    if kind is None:
        raise bad("unknown_card", f"{code} is not a card of this deck.",
                  f"{code} non è una carta di questo mazzo.")
    problem = _holding_problem(s, player, code, 1)
    if problem:
        raise bad("not_in_hand", problem[0][0].upper() + problem[0][1:] + ".",
                  problem[1][0].upper() + problem[1][1:] + ".")
    if s.phase == "first_turn":
        if kind.role != "sheep":
            _not_first_turn(s)
        return
    held = Counter({code: 1})
    if any(True for _ in singles(s, player, held)):
        return
    if kind.role == "sheep" and can_start(s, player):
        return
    raise bad("fits_nowhere", f"The {name(s, code, 'en')} fits in no open slot now.",
              f"{name(s, code, 'it')[0].upper() + name(s, code, 'it')[1:]} non va in nessuna casella "
              "libera adesso.")
