/* Drawing cards: rank and suit symbol, large; suits differ by shape, not only colour. */
"use strict";
const SUIT_SYMBOL = {S: "♠", H: "♥", D: "♦", C: "♣"};
const RED = new Set(["H", "D"]);
function cardParts(code) {
  if (code === "JK1" || code === "JK2") return {rank: "★", suit: null, joker: code};
  return {rank: code.slice(0, -1), suit: code.slice(-1), joker: null};
}
function cardLabel(code) {
  const p = cardParts(code);
  if (p.joker) return LANG === "it" ? (p.joker === "JK1" ? "Jolly rosso" : "Jolly nero")
                                    : (p.joker === "JK1" ? "Red joker" : "Black joker");
  return p.rank + SUIT_SYMBOL[p.suit];
}
function cardSpeech(code) {
  const p = cardParts(code);
  if (p.joker) return cardLabel(code);
  const names = {A: LANG === "it" ? "asso" : "ace", J: LANG === "it" ? "fante" : "jack",
                 Q: LANG === "it" ? "regina" : "queen", K: LANG === "it" ? "re" : "king"};
  const rank = names[p.rank] || p.rank;
  return LANG === "it" ? `${rank} di ${t("suit_" + p.suit)}` : `${rank} of ${t("suit_" + p.suit)}`;
}
function cardEl(code, opts) {
  const o = opts || {};
  const el = document.createElement(o.button ? "button" : "span");
  const p = cardParts(code);
  el.className = "card" + (p.joker ? " joker " + (p.joker === "JK1" ? "red" : "black")
                                   : (RED.has(p.suit) ? " red" : " black")) + " suit-" + (p.suit || "J");
  if (o.small) el.classList.add("small");
  if (o.button) el.type = "button";
  el.dataset.card = code;
  el.setAttribute("aria-label", cardSpeech(code));
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = p.joker ? "JK" : p.rank;
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = p.joker ? "★" : SUIT_SYMBOL[p.suit];
  rank.setAttribute("aria-hidden", "true");
  suit.setAttribute("aria-hidden", "true");
  el.append(rank, suit);
  return el;
}
