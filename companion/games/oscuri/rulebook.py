"""Il Cerchio degli Oscuri's rule book (shared/rules/oscuri.md, seed 000)."""

from __future__ import annotations

from ..rulebook import D, P, S, app_section, book

BOOK = book(
    "oscuri", "Il Cerchio degli Oscuri",
    "Each turn every player plays one card and puts one stake on the table. The stakes travel to whichever "
    "card is beating the others; at the end of the turn each player collects the stakes lying on their own "
    "card. Played for chips.",
    "A ogni turno ogni giocatore gioca una carta e mette una puntata sul tavolo. Le puntate viaggiano verso "
    "la carta che sta battendo le altre; a fine turno ognuno raccoglie le puntate che stanno sulla propria "
    "carta. Si gioca a gettoni.",
    S("components", "Components", "Materiale",
      P("suits",
        "A French deck with both jokers (54 cards). Four suits, from weakest to strongest: Crosses "
        "(spades), Trees (clubs), Flames (diamonds), Skulls (hearts). Inside a suit: 2, 3 ... 10, ace, "
        "then the two figures, jack and queen, which are equal and highest.",
        "Un mazzo francese con i due jolly (54 carte). Quattro semi, dal più debole al più forte: Croci "
        "(picche), Alberi (fiori), Fiamme (quadri), Teschi (cuori). Dentro un seme: 2, 3 ... 10, asso, poi "
        "le due figure, fante e donna, uguali tra loro e più alte di tutte."),
      P("specials",
        "Cards without a suit: the two Black Angels (the jokers) and the four Death cards (the four kings, "
        "whatever their suit). One exception: the two of Crosses, the lowest card of all, beats the two "
        "Skull figures, and nothing else.",
        "Carte senza seme: i due Angeli Neri (i jolly) e le quattro carte della Morte (i quattro re, di "
        "qualunque seme). Un'eccezione: il due di Croci, la carta più bassa di tutte, batte le due figure "
        "di Teschi, e nient'altro."),
      D("O3",
        "Decision O3: the figures are the jack and the queen, and the kings are Death. Reason: that is the "
        "original's own mapping onto French cards.",
        "Decisione O3: le figure sono fante e donna, e i re sono la Morte. Motivo: è la corrispondenza "
        "con le carte francesi data dall'originale."),
      ),
    S("setup", "Setup", "Preparazione",
      D("O1",
        "Decision O1: 2 to 6 players. Reason: the original gives no number, and three cards each plus a "
        "draw pile work for any small group.",
        "Decisione O1: da 2 a 6 giocatori. Motivo: l'originale non dà un numero, e tre carte a testa più "
        "un mazzo da pescare funzionano per qualsiasi piccolo gruppo."),
      P("deal",
        "The stake (chips per card played) is fixed for the whole game. Everyone cuts and the highest "
        "card leads the first turn. With real cards the players cut the real deck and choose the winner "
        "of the cut on the new-table form; otherwise the app cuts for them. Deal three cards to each "
        "player; the rest is the face-down draw pile. Play goes to the left of the leader.",
        "La puntata (gettoni per carta giocata) è fissa per tutta la partita. Tutti alzano e la carta più "
        "alta apre il primo turno. Con carte vere i giocatori alzano il mazzo vero e indicano chi ha vinto "
        "l'alzata quando creano il tavolo; altrimenti alza l'app per loro. Si danno tre carte a testa; il "
        "resto è il mazzo coperto da cui si pesca. Si gioca verso sinistra a partire da chi apre."),
      D("O2",
        "Decision O2: at the cut, Death beats a Black Angel, which beats any suit card; suit cards are "
        "compared by suit first, then by rank; ties cut again. Reason: \"highest card\" needs an order, "
        "and this follows the game's own ranking.",
        "Decisione O2: all'alzata la Morte batte l'Angelo Nero, che batte qualsiasi carta di seme; le "
        "carte di seme si confrontano prima per seme, poi per valore; a parità si rialza. Motivo: \"la "
        "carta più alta\" richiede un ordine, e questo segue la gerarchia del gioco."),
      ),
    S("turn", "A turn", "Un turno",
      P("lead",
        "The leader plays any card and puts one stake on it. That card is the card to beat, and its suit "
        "is the suit of the turn.",
        "Chi apre gioca una carta qualsiasi e ci mette sopra una puntata. La sua carta è quella da battere, "
        "e il suo seme è il seme del turno."),
      P("follow",
        "Each next player plays one card. If they hold a card of the turn's suit they must play that suit, "
        "or a Black Angel, or Death; if they hold none they may play anything. Kings and jokers are not suit "
        "cards. Nobody is obliged to beat.",
        "Ogni giocatore successivo gioca una carta. Se ha carte del seme del turno deve giocare quel seme, "
        "oppure un Angelo Nero o la Morte; se non ne ha può giocare qualsiasi carta. Re e jolly non sono "
        "carte di seme. Nessuno è obbligato a battere.",
        "follow_suit", "not_in_hand"),
      P("stakes",
        "Where the stakes go. A card that beats the card to beat (higher in the same suit, or of a "
        "stronger suit) takes every stake lying on the winning card, and its player adds their own: it "
        "becomes the card to beat. A lower card of the same suit wins nothing: its stake joins the winning "
        "card. Two equal figures: the new figure takes its own stake, the earlier stakes freeze where they "
        "lie and go to that card's owner. A card of a weaker suit (only possible with none of the turn's "
        "suit) gives its stake to the winning card and freezes it there; but the suit of the turn changes, "
        "and the next player must answer this new card.",
        "Dove vanno le puntate. Una carta che batte quella da battere (più alta nello stesso seme, o di un "
        "seme più forte) prende tutte le puntate che stanno sulla carta vincente, e il suo giocatore "
        "aggiunge la sua: diventa la carta da battere. Una carta più bassa dello stesso seme non vince: la "
        "sua puntata va sulla carta vincente. Due figure uguali: la nuova figura tiene la sua puntata, "
        "quelle precedenti si congelano dove sono e vanno al proprietario di quella carta. Una carta di un "
        "seme più debole (possibile solo senza carte del seme del turno) dà la sua puntata alla carta "
        "vincente e la congela lì; però il seme del turno cambia, e il giocatore dopo deve rispondere a "
        "questa nuova carta."),
      D("O18",
        "Decision O18: a card that beats takes all the stakes on the card it beats, not only one player's. "
        "Reason: the original describes stakes piling up on one card and travelling together.",
        "Decisione O18: una carta che batte prende tutte le puntate della carta battuta, non solo quella "
        "di un giocatore. Motivo: l'originale descrive le puntate che si accumulano su una carta e "
        "viaggiano insieme."),
      D("O9",
        "Decision O9: between equal figures, the new figure becomes the card to beat and the earlier "
        "stakes freeze. Reason: the original says the earlier stake \"will not be touched again\" and play "
        "goes on.",
        "Decisione O9: tra figure uguali, la nuova figura diventa la carta da battere e le puntate "
        "precedenti si congelano. Motivo: l'originale dice che la puntata precedente \"non verrà più "
        "toccata\" e il gioco prosegue."),
      D("O10",
        "Decision O10: a card of a weaker suit loses, but still changes the suit of the turn, and the next "
        "player answers it. Reason: the original says the suit changes \"in any case\".",
        "Decisione O10: una carta di un seme più debole perde, ma cambia comunque il seme del turno, e il "
        "giocatore successivo risponde a quella. Motivo: l'originale dice che il seme cambia \"in ogni "
        "caso\"."),
      D("O4",
        "Decision O4: the two of Crosses follows suit like any suit card, and beats only a Skull figure "
        "that is the card to beat. Reason: the original gives it extra power, not extra freedom.",
        "Decisione O4: il due di Croci risponde al seme come ogni carta di seme, e batte solo una figura "
        "di Teschi che sia la carta da battere. Motivo: l'originale gli dà più forza, non più libertà."),
      ),
    S("special-cards", "Black Angels and Death", "Angeli Neri e Morte",
      P("angel",
        "A Black Angel may be played at any time, even by a player who could follow suit. It always takes "
        "the stakes from the winning card, and its player adds their own, but it does not change the card to "
        "beat nor the suit: the next player still answers the card before the Angel. If they beat that card "
        "they take the stakes off the Angel; if they play lower, their stake goes onto the Angel.",
        "Un Angelo Nero si può giocare in qualsiasi momento, anche da chi potrebbe rispondere al seme. "
        "Prende sempre le puntate dalla carta vincente, e il suo giocatore aggiunge la sua, ma non cambia "
        "la carta da battere né il seme: il giocatore dopo risponde ancora alla carta prima dell'Angelo. Se "
        "la batte prende le puntate dall'Angelo; se gioca più basso, la sua puntata va sull'Angelo."),
      D("O8",
        "Decision O8: an Angel led as the first card sets no suit; the next suit card takes its stakes and "
        "sets the suit. Reason: with no card before the Angel, any card meets the rule \"beat the card "
        "before the Angel\".",
        "Decisione O8: un Angelo giocato per primo non stabilisce un seme; la prima carta di seme "
        "successiva prende le sue puntate e fissa il seme. Motivo: senza una carta prima dell'Angelo, "
        "qualunque carta soddisfa la regola \"battere la carta prima dell'Angelo\"."),
      D("O16",
        "Decision O16: an Angel played on another Angel takes its stakes. Reason: \"the Angel always beats "
        "the card before it\".",
        "Decisione O16: un Angelo giocato su un altro Angelo ne prende le puntate. Motivo: \"l'Angelo batte "
        "sempre la carta precedente\"."),
      D("O17",
        "Decision O17: where the original writes \"angel of death\" it means the Black Angel. Reason: a "
        "slip in the text.",
        "Decisione O17: dove l'originale scrive \"angelo della morte\" intende l'Angelo Nero. Motivo: una "
        "svista nel testo."),
      P("death",
        "Death may be played at any time. Its player puts no stake down, takes every stake on the table in "
        "this turn, and the turn ends at once: the players after them neither play nor draw, and Death's "
        "player leads the next turn.",
        "La Morte si può giocare in qualsiasi momento. Chi la gioca non punta, prende tutte le puntate del "
        "turno sul tavolo, e il turno finisce subito: i giocatori dopo di lui non giocano né pescano, e lui "
        "apre il turno successivo."),
      D("O5",
        "Decision O5: no stake is put on a Death card. Reason: its player would take it straight back.",
        "Decisione O5: sulla Morte non si punta. Motivo: chi la gioca la riprenderebbe subito."),
      D("O6",
        "Decision O6: Death takes frozen stakes too. Reason: the original says \"all the stakes\".",
        "Decisione O6: la Morte prende anche le puntate congelate. Motivo: l'originale dice \"tutte le "
        "puntate\"."),
      P("death-led",
        "Death led as the first card: every other player who still holds cards pays the leader one stake "
        "and puts one card of their choice face down in the centre, in order of play; nobody looks at it. "
        "The leader does not discard. Then the leader leads again.",
        "La Morte giocata per prima: ogni altro giocatore che ha ancora carte paga una puntata a chi apre "
        "e mette una carta a sua scelta coperta al centro, in ordine di gioco; nessuno la guarda. Chi ha "
        "aperto non scarta. Poi chi ha aperto riapre.",
        "discard_card", "discard_order", "discard_pending", "discard_unseen", "no_discard", "not_owing"),
      D("O7",
        "Decision O7: after a led Death the others pay one stake each, put one card face down and do not "
        "draw; only the leader draws. Reason: a literal reading of the two Death paragraphs together.",
        "Decisione O7: dopo una Morte di apertura gli altri pagano una puntata ciascuno, mettono una carta "
        "coperta e non pescano; pesca solo chi ha aperto. Motivo: lettura letterale dei due paragrafi "
        "sulla Morte insieme."),
      ),
    S("end-turn", "End of a turn", "Fine del turno",
      P("settle",
        "Each player collects the stakes on their own card, frozen ones included; the played cards go face "
        "up out of play. The next turn is led by the Death player, or else by the player with the most "
        "stakes on their card. Then, from the new leader round the table, everyone who played a card draws "
        "one while the pile lasts.",
        "Ognuno raccoglie le puntate sulla propria carta, congelate comprese; le carte giocate escono "
        "scoperte dal gioco. Il turno dopo lo apre chi ha giocato la Morte, altrimenti chi ha più puntate "
        "sulla sua carta. Poi, dal nuovo primo di mano in giro, chi ha giocato una carta ne pesca una "
        "finché il mazzo dura."),
      D("O11",
        "Decision O11: if several players tie for the most stakes, the one who played latest leads. "
        "Reason: the original is silent, and the later card was the more recent winner.",
        "Decisione O11: se più giocatori hanno lo stesso numero massimo di puntate, apre chi ha giocato "
        "per ultimo. Motivo: l'originale tace, e la carta più recente era l'ultima vincente."),
      D("O12",
        "Decision O12: only players who played a card draw, in order from the new leader. Reason: the "
        "original's Death rule; the others still hold three cards.",
        "Decisione O12: pescano solo quelli che hanno giocato una carta, in ordine dal nuovo primo di "
        "mano. Motivo: la regola della Morte dell'originale; gli altri hanno ancora tre carte."),
      D("O14",
        "Decision O14: a player with no card when a turn begins is out for the rest of the game. Reason: "
        "the original says they \"won't play any further\".",
        "Decisione O14: chi non ha carte all'inizio di un turno è fuori per il resto della partita. "
        "Motivo: l'originale dice che \"non giocherà più\".",
        "out"),
      D("O19",
        "Decision O19: when the player who should lead the next turn holds no card after the draws (they "
        "won the turn with their last card, or led Death with it), they are out (Decision O14), and the lead "
        "passes to the first player on their left who still holds cards. Reason: the original is silent, the "
        "turn must begin with somebody, and play already runs to the left.",
        "Decisione O19: se chi dovrebbe aprire il turno dopo non ha carte dopo la pesca (ha vinto il turno "
        "con l'ultima, o ci ha giocato la Morte), è fuori (Decisione O14), e apre il primo giocatore alla "
        "sua sinistra che ha ancora carte. Motivo: l'originale tace, il turno deve pur cominciare da "
        "qualcuno, e il gioco va già verso sinistra."),
      ),
    S("scoring", "End of the game and scoring", "Fine della partita e punteggio",
      D("O13",
        "Decision O13: the game ends at the start of a turn when fewer than two players hold cards. "
        "Reason: it joins the original's two endings (nobody holds cards; only one player does).",
        "Decisione O13: la partita finisce all'inizio di un turno se meno di due giocatori hanno carte. "
        "Motivo: unisce i due finali dell'originale (nessuno ha carte; solo uno ne ha)."),
      D("O15",
        "Decision O15: the result is each player's net chip balance, and the highest balance wins (ties "
        "share). Reason: the original counts chips but names no winner.",
        "Decisione O15: il risultato è il saldo netto di gettoni di ognuno, e vince il saldo più alto "
        "(a pari merito si vince insieme). Motivo: l'originale conta i gettoni ma non nomina un "
        "vincitore."),
      ),
    app_section(("seat", "not_your_turn"), ("unknown_card", "card_seen", "malformed", "unknown_action"),
                ("game_over",)),
)
