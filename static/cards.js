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
/* Whether cardLabel names a code as a rank and a suit (a French or tarot card), not a code of
   a deck of its own (the printed Insonnia deck's "R5"), which the server names. */
function drawable(code) {
  const p = cardParts(code);
  return p.trump !== undefined || Boolean(p.joker) || SUIT_SYMBOL[p.suit] !== undefined;
}
/* A card's name for a screen reader; ``tarot``: a tarot's suited card, by the tarot's suit
   names (the queen of cups, la donna di coppe), as the server's cards.py names them. */
function cardSpeech(code, tarot) {
  const p = cardParts(code);
  if (p.trump !== undefined) {
    const named = TRUMP_NAMES[p.trump];
    return (named ? named[LANG === "it" ? 0 : 1] + ", " : "") + cardLabel(code);
  }
  if (p.joker) return cardLabel(code);
  const names = {A: LANG === "it" ? "asso" : "ace", J: LANG === "it" ? "fante" : "jack",
                 Q: LANG === "it" ? "donna" : "queen", K: LANG === "it" ? "re" : "king"};
  const rank = names[p.rank] || (p.rank === "C" ? (LANG === "it" ? "cavallo" : "knight") : p.rank);
  const suit = t((tarot ? "tsuit_" : "suit_") + p.suit);
  return LANG === "it" ? `${rank} di ${suit}` : `${rank} of ${suit}`;
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
  el.setAttribute("aria-label", cardSpeech(code, o.tarot));
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
    // The tarot's suit under the symbol, in the page's language (swords, coppe...), as the
    // picker's tabs and the screen reader name it: ♠ is swords on a tarot, not spades.
    const name = document.createElement("span");
    name.className = "trump-name";
    name.textContent = t("tsuit_" + p.suit);
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

/* A picker of tabs, each a group of cards (a suit, the tarot's trumps): first the tab, then
   the card. ``groups``: [{key, text, label, colour, named, codes}]; cards not in ``legal``
   are shown disabled; ``face`` are cardEl's options for the cards (a tarot's faces), or its
   ``draw``: a game's own way of drawing a card (Kaiserspiel: its name and the physical card).
   ``memory.suit`` keeps the chosen tab across live redraws. */
function tabbedPicker(groups, legal, pick, memory, face) {
  const box = document.createElement("div");
  box.className = "picker";
  const free = groups.filter((g) => g.codes.some((c) => legal.has(c))).map((g) => g.key);
  if (!memory.suit || !free.includes(memory.suit)) memory.suit = free[0] || groups[0].key;
  const tabs = document.createElement("div");
  tabs.className = "picker-tabs";
  tabs.setAttribute("role", "group");
  tabs.setAttribute("aria-label", t("pick_suit"));
  const ranks = document.createElement("div");
  ranks.className = "picker-ranks";
  ranks.setAttribute("role", "group");
  ranks.setAttribute("aria-label", t("pick_rank"));
  const drawRanks = () => {
    ranks.replaceChildren();
    for (const code of groups.find((g) => g.key === memory.suit).codes) {
      const el = (face.draw || cardEl)(code, {...face, button: true, small: true});
      offerOrExplain(el, code, legal.has(code), pick);
      // the card chosen (or, correcting a card, the card as read) shows pressed on every tab
      if (memory.selected) el.setAttribute("aria-pressed", String(code === memory.selected));
      ranks.append(el);
    }
    for (const tab of tabs.children) tab.setAttribute("aria-pressed", String(tab.dataset.suit === memory.suit));
  };
  for (const g of groups) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.className = "suit-tab " + g.colour + (g.named ? " named" : "");
    tab.dataset.suit = g.key;
    tab.textContent = g.text;
    tab.setAttribute("aria-label", g.label);
    tab.disabled = !free.includes(g.key);
    tab.addEventListener("click", () => { memory.suit = g.key; drawRanks(); });
    tabs.append(tab);
  }
  drawRanks();
  box.append(tabs, ranks);
  return box;
}

/* Card picker for a hand the app does not know: a suit first, then the rank. Each joker
   sits with the suits of its colour (unless ``hidden``, never in a hand in this game).
   ``suitNames`` (optional): suit -> what this table's pack calls it, as shown on its tab
   (``text``: "denari ♦") and as a screen reader names the tab (``label``: "denari");
   ``draw`` (optional): how each card is drawn, when the table's pack is not these faces. */
function cardPicker(legal, pick, memory, hidden, rankList, suitNames, draw) {
  const joker = {H: "JK1", D: "JK1", C: "JK2", S: "JK2"};
  const all = rankList || ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const groups = ["H", "D", "C", "S"].map((suit) => ({
    key: suit, colour: RED.has(suit) ? "red" : "black", named: Boolean(suitNames),
    text: (suitNames && suitNames[suit].text) || SUIT_SYMBOL[suit],
    label: (suitNames && suitNames[suit].label) || t("suit_" + suit),
    codes: [...all.map((rank) => rank + suit), joker[suit]].filter((c) => !(hidden && hidden.has(c))),
  }));
  return tabbedPicker(groups, legal, pick, memory, draw ? {draw} : {});
}

/* Card picker for a tarot the app does not know (Il Diavolo): a tab for the trumps (the Fool
   0 and 1 to 21) and one for each suit by the tarot's name in the page's language (cups,
   coins, swords, batons; coppe, denari, spade, bastoni); the faces as a tarot hand shows
   them, figures with their half point. */
const TAROT_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"];
const TAROT_TRUMPS = Array.from({length: 22}, (_, i) => "T" + i);  // the Fool (0) to the World (21)
function tarotPicker(legal, pick, memory) {
  const trumps = {key: "T", colour: "black", named: true, text: t("tarot_trumps_tab"),
                  label: t("tarot_trumps"), codes: TAROT_TRUMPS};
  const suits = ["H", "D", "S", "C"].map((suit) => ({
    key: suit, colour: RED.has(suit) ? "red" : "black", named: true,
    text: `${t("tsuit_" + suit)} ${SUIT_SYMBOL[suit]}`, label: t("tsuit_" + suit),
    codes: TAROT_RANKS.map((rank) => rank + suit),
  }));
  return tabbedPicker([trumps, ...suits], legal, pick, memory, {half: true, tarot: true});
}

/* A card chosen for one decision is never played in the next: where ``context`` (what the
   choice is about: the turn, the trick so far) has changed since the card was chosen, the
   choice is forgotten, even if the player's turn never ended in between (he won the trick
   and leads the next). */
function forgetOnNewChoice(memory, context) {
  if (context === undefined || memory.context === context) return;
  memory.context = context;
  memory.selected = null;
}

/* A chooser's memory (see cardChooser) that outlives a reload of the page: the fields named
   in ``kept`` are written to the browser's localStorage, under the page's address and
   ``name``, whenever one is set, and read back when the page opens again (a reload, or a
   tab the phone closed and the QR code opened again). The decision they belong to
   (``context``) comes back with them, so a choice made for a decision that has passed while
   the page was away is forgotten as it would have been on screen. What a page kept is removed
   when its game is over, and what any page kept is removed after KEPT_DAYS (a table left
   unfinished). Without storage (a private window that refuses it), the memory lives as long
   as the page. */
const KEPT_PREFIX = "tavolo:choice:";
const KEPT_DAYS = 2;
function keptMemory(name, initial, kept = ["selected", "suit", "context"]) {
  const key = `${KEPT_PREFIX}${location.pathname}:${name}`;
  const memory = {...initial};
  try {
    forgetOldChoices();
    const saved = JSON.parse(localStorage.getItem(key) || "{}");
    for (const field of kept) if (saved && field in saved) memory[field] = saved[field];
  } catch (e) { /* nothing kept, or unreadable: start afresh */ }
  let over = false;
  const save = () => {
    if (over) return;
    try {
      const fields = Object.fromEntries(kept.map((f) => [f, memory[f]]));
      localStorage.setItem(key, JSON.stringify({...fields, saved: Date.now()}));
    } catch (e) { /* storage refused: the page's memory still holds the choice */ }
  };
  document.addEventListener("tavolo:view", (ev) => {
    if (!ev.detail || !ev.detail.outcome) return;
    over = true;  // the game is over: nothing is kept for it any more
    try { localStorage.removeItem(key); } catch (e) { /* storage refused: nothing was kept */ }
  });
  return new Proxy(memory, {
    set(target, field, value) {
      target[field] = value;
      if (kept.includes(field)) save();
      return true;
    },
  });
}

/* Choices kept by pages not opened for KEPT_DAYS are removed (unreadable ones too). */
function forgetOldChoices() {
  const oldest = Date.now() - KEPT_DAYS * 24 * 3600 * 1000;
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(KEPT_PREFIX)) continue;
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(k)); } catch (e) { saved = null; }
    if (!saved || !(saved.saved >= oldest)) localStorage.removeItem(k);
  }
}

/* A hand shown while it is not the player's turn: the heading and the cards, none offered. */
function heldHand(hand) {
  const box = document.createElement("div");
  const h = document.createElement("h3");
  h.textContent = t("your_hand");
  const row = document.createElement("div");
  row.className = "hand held";
  for (const c of hand) row.append(cardEl(c, {}));
  box.append(h, row);
  return box;
}

/* Choosing one card to play: the hand when the app knows it, else the picker (``picker``:
   another deck's); cards that cannot be played are disabled; one big button (kept in reach at
   the bottom of the screen) confirms. ``memory`` keeps the choice and the picker's suit across
   live redraws of the same decision (``context``, see forgetOnNewChoice). A game with its own
   faces draws the hand's cards (``drawCard``, ``handClass``) and may name the chosen card in
   full above the button (``describe``). */
function cardChooser({hand, legal, memory, hidden, label, onChoose, picker, context,
                      drawCard = cardEl, handClass = "hand", describe}) {
  const box = document.createElement("div");
  if (memory.selected && !legal.has(memory.selected)) memory.selected = null;
  forgetOnNewChoice(memory, context);
  const go = document.createElement("button");
  go.type = "button";
  go.id = "play";
  go.className = "big primary";
  const chosen = document.createElement("p");
  chosen.className = "chosen-card";
  // The button stays on screen over the cards once one is chosen; before that it waits below
  // them, so that it never covers the suit tabs or cards a player is looking for.
  const bar = document.createElement("div");
  bar.className = "sticky-play";
  const refresh = () => {
    go.textContent = label(memory.selected ? cardLabel(memory.selected) : "…");
    // said in words, not as "Play …", while no card is chosen
    if (memory.selected) go.removeAttribute("aria-label");
    else go.setAttribute("aria-label", label(t("no_card_yet")));
    go.disabled = !memory.selected;
    bar.classList.toggle("idle", !memory.selected);
    chosen.textContent = memory.selected && describe ? describe(memory.selected) : "";
    for (const el of box.querySelectorAll(".card[data-card]"))
      el.setAttribute("aria-pressed", String(el.dataset.card === memory.selected));
  };
  const pick = (code) => { memory.selected = code; refresh(); };
  if (hand) {
    const h = document.createElement("h3");
    h.textContent = t("your_hand");
    const row = document.createElement("div");
    row.className = handClass;
    for (const c of hand) {
      const el = drawCard(c, {button: true});
      offerOrExplain(el, c, legal.has(c), pick);
      row.append(el);
    }
    box.append(h, row);
  } else {
    // ``picker`` draws another deck's picker (a tarot's), else the French one
    box.append(picker ? picker(legal, pick, memory) : cardPicker(legal, pick, memory, hidden));
  }
  go.addEventListener("click", () => {
    if (!memory.selected) { toast(t("no_card_chosen")); return; }
    const card = memory.selected;
    memory.selected = null;
    go.disabled = true;  // a second tap of a double tap does nothing (no "tap a card first")
    onChoose(card);
  });
  if (describe) bar.append(chosen);
  bar.append(go);
  box.append(bar);
  refresh();
  return box;
}

/* A drop-down of card codes, for correcting a card; ``label``: each code's name (its rank
   and suit unless given). */
function cardSelect(codes, current, onChange, label) {
  const sel = document.createElement("select");
  sel.setAttribute("aria-label", t("correct_card"));
  for (const code of codes) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = (label || cardLabel)(code);
    o.selected = code === current;
    sel.append(o);
  }
  sel.addEventListener("change", () => onChange(sel.value));
  return sel;
}

const FRENCH_CODES = ["H", "D", "C", "S"].flatMap((s) =>
  ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].map((r) => r + s)).concat(["JK1", "JK2"]);

/* Whether a seat has nobody to act for it but the host: no phone holds it and no bot plays it. */
function phoneless(view, seat) {
  const s = view.seats[seat];
  return Boolean(s) && !s.joined && !s.bot;
}

/* The line above the table screen's controls for such a seat: whom they act for. */
function forSeatLine(view, seat) {
  const p = document.createElement("p");
  p.className = "ks-for";
  p.textContent = t("for_seat", {who: view.names[seat]});
  return p;
}

/* A card of a picker or a hand: one that can be chosen is picked by a tap; one that cannot is
   greyed (aria-disabled, so that it can still be reached and tapped) and a tap says why. */
function offerOrExplain(el, code, can, pick) {
  if (!can) {
    el.setAttribute("aria-disabled", "true");
    el.classList.add("unavailable");
  }
  // the state is read at the tap: a live redraw may have changed it meanwhile
  el.addEventListener("click", () => (el.getAttribute("aria-disabled") === "true" ? explainUnavailable(code) : pick(code)));
}

/* Why a greyed card cannot be chosen. A card the table saw played names who entered it: if the
   player holds it too, one of the two entries is a mistake, which the host puts right. Any
   other card: the engine's own reason, asked of the server (nothing is played). */
async function explainUnavailable(code) {
  const T = window.TAVOLO;
  const view = T && T.view();
  if (!view) return;
  const card = cardLabel(code);
  const seat = (view.entered || {})[code];
  if (seat !== undefined && seat !== null) {
    const you = seat === view.me;
    toast((you ? t("entered_by_you", {card}) : t("entered_by", {card, who: view.names[seat]})) + " "
          + t(you ? "entered_fix_you" : "entered_fix"));
    return;
  }
  try {
    const res = await postJSON(`/api/tables/${T.tableId}/cards/check${T.asTable}`,
                               view.me === null ? {cards: [code], seats: [null]} : {cards: [code]});
    const move = res.ok && res.body && res.body.moves[0];
    if (move && !move.legal) { toast(move.messages[LANG] || move.messages.en, move.why); return; }
  } catch (e) { /* no connection: the short sentence below */ }
  toast(t("card_unavailable", {card}));
}
