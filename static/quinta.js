/* Quinta on a phone: the four rows, the hand or the card picker, the joker's row. */
"use strict";
window.GAME_UI = window.GAME_UI || {};
(function () {
  const ROWS = ["H", "D", "C", "S"];
  const JOKER_ROWS = {JK1: ["H", "D"], JK2: ["C", "S"]};

  function status(view) {
    const s = view.state, me = view.me, names = view.names;
    if (s.phase === "joker_row") {
      const j = s.pending_jokers[0];
      const card = cardLabel(j.card).toLowerCase();
      let text = j.player === me ? t("joker_you", {card}) : t("joker_other", {who: names[j.player], card});
      if (s.pending_jokers.length > 1) text += " — " + t("next_joker", {who: names[s.pending_jokers[1].player]});
      return text;
    }
    if (saysConflict(view)) {
      const who = s.conflict.players.map((i) => names[i]).join(" & ");
      const card = cardLabel(s.conflict.card);
      if (choosesAgain(view)) return t("conflict", {card, who});
      // one of them has entered a card again: name only who still has to
      const rest = s.conflict.players.filter((i) => s.to_act.includes(i));
      if (rest.length && rest.length < s.conflict.players.length)
        return t("conflict_rest", {card, who, rest: rest.map((i) => names[i]).join(", ")});
      return t("conflict_others", {card, who});
    }
    const waiting = s.to_act.map((i) => names[i]).join(", ");
    if (me !== null && me !== undefined && s.to_act.includes(me)) return t("choose_card");
    if (me !== null && me !== undefined && s.chosen)
      return t("chosen", {card: cardLabel(s.chosen), who: waiting});
    return t("to_choose", {who: waiting});
  }

  /* A card entered twice: this phone is one of those asked to enter theirs again. */
  function choosesAgain(view) {
    const me = view.me;
    return Boolean(view.state.conflict) && me !== null && me !== undefined && view.state.to_act.includes(me);
  }

  /* Whether the status line says why the round waits: on every page but the phone of one of
     the two who has already entered a card again (it says that card is chosen). */
  function saysConflict(view) {
    const c = view.state.conflict;
    return Boolean(c) && (choosesAgain(view) || !c.players.includes(view.me));
  }

  function rows(view) {
    const box = document.createElement("div");
    box.className = "rows";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t("rows"));
    for (const suit of ROWS) {
      const row = document.createElement("div");
      row.className = "row";
      row.dataset.row = suit;
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", t("row_of", {suit: t("suit_" + suit)}));
      const cards = view.state.rows[suit];
      cards.forEach((c) => row.append(cardEl(c)));
      for (let i = cards.length; i < 5; i++) {
        const slot = document.createElement("span");
        slot.className = "slot" + (i === 4 ? " fifth" : "");
        slot.setAttribute("aria-hidden", "true");
        row.append(slot);
      }
      box.append(row);
    }
    return box;
  }

  function lastRound(view) {
    const s = view.state;
    if (!s.revealed.length) return null;
    const box = document.createElement("div");
    box.className = "last-round";
    const h = document.createElement("h3");
    h.textContent = t("last_round");
    box.append(h);
    const list = document.createElement("div");
    list.className = "revealed";
    for (const r of s.revealed) {
      const item = document.createElement("span");
      item.className = "revealed-item";
      item.append(view.names[r.player] + " ", cardEl(r.card, {small: true}));
      list.append(item);
    }
    box.append(list);
    if (s.captures.length) {
      const took = document.createElement("ul");
      took.className = "captures";
      for (const c of s.captures) {
        const li = document.createElement("li");
        li.textContent = t("took", {who: view.names[c.player], cards: c.cards.map(cardLabel).join(" ")});
        took.append(li);
      }
      box.append(took);
    }
    return box;
  }

  function controls(view, act) {
    const s = view.state, me = view.me;
    const box = document.createElement("div");
    if (view.outcome) return box;
    if (s.phase === "joker_row") {
      // the joker's owner chooses its row: on his phone, or on the table screen for a seat
      // that has no phone (its cards entered there by hand)
      const owner = s.pending_jokers[0].player;
      const forOther = owner !== me && view.host && me === null && phoneless(view, owner);
      if (owner === me || forOther) {
        if (forOther) box.append(forSeatLine(view, owner));
        for (const suit of JOKER_ROWS[s.pending_jokers[0].card]) {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "big primary";
          b.dataset.row = suit;
          b.textContent = t("put_in_row", {suit: t("suit_" + suit)}) + " " + SUIT_SYMBOL[suit];
          b.addEventListener("click", () => act(forOther ? {type: "choose_row", row: suit, player: owner}
                                                         : {type: "choose_row", row: suit}));
          box.append(b);
        }
        return box;
      }
    }
    if (me === null || me === undefined) return box;
    if (!(s.phase === "choose" && s.to_act.includes(me))) { memory.selected = null; return box; }
    const legal = new Set(s.legal.filter((a) => a.type === "play").map((a) => a.card));
    box.append(cardChooser({hand: s.hand, legal, memory, hidden: ACES, context: `${s.round}/${me}`,
                            label: (card) => t("play", {card}),
                            onChoose: (card) => act({type: "play", card})}));
    return box;
  }

  const memory = keptMemory("quinta", {suit: null, selected: null});
  const ACES = new Set(["AH", "AD", "AC", "AS"]);  // they start the rows and never move

  function playerLine(view, i) {
    const s = view.state;
    const parts = [t("cards_left", {n: s.hand_sizes[i]}), t("pile", {n: s.piles[i].length}),
                   t("points", {n: s.scores[i]})];
    if (s.phase === "choose") parts.push(s.has_chosen[i] ? "✓ " + t("has_chosen") : t("thinking"));
    return parts.join(" · ");
  }

  function finalDetails(view, i) {
    const sets = (view.state.sets || [])[i] || [];
    const box = document.createElement("div");
    box.className = "sets";
    for (const set of sets) {
      const item = document.createElement("span");
      item.className = "set";
      const label = document.createElement("span");
      label.textContent = `+${set.points}`;
      // a joker in a set counts as the set's rank: said on the card in place of its star ("= 3"),
      // seen and heard, the card as wide as the others (a set stays within a phone's width)
      item.append(label, ...set.cards.map((c) => {
        const el = cardEl(c, {small: true});
        if (JOKER_ROWS[c]) {
          const as = t("joker_as", {rank: set.rank});
          const star = el.querySelector(".suit");
          star.textContent = as;
          star.classList.add("joker-as");
          el.setAttribute("aria-label", `${el.getAttribute("aria-label")} ${as}`);
        }
        return el;
      }));
      box.append(item);
    }
    return box;
  }

  window.GAME_UI.quinta = {
    hostByList: true,  // the table screen enters the revealed cards through the scan list
    together: true,  // every seat chooses its card at once, face down (the practice note says so)
    status,
    statusSays: (view, line) => line.kind === "conflict" && saysConflict(view),
    finalDetails,
    render(view, act) {
      if (view.state.phase !== "choose") memory.selected = null;
      const game = document.createDocumentFragment();
      const round = document.createElement("p");
      round.className = "round";
      round.textContent = view.outcome ? "" : t("round", {n: view.state.round});
      game.append(round, rows(view));
      const last = lastRound(view);
      if (last) game.append(last);
      return {game, controls: controls(view, act)};
    },
    playerLine,
  };
})();
