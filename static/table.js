/* The live table: follows the event stream, renders the caller's view, submits actions. */
"use strict";
(function () {
  const app = document.getElementById("app");
  const tableId = app.dataset.table;
  const role = app.dataset.role;
  const conn = document.getElementById("conn");
  let view = null;
  let busy = false;
  let wasMyTurn = false;
  let announced = -1;
  // The table screen shows only what is public, even on a host's phone that holds a seat.
  const asTable = role === "table" ? "?as=table" : "";

  function setConn(key) {
    conn.textContent = t(key);
    conn.className = "conn " + key;
    // cut off for good, we cannot tell whose phone is away: say nothing until told again (a
    // stream opening again, as after the screen is unlocked, keeps what it last knew)
    if ((key === "offline" || key === "gone") && present !== null) { present = null; showPresence(); }
  }

  /* The seats whose phones have the table on screen (a live stream of their own), as the server
     last said; null until it has. A seat whose phone has been away for AWAY_AFTER is marked, and
     when it is that seat's turn the status says so: the table can tell the player to look at
     the phone. The wait keeps a phone that is joining or coming back from being named. */
  const AWAY_AFTER = 3000;
  let present = null;
  const missingSince = new Map();  // seat -> when this page first saw its phone away
  function away(v, i) {
    const seat = v.seats[i];
    const missing = present !== null && i !== v.me && Boolean(seat) && seat.joined && !seat.bot && !present.has(i);
    if (!missing) { missingSince.delete(i); return false; }
    if (!missingSince.has(i)) {
      missingSince.set(i, Date.now());
      setTimeout(showPresence, AWAY_AFTER + 50);  // marked then, if still away
    }
    return Date.now() - missingSince.get(i) >= AWAY_AFTER;
  }
  function awayToAct(v) {
    if (v.outcome) return "";
    const who = (v.state.to_act || []).filter((i) => away(v, i)).map((i) => v.names[i]);
    return who.length ? t("away_to_act", {who: who.join(", ")}) : "";
  }
  function showPresence() {
    if (!view) return;
    const ui = window.GAME_UI[view.game];
    renderStatus(view, ui);
    renderPlayers(view, ui);
  }

  // An open seat has no name: the server sends "Seat n", the page says it in its own language.
  function nameOpenSeats(v) {
    (v.seats || []).forEach((seat, i) => {
      if (seat.named) return;
      const name = t("seat_n", {n: i + 1});
      seat.name = name;
      v.names[i] = name;
    });
    if (v.outcome && v.outcome.winners) v.outcome.winner_names = v.outcome.winners.map((i) => v.names[i]);
  }

  /* A host who took a seat on this device plays for the seats without a phone from the table
     screen, not from his own seat's page: when such a seat is to act, the way there. */
  function renderPlayFor(v) {
    const box = document.getElementById("play-for");
    if (!box) return;
    const waiting = v.host && v.me !== null && !v.outcome && !v.state.known_hands
      ? (v.state.to_act || []).filter((i) => i !== v.me && phoneless(v, i)) : [];
    box.hidden = !waiting.length;
    if (waiting.length) box.firstElementChild.textContent = t("play_for_on_table", {who: waiting.map((i) => v.names[i]).join(", ")});
  }

  /* On the table screen, when the app dealt the cards and a seat to act has no phone: only
     that player's own phone can show his cards, so nobody can act for him until he joins. */
  function needsPhone(v) {
    // (between deals there is no hand to see: the table screen deals for the dealer)
    if (role !== "table" || v.me !== null || v.outcome || !v.state.known_hands || v.state.phase === "await_deal") return "";
    const missing = (v.state.to_act || []).filter((i) => phoneless(v, i));
    return missing.length ? t("needs_phone", {who: missing.map((i) => v.names[i]).join(", ")}) : "";
  }

  /* The keyboard's focus through a redraw: the control that had it (the same card, seat or
     button, found again by what it is, in the same part of the page) gets it back; one that is
     gone or disabled sends it to the status line, never to the top of the page. */
  function signature(el) {
    return el.dataset.card || el.getAttribute("aria-label") || el.textContent.trim();
  }
  function focusKey() {
    const el = document.activeElement;
    if (!el || el === document.body || !app.contains(el)) return null;
    const box = el.parentElement && el.parentElement.closest("[id]");
    if (!box) return null;
    const same = [...box.querySelectorAll(el.tagName)].filter((e) => signature(e) === signature(el));
    return {box: box.id, tag: el.tagName, name: signature(el), nth: Math.max(0, same.indexOf(el))};
  }
  function restoreFocus(key) {
    const now = document.activeElement;
    if (!key || (now && now !== document.body)) return;  // still where it was
    const box = document.getElementById(key.box);
    const same = box ? [...box.querySelectorAll(key.tag)].filter((e) => signature(e) === key.name) : [];
    const el = same[Math.min(key.nth, same.length - 1)];
    if (el && !el.disabled && el.getClientRects().length) el.focus({preventScroll: true});
    else document.getElementById("status").focus({preventScroll: true});
  }

  /* A move refused ("it is not your turn") is about whose turn it was: once the table moves to
     someone else's turn, the refusal on screen is no longer true and goes (another message shown
     since stays). */
  let refusal = null;  // {turn, text}: the refusal shown, and whose turn it was then
  const turnOf = (v) => (v ? JSON.stringify([v.state.to_act, Boolean(v.outcome)]) : "");
  function showRefusal(body) {
    showError(body);
    refusal = {turn: turnOf(view), text: document.getElementById("toast").textContent};
  }
  function dropStaleRefusal(v) {
    if (!refusal || turnOf(v) === refusal.turn) return;
    const box = document.getElementById("toast");
    if (!box.hidden && box.textContent === refusal.text) hideToast();
    refusal = null;
  }

  function render(v) {
    if (view && v.seq < view.seq) return;  // a late, older update: keep the newer one
    const focused = focusKey();
    draw(v);
    restoreFocus(focused);
  }

  function draw(v) {
    nameOpenSeats(v);
    view = v;
    document.body.dataset.seq = String(v.seq);
    // A player's phone holds a seat; a view without one means the host freed it (and the hand
    // is no longer shown here): say so, with the way back to a seat.
    const freed = document.getElementById("freed");
    if (freed) freed.hidden = v.me !== null;
    // every seat taken: the table screen's join panel shrinks, and the game moves up into sight
    // (on a landscape tablet it took the whole first screen); a seat freed brings it back
    const joinPanel = document.querySelector(".join-panel");
    if (joinPanel) joinPanel.classList.toggle("compact", v.seats.every((s) => s.joined || s.bot));
    dropStaleRefusal(v);
    const ui = window.GAME_UI[v.game];
    const status = document.getElementById("status");
    renderStatus(v, ui);
    const myTurn = v.me !== null && v.state.to_act.includes(v.me) && !v.outcome;
    status.classList.toggle("your-turn", myTurn);
    document.title = (myTurn ? "● " : "") + document.getElementById("app").dataset.title + " · Tavolo · " + v.room;
    if (myTurn && !wasMyTurn && window.TAVOLO_ALERT) window.TAVOLO_ALERT.yourTurn();
    wasMyTurn = myTurn;
    tellEnteredForMe(v);
    announce(v);
    const parts = ui.render(v, act);
    document.getElementById("game").replaceChildren(parts.game);
    document.getElementById("controls").replaceChildren(parts.controls);
    renderPlayers(v, ui);
    // Once the game is over the page keeps the result, the settlement and what to do next:
    // hints, the camera, undo and the host's seat tools go (app.css, body.game-over).
    document.body.classList.toggle("game-over", Boolean(v.outcome));
    renderFinal(v);
    tellNext(v);
    renderRecent(v);
    renderLog(v);
    updateMovedFirst();
    const host = document.getElementById("host");
    host.hidden = !v.host;
    document.getElementById("undo").disabled = !v.can_undo;
    document.getElementById("undo").hidden = Boolean(v.outcome);
    // a greyed undo says why: nothing done yet, or what the game lets the host take back
    const why = document.getElementById("undo-why");
    why.hidden = v.can_undo || Boolean(v.outcome);
    // empty while undo works: the button's description must not say it cannot
    why.textContent = why.hidden ? "" : t(v.moved ? "undo_why_" + v.game : "undo_why_none");
    if (v.host) { renderSeatAdmin(v); renderCameraAdmin(v); }
    renderPlayFor(v);
    // The record holds every hidden card: the server gives it only once the game is over.
    document.getElementById("record").hidden = !v.outcome;
    document.getElementById("record-later").hidden = Boolean(v.outcome);
    renderCorrections(v);
    const scanBar = document.querySelector(".scan-bar");
    // The scan bar follows the camera: it comes back when the host picks a deck it can read.
    // Where the app dealt the cards it knows every hand: there is nothing to read.
    if (scanBar) scanBar.hidden = !v.scannable || (role === "table" && !v.host) || Boolean(v.state.known_hands);
    document.dispatchEvent(new CustomEvent("tavolo:view", {detail: v}));  // teach.js, practice.js
  }

  /* The table screen made a move for this phone's seat (a card entered from a photo or by
     hand): said once, as it comes, so that a wrong card is noticed by the one who holds it. */
  let enteredSeen = null;  // the last such move already known (null: nothing drawn yet)
  function tellEnteredForMe(v) {
    const e = v.entered_for_me;
    const seq = e ? e.seq : 0;
    if (enteredSeen !== null && seq > enteredSeen) {
      toast(e.card ? t("entered_for_you", {card: cardLabel(e.card)}) : t("moved_for_you"));
    }
    enteredSeen = seq;
  }

  /* The host's corrections: a line a move, newest first (the older ones behind a button). A
     line opens on a tap and then offers only the cards the server says the correction would
     accept; it stays open while the table moves on, and asks again when it has. */
  const corrections = {open: null, cards: null, asked: -1, older: false, chosen: null, asking: null,
                       focus: false};
  function renderCorrections(v) {
    const box = document.getElementById("corrections");
    box.hidden = !(v.host && v.corrections && v.corrections.length);
    if (box.hidden) return;
    const first = 2 * v.names.length;
    const shown = corrections.older ? v.corrections : v.corrections.slice(0, first);
    const lines = shown.map((c) => correctionLine(v, c));
    const more = v.corrections.length - shown.length;
    if (more > 0) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = t("correct_older", {n: more});
      b.addEventListener("click", () => { corrections.older = true; renderCorrections(view); });
      li.append(b);
      lines.push(li);
    }
    document.getElementById("correction-list").replaceChildren(...lines);
    // a line opened from the keyboard: its list of cards takes the focus once it is there
    const opened = corrections.focus && document.querySelector("#correction-list select");
    if (opened) { corrections.focus = false; opened.focus({preventScroll: true}); }
  }

  function correctionLine(v, c) {
    const li = document.createElement("li");
    const label = document.createElement("span");
    label.textContent = `${c.when ? (c.when[LANG] || c.when.en) + " · " : ""}${v.names[c.player]}: ${cardLabel(c.card)} → `;
    li.append(label);
    if (corrections.open !== c.seq) {
      const open = document.createElement("button");
      open.type = "button";
      open.textContent = t("correct_open");
      open.setAttribute("aria-label", t("correct_open_for", {who: v.names[c.player], card: cardLabel(c.card)}));
      open.addEventListener("click", () => {
        corrections.open = c.seq;
        corrections.cards = null;
        corrections.focus = true;
        renderCorrections(view);
      });
      li.append(open);
      return li;
    }
    if (corrections.cards === null || corrections.asked !== v.seq) {
      const wait = document.createElement("span");
      wait.setAttribute("role", "status");
      wait.textContent = t("correct_asking");
      li.append(wait);
      askCards(c.seq, v.seq);
      return li;
    }
    const fit = new Set(corrections.cards);
    const deck = v.pack ? Object.keys(v.pack.cards) : FRENCH_CODES;
    const codes = deck.filter((code) => fit.has(code));
    if (codes.length < 2) {
      const none = document.createElement("span");
      none.setAttribute("role", "status");
      none.textContent = t("correct_none");
      li.append(none);
      return li;
    }
    // a card chosen and not yet sent stays chosen when the table moves on (the line is drawn again)
    const kept = corrections.chosen && corrections.chosen.target === c.seq && codes.includes(corrections.chosen.card);
    const sel = cardSelect(codes, kept ? corrections.chosen.card : c.card,
                           (card) => { corrections.chosen = {target: c.seq, card}; });
    const go = document.createElement("button");
    go.type = "button";
    go.textContent = t("correct_do");
    go.addEventListener("click", async () => {
      if (sel.value === c.card) return;
      const res = await postJSON(`/api/tables/${tableId}/corrections${asTable}`,
        {seq: view.seq, target: c.seq, action: {type: c.type || "play", card: sel.value}});
      if (res.ok) {
        corrections.open = null;
        corrections.chosen = null;
        render(res.body);
        // said in place of the refusal of an earlier try, which is no longer true
        toast(t("corrected", {who: v.names[c.player], from: cardLabel(c.card), to: cardLabel(sel.value)}));
      } else {
        sel.value = c.card;  // the list shows the card as it stands
        corrections.chosen = null;
        showError(res.body);
      }
    });
    li.append(sel, go);
    return li;
  }

  /* The cards that could replace the card of move ``target``, as the table stands at ``seq``. */
  async function askCards(target, seq) {
    if (corrections.asking === `${target}/${seq}`) return;
    corrections.asking = `${target}/${seq}`;
    let body = null;
    try {
      const resp = await fetch(`/api/tables/${tableId}/corrections/${target}${asTable}`, {credentials: "same-origin"});
      body = await resp.json();
      if (!resp.ok) throw body;
    } catch (e) {
      corrections.asking = null;
      corrections.open = null;
      showError(e && e.messages ? e : null);
      renderCorrections(view);
      return;
    }
    corrections.asking = null;
    if (corrections.open !== target) return;  // another line was opened meanwhile
    corrections.cards = body.cards;
    corrections.asked = seq;
    if (view.seq !== seq) corrections.cards = null;  // the table moved on meanwhile: ask again
    renderCorrections(view);
  }

  function renderSeatAdmin(v) {
    const box = document.getElementById("seat-admin");
    box.replaceChildren(...v.seats.filter((seat) => seat.joined).map((seat) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = t("free_seat", {who: seat.name});
      b.addEventListener("click", async () => {
        if (!window.confirm(t("free_seat_confirm", {who: seat.name}))) return;
        const resp = await csrfFetch(`/api/tables/${tableId}/seats/${seat.seat}${asTable}`,
                                     {method: "DELETE"});
        const body = await resp.json();
        if (resp.ok) render(body); else showError(body);
      });
      return b;
    }));
  }

  /* The host picks the enrolled deck the camera reads this table's cards with (or none). */
  function renderCameraAdmin(v) {
    const box = document.getElementById("camera-admin");
    const choices = v.camera_choices || [];
    box.hidden = !choices.length && !v.camera;
    if (box.hidden) return;
    const sel = document.getElementById("camera-deck");
    const learnt = v.camera_learnt || {};
    // Without an enrolled deck, French cards are still read (the app's own reader); a deck
    // that knows some cards only says so, on its option and under the choice once chosen.
    const partial = document.getElementById("camera-partial");
    const known = learnt[v.camera];
    partial.hidden = !known;
    partial.textContent = known ? t("camera_partial_note", {n: known[0], of: known[1]}) : "";
    const shown = JSON.stringify([choices, learnt, v.camera, v.camera_builtin]);
    if (sel.dataset.shown === shown) return;
    sel.dataset.shown = shown;
    const none = document.createElement("option");
    none.value = "";
    none.textContent = t(v.camera_builtin ? "camera_builtin" : "camera_none");
    sel.replaceChildren(none, ...choices.map((name) => {
      const o = document.createElement("option");
      o.value = name;
      o.textContent = learnt[name] ? t("camera_partial", {name, n: learnt[name][0], of: learnt[name][1]}) : name;
      return o;
    }));
    sel.value = v.camera || "";
    sel.onchange = async () => {
      const res = await postJSON(`/api/tables/${tableId}/camera${asTable}`,
                                 {seq: view.seq, deck: sel.value || null});
      if (res.ok) render(res.body);
      else { toast(errorText(res.body)); sel.value = view.camera || ""; }
    };
  }

  function renderStatus(v, ui) {
    // At the end the result box below has the heading; a game may say its end its own way
    // (Insonnia names its winner).
    const said = v.outcome && !ui.ownEnd ? t("game_over_below") : ui.status(v);
    // what holds the game up (a card to enter again, a phone away) comes on a line of its
    // own under the turn, smaller: the turn stays the first thing read
    const more = [needsPhone(v), awayToAct(v)].filter(Boolean).join(" · ");
    const status = document.getElementById("status");
    if (status.textContent === said + more) return;  // unchanged: not said again
    const main = document.createElement("span");
    main.className = "status-main";
    main.textContent = said;
    const parts = [main];
    if (more) {
      const held = document.createElement("span");
      held.className = "status-more";
      held.textContent = more;
      parts.push(held);
    }
    status.replaceChildren(...parts);
  }

  function renderPlayers(v, ui) {
    const list = document.createElement("ul");
    list.className = "player-list";
    v.names.forEach((name, i) => {
      const li = document.createElement("li");
      li.className = "player" + (v.state.to_act.includes(i) ? " acting" : "") + (i === v.me ? " me" : "");
      const strong = document.createElement("strong");
      strong.textContent = name + (i === v.me ? ` (${t("you")})` : "");
      const info = document.createElement("span");
      info.textContent = ui.playerLine(v, i);
      li.append(strong, info);
      if (away(v, i)) {
        const gone = document.createElement("span");
        gone.className = "away";
        gone.textContent = t("phone_away");
        li.append(gone);
      }
      list.append(li);
    });
    document.getElementById("players").replaceChildren(list);
  }

  function renderFinal(v) {
    const box = document.getElementById("final");
    if (!v.outcome) { box.hidden = true; return; }
    box.hidden = false;
    const h = document.createElement("h2");
    h.textContent = t("game_over");
    const who = v.outcome.winner_names.join(", ");
    const p = document.createElement("p");
    p.className = "winner";
    const ui = window.GAME_UI[v.game];
    // A team game names the winning team (the game's own sentence); others, the players.
    const own = ui && ui.winnerText ? ui.winnerText(v) : null;
    p.textContent = own || (v.outcome.winner_names.length > 1 ? t("winners", {who})
      : v.outcome.winner_names.length ? t("winner", {who}) : t("no_winner"));
    const table = document.createElement("table");
    table.className = "scores";
    const cap = document.createElement("caption");
    cap.textContent = t("scores");
    table.append(cap);
    const scoreRow = (label, score) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = label;
      const td = document.createElement("td");
      td.textContent = score;
      tr.append(th, td);
      table.append(tr);
    };
    // a team game scores its teams, each once (ui.finalRows); other games, each player
    for (const row of ui.finalRows ? ui.finalRows(v) : []) scoreRow(row.label, row.score);
    const order = ui.finalRows ? []
      : v.names.map((n, i) => i).sort((a, b) => v.outcome.scores[b] - v.outcome.scores[a]);
    for (const i of order) {
      scoreRow(v.names[i], v.outcome.scores[i]);
      const ui = window.GAME_UI[v.game];
      const transfers = (v.outcome.transfers || []).filter((tr) => tr.from === i);
      if (transfers.length && !ui.finalDetails) {
        // The settlement: the fewest transfers that bring every balance to zero.
        const more = document.createElement("tr");
        more.className = "details";
        const detail = document.createElement("td");
        detail.colSpan = 2;
        // each line names the payer: the row stands apart from his (a screen reader reads it alone)
        detail.textContent = transfers.map((tr) => `${v.names[i]} ${t("os_pays", {who: v.names[tr.to], n: tr.amount})}`)
          .join(" · ");
        more.append(detail);
        table.append(more);
      }
      if (ui.finalDetails) {
        const more = document.createElement("tr");
        more.className = "details";
        const detail = document.createElement("td");
        detail.colSpan = 2;
        detail.append(ui.finalDetails(v, i));
        more.append(detail);
        table.append(more);
      }
    }
    // a game without points (Insonnia: the result is the winner alone) shows no score table
    // a game may add what the evening was made of (Il Diavolo: each deal, who won it and how)
    const extra = ui.finalExtra ? [ui.finalExtra(v)] : [];
    box.replaceChildren(...(ui.noScores ? [h, p] : [h, p, table]), ...extra, finalActions(v));
    box.classList.toggle("folded", finalFolded);
    if (!shownOver) { shownOver = true; box.scrollIntoView({block: "start"}); }
  }

  /* What to do once a game is over: play again (a practice game against the same bots; for
     the host, a new table for the same players and options; for others, the home page), or go
     back to the table as it ended (the result folds away, one tap brings it back). */
  let finalFolded = false;
  let shownOver = false;
  function finalActions(v) {
    const nav = document.createElement("p");
    nav.className = "final-actions";
    const again = document.createElement("button");
    again.type = "button";
    again.className = "big primary";
    again.id = "new-game";
    // the host started the next game: every phone of this table is one tap from its seat there
    again.textContent = v.next && !v.host ? t("join_next", {room: v.next.room}) : t("new_game");
    again.addEventListener("click", () => (v.next && !v.host ? joinNext(v, again) : newGame(v, again)));
    const back = document.createElement("button");
    back.type = "button";
    back.className = "big";
    back.id = "back-to-table";
    back.textContent = finalFolded ? t("show_result") : t("back_to_table");
    back.setAttribute("aria-expanded", finalFolded ? "false" : "true");
    back.addEventListener("click", () => {
      finalFolded = !finalFolded;
      renderFinal(view);
      const next = document.getElementById("back-to-table");
      if (next) next.focus();
      if (finalFolded) document.getElementById("game").scrollIntoView({block: "start"});
    });
    nav.append(again, back);
    return nav;
  }

  async function newGame(v, button) {
    button.disabled = true;
    try {
      if (v.practice && v.me !== null) {
        const res = await postJSON("/api/practice", {game: v.game, bots: v.practice.bots.length,
                                                     name: v.names[v.me], options: v.options});
        if (res.ok) { window.location.href = "/play/" + res.body.table_id; return; }
        showError(res.body);
      } else if (v.host) {
        const names = v.seats.map((seat) => (seat.named || seat.joined ? seat.name : null));
        const res = await postJSON("/api/tables", {game: v.game, players: names, options: v.options,
                                                   hints: v.hints});
        if (res.ok) {
          const next = res.body.table_id;
          // the other phones are told where the new game is; the host's own seat follows him
          await postJSON(`/api/tables/${tableId}/next${asTable}`, {table: next, seq: v.seq});
          if (v.me !== null && role !== "table" && await joinSeat(next, v.me)) return;
          window.location.href = "/t/" + next;
          return;
        }
        showError(res.body);
      } else {
        window.location.href = "/";
        return;
      }
    } catch (e) {
      toast(t("network"));
    }
    button.disabled = false;
  }

  /* This phone's seat at table ``next`` (the same seat as here): true when taken and the page
     is on its way there. */
  async function joinSeat(next, seat) {
    const res = await postJSON(`/api/tables/${next}/seats`, {seat, name: null});
    if (!res.ok) return false;
    window.location.href = "/play/" + next;
    return true;
  }

  /* A player goes to the game the host started after this one: to his own seat there, or, when
     it is taken or the table screen asks, to the new table's page where a seat is chosen. */
  async function joinNext(v, button) {
    button.disabled = true;
    try {
      if (v.me !== null && role !== "table" && await joinSeat(v.next.table, v.me)) return;
      window.location.href = (v.me === null ? "/t/" : "/join/") + v.next.table;
      return;
    } catch (e) {
      toast(t("network"));
    }
    button.disabled = false;
  }

  /* Said once, as it comes: the host started a new game. */
  let nextSeen;
  function tellNext(v) {
    const room = v.next ? v.next.room : null;
    if (nextSeen !== undefined && room && room !== nextSeen && !v.host) toast(t("next_started", {room}));
    nextSeen = room;
  }

  /* For a screen reader: what just happened, said once (the status line says whose turn). */
  function announce(v) {
    if (v.seq === announced) return;
    const first = announced < 0;
    announced = v.seq;
    const last = v.log.length ? v.log[v.log.length - 1] : null;
    if (first || !last) return;  // the page just opened: nothing has "just" happened
    const ui = window.GAME_UI[v.game];
    // the status line (itself announced) may already say it, in the words this phone needs
    if (ui.statusSays && ui.statusSays(v, last)) return;
    document.getElementById("announce").textContent = last[LANG] || last.en;
  }

  /* What the others just did, in sight (the event log is folded at the bottom): the last two
     moves, the newest first, each in its own sentences in their order. A long one is cut short
     on screen, the newest at four lines, so that the game below does not jump down the page at
     a long turn's end; a tap on it reads it all (the log has it whole too). A screen reader
     hears the newest from #announce. Once the game is over the result box says what counts. */
  let recentWhole = null;  // the move whose whole text the reader opened
  let recentView = null;
  // a turned phone has longer lines: whether the newest move is cut is measured again
  window.addEventListener("resize", () => { if (recentView) renderRecent(recentView); });
  function renderRecent(v) {
    recentView = v;
    const box = document.getElementById("recent");
    const standing = v.log.filter((line) => !line.undone);  // a move the host undid did not happen
    const moves = [...new Set(standing.map((line) => line.seq))].slice(-2).reverse();
    box.hidden = !moves.length || Boolean(v.outcome);
    const more = document.getElementById("recent-more");
    const items = moves.map((seq) => {
      const li = document.createElement("li");
      li.textContent = standing.filter((line) => line.seq === seq).map((line) => line[LANG] || line.en).join(" ");
      return li;
    });
    document.getElementById("recent-lines").replaceChildren(...items);
    const newest = items[0];
    if (!newest || box.hidden) { more.hidden = true; return; }
    const seq = moves[0];
    const show = () => {
      newest.classList.toggle("whole", recentWhole === seq);
      more.textContent = t(recentWhole === seq ? "recent_less" : "recent_more");
    };
    const toggle = () => { recentWhole = recentWhole === seq ? null : seq; show(); };
    const cut = newest.scrollHeight > newest.clientHeight + 2;  // measured with the clamp on
    newest.classList.toggle("cut", cut);
    more.hidden = !cut;
    newest.onclick = cut ? toggle : null;
    more.onclick = toggle;
    show();
  }

  /* The log, newest event first; the sentences of one event in the order they were said (a
     trick's explanation reads top down). */
  function renderLog(v) {
    const ol = document.getElementById("log");
    const events = [];
    for (const line of v.log) {
      const last = events[events.length - 1];
      if (last && last[0].seq === line.seq) last.push(line); else events.push([line]);
    }
    ol.replaceChildren(...events.reverse().flatMap((lines) => lines.map((line, k) => {
      const li = document.createElement("li");
      if (k === 0) li.classList.add("event-start");  // a thin rule between events, no numbers
      // a line the host's correction made untrue says "corrected" (the move is told again below it)
      const mark = line.corrected ? t("corrected_line") : t("undone_line");
      li.textContent = (line.undone ? mark + " " : "") + (line[LANG] || line.en);
      if (line.undone) li.classList.add("undone");
      return li;
    })));
  }

  async function refresh() {
    const resp = await fetch(`/api/tables/${tableId}/state${asTable}`, {credentials: "same-origin"});
    if (resp.ok) render(await resp.json());
    else if (!view) sayUnreachable();
  }

  /* A page opened while the server cannot be reached (the page itself from the phone's cache)
     has no table to draw yet: it says so, and that the table comes back by itself. */
  function sayUnreachable() {
    setConn("offline");
    if (!view) document.getElementById("status").textContent = t("unreachable_first");
  }

  /* ``opts.onRefused(body)``: the game module shows a refusal itself (else a toast). */
  function requestId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // One request, sent again with the same id after a network drop: the server applies an
  // id once, so a retry after a lost answer can never play the card twice.
  async function postOnce(url, payload) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await postJSON(url, payload);
      } catch (e) {
        if (attempt >= 4 || !navigator.onLine) throw e;
        setConn("reconnecting");
        await new Promise((done) => setTimeout(done, 400 * 2 ** attempt));
      }
    }
  }

  /* After a 409 (the table moved since this phone looked): a card the player chose is sent
     again if that very move is still his to make; anything else (an accept, a refusal: its
     meaning may have changed, a different raise) is left for him to decide again. */
  function stillLegal(action) {
    return action.card !== undefined && (view.state.legal || []).some(
      (a) => a.type === action.type && a.card === action.card && a.row === action.row);
  }

  /* The same move, as far as the view tells: among the legal moves the server lists, or, with
     real cards (no list: the phone cannot know the hand), still this seat's turn. */
  function sameKey(value) {
    if (Array.isArray(value)) return "[" + value.map(sameKey).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).filter((k) => value[k] !== undefined && value[k] !== null).sort()
        .map((k) => JSON.stringify(k) + ":" + sameKey(value[k])).join(",") + "}";
    }
    return JSON.stringify(value);
  }
  /* The seat an action is made for: its own ``player``, else this phone's. */
  function actorOf(action) { return action.player !== undefined ? action.player : view && view.me; }

  function mayRetry(action) {
    if (!view || view.outcome) return false;
    if (!view.state.to_act.includes(actorOf(action))) return false;
    const legal = view.state.legal;
    if (!Array.isArray(legal)) return true;
    const key = sameKey({...action, player: undefined});
    return legal.some((a) => sameKey({...a, player: undefined}) === key);
  }

  /* Someone moved first: the phone shows the table as it is now (the refusal carries it) and
     says so, with one tap to send the same move again while it still fits. */
  let pending = null;
  /* Who moved first, as the refusal names the seats that moved since this screen's view: this
     phone's own seat (from another tab or phone), other players, or nobody (the host). */
  function movedFirstText(movers) {
    if (!Array.isArray(movers) || !view) return t("moved_first");
    if (view.me !== null && movers.includes(view.me)) return t("moved_first_you");
    if (movers.length) return t("moved_first_by", {who: movers.map((i) => view.names[i]).join(", ")});
    return t("moved_first");
  }
  function showMovedFirst(action, opts, movers) {
    pending = {action, opts, said: movedFirstText(movers)};
    document.getElementById("moved-text").textContent = pending.said;
    updateMovedFirst();
    document.getElementById("moved").hidden = false;
  }
  function updateMovedFirst() {
    if (!pending) return;
    const fits = mayRetry(pending.action);
    document.getElementById("moved-retry").hidden = !fits;
    // not the player's to make now (say, a second tab whose card for the round was chosen in
    // the first): nothing to choose again
    const waiting = !!view && !view.outcome && !view.state.to_act.includes(actorOf(pending.action));
    const why = fits ? "" : " " + t(waiting ? "moved_not_yours" : "moved_gone");
    document.getElementById("moved-text").textContent = pending.said + why;
  }
  function hideMovedFirst() {
    pending = null;
    document.getElementById("moved").hidden = true;
  }
  document.getElementById("moved-retry").addEventListener("click", () => {
    const again = pending;
    hideMovedFirst();
    if (again) act(again.action, {...(again.opts || {}), retried: true});
  });
  document.getElementById("moved-ok").addEventListener("click", hideMovedFirst);

  // ---- moves made without a connection wait on the phone (with their ids) -----------
  const OUTBOX_KEY = `tavolo-outbox-${tableId}${asTable}`;
  function outbox() {
    try { return JSON.parse(localStorage.getItem(OUTBOX_KEY) || "[]"); } catch (e) { return []; }
  }
  function saveOutbox(items) {
    if (items.length) localStorage.setItem(OUTBOX_KEY, JSON.stringify(items));
    else localStorage.removeItem(OUTBOX_KEY);
    const box = document.getElementById("outbox");
    if (box) {
      box.hidden = !items.length;
      box.textContent = items.length ? t("queued_n", {n: items.length}) : "";
    }
  }
  let flushing = false;
  async function flushOutbox() {
    if (flushing || !navigator.onLine) return;
    flushing = true;
    try {
      let items = outbox();
      while (items.length) {
        const item = items[0];
        let res;
        try {
          res = await postJSON(item.url, item.payload);
        } catch (e) {
          return;  // still no connection: try again when it comes back
        }
        if (res.status === 409 && res.body && res.body.reason === "request_id_reused") {
          await refresh();  // that id already made a move: this one is not sent again
          toast(t("queued_dropped"));
        } else if (res.status === 409) {
          if (res.body && res.body.view) render(res.body.view); else await refresh();
          if (stillLegal(item.payload.action)) {  // not applied: sent again on the new table
            item.payload = {...item.payload, seq: view.seq};
            saveOutbox(items);
            continue;
          }
          toast(t("queued_dropped"));
        } else if (res.ok) {
          render(res.body);
        } else {
          showRefusal(res.body);  // a queued move refused: with its "why?"
        }
        items = items.slice(1);
        saveOutbox(items);
      }
    } finally {
      flushing = false;
    }
  }
  window.addEventListener("online", flushOutbox);

  async function act(action, opts) {
    if (busy) return false;
    hideMovedFirst();  // a new move (or the retry) replaces the notice
    if (outbox().length) {  // earlier moves are still waiting: this one goes after them
      const items = outbox();
      // Play tapped again while the first tap waits (nothing on the screen changed, so a
      // player taps twice): one move waits, and goes once.
      const key = sameKey(action);
      if (items.some((item) => sameKey(item.payload.action) === key)) {
        toast(t("queued_same"));
        return false;
      }
      items.push({url: `/api/tables/${tableId}/actions${asTable}`,
                  payload: {action, seq: view.seq, id: requestId()}});
      saveOutbox(items);
      toast(t("queued"));
      flushOutbox();
      return false;
    }
    busy = true;
    const url = `/api/tables/${tableId}/actions${asTable}`;
    const payload = {action, seq: view.seq, id: requestId()};
    try {
      const res = await postOnce(url, payload);
      if (res.ok) { hideToast(); render(res.body); showOutcome(); return true; }  // an older refusal is past
      if (res.status === 409 && res.body && res.body.reason === "moved_first") {
        if (res.body.view) render(res.body.view); else await refresh();
        showMovedFirst(action, opts, res.body.movers);
        return false;
      }
      if (res.status === 409 && res.body && res.body.reason === "request_id_reused") {
        await refresh();  // the id made another move: nothing was done with this one
        showError(res.body);
        return false;
      }
      if (res.status === 409) {
        await refresh();
        toast(t("retry_changed"));
        return false;
      }
      if (opts && opts.onRefused) opts.onRefused(res.body); else showRefusal(res.body);
      return false;
    } catch (e) {
      // No answer at all: the move waits on this phone, and goes (with the same id, so never
      // twice) as soon as the connection returns.
      saveOutbox([...outbox(), {url, payload}]);
      setConn("offline");
      toast(t("queued"));
      return false;
    } finally {
      busy = false;
    }
  }

  /* After a player's own move, the phone brings the top of the table back into view: the
     status and what just happened (the move was made with a button further down). The table
     screen stays where its host looks. */
  function showOutcome() {
    if (role === "table") return;
    const status = document.getElementById("status");
    if (status.getBoundingClientRect().top < 0) window.scrollTo(0, 0);  // the status is near the top
    // the button pressed is gone with the redraw: keyboard focus goes to what happened, not
    // back to the top of the page
    if (!document.activeElement || document.activeElement === document.body) status.focus({preventScroll: true});
  }

  window.TAVOLO = {act, view: () => view, tableId, asTable, role, render};

  document.getElementById("undo").addEventListener("click", async () => {
    // the move to be undone: the newest line still standing (an undone move, or the undo's own
    // line, is not what the next undo takes back)
    const standing = view.log.filter((line) => !line.undone && line.kind !== "undo");
    const newest = standing.length ? standing[standing.length - 1] : null;
    const last = newest ? newest[LANG] || newest.en : "";
    if (!window.confirm(t("undo_confirm", {what: last}))) return;
    const res = await postJSON(`/api/tables/${tableId}/undo${asTable}`, {seq: view.seq});
    if (res.ok) { render(res.body); toast(t("undo_done")); } else showError(res.body);
  });

  // The live stream (live.js): opened again after any break, resuming after the last update.
  let live = null;
  function follow() {
    live = followLive(`/api/tables/${tableId}/events${asTable}`,
                      {state: render, open: flushOutbox, status: setConn,
                       presence: (seats) => { present = new Set(seats); showPresence(); }});
  }
  // The stream asks with the credentials the page had when it opened: while this device's
  // host token changes (a new host link) it is let go, then opened afresh with the new one.
  document.addEventListener("tavolo:live-pause", () => { if (live) { live.stop(); live = null; } });
  document.addEventListener("tavolo:live-resume", () => { if (!live) follow(); });

  if (role === "table") document.body.classList.add("table-screen");
  saveOutbox(outbox());  // moves still waiting from before a reload
  setConn("reconnecting");
  refresh().catch(sayUnreachable).finally(follow);
})();
