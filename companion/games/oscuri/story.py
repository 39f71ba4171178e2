"""Oscuri's event log as sentences: where each stake went and why, in Italian and English.

Every sentence is read from the engine's own result: how each card answered and where its
stakes went are recorded on the cards of the turn (:class:`~companion.games.oscuri.engine.Placed`),
so the story never works out a turn again and cannot tell another one than the one played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import card_label, suit_of
from .state import ANGELS, DEATHS, Discard, OscuriState, Placed, Play, _suit_name
from .turns import round_from

Line = dict[str, str]


def chips(n: int, lang: str) -> str:
    """``1 chip``, ``2 chips``; ``1 gettone``, ``2 gettoni``."""
    if lang == "it":
        return f"{n} gettone" if n == 1 else f"{n} gettoni"
    return f"{n} chip" if n == 1 else f"{n} chips"


def listed(people: Sequence[str], lang: str) -> str:
    """``Ada``, ``Ada and Bruno``, ``Ada, Bruno and Carla`` (``e`` in Italian)."""
    if len(people) < 2:
        return "".join(people)
    return ", ".join(people[:-1]) + (" e " if lang == "it" else " and ") + people[-1]


def narrate(names: Sequence[str], before: OscuriState, action: Play | Discard,
            after: OscuriState) -> list[Line]:
    """Sentences telling what ``action`` did."""
    who = names[action.player]
    if isinstance(action, Discard):
        told: list[Line] = [{"en": f"{who} puts a card face down.", "it": f"{who} scarta una carta coperta."}]
        return told + (_turn_end(names, before, after) if after.turn > before.turn else [])
    card = card_label(action.card)
    stake = before.stake
    holder = before.trick[before.holder] if before.holder is not None else None
    owner = names[holder.player] if holder else ""
    if action.card in DEATHS and not before.trick:
        owing = [names[p] for p in after.owing]
        if len(owing) == 1:
            lines = [{"en": f"{who} leads Death ({card}): {owing[0]} pays {chips(stake, 'en')} "
                            "and puts a card face down.",
                      "it": f"{who} apre con la Morte ({card}): {owing[0]} paga "
                            f"{chips(stake, 'it')} e scarta una carta coperta."}]
        elif owing:
            lines = [{"en": f"{who} leads Death ({card}): {listed(owing, 'en')} each pay "
                            f"{chips(stake, 'en')} and put a card face down.",
                      "it": f"{who} apre con la Morte ({card}): {listed(owing, 'it')} pagano "
                            f"{chips(stake, 'it')} a testa e scartano una carta coperta."}]
        else:
            lines = [{"en": f"{who} leads Death ({card}): nobody else holds cards.",
                      "it": f"{who} apre con la Morte ({card}): nessun altro ha carte."}]
    elif action.card in DEATHS:
        total = sum(p.stakes for p in before.trick)
        lines = [{"en": f"{who} plays Death ({card}): takes every stake on the table "
                        f"({chips(total, 'en')}); the turn ends.",
                  "it": f"{who} gioca la Morte ({card}): prende tutte le puntate sul tavolo "
                        f"({chips(total, 'it')}); il turno finisce."}]
    elif action.card in ANGELS and not before.trick:
        lines = [{"en": f"{who} leads a Black Angel: no suit yet; any card will take its stake.",
                  "it": f"{who} apre con un Angelo Nero: ancora nessun seme; qualsiasi carta ne "
                        "prende la puntata."}]
    elif action.card in ANGELS:
        taken = holder.stakes if holder else 0
        lines = [{"en": f"{who} plays a Black Angel: takes {chips(taken, 'en')} from {owner}, "
                        "the suit stays.",
                  "it": f"{who} gioca un Angelo Nero: prende {chips(taken, 'it')} da {owner}, "
                        "il seme resta."}]
    else:
        how = _placed(before, after).how
        if how == "lead":
            en, it = "it leads", "apre"
        elif how == "beat":
            taken = holder.stakes if holder else 0
            if taken:
                en = f"it beats and takes {chips(taken, 'en')} from {owner}"
                it = f"vince e prende {chips(taken, 'it')} da {owner}"
            else:  # a weaker suit's card, whose stake went onto the frozen card: nothing moves
                en = f"it beats {owner}'s card, which holds no stake"
                it = f"batte la carta di {owner}, su cui non c'è puntata"
        elif how == "lower":
            en, it = f"it is lower: the stake goes onto {owner}'s card", \
                f"è più bassa: la puntata va sulla carta di {owner}"
        elif how == "equal":
            en, it = f"it is an equal figure: the stakes on {owner}'s card freeze", \
                f"è una figura pari: le puntate sulla carta di {owner} restano ferme"
        else:
            suit = suit_of(action.card) or ""  # the turn may have ended with this card
            en = (f"it is a lower suit: the stake goes onto {owner}'s card, whose stakes now freeze; "
                  f"the suit becomes {_suit_name(suit, 'en')}")
            it = (f"è un seme più basso: la puntata va sulla carta di {owner}, le cui puntate ora "
                  f"restano ferme; il seme diventa {_suit_name(suit, 'it')}")
        lines = [{"en": f"{who} plays {card}: {en}.", "it": f"{who} gioca {card}: {it}."}]
    for p, suit, turn in after.reneges[len(before.reneges):]:
        lines.append({
            "en": f"Renege: {names[p]} played off suit in turn {turn} but held {_suit_name(suit, 'en')}. "
                  "The table decides what follows. If a card was entered by mistake, the host puts it "
                  "right on the table screen, under \u201cCorrect a card entered by mistake\u201d.",
            "it": f"Rinuncia: {names[p]} non ha risposto a {_suit_name(suit, 'it')} nel turno {turn} "
                  "pur avendone. Decide il tavolo. Se una carta è stata indicata per sbaglio, "
                  "l'organizzatore la corregge dallo schermo del tavolo, in \u00abCorreggi una carta "
                  "indicata per sbaglio\u00bb.",
        })
    if after.turn > before.turn:
        lines.extend(_turn_end(names, before, after))
    return lines


def _placed(before: OscuriState, after: OscuriState) -> Placed:
    """The card just played, as the engine placed it (the turn may have ended with it)."""
    trick = after.last_turn if after.turn > before.turn else after.trick
    return trick[len(before.trick)]


@dataclass(frozen=True, slots=True)
class _Named:
    """A card as a sentence names it: in English, and in Italian without its article (which
    depends on the preposition before it and on the noun's gender)."""

    en: str
    it: str
    feminine: bool

    def it_with(self, prep: str = "") -> str:
        """The Italian phrase with its article, joined to ``prep`` (da, a, su) if given."""
        article = "l'" if self.it[0].lower() in "aeiou" else ("la" if self.feminine else "il")
        joined = {"": {"la": "la ", "l'": "l'", "il": "il "},
                  "da": {"la": "dalla ", "l'": "dall'", "il": "dal "},
                  "a": {"la": "alla ", "l'": "all'", "il": "al "},
                  "su": {"la": "sulla ", "l'": "sull'", "il": "sul "}}
        return joined[prep][article] + self.it


def _played(names: Sequence[str], placed: Placed) -> _Named:
    """A card of the turn with its owner: "Carla's A♦", "(la) carta di Carla (A♦)"."""
    who, card = names[placed.player], card_label(placed.card)
    if placed.card in DEATHS:
        return _Named(f"{who}'s Death ({card})", f"Morte di {who} ({card})", True)
    if placed.card in ANGELS:
        return _Named(f"{who}'s Black Angel", f"Angelo Nero di {who}", False)
    return _Named(f"{who}'s {card}", f"carta di {who} ({card})", True)


def _own(placed: Placed) -> _Named:
    """A player's own card: "the 9♦", "(la) sua carta (9♦)"."""
    if placed.card in ANGELS:
        return _Named("the Black Angel", "suo Angelo Nero", False)
    card = card_label(placed.card)
    return _Named(f"the {card}", f"sua carta ({card})", True)


def _nothing(names: Sequence[str], seat: int, why_en: str, why_it: str) -> Line:
    return {"en": f"{names[seat]} collects nothing: {why_en}.",
            "it": f"{names[seat]} non incassa nulla: {why_it}.", "kind": "turn"}


def _collects(names: Sequence[str], seat: int, n: int, card: str, why_en: str, why_it: str) -> Line:
    """``card``'s owner collects ``n`` chips from it; a Black Angel (a joker) is named as one."""
    en, it = (("the Black Angel", "dall'Angelo Nero") if card in ANGELS
              else (card_label(card), f"da {card_label(card)}"))
    return {"en": f"{names[seat]} collects {chips(n, 'en')} from {en}: {why_en}.",
            "it": f"{names[seat]} incassa {chips(n, 'it')} {it}: {why_it}.", "kind": "turn"}


def _why_nothing(names: Sequence[str], placed: Placed, kind: str, them: Placed) -> tuple[str, str]:
    """Why a card played ends the turn with no stake on it (its ``fate`` in the engine's turn)."""
    mine, theirs = _own(placed), _played(names, them)
    owner = names[them.player]
    if kind == "gave":
        return (f"{mine.en} was lower, and the stake went onto {owner}'s card",
                f"{mine.it_with()} era più bassa, e la puntata è andata sulla carta di {owner}")
    if kind == "gave_suit":
        return (f"{mine.en} was of a lower suit, and the stake went onto {owner}'s card",
                f"{mine.it_with()} era di un seme più basso, e la puntata è andata sulla carta di {owner}")
    if kind == "death":
        return (f"{theirs.en} took the stakes on {mine.en}",
                f"{theirs.it_with()} ha preso le puntate {mine.it_with('su')}")
    beaten = "stata battuta" if mine.feminine else "stato battuto"
    return (f"{mine.en} was beaten by {theirs.en}", f"{mine.it_with()} è {beaten} {theirs.it_with('da')}")


def _player_lines(names: Sequence[str], before: OscuriState, after: OscuriState) -> list[Line]:
    """One sentence per player: what he collected at the end of this turn, and why; or why
    nothing (his card was beaten or lower, he paid a led Death, Death came first, he is out)."""
    trick = after.last_turn
    fates = [p.fate for p in trick]
    mine = {p.player: i for i, p in enumerate(trick)}
    lines: list[Line] = []
    if trick and fates[0][0] == "led_death":
        death, victims = trick[0], [p for p in before.order if p != trick[0].player]
        paid_en, paid_it = chips(before.stake, "en"), chips(before.stake, "it")
        who = [names[p] for p in victims]
        paid = ((f"a led Death, {who[0]} paid {paid_en}", f"Morte di apertura, {who[0]} ha pagato {paid_it}")
                if len(victims) == 1 else
                (f"a led Death, {listed(who, 'en')} each paid {paid_en}",
                 f"Morte di apertura, {listed(who, 'it')} hanno pagato {paid_it} a testa"))
        lines.append(_collects(names, death.player, before.stake * len(victims), death.card, *paid))
        named = _played(names, death)
        for p in victims:
            lines.append(_nothing(names, p, f"paid {paid_en} to {named.en} and put a card face down",
                                  f"ha pagato {paid_it} {named.it_with('a')} e ha scartato una carta "
                                  "coperta"))
    else:
        for seat in before.order:
            if seat not in mine:  # a Death ended the turn before they played
                named = _played(names, next(p for p in trick if p.card in DEATHS))
                lines.append(_nothing(names, seat, f"{named.en} ended the turn before they played",
                                      f"{named.it_with()} ha chiuso il turno prima che giocasse"))
                continue
            placed = trick[mine[seat]]
            kind, other = fates[mine[seat]]
            if placed.stakes:
                if placed.card in DEATHS:
                    why = ("Death takes every stake on the table", "la Morte prende tutte le puntate")
                elif placed.frozen:
                    why = ("the stakes froze on it", "le puntate ci sono rimaste ferme")
                else:  # only the last holder ends a turn with live stakes: nobody beat it
                    why = ("nobody beat it", "nessuno l'ha battuto" if placed.card in ANGELS
                           else "nessuno l'ha battuta")
                lines.append(_collects(names, seat, placed.stakes, placed.card, *why))
                continue
            assert other is not None, (kind, placed)
            lines.append(_nothing(names, seat, *_why_nothing(names, placed, kind, trick[other])))
    for seat in range(before.players):
        if before.out[seat]:
            lines.append(_nothing(names, seat, "out of the game, no cards left",
                                  "è fuori dal gioco, senza carte"))
    return lines


def _turn_end(names: Sequence[str], before: OscuriState, after: OscuriState) -> list[Line]:
    """The end of a turn: a sentence per player of what he collects and why, then who leads
    (or the end of the game)."""
    lines = _player_lines(names, before, after)
    if after.phase == "over":
        lines.append({"en": "Fewer than two players hold cards: the game is over.",
                      "it": "Meno di due giocatori hanno carte: la partita è finita."})
        net = [b - s for b, s in zip(after.balances, after.start or (0,) * after.players, strict=True)]
        shown = ", ".join(f"{names[i]} {n:+d}" for i, n in enumerate(net))
        lines.append({"en": f"Net result, the chips each player won or lost over the game: {shown}.",
                      "it": f"Risultato netto, i gettoni vinti o persi da ciascuno nella partita: {shown}.",
                      "kind": "end"})
    else:
        lines.extend(_draws(names, before, after))
        lines.append({"en": f"{names[after.leader]} leads the next turn.",
                      "it": f"{names[after.leader]} apre il prossimo turno.", "kind": "turn"})
    return lines


def _draws(names: Sequence[str], before: OscuriState, after: OscuriState) -> list[Line]:
    """Who draws a card from the pile, in order from the new leader, and who does not and why
    (§6, DECISIONs O7 and O12): with real cards the players draw themselves, and the Death
    rules are the ones people forget."""
    trick = after.last_turn
    if not trick:
        return []
    led_death = trick[0].card in DEATHS
    entitled = {trick[0].player} if led_death else {p.player for p in trick}
    order = round_from(after.leader, after.players)  # the order the engine draws in
    due = [p for p in order if p in entitled]
    drawn = before.deck_size - after.deck_size
    takers, short = [names[p] for p in due[:drawn]], [names[p] for p in due[drawn:]]
    lines: list[Line] = []
    if len(takers) == 1:
        lines.append({"en": f"{takers[0]} draws a card from the pile.",
                      "it": f"{takers[0]} pesca una carta dal mazzo.", "kind": "turn"})
    elif takers:
        lines.append({"en": f"One card each from the pile, in this order: {', '.join(takers)}.",
                      "it": f"Una carta a testa dal mazzo, in quest'ordine: {', '.join(takers)}.",
                      "kind": "turn"})
    if short:
        one = len(short) == 1
        lines.append({"en": f"The pile is empty: {listed(short, 'en')} {'draws' if one else 'draw'} nothing.",
                      "it": f"Il mazzo è finito: {listed(short, 'it')} non {'pesca' if one else 'pescano'}.",
                      "kind": "turn"})
    skipped = [names[p] for p in order if p in before.order and p not in entitled]
    if skipped:
        one = len(skipped) == 1
        why_en = "paid the led Death" if led_death else "played no card this turn"
        why_it = (("ha pagato" if one else "hanno pagato") + " la Morte di apertura" if led_death
                  else ("non ha giocato" if one else "non hanno giocato") + " in questo turno")
        lines.append({"en": f"{listed(skipped, 'en')} {'does' if one else 'do'} not draw ({why_en}).",
                      "it": f"{listed(skipped, 'it')} non {'pesca' if one else 'pescano'} ({why_it}).",
                      "kind": "turn"})
    return lines
