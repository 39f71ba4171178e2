/* Home page: create a table through the API, then open its table screen. */
"use strict";
(function () {
  const form = document.getElementById("create");
  const count = document.getElementById("count");
  const rows = Array.from(document.querySelectorAll("#names .name-row"));
  const gameSel = document.getElementById("game");
  const stakeRow = document.getElementById("stake-row");
  const kaiserRows = document.getElementById("kaiser-rows");
  const packSel = document.getElementById("pack");
  const deckSel = document.getElementById("deck");
  const insonniaRow = document.getElementById("insonnia-row");
  const inDeckSel = document.getElementById("in-deck");
  const inVariantSel = document.getElementById("in-variant");
  const dealerRow = document.getElementById("dealer-row");
  const dealerSel = document.getElementById("dealer");
  // The games where the table chooses who deals first (Kaiserspiel K2, Insonnia I3; at a
  // Diavolo table the players' own lot), or who leads first (Oscuri: the real cut's winner).
  // Left at "draw by lot", the app draws.
  const CHOOSE_DEALER = new Set(["kaiserspiel", "insonnia", "diavolo", "oscuri"]);
  const FIRST_OPTION = {oscuri: "leader"};
  function showDealers() {
    const n = Number(count.value);
    for (const o of dealerSel.options) {
      if (o.dataset.seat === undefined) continue;
      const i = Number(o.dataset.seat);
      o.hidden = o.disabled = i >= n;
      const typed = rows[i] ? rows[i].querySelector("input").value.trim() : "";
      o.textContent = typed ? `${i + 1} · ${typed}` : t("seat_n", {n: i + 1});
    }
    if (dealerSel.selectedOptions[0] && dealerSel.selectedOptions[0].disabled) dealerSel.value = "";
  }
  function showRows() {
    const n = Number(count.value);
    rows.forEach((row, i) => { row.hidden = i >= n; });
    showDealers();
  }
  rows.forEach((row) => row.querySelector("input").addEventListener("input", showDealers));
  function showGame() {
    // Each game's own number of seats; Oscuri plays for chips.
    const opt = gameSel.selectedOptions[0];
    const insonnia = gameSel.value === "insonnia";
    const lo = Number(opt.dataset.min);
    // Insonnia: each deck has its own most players (two French decks: fewer cards).
    const hi = Math.min(Number(opt.dataset.max), insonnia ? Number(inDeckSel.selectedOptions[0].dataset.max) : 99);
    for (const o of count.options) o.disabled = Number(o.value) < lo || Number(o.value) > hi;
    if (count.selectedOptions[0].disabled) count.value = String(Math.max(lo, Math.min(hi, 3)));
    stakeRow.hidden = gameSel.value !== "oscuri" && gameSel.value !== "diavolo";
    kaiserRows.hidden = gameSel.value !== "kaiserspiel";
    dealerRow.hidden = !CHOOSE_DEALER.has(gameSel.value);
    const leads = FIRST_OPTION[gameSel.value] === "leader";
    // data-t too: the page's own pass over its texts must not put the dealer's words back.
    for (const [el, key] of [[dealerRow.querySelector("label"), leads ? "leader_first" : "dealer_first"],
                             [dealerSel.options[0], leads ? "leader_cut" : "dealer_lot"]]) {
      el.dataset.t = key;
      el.textContent = t(key);
    }
    insonniaRow.hidden = !insonnia;
    document.getElementById("in-deck-hint").textContent = t("in_deck_hint_" + inDeckSel.value);
    document.getElementById("in-variant-hint").textContent = t("in_variant_hint_" + inVariantSel.value);
    showRows();
  }
  // The enrolled decks the camera could read this table's cards with.
  const cameraRow = document.getElementById("camera-row");
  const cameraSel = document.getElementById("camera");
  let enrolled = [];
  function cameraKinds() {
    if (gameSel.value === "diavolo") return ["tarot78"];
    if (gameSel.value !== "kaiserspiel") return [];
    const forty = deckSel.value === "40";
    return {tarot: ["tarot78"], italian: ["kaiser40"], french: ["french54"],
            swiss: forty ? ["kaiser48", "kaiser40"] : ["kaiser48"]}[packSel.value] || [];
  }
  function showCamera() {
    const kinds = cameraKinds();
    cameraRow.hidden = !kinds.length;
    const chosen = cameraSel.value;
    cameraSel.replaceChildren();
    const none = document.createElement("option");
    none.value = "";
    none.textContent = t("camera_none");
    cameraSel.append(none);
    for (const d of enrolled.filter((d) => kinds.includes(d.kind))) {
      const o = document.createElement("option");
      o.value = d.name;
      o.textContent = d.name;
      o.selected = d.name === chosen;
      cameraSel.append(o);
    }
  }
  fetch("/api/decks", {credentials: "same-origin"}).then((r) => r.json())
    .then((body) => { enrolled = body.decks; showCamera(); }).catch(() => {});
  function showPack() {
    // An Italian deck has no 8s and 9s: only the 40-card game.
    const italian = packSel.value === "italian";
    deckSel.options[1].disabled = italian;
    if (italian) deckSel.value = "40";
    showCamera();
  }
  packSel.addEventListener("change", showPack);
  deckSel.addEventListener("change", showCamera);
  gameSel.addEventListener("change", showCamera);
  showPack();
  count.addEventListener("change", showRows);
  gameSel.addEventListener("change", showGame);
  inDeckSel.addEventListener("change", showGame);
  inVariantSel.addEventListener("change", showGame);
  showGame();
  let creating = false;  // a double tap creates one table, not two
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (creating) return;
    const n = Number(count.value);
    const players = rows.slice(0, n).map((row) => row.querySelector("input").value.trim() || null);
    const hands = form.querySelector("input[name=hands]:checked").value;
    const game = document.getElementById("game").value;
    const options = {hands};
    if (game === "oscuri" || game === "diavolo") options.stake = Number(document.getElementById("stake").value) || 1;
    if (game === "kaiserspiel") { options.pack = packSel.value; options.deck = Number(deckSel.value); }
    if (CHOOSE_DEALER.has(game) && dealerSel.value !== "")
      options[FIRST_OPTION[game] || "dealer"] = Number(dealerSel.value);
    if (game === "insonnia") {
      options.deck = inDeckSel.value;
      options.variant = inVariantSel.value;
    }
    const body = {game, players, options};
    if (!cameraRow.hidden && cameraSel.value) body.camera = cameraSel.value;
    if (!document.getElementById("hints-allowed").checked) body.hints = false;
    const submit = form.querySelector("button[type=submit]");
    creating = true;
    submit.disabled = true;
    let res;
    try {
      res = await postJSON("/api/tables", body);
    } catch (e) {
      res = {ok: false, body: null};
    }
    if (!res.ok) {
      creating = false;  // refused or unreachable: the form stays as it was, to try again
      submit.disabled = false;
      toast(errorText(res.body));
      return;
    }
    window.location.href = "/t/" + res.body.table_id;
  });
})();
