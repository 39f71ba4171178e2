/* Insonnia on a phone: every player's counts as rows of ten slots, your hand (or the card
   picker for real cards), a turn built by tapping a card then a slot, shown as a draft and
   confirmed at once; concentrate, guess, the penalty pass and a new run as buttons only
   when they are legal. The faces are drawn by insonnia_cards.js. */
"use strict";
window.GAME_UI = window.GAME_UI || {};
(function () {
  const {COLOURS, SPECIALS, kindOf, roleOf, french, colourName, cardName, shortName, shape, fenceIcon, face} =
    window.INSONNIA_CARDS;

  /* A card as a sentence names it. The English sentences say "the" themselves; Italian needs
     the article of the word left out: "la 3 gialla" (pecora), "la carta 7♥", "il recinto". */
  function theName(code) {
    const name = shortName(code);
    if (LANG !== "it") return name;
    const role = kindOf(code).role;
    if (role === "sheep") return (french(code) ? "la carta " : "la ") + name;
    return (role === "fence" ? "il " : "la ") + name;
  }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  const SLOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  // The turn being built survives live redraws; ``key`` says whose turn it belongs to.
  const memory = {key: null, selected: null, draft: [], refused: null, tab: null, guess: null};
  let last = null;  // the view and act function of the last render, for local redraws

  // ---- the table, with the draft laid on it ---------------------------------------------
  function slotsOf(run) {
    const a = new Array(11).fill(null);
    for (const [k, v] of Object.entries(run)) a[Number(k)] = v;
    return a;
  }
  function tableWithDraft(s) {
    const runs = s.runs.map((rs) => rs.map(slotsOf));
    for (const p of memory.draft) {
      const run = (runs[p.owner] || [])[p.run];
      if (run) run[p.slot] = p.card;
    }
    return runs;
  }
  function isOpen(arr, n) {
    // An empty slot next to a sheep or a fence, or a gap between cards (never next only
    // to a confused sheep): the engine's rule, for highlighting.
    if (n < 1 || n > 10 || arr[n]) return false;
    if ([n - 1, n + 1].some((m) => ["sheep", "fence"].includes(roleOf(arr[m])))) return true;
    return arr.slice(1, n).some(Boolean) && arr.slice(n + 1, 11).some(Boolean);
  }
  /* The slots a card may go to now, as the engine would judge the whole turn: an open slot
     for its number; a fence alone in a turn (slots 2-9, not next to another fence); a confused
     sheep on another's run; the sheep of a turn in one chain (each next to the last, in one
     direction, on its run); in Rainbow never next to a sheep of its own colour. */
  function targetsFor(code, runs, seat, variant, phase) {
    const out = new Set();
    if (!code) return out;
    const k = kindOf(code);
    const draft = memory.draft.map((p) => ({...p, kind: kindOf(p.card)}));
    if (draft.some((p) => p.kind.role === "fence")) return out;  // a fence is played alone
    // a fence is the turn's only card: not with others, nor after a right guess (the guessed
    // sheep was the turn's card)
    if (k.role === "fence" && (draft.length || phase === "continue")) return out;
    const chain = draft.filter((p) => p.kind.role === "sheep");
    const last = chain[chain.length - 1];
    const step = chain.length > 1 ? Math.sign(last.slot - chain[chain.length - 2].slot) : 0;
    runs.forEach((rs, owner) => rs.forEach((arr, r) => {
      for (const n of SLOTS) {
        if (!isOpen(arr, n)) continue;
        if (k.role === "sheep") {
          if (k.number !== n) continue;
          if (last && !(owner === last.owner && r === last.run
                        && (step ? n === last.slot + step : Math.abs(n - last.slot) === 1))) continue;
          if (variant === "rainbow" && [n - 1, n + 1].some((m) => {
            const next = arr[m] ? kindOf(arr[m]) : null;
            return next && next.role === "sheep" && next.colour === k.colour;
          })) continue;
        }
        if (k.role === "fence" && (n < 2 || n > 9 || [n - 1, n + 1].some((m) => roleOf(arr[m]) === "fence"))) continue;
        if (k.role === "confused" && owner === seat) continue;
        out.add(`${owner}/${r}/${n}`);
      }
    }));
    return out;
  }
  /* Why a card has no slot now, as ``targetsFor`` rules it out: the rule this turn's cards
     break, with the rule book's paragraph, or, when no open slot takes its number at all, none
     (the turn itself is no obstacle). */
  function whyNowhere(code, runs, seat, variant, phase) {
    const k = kindOf(code);
    const draft = memory.draft.map((p) => ({...p, kind: kindOf(p.card)}));
    if (draft.some((p) => p.kind.role === "fence")) return {key: "in_why_fence_alone", anchor: "fence"};
    if (k.role === "fence" && draft.length) return {key: "in_why_fence_alone", anchor: "fence"};
    if (k.role === "fence" && phase === "continue") return {key: "in_why_after_guess", anchor: "guess"};
    const open = [];  // the open slots that would take this card were the turn's other cards not there
    runs.forEach((rs, owner) => rs.forEach((arr, r) => {
      for (const n of SLOTS) if (isOpen(arr, n)) open.push({owner, r, n, arr});
    }));
    if (k.role === "confused") {
      return open.some((o) => o.owner !== seat) ? null : {key: "in_why_confused", anchor: "confused"};
    }
    if (k.role === "fence") return open.length ? {key: "in_why_fence_slots", anchor: "fence"} : null;
    if (k.role !== "sheep") return null;
    const numbered = open.filter((o) => o.n === k.number);
    if (!numbered.length) return null;
    const chain = draft.filter((p) => p.kind.role === "sheep");
    if (chain.length) {
      const last = chain[chain.length - 1];
      return {key: "in_why_chain", anchor: "chain", args: {last: theName(last.card), slot: last.slot}};
    }
    if (variant === "rainbow") return {key: "in_why_rainbow", anchor: "rainbow"};
    return null;
  }

  function isForeign(s, owner, r, code) {
    const k = kindOf(code || "");
    return s.variant === "family" && k.role === "sheep" && k.colour !== s.run_colours[owner][r];
  }

  // ---- who acts from this screen --------------------------------------------------------
  function mine(view) { return view.me !== null && view.me !== undefined; }
  function actor(view) {
    const s = view.state;
    if (view.outcome || s.phase === "over") return null;
    if (mine(view) && s.to_act.includes(view.me))
      return {seat: view.me, legal: s.legal || [], hand: s.hand, forOther: false};
    // Real cards: the host plays for a seat that has no phone.
    if (view.host && s.turn_legal && phoneless(view, s.turn) && s.turn !== view.me)
      return {seat: s.turn, legal: s.turn_legal, hand: null, forOther: true};
    return null;
  }

  /* Why a game with no winner ended (I16): a whole round with no card drawn or laid, or the
     same position come back a third time. */
  function drawn(s) {
    return s.idle >= s.hand_sizes.length ? "in_idle" : "in_repeated";
  }

  /* The result box's line: the winner as every game says it, or why nobody won. */
  function winnerText(view) {
    return view.state.winner === null ? t(`${drawn(view.state)}_result`) : null;
  }

  function status(view) {
    const s = view.state, names = view.names;
    if (view.outcome) return s.winner !== null ? t("in_won", {who: names[s.winner]}) : t(`${drawn(s)}_over`);
    const who = actor(view);
    const turn = names[s.turn];
    if (s.phase === "reshuffle") return t("in_reshuffle", {who: turn});
    if (who && who.forOther) return t("in_for_other", {who: turn});
    if (who) {
      if (s.phase === "first_turn") return t("in_first_you");
      if (s.phase === "continue") return t("in_continue_you");
      return t("in_turn_you");
    }
    return s.phase === "first_turn" ? t("in_first_other", {who: turn}) : t("turn_of", {who: turn});
  }

  function redraw() {
    if (!last) return;
    const parts = render(last.view, last.act);
    document.getElementById("game").replaceChildren(parts.game);
    document.getElementById("controls").replaceChildren(parts.controls);
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ---- drawing the table ----------------------------------------------------------------
  function info(view) {
    const s = view.state;
    const p = el("p", "in-info");
    const pile = el("span", "in-pile", t("in_pile", {n: s.deck_size}));
    p.append(pile);
    const discards = el("span", "in-discards", t("in_discards", {n: s.discard_pile.length}));
    if (s.discard_pile.length) discards.append(" ", face(s.discard_pile[s.discard_pile.length - 1], "mini"));
    p.append(discards);
    const rules = [t(s.deck === "french" ? "in_deck_french_short" : "in_deck_printed_short")];
    if (s.variant !== "base") rules.push(t("in_variant_" + s.variant + "_short"));
    p.append(el("span", "in-rules", rules.join(" · ")));
    // All in the family: what the badge on a sheep of another colour means, once on the screen
    if (s.variant === "family" && s.runs.some((rs, owner) => rs.some((run, r) =>
      Object.values(run).some((code) => isForeign(s, owner, r, code))))) {
      p.append(el("span", "in-legend", t("in_foreign_legend")));
    }
    return p;
  }

  function slotEl(view, ctx, owner, r, n, arr) {
    const s = view.state;
    const code = arr[n];
    const key = `${owner}/${r}/${n}`;
    const di = memory.draft.findIndex((p) => p.owner === owner && p.run === r && p.slot === n);
    const target = ctx.targets.has(key);
    const open = !code && isOpen(arr, n);
    const tappable = target || di >= 0;
    const e = el(tappable ? "button" : "div", "in-slot");
    if (tappable) e.type = "button";
    Object.assign(e.dataset, {owner: String(owner), run: String(r), slot: String(n)});
    const words = [t("in_slot_n", {n})];
    if (code) {
      e.classList.add("filled");
      e.append(face(code, "slot"));
      words.push(cardName(code));
      if (roleOf(code) === "confused") e.classList.add("confused");
      if (isForeign(s, owner, r, code)) {
        e.classList.add("foreign");
        e.append(el("span", "in-badge foreign-badge", "≠"));
        words.push(t("in_foreign"));
      }
    } else {
      e.append(el("span", "in-slotno", String(n)));
      words.push(open ? t("in_open") : t("in_empty"));
    }
    if (open) e.classList.add("open");
    if (target) { e.classList.add("target"); words.push(t("in_tap_to_place")); }
    if (di >= 0) {
      e.classList.add("draft");
      e.append(el("span", "in-badge order", String(di + 1)));
      words.push(t("in_pending", {n: di + 1}));
      if (memory.refused && memory.refused.index === di) { e.classList.add("refused"); words.push(t("in_refused_here")); }
    }
    if (ctx.removable.has(key)) e.classList.add("removable");
    // a slot that is no button is a picture with a name: a screen reader says "slot 6, open",
    // not only the number drawn in it (a plain div's label is not read)
    if (!tappable) e.setAttribute("role", "img");
    e.setAttribute("aria-label", words.join(", "));
    if (target) {
      e.addEventListener("click", () => {
        memory.draft.push({card: memory.selected, owner, run: r, slot: n});
        memory.selected = null;
        memory.refused = null;
        redraw();
      });
    } else if (di >= 0) {
      // Tapping a card of the draft takes it back into the hand.
      e.addEventListener("click", () => { memory.draft.splice(di, 1); memory.refused = null; redraw(); });
    }
    return e;
  }

  function playerBlock(view, i, ctx) {
    const s = view.state;
    const box = el("section", "in-player" + (i === view.me ? " me" : "") + (s.turn === i && !view.outcome ? " turn" : ""));
    box.dataset.seat = String(i);
    const head = el("h3", "in-who");
    head.append(el("strong", "", view.names[i] + (i === view.me ? ` (${t("you")})` : "")),
                el("span", "", " · " + t("cards_left", {n: s.hand_sizes[i]})));
    if (s.turn === i && !view.outcome) head.append(el("span", "in-now", " ▶ " + t("in_now")));
    if (s.winner === i) head.append(el("span", "in-now", " ★ " + t("in_winner")));
    box.append(head);
    const runs = ctx.runs[i];
    if (!runs.length) box.append(el("p", "in-none", t("in_no_runs")));
    runs.forEach((arr, r) => {
      const run = el("div", "in-run" + (s.complete[i][r] ? " complete" : ""));
      const label = [t("in_run", {n: r + 1})];
      if (s.complete[i][r]) label.push("✓ " + t("in_complete"));
      const rh = el("div", "in-run-head", label.join(" · "));
      if (s.variant === "family" && s.run_colours[i][r]) {
        const c = s.run_colours[i][r];
        const tag = el("span", `in-run-colour col-${c}`);
        tag.append(shape(c), " " + colourName(c));
        rh.append(" · ", tag);
      }
      const slots = el("div", "in-slots");
      slots.setAttribute("role", "group");
      slots.setAttribute("aria-label", t("in_run_of", {n: r + 1, who: view.names[i]}));
      for (const n of SLOTS) slots.append(slotEl(view, ctx, i, r, n, arr));
      run.append(rh, slots);
      box.append(run);
    });
    return box;
  }

  function render(view, act) {
    last = {view, act};
    const s = view.state;
    const who = actor(view);
    const key = who ? `${s.turn_no}/${who.seat}` : null;
    if (key !== memory.key) Object.assign(memory, {key, selected: null, draft: [], refused: null, guess: null});
    const runs = tableWithDraft(s);
    const removable = new Set();
    for (const a of (who ? who.legal : [])) {
      if (a.type === "concentrate" || a.type === "guess") removable.add(`${a.owner}/${a.run}/${a.slot}`);
    }
    // On the first turn a card only starts one's own count: no slot is a target.
    const aiming = who && s.phase !== "first_turn";
    const ctx = {runs, targets: aiming ? targetsFor(memory.selected, runs, who.seat, s.variant, s.phase) : new Set(), removable};
    const game = document.createDocumentFragment();
    game.append(info(view));
    // The acting player's runs first, his cards right under them (most cards go there), then
    // the others' runs in order of play.
    const first = who ? who.seat : (mine(view) ? view.me : 0);
    const send = who ? sender(act, who) : null;
    for (let k = 0; k < s.hand_sizes.length; k++) {
      game.append(playerBlock(view, (first + k) % s.hand_sizes.length, ctx));
      if (k === 0 && who) game.append(chooser(view, who, ctx, send));
      else if (k === 0 && mine(view) && s.hand && !view.outcome) game.append(waitingHand(s.hand));
    }
    const controls = who ? controlsFor(view, who, send) : el("div");
    document.body.classList.toggle("in-docked", Boolean(controls.querySelector(".in-dock")));
    return {game, controls};
  }

  // ---- the player's own controls --------------------------------------------------------
  function button(label, cls, onClick) {
    const b = el("button", "big" + (cls ? " " + cls : ""), label);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  /* A hand's order: sheep by number, then fences, then confused sheep. */
  function byNumber(a, b) {
    const place = (c) => { const k = kindOf(c); return k.role === "sheep" ? k.number : k.role === "fence" ? 11 : 12; };
    return place(a) - place(b) || a.localeCompare(b);
  }

  function handRow(hand, onPick) {
    // The hand, sorted by number; cards already in the draft are left out.
    const left = hand.slice();
    for (const p of memory.draft) {
      const i = left.indexOf(p.card);
      if (i >= 0) left.splice(i, 1);
    }
    left.sort(byNumber);
    const row = el("div", "in-hand");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", t("your_hand"));
    let pressed = false;  // of two equal cards, only one shows as chosen
    for (const code of left) {
      const b = face(code, "hand", true);
      const on = !pressed && memory.selected === code;
      pressed = pressed || on;
      b.setAttribute("aria-pressed", String(on));
      b.addEventListener("click", () => onPick(code));
      row.append(b);
    }
    if (!left.length) row.append(el("p", "in-none", t("in_hand_empty")));
    return row;
  }

  function waitingHand(hand) {
    // Between one's turns the hand stays in sight (to plan the next one), its cards shown,
    // not offered.
    const box = el("div", "in-chooser in-waiting");
    box.append(el("h3", "", t("your_hand")));
    const row = el("div", "in-hand");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", t("your_hand"));
    for (const code of hand.slice().sort(byNumber)) row.append(face(code, "hand"));
    if (!hand.length) row.append(el("p", "in-none", t("in_hand_empty")));
    box.append(row);
    return box;
  }

  function picker(view, left, onPick, chosen) {
    // Real cards: a colour (or the fences and confused sheep), then the card. Cards whose
    // copies are all in sight are disabled.
    const deck = view.state.deck;
    const tabs = [...COLOURS[deck], "special"];
    if (!tabs.includes(memory.tab)) memory.tab = tabs[0];
    const box = el("div", "in-picker");
    const bar = el("div", "in-tabs");
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", t("in_colours"));
    for (const tab of tabs) {
      const b = el("button", "in-tab" + (tab === "special" ? " special" : ` col-${tab}`));
      b.type = "button";
      b.dataset.colour = tab;
      if (tab === "special") {
        b.append(fenceIcon(), el("span", "in-tab-q", "?"));
        b.setAttribute("aria-label", t("in_specials"));
      } else {
        b.append(shape(tab));
        b.setAttribute("aria-label", colourName(tab));
      }
      b.setAttribute("aria-pressed", String(tab === memory.tab));
      b.addEventListener("click", () => { memory.tab = tab; redraw(); });
      bar.append(b);
    }
    const grid = el("div", "in-pick-grid");
    const codes = memory.tab === "special" ? SPECIALS[deck]
      : SLOTS.map((n) => (deck === "french" ? `${n === 1 ? "A" : n}${memory.tab}` : `${memory.tab}${n}`));
    for (const code of codes) {
      const b = face(code, "pick", true);
      b.disabled = !(left[code] > 0);
      b.setAttribute("aria-pressed", String(chosen === code));
      b.addEventListener("click", () => onPick(code));
      grid.append(b);
    }
    box.append(bar, grid);
    return box;
  }

  function countOf(cards) {
    const out = {};
    for (const c of cards || []) out[c] = (out[c] || 0) + 1;
    return out;
  }

  function unseenLeft(s) {
    const left = Object.assign({}, s.unseen || {});
    for (const p of memory.draft) left[p.card] = (left[p.card] || 0) - 1;
    return left;
  }

  function sender(act, who) {
    // Every move goes through here: a refusal is shown in the dock, naming the placement.
    const onRefused = (body) => {
      memory.refused = {index: body && body.placement ? body.placement.index : null, text: errorText(body),
                        why: body && body.why};
      redraw();
    };
    return async (action) => {
      const a = who.forOther ? Object.assign({player: who.seat}, action) : action;
      const ok = await act(a, {onRefused});
      if (ok) Object.assign(memory, {selected: null, draft: [], refused: null, guess: null});
      redraw();
      return ok;
    };
  }

  function starts(who) {
    return new Set(who.legal.filter((a) => a.type === "start_run").map((a) => a.card));
  }

  /* The acting player's cards: his hand, or the picker for real cards; and what the chosen
     card can do. For a guess with real cards, the picker asks for the card turned over. */
  function chooser(view, who, ctx, send) {
    const s = view.state;
    const box = el("section", "in-chooser");
    if (memory.guess) {
      const g = memory.guess;
      box.append(el("h3", "", t("in_guess_which")));
      // From an empty pile the card turned over is one of the discards, shuffled into a new pile (I4).
      box.append(picker(view, s.deck_size ? (s.unseen || {}) : countOf(s.discard_pile), (code) => {
        send({type: "guess", owner: g.owner, run: g.run, slot: g.slot, card: code});
      }, null));
      box.append(button(t("in_cancel"), "", () => { memory.guess = null; redraw(); }));
      return box;
    }
    if (!["first_turn", "turn", "continue"].includes(s.phase)) return box;
    const pick = (code) => {
      memory.selected = memory.selected === code ? null : code;
      memory.refused = null;
      redraw();
    };
    const title = who.hand ? t("your_hand") : (who.forOther ? t("in_card_of", {who: view.names[who.seat]}) : t("in_your_card"));
    box.append(el("h3", "", title));
    box.append(who.hand ? handRow(who.hand, pick) : picker(view, unseenLeft(s), pick, memory.selected));
    if (memory.selected) {
      const code = memory.selected;
      let hint;
      let why = null;
      if (ctx.targets.size) hint = t("in_tap_slot", {card: shortName(code)});
      else if (starts(who).has(code) && !memory.draft.length) hint = capital(t("in_start_hint", {card: theName(code)}));
      else {
        // the rule the turn's cards break, where one does: never "no open slot" beside an open one
        const reason = whyNowhere(code, ctx.runs, who.seat, s.variant, s.phase);
        hint = reason ? capital(t(reason.key, Object.assign({card: theName(code)}, reason.args || {})))
          : capital(t("in_fits_nowhere", {card: theName(code)}));
        if (reason) why = `/rules/insonnia#${reason.anchor}`;
      }
      const line = el("p", "in-hint", hint);
      if (why) line.append(" ", whyLink(why));
      box.append(line);
    }
    return box;
  }

  function controlsFor(view, who, send) {
    const s = view.state;
    const box = el("div", "in-controls");
    const legal = who.legal;
    const has = (type) => legal.some((a) => a.type === type);
    if (memory.guess) {  // entering the card turned over: nothing else meanwhile
      if (memory.refused) box.append(refusalBox());
      return box;
    }
    const laying = ["first_turn", "turn", "continue"].includes(s.phase);

    // The other moves, each only when it is legal now.
    const more = el("div", "in-actions");
    const seen = new Set();
    for (const a of legal) {
      if (a.type !== "concentrate" && a.type !== "guess") continue;
      const id = `${a.type}/${a.run}/${a.slot}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const card = s.runs[a.owner][a.run][String(a.slot)];
      const args = {slot: a.slot, run: a.run + 1, card: shortName(card)};
      if (a.type === "concentrate") {
        more.append(button(t("in_concentrate", args), "", () => send({type: "concentrate", owner: a.owner, run: a.run, slot: a.slot})));
      } else {
        more.append(button(t("in_guess", args), "", () => {
          if (s.known_hands) send({type: "guess", owner: a.owner, run: a.run, slot: a.slot});
          else { memory.guess = {owner: a.owner, run: a.run, slot: a.slot}; redraw(); }
        }));
      }
    }
    // the table screen playing for a seat without a phone speaks of that player, not of itself
    const other = who.forOther ? {who: view.names[who.seat]} : null;
    const say = (key) => (other ? t(key + "_for", other) : t(key));
    if (has("end_turn")) more.append(button(say("in_end_turn"), "", () => send({type: "end_turn"})));
    // where the app dealt the cards it shuffles the discards itself (the button only with real cards)
    if (has("reshuffle") && !s.known_hands) more.append(button(t("in_reshuffle_do"), "primary", () => send({type: "reshuffle"})));
    // Laying cards is optional: the pass (with its penalty) is always offered (DECISION I10).
    if (has("pass") && !memory.draft.length) {
      more.append(button(say("in_pass"), "warn", () => { if (window.confirm(say("in_pass_confirm"))) send({type: "pass"}); }));
    }
    if (more.children.length) box.append(more);
    if (!laying) { if (memory.refused) box.prepend(refusalBox()); return box; }

    // The dock: the draft and its one confirm button, kept in reach at the bottom.
    const dock = el("div", "in-dock");
    if (memory.refused) dock.append(refusalBox());
    if (memory.draft.length) {
      const list = el("ol", "in-draft");
      list.setAttribute("aria-label", t("in_draft"));
      memory.draft.forEach((p, i) => {
        const li = el("li", memory.refused && memory.refused.index === i ? "refused" : "");
        const where = p.owner === who.seat ? t("in_where_mine", {n: p.run + 1})
          : t("in_where_other", {who: view.names[p.owner], n: p.run + 1});
        li.append(face(p.card, "mini"), " " + t("in_draft_line", {where, slot: p.slot}));
        list.append(li);
      });
      dock.append(list);
      const row = el("div", "in-dock-buttons");
      const n = memory.draft.length;
      const go = button(n === 1 ? t("in_confirm_one") : t("in_confirm", {n}), "primary", () =>
        send({type: "play", placements: memory.draft.map((p) => ({card: p.card, owner: p.owner, run: p.run, slot: p.slot}))}));
      go.id = "in-confirm";
      const clear = button(t("in_clear"), "", () => { memory.draft = []; memory.refused = null; memory.selected = null; redraw(); });
      clear.id = "in-clear";
      row.append(go, clear);
      dock.append(row);
    } else if (memory.selected && starts(who).has(memory.selected)) {
      const named = {card: theName(memory.selected), who: who.forOther ? view.names[who.seat] : ""};
      const key = (s.phase === "first_turn" ? "in_start_first" : "in_start") + (who.forOther ? "_for" : "");
      const label = t(key, named);
      const start = button(label, "primary", () => send({type: "start_run", card: memory.selected}));
      start.id = "in-start";
      dock.append(start);
    }
    if (dock.children.length) box.append(dock);
    return box;
  }

  function refusalBox() {
    const p = el("div", "in-refused");
    p.setAttribute("role", "alert");
    p.append(el("strong", "", t("in_refused_title")), el("span", "", " " + memory.refused.text));
    if (memory.refused.why) p.append(" ", whyLink(memory.refused.why));
    return p;
  }

  function playerLine(view, i) {
    const s = view.state;
    const parts = [t("cards_left", {n: s.hand_sizes[i]}), t("in_runs", {n: s.runs[i].length})];
    const done = s.complete[i].filter(Boolean).length;
    if (done) parts.push("✓ " + t("in_complete_n", {n: done}));
    return parts.join(" · ");
  }

  /* A card read by the camera becomes the chosen card: the player then taps its slot. */
  function takeCard(code) {
    if (!last || !actor(last.view)) { toast(t("in_not_now")); return false; }
    memory.selected = code;
    memory.refused = null;
    redraw();
    toast(t("in_taken", {card: shortName(code)}));
    return true;
  }

  // cardText: a card as a sentence names it ("red 7", "fence"), for the practice panel
  // noScores: Insonnia has no points, only a winner (its rules): the end shows no score table
  window.GAME_UI.insonnia = {status, render, playerLine, takeCard, cardText: shortName, noScores: true,
    ownEnd: true, winnerText};
})();
