/* Home page: create a table through the API, then open its table screen. */
"use strict";
(function () {
  const form = document.getElementById("create");
  const count = document.getElementById("count");
  const rows = Array.from(document.querySelectorAll("#names .name-row"));
  function showRows() {
    const n = Number(count.value);
    rows.forEach((row, i) => { row.hidden = i >= n; });
  }
  count.addEventListener("change", showRows);
  showRows();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const n = Number(count.value);
    const players = rows.slice(0, n).map((row) => row.querySelector("input").value.trim() || null);
    const hands = form.querySelector("input[name=hands]:checked").value;
    const game = document.getElementById("game").value;
    const res = await postJSON("/api/tables", {game, players, options: {hands}});
    if (!res.ok) { toast(errorText(res.body)); return; }
    window.location.href = "/t/" + res.body.table_id;
  });
})();
