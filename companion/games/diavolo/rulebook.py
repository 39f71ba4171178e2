"""Il Diavolo's rule book (shared/rules/diavolo.md, seed 003)."""

from __future__ import annotations

from ..rulebook import D, P, S, app_section, book

BOOK = book(
    "diavolo", "Il Diavolo",
    "Collect cards one at a time, paying a chip for every extra card, and try to total exactly 15. Whoever "
    "reaches exactly 15, or receives the Devil (trump 15, wild), takes the whole pot.",
    "Raccogli carte una alla volta, pagando un gettone per ogni carta in più, e cerca di fare esattamente "
    "15. Chi fa esattamente 15, o riceve il Diavolo (il trionfo 15, jolly), prende tutto il piatto.",
    S("components", "Components", "Materiale",
      P("deck",
        "A 78-card tarot, such as the Tarocco Piemontese: 21 numbered trumps, the Fool, and four suits of "
        "14 cards. Suits play no part, so a French-suited tarot works as well.",
        "Un mazzo di 78 tarocchi, come il Tarocco Piemontese: 21 trionfi numerati, il Matto e quattro semi "
        "da 14 carte. I semi non contano, quindi va bene anche un tarocco con semi francesi.",
        "bad_deck"),
      P("values",
        "Card values: king, queen, cavalier and jack are worth one half; ace to 10 their number (ace 1); "
        "each trump its number, the Fool 0 and the World 21. Half points are kept exactly.",
        "Valori: re, donna, cavallo e fante valgono mezzo punto; dall'asso al 10 il loro numero (asso 1); "
        "ogni trionfo il suo numero, il Matto 0 e il Mondo 21. I mezzi punti si contano esatti."),
      P("devil",
        "The Devil, trump 15, is wild: it takes any value, whole or half, positive or negative, so it "
        "always makes 15, however much the other cards add up to.",
        "Il Diavolo, trionfo 15, è jolly: prende qualsiasi valore, intero o mezzo, positivo o negativo, "
        "quindi fa sempre 15, qualunque sia la somma delle altre carte."),
      ),
    S("setup", "Setup", "Preparazione",
      D("D1",
        "Decision D1: 2 to 10 players. Reason: the original says \"2 to 10 or even more\", and the app "
        "needs a limit; 78 cards are plenty for ten.",
        "Decisione D1: da 2 a 10 giocatori. Motivo: l'originale dice \"da 2 a 10 o anche più\", e l'app ha "
        "bisogno di un limite; 78 carte bastano per dieci."),
      P("dealer",
        "The first dealer is drawn by lot. With real cards the players may draw their own lot and "
        "choose that dealer on the new-table form; otherwise the app draws. The dealer is no banker: "
        "they deal and play for themselves like everyone else. Cards are dealt and players speak starting "
        "from the dealer's right, the dealer last.",
        "Il primo mazziere si estrae a sorte. Con carte vere i giocatori possono fare la loro estrazione "
        "e scegliere quel mazziere quando creano il tavolo; altrimenti estrae l'app. Non è un banco: "
        "distribuisce e gioca per sé come tutti. Si distribuisce e si parla a partire dalla destra del "
        "mazziere, il mazziere per ultimo."),
      D("D5",
        "Decision D5: after each deal the deal passes to the next player in order. Reason: the original "
        "gives no rotation, and this is the usual way.",
        "Decisione D5: dopo ogni mano il mazzo passa al giocatore successivo. Motivo: l'originale non "
        "indica una rotazione, e questa è l'usanza.",
        "not_dealer", "deal_running"),
      ),
    S("turn", "A deal", "Una mano",
      P("ante",
        "Everybody puts one unit into the pot, and each player gets one card face down, the dealer "
        "included. A player whose first card is the Devil says so and takes the pot at once.",
        "Tutti mettono una posta nel piatto, e ognuno riceve una carta coperta, mazziere compreso. Chi "
        "riceve il Diavolo come prima carta lo dice e prende subito il piatto."),
      P("offer",
        "Then, in speaking order, each player still in chooses: ask (pay one unit into the pot and receive "
        "another card face down) or withdraw (leave this deal; what they paid stays in the pot). There is no "
        "\"stand\": if you do not want a card, you withdraw.",
        "Poi, in ordine, ogni giocatore ancora in gioco sceglie: chiedere (paga una posta nel piatto e "
        "riceve un'altra carta coperta) o ritirarsi (esce da questa mano; quanto ha pagato resta nel "
        "piatto). Non si può \"stare\": chi non vuole carte si ritira.",
        "unknown_action", "not_your_turn"),
      D("D2",
        "Decision D2: the rounds of asking go on as long as needed. Reason: the original describes a "
        "second round as an example, not as a limit.",
        "Decisione D2: i giri di richiesta continuano finché serve. Motivo: l'originale descrive un "
        "secondo giro come esempio, non come limite."),
      D("D7",
        "Decision D7: withdrawing is final for the deal, and a withdrawn player's cards no longer count. "
        "Reason: the original says \"ritirarsi dal gioco\", leaving the game.",
        "Decisione D7: il ritiro vale per tutta la mano, e le carte di chi si è ritirato non contano più. "
        "Motivo: l'originale dice \"ritirarsi dal gioco\".",
        "withdrawn"),
      P("win",
        "The deal ends the moment a new card is the Devil or brings a player to exactly 15: they announce "
        "it and take the whole pot. Those who have not spoken yet in that round do not act. Only the "
        "Devil and an exact 15 win; being close does not count.",
        "La mano finisce appena una nuova carta è il Diavolo o porta un giocatore a esattamente 15: lo "
        "annuncia e prende tutto il piatto. Chi non ha ancora parlato in quel giro non agisce. Vincono "
        "solo il Diavolo e il 15 esatto; avvicinarsi non conta.",
        "deal_over"),
      P("bust",
        "Going over 15 is secret and not the end: you need not say so, and you may keep asking and "
        "paying, because the Devil would still bring you back to 15. No other card can lower a total.",
        "Superare 15 è un segreto e non è la fine: non devi dirlo, e puoi continuare a chiedere e pagare, "
        "perché il Diavolo ti riporterebbe comunque a 15. Nessun'altra carta abbassa un totale."),
      D("D6",
        "Decision D6: the win is declared by itself as soon as it happens, because the announcement is "
        "compulsory; a player over 15 keeps playing silently. Reason: the original says the winner "
        "\"must announce it\".",
        "Decisione D6: la vittoria si dichiara da sola appena avviene, perché l'annuncio è obbligatorio; "
        "chi ha superato 15 continua in silenzio. Motivo: l'originale dice che il vincitore \"deve "
        "annunciarlo\".",
        "declare_known"),
      D("D8",
        "Decision D8: \"takes the stake\" for an exact 15 and \"takes the pot\" for the Devil both mean "
        "the whole pot. Reason: the pot is indivisible.",
        "Decisione D8: \"ritira la posta\" per il 15 esatto e \"ritira il piatto\" per il Diavolo vogliono "
        "dire entrambi tutto il piatto. Motivo: il piatto è indivisibile."),
      ),
    S("real-cards", "Playing with real cards", "Giocare con carte vere",
      P("notes",
        "When the cards are real and the app did not deal them, each player may enter the cards they "
        "receive on their own phone (each card once, no more than they have received), or simply say "
        "that their new card makes no 15. The app knows nothing else about their hand. When the app "
        "dealt the cards, it "
        "knows them already and needs no entry.",
        "Quando le carte sono vere e non le ha distribuite l'app, ogni giocatore può indicare sul suo "
        "telefono le carte che riceve (ognuna una volta, non più di quante ne ha ricevute), o dire "
        "semplicemente che la nuova carta non fa 15. L'app non sa altro della sua mano. Se le carte le ha "
        "distribuite l'app, le conosce già e non serve indicarle.",
        "check_first", "nothing_to_check", "note_known", "note_too_many", "note_twice"),
      P("declare",
        "To claim a win with real cards, show all the cards you received, each once, including those you "
        "entered: they must make exactly 15 or hold the Devil.",
        "Per reclamare una vittoria con carte vere, mostra tutte le carte ricevute, ognuna una volta, "
        "comprese quelle che hai indicato: devono fare esattamente 15 o contenere il Diavolo.",
        "declare_count", "declare_not_15", "declare_noted"),
      P("late",
        "A win is announced as the card arrives. Once you have said that your new card makes no 15, those "
        "cards can no longer win: a claim made later is refused, and cards entered later that make 15 are "
        "told to the table as a win announced too late. The deal goes on, and your next card may still win "
        "(the Devil always does).",
        "La vincita si annuncia appena arriva la carta. Dopo aver detto che la nuova carta non fa 15, quelle "
        "carte non possono più vincere: una richiesta fatta dopo è rifiutata, e carte indicate dopo che "
        "fanno 15 sono dette al tavolo come una vincita annunciata troppo tardi. La mano continua, e la "
        "prossima carta può ancora vincere (il Diavolo vince sempre).",
        "late_claim"),
      ),
    S("scoring", "Pot and payouts", "Piatto e pagamenti",
      P("payouts",
        "Each deal costs every player one unit for the ante and one for every card asked; the winner takes "
        "the whole pot. Balances are net and may go negative.",
        "Ogni mano costa a ciascuno una posta per l'entrata e una per ogni carta chiesta; il vincitore "
        "prende tutto il piatto. I saldi sono netti e possono andare sotto zero."),
      D("D3",
        "Decision D3: if everybody withdraws, nobody wins and the pot stays on the table; the next deal's "
        "antes are added to it. Reason: the pot is indivisible and belongs to the winner of a deal.",
        "Decisione D3: se tutti si ritirano, nessuno vince e il piatto resta sul tavolo; le entrate della "
        "mano dopo si aggiungono. Motivo: il piatto è indivisibile e spetta al vincitore di una mano."),
      D("D4",
        "Decision D4: when the pile runs out nobody can ask any more, and the players still in can only "
        "withdraw. Reason: the original never lets the pile run out, and this keeps every chip accounted "
        "for.",
        "Decisione D4: quando il mazzo finisce non si può più chiedere, e chi è ancora in gioco può solo "
        "ritirarsi. Motivo: l'originale non prevede che il mazzo finisca, e così ogni gettone torna.",
        "empty_pile"),
      D("D9",
        "Decision D9: the pot is indivisible and goes only to the winner of a deal. While a pot is on the "
        "table the app offers one more deal, so that the evening goes on until someone wins it. If the "
        "table stops anyway (the next dealer ends the evening instead of dealing), each player takes back "
        "exactly what they paid into that pot (their antes, and what they paid for the cards they asked "
        "for, since it was last won), so nobody gains from having paid less; the closing settlement "
        "shows it line by "
        "line. The app never splits a pot in equal shares. Reason: the "
        "original's pot is \"appannaggio, indivisibile, del vincitore della smazzata\".",
        "Decisione D9: il piatto è indivisibile e va solo al vincitore di una mano. Finché c'è un piatto "
        "sul tavolo l'app propone un'altra mano, così la serata continua finché qualcuno lo vince. Se il "
        "tavolo smette comunque (il prossimo mazziere chiude la serata invece di distribuire), ognuno "
        "riprende esattamente quanto ha versato in quel piatto (le sue entrate, e quanto ha pagato per le "
        "carte chieste, da quando è stato vinto l'ultima volta), così nessuno guadagna per aver pagato "
        "meno; il conto finale lo mostra riga per riga. L'app non divide mai un piatto in "
        "parti uguali. Motivo: il piatto dell'originale è \"appannaggio, indivisibile, del vincitore "
        "della smazzata\".",
        "end_mid_deal", "end_not_dealer"),
      D("R2",
        "Decision R2: balances may go below zero; a table that plays with a hard limit keeps it itself. "
        "Reason: the original never says what happens when a player runs out of chips.",
        "Decisione R2: i saldi possono andare sotto zero; un tavolo che gioca con un limite lo fa "
        "rispettare da sé. Motivo: l'originale non dice cosa succede quando un giocatore finisce i "
        "gettoni."),
      ),
    app_section(("seat",), ("unknown_card", "malformed"), ("game_over",)),
)
