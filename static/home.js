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
  function showRows() {
    const n = Number(count.value);
    rows.forEach((row, i) => { row.hidden = i >= n; });
  }
  function showGame() {
    // Each game's own number of seats; Oscuri plays for chips.
    const opt = gameSel.selectedOptions[0];
    const lo = Number(opt.dataset.min), hi = Number(opt.dataset.max);
    for (const o of count.options) o.disabled = Number(o.value) < lo || Number(o.value) > hi;
    if (count.selectedOptions[0].disabled) count.value = String(Math.max(lo, Math.min(hi, 3)));
    stakeRow.hidden = gameSel.value !== "oscuri" && gameSel.value !== "diavolo";
    kaiserRows.hidden = gameSel.value !== "kaiserspiel";
    showRows();
  }
  function showPack() {
    // An Italian deck has no 8s and 9s: only the 40-card game.
    const italian = packSel.value === "italian";
    deckSel.options[1].disabled = italian;
    if (italian) deckSel.value = "40";
  }
  packSel.addEventListener("change", showPack);
  showPack();
  count.addEventListener("change", showRows);
  gameSel.addEventListener("change", showGame);
  showGame();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const n = Number(count.value);
    const players = rows.slice(0, n).map((row) => row.querySelector("input").value.trim() || null);
    const hands = form.querySelector("input[name=hands]:checked").value;
    const game = document.getElementById("game").value;
    const options = {hands};
    if (game === "oscuri" || game === "diavolo") options.stake = Number(document.getElementById("stake").value) || 1;
    if (game === "kaiserspiel") { options.pack = packSel.value; options.deck = Number(deckSel.value); }
    const res = await postJSON("/api/tables", {game, players, options});
    if (!res.ok) { toast(errorText(res.body)); return; }
    window.location.href = "/t/" + res.body.table_id;
  });
})();
