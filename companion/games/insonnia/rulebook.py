"""Insonnia's rule book (shared/rules/insonnia.md, seed 004)."""

from __future__ import annotations

from ..rulebook import D, P, S, app_section, book

BOOK = book(
    "insonnia", "Insonnia",
    "Count sheep from 1 to 10. Lay numbered sheep in rows (\"counts\"), use fences as jokers, and slow "
    "your opponents down with confused sheep. You win with a complete count 1 to 10 in front of you and "
    "an empty hand.",
    "Conta le pecore da 1 a 10. Metti pecore numerate in file (\"conte\"), usa i recinti come jolly, e "
    "rallenta gli avversari con le pecore confuse. Vinci con una conta completa da 1 a 10 davanti a te e "
    "la mano vuota.",
    S("components", "Components", "Materiale",
      P("deck",
        "The printed deck has 108 cards: 100 numbered sheep (1 to 10 in five colours, two series per "
        "colour, so each card exists twice), 4 fences and 4 confused sheep (the ones with a question "
        "mark).",
        "Il mazzo stampato ha 108 carte: 100 pecore numerate (da 1 a 10 in cinque colori, due serie per "
        "colore, quindi ogni carta esiste due volte), 4 recinti e 4 pecore confuse (quelle con il punto "
        "di domanda)."),
      D("R1",
        "Decision R1: the five colours are called red, yellow, green, blue and purple. Reason: the "
        "original names no colours; any five distinct colours work.",
        "Decisione R1: i cinque colori si chiamano rosso, giallo, verde, blu e viola. Motivo: l'originale "
        "non nomina i colori; vanno bene cinque colori qualsiasi."),
      D("I1",
        "Decision I1: with two French decks, ace to 10 of every suit are the sheep (the suit is the "
        "colour: 80 sheep), exactly four kings (one per suit) are the fences and the four jokers are the "
        "confused sheep; remove the jacks, queens and other kings, 88 cards in all. Reason: the camera "
        "knows French cards, while the printed deck must be taught to it first.",
        "Decisione I1: con due mazzi francesi, dall'asso al 10 di ogni seme sono le pecore (il seme è il "
        "colore: 80 pecore), esattamente quattro re (uno per seme) sono i recinti e i quattro jolly sono "
        "le pecore confuse; si tolgono fanti, donne e gli altri re, 88 carte in tutto. Motivo: la "
        "fotocamera conosce le carte francesi, mentre il mazzo stampato va prima insegnato."),
      ),
    S("setup", "Setup", "Preparazione",
      D("I2",
        "Decision I2: 2 to 6 players with the printed deck, 2 to 5 with French cards. Reason: the original "
        "is silent; these limits keep enough cards in the draw pile.",
        "Decisione I2: da 2 a 6 giocatori con il mazzo stampato, da 2 a 5 con le carte francesi. Motivo: "
        "l'originale tace; questi limiti lasciano abbastanza carte nel mazzo da pescare."),
      P("deal",
        "Deal 10 cards to each player; the rest is the face-down draw pile. Next to it a face-up discard "
        "pile builds up during play.",
        "Si danno 10 carte a testa; il resto è il mazzo coperto da cui si pesca. Accanto, durante il "
        "gioco, si forma la pila degli scarti scoperta."),
      D("I3",
        "Decision I3: play goes clockwise and the player after the dealer begins. Reason: the original is "
        "silent.",
        "Decisione I3: si gioca in senso orario e comincia il giocatore dopo il mazziere. Motivo: "
        "l'originale tace."),
      ),
    S("runs", "Counts of sheep", "Le conte di pecore",
      P("slots",
        "A count (run) lies in front of its owner and has ten slots, 1 to 10, each holding at most one "
        "card. A numbered sheep goes only in the slot of its own number. A count is complete when all ten "
        "slots hold sheep or fences, with no confused sheep and no empty slot (in All in the family, also "
        "all its sheep of one colour).",
        "Una conta (serie) sta davanti al suo proprietario e ha dieci caselle, da 1 a 10, ognuna con al "
        "massimo una carta. Una pecora numerata va solo nella casella del suo numero. Una conta è "
        "completa quando tutte e dieci le caselle hanno pecore o recinti, senza pecore confuse e senza "
        "caselle vuote (in Tutto in famiglia, anche tutte le sue pecore dello stesso colore).",
        "wrong_slot", "slot_range", "slot_taken", "no_run"),
      P("open",
        "An open slot is an empty slot next to a slot holding a sheep or a fence. A slot next only to a "
        "confused sheep is not open: you cannot count beyond a confused sheep. Empty gaps between cards "
        "are open too. A card read by the camera that fits in no open slot is pointed out at once.",
        "Una casella aperta è una casella vuota accanto a una casella con una pecora o un recinto. Una "
        "casella vicina solo a una pecora confusa non è aperta: non si può contare oltre una pecora "
        "confusa. Anche i buchi vuoti tra le carte sono aperti. Una carta letta dalla fotocamera che non va "
        "in nessuna casella aperta viene segnalata subito.",
        "not_open", "fits_nowhere"),
      ),
    S("turn", "A turn", "Un turno",
      P("first-turn",
        "First turn: each player in order lays exactly one numbered sheep in front of themselves, which "
        "starts their first count. No draw, no fence, no confused sheep.",
        "Primo turno: ognuno a turno mette esattamente una pecora numerata davanti a sé, che apre la sua "
        "prima conta. Niente pesca, niente recinti, niente pecore confuse.",
        "first_turn", "start_sheep"),
      P("draw",
        "Every later turn starts by drawing one card. Then you do exactly one of the following: play "
        "sheep, start a new count, concentrate, guess, or pass. Laying cards is a choice, never a duty: "
        "the original says each player draws a card and \"può\" (may) then lay sheep.",
        "Ogni turno successivo comincia pescando una carta. Poi fai esattamente una di queste cose: giochi "
        "pecore, apri una nuova conta, ti concentri, tiri a indovinare, o passi. Mettere carte è una "
        "scelta, mai un obbligo: l'originale dice che ognuno pesca una carta e \"può\" poi mettere "
        "pecore."),
      D("I4",
        "Decision I4: whenever a card must be taken from an empty draw pile (the turn's draw, the cards of "
        "a penalty or of concentrating, or the card a guess turns over), the discard pile is first "
        "shuffled into a new draw pile. If both are empty, nobody draws, and a guess is refused. With real "
        "cards, the card a guess turns over from an empty pile is one of the reshuffled discards. The "
        "discards may also be shuffled as soon as the pile is empty, before anybody needs a card. Reason: "
        "usual table practice, and a guess turns over \"la prima carta del mazzo\" just as a draw takes it.",
        "Decisione I4: ogni volta che si deve prendere una carta da un mazzo vuoto (la pesca del turno, le "
        "carte della penalità o del concentrarsi, o la carta che si scopre tirando a indovinare), prima si "
        "mescola la pila degli scarti e diventa il nuovo mazzo. Se sono vuoti entrambi, non si pesca, e "
        "non si può tirare a indovinare. Con carte vere, la carta scoperta da un mazzo vuoto è per forza "
        "uno degli scarti rimescolati. Gli scarti si possono anche mescolare appena il mazzo è finito, "
        "prima che serva una carta. Motivo: l'usanza al tavolo, e tirare a indovinare scopre \"la prima "
        "carta del mazzo\" proprio come la pesca la prende.",
        "reshuffle_first", "reshuffle_order", "no_reshuffle", "empty_pile", "guess_discards"),
      P("chain",
        "Play sheep: one or more numbered sheep in a single chain, laid in one direction (up or down), "
        "each in the next slot, starting from an open slot of any count, your own or someone else's. "
        "Every slot must be empty and every sheep must match its slot's number. The whole play is checked "
        "at once: if one card does not fit, nothing is laid.",
        "Giocare pecore: una o più pecore numerate in una sola catena, in una direzione (su o giù), "
        "ognuna nella casella successiva, cominciando da una casella aperta di una conta qualsiasi, tua o "
        "di un altro. Ogni casella deve essere vuota e ogni pecora deve avere il numero della sua casella. "
        "Tutta la giocata si controlla insieme: se una carta non entra, non si mette niente.",
        "chain_gap", "chain_one_run", "empty_play", "too_many", "not_in_hand"),
      P("confused",
        "Confused sheep go into an open slot of another player's count, never your own, and stand for "
        "that slot's number, blocking the count at that end. You may lay any number of them.",
        "Le pecore confuse vanno in una casella aperta della conta di un altro giocatore, mai nella tua, "
        "e valgono il numero di quella casella, bloccando la conta da quel lato. Se ne possono mettere "
        "quante si vuole.",
        "confused_own"),
      D("I5",
        "Decision I5: confused sheep may be laid in the same turn as a chain, with no link to it. Reason: "
        "the original restricts only fences.",
        "Decisione I5: le pecore confuse si possono mettere nello stesso turno di una catena, senza legame "
        "con essa. Motivo: l'originale pone limiti solo ai recinti."),
      D("I13",
        "Decision I13: a confused sheep goes only into an open slot, never beyond another confused sheep, "
        "and stands for that slot's number. Reason: it gives \"the sheep that would go in its place\" a "
        "definite number.",
        "Decisione I13: una pecora confusa va solo in una casella aperta, mai oltre un'altra pecora "
        "confusa, e vale il numero di quella casella. Motivo: dà un numero preciso a \"la pecora che "
        "andrebbe al suo posto\"."),
      P("fence",
        "A fence is played alone, as the only card of its turn, into an open slot of any count, in slots "
        "2 to 9 only (never before the 2 or after the 9). It stands for that slot's number. After a "
        "successful guess the guessed sheep is already the card of the turn, so no fence follows it.",
        "Un recinto si gioca da solo, unica carta del suo turno, in una casella aperta di qualsiasi conta, "
        "solo nelle caselle dal 2 al 9 (mai prima del 2 o dopo il 9). Vale il numero di quella casella. "
        "Dopo aver indovinato, la pecora indovinata è già la carta del turno, quindi non la segue un "
        "recinto.",
        "fence_alone", "fence_slot"),
      D("I6",
        "Decision I6: a fence never stands next to another fence. Reason: the original says a fence ends "
        "up \"between two sheep\".",
        "Decisione I6: un recinto non sta mai accanto a un altro recinto. Motivo: l'originale dice che un "
        "recinto finisce \"tra due pecore\".",
        "fence_next_to_fence"),
      P("start",
        "Start a new count: lay one numbered sheep as a new count of your own, and your turn ends. Allowed "
        "only when you have no incomplete count (also right after a successful guess).",
        "Aprire una nuova conta: metti una pecora numerata come nuova conta tua, e il turno finisce. Si "
        "può solo se non hai conte incomplete (anche subito dopo aver indovinato).",
        "start_incomplete"),
      D("I7",
        "Decision I7: a new count begins with exactly one card and ends the turn. Reason: it mirrors the "
        "first turn, as the original's \"again from a single card\" suggests.",
        "Decisione I7: una nuova conta comincia con una sola carta e chiude il turno. Motivo: ripete il "
        "primo turno, come suggerisce \"sempre da una carta sola\" dell'originale."),
      P("concentrate",
        "Concentrate on a confused sheep in one of your own counts: it goes to the discard pile, you draw "
        "two cards (on top of the turn's draw) and your turn ends. Only the owner of the count may do "
        "this, on their own turn.",
        "Concentrarsi su una pecora confusa in una delle tue conte: va negli scarti, peschi due carte (oltre "
        "a quella del turno) e il turno finisce. Può farlo solo il proprietario della conta, nel suo turno.",
        "not_your_run", "nothing_to_remove"),
      P("guess",
        "Guess on a confused sheep in one of your counts: turn over the top card of the pile (from an "
        "empty pile, once the discards are shuffled into a new one). If it is exactly the sheep that "
        "belongs in that slot, it replaces the confused sheep and your turn goes on normally "
        "(\"continuare il turno normalmente\"): play sheep, start a new count if you now have no "
        "incomplete count, or end your turn at no cost. Otherwise the card goes to your hand, you draw two "
        "more and the turn ends. With real cards, say which card was turned over; when the app deals, it "
        "turns it itself.",
        "Tirare a indovinare su una pecora confusa in una tua conta: giri la prima carta del mazzo (da un "
        "mazzo vuoto, dopo aver mescolato gli scarti in un nuovo mazzo). Se è proprio la pecora che va in "
        "quella casella, prende il posto della pecora confusa e si continua il turno normalmente: giochi "
        "pecore, apri una nuova conta se ora non hai conte incomplete, o chiudi il turno senza penalità. "
        "Altrimenti la carta va in mano, ne peschi altre due e il turno finisce. Con carte vere, indica la "
        "carta girata; quando distribuisce l'app, la gira lei.",
        "after_guess", "end_turn", "guess_card"),
      P("pass",
        "Pass: lay nothing; you discard the highest-numbered sheep lying in front of you and draw two "
        "cards. You may pass whenever you like, even with a card that fits, and a pass always costs this "
        "penalty (after a successful guess you may instead end the turn at no cost). This is why giving a "
        "sheep to an opponent is sometimes the better move, and sometimes not.",
        "Passare: non metti niente; scarti la pecora col numero più alto davanti a te e peschi due carte. "
        "Puoi passare quando vuoi, anche con una carta che andrebbe bene, e passare costa sempre questa "
        "penalità (dopo aver indovinato puoi invece chiudere il turno senza penalità). Per questo a "
        "volte conviene regalare una pecora a un avversario, e a volte no."),
      D("I8",
        "Decision I8: if two sheep tie for highest, the one in your earliest count is discarded. Reason: "
        "the result must be unique.",
        "Decisione I8: se due pecore sono pari come più alte, si scarta quella della tua conta più "
        "vecchia. Motivo: il risultato deve essere unico."),
      D("I9",
        "Decision I9: fences and confused sheep left with no sheep beside them are discarded too. Reason: "
        "a fence must touch sheep, and a confused sheep blocks only an attached count.",
        "Decisione I9: recinti e pecore confuse rimasti senza pecore accanto si scartano anche loro. "
        "Motivo: un recinto deve toccare delle pecore, e una pecora confusa blocca solo una conta a cui è "
        "attaccata."),
      D("I10",
        "Decision I10 (revised): laying cards is optional. A player who, after their draw, lays no card and "
        "does not start a count, concentrate or guess, passes, and a pass always costs the penalty: it is "
        "never free and never refused. With real cards a pass while holding a card that fits is legal, so "
        "it is never flagged as a broken rule. Reason: the original says the player \"può\" (may) lay "
        "sheep, and \"a volte è preferibile regalare una pecora a un avversario\" presupposes a choice "
        "between giving a sheep away and the penalty.",
        "Decisione I10 (rivista): mettere carte è facoltativo. Chi, dopo la pesca, non mette carte e non "
        "apre una conta, non si concentra e non tira a indovinare, passa, e passare costa sempre la "
        "penalità: non è mai gratis e non viene mai rifiutato. Con carte vere passare avendo una carta che "
        "andrebbe bene è regolare, quindi non viene mai segnalato come una regola violata. Motivo: "
        "l'originale dice che il giocatore \"può\" mettere pecore, e \"a volte è preferibile regalare una "
        "pecora a un avversario\" presuppone una scelta tra regalare una pecora e la penalità."),
      D("I17",
        "Decision I17: concentrating and the penalty give two cards on top of the turn's draw (one plus "
        "two). Reason: the original's \"pescarne due\" follows the ordinary draw; it is read as in "
        "addition to it, not instead of it.",
        "Decisione I17: concentrarsi e la penalità danno due carte oltre a quella pescata a inizio turno "
        "(una più due). Motivo: il \"pescarne due\" dell'originale segue la pesca normale; si legge in "
        "aggiunta ad essa, non al suo posto."),
      ),
    S("winning", "Winning", "La vittoria",
      D("I11",
        "Decision I11: after every action the app checks everybody: whoever has an empty hand and at least "
        "one complete count wins at once (if several, the player who acted, else the first in order). An "
        "empty hand without a complete count is not a win: you draw next turn. Reason: an opponent's card "
        "can complete your count.",
        "Decisione I11: dopo ogni azione l'app controlla tutti: chi ha la mano vuota e almeno una conta "
        "completa vince subito (se sono più d'uno, chi ha agito, altrimenti il primo in ordine). La mano "
        "vuota senza una conta completa non basta: al turno dopo peschi. Motivo: la carta di un avversario "
        "può completare la tua conta.",
        "empty_hand"),
      D("I12",
        "Decision I12: if a full round passes in which nobody could draw and nobody laid a card, the game "
        "ends with no winner. Reason: it guarantees the game ends.",
        "Decisione I12: se passa un giro intero in cui nessuno ha potuto pescare né mettere carte, la "
        "partita finisce senza vincitori. Motivo: garantisce che la partita finisca."),
      D("I16",
        "Decision I16: with the draw pile empty, if the same position (the player to act, the hands, the "
        "counts and the discard pile) comes back at the start of a turn for the third time, the game ends "
        "with no winner. Reason: like I12 it guarantees an end; games that keep moving cards round in "
        "circles are not caught by I12.",
        "Decisione I16: con il mazzo vuoto, se la stessa posizione (chi deve giocare, le mani, le conte e "
        "la pila degli scarti) si ripete all'inizio di un turno per la terza volta, la partita finisce "
        "senza vincitori. Motivo: come la I12 garantisce una fine; le partite che continuano a spostare "
        "carte in tondo non le ferma la I12."),
      D("I15",
        "Decision I15: there are no points; the result is just the winner. Reason: the original gives no "
        "scores.",
        "Decisione I15: non ci sono punti; il risultato è solo il vincitore. Motivo: l'originale non dà "
        "punteggi."),
      ),
    S("variants", "Variants", "Varianti",
      P("rainbow",
        "Rainbow sheep: a sheep may not lie next to a sheep of the same colour. Fences and confused sheep "
        "have no colour. A successful guess must obey this too.",
        "Pecore arcobaleno: una pecora non può stare accanto a una pecora dello stesso colore. Recinti e "
        "pecore confuse non hanno colore. Anche una pecora indovinata deve rispettarlo.",
        "rainbow"),
      P("family",
        "All in the family: a count is complete only if all its sheep have one colour (\"tutte pecore "
        "dello stesso colore\"). Opponents may lay sheep of other colours on your counts; you may remove "
        "such a foreign sheep, even from the middle, by concentrating or guessing as with a confused sheep "
        "(a right guess must have the count's colour). Foreign sheep block nothing.",
        "Tutto in famiglia: una conta è completa solo se ha \"tutte pecore dello stesso colore\". Gli "
        "avversari possono mettere pecore di altri colori sulle tue conte; puoi togliere una pecora "
        "estranea, anche dal mezzo, concentrandoti o indovinando come con una pecora confusa (una pecora "
        "indovinata deve avere il colore della conta). Le pecore estranee non bloccano niente."),
      D("I14",
        "Decision I14 (revised): in the family variant a count is complete when all its sheep have one "
        "colour, whichever it is. The colour of its first card only tells which sheep are foreign; if no "
        "sheep of that colour is left in the count (after a penalty), the count takes the colour of its "
        "lowest remaining sheep. Reason: the original's literal test, \"tutte pecore dello stesso colore\".",
        "Decisione I14 (rivista): nella variante famiglia una conta è completa quando tutte le sue pecore "
        "hanno lo stesso colore, qualunque sia. Il colore della sua prima carta dice solo quali pecore sono "
        "estranee; se nella conta non resta nessuna pecora di quel colore (dopo una penalità), la conta "
        "prende il colore della sua pecora più bassa rimasta. Motivo: la prova letterale dell'originale, "
        "\"tutte pecore dello stesso colore\"."),
      ),
    app_section(("seat", "not_your_turn"), ("unknown_card", "card_seen", "malformed", "unknown_action"),
                ("game_over",)),
)
