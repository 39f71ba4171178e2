/* Home page: create a table through the API, then open its table screen. */
"use strict";
(function () {
  const form = document.getElementById("create");
  const count = document.getElementById("count");
  const rows = Array.from(document.querySelectorAll("#names .name-row"));
  const gameSel = document.getElementById("game");
  const stakeRow = document.getElementById("stake-row");
  const insonniaRow = document.getElementById("insonnia-row");
  const deckSel = document.getElementById("deck");
  const variantSel = document.getElementById("variant");
  function showRows() {
    const n = Number(count.value);
    rows.forEach((row, i) => { row.hidden = i >= n; });
  }
  function showGame() {
    // Each game's own number of seats; Oscuri plays for chips.
    const opt = gameSel.selectedOptions[0];
    const insonnia = gameSel.value === "insonnia";
    const lo = Number(opt.dataset.min);
    // Insonnia: each deck has its own most players (two French decks: fewer cards).
    const hi = Math.min(Number(opt.dataset.max), insonnia ? Number(deckSel.selectedOptions[0].dataset.max) : 99);
    for (const o of count.options) o.disabled = Number(o.value) < lo || Number(o.value) > hi;
    if (count.selectedOptions[0].disabled) count.value = String(Math.max(lo, Math.min(hi, 3)));
    stakeRow.hidden = gameSel.value !== "oscuri" && gameSel.value !== "diavolo";
    insonniaRow.hidden = !insonnia;
    document.getElementById("deck-hint").textContent = t("in_deck_hint_" + deckSel.value);
    document.getElementById("variant-hint").textContent = t("in_variant_hint_" + variantSel.value);
    showRows();
  }
  count.addEventListener("change", showRows);
  gameSel.addEventListener("change", showGame);
  deckSel.addEventListener("change", showGame);
  variantSel.addEventListener("change", showGame);
  showGame();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const n = Number(count.value);
    const players = rows.slice(0, n).map((row) => row.querySelector("input").value.trim() || null);
    const hands = form.querySelector("input[name=hands]:checked").value;
    const game = document.getElementById("game").value;
    const options = {hands};
    if (game === "oscuri" || game === "diavolo") options.stake = Number(document.getElementById("stake").value) || 1;
    if (game === "insonnia") {
      options.deck = deckSel.value;
      options.variant = variantSel.value;
    }
    const res = await postJSON("/api/tables", {game, players, options});
    if (!res.ok) { toast(errorText(res.body)); return; }
    window.location.href = "/t/" + res.body.table_id;
  });
})();
