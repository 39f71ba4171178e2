/* Il Cerchio degli Oscuri on a phone: the turn's cards with the stakes on each, who must
   answer which card, frozen stakes, the hand or the card picker, balances, settlement.
   Every marker is a word or a symbol as well as a colour. */
"use strict";
window.GAME_UI = window.GAME_UI || {};
(function () {
  const SUIT_WORD = {
    en: {S: "crosses ♠", C: "trees ♣", D: "flames ♦", H: "skulls ♥"},
    it: {S: "croci ♠", C: "alberi ♣", D: "fiamme ♦", H: "teschi ♥"},
  };
  const memory = keptMemory("oscuri", {suit: null, selected: null});

  function mine(view) { return view.me !== null && view.me !== undefined; }

  function status(view) {
    const s = view.state, names = view.names;
    if (s.phase === "death_discard") {
      const who = names[s.owing[0]];
      return mine(view) && s.owing[0] === view.me ? t("os_discard_you") : t("os_discard_other", {who});
    }
    const next = s.to_act[0];
    const answer = (key) => (s.ref ? " " + t(key, {card: cardLabel(s.ref)}) : "");
    if (mine(view) && next === view.me) {
      return (s.trick.length ? t("os_your_turn") : t("os_your_lead")) + answer("os_answer");
    }
    return t("turn_of", {who: names[next]}) + answer("os_answer_other");
  }

  function chip(n) {
    const span = document.createElement("span");
    span.className = "chips";
    span.textContent = t("os_chips", {n});
    return span;
  }

  function trickRow(view, placed, live) {
    const row = document.createElement("div");
    row.className = "trick";
    row.setAttribute("role", "list");
    placed.forEach((p, i) => {
      const item = document.createElement("div");
      item.className = "placed";
      item.setAttribute("role", "listitem");
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = view.names[p.player];
      item.append(who, cardEl(p.card));
      // the turn ended: a card that kept no stake shows none (a led Death was paid by hand, not
      // on its card; the lines under the cards say who collected what)
      if (live || p.stakes) item.append(chip(p.stakes));
      const marks = [];
      if (live && view.state.holder === i) marks.push(t("os_holder"));
      if (live && view.state.ref === p.card) marks.push(t("os_to_beat"));
      if (p.frozen) marks.push(t("os_frozen"));
      // Where the stakes lying here go when the turn ends: the card's owner, for sure
      // once frozen (Death aside), else only if nobody beats the card.
      if (live && p.stakes > 0) {
        const who = view.names[p.player];
        marks.push(p.frozen ? t("os_stays_with", {who}) : t("os_goes_if_unbeaten", {who}));
      }
      if (marks.length) {
        const m = document.createElement("span");
        m.className = "marks" + (p.frozen ? " frozen" : "");
        m.textContent = marks.join(" · ");
        item.append(m);
      }
      row.append(item);
    });
    return row;
  }

  function render(view, act) {
    const s = view.state;
    const game = document.createDocumentFragment();
    const info = document.createElement("p");
    info.className = "round";
    // before the lead there is no suit yet: the line leaves it out
    const facts = {n: s.turn, suit: s.suit ? SUIT_WORD[LANG][s.suit] : "", deck: s.deck_size, stake: s.stake};
    info.textContent = view.outcome ? "" : t(s.suit ? "os_info" : "os_info_open", facts);
    game.append(info);
    if (s.trick.length) {
      const h = document.createElement("h3");
      h.textContent = t("os_this_turn");
      game.append(h, trickRow(view, s.trick, true));
    }
    if (s.last_turn.length) {
      const h = document.createElement("h3");
      h.textContent = t("os_last_turn");
      game.append(h, trickRow(view, s.last_turn, false));
      // What each player collected at the end of that turn, and why.
      const ended = view.log.filter((line) => line.kind === "turn" && !line.undone);
      const seq = ended.length ? ended[ended.length - 1].seq : null;
      const said = document.createElement("ul");
      said.className = "captures";
      for (const line of ended.filter((l) => l.seq === seq)) {
        const li = document.createElement("li");
        li.textContent = line[LANG] || line.en;
        said.append(li);
      }
      game.append(said);
    }
    for (const r of s.reneges) {
      const p = document.createElement("p");
      p.className = "conflict";
      p.textContent = t("os_renege", {who: view.names[r.player], suit: SUIT_WORD[LANG][r.suit], n: r.turn});
      game.append(p);
    }
    return {game, controls: controls(view, act)};
  }

  function controls(view, act) {
    const s = view.state;
    const box = document.createElement("div");
    // After a Death is led, a seat with no phone puts a card face down as everyone does; only
    // the table screen can say he has (with real cards: the card itself stays unseen)
    const owes = s.phase === "death_discard" && !view.outcome ? s.owing[0] : undefined;
    if (owes !== undefined && !mine(view) && view.host && !s.known_hands && phoneless(view, owes)) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "big primary";
      b.textContent = t("os_discard_done_for", {who: view.names[owes]});
      b.addEventListener("click", () => act({type: "discard", card: null, player: owes}));
      box.append(forSeatLine(view, owes), b);
      return box;
    }
    if (!mine(view) || view.outcome || !s.to_act.includes(view.me)) {
      memory.selected = null;
      // between one's turns the hand stays in sight, its cards shown, not offered
      if (mine(view) && !view.outcome && s.hand && s.hand.length) box.append(heldHand(s.hand));
      return box;
    }
    const discarding = s.phase === "death_discard";
    const legal = new Set(s.legal.filter((a) => a.card).map((a) => a.card));
    if (discarding && !s.hand) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "big primary";
      b.textContent = t("os_discard_done");
      b.addEventListener("click", () => act({type: "discard", card: null}));
      box.append(b);
      return box;
    }
    box.append(cardChooser({
      hand: s.hand, legal, memory, context: `${s.turn}/${s.phase}/${s.trick.length}`,
      label: (card) => (discarding ? t("os_discard", {card}) : t("play", {card})),
      onChoose: (card) => act({type: discarding ? "discard" : "play", card}),
    }));
    return box;
  }

  function playerLine(view, i) {
    const s = view.state;
    const parts = [t("os_balance", {n: (s.balances[i] > 0 ? "+" : "") + s.balances[i]}),
                   t("cards_left", {n: s.hand_sizes[i]})];
    if (s.out[i]) parts.push(t("os_out"));
    if (s.leader === i && !view.outcome) parts.push(t("os_leader"));
    return parts.join(" · ");
  }

  // the table screen plays for a seat without a phone through the scan list (a photo, or
  // cards entered by hand): it has no picker of its own here
  window.GAME_UI.oscuri = {status, render, playerLine, hostByList: true};
})();
