/* Interface text in Italian and English; the page's <html lang> picks one. */
"use strict";
const TEXT = {
  en: {
    new_table: "New table", game: "Game", seats: "Seats",
    players_legend: "Players in order of play (leave a name empty for an open seat)",
    hands_legend: "Cards", create: "Create table", join_table: "Join a table",
    hands_unknown: "Real cards on a real table: each player enters the card he reveals",
    hands_known: "The app deals: each phone shows its hand",
    room_code: "Room code", join: "Join", pick_seat: "Pick your seat",
    your_name: "Your name", take_seat: "Take this seat", taken: "taken",
    scan_to_join: "Scan to join, or open", log: "Event log", undo: "Undo last move",
    connected: "live", reconnecting: "reconnecting…", offline: "offline",
    choose_card: "Choose your card for this round", chosen: "Your card is chosen: {card}. Waiting for {who}.",
    waiting_for: "Waiting for {who}", all_chosen: "Everyone has chosen.",
    joker_you: "Your {card}: choose its row", joker_other: "{who} chooses a row for the {card}",
    game_over: "Game over", winner: "Winner: {who}", winners: "Shared win: {who}",
    play: "Play {card}", pick_suit: "Suit", pick_rank: "Rank", jokers: "Jokers",
    cards_left: "{n} cards", has_chosen: "has chosen", thinking: "choosing…",
    pile: "taken: {n}", points: "{n} pts", round: "Round {n}",
    last_round: "Last round", row_of: "{suit} row", your_hand: "Your hand",
    no_card_chosen: "Tap a card first.", scores: "Scores", you: "you",
    spectator: "Table screen: everything public, in large type.",
    retry_changed: "The table changed: look again.", network: "No connection: try again.",
    rows: "Rows", put_in_row: "Put it in the {suit} row",
    suit_H: "hearts", suit_D: "diamonds", suit_C: "clubs", suit_S: "spades",
    open_seat: "open seat", name_needed: "Write your name first.",
    undo_done: "The last move was undone.",
    join_as_player: "Join as a player on this device",
    free_seat: "Free {who}'s seat", free_seat_confirm: "Free {who}'s seat so that another phone can take it?",
    undo_confirm: "Undo the last move?\n{what}", conflict: "{card} was entered twice ({who}): enter your card again.",
    took: "{who} takes {cards}", next_joker: "then {who}'s joker",
    scan: "Scan the cards", scan_reading: "Reading the photo…", scan_found: "{n} card(s) found",
    scan_none: "No card found: try closer, with more light.", scan_unsure: "unsure: check it",
    scan_whose: "Whose card?", scan_nobody: "nobody", scan_confirm: "Confirm these cards",
    scan_photo: "The photo, with the cards found outlined", correct_card: "Correct the card",
    correct_title: "Correct a card entered by mistake", correct_do: "Correct",
    scan_assign_first: "Choose whose card each one is first.",
    os_discard_you: "Death was led: put one of your cards face down", os_discard_other: "{who} puts a card face down",
    os_answer: "(answer {card})", os_your_turn: "Your turn: play a card", os_your_lead: "You lead: play any card",
    os_chips: "● {n}", os_holder: "stakes here", os_to_beat: "to beat", os_frozen: "frozen ✱",
    os_no_suit: "no suit", os_info: "Turn {n} · suit: {suit} · deck {deck} · stake {stake}",
    os_this_turn: "This turn", os_renege: "Renege: {who} held {suit} in turn {n}. The table decides.",
    os_discard_done: "I have put a card face down", os_discard: "Put {card} face down",
    os_balance: "chips {n}", os_out: "out", os_leader: "leads", os_pays: "pays {n} to {who}",
    stake: "Chips per card", os_last_turn: "Last turn",
    dv_won: "{who} took the pot.", dv_next_deal: "{who} deals the next hand.", dv_your_turn: "Your turn: ask or withdraw",
    dv_pot: "Pot {n} · deal {deal} · round {round} · {left} cards left", dv_winner_cards: "{who}'s cards, to be checked",
    dv_your_cards: "Your cards (only you see them): total {total}", dv_deal: "Deal the next hand",
    dv_end: "End the evening", dv_end_confirm: "End the evening and settle up?", dv_ask: "Ask for a card (pay {n})",
    dv_withdraw: "Withdraw", dv_enter: "Enter your card {n} of {of} (private)", dv_trumps: "Trumps",
    dv_balance: "chips {n}", dv_paid: "paid {n}", dv_withdrawn: "withdrawn", dv_dealer: "deals",
    dv_continue: "My new card makes no 15: go on", dv_end_pot: "End the evening? The pot of {n} goes back to the players in equal shares.",
    close: "Close", live: "Live camera", live_stop: "Stop the camera",
    live_denied: "The camera is not available: allow it in the browser, or use Scan.",
  },
  it: {
    new_table: "Nuovo tavolo", game: "Gioco", seats: "Posti",
    players_legend: "Giocatori in ordine di gioco (lascia vuoto un nome per un posto libero)",
    hands_legend: "Carte", create: "Crea il tavolo", join_table: "Entra in un tavolo",
    hands_unknown: "Carte vere su un tavolo vero: ogni giocatore indica la carta che scopre",
    hands_known: "L'app distribuisce: ogni telefono mostra la sua mano",
    room_code: "Codice stanza", join: "Entra", pick_seat: "Scegli il tuo posto",
    your_name: "Il tuo nome", take_seat: "Prendi questo posto", taken: "occupato",
    scan_to_join: "Inquadra per entrare, oppure apri", log: "Registro", undo: "Annulla l'ultima mossa",
    connected: "in diretta", reconnecting: "riconnessione…", offline: "non in linea",
    choose_card: "Scegli la tua carta per questo giro", chosen: "Hai scelto: {card}. Si aspetta {who}.",
    waiting_for: "Si aspetta {who}", all_chosen: "Tutti hanno scelto.",
    joker_you: "Il tuo {card}: scegli la fila", joker_other: "{who} sceglie la fila per il {card}",
    game_over: "Partita finita", winner: "Vince {who}", winners: "Vittoria condivisa: {who}",
    play: "Gioca {card}", pick_suit: "Seme", pick_rank: "Valore", jokers: "Jolly",
    cards_left: "{n} carte", has_chosen: "ha scelto", thinking: "sta scegliendo…",
    pile: "prese: {n}", points: "{n} punti", round: "Giro {n}",
    last_round: "Ultimo giro", row_of: "fila di {suit}", your_hand: "La tua mano",
    no_card_chosen: "Tocca prima una carta.", scores: "Punteggi", you: "tu",
    spectator: "Schermo del tavolo: tutto ciò che è pubblico, in grande.",
    retry_changed: "Il tavolo è cambiato: guarda di nuovo.", network: "Nessuna connessione: riprova.",
    rows: "File", put_in_row: "Mettilo nella fila di {suit}",
    suit_H: "cuori", suit_D: "quadri", suit_C: "fiori", suit_S: "picche",
    open_seat: "posto libero", name_needed: "Scrivi prima il tuo nome.",
    undo_done: "L'ultima mossa è stata annullata.",
    join_as_player: "Entra come giocatore da questo dispositivo",
    free_seat: "Libera il posto di {who}", free_seat_confirm: "Liberare il posto di {who} per un altro telefono?",
    undo_confirm: "Annullare l'ultima mossa?\n{what}", conflict: "{card} è stato indicato due volte ({who}): indica di nuovo la tua carta.",
    took: "{who} prende {cards}", next_joker: "poi il jolly di {who}",
    scan: "Inquadra le carte", scan_reading: "Leggo la foto…", scan_found: "{n} carta/e trovate",
    scan_none: "Nessuna carta trovata: avvicinati, con più luce.", scan_unsure: "incerta: controlla",
    scan_whose: "Di chi è?", scan_nobody: "nessuno", scan_confirm: "Conferma queste carte",
    scan_photo: "La foto, con le carte trovate contornate", correct_card: "Correggi la carta",
    correct_title: "Correggi una carta indicata per sbaglio", correct_do: "Correggi",
    scan_assign_first: "Prima scegli di chi è ogni carta.",
    os_discard_you: "È stata giocata la Morte: scarta coperta una tua carta", os_discard_other: "{who} scarta una carta coperta",
    os_answer: "(rispondi a {card})", os_your_turn: "Tocca a te: gioca una carta", os_your_lead: "Apri tu: gioca una carta qualsiasi",
    os_chips: "● {n}", os_holder: "qui le puntate", os_to_beat: "da battere", os_frozen: "ferme ✱",
    os_no_suit: "nessun seme", os_info: "Turno {n} · seme: {suit} · mazzo {deck} · puntata {stake}",
    os_this_turn: "Questo turno", os_renege: "Rinuncia: {who} aveva {suit} nel turno {n}. Decide il tavolo.",
    os_discard_done: "Ho scartato una carta coperta", os_discard: "Scarta {card} coperta",
    os_balance: "gettoni {n}", os_out: "fuori", os_leader: "apre", os_pays: "paga {n} a {who}",
    stake: "Gettoni per carta", os_last_turn: "Ultimo turno",
    dv_won: "{who} ha preso il piatto.", dv_next_deal: "{who} distribuisce la prossima mano.", dv_your_turn: "Tocca a te: chiedi o ritirati",
    dv_pot: "Piatto {n} · mano {deal} · giro {round} · {left} carte nel mazzo", dv_winner_cards: "Le carte di {who}, da controllare",
    dv_your_cards: "Le tue carte (le vedi solo tu): totale {total}", dv_deal: "Distribuisci la prossima mano",
    dv_end: "Chiudi la serata", dv_end_confirm: "Chiudere la serata e fare i conti?", dv_ask: "Chiedi una carta (paghi {n})",
    dv_withdraw: "Ritirati", dv_enter: "Indica la tua carta {n} di {of} (privata)", dv_trumps: "Trionfi",
    dv_balance: "gettoni {n}", dv_paid: "pagato {n}", dv_withdrawn: "ritirato", dv_dealer: "distribuisce",
    dv_continue: "La nuova carta non fa 15: prosegui", dv_end_pot: "Chiudere la serata? Il piatto di {n} torna ai giocatori in parti uguali.",
    close: "Chiudi", live: "Fotocamera dal vivo", live_stop: "Ferma la fotocamera",
    live_denied: "La fotocamera non è disponibile: consentila nel browser, o usa Inquadra.",
  },
};
const LANG = document.documentElement.lang === "it" ? "it" : "en";
function t(key, params) {
  let s = (TEXT[LANG] && TEXT[LANG][key]) || TEXT.en[key] || key;
  for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(v);
  return s;
}
function applyText(root) {
  for (const el of (root || document).querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}
function toast(message) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}
function errorText(body) {
  if (body && body.messages) return body.messages[LANG] || body.message;
  return (body && body.message) || t("network");
}
async function postJSON(url, payload, headers) {
  const resp = await fetch(url, {
    method: "POST", credentials: "same-origin",
    headers: Object.assign({"Content-Type": "application/json"}, headers || {}),
    body: JSON.stringify(payload || {}),
  });
  let body = null;
  try { body = await resp.json(); } catch (e) { body = null; }
  return {ok: resp.ok, status: resp.status, body};
}
document.addEventListener("DOMContentLoaded", () => applyText());
