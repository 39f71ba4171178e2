/* Scan: photograph the table, see each card found outlined, correct it, and play it.
   A player's phone proposes his own move; the table screen assigns the revealed
   cards to the seats (remembering where each seat sits) and confirms the round. */
"use strict";
(function () {
  const T = window.TAVOLO;
  const box = document.getElementById("scan");
  const button = document.getElementById("scan-button");
  const input = document.getElementById("scan-input");
  if (!T || !box || !button || !input) return;
  const sidesKey = `tavolo-sides-${T.tableId}`;
  let photoURL = null;
  let scans = 0;  // the number of the latest photo or live frame shown: an older reply is dropped
  let pending = null;  // the request of the latest photo still being read

  /* A newer photo (or live frame) replaces whatever is still being read. */
  function supersede() {
    if (pending) pending.abort();
    pending = null;
    return ++scans;
  }

  function sides() {
    try { return JSON.parse(localStorage.getItem(sidesKey) || "{}"); } catch (e) { return {}; }
  }
  function angleOf(det, w, h) {
    const cx = det.corners.reduce((a, c) => a + c[0], 0) / 4 - w / 2;
    const cy = det.corners.reduce((a, c) => a + c[1], 0) / 4 - h / 2;
    return Math.atan2(cy, cx);
  }
  function guessSeats(result, waiting) {
    // Each detection goes to the waiting seat last seen on its side of the table.
    const known = sides();
    const free = new Set(waiting);
    return result.detections.map((det) => {
      const a = angleOf(det, result.width, result.height);
      let best = null, bestGap = Math.PI / 3;
      for (const seat of free) {
        if (known[seat] === undefined) continue;
        const gap = Math.abs(Math.atan2(Math.sin(a - known[seat]), Math.cos(a - known[seat])));
        if (gap < bestGap) { best = seat; bestGap = gap; }
      }
      if (best !== null) free.delete(best);
      return best;
    });
  }

  /* A card that has left the list: played, or set aside by the player as no card at all. */
  const gone = (det) => Boolean(det.done || det.dismissed);
  /* A card shown as sure: read surely, or named by the player himself. */
  const sure = (det) => Boolean(det.strong || det.corrected);

  function centre(det) {
    return [det.corners.reduce((a, c) => a + c[0], 0) / 4, det.corners.reduce((a, c) => a + c[1], 0) / 4];
  }

  /* What to do when a photo shows no card: a better photo, or, for cards of a design the
     camera does not read, the page where it is taught a deck (opened beside the table). */
  function noneHelp(result) {
    if (result.byHand || result.detections.length) return [];  // cards read, or added by hand
    const help = document.createElement("p");
    help.className = "hint scan-none-help";
    help.append(t("scan_none_help") + " ", newTabLink("/decks", t("dk_title")));
    return [help];
  }

  function overlay(result) {
    const wrap = document.createElement("div");
    wrap.className = "scan-photo";
    const img = document.createElement("img");
    img.src = photoURL;
    img.alt = t("scan_photo");
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `0 0 ${result.width} ${result.height}`);
    // Labels a sixteenth of the photo high: readable on the small preview a phone shows.
    const size = Math.max(result.width, result.height) / 16;
    const labels = [];  // the labels placed so far: {x, y, half} (half: half the text's width)
    // A label is moved up or down by a line where it would cover one placed before (cards in
    // a hand overlap, their centres close): the nearest free line inside the photo.
    const freeLine = (x, y, half) => {
      const clear = (yy) => labels.every((o) => Math.abs(o.x - x) >= o.half + half || Math.abs(o.y - yy) >= size);
      for (const k of [0, 1, -1, 2, -2, 3, -3]) {
        const yy = y + k * size * 1.05;
        if (yy >= size && yy <= result.height - size / 2 && clear(yy)) return yy;
      }
      return y;
    };
    result.detections.forEach((det, i) => {
      if (gone(det) || !det.corners) return;  // a card added by hand has no place in the photo
      const poly = document.createElementNS(svg.namespaceURI, "polygon");
      poly.setAttribute("points", det.corners.map((c) => c.join(",")).join(" "));
      poly.setAttribute("class", sure(det) ? "strong" : "weak");
      // The label sits on the card's centre, numbered like the list, inside the photo.
      const [cx, cy] = centre(det);
      const label = document.createElementNS(svg.namespaceURI, "text");
      label.textContent = `${i + 1} ${labelOf(det.card, result)}`;
      const x = Math.min(Math.max(cx, size * 1.5), result.width - size * 1.5);
      const half = 0.3 * size * label.textContent.length;
      const y = freeLine(x, Math.min(Math.max(cy, size), result.height - size / 2), half);
      labels.push({x, y, half});
      label.setAttribute("x", String(x));
      label.setAttribute("y", String(y));
      label.setAttribute("text-anchor", "middle");
      label.setAttribute("font-size", String(size));
      const group = document.createElementNS(svg.namespaceURI, "g");
      group.setAttribute("class", "det");
      group.addEventListener("click", () => {
        const target = box.querySelector(`.scan-item[data-i="${i}"] .scan-fix`);
        if (target) target.focus();
      });
      group.append(poly, label);
      svg.append(group);
    });
    wrap.append(img, svg);
    return wrap;
  }

  /* The card's own outline, cut from the photo: the quadrilateral the camera found. */
  function thumbnail(det, result) {
    if (!det.corners) {  // a card the camera missed, added by hand: its name stands for it
      const added = document.createElement("span");
      added.className = "scan-thumb scan-added";
      added.setAttribute("aria-hidden", "true");
      added.textContent = labelOf(det.card, result);
      return added;
    }
    const xs = det.corners.map((c) => c[0]), ys = det.corners.map((c) => c[1]);
    const pad = Math.max(result.width, result.height) / 80;
    const x0 = Math.max(0, Math.min(...xs) - pad), y0 = Math.max(0, Math.min(...ys) - pad);
    const x1 = Math.min(result.width, Math.max(...xs) + pad), y1 = Math.min(result.height, Math.max(...ys) + pad);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "scan-thumb");
    svg.setAttribute("viewBox", `${x0} ${y0} ${Math.max(1, x1 - x0)} ${Math.max(1, y1 - y0)}`);
    svg.setAttribute("aria-hidden", "true");
    const image = document.createElementNS(ns, "image");
    image.setAttribute("href", photoURL);
    image.setAttribute("width", String(result.width));
    image.setAttribute("height", String(result.height));
    const poly = document.createElementNS(ns, "polygon");
    poly.setAttribute("points", det.corners.map((c) => c.join(",")).join(" "));
    poly.setAttribute("class", sure(det) ? "strong" : "weak");
    svg.append(image, poly);
    return svg;
  }

  /* The cards everybody knows ``seat`` does not hold (on the table, played, shown to be
     another's: the engine's ``cannot_hold``, read from the live view, so a card played since
     the photo counts); for no seat (the table screen's card not yet given to one), those that
     no seat now to act can hold: only those seats are given cards. */
  function heldElsewhere(seat) {
    const s = T.view().state || {};
    const lists = s.cannot_hold || [];
    if (seat !== null && seat !== undefined) return new Set(lists[seat] || []);
    const acting = (s.to_act && s.to_act.length ? s.to_act : lists.map((_, k) => k))
      .map((k) => lists[k] || []);
    return new Set(acting.length ? acting.reduce((a, b) => a.filter((c) => b.includes(c))) : []);
  }

  /* A card's short name on the photo, in the buttons and in the picker: its rank and suit (K♠,
     Trump XXI), or for a deck of its own codes (the printed Insonnia deck) the game's own short
     name ("red 5"), else the name the server gives it ("red sheep 5"). */
  function labelOf(code, result) {
    if (drawable(code)) return cardLabel(code);
    const ui = window.GAME_UI[T.view().game];
    if (ui && ui.cardText) return ui.cardText(code);  // as the game's own lines name it ("red 5")
    const named = ((result || current || {}).code_names || {})[code];
    return named ? (named[LANG] || named.en) : code;
  }

  /* Whether a scan's deck (its card codes) is a tarot: its suited cards go by the tarot's suits. */
  function tarotDeck(codes) { return (codes || []).some((c) => cardParts(c).trump !== undefined); }

  /* The compact picker that corrects a card: a suit, then the rank (a tarot: the tarot's own
     picker, trumps and its four suits); only the cards of this table's deck, those the seat it
     is for cannot hold (``heldElsewhere``) greyed, as in the game's own picker. */
  function correction(det, result, done) {
    const codes = result.codes && result.codes.length ? result.codes : FRENCH_CODES;
    const view = T.view();
    const seen = heldElsewhere(view.me !== null ? view.me : det.seat);
    const legal = new Set(codes.filter((c) => !seen.has(c)));
    const start = cardParts(det.card || codes[0]);  // a card being added opens on the deck's first suit
    // the suit tab chosen stays chosen when the list is drawn again (a live frame, another tap)
    if (!det.pickMemory) det.pickMemory = {suit: start.trump !== undefined ? "T" : start.suit};
    const memory = det.pickMemory;
    memory.selected = det.card || null;  // the card as read (or corrected) shows pressed
    let picker;
    if (tarotDeck(codes)) {
      picker = tarotPicker(legal, done, memory);
    } else if (codes.every((c) => FRENCH_CODES.includes(c))) {
      const ranks = [...new Set(codes.filter((c) => !c.startsWith("JK")).map((c) => cardParts(c).rank))];
      const order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
      ranks.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      picker = cardPicker(legal, done, memory, new Set(FRENCH_CODES.filter((c) => !codes.includes(c))), ranks);
    } else {
      // A deck of its own codes (the printed Insonnia deck): its cards in one list.
      picker = cardSelect(codes.includes(det.card) ? codes : [det.card, ...codes], det.card, done,
                          (code) => labelOf(code, result));
      if (!det.card) picker.options[0].textContent = "—";  // adding a card: none chosen yet
    }
    picker.classList.add("scan-picker");
    return picker;
  }

  /* A card's seat on the table screen (null: none chosen yet). */
  const seatOf = (d) => (d.seat === undefined ? null : d.seat);

  /* What the engine says of a card as it now stands: the photo's verdict on the card read or,
     once the card is corrected or added by hand, the verdict asked for that card (and seat)
     when it was chosen; none while that question is on its way or went unanswered. */
  function verdict(d) {
    if (!d.corrected) return d.move || null;
    const j = d.judged;
    return j && j.card === d.card && j.seat === seatOf(d) ? j.move : null;
  }

  /* Whether the engine's verdict on a card as it now stands is that it can be played. */
  function legalNow(d) {
    const v = verdict(d);
    return Boolean(v && v.legal);
  }

  /* What each of ``cards`` would mean now, asked of the engine (nothing is played); on the
     table screen each is judged for its seat in ``seats`` (null: the first still to play). */
  function askEngine(cards, seats) {
    return postJSON(`/api/tables/${T.tableId}/cards/check${T.asTable}`,
                    T.view().me === null ? {cards, seats} : {cards});
  }

  /* A card corrected or added by hand is put to the engine at once, as the camera's cards are
     when the photo is read (nothing is played): a card that cannot be played says why under it
     now, not only once it is played. Without an answer it is judged when it is played. */
  async function judge(result, det) {
    const card = det.card, seat = seatOf(det);
    let res;
    try {
      res = await askEngine([card], [seat]);
    } catch (e) {
      return;
    }
    if (!res.ok) return;
    // the list may have been read again meanwhile (a live frame): the answer goes to the card as it
    // stands now, unless it has been changed since the question (then it was asked again)
    const list = current || result;
    const target = list.detections.includes(det) ? det
      : list.detections.find((d) => d.corrected && !d.done && d.card === card && seatOf(d) === seat);
    if (!target || target.card !== card || seatOf(target) !== seat) return;
    if (!keepVerdict(target, card, seat, res.body.moves[0], res.body.seq)) return;
    target.announce = Boolean(target.judged.move && !target.judged.move.legal);  // told as it comes, once
    if (listShown(list) && !pending) show(list);
  }

  /* A verdict on a card chosen by hand, kept unless one already kept for the same card and seat
     was given on a newer table (answers may come back out of order). */
  function keepVerdict(det, card, seat, move, seq) {
    const j = det.judged;
    if (j && j.card === card && j.seat === seat && j.seq > seq) return false;
    det.judged = {card, seat, move, seq};
    return true;
  }

  function show(result) {
    const view = T.view();
    const names = view.names;
    box.hidden = false;
    const title = document.createElement("h2");
    // the cards the camera read, less those the player set aside as no card
    const found = result.detections.filter((d) => !d.added);
    const read = found.filter((d) => !d.dismissed).length;
    title.textContent = result.byHand ? t("by_hand_title") : found.length ? t("scan_found", {n: read})
      : t("scan_none");
    const list = document.createElement("ol");
    list.className = "scan-list";
    const hostMode = view.me === null;
    // Games where a card is laid in a chosen place (Insonnia) take the card read as the
    // chosen one; the player then taps where it goes.
    const ui = window.GAME_UI[view.game];
    const picking = Boolean(ui && ui.takeCard);
    // on the table screen, a card read that no seat to act can hold (on the table, played, or
    // another's face-up card): never given a seat or sent, however the photo's reply judged it
    const nobodys = hostMode ? heldElsewhere(null) : new Set();
    const seenAlready = (d) => !d.corrected && nobodys.has(d.card);
    const playable = (d) => { const v = verdict(d); return (!v || v.legal) && !seenAlready(d); };
    // refused only because it is not this player's turn: said once above the list, not under
    // each card (each becomes playable when the turn comes); the table screen gives each card
    // a seat, and is told per card
    const waitsTurn = (d) => {
      if (hostMode) return false;
      const v = verdict(d);
      return Boolean(v && !v.legal && /(^|\.)not_your_turn$/.test(v.rule || "")) && !seenAlready(d);
    };
    if (hostMode && !picking && !result.guessed) {
      // Seats are guessed once per photo; the host's own choices (carried over from the last
      // live frame too) then stay put, and the seats they took are not guessed again.
      const taken = new Set(result.detections.filter((d) => d.seatChosen).map((d) => d.seat));
      const free = result.waiting.filter((s) => !taken.has(s));
      const fit = result.detections.filter((d) => playable(d) && d.corners && d.seat === undefined);
      const seats = guessSeats({...result, detections: fit}, free);
      // one card for the one seat still to play: that seat's, wherever it lies
      if (fit.length === 1 && free.length === 1) seats[0] = free[0];
      fit.forEach((det, k) => { det.seat = seats[k]; });
      result.guessed = true;
    }
    // On the table screen a card already on the table (Quinta's rows, a trick, the aces) is
    // no one's to play: such cards are named together on one line, not each with a refusal.
    const seen = [];
    result.detections.forEach((det, i) => {
      if (gone(det)) return;
      if (hostMode && !det.corrected && !det.unfolded && seenAlready(det)) {
        // one tap brings a card back into the list, to correct a misreading
        const again = document.createElement("button");
        again.type = "button";
        again.className = "scan-seen-card";
        again.textContent = `${labelOf(det.card, result)} (${i + 1})`;
        again.setAttribute("aria-label", t("scan_fix_card", {n: i + 1, card: labelOf(det.card, result)}));
        again.addEventListener("click", () => { det.unfolded = true; result.fixing = i; draw(); });
        seen.push(again);
        return;
      }
      const li = document.createElement("li");
      li.className = "scan-item";
      li.dataset.i = String(i);
      li.dataset.card = det.card;
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = String(i + 1);
      // The card as read: its outline cut from the photo, its name in words, one tap to fix it.
      const what = document.createElement("span");
      what.className = "scan-what";
      const name = document.createElement("span");
      name.className = "scan-name";
      // What this game calls the card read (at an Oscuri table a king is Death).
      // A card corrected by hand is named here; a tarot's suited cards by the tarot's suits.
      const own = det.corrected ? (result.code_names || {})[det.card] : det.names;
      name.textContent = own ? (own[LANG] || own.en) : cardSpeech(det.card, tarotDeck(result.codes));
      const conf = document.createElement("span");
      conf.className = sure(det) ? "conf" : "conf weak";
      conf.textContent = sure(det) ? "" : t("scan_unsure");
      what.append(name, conf);
      // The card itself (its outline and name) is the button that corrects it: one tap.
      const fix = document.createElement("button");
      fix.type = "button";
      fix.className = "scan-fix";
      fix.title = t("scan_fix");
      fix.setAttribute("aria-label", t("scan_fix_card", {n: i + 1, card: name.textContent}));
      fix.setAttribute("aria-expanded", String(result.fixing === i));
      const pen = document.createElement("span");
      pen.className = "scan-pen";
      pen.setAttribute("aria-hidden", "true");
      pen.textContent = "✎";
      fix.append(thumbnail(det, result), what, pen);
      fix.addEventListener("click", () => { result.fixing = result.fixing === i ? null : i; draw(); });
      li.append(badge, fix);
      if (result.fixing === i) {
        li.append(correction(det, result, (code) => {
          det.card = code;
          det.corrected = true;
          delete det.extra_copy;  // another card: no longer a copy too many of the one read
          det.refused = null;  // another card: the engine is asked again, now and when it is played
          result.fixing = null;
          judge(result, det);
          draw();
        }));
        // a reading of no card at all (a pip, a reflection, one card read twice) is set aside
        if (!det.added) {
          const drop = document.createElement("button");
          drop.type = "button";
          drop.className = "scan-dismiss";
          drop.textContent = t("scan_dismiss");
          drop.addEventListener("click", () => {
            det.dismissed = true;
            result.fixing = null;
            draw();
          });
          li.append(drop);
        }
      }
      // why the card cannot be played, with its "why?" link to the rule
      const whyLine = (text, rule) => {
        const why = document.createElement("p");
        why.className = "why";
        why.textContent = text;
        if (rule) why.append(" ", whyLink(rule));
        li.append(why);
        return why;
      };
      if (!playable(det)) {
        // The engine speaks to the player who would hold the card; the table screen holds
        // none, so a card already seen is told as what it is there: a reading to correct.
        if (seenAlready(det)) whyLine(t("scan_seen_fix"), det.move && !det.move.legal ? det.move.why : null);
        else if (!waitsTurn(det)) {
          const said = verdict(det);
          const why = whyLine(said.messages[LANG] || said.messages.en, said.why);
          // the verdict on a card just chosen by hand comes a moment later: a screen reader hears it
          if (det.announce) why.setAttribute("role", "alert");
          det.announce = false;
        }
      } else if (det.refused) {
        // refused when it was played (corrected, or the table moved on since the photo): the
        // engine's sentence stays under the card, which can be corrected or given another seat
        // (on the table screen the server heads it with the name of the seat it was given to)
        const why = whyLine(errorText(det.refused), det.refused.why);
        why.classList.add("refused");
        // announced once, when it comes, not again at each redraw of the list
        if (det.announce) why.setAttribute("role", "alert");
        det.announce = false;
      }
      // a card that cannot be played has nothing but its correction
      const usable = playable(det);
      if (usable && picking) {
        const use = document.createElement("button");
        use.type = "button";
        use.className = !det.corrected && det.strong && result.proposal === det.card ? "big primary" : "big";
        use.textContent = t("scan_use", {card: labelOf(det.card, result)});
        use.addEventListener("click", () => {
          if (ui.takeCard(det.card)) { box.hidden = true; box.replaceChildren(); }
        });
        li.append(use);
      } else if (hostMode && !picking && (usable || (det.corrected && !seenAlready(det)))) {
        // a card chosen by hand and refused for its seat (or the first to play) keeps its menu:
        // given to another seat, it is judged again for that one
        const seatSel = document.createElement("select");
        seatSel.setAttribute("aria-label", t("scan_whose"));
        const none = document.createElement("option");
        none.value = "";
        none.textContent = t("scan_nobody");
        seatSel.append(none);
        for (const seat of result.waiting) {
          const o = document.createElement("option");
          o.value = String(seat);
          o.textContent = names[seat];
          o.selected = det.seat === seat;
          seatSel.append(o);
        }
        seatSel.addEventListener("change", () => {
          det.seat = seatSel.value === "" ? null : Number(seatSel.value);
          det.seatChosen = true;
          if (det.corrected) judge(result, det);  // judged for the seat it is given to
          // another seat: a refusal is asked again, an open picker greys that seat's cards
          if (det.refused || result.fixing === i) { det.refused = null; draw(); }
        });
        li.classList.add("for-seat");
        li.append(seatSel);
      } else if (usable) {
        // A corrected or unsure card is checked when it is played: a refusal says why.
        const play = document.createElement("button");
        play.type = "button";
        const proposed = !det.corrected && !det.refused && det.strong && result.proposal === det.card;
        play.className = proposed ? "big primary" : "big";
        const kind = result.kind || "play";
        // the card is named on its row: the button says the move, its label names the card too,
        // so that the card's name keeps the row's width on a 360 px phone
        play.textContent = t(kind === "play" ? "scan_play_short" : "scan_enter_short");
        play.setAttribute("aria-label", t(kind === "play" ? "play" : "scan_enter", {card: labelOf(det.card, result)}));
        play.addEventListener("click", () => submit([{action: {type: kind, card: det.card}, det}], [], draw));
        li.append(play);
      }
      list.append(li);
    });
    const waiting = result.detections.filter((d) => !gone(d) && waitsTurn(d));
    const turnLine = document.createElement("p");
    turnLine.className = "why scan-turn";
    turnLine.hidden = !waiting.length;
    if (waiting.length) {
      const said = verdict(waiting[0]);
      const who = (view.state.to_act || []).map((seat) => names[seat]).filter(Boolean).join(", ");
      const message = said.messages[LANG] || said.messages.en;
      // the engine's sentence may name whose turn it is already
      turnLine.textContent = message + (who && !message.includes(who) ? " " + t("turn_of", {who}) + "." : "");
      // a card just chosen by hand is judged a moment later: a screen reader hears the verdict
      if (waiting.some((d) => d.announce)) turnLine.setAttribute("role", "alert");
      waiting.forEach((d) => { d.announce = false; });
    }
    const seenLine = document.createElement("p");
    seenLine.className = "scan-seen";
    seenLine.hidden = !seen.length;
    seenLine.append(t("scan_seen", {cards: ""}), ...seen);
    const actions = document.createElement("div");
    if (hostMode && !picking && result.detections.some((d) => !gone(d) && playable(d))) {
      const confirm = document.createElement("button");
      confirm.type = "button";
      confirm.id = "scan-confirm";
      confirm.className = "big primary";
      confirm.textContent = t("scan_confirm");
      confirm.addEventListener("click", () => {
        const chosen = result.detections.filter((d) => !gone(d) && playable(d) &&
                                                       d.seat !== null && d.seat !== undefined);
        if (!chosen.length) { toast(t("scan_assign_first")); return; }
        // a seat plays (or shows) one card at a time: two for one seat is a slip of the host's
        // finger, caught before anything is sent (a Diavolo player notes several, one by one)
        const seats = chosen.map((d) => d.seat);
        const twice = seats.find((seat, k) => seat !== null && seats.indexOf(seat) !== k);
        if ((result.kind || "play") !== "note" && twice !== undefined) {
          toast(t("scan_seat_twice", {who: names[twice]}));
          return;
        }
        // the cards given to nobody are not entered: said once the others are, never dropped silently
        const left = result.detections.filter((d) => !gone(d) && playable(d) && !chosen.includes(d));
        submit(chosen.map((d) => ({action: {type: result.kind || "play", player: d.seat, card: d.card}, det: d})),
               chosen.filter((d) => d.corners).map((d) => [d.seat, angleOf(d, result.width, result.height)]), draw,
               left.map((d) => labelOf(d.card, result)));
      });
      actions.append(confirm);
    }
    // A card the camera missed (half under another, in shadow) is added by hand, then played
    // or given a seat like the others.
    const add = document.createElement("button");
    add.type = "button";
    add.id = "scan-add";
    add.className = "big";
    add.textContent = t("scan_add");
    add.title = t("scan_add_title");
    add.setAttribute("aria-expanded", String(Boolean(result.adding)));
    add.addEventListener("click", () => {
      result.adding = result.adding ? null : {card: ""};
      result.fixing = null;
      draw();
    });
    actions.append(add);
    if (result.adding) {
      // no card yet: a deck of its own codes is picked from a list that starts on none, so
      // that its first card can be chosen too
      actions.append(correction(result.adding, result, (code) => {
        if (!code) return;
        const det = {card: code, corners: null, strong: true, corrected: true, added: true};
        if (hostMode && !picking) {
          // the one seat still to play that no other card of the list goes to: this card's
          const given = new Set(result.detections.filter((d) => !gone(d)).map((d) => d.seat));
          const free = result.waiting.filter((s) => !given.has(s));
          if (free.length === 1) det.seat = free[0];
        }
        result.detections.push(det);
        result.adding = null;
        judge(result, det);
        draw();
      }));
    }
    actions.append(closer(t("close"), () => {
      if (cameraOn()) stopLive();  // closed: the camera would open the panel again at its next change
      forget();
    }));
    function draw() { show(result); }
    current = result;
    const focus = focusKey();
    box.replaceChildren(title, ...(result.byHand ? [] : [overlay(result)]), ...noneHelp(result),
      turnLine, list, seenLine, actions);
    refocus(focus);
    // brought into view when its cards are first shown, not again at each tap or live frame
    if (!result.scrolled) box.scrollIntoView({behavior: "smooth", block: "start"});
    result.scrolled = true;
  }

  /* What has the keyboard's focus in the panel (the card's row and the control's kind), to
     give it back once the panel is drawn again: a redraw must not lose a player's place. */
  function focusKey() {
    const el = document.activeElement;
    if (!el || el === box || !box.contains(el)) return null;
    const row = el.closest("[data-i]");
    const kind = el.dataset.card ? `.card[data-card="${CSS.escape(el.dataset.card)}"]`
      : el.dataset.suit ? `.suit-tab[data-suit="${CSS.escape(el.dataset.suit)}"]`
        : el.id ? `#${CSS.escape(el.id)}` : el.classList.length ? `.${CSS.escape(el.classList[0])}`
          : el.tagName.toLowerCase();
    return row ? `[data-i="${row.dataset.i}"] ${kind}` : kind;
  }
  function refocus(key) {
    if (!key) return;
    const el = box.querySelector(key);
    if (el) el.focus({preventScroll: true});
  }

  async function submit(moves, placed, redraw, left = []) {
    if (typeof stopLive === "function") stopLive();
    for (const move of moves) {
      // A refusal is written under its card in the list (not only in a passing toast), also
      // when a "moved first" retry is refused later (if another reading has replaced the list
      // by then, it is told in a toast); the moves already made leave the list.
      let told = false;
      const onRefused = (body) => {
        told = true;
        if (!current || !current.detections.includes(move.det)) { showError(body); return; }
        move.det.refused = body || {};
        move.det.announce = true;
        if (redraw) redraw();
      };
      if (!(await T.act(move.action, {onRefused}))) {
        if (redraw && !told) redraw();
        const row = current ? current.detections.indexOf(move.det) : -1;
        const item = move.det.refused && box.querySelector(`.scan-item[data-i="${row}"] .why.refused`);
        if (item) item.scrollIntoView({behavior: "smooth", block: "nearest"});
        return;
      }
      move.det.done = true;
    }
    const known = sides();
    for (const [seat, angle] of placed) known[seat] = angle;
    localStorage.setItem(sidesKey, JSON.stringify(known));
    // a message from an earlier try ("choose whose card...") is no longer news; the cards left
    // to nobody are (a card for a seat whose turn has not come is entered then)
    if (left.length) toast(t("scan_left_out", {cards: left.join(", ")})); else hideToast();
    forget();
    box.hidden = true;
    box.replaceChildren();
  }

  // ---- live camera (HTTPS or localhost only): a card counts once it reads the same
  // in STABLE consecutive frames.
  const STABLE = 3;
  const liveButton = document.getElementById("live-button");
  const liveBox = document.getElementById("live");
  let stream = null, timer = null, inFlight = false, streaks = {}, shown = "";
  let liveSession = 0;  // a frame sent in an earlier session (the camera since stopped) is dropped
  let opening = null;  // the session whose camera is being opened (a permission prompt may take a while)
  const cameraOn = () => stream !== null || opening !== null;  // live, or being opened
  let current = null;  // the list on screen
  // What the player did to each card read, by the code first read (copies in order), until
  // the cards are played or the panel is closed: live frames and photos alike keep it.
  let doings = new Map();
  const DOINGS = ["card", "corrected", "judged", "seat", "seatChosen", "unfolded", "done", "dismissed",
                  "pickMemory"];

  function forget() {
    doings = new Map();
    current = null;
  }

  /* A new reading of the table (a live frame whose cards changed, or another photo) keeps
     what the player did to the list on screen: a card he corrected stays corrected (also when
     it left the frame for a moment), a seat he chose stays his choice while that seat still
     has to play, a card he added stays until the camera reads it itself, the cards keep their
     places in the list (new ones come last, so nothing moves under a finger) and the picker
     he has open stays open on the suit he chose. */
  function carryOver(before, fresh, live) {
    const open = before && before.fixing !== null && before.fixing !== undefined
      ? before.detections[before.fixing] : null;
    const place = new Map();  // "code#copy" -> its row in the list on screen
    if (before) {
      const copies = new Map();
      before.detections.forEach((det, row) => {
        if (det.added) return;
        if (!copies.has(det.read)) copies.set(det.read, []);
        place.set(`${det.read}#${copies.get(det.read).length}`, row);
        copies.get(det.read).push(det);
      });
      for (const [code, dets] of copies) {
        doings.set(code, dets.map((d) => Object.assign(
          Object.fromEntries(DOINGS.filter((k) => d[k] !== undefined).map((k) => [k, d[k]])), {open: d === open})));
      }
    }
    let opened = null;
    const seen = new Map();
    const row = new Map();
    for (const det of fresh.detections) {
      det.read = det.card;
      const k = seen.get(det.read) || 0;
      seen.set(det.read, k + 1);
      row.set(det, place.has(`${det.read}#${k}`) ? place.get(`${det.read}#${k}`) : Infinity);
      const did = (doings.get(det.read) || [])[k];
      if (!did) continue;
      for (const key of DOINGS) if (did[key] !== undefined) det[key] = did[key];
      if (did.open) opened = det;
    }
    fresh.detections.sort((a, b) => row.get(a) - row.get(b));  // stable: new cards keep the camera's order
    const waiting = fresh.waiting || [];
    for (const det of fresh.detections) {
      // a seat kept only while it still has to play; a guessed one is guessed again
      if (!det.seatChosen || (det.seat !== null && !waiting.includes(det.seat))) {
        delete det.seat;
        delete det.seatChosen;
      }
    }
    const claimed = new Set();
    for (const old of before ? before.detections : []) {
      if (!old.added || old.done) continue;
      // the camera now reads the card added by hand: it is that reading, with its place
      const read = fresh.detections.find((d) => d.read === old.card && !d.corrected && !claimed.has(d));
      if (read) {
        claimed.add(read);
        if (old.seatChosen && waiting.includes(old.seat)) Object.assign(read, {seat: old.seat, seatChosen: true});
        if (old === open) opened = read;
        continue;
      }
      if (old === open) opened = old;
      fresh.detections.push(old);
    }
    fresh.fixing = opened ? fresh.detections.indexOf(opened) : null;
    fresh.adding = before ? before.adding : null;
    // a card chosen by hand and judged on an older table is asked again (the new reading's table)
    for (const det of fresh.detections) {
      const stale = !det.judged || det.judged.seq !== fresh.seq;
      if (det.corrected && !det.done && fresh.seq !== undefined && stale) judge(fresh, det);
    }
    if (live && before) fresh.scrolled = before.scrolled;
    return fresh;
  }

  async function liveFrame(video, canvas) {
    if (inFlight || !video.videoWidth) return;
    inFlight = true;
    const session = liveSession;
    const scale = Math.min(1, 1280 / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.85));
    try {
      if (session !== liveSession) return;
      const form = new FormData();
      form.append("photo", blob, "frame.jpg");
      const resp = await csrfFetch(`/api/tables/${T.tableId}/photos${T.asTable}`,
                                   {method: "POST", body: form});
      if (!resp.ok || session !== liveSession) return;
      const result = await resp.json();
      if (session !== liveSession) return;
      const seen = new Set(result.detections.map((d) => d.card));
      for (const code of Object.keys(streaks)) if (!seen.has(code)) delete streaks[code];
      for (const code of seen) streaks[code] = (streaks[code] || 0) + 1;
      const stable = result.detections.filter((d) => streaks[d.card] >= STABLE);
      const key = stable.map((d) => d.card).sort().join(" ");
      if (key && key !== shown) {
        shown = key;
        supersede();  // a photo still being read would draw its cards over this frame
        if (photoURL) URL.revokeObjectURL(photoURL);
        photoURL = URL.createObjectURL(blob);
        show(carryOver(current, Object.assign({}, result, {detections: stable,
          proposal: stable.length === 1 && stable[0].move && stable[0].move.legal ? stable[0].card : null}), true));
      }
    } finally {
      inFlight = false;
    }
  }

  /* What a camera that could not be opened needs: permission, a camera at all, or the one
     another app holds. */
  function cameraTrouble(e) {
    const name = e && e.name;
    if (name === "NotFoundError" || name === "OverconstrainedError") return t("live_none");
    if (name === "NotReadableError" || name === "AbortError") return t("live_busy");
    return t("live_denied");
  }

  async function startLive() {
    if (cameraOn()) return;  // one camera, however many taps while it opens
    const session = liveSession;
    opening = session;
    liveButton.textContent = t("live_starting");
    liveButton.setAttribute("aria-busy", "true");
    let opened;
    try {
      opened = await navigator.mediaDevices.getUserMedia(
        {video: {facingMode: "environment", width: {ideal: 1280}}, audio: false});
    } catch (e) {
      if (session === liveSession) {
        stopLive();
        toast(cameraTrouble(e));
      }
      return;
    }
    if (opening === session) opening = null;  // a newer tap's camera may be opening by now
    if (session !== liveSession) {  // stopped while it opened (a tap, the panel closed, a card played)
      opened.getTracks().forEach((track) => track.stop());
      return;
    }
    stream = opened;
    const video = document.createElement("video");
    video.setAttribute("playsinline", "");
    video.muted = true;
    video.srcObject = stream;
    video.setAttribute("aria-label", t("live"));
    try {
      await video.play();
    } catch (e) {
      if (session !== liveSession) return;  // stopped while it started: nothing went wrong
      stopLive();
      toast(cameraTrouble(e));
      return;
    }
    if (session !== liveSession) return;  // stopped meanwhile: stopLive stopped the tracks
    const canvas = document.createElement("canvas");
    const stop = document.createElement("button");
    stop.type = "button";
    stop.className = "big";
    stop.textContent = t("live_stop");
    stop.addEventListener("click", stopLive);
    liveBox.replaceChildren(video, stop);
    liveBox.hidden = false;
    streaks = {};
    shown = "";
    liveButton.textContent = t("live_stop");
    liveButton.removeAttribute("aria-busy");
    liveButton.setAttribute("aria-pressed", "true");
    timer = setInterval(() => liveFrame(video, canvas), 500);
  }

  function stopLive() {
    liveSession += 1;  // a camera still opening is closed as soon as it opens
    opening = null;
    if (timer) clearInterval(timer);
    if (stream) stream.getTracks().forEach((track) => track.stop());
    timer = null;
    stream = null;
    liveBox.hidden = true;
    liveBox.replaceChildren();
    if (liveButton) {
      liveButton.textContent = t("live");
      liveButton.removeAttribute("aria-busy");
      liveButton.setAttribute("aria-pressed", "false");
    }
  }

  if (liveButton && window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
    liveButton.hidden = false;
    liveButton.setAttribute("aria-pressed", "false");
    liveButton.addEventListener("click", () => (cameraOn() ? stopLive() : startLive()));
  }

  // The table moved since the photo (a card played, the turn come round): each card's move is
  // asked again, so that a refusal that no longer holds ("not your turn") does not stay on
  // screen, and a card played meanwhile is told as such. Nothing is played by asking.
  let rechecks = 0;
  // the list on screen, not a photo being sent, an error, or a closed panel over it
  const listShown = (list) => current === list && !box.hidden && Boolean(box.querySelector(".scan-list"));
  document.addEventListener("tavolo:view", async (ev) => {
    const list = current;
    const v = ev.detail;
    if (!list || v.outcome || list.seq === undefined || list.seq === v.seq) return;
    if (!listShown(list) || pending) return;  // the next photo brings its own moves
    list.seq = v.seq;
    const asked = list.detections.filter((d) => !d.done && !d.extra_copy && (d.move || d.corrected));
    if (!asked.length) {
      // nothing to ask again, but on the table screen the seats still to play have changed: a
      // card added next is offered to those (a list opened while a joker's row was chosen
      // offered its owner alone); a phone plays for itself and has no such menu
      const waiting = [...(v.state.to_act || [])].sort((a, b) => a - b);
      if (v.me === null && String(waiting) !== String(list.waiting || [])) {
        list.waiting = waiting;
        show(list);
      }
      return;
    }
    const cards = asked.map((d) => d.card);
    // the table screen: each card judged for the seat it is given to (or the first to play)
    const seats = asked.map(seatOf);
    const mine = ++rechecks;
    let res;
    try {
      res = await askEngine(cards, seats);
    } catch (e) {
      return;  // no answer: the moves stay as they were, and are checked again when played
    }
    if (mine !== rechecks || !listShown(list) || !res.ok) return;
    list.waiting = res.body.waiting;
    asked.forEach((d, k) => {
      if (d.card !== cards[k]) return;  // corrected meanwhile: asked again when it is played
      if (seatOf(d) !== seats[k]) return;  // given another seat meanwhile: asked again for it
      // a seat that no longer has to play is given up, as a new photo gives it up
      if (d.seat !== undefined && d.seat !== null && !list.waiting.includes(d.seat)) {
        delete d.seat;
        delete d.seatChosen;
      }
      if (d.corrected) keepVerdict(d, d.card, seatOf(d), res.body.moves[k], res.body.seq);
      else if (res.body.moves[k]) d.move = res.body.moves[k];
      if (legalNow(d)) d.refused = null;  // refused when played, playable now: the refusal is past
    });
    if (list.proposal && !asked.some((d) => d.card === list.proposal && legalNow(d))) list.proposal = null;
    show(list);
  });

  // Once the game is over there is nothing left to scan: the camera stops, the result stays.
  document.addEventListener("tavolo:view", (ev) => {
    if (!ev.detail.outcome) return;
    if (cameraOn()) stopLive();
    forget();
    box.hidden = true;
    box.replaceChildren();
  });

  button.addEventListener("click", () => input.click());

  // The table screen enters the cards shown by hand, when the camera cannot (no camera on this
  // device, a card it keeps missing): the same list, with no photo, its picker open.
  const byHand = document.getElementById("by-hand-button");
  function offerByHand(view) {
    const ui = window.GAME_UI[view.game];
    byHand.hidden = !(view.me === null && view.host && ui && ui.hostByList && !view.outcome
                      && !view.state.known_hands);  // dealt by the app: only phones play
  }
  if (byHand) {
    document.addEventListener("tavolo:view", (ev) => offerByHand(ev.detail));
    if (T.view()) offerByHand(T.view());
    byHand.addEventListener("click", () => {
      if (cameraOn()) stopLive();
      supersede();  // a photo still being read would replace the list
      forget();  // what was done to an earlier list is not this one's
      const view = T.view();
      show({detections: [], width: 0, height: 0, byHand: true, adding: {card: ""}, seq: view.seq,
            waiting: [...view.state.to_act].sort((a, b) => a - b), kind: "play", codes: null});
    });
  }

  // A reading that outlasts this is given up, and the player told so: a phone on a weak
  // network must never wait behind "Reading the photo…" with no way out. The upload counts
  // too: a 10 MB photo takes 40 s at 2 Mbit/s.
  const SCAN_TIMEOUT_MS = 90000;

  function failed(message, why) {
    box.hidden = false;
    const p = document.createElement("p");
    p.className = "scan-error";
    p.setAttribute("role", "alert");
    p.textContent = message;
    if (why) p.append(" ", whyLink(why));
    box.replaceChildren(p, closer(t("close")));
    toast(message, why);
  }

  /* A button that empties and hides the panel (and runs ``then`` first; a ``then`` that has
     drawn something else in the panel returns true, and the panel stays). */
  function closer(label, then) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "big";
    close.textContent = label;
    close.addEventListener("click", () => {
      if (then && then() === true) return;
      box.hidden = true;
      box.replaceChildren();
    });
    return close;
  }

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    if (cameraOn()) stopLive();  // a photo chosen ends the live camera: its frames would replace it
    const before = current;  // what the player did to the list on screen is kept for the photo's
    const mine = supersede();  // the older photo's reading is no longer wanted
    hideToast();  // a message about an earlier photo is not about this one
    const request = new AbortController();
    pending = request;
    // The limit counts from the last sign of life: a big photo still leaving the phone is
    // not cut off while its bytes flow; the server's reading then has the whole limit.
    let giveUp = setTimeout(() => request.abort(), SCAN_TIMEOUT_MS);
    const shownURL = photoURL;  // the photo of the list on screen, until this one is read
    photoURL = URL.createObjectURL(file);
    // A photo that is refused, cannot be read or is given up leaves the list that was on
    // screen as it was (the player's corrections too), and says why in a toast.
    const keepList = (message, why) => {
      if (!before) return false;  // no list was on screen (or the panel was closed since)
      URL.revokeObjectURL(photoURL);
      photoURL = shownURL;
      show(before);
      if (message) toast(message, why);
      return true;
    };
    box.hidden = false;
    const progress = document.createElement("p");
    progress.textContent = t("scan_sending", {n: 0});
    let cancelled = false;  // the player gave up on this photo himself: nothing more to say
    box.replaceChildren(progress, closer(t("cancel"), () => {
      cancelled = true;
      request.abort();
      return keepList(null);
    }));
    // the progress is where the player looks: a phone scrolled to the top still sees it move
    box.scrollIntoView({behavior: "smooth", block: "nearest"});
    const form = new FormData();
    form.append("photo", await photoForUpload(file));
    if (mine !== scans || cancelled) return;  // another photo, or a cancel, while it was made smaller
    // On a slow uplink the player sees the photo leave, then the server read it.
    let told = 0;  // the share last told, in tens: a screen reader hears ten steps, not hundreds
    const sent = (share) => {
      if (mine !== scans || request.signal.aborted) return;
      clearTimeout(giveUp);
      giveUp = setTimeout(() => request.abort(), SCAN_TIMEOUT_MS);
      const tens = Math.floor(share * 10);
      if (share < 1 && tens === told) return;
      told = tens;
      progress.textContent = share < 1 ? t("scan_sending", {n: tens * 10}) : t("scan_reading");
    };
    try {
      const resp = await csrfUpload(`/api/tables/${T.tableId}/photos${T.asTable}`, form,
                                    {signal: request.signal, onSent: sent});
      if (mine !== scans) return;
      if (!resp.ok) {
        const why = resp.body && resp.body.why;
        if (!keepList(errorText(resp.body), why)) failed(errorText(resp.body), why);
        return;
      }
      if (shownURL) URL.revokeObjectURL(shownURL);
      show(carryOver(before, resp.body, false));
    } catch (e) {
      if (mine !== scans || cancelled) return;
      const message = request.signal.aborted ? t("scan_timeout") : t("network");
      if (!keepList(message)) failed(message);
    } finally {
      clearTimeout(giveUp);
      if (mine === scans) { pending = null; input.value = ""; }
    }
  });
})();
