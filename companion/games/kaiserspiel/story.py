"""Kaiserspiel's event log as sentences, in Italian and English, and the trick explainer:
after each trick, one sentence per card telling why it did or did not take the trick over.

Only public facts are told: discards are never named, a hand the app does not know
is never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_label, rank_of, suit_of
from .cards import kaiser_name, suit_name
from .state import (
    SEATS,
    TEAMS,
    Accept,
    Action,
    Deal,
    DeclareKaiser,
    Discard,
    KaiserState,
    Pass,
    Play,
    Raise,
    Refuse,
    Reveal,
    team_of,
)
from .tricks import (
    DEVIL,
    FULL,
    OBER_BEATER,
    PLAIN,
    TRUMP_KING,
    TRUMP_OBER,
    UNTER_BEATER,
    Context,
    Verdict,
    evaluate,
    plain_power,
    trump_from,
)

Line = dict[str, str]

KIND_NAMES = {
    FULL: ("a full trump", "una briscola piena"),
    OBER_BEATER: ("an Ober-beater", "una briscola che batte il cavallo"),
    UNTER_BEATER: ("an Unter-beater", "una briscola che batte il fante"),
    TRUMP_KING: ("the trump King", "il re di briscola"),
    TRUMP_OBER: ("the trump Ober", "il cavallo di briscola"),
    DEVIL: ("the Devil", "il Diavolo"),
    PLAIN: ("a plain card", "una carta semplice"),
}


def kind_name(card: str, ctx: Context, lang: str) -> str:
    """What a card is in this hand: ``a full trump``, ``the Kaiser of Bells, a full trump``."""
    kind = ctx.kind(card)
    text = KIND_NAMES[kind][1 if lang == "it" else 0]
    if card in ctx.kaisers:
        article = "il " if lang == "it" else "the "
        return f"{article}{kaiser_name(card, lang, kaiser=True)}, {text}"
    return text


def explain(v: Verdict, lead: str, ctx: Context, who: str, pack: str = "french") -> Line:
    """One sentence about one card of a trick: why it took the trick over, or why not."""
    c = card_label(v.card)
    w = card_label(v.against) if v.against else ""
    k_en, k_it = kind_name(v.card, ctx, "en"), kind_name(v.card, ctx, "it")
    wk_en = kind_name(v.against, ctx, "en") if v.against else ""
    wk_it = kind_name(v.against, ctx, "it") if v.against else ""
    unter = card_label(f"J{ctx.trump}")
    led = suit_of(lead) or ""
    texts: dict[str, tuple[str, str]] = {
        "lead": (f"{who} leads {c}, {k_en}.", f"{who} apre con {c}, {k_it}."),
        "unter_beats_devil": (
            f"{c} is the trump Unter, the only card that beats the led Devil {w}: it takes over.",
            f"{c} è il fante di briscola, l'unica carta che batte il Diavolo {w} giocato per primo: "
            "passa in vantaggio."),
        "devil_led": (
            f"{c} cannot beat the Devil {w}: once led, it loses only to the trump Unter {unter}.",
            f"{c} non batte il Diavolo {w}: giocato per primo, perde solo col fante di briscola {unter}."),
        "below_full": (f"{c} is {k_en}: it cannot beat the full trump {w}.",
                       f"{c} è {k_it}: non batte la briscola piena {w}."),
        "below_ober_beater": (f"{c} is an Unter-beater: it cannot beat the Ober-beater {w}.",
                              f"{c} è una briscola che batte il fante: non batte {w}, che batte il cavallo."),
        "higher_trump": (f"{c} is {k_en}, higher than {w}: it takes over.",
                         f"{c} è {k_it}, più alta di {w}: passa in vantaggio."),
        "lower_trump": (f"{c} is {k_en}, lower than {w}: it does not take over.",
                        f"{c} è {k_it}, più bassa di {w}: non passa in vantaggio."),
        "full_trump": (f"{c} is {k_en}: it beats {w} ({wk_en}).",
                       f"{c} è {k_it}: batte {w} ({wk_it})."),
        "ober_beater_vs_trump_king": (
            f"{c} is an Ober-beater: it cannot beat the trump King {w}.",
            f"{c} è una briscola che batte il cavallo: non batte il re di briscola {w}."),
        "beats_trump_ober": (f"{c} is {k_en}: it beats the trump Ober {w}.",
                             f"{c} è {k_it}: batte il cavallo di briscola {w}."),
        "stopped_by_king": (
            f"{c} is an Ober-beater: it beats plain cards up to the Ober, but not the King {w}.",
            f"{c} è una briscola che batte il cavallo: batte le carte semplici fino al cavallo, "
            f"ma non il re {w}."),
        "ober_beater_plain": (
            f"{c} is an Ober-beater: it beats the plain {w} (only a King of the led suit stops it).",
            f"{c} è una briscola che batte il cavallo: batte la carta semplice {w} (la ferma solo "
            "il re del seme di uscita)."),
        "unter_beater_vs_trump_figure": (f"{c} is an Unter-beater: it cannot beat {w}, {wk_en}.",
                                         f"{c} è una briscola che batte il fante: non batte {w}, {wk_it}."),
        "stopped_by_figure": (
            f"{c} is an Unter-beater: it beats plain cards up to the Unter, but not {w}.",
            f"{c} è una briscola che batte il fante: batte le carte semplici fino al fante, "
            f"ma non {w}."),
        "unter_beater_plain": (
            f"{c} is an Unter-beater: it beats the plain {w} (only an Ober or a King of the led "
            "suit stops it).",
            f"{c} è una briscola che batte il fante: batte la carta semplice {w} (la fermano solo "
            "il cavallo o il re del seme di uscita)."),
        "trump_king": (f"{c} is the trump King: it beats only the trump Ober, not {w}.",
                       f"{c} è il re di briscola: batte solo il cavallo di briscola, non {w}."),
        "trump_ober": (f"{c} is the trump Ober: it beats nothing.",
                       f"{c} è il cavallo di briscola: non batte niente."),
        "devil_not_led": (f"{c} is the Devil, but it was not led: it beats nothing.",
                          f"{c} è il Diavolo, ma non è stato giocato per primo: non batte niente."),
        "lead_not_plain": (
            f"{c} is a plain card and the lead {card_label(lead)} is not: no plain card takes this trick.",
            f"{c} è una carta semplice e l'uscita {card_label(lead)} no: nessuna carta semplice "
            "vince questa presa."),
        "off_suit": (
            f"{c} is not of the led suit ({suit_name(led, pack, 'en')}): it cannot take the trick.",
            f"{c} non è del seme di uscita ({suit_name(led, pack, 'it')}): non può vincere la presa."),
        "off_suit_no_trump": (
            f"{c} is of the trump suit but no trump"
            f"{' (an Ace is one only once shown as a Kaiser)' if rank_of(v.card) == 'A' else ''}: a plain "
            f"card not of the led suit ({suit_name(led, pack, 'en')}), it cannot take the trick.",
            f"{c} è del seme di briscola ma non è una briscola"
            f"{' (un asso lo è solo se mostrato come Kaiser)' if rank_of(v.card) == 'A' else ''}: carta "
            f"semplice non del seme di uscita ({suit_name(led, pack, 'it')}), non può vincere la presa."),
        "higher_plain": (f"{c} is higher than {w} in the led suit: it takes over.",
                         f"{c} è più alta di {w} nel seme di uscita: passa in vantaggio."),
        "lower_plain": (f"{c} is lower than {w}: it does not take over.",
                        f"{c} è più bassa di {w}: non passa in vantaggio."),
        "king_over_ober_beater": (
            f"{c} is a King of the led suit: it beats the Ober-beater {w}.",
            f"{c} è un re del seme di uscita: batte {w}, che batte solo fino al cavallo."),
        "figure_over_unter_beater": (
            f"{c} is {'a King' if rank_of(v.card) == 'K' else 'an Ober'} of the led suit: "
            f"it beats the Unter-beater {w}.",
            f"{c} è {'un re' if rank_of(v.card) == 'K' else 'un cavallo'} del seme di uscita: "
            f"batte {w}, che batte solo fino al fante."),
        "below_trump": (f"{c} is a plain card: it cannot beat {w}, {wk_en}.",
                        f"{c} è una carta semplice: non batte {w}, {wk_it}."),
    }
    en, it = texts[v.reason]
    return {"en": en, "it": it}


def explain_trick(trick: Sequence[tuple[int, str]], ctx: Context, names: Sequence[str],
                  pack: str = "french") -> list[Line]:
    """One sentence per card of a finished trick, then who took it."""
    best, verdicts = evaluate((c for _, c in trick), ctx)
    lead = trick[0][1]
    lines = [{**explain(v, lead, ctx, names[p], pack), "kind": "trick"}
             for (p, _), v in zip(trick, verdicts, strict=True)]
    p, c = trick[best]
    lines.append({"en": f"{names[p]} takes the trick with {card_label(c)}.",
                  "it": f"{names[p]} fa la presa con {card_label(c)}.", "kind": "trick"})
    return lines


def _team(names: Sequence[str], team: int, lang: str) -> str:
    who = " & ".join(names[p] for p in range(SEATS) if team_of(p) == team)
    return f"Team {TEAMS[team]} ({who})" if lang == "en" else f"La squadra {TEAMS[team]} ({who})"


def _trump_line(names: Sequence[str], s: KaiserState) -> Line:
    order = s.deal_order
    cards = [s.face_up[p] or "" for p in order]
    suit, i = trump_from(cards)
    who, card = names[order[i]], card_label(cards[i])
    # a tie is told only where there was one: the first dealt of the lowest decides (K3)
    tied = next((k for k in range(i + 1, len(cards)) if plain_power(cards[k]) == plain_power(cards[i])), None)
    tie_en = tie_it = ""
    if tied is not None:
        other, other_card = names[order[tied]], card_label(cards[tied])
        tie_en = f" (as low as {other}'s {other_card}: the first dealt decides)"
        tie_it = f" (bassa quanto {other_card} di {other}: decide la prima data)"
    return {"en": f"Trumps are {suit_name(suit, s.pack, 'en')}: the lowest face-up card is {who}'s "
                  f"{card}{tie_en}.",
            "it": f"La briscola è {suit_name(suit, s.pack, 'it')}: la carta scoperta più bassa è {card} di "
                  f"{who}{tie_it}.", "kind": "deal"}


def _hand_end(names: Sequence[str], after: KaiserState) -> list[Line]:
    result = after.result
    assert result is not None
    a, b = after.scores
    score = f"A {a}, B {b}"
    if result.by == "refusal":
        en = (f"{_team(names, result.team, 'en')} wins the hand without play (a tavolino) and scores "
              f"{result.points}")
        it = f"{_team(names, result.team, 'it')} vince la mano a tavolino e segna {result.points}"
    else:
        en = f"{_team(names, result.team, 'en')} has three tricks and scores {result.points}"
        it = f"{_team(names, result.team, 'it')} fa tre prese e segna {result.points}"
    lines = [{"en": f"{en}. Score: {score}.", "it": f"{it}. Punti: {score}.",
              "kind": "hand"}]
    if after.phase == "over":
        top = a if result.team == 0 else b
        lines.append({"en": f"{_team(names, result.team, 'en')} reaches {top}: the game is over.",
                      "it": f"{_team(names, result.team, 'it')} arriva a {top}: la partita è finita.",
                      "kind": "hand"})
    return lines


def narrate(names: Sequence[str], before: KaiserState, action: Action, after: KaiserState) -> list[Line]:
    """Sentences telling what ``action`` did, taking ``before`` to ``after``."""
    who = names[action.player]
    lines: list[Line] = []
    if isinstance(action, Deal):
        lines.append({"en": f"Hand {after.hand_no}: {names[after.dealer]} deals.",
                      "it": f"Mano {after.hand_no}: distribuisce {names[after.dealer]}.", "kind": "deal"})
        if after.trump is not None:
            shown = ", ".join(f"{names[p]} {card_label(after.face_up[p] or '')}" for p in after.deal_order)
            lines.append({"en": f"Face up: {shown}.", "it": f"Scoperte: {shown}."})
            lines.append(_trump_line(names, after))
    elif isinstance(action, Reveal):
        lines.append({"en": f"{who}'s face-up card: {card_label(action.card)}.",
                      "it": f"Carta scoperta di {who}: {card_label(action.card)}."})
        if after.trump is not None:
            lines.append(_trump_line(names, after))
    elif isinstance(action, Discard):
        lines.append({"en": f"{who} discards two cards face down.",
                      "it": f"{who} scarta due carte coperte."})
        if after.phase == "declare":
            first = names[after.first]
            lines.append({"en": f"The hand is worth 4. Declarations: {first} speaks first.",
                          "it": f"La mano vale 4. Dichiarazioni: parla per primo {first}."})
    elif isinstance(action, Pass):
        lines.append({"en": f"{who} passes.", "it": f"{who} passa."})
        if after.phase == "play":
            lead = names[after.leader]
            lines.append({"en": f"Four passes: the hand is worth {after.value}. {lead} leads.",
                          "it": f"Tutti e quattro passano: la mano vale {after.value}. Esce {lead}.",
                          "kind": "hand"})
    elif isinstance(action, Raise | DeclareKaiser):
        answer = names[(action.player + 1) % SEATS]
        if isinstance(action, Raise):
            en, it = "raises by 3", "rilancia di 3"
        else:
            card = card_label(action.card)
            en = f"shows {card} and declares the {kaiser_name(action.card, 'en', kaiser=True)}: +1"
            it = f"mostra {card} e dichiara il {kaiser_name(action.card, 'it', kaiser=True)}: +1"
        lines.append({"en": f"{who} {en}. {answer} accepts or refuses.",
                      "it": f"{who} {it}. {answer} accetta o rifiuta."})
    elif isinstance(action, Accept):
        lines.append({"en": f"{who} accepts: the hand is worth {after.value}.",
                      "it": f"{who} accetta: la mano vale {after.value}."})
    elif isinstance(action, Refuse):
        lines.append({"en": f"{who} refuses.", "it": f"{who} rifiuta."})
    elif isinstance(action, Play):
        lines.append({"en": f"{who} plays {card_label(action.card)}.",
                      "it": f"{who} gioca {card_label(action.card)}."})
        if len(after.tricks) > len(before.tricks):
            lines.extend(explain_trick(after.tricks[-1], before.context, names, before.pack))
    if after.result is not None and before.result is None:
        lines.extend(_hand_end(names, after))
    return lines
