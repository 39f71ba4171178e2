/* The practice table's interface text, in Italian and English (added to i18n.js's TEXT). */
"use strict";
Object.assign(TEXT.en, {
  pr_title: "Practice against bots",
  pr_why: "Play on this phone against the app's bots: the app deals, the bots play the other seats.",
  pr_name: "Your name", pr_play: "{game} against bots", pr_default_name: "Player",
  pr_bots: "Bots: {who}. They move a moment after you.",
  pr_bots_together: "Bots: {who}. They choose their cards at once, face down: the round is revealed when you choose yours.",
  pr_show: "Show the bots' cards",
  pr_rewind: "Take back my last move",
  pr_rewound: "Your last move and the bots' moves after it were taken back.",
  pr_hands: "The bots' cards",
  pr_chosen: "chosen: {card}",
  pr_no_cards: "no cards",
  pr_variant: "Insonnia's variant",
  pr_jump: "Nobody else to play with? Practise against bots",
});
Object.assign(TEXT.it, {
  pr_title: "Allenati contro i bot",
  pr_why: "Gioca su questo telefono contro i bot dell'app: le carte le dà l'app, i bot occupano gli altri posti.",
  pr_name: "Il tuo nome", pr_play: "{game} contro i bot", pr_default_name: "Giocatore",
  pr_bots: "Bot: {who}. Giocano un attimo dopo di te.",
  pr_bots_together: "Bot: {who}. Scelgono subito la loro carta, coperta: il giro si scopre quando scegli la tua.",
  pr_show: "Mostra le carte dei bot",
  pr_rewind: "Annulla la mia ultima mossa",
  pr_rewound: "La tua ultima mossa e quelle dei bot dopo di essa sono state annullate.",
  pr_hands: "Le carte dei bot",
  pr_chosen: "scelta: {card}",
  pr_no_cards: "nessuna carta",
  pr_variant: "Variante di Insonnia",
  pr_jump: "Senza altri giocatori? Allenati contro i bot",
});
