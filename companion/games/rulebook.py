"""The shape of a rule book: sections of paragraphs, each with a stable anchor.

A paragraph may name the engine rule ids it explains (``rules``) and the spec's
DECISION it records (``decision``); the "why?" link of a refusal opens the
paragraph that names its rule id.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Para:
    """One paragraph in English and Italian; ``anchor`` is unique within its book."""

    anchor: str
    en: str
    it: str
    rules: tuple[str, ...] = ()
    decision: str | None = None

    def text(self, lang: str) -> str:
        """The paragraph in ``it`` or ``en``."""
        return self.it if lang == "it" else self.en


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of a rule book (components, setup, a turn, ...)."""

    anchor: str
    title_en: str
    title_it: str
    paras: tuple[Para, ...]

    def title(self, lang: str) -> str:
        """The section title in ``it`` or ``en``."""
        return self.title_it if lang == "it" else self.title_en


@dataclass(frozen=True, slots=True)
class Book:
    """A game's rule book."""

    game: str
    title: str
    summary_en: str
    summary_it: str
    sections: tuple[Section, ...] = field(default=())

    def summary(self, lang: str) -> str:
        """The one-paragraph summary in ``it`` or ``en``."""
        return self.summary_it if lang == "it" else self.summary_en

    def paragraphs(self) -> list[Para]:
        """Every paragraph, in reading order."""
        return [p for s in self.sections for p in s.paras]

    def anchor_of(self, rule: str) -> str | None:
        """The anchor of the paragraph explaining engine rule id ``rule``, if any."""
        for p in self.paragraphs():
            if rule in p.rules:
                return p.anchor
        return None


def P(anchor: str, en: str, it: str, *rules: str) -> Para:
    """A paragraph explaining the given rule ids (short names, the game prefix is added by the book)."""
    return Para(anchor, en, it, rules)


def D(code: str, en: str, it: str, *rules: str) -> Para:
    """A DECISION paragraph, anchored ``decision-<code>``."""
    return Para(f"decision-{code.lower()}", en, it, rules, decision=code)


def S(anchor: str, title_en: str, title_it: str, *paras: Para) -> Section:
    """A section."""
    return Section(anchor, title_en, title_it, paras)


def book(game: str, title: str, summary_en: str, summary_it: str, *sections: Section) -> Book:
    """A book whose paragraphs' short rule names get the ``game.`` prefix (a rule id that has a
    dot already is the app's own, the same at every table: ``undo.revealed``)."""
    fixed = tuple(
        Section(s.anchor, s.title_en, s.title_it, tuple(
            Para(p.anchor, p.en, p.it, tuple(r if "." in r else f"{game}.{r}" for r in p.rules),
                 p.decision)
            for p in s.paras))
        for s in sections)
    return Book(game, title, summary_en, summary_it, fixed)


# The app's own refusals, the same at every table (raised by the table service, not an engine):
# every book explains them in its "How the app judges" section.
UNDO_RULES = ("undo.nothing", "undo.over", "undo.revealed")
CORRECT_RULES = ("correct.not_allowed", "correct.changes_course", "correct.later_move")
PRACTICE_RULES = ("practice.nothing_to_rewind",)
APP_RULES = frozenset((*UNDO_RULES, *CORRECT_RULES, *PRACTICE_RULES))


def app_section(turn_rules: tuple[str, ...], card_rules: tuple[str, ...],
                over_rules: tuple[str, ...]) -> Section:
    """The section every book shares: how the app judges turns, cards and the end of a game."""
    return S(
        "app", "How the app judges", "Come giudica l'app",
        P("app-turn",
          "The app knows whose turn it is and acts only for the seat of the phone that asks. An action "
          "for a seat that does not exist, or out of turn, is refused and nothing changes: wait for the "
          "player the status line names.",
          "L'app sa a chi tocca e agisce solo per il posto del telefono che lo chiede. Un'azione per un "
          "posto che non esiste, o fuori turno, viene rifiutata e non cambia nulla: aspetta il giocatore "
          "indicato nella riga di stato.",
          *turn_rules),
        P("app-cards",
          "Every card must be a card of this game's deck. When the app dealt the cards it knows your hand "
          "and accepts only cards you hold. When real cards are in play it cannot see your hand, but it "
          "refuses a card it has already seen elsewhere (on the table, in a pile, shown face up), because "
          "it cannot also be in your hand. A request the app cannot read at all is refused as malformed.",
          "Ogni carta deve appartenere al mazzo di questo gioco. Se le carte le ha distribuite l'app, "
          "conosce la tua mano e accetta solo carte che hai. Con carte vere l'app non vede la tua mano, ma "
          "rifiuta una carta che ha già visto altrove (in tavola, in un mazzetto, scoperta), perché non può "
          "essere anche in mano tua. Una richiesta che l'app non sa leggere viene rifiutata come malformata.",
          *card_rules),
        P("app-over",
          "When the game (or the current deal) is over, no more moves are accepted: the result is on the "
          "screen, and a new deal starts only when the right player asks for it.",
          "Finita la partita (o la mano in corso), non si accettano altre mosse: il risultato è sullo "
          "schermo, e una nuova mano comincia solo quando la chiede il giocatore giusto.",
          *over_rules),
        P("app-undo",
          "Undo: the host can take back the last move while the game is on, as long as no card has been "
          "revealed since it (a card turned up, a hand shown, a trick gathered): otherwise players could "
          "change their play knowing those cards. Once the game is over its last move stands; with "
          "nothing played yet there is nothing to undo.",
          "Annullare: l'organizzatore può annullare l'ultima mossa finché la partita è in corso, purché da "
          "allora non sia stata scoperta nessuna carta (una carta girata, una mano mostrata, una presa "
          "raccolta): altrimenti si potrebbe cambiare gioco conoscendo quelle carte. A partita finita "
          "l'ultima mossa resta; se non si è giocato ancora nulla, non c'è niente da annullare.",
          *UNDO_RULES),
        P("app-correct",
          "Correcting a card: when a card was entered wrong (the camera misread it, or a wrong tap), the "
          "host can correct it, but only a card played or shown face up (a Kaiser's Ace too) from a hand "
          "the app does not know, and "
          "only if the game still holds together: the moves after it are played again, and a correction "
          "that would change who played what in the same round, or that a later move no longer fits "
          "(the refusal names that move and why; a card still face down is not named), is refused. "
          "The host is offered only the cards a correction would accept.",
          "Correggere una carta: se una carta è stata inserita male (la fotocamera l'ha letta male, o un "
          "tocco sbagliato), l'organizzatore può correggerla, ma solo una carta giocata o mostrata scoperta "
          "(anche l'asso di un Kaiser) da una mano che l'app non conosce, e solo se la partita torna "
          "ancora: le mosse successive vengono "
          "rigiocate, e una correzione che cambierebbe chi ha giocato cosa nello stesso giro, o con cui "
          "una mossa successiva non torna più (il rifiuto dice quale e perché; una carta ancora coperta "
          "non viene nominata), è rifiutata. All'organizzatore si offrono solo le carte che una correzione "
          "accetterebbe.",
          *CORRECT_RULES),
        P("app-practice",
          "At a practice table the player can take back their last move, together with the bots' moves "
          "after it; with no move of their own in force there is nothing to take back.",
          "A un tavolo di prova il giocatore può annullare la sua ultima mossa, insieme alle mosse dei "
          "bot venute dopo; se non ha mosse sue in vigore non c'è niente da annullare.",
          *PRACTICE_RULES),
    )
