"""Kaiserspiel's rule book (shared/rules/kaiserspiel.md, seed 002)."""

from __future__ import annotations

from ..rulebook import D, P, S, app_section, book

BOOK = book(
    "kaiserspiel", "Kaiserspiel",
    "The Swiss game of the Emperor: two teams of two, five cards each, and a team needs three tricks out "
    "of five. Nobody has to follow suit; the trumps follow an odd, partly circular order. A hand is worth "
    "4 points and can be raised before play; the score is kept in tally marks up to 101.",
    "Il gioco svizzero dell'Imperatore: due squadre di due, cinque carte a testa, e a una squadra servono "
    "tre prese su cinque. Nessuno è obbligato a rispondere al seme; le briscole seguono un ordine strano, "
    "in parte circolare. Una mano vale 4 punti e si può alzare prima del gioco; il punteggio si segna con "
    "le tacche fino a 101.",
    S("components", "Components", "Materiale",
      P("deck",
        "40 cards (no 8, 9 or 10) or 48 cards (no 10). In each suit: King, Ober (the cavalier or queen), "
        "Unter (the jack), Banner (the ace), then 9 and 8 in the 48-card game, and 7 down to 2. The four "
        "Swiss suits are shields, roses, bells and acorns; with Italian or French cards they are swords "
        "or spades, cups or hearts, coins or diamonds, batons or clubs.",
        "40 carte (senza 8, 9 e 10) o 48 carte (senza 10). In ogni seme: Re, Cavallo (o donna), Fante, "
        "Banner (l'asso), poi 9 e 8 nel gioco a 48, e dal 7 al 2. I quattro semi svizzeri sono scudi, "
        "rose (i \"fiori\" del testo originale), campanelle e ghiande; con carte italiane o francesi sono "
        "spade o picche, coppe o cuori, denari o quadri, bastoni o fiori: qui i semi si chiamano con i "
        "nomi italiani."),
      P("packs",
        "An ordinary Italian 40-card deck already is the 40-card pack (Fante = Unter, Cavallo = Ober). For "
        "48 cards the original suggests cutting down a tarot: keep king, cavalier (as the Ober), jack (as "
        "the Unter), ace and 2 to 9 of each suit, and remove the queens, the 10s, the trumps and the Fool. "
        "A French deck works too, without its 10s and jokers.",
        "Un normale mazzo italiano da 40 carte è già il mazzo da 40 (Fante = Unter, Cavallo = Ober). Per "
        "48 carte l'originale consiglia di ridurre un mazzo di tarocchi: tieni re, cavallo (come Ober), "
        "fante (come Unter), asso e dal 2 al 9 di ogni seme, e togli le donne, i 10, i trionfi e il Matto. "
        "Va bene anche un mazzo francese, senza i 10 e i jolly."),
      D("K7",
        "Decision K7: in the 48-card game the trump 7 and 8 are plain cards of the trump suit (the trump 9 "
        "is the Devil). Reason: the original only says the nine \"takes the place of the seven\".",
        "Decisione K7: nel gioco a 48 il 7 e l'8 di briscola sono carte normali del seme di briscola (il 9 "
        "di briscola è il Diavolo). Motivo: l'originale dice solo che il nove \"prende il posto del "
        "sette\"."),
      ),
    S("setup", "Setup and the deal", "Preparazione e distribuzione",
      D("K1",
        "Decision K1: exactly four players in two fixed teams, partners sitting opposite: seats 1 and 3 "
        "against seats 2 and 4. Reason: the original deals one face-up card to each of four players and "
        "speaks of \"the partner\".",
        "Decisione K1: esattamente quattro giocatori in due squadre fisse, i compagni uno di fronte "
        "all'altro: posti 1 e 3 contro posti 2 e 4. Motivo: l'originale dà una carta scoperta a ciascuno "
        "di quattro giocatori e parla del \"compagno\"."),
      D("K2",
        "Decision K2: the table chooses the first dealer; after each hand the deal passes to the next "
        "player. The player after the dealer is the first player: first face-up card, first to speak, "
        "first lead. Reason: the original does not say who deals; passing the deal on is the usual way.",
        "Decisione K2: il tavolo sceglie il primo mazziere; dopo ogni mano il mazzo passa al giocatore "
        "successivo. Il giocatore dopo il mazziere è il primo: prima carta scoperta, primo a parlare, "
        "primo ad attaccare. Motivo: l'originale non dice chi distribuisce; passare il mazzo è l'usanza.",
        "not_dealer", "hand_running", "deal_unknown", "bad_deal"),
      P("trump",
        "The dealer gives each player one card face up. The lowest of the four fixes the trump suit "
        "(plain order, 2 lowest; an ace counts as a ten).",
        "Il mazziere dà a ciascuno una carta scoperta. La più bassa delle quattro decide il seme di "
        "briscola (ordine normale, il 2 è la più bassa; un asso vale come un dieci).",
        "reveal_first", "revealed_twice", "no_reveal"),
      D("K3",
        "Decision K3: if two or more face-up cards tie for lowest, the one dealt first decides. Reason: no "
        "redeal is needed and the answer is always the same.",
        "Decisione K3: se due o più carte scoperte sono pari come più basse, decide quella data per prima. "
        "Motivo: non serve ridistribuire e la risposta è sempre la stessa."),
      P("discard",
        "Six more cards go to each player, face down, so everyone holds seven. Each player then discards "
        "exactly two cards face down, any two they like (even the face-up one or an ace). Discards are "
        "never shown nor named. The declarations start when all four have discarded.",
        "Ognuno riceve altre sei carte coperte, e così ne ha sette. Poi ognuno scarta esattamente due "
        "carte coperte, quelle che vuole (anche quella scoperta o un asso). Gli scarti non si mostrano né "
        "si nominano. Le dichiarazioni cominciano quando tutti e quattro hanno scartato.",
        "discard_two", "discard_unseen", "discarded_twice", "declare_early", "play_early"),
      D("K4",
        "Decision K4: the face-up card stays in its owner's hand. Reason: only 1 + 6 − 2 gives the five "
        "cards the original says each player holds.",
        "Decisione K4: la carta scoperta resta in mano al suo proprietario. Motivo: solo 1 + 6 − 2 dà le "
        "cinque carte che secondo l'originale ha ogni giocatore."),
      ),
    S("declarations", "Declarations: the value of the hand", "Dichiarazioni: il valore della mano",
      P("value",
        "A hand is worth 4 points. In turn, starting with the first player, each may pass, raise by 3 at "
        "will, or show an ace from their hand and declare it a Kaiser for +1. An ace never declared stays a "
        "plain card.",
        "Una mano vale 4 punti. A turno, dal primo giocatore, ognuno può passare, alzare di 3 a piacere, "
        "o mostrare un asso della sua mano e dichiararlo Kaiser per +1. Un asso mai dichiarato resta una "
        "carta normale.",
        "not_an_ace", "kaiser_twice"),
      P("answer",
        "Every raise must be answered by the other team: the next player, always an opponent, accepts "
        "(the value goes up and that player speaks next) or refuses. A refusal ends the hand at once "
        "without play: the raising team scores the value as it was before that raise. While a raise "
        "waits for its answer "
        "nobody else may speak.",
        "Ogni rilancio deve avere una risposta dall'altra squadra: il giocatore successivo, sempre un "
        "avversario, accetta (il valore sale e parla lui) o rifiuta. Un rifiuto chiude subito la mano "
        "senza giocare, \"a tavolino\": la squadra che ha rilanciato segna il valore di prima di quel "
        "rilancio. Finché un rilancio aspetta risposta nessun altro può parlare.",
        "answer_first", "not_responder", "nothing_to_answer", "pending"),
      D("K5",
        "Decision K5: declarations go round in order of play; after a raise only the next player answers; "
        "after an accept the player who accepted continues; four passes in a row end the round and play "
        "begins; raises are unlimited. Reason: the original gives no procedure.",
        "Decisione K5: le dichiarazioni girano in ordine di gioco; dopo un rilancio risponde solo il "
        "giocatore successivo; se accetta prosegue lui; quattro passi di fila chiudono il giro e comincia "
        "il gioco; i rilanci sono illimitati. Motivo: l'originale non dà una procedura.",
        "declarations_running"),
      D("K6",
        "Decision K6: Kaisers can be declared and values raised only in the declaration round, never once "
        "the first card is led. Reason: the original places the declarations before play.",
        "Decisione K6: i Kaiser si dichiarano e il valore si alza solo nel giro delle dichiarazioni, mai "
        "dopo la prima carta giocata. Motivo: l'originale mette le dichiarazioni prima del gioco.",
        "play_started"),
      ),
    S("turn", "Play", "Il gioco",
      P("tricks",
        "The first player leads the first trick; the winner of each trick leads the next. Any card may be "
        "played to any trick: there is no duty to follow suit. Partners may talk freely.",
        "Il primo giocatore attacca la prima presa; chi vince una presa attacca la successiva. A ogni presa "
        "si può giocare qualsiasi carta: non c'è obbligo di rispondere al seme. I compagni possono parlare "
        "liberamente.",
        "not_in_hand"),
      P("plain",
        "Plain order, in any suit: King, Ober, Unter, ace (undeclared, worth a ten), 9, 8, 7 ... 2. A plain "
        "card can win only when a plain card was led and it is of the suit led: it beats a lower plain card "
        "of that suit, and a partial trump it outranks (a King beats an Ober-beater, a King or an Ober "
        "beats an Unter-beater: the partial trumps slot into the led suit's order). A card of another "
        "plain suit never wins.",
        "Ordine normale, in ogni seme: Re, Cavallo, Fante, asso (non dichiarato, vale un dieci), 9, 8, "
        "7 ... 2. Una carta normale può vincere solo se la prima carta della presa è una carta normale del "
        "suo stesso seme: batte una carta normale più bassa di quel seme, e una briscola parziale che "
        "supera (il Re batte un Batti-Cavallo, il Re o il Cavallo batte un Batti-Fante: le briscole "
        "parziali stanno nell'ordine del seme giocato). Una carta di un altro seme normale non vince mai."),
      P("trumps",
        "The trumps, strongest first. Full trumps, which beat everything but a led Devil: the Kaiser of "
        "bells, the trump 5, "
        "the trump Unter, the trump 6, the trump 2, the Kaiser of roses. Ober-beaters: the trump 3, then the "
        "Kaiser of shields; they beat any plain card except the King of the suit led. Unter-beaters: the "
        "trump 4, then the Kaiser of acorns; they beat any plain card except the King or the Ober of the "
        "suit led. Kaisers are the declared aces, whatever the trump suit.",
        "Le briscole, dalla più forte. Briscole piene, che battono tutto tranne un Diavolo giocato per "
        "primo: il Kaiser di denari (campanelle, ♦), il 5 di briscola, il Fante di briscola, il 6 di "
        "briscola, il 2 di briscola, il Kaiser di coppe (rose, ♥). "
        "Batti-Cavallo: il 3 di briscola, poi il Kaiser di spade (scudi, ♠); battono ogni carta normale "
        "tranne il Re del seme giocato. Batti-Fante: il 4 di briscola, poi il Kaiser di bastoni (ghiande, "
        "♣); battono ogni carta "
        "normale tranne il Re o il Cavallo del seme giocato. I Kaiser sono gli assi dichiarati, qualunque "
        "sia la briscola."),
      P("little-suit",
        "The trump King and trump Ober are \"a little suit of their own\": the King beats only the trump "
        "Ober, and the Ober beats nothing.",
        "Re e Cavallo di briscola sono \"un piccolo seme a sé\": il Re batte solo il Cavallo di briscola, e "
        "il Cavallo non batte niente."),
      D("K11",
        "Decision K11: the original's trump groups are read as thresholds. The full trumps (\"King-"
        "beaters\") beat everything; the Ober-beaters beat everything except a King of the suit led and "
        "the trump King; the Unter-beaters everything except a King or an Ober of the suit led and the "
        "trump King and Ober. Only the trump Unter beats a led Devil. The original's literal \"battono "
        "tutte le carte non-Briscola\" and \"il fante (sempre di Briscola)\" are read this way. Reason: "
        "the group names only mean something as thresholds, the trump Unter is itself a top trump, and "
        "Parlett's worked trick (Ober, 3, King, 6 of trumps) agrees.",
        "Decisione K11: i gruppi di briscole dell'originale si leggono come soglie. Le briscole piene "
        "(\"batti-Re\") battono tutto; le batti-Cavallo battono tutto tranne un Re del seme giocato e il "
        "Re di briscola; le batti-Fante tutto tranne un Re o un Cavallo del seme giocato e il Re e il "
        "Cavallo di briscola. Solo il Fante di briscola batte un Diavolo giocato per primo. Il letterale "
        "\"battono tutte le carte non-Briscola\" e \"il fante (sempre di Briscola)\" dell'originale si "
        "leggono così. Motivo: i nomi dei gruppi hanno senso solo come soglie, il Fante di briscola è "
        "esso stesso una briscola alta, e la presa d'esempio di Parlett (Cavallo, 3, Re, 6 di briscola) lo "
        "conferma."),
      P("devil",
        "The Devil is the trump 7 (the trump 9 with 48 cards). It is not a trump: it wins only when it is "
        "led, and then only the trump Unter can beat it.",
        "Il Diavolo è il 7 di briscola (il 9 di briscola con 48 carte). Non è una briscola: vince solo se "
        "giocato per primo, e allora solo il Fante di briscola lo batte."),
      D("K8",
        "Decision K8: a trick is judged one card at a time: each card takes over if it beats the card "
        "winning so far, and the last to take over wins. Reason: the order is not transitive (a card can "
        "beat one that beats a third which beats it), and the published worked example is judged this way.",
        "Decisione K8: una presa si giudica una carta alla volta: ogni carta passa in testa se batte quella "
        "che sta vincendo, e vince l'ultima passata in testa. Motivo: l'ordine non è transitivo (una carta "
        "può battere una che batte una terza che batte la prima), e l'esempio pubblicato si giudica così."),
      D("K9",
        "Decision K9: the hand stops as soon as a team has three tricks; the remaining cards are not "
        "played. Reason: the result can no longer change.",
        "Decisione K9: la mano si ferma appena una squadra ha tre prese; le carte rimaste non si giocano. "
        "Motivo: il risultato non può più cambiare.",
        "hand_over"),
      ),
    S("scoring", "Scoring and the slate", "Punteggio e lavagna",
      P("target",
        "The team that wins the hand (three tricks, or a refused raise) scores its value. The first team to "
        "reach 101 or more at the end of a hand wins the game.",
        "La squadra che vince la mano (tre prese, o un rilancio rifiutato) segna il suo valore. Vince la "
        "partita la prima squadra che arriva a 101 o più alla fine di una mano."),
      P("marks",
        "The marks on the slate: a long line is 4 points, the base value; a hook is 3, for the first raise "
        "by 3; a line across the long line is 3, for every further raise by 3; a short line is 1, for a "
        "Kaiser.",
        "I segni sulla lavagna: una linea lunga vale 4 punti, il valore base; un uncino 3, per il primo "
        "rilancio di 3; una linea che taglia la linea lunga 3, per ogni altro rilancio di 3; una lineetta "
        "1, per un Kaiser."),
      D("K10",
        "Decision K10: each won hand adds one group of marks to the winner's side: a long line, then for "
        "each accepted raise in order a hook (the first +3), a crossing line (every later +3) or a short "
        "line (+1). A total known only as a number is drawn as long lines plus a hook or short lines. "
        "Reason: the original names these four marks but its table is missing; this uses each mark for "
        "the event it is tied to and always adds up to the score.",
        "Decisione K10: ogni mano vinta aggiunge un gruppo di segni dalla parte di chi vince: una linea "
        "lunga, poi per ogni rilancio accettato in ordine un uncino (il primo +3), una linea che taglia "
        "(ogni +3 successivo) o una lineetta (+1). Un totale noto solo come numero si disegna con linee "
        "lunghe più un uncino o lineette. Motivo: l'originale nomina questi quattro segni ma la sua "
        "tabella manca; così ogni segno indica l'evento a cui è legato e la somma torna sempre."),
      ),
    app_section(("seat", "not_your_turn"), ("unknown_card", "card_seen", "malformed", "unknown_action"),
                ("game_over",)),
)
