"""Quinta's rule book (shared/rules/quinta.md, seed 001)."""

from __future__ import annotations

from ..rulebook import D, P, S, app_section, book

BOOK = book(
    "quinta", "Quinta",
    "Four rows, one per suit, each begins with its ace. Every round all players lay one card at the same "
    "time; whoever lays the fifth card of a row takes the row (never the ace). At the end, pairs, threes "
    "and fours of a kind in the cards you took score points.",
    "Quattro file, una per seme, ciascuna comincia dal suo asso. A ogni giro tutti mettono una carta nello "
    "stesso momento; chi mette la quinta carta di una fila si prende la fila (mai l'asso). Alla fine, "
    "coppie, tris e poker tra le carte prese valgono punti.",
    S("components", "Components", "Materiale",
      P("deck",
        "A French deck of 52 cards and 2 jokers. The four aces start the four rows; the other 50 cards "
        "(48 plus the red joker and the black joker) are dealt. No chips: the game is scored in points.",
        "Un mazzo francese di 52 carte e 2 jolly. I quattro assi aprono le quattro file; le altre 50 carte "
        "(48 più il jolly rosso e il jolly nero) vengono distribuite. Niente gettoni: si gioca a punti."),
      P("special",
        "Special cards: every queen (the \"Quinta\") and the two jokers. Jacks and kings are ordinary "
        "cards that count 11 and 13 when a row is laid in order.",
        "Carte speciali: ogni donna (la \"Quinta\") e i due jolly. Fanti e re sono carte normali che "
        "valgono 11 e 13 quando una fila si dispone in ordine."),
      D("Q8",
        "Decision Q8: the jack counts as 11 and the king as 13 when cards are laid in rank order. Reason: "
        "that is the usual order, and the original text gives them no other role.",
        "Decisione Q8: il fante vale 11 e il re 13 quando le carte si mettono in ordine di valore. "
        "Motivo: è l'ordine consueto, e il testo originale non dà loro altri ruoli."),
      ),
    S("setup", "Setup", "Preparazione",
      P("rows",
        "3 to 6 players. Lay the four aces one under the other: hearts, diamonds, clubs, spades. Each is "
        "the start of its suit's row.",
        "Da 3 a 6 giocatori. Metti i quattro assi uno sotto l'altro: cuori, quadri, fiori, picche. Ognuno "
        "apre la fila del suo seme."),
      P("deal",
        "Shuffle the other 50 cards and deal them out evenly: 16 each with 3 players, 12 with 4, 10 with "
        "5, 8 with 6. The few cards left over (2, or none with 5 players) are put aside face down. Each "
        "player keeps the cards they take in a face-down pile in front of them.",
        "Mescola le altre 50 carte e distribuiscile in parti uguali: 16 a testa in 3, 12 in 4, 10 in 5, "
        "8 in 6. Le poche carte che avanzano (2, o nessuna in 5) si mettono da parte coperte. Ogni "
        "giocatore tiene le carte che prende in un mazzetto coperto davanti a sé."),
      D("Q9",
        "Decision Q9: the cards put aside at the deal are out of play and nobody looks at them. Reason: "
        "the original says they are discarded face down.",
        "Decisione Q9: le carte messe da parte nella distribuzione sono fuori gioco e nessuno le guarda. "
        "Motivo: l'originale dice che si scartano coperte."),
      ),
    S("turn", "A round", "Un giro",
      P("choose",
        "Everybody picks one card from their hand and lays it face down, all at the same time. When every "
        "player has chosen, the cards are turned over together.",
        "Ognuno sceglie una carta dalla mano e la mette coperta, tutti nello stesso momento. Quando "
        "tutti hanno scelto, le carte si girano insieme.",
        "not_in_hand"),
      D("Q6",
        "Decision Q6: a card once chosen cannot be taken back or changed. Reason: the cards go down face "
        "down together, and changing would be unfair to those who already chose.",
        "Decisione Q6: una carta scelta non si può riprendere né cambiare. Motivo: le carte si posano "
        "coperte tutte insieme, e cambiarla sarebbe scorretto verso chi ha già scelto.",
        "already_chosen"),
      P("order",
        "The revealed cards are placed in a fixed order: first the queens, then the jokers (the black "
        "one before the red one), then all other cards, each in the row of its suit, lowest first inside "
        "a row. Rows do not have to climb: a row may read ace, 3, 7, 5, 10.",
        "Le carte girate si sistemano in un ordine fisso: prima le donne, poi i jolly (il nero prima del "
        "rosso), poi tutte le altre, ognuna nella fila del suo seme, dalla più bassa dentro la fila. Le "
        "file non devono salire: una fila può essere asso, 3, 7, 5, 10."),
      D("Q1",
        "Decision Q1: queens, then jokers (black before red), then the rest by suit spades, clubs, "
        "diamonds, hearts and by rising rank. Reason: this reading of \"lowest value first\" fits every "
        "example of the original, and since rows never touch each other only the order within a row can "
        "change who takes.",
        "Decisione Q1: donne, poi jolly (nero prima del rosso), poi il resto per seme picche, fiori, "
        "quadri, cuori e per valore crescente. Motivo: questa lettura di \"dal valore più basso\" torna "
        "con tutti gli esempi dell'originale, e siccome le file sono indipendenti conta solo l'ordine "
        "dentro una fila."),
      P("fifth",
        "The fifth card: a row holds at most five cards, the ace included. Whoever lays the fifth card "
        "takes the four cards after the ace into their pile, and the row is back to its ace alone. The ace "
        "is never taken.",
        "La quinta carta: una fila tiene al massimo cinque carte, asso compreso. Chi mette la quinta "
        "carta prende le quattro carte dopo l'asso nel suo mazzetto, e la fila torna al solo asso. L'asso "
        "non si prende mai."),
      D("Q2",
        "Decision Q2: in the original's second example the cards go to the player who really laid the "
        "fifth club, not to the name printed there. Reason: the rule \"whoever lays the fifth card\" is "
        "clear, and the name is a slip.",
        "Decisione Q2: nel secondo esempio dell'originale le carte vanno a chi ha davvero messo il quinto "
        "fiori, non al nome stampato lì. Motivo: la regola \"chi mette la quinta carta\" è chiara, il nome "
        "è una svista."),
      ),
    S("special-cards", "Special cards", "Carte speciali",
      P("queen",
        "A queen goes to the row of its suit and takes every card of that row except the ace, together "
        "with the queen itself, however short the row is, \"as if it were the fifth card\". The row is "
        "then back to its ace.",
        "Una donna va nella fila del suo seme e prende tutte le carte della fila tranne l'asso, insieme "
        "alla donna stessa, per quanto corta sia la fila, \"come se fosse la quinta carta\". La fila torna "
        "al solo asso."),
      P("joker",
        "A joker goes into a row of its colour chosen by its owner: the red joker into hearts or diamonds, "
        "the black joker into clubs or spades. It counts as a card of that row, so if it is the fifth its "
        "owner takes the row, joker included. When both jokers are played in the same round, the black "
        "joker's owner chooses first; everyone else waits for the row choices.",
        "Un jolly va in una fila del suo colore scelta dal suo proprietario: il jolly rosso in cuori o "
        "quadri, il jolly nero in fiori o picche. Conta come una carta di quella fila, quindi se è la "
        "quinta il suo proprietario prende la fila, jolly compreso. Se nello stesso giro escono entrambi i "
        "jolly, sceglie prima chi ha il nero; gli altri aspettano le scelte delle file.",
        "joker_colour", "joker_order", "joker_pending", "no_joker"),
      ),
    S("scoring", "Scoring", "Punteggio",
      P("sets",
        "When all hands are empty the game ends. Each player sorts their pile by rank: a pair scores 1, "
        "three of a kind 2, four of a kind 4; a single card scores nothing. Queens and kings are ranks "
        "like any other; aces never reach a pile. The highest total wins.",
        "Quando tutte le mani sono vuote la partita finisce. Ognuno divide il suo mazzetto per valore: una "
        "coppia vale 1, un tris 2, un poker 4; una carta sola non vale nulla. Donne e re sono valori come "
        "gli altri; gli assi non finiscono mai in un mazzetto. Vince il totale più alto.",
        "hand_empty"),
      P("joker-score",
        "At the end a joker in your pile stands for any card of its colour you like (red: hearts or "
        "diamonds; black: clubs or spades), to complete a pair, three or four of a kind.",
        "Alla fine un jolly nel tuo mazzetto vale come qualsiasi carta del suo colore a tua scelta (rosso: "
        "cuori o quadri; nero: fiori o picche), per completare una coppia, un tris o un poker."),
      D("Q3",
        "Decision Q3: a joker may not copy a card that is already in the same pile, so a set always has "
        "different suits. Reason: a pair is \"same value, different suits\".",
        "Decisione Q3: un jolly non può copiare una carta già presente nello stesso mazzetto, così un "
        "gruppo ha sempre semi diversi. Motivo: una coppia è \"stesso valore, semi diversi\"."),
      D("Q4",
        "Decision Q4: both jokers may copy the same rank, and may even make a pair on their own. Reason: "
        "each is \"any card\" of its colour.",
        "Decisione Q4: i due jolly possono copiare lo stesso valore, e perfino fare coppia da soli. "
        "Motivo: ognuno è \"qualsiasi carta\" del suo colore."),
      D("Q5",
        "Decision Q5: the app chooses for the jokers the cards that give the most points. Reason: the "
        "choice is the player's, and a player always wants the most.",
        "Decisione Q5: l'app sceglie per i jolly le carte che danno più punti. Motivo: la scelta è del "
        "giocatore, e un giocatore vuole sempre il massimo."),
      D("Q7",
        "Decision Q7: equal top totals share the win. Reason: the original does not say.",
        "Decisione Q7: a pari totale più alto si vince insieme. Motivo: l'originale non lo dice."),
      ),
    app_section(("seat",), ("unknown_card", "card_seen", "malformed", "unknown_action"),
                ("game_over",)),
)
