/* Kaiserspiel on a phone: two teams by colour and by name; the face-up cards and the trump
   suit; every card with its Kaiserspiel name and the physical card it stands for; the
   discard of two; the declaration round as big buttons for the one player who may speak;
   the trick, then one sentence per card of why it took over or not; the hand's result;
   the slate with the tally marks. The table screen shows the slate first, large. */
"use strict";
window.GAME_UI = window.GAME_UI || {};
(function () {
  const memory = keptMemory("kaiserspiel", {suit: null, selected: null, discard: [], hand: null},
                            ["selected", "suit", "context", "discard", "hand"]);

  function mine(view) { return view.me !== null && view.me !== undefined; }
  function teamOf(seat) { return seat % 2 === 0 ? "A" : "B"; }
  function teamNames(view, team) {
    return view.names.filter((n, i) => teamOf(i) === team).join(" & ");
  }
  function info(view, code) { return (view.pack && view.pack.cards[code]) || null; }
  function isKaiser(view, code) { return view.state.kaisers.some((k) => k.card === code); }

  /* The Kaiserspiel name of a card (a declared Ace is a Kaiser) and the physical card. */
  function names(view, code) {
    const c = info(view, code);
    if (!c) return {name: cardLabel(code), physical: ""};
    const name = isKaiser(view, code) ? c["kaiser_" + LANG] : c["name_" + LANG];
    const physical = c["physical_" + LANG];
    return {name, physical: physical.toLowerCase() === name.toLowerCase() ? "" : physical};
  }
  function fullLabel(view, code) {
    const n = names(view, code);
    return `${cardLabel(code)} · ${n.name}`;
  }

  /* A card: the face (rank and suit, as the log writes it), the Kaiserspiel name under it
     and, smaller, the physical card of this table's pack. */
  function kcard(view, code, opts) {
    const o = opts || {};
    const el = document.createElement(o.button ? "button" : "span");
    if (o.button) el.type = "button";
    const suit = code.slice(-1);
    el.className = "card kc " + (RED.has(suit) ? "red" : "black") + " suit-" + suit;
    el.dataset.card = code;
    const n = names(view, code);
    if (!o.button) el.setAttribute("role", "img");
    el.setAttribute("aria-label", n.name + (n.physical ? " (" + n.physical + ")" : ""));
    const face = document.createElement("span");
    face.className = "kc-face";
    face.setAttribute("aria-hidden", "true");
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = code.slice(0, -1);
    const sym = document.createElement("span");
    sym.className = "suit";
    sym.textContent = SUIT_SYMBOL[suit];
    face.append(rank, sym);
    if (isKaiser(view, code)) {
      const crown = document.createElement("span");
      crown.className = "crown";
      crown.textContent = "♛";
      face.append(crown);
    }
    const name = document.createElement("span");
    name.className = "kc-name";
    name.setAttribute("aria-hidden", "true");
    name.textContent = n.name;
    el.append(face, name);
    if (n.physical) {
      const phys = document.createElement("span");
      phys.className = "kc-phys";
      phys.setAttribute("aria-hidden", "true");
      phys.textContent = "= " + n.physical;
      el.append(phys);
    }
    return el;
  }

  function teamTag(team, text) {
    const span = document.createElement("span");
    span.className = "team-tag team-" + team;
    span.textContent = text;
    return span;
  }

  function para(cls, text) {
    const p = document.createElement("p");
    p.className = cls;
    p.textContent = text;
    return p;
  }

  function button(label, cls, onClick, id) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "big " + (cls || "");
    b.textContent = label;
    if (id) b.id = id;
    b.addEventListener("click", onClick);
    return b;
  }

  // ---- status and player lines ---------------------------------------------------
  function status(view) {
    const s = view.state, nm = view.names;
    const me = mine(view) && s.to_act.includes(view.me);
    const who = s.to_act.map((i) => nm[i]).join(", ");
    switch (s.phase) {
      case "reveal": return me ? t("ks_reveal_you") : t("ks_reveal_wait", {who});
      case "discard": return me ? t("ks_discard_you") : t("ks_discard_wait", {who});
      case "declare": return me ? t("ks_declare_you") : t("ks_declare_wait", {who});
      case "respond": {
        const p = s.pending;
        const you = mine(view) && p.player === view.me ? "_you" : "";
        const raise = t((p.card ? "ks_pending_kaiser" : "ks_pending_raise") + you,
                        {who: nm[p.player], n: p.amount, card: p.card ? cardLabel(p.card) : ""});
        return raise + " " + (me ? t("ks_respond_you") : t("ks_respond_wait", {who}));
      }
      case "play": return me ? t("ks_play_you") : t("turn_of", {who});
      // who won the hand is said once, by the result right under this line
      case "await_deal": return me ? t("ks_next_deal_you") : t("ks_next_deal", {who});
      default: return "";
    }
  }

  function playerLine(view, i) {
    const s = view.state;
    const parts = [t("ks_team", {team: teamOf(i)}), t("cards_left", {n: s.hand_sizes[i]})];
    if (!view.outcome && (s.phase === "await_deal" ? s.to_act[0] === i : s.dealer === i))  // over: nobody deals
      parts.push(t(s.phase === "await_deal" ? "ks_deals_next" : "ks_dealer"));
    if (s.phase === "discard" && s.discarded[i]) parts.push(t("ks_has_discarded"));
    if (phoneless(view, i)) parts.push(t("ks_no_phone"));
    return parts.join(" · ");
  }

  // ---- the slate -------------------------------------------------------------------
  function slate(view) {
    const s = view.state;
    const fig = document.createElement("figure");
    fig.className = "slate";
    const totals = s.team_scores;
    const title = t("ks_board_alt", {a: totals.A, b: totals.B, target: s.target,
                                     na: teamNames(view, "A"), nb: teamNames(view, "B")});
    const short = (text) => (text.length > 22 ? text.slice(0, 21) + "…" : text);
    const labels = {
      A: {letter: t("ks_team", {team: "A"}), names: short(teamNames(view, "A"))},
      B: {letter: t("ks_team", {team: "B"}), names: short(teamNames(view, "B"))},
    };
    fig.append(TALLY.board({marks: s.marks, totals, target: s.target, labels, title}));
    const cap = document.createElement("figcaption");
    cap.className = "slate-caption";
    cap.append(teamTag("A", `${t("ks_team", {team: "A"})} ${totals.A}`), " · ",
               teamTag("B", `${t("ks_team", {team: "B"})} ${totals.B}`), " · ",
               t("ks_to", {n: s.target}));
    const key = document.createElement("span");
    key.className = "slate-key";
    key.textContent = t("ks_marks_key");
    const many = TALLY.shortened(s.marks);
    if (many) key.textContent += " · " + t("ks_marks_many", {n: many});
    cap.append(key);
    fig.append(cap);
    return fig;
  }

  // ---- the hand: trumps, face-up cards, value, the trick, the explanation -----------
  function handInfo(view) {
    const s = view.state, box = document.createElement("div");
    box.className = "ks-info";
    if (s.trump) {
      const trump = document.createElement("div");
      trump.className = "ks-trump " + (RED.has(s.trump) ? "red" : "black");
      const sym = document.createElement("span");
      sym.className = "ks-trump-symbol";
      sym.setAttribute("aria-hidden", "true");
      sym.textContent = SUIT_SYMBOL[s.trump];
      const words = document.createElement("span");
      words.textContent = t("ks_trumps", {suit: view.pack.suits[s.trump][LANG]});
      trump.append(sym, words);
      box.append(trump);
    }
    const bits = [t("ks_hand_no", {n: s.hand_no}), t("ks_worth", {n: s.hand_value})];
    if (s.raises.length) bits.push(t("ks_raises", {list: s.raises.map((r) => "+" + r).join(" ")}));
    if (s.phase === "play" || s.tricks_won.A || s.tricks_won.B)
      bits.push(t("ks_tricks", {a: s.tricks_won.A, b: s.tricks_won.B}));
    box.append(para("round", bits.join(" · ")));
    return box;
  }

  function seatCard(view, seat, code, extra) {
    const item = document.createElement("div");
    item.className = "placed team-" + teamOf(seat) + (extra ? " " + extra : "");
    item.setAttribute("role", "listitem");
    const who = document.createElement("span");
    who.className = "who";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = view.names[seat];
    who.append(teamTag(teamOf(seat), teamOf(seat)), name);
    item.append(who, code ? kcard(view, code) : Object.assign(document.createElement("span"),
      {className: "slot", title: t("ks_not_entered")}));
    return item;
  }

  function row(cls, items, label) {
    const r = document.createElement("div");
    r.className = "trick " + cls;
    r.setAttribute("role", "list");
    if (label) r.setAttribute("aria-label", label);
    r.append(...items);
    return r;
  }

  function heading(text) {
    const h = document.createElement("h3");
    h.textContent = text;
    return h;
  }

  function lastLines(view, kind) {
    const lines = view.log.filter((l) => l.kind === kind && !l.undone);  // an undone move said nothing
    if (!lines.length) return [];
    const seq = lines[lines.length - 1].seq;
    return lines.filter((l) => l.seq === seq);
  }

  function explanation(view) {
    const s = view.state, box = document.createDocumentFragment();
    if (!s.last_trick.length) return box;
    const winner = s.last_trick_winner;
    box.append(heading(t("ks_last_trick", {n: s.tricks_won.A + s.tricks_won.B,
                                           who: view.names[winner]})));
    box.append(row("ks-last", s.last_trick.map((v) =>
      seatCard(view, v.player, v.card, v.player === winner ? "won" : (v.takes ? "took" : "")))));
    const why = document.createElement("ol");
    why.className = "captures ks-why";
    for (const line of lastLines(view, "trick")) {
      const li = document.createElement("li");
      li.textContent = line[LANG] || line.en;
      why.append(li);
    }
    box.append(why);
    return box;
  }

  function result(view) {
    const s = view.state, r = s.hand_result;
    const box = document.createElement("section");
    box.className = "ks-result team-" + r.team;  // not announced: the page announces the log's line
    box.append(heading(t(r.by === "refusal" ? "ks_result_refusal" : "ks_result_tricks",
                         {team: r.team, names: teamNames(view, r.team), n: r.points})));
    box.append(para("ks-line", t("ks_score_now", {a: s.team_scores.A, b: s.team_scores.B})));
    // the log's first line of the hand's end says the heading again; a game won is said after it
    for (const line of lastLines(view, "hand").slice(1)) box.append(para("ks-line", line[LANG] || line.en));
    if (r.by === "refusal") box.append(para("ks-why-tavolino", t("ks_tavolino_why")));
    return box;
  }

  function removeNote(view) {
    const remove = view.pack.remove;
    const box = document.createElement("details");
    box.className = "ks-remove";
    box.open = view.state.hand_no === 1 && !view.state.known_hands && view.state.phase === "reveal";
    const sum = document.createElement("summary");
    sum.textContent = t("ks_remove_title", {pack: t("ks_packname_" + view.pack.pack), n: view.pack.size});
    box.append(sum);
    box.append(para("", remove.length ? t("ks_remove_intro", {n: remove.length}) : t("ks_remove_none")));
    if (remove.length) box.append(para("ks-remove-list", summarise(remove)));
    return box;
  }

  /* "the 10s, the 8s and 9s, both jokers": whole ranks in words, single cards by name. */
  function summarise(remove) {
    const codes = remove.map((r) => r.code);
    const parts = [];
    const trumps = codes.filter((c) => /^T\d+$/.test(c));
    if (trumps.length) parts.push(t("ks_remove_trumps"));
    if (codes.includes("JK1") || codes.includes("JK2")) parts.push(t("ks_remove_jokers"));
    const ranks = {};
    for (const c of codes) {
      if (/^T\d+$/.test(c) || c.startsWith("JK")) continue;
      const rank = c.slice(0, -1);
      (ranks[rank] = ranks[rank] || []).push(c);
    }
    for (const [rank, cs] of Object.entries(ranks)) {
      if (cs.length === 4) parts.push(t("ks_remove_rank_" + rank));
      else parts.push(...remove.filter((r) => cs.includes(r.code)).map((r) => r[LANG]));
    }
    return parts.join(" · ");
  }

  function render(view, act) {
    const s = view.state;
    const game = document.createDocumentFragment();
    const table = !mine(view);
    // between two hands the result comes first, under the line that says who deals next
    const between = s.hand_result && s.phase === "await_deal";
    if (between) game.append(result(view));
    // the slate comes first on the table screen, and on every phone once the game is over
    // (the controls, where a phone keeps it during the game, are gone then)
    const slateFirst = table || Boolean(view.outcome);
    if (slateFirst) game.append(slate(view));
    game.append(handInfo(view));
    if (s.face_up.some((c) => c) || s.phase === "reveal") {
      game.append(heading(t("ks_face_up")));
      game.append(row("ks-face-up", [0, 1, 2, 3].map((i) => seatCard(view, i, s.face_up[i])),
                      t("ks_face_up")));
    }
    if (s.kaisers.length) {
      game.append(para("ks-kaisers", t("ks_kaisers", {list: s.kaisers.map((k) =>
        `${view.names[k.player]} (${names(view, k.card).name})`).join(", ")})));
    }
    if (s.trick.length) {
      game.append(heading(t("ks_this_trick")));
      game.append(row("ks-now", s.trick.map((p) => seatCard(view, p.player, p.card))));
    }
    if (s.hand_result && !between) game.append(result(view));
    // A phone: what to do comes right after the table, then why the last trick went as it
    // did, the hand, the slate. The table screen has no controls: all in one column.
    const after = table ? game : document.createDocumentFragment();
    const ctl = controls(view, act);
    after.append(explanation(view));
    if (mine(view) && s.hand && s.hand.length && !ctl.querySelector(".ks-hand")) {
      after.append(heading(t("your_hand")));
      const h = document.createElement("div");
      h.className = "hand ks-hand";
      s.hand.forEach((c) => h.append(kcard(view, c)));
      after.append(h);
    }
    if (mine(view) && s.my_discards && s.my_discards.length) {
      after.append(para("ks-discards", t("ks_my_discards", {cards: s.my_discards.map(cardLabel).join(" ")})));
    }
    if (!slateFirst) after.append(slate(view));
    after.append(removeNote(view));
    if (!table) ctl.append(after);
    return {game, controls: ctl};
  }

  // ---- what the player (or the host, for a seat without a phone) can do ------------
  function actingSeat(view) {
    const s = view.state;
    if (view.outcome || !s.to_act.length) return null;
    if (mine(view) && s.to_act.includes(view.me)) return view.me;
    if (!view.host) return null;
    // The host acts for a seat without a phone; with cards the app dealt, never for a hand
    // he cannot see. The next deal too is the dealer's own phone's to start, when he has one.
    const seat = s.to_act.find((i) => phoneless(view, i));
    if (seat === undefined || (s.known_hands && s.phase !== "await_deal")) return null;
    return seat;
  }

  /* The actions a seat may take: the engine's list for the caller's own seat; for the host
     acting for another seat, what the public view allows (the engine checks the rest). */
  function legalFor(view, seat) {
    const s = view.state;
    if (seat === view.me && s.legal) return s.legal;
    const all = Object.keys(view.pack.cards);
    // what everybody knows the seat does not hold: this hand's tricks, the others' shown cards
    const seen = new Set((s.cannot_hold || [])[seat] || []);
    switch (s.phase) {
      case "await_deal": return [{type: "deal", player: seat}];
      case "reveal": return all.filter((c) => !s.face_up.includes(c)).map((card) => ({type: "reveal", player: seat, card}));
      case "discard": return [{type: "discard", player: seat}];
      case "respond": return [{type: "accept", player: seat}, {type: "refuse", player: seat}];
      case "declare": return [{type: "pass", player: seat}, {type: "raise", player: seat},
        ...all.filter((c) => c[0] === "A" && !seen.has(c) && !isKaiser(view, c))
          .map((card) => ({type: "declare_kaiser", player: seat, card}))];
      case "play": return all.filter((c) => !seen.has(c)).map((card) => ({type: "play", player: seat, card}));
      default: return [];
    }
  }

  function controls(view, act) {
    const box = document.createElement("div");
    const seat = actingSeat(view);
    if (seat === null) { memory.selected = null; memory.discard = []; return box; }
    const s = view.state;
    const legal = legalFor(view, seat);
    const forOther = seat !== view.me;
    const send = (a) => act(forOther ? {...a, player: seat} : a);
    if (forOther && s.phase !== "await_deal") box.append(forSeatLine(view, seat));
    const has = (type) => legal.filter((a) => a.type === type);
    if (s.phase === "await_deal") {
      // real cards: the dealer's own phone says "I have dealt", the host's for him names him
      const dealt = s.known_hands ? "ks_deal" : forOther ? "ks_dealt" : "ks_dealt_me";
      box.append(button(t(dealt, {who: view.names[seat]}), "primary",
                        () => send({type: "deal", player: seat}), "deal"));
    } else if (s.phase === "reveal") {
      box.append(heading(t("ks_enter_face_up")));
      box.append(chooser(view, null, new Set(has("reveal").map((a) => a.card)),
                         (card) => t("ks_enter", {card}), (card) => send({type: "reveal", card})));
    } else if (s.phase === "discard") {
      box.append(discarder(view, s.hand && !forOther ? s.hand : null, send, forOther ? view.names[seat] : null));
    } else if (s.phase === "declare" || s.phase === "respond") {
      box.append(declarations(view, legal, send));
    } else if (s.phase === "play") {
      box.append(chooser(view, forOther ? null : s.hand, new Set(has("play").map((a) => a.card)),
                         (card) => t("play", {card}), (card) => send({type: "play", card})));
    }
    return box;
  }

  function declarations(view, legal, send) {
    const s = view.state, box = document.createElement("div");
    box.className = "ks-declare";
    const raiser = s.pending ? teamOf(s.pending.player) : null;
    for (const a of legal) {
      let b;
      if (a.type === "pass") b = button(t("ks_pass"), "ks-pass", () => send({type: "pass"}), "ks-pass");
      else if (a.type === "raise") b = button(t("ks_raise", {n: s.hand_value + 3}), "primary ks-raise", () => send({type: "raise"}), "ks-raise");
      else if (a.type === "declare_kaiser") {
        // the physical card as this pack's players call it ("asso di picche"), beside the game's name
        const card = info(view, a.card), physical = card && card["physical_" + LANG];
        b = button(t("ks_kaiser", {card: cardLabel(a.card) + (physical ? ` (${physical})` : ""),
                                   name: card["kaiser_" + LANG], n: s.hand_value + 1}), "primary ks-kaiser",
                   () => send({type: "declare_kaiser", card: a.card}));
        b.dataset.card = a.card;
      } else if (a.type === "accept") {
        b = button(t("ks_accept", {n: s.hand_value + s.pending.amount}), "primary ks-accept",
                   () => send({type: "accept"}), "ks-accept");
      } else if (a.type === "refuse") {
        b = button(t("ks_refuse", {team: raiser, n: s.hand_value}), "ks-refuse", () => {
          if (window.confirm(t("ks_refuse_confirm", {team: raiser, n: s.hand_value}))) send({type: "refuse"});
        }, "ks-refuse");
      }
      if (b) box.append(b);
    }
    return box;
  }

  /* The discard: the hand's cards to pick two from; with real cards a button to say it is done
     ("I have...", or with ``other``'s name where the host acts for a seat without a phone). */
  function discarder(view, hand, send, other) {
    const box = document.createElement("div");
    if (!hand) {
      const said = other ? t("ks_discarded_other", {who: other}) : t("ks_discarded_real");
      box.append(button(said, "primary", () => send({type: "discard"}), "discard"));
      return box;
    }
    if (memory.hand !== hand.join()) { memory.hand = hand.join(); memory.discard = []; }
    box.append(heading(t("ks_discard_pick")));
    const grid = document.createElement("div");
    grid.className = "hand ks-hand";
    const go = button("", "primary", () => {
      if (memory.discard.length !== 2) { toast(t("ks_discard_two")); return; }
      const cards = memory.discard;
      memory.discard = [];
      go.disabled = true;  // a second tap of a double tap does nothing (no "choose two")
      send({type: "discard", cards});
    }, "discard");
    const refresh = () => {
      for (const el of grid.children) el.setAttribute("aria-pressed", String(memory.discard.includes(el.dataset.card)));
      go.disabled = memory.discard.length !== 2;
      // in its place while nothing is chosen: stuck to the foot of the screen it would cover the hand
      bar.classList.toggle("idle", memory.discard.length === 0);
      go.textContent = memory.discard.length === 2
        ? t("ks_discard_these", {cards: memory.discard.map(cardLabel).join(" ")})
        : t("ks_discard_count", {n: memory.discard.length});
    };
    for (const c of hand) {
      const el = kcard(view, c, {button: true});
      el.addEventListener("click", () => {
        // a new list each time, so that the kept memory writes it down
        memory.discard = memory.discard.includes(c)
          ? memory.discard.filter((d) => d !== c) : [...memory.discard, c].slice(-2);
        refresh();
      });
      grid.append(el);
    }
    const bar = document.createElement("div");
    bar.className = "sticky-play";
    bar.append(go);
    box.append(grid, bar);
    refresh();
    return box;
  }

  /* One card: from the hand when the app knows it, else with the picker (the cards of
     this pack only, its suits by the names this pack gives them: denari, Bells, not only ♦).
     The chosen card is named in full above the button. */
  function chooser(view, hand, legal, label, onChoose) {
    const s = view.state;
    const tricks = s.tricks_won.A + s.tricks_won.B;
    const picker = (open, pick, mem) => {  // only where the hand is not known
      const ranks = ["A", "2", "3", "4", "5", "6", "7", ...(view.pack.size === 48 ? ["8", "9"] : []), "J", "Q", "K"];
      const suitNames = view.pack.pack === "french" ? null : Object.fromEntries(
        Object.entries(view.pack.suits).map(([suit, n]) => [suit, {text: n[LANG], label: n["word_" + LANG]}]));
      // a pack of other faces (a tarot, Italian or Swiss cards) has no queen of hearts to find:
      // each card is shown as the table holds it, its Kaiserspiel name and its physical card
      const draw = view.pack.pack === "french" ? null : (code, opts) => kcard(view, code, opts);
      return cardPicker(open, pick, mem, new Set(["JK1", "JK2"]), ranks, suitNames, draw);
    };
    const describe = (code) => {
      const n = names(view, code);
      return fullLabel(view, code) + (n && n.physical ? ` (${n.physical})` : "");
    };
    return cardChooser({
      hand, legal, memory, label, onChoose, describe, picker,
      // another trick, another phase, or (the table screen) another seat: another choice; in a
      // phase where all choose at once, the others choosing leave this one's card chosen
      context: `${s.hand_no}/${s.phase}/${tricks}/${s.trick.length}/${actingSeat(view)}`,
      drawCard: (code, opts) => kcard(view, code, opts), handClass: "hand ks-hand",
    });
  }

  /* The final scores are the two teams', each once (its two players share it). */
  function finalRows(view) {
    return ["A", "B"].map((team) => {
      const seat = team === "A" ? 0 : 1;
      return {label: t("ks_team", {team}) + " · " + teamNames(view, team), score: view.outcome.scores[seat]};
    }).sort((a, b) => b.score - a.score);
  }

  /* The game's end names the winning team and its score, not two players' "shared win". */
  function winnerText(view) {
    const seats = view.outcome.winners;
    if (!seats || !seats.length) return null;
    const team = teamOf(seats[0]);
    return t("ks_team_wins", {team, who: teamNames(view, team), n: view.outcome.scores[seats[0]]});
  }

  window.GAME_UI.kaiserspiel = {status, render, playerLine, finalRows, winnerText};
})();
