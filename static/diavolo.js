/* Il Diavolo on a phone: the pot, who is still in, what each has paid; your own cards and
   total, private; ask or withdraw; between deals, deal the next hand or end the evening. A pot
   on the table is indivisible (DECISION D9): the app offers one more deal, and an evening ended
   anyway gives each player back what he paid into it, shown line by line at the end. */
"use strict";
window.GAME_UI = window.GAME_UI || {};
(function () {
  const memory = keptMemory("diavolo", {suit: null, selected: null});
  const SUITED = ["S", "H", "D", "C"].flatMap((s) => TAROT_RANKS.map((r) => r + s));
  const TAROT = [...TAROT_TRUMPS, ...SUITED];  // every card a player may enter or show
  const DEVIL = "T15";  // trump XV: whoever receives it takes the pot, whatever his total

  function mine(view) { return view.me !== null && view.me !== undefined; }

  function status(view) {
    const s = view.state, names = view.names;
    const me = (seat) => mine(view) && seat === view.me;  // a phone speaks to its own player
    if (s.phase === "await_deal") {
      const next = s.to_act[0];
      // who took the pot, how much, and why: every phone says it, not the table screen only
      const how = t((s.winner_cards || []).includes(DEVIL) ? "dv_how_devil" : "dv_how_15");
      const won = s.deal_winner === null ? ""
        : (me(s.deal_winner) ? t("dv_won_you", {n: s.won, how})
                             : t("dv_won", {who: names[s.deal_winner], n: s.won, how})) + " ";
      const waiting = s.pot ? " " + t("dv_pot_waits", {n: s.pot}) : "";
      return won + (me(next) ? t("dv_next_deal_you") : t("dv_next_deal", {who: names[next]})) + waiting;
    }
    const who = s.to_act[0];
    if (!me(who)) {
      // a player out of this deal waits for the next one, and is told so
      const out = mine(view) && s.withdrawn[view.me] ? ". " + t("dv_out_you") : "";
      return t("turn_of", {who: names[who]}) + out;
    }
    return s.checking ? t("dv_check_you") : t("dv_your_turn");
  }

  // A total in points as players say it: the half of a figure as "½" ("7½", "½"),
  // never a decimal point or comma.
  function points(total) {
    const whole = Math.floor(total);
    const half = total - whole >= 0.5 ? "½" : "";
    return whole === 0 && half ? half : `${whole}${half}`;
  }

  function render(view, act) {
    const s = view.state;
    const game = document.createDocumentFragment();
    const pot = document.createElement("p");
    pot.className = "pot";
    // between deals the round and the pile are the last deal's: the next one starts afresh
    pot.textContent = s.phase === "offer" ? t("dv_pot", {n: s.pot, deal: s.deal, round: s.round, left: s.deck_size})
      : t("dv_pot_between", {n: s.pot, deal: s.deal});
    game.append(pot);
    // the deal before, for whoever looked away while it ended (a bot dealer deals at once)
    if (s.phase === "offer" && s.last) {
      const last = document.createElement("p");
      last.className = "dv-last";
      const how = t(s.last.devil ? "dv_how_devil" : "dv_how_15");
      last.textContent = mine(view) && s.last.winner === view.me
        ? t("dv_last_you", {n: s.last.won, how})
        : t("dv_last", {who: view.names[s.last.winner], n: s.last.won, how});
      game.append(last);
    }
    // the winner's shown cards are the table's now: on their phone they are said once, as shown
    const shown = mine(view) && s.winner_cards && s.deal_winner === view.me;
    if (s.winner_cards && !(shown && s.cards)) {
      const h = document.createElement("h3");
      h.textContent = t("dv_winner_cards", {who: view.names[s.deal_winner]});
      const row = document.createElement("div");
      row.className = "hand";
      s.winner_cards.forEach((c) => row.append(cardEl(c, {half: true, tarot: true})));
      game.append(h, row);
    }
    if (mine(view) && s.cards) {
      const h = document.createElement("h3");
      // the Devil counts for nothing and wins by itself: its holder's total is not the news
      const devil = shown && s.cards.includes(DEVIL);
      h.textContent = devil ? t("dv_your_shown_devil")
        : t(shown ? "dv_your_shown" : "dv_your_cards", {total: points(s.total)});
      const row = document.createElement("div");
      row.className = "hand";
      s.cards.forEach((c) => row.append(cardEl(c, {half: true, tarot: true})));
      game.append(h, row);
      if (!shown && s.phase === "offer" && !s.withdrawn[view.me] && s.total > 15
          && !s.cards.includes(DEVIL)) {  // busting is secret and not the end (§3.5)
        const over = document.createElement("p");
        over.className = "hint dv-over";
        over.textContent = t("dv_over");
        game.append(over);
      }
      if (s.clashes && s.clashes.length) {  // said to this phone alone
        const warn = document.createElement("p");
        warn.className = "conflict dv-clash";
        const said = `${s.deal}/${s.clashes.join(",")}`;
        if (memory.clashSaid !== said) {  // read out once, not at every redraw
          warn.setAttribute("role", "alert");
          memory.clashSaid = said;
        }
        warn.textContent = t("dv_clash", {cards: s.clashes.map((c) => cardSpeech(c, true)).join(", "),
                                          who: view.names[s.deal_winner]});
        game.append(warn);
      }
    }
    return {game, controls: controls(view, act)};
  }

  function button(label, primary, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "big" + (primary ? " primary" : "");
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  function controls(view, act) {
    const s = view.state;
    const box = document.createElement("div");
    if (view.outcome) return box;
    const legal = (type) => (s.legal || []).some((a) => a.type === type);
    // Between deals: the dealer's own phone deals or ends the evening; the host, for a dealer
    // without a phone (the server lets only a seat's own phone act for it).
    const dealer = s.to_act.length ? s.to_act[0] : null;
    const canAct = dealer !== null && ((mine(view) && dealer === view.me)
                                       || (view.host && phoneless(view, dealer)));
    if (s.phase === "await_deal" && canAct) {
      // With a pot on the table, one more deal comes first: the pot waits for a winner.
      const deal = s.pot ? t("dv_deal_pot", {n: s.pot}) : t("dv_deal");
      box.append(button(deal, true, () => act({type: "deal", player: dealer})));
      box.append(button(s.pot ? t("dv_end_anyway") : t("dv_end"), false, () => {
        const ask = s.pot ? t("dv_end_pot", {n: s.pot, back: refunds(view)}) : t("dv_end_confirm");
        if (window.confirm(ask)) act({type: "end", player: dealer});
      }));
      return box;
    }
    if (!mine(view) && view.host) return forSeat(view, act, box);
    if (!mine(view) || s.phase !== "offer" || s.withdrawn[view.me]) return box;
    if (!s.known_hands) {
      // Real cards: enter your own cards privately, first (above what you say to the table):
      // then an exact 15 or the Devil declares itself, and hints know your hand.
      const entered = (s.cards || []).length;
      if (entered < s.counts[view.me]) {
        const h = document.createElement("h3");
        h.textContent = t("dv_enter", {n: entered + 1, of: s.counts[view.me]});
        const why = document.createElement("p");
        why.className = "hint";
        why.textContent = t("dv_enter_why");
        // The tarot as it is: a tab for the trumps, one for each of its suits (cups, coins...).
        // A card entered cannot be taken back: it is chosen, then entered with the button.
        const all = new Set(TAROT.filter((c) => !(s.cards || []).includes(c)));
        box.append(h, why, cardChooser({legal: all, memory, picker: tarotPicker, context: `${s.deal}/${entered}`,
                                        label: (card) => t("dv_note", {card}),
                                        onChoose: (code) => act({type: "note", card: code})}));
      }
    }
    if (s.to_act.includes(view.me)) {
      if (legal("continue")) box.append(button(t("dv_continue"), true, () => act({type: "continue"})));
      if (legal("ask")) box.append(button(t("dv_ask", {n: s.stake}), true, () => act({type: "ask"})));
      box.append(button(t("dv_withdraw"), false, () => act({type: "withdraw"})));
    }
    return box;
  }

  /* The table screen speaks for a player with no phone at a table of real cards: what he says
     aloud (ask, withdraw, no 15), and, when he shows 15 or the Devil, the cards he shows. His
     cards are never entered otherwise: they are his alone. */
  function forSeat(view, act, box) {
    const s = view.state;
    if (s.phase !== "offer" || s.known_hands) return box;
    // a seat the table screen speaks for: no phone, no bot, still in the deal
    const speaksFor = (i) => phoneless(view, i) && !s.withdrawn[i];
    const seat = s.to_act[0];
    if (seat !== undefined && speaksFor(seat)) {
      box.append(forSeatLine(view, seat));
      if (s.checking) box.append(button(t("dv_continue_for"), true, () => act({type: "continue", player: seat})));
      else if (s.deck_size > 0) box.append(button(t("dv_ask", {n: s.stake}), true, () => act({type: "ask", player: seat})));
      box.append(button(t("dv_withdraw"), false, () => act({type: "withdraw", player: seat})));
    }
    // Who shows 15 or the Devil: the one in turn with his new card, or anyone still in whose
    // first card is the Devil (he takes the pot at once, whoever's turn it is).
    const key = `${s.deal}/${s.round}/${seat}/${s.checking}`;
    if (memory.showKey !== key) {
      memory.showKey = key;
      memory.showFor = s.checking && seat !== undefined && speaksFor(seat) ? seat : null;
    }
    const open = memory.showFor;
    const redraw = () => { if (window.TAVOLO) window.TAVOLO.render(window.TAVOLO.view()); };
    // one short row of names, however many seats have no phone (not a big button each)
    // not one who said his new card makes no 15: those cards can no longer win
    const others = view.names.map((who, i) => ({who, i}))
      .filter(({i}) => i !== open && speaksFor(i) && !(s.passed || [])[i]);
    if (others.length) {
      const row = document.createElement("div");
      row.className = "dv-showers";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", t("dv_shows_who"));
      const label = document.createElement("span");
      label.textContent = t("dv_shows_who");
      label.setAttribute("aria-hidden", "true");  // the group says it already
      row.append(label);
      for (const {who, i} of others) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = who;
        b.setAttribute("aria-label", t("dv_shows_button", {who}));
        b.addEventListener("click", () => { memory.showFor = i; redraw(); });
        row.append(b);
      }
      box.append(row);
    }
    if (open !== null && speaksFor(open)) box.append(showing(view, act, open));
    return box;
  }

  /* His new card makes 15 (or is the Devil): he shows his cards, the table screen enters them
     (a tap on one entered takes it back), then declares his win with them. */
  function showing(view, act, seat) {
    const s = view.state;
    const who = view.names[seat];
    const n = s.counts[seat];
    const key = `${s.deal}/${seat}/${n}`;
    if (memory.shownKey !== key) { memory.shownKey = key; memory.shown = []; }
    const shown = memory.shown;
    const part = document.createElement("div");
    const redraw = () => part.replaceWith(showing(view, act, seat));
    const h = document.createElement("h3");
    h.textContent = t("dv_shows", {who, n});
    const row = document.createElement("div");
    row.className = "hand";
    shown.forEach((c, k) => {
      const el = cardEl(c, {half: true, tarot: true, button: true});
      el.setAttribute("aria-label", t("dv_take_back", {card: cardLabel(c)}));
      el.addEventListener("click", () => { shown.splice(k, 1); redraw(); });
      row.append(el);
    });
    const left = new Set(TAROT.filter((c) => shown.length < n && !shown.includes(c)));
    const picker = tarotPicker(left, (code) => { shown.push(code); redraw(); }, memory);
    const declare = button(t("dv_declare_for", {who, n}), true,
                           () => act({type: "declare", player: seat, cards: [...shown]}));
    declare.disabled = shown.length !== n;
    part.append(h, row, picker, declare);
    return part;
  }

  /* "Aldo 3, Bice 2": what each player has paid into the pot since it was last won. */
  function refunds(view) {
    const paid = view.state.pot_paid || [];
    return view.names.map((n, i) => (paid[i] ? `${n} ${paid[i]}` : null)).filter(Boolean).join(", ");
  }

  function playerLine(view, i) {
    const s = view.state;
    const parts = [t("dv_balance", {n: (s.balances[i] > 0 ? "+" : "") + s.balances[i]}),
                   t("cards_left", {n: s.counts[i]}), t("dv_paid", {n: s.paid[i] * s.stake})];
    if (s.pot && (s.pot_paid || [])[i]) parts.push(t("dv_in_pot", {n: s.pot_paid[i]}));
    if (s.withdrawn[i]) parts.push(t("dv_withdrawn"));
    // between deals the mark goes to the next dealer, whom the status names
    const dealer = s.phase === "await_deal" && s.to_act.length ? s.to_act[0] : s.dealer;
    if (dealer === i) parts.push(t("dv_dealer"));
    return parts.join(" · ");
  }

  /* The closing settlement, one line per player: what he took back from a pot nobody won
     (antes and cards asked), then the transfers that bring every balance to zero. */
  function finalDetails(view, i) {
    const s = view.state;
    const parts = [];
    const back = (s.refunded || [])[i] || 0;
    if (back) {
      const asks = (s.refunded_asks || [])[i] || 0;
      parts.push(t("dv_took_back", {n: back, antes: back - asks, asks}));
    }
    const transfers = (view.outcome.transfers || []).filter((tr) => tr.from === i);
    if (transfers.length) parts.push(transfers.map((tr) => t("os_pays", {who: view.names[tr.to], n: tr.amount})).join(" · "));
    return document.createTextNode(parts.join(" · ") || t("dv_settled"));
  }

  /* The evening deal by deal, for the teacher: who took each pot and how, or that it stayed. */
  function finalExtra(view) {
    const deals = view.state.history || [];
    const box = document.createElement("details");
    box.className = "dv-deals";
    const summary = document.createElement("summary");
    summary.textContent = t("dv_deals", {n: deals.length});
    const list = document.createElement("ul");  // each line says its deal's number
    for (const d of deals) {
      const li = document.createElement("li");
      li.textContent = d.winner === null ? t("dv_deal_none", {deal: d.deal, n: d.pot})
        : t("dv_deal_won", {deal: d.deal, who: view.names[d.winner], n: d.pot,
                            how: t(d.devil ? "dv_how_devil" : "dv_how_15")});
      list.append(li);
    }
    box.append(summary, list);
    return box;
  }

  // cardText: a card by the tarot's names ("8 of batons", "Devil, Trump 15"), for the practice panel
  window.GAME_UI.diavolo = {status, render, playerLine, finalDetails, finalExtra,
                            cardText: (code) => cardSpeech(code, true)};
})();
