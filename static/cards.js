/* Drawing cards: rank and suit symbol, large; suits differ by shape, not only colour. */
"use strict";
const SUIT_SYMBOL = {S: "♠", H: "♥", D: "♦", C: "♣"};
const RED = new Set(["H", "D"]);
function cardParts(code) {
  if (code === "JK1" || code === "JK2") return {rank: "★", suit: null, joker: code};
  if (/^T\d+$/.test(code)) return {rank: code.slice(1), suit: null, joker: null, trump: Number(code.slice(1))};
  return {rank: code.slice(0, -1), suit: code.slice(-1), joker: null};
}
const TRUMP_NAMES = {0: ["Matto", "Fool"], 15: ["Diavolo", "Devil"], 20: ["Angelo", "Angel"], 21: ["Mondo", "World"]};
function cardLabel(code) {
  const p = cardParts(code);
  if (p.trump !== undefined) return (LANG === "it" ? "Trionfo " : "Trump ") + p.rank;
  if (p.joker) return LANG === "it" ? (p.joker === "JK1" ? "Jolly rosso" : "Jolly nero")
                                    : (p.joker === "JK1" ? "Red joker" : "Black joker");
  return p.rank + SUIT_SYMBOL[p.suit];
}
function cardSpeech(code) {
  const p = cardParts(code);
  if (p.trump !== undefined) {
    const named = TRUMP_NAMES[p.trump];
    return (named ? named[LANG === "it" ? 0 : 1] + ", " : "") + cardLabel(code);
  }
  if (p.joker) return cardLabel(code);
  const names = {A: LANG === "it" ? "asso" : "ace", J: LANG === "it" ? "fante" : "jack",
                 Q: LANG === "it" ? "regina" : "queen", K: LANG === "it" ? "re" : "king"};
  const rank = names[p.rank] || (p.rank === "C" ? (LANG === "it" ? "cavallo" : "knight") : p.rank);
  return LANG === "it" ? `${rank} di ${t("suit_" + p.suit)}` : `${rank} of ${t("suit_" + p.suit)}`;
}
function cardEl(code, opts) {
  const o = opts || {};
  const el = document.createElement(o.button ? "button" : "span");
  const p = cardParts(code);
  if (p.trump !== undefined) {
    el.className = "card trump" + (o.small ? " small" : "");
    if (o.button) el.type = "button";
    el.dataset.card = code;
    if (!o.button) el.setAttribute("role", "img");  // a card shown: a picture with a name
    el.setAttribute("aria-label", cardSpeech(code));
    const num = document.createElement("span");
    num.className = "rank";
    num.textContent = p.rank;
    const name = document.createElement("span");
    name.className = "trump-name";
    const named = TRUMP_NAMES[p.trump];
    name.textContent = named ? named[LANG === "it" ? 0 : 1] : "✶";
    num.setAttribute("aria-hidden", "true");
    name.setAttribute("aria-hidden", "true");
    el.append(num, name);
    return el;
  }
  el.className = "card" + (p.joker ? " joker " + (p.joker === "JK1" ? "red" : "black")
                                   : (RED.has(p.suit) ? " red" : " black")) + " suit-" + (p.suit || "J");
  if (o.small) el.classList.add("small");
  if (o.button) el.type = "button";
  el.dataset.card = code;
  if (!o.button) el.setAttribute("role", "img");
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
  if (o.tarot && p.suit) {
    // The tarot's own (Italian) suit names under the symbol: spade, coppe, denari, bastoni.
    const name = document.createElement("span");
    name.className = "trump-name";
    name.textContent = {S: "spade", H: "coppe", D: "denari", C: "bastoni"}[p.suit];
    name.setAttribute("aria-hidden", "true");
    el.append(name);
  }
  if (o.half && ["K", "Q", "C", "J"].includes(p.rank)) {
    // Games where the figures count half a point (Il Diavolo) say so on the card.
    const half = document.createElement("span");
    half.className = "half";
    half.textContent = "½";
    half.setAttribute("aria-hidden", "true");
    el.append(half);
  }
  return el;
}

/* Card picker for a hand the app does not know: a suit first, then the rank. Each joker
   sits with the suits of its colour; cards that cannot be played are shown disabled.
   ``memory.suit`` keeps the chosen suit across live redraws. */
/* ``suitNames`` (optional): suit -> what this table's pack calls it ("denari ♦"), shown on the tabs. */
function cardPicker(legal, pick, memory, hidden, rankList, suitNames) {
  const box = document.createElement("div");
  box.className = "picker";
  const suits = ["H", "D", "C", "S"];
  const joker = {H: "JK1", D: "JK1", C: "JK2", S: "JK2"};
  const free = suits.filter((suit) => legal.has(joker[suit]) ||
                            [...legal].some((c) => c.endsWith(suit) && !c.startsWith("JK")));
  if (!memory.suit || !free.includes(memory.suit)) memory.suit = free[0] || "H";
  const tabs = document.createElement("div");
  tabs.className = "picker-tabs";
  tabs.setAttribute("role", "group");
  tabs.setAttribute("aria-label", t("pick_suit"));
  const ranks = document.createElement("div");
  ranks.className = "picker-ranks";
  ranks.setAttribute("role", "group");
  ranks.setAttribute("aria-label", t("pick_rank"));
  const all = rankList || ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const drawRanks = () => {
    ranks.replaceChildren();
    for (const code of [...all.map((rank) => rank + memory.suit), joker[memory.suit]]) {
      if (hidden && hidden.has(code)) continue;  // never in a hand in this game
      const el = cardEl(code, {button: true, small: true});
      el.disabled = !legal.has(code);
      el.addEventListener("click", () => pick(code));
      ranks.append(el);
    }
    for (const tab of tabs.children) tab.setAttribute("aria-pressed", String(tab.dataset.suit === memory.suit));
  };
  for (const suit of suits) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.className = "suit-tab " + (RED.has(suit) ? "red" : "black") + (suitNames ? " named" : "");
    tab.dataset.suit = suit;
    tab.textContent = (suitNames && suitNames[suit]) || SUIT_SYMBOL[suit];
    tab.setAttribute("aria-label", (suitNames && suitNames[suit]) || t("suit_" + suit));
    tab.disabled = !free.includes(suit);
    tab.addEventListener("click", () => { memory.suit = suit; drawRanks(); });
    tabs.append(tab);
  }
  drawRanks();
  box.append(tabs, ranks);
  return box;
}

/* Choosing one card to play: the hand when the app knows it, else the picker; cards that
   cannot be played are disabled; one big button (kept in reach at the bottom of the screen)
   confirms. ``memory`` keeps the choice and the picker's suit across live redraws. */
function cardChooser({hand, legal, memory, hidden, label, onChoose}) {
  const box = document.createElement("div");
  if (memory.selected && !legal.has(memory.selected)) memory.selected = null;
  const go = document.createElement("button");
  go.type = "button";
  go.id = "play";
  go.className = "big primary";
  const refresh = () => {
    go.textContent = label(memory.selected ? cardLabel(memory.selected) : "…");
    go.disabled = !memory.selected;
    for (const el of box.querySelectorAll(".card[data-card]"))
      el.setAttribute("aria-pressed", String(el.dataset.card === memory.selected));
  };
  const pick = (code) => { memory.selected = code; refresh(); };
  if (hand) {
    const h = document.createElement("h3");
    h.textContent = t("your_hand");
    const row = document.createElement("div");
    row.className = "hand";
    for (const c of hand) {
      const el = cardEl(c, {button: true});
      el.disabled = !legal.has(c);
      el.addEventListener("click", () => pick(c));
      row.append(el);
    }
    box.append(h, row);
  } else {
    box.append(cardPicker(legal, pick, memory, hidden));
  }
  go.addEventListener("click", () => {
    if (!memory.selected) { toast(t("no_card_chosen")); return; }
    const card = memory.selected;
    memory.selected = null;
    onChoose(card);
  });
  const bar = document.createElement("div");
  bar.className = "sticky-play";
  bar.append(go);
  box.append(bar);
  refresh();
  return box;
}

/* A drop-down of card codes, for correcting a card. */
function cardSelect(codes, current, onChange) {
  const sel = document.createElement("select");
  sel.setAttribute("aria-label", t("correct_card"));
  for (const code of codes) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = cardLabel(code);
    o.selected = code === current;
    sel.append(o);
  }
  sel.addEventListener("change", () => onChange(sel.value));
  return sel;
}

const FRENCH_CODES = ["H", "D", "C", "S"].flatMap((s) =>
  ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].map((r) => r + s)).concat(["JK1", "JK2"]);
