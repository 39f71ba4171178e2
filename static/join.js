/* Join page: list the seats, take one, then open the phone view. */
"use strict";
(function () {
  const root = document.getElementById("join");
  const tableId = root.dataset.table;
  const list = document.getElementById("seat-list");
  async function take(seat, nameInput) {
    // The row may have been drawn again while the name was typed: what was typed counts.
    const name = nameInput ? (nameInput.value || typed[seat] || "").trim() : null;
    if (nameInput && !name) { toast(t("name_needed")); nameInput.focus(); return; }
    const res = await postJSON(`/api/tables/${tableId}/seats`, {seat, name});
    if (!res.ok) { toast(errorText(res.body)); load(); return; }
    window.location.href = "/play/" + tableId;
  }
  async function load() {
    const resp = await fetch(`/api/tables/${tableId}/state`, {credentials: "same-origin"});
    show(await resp.json());
  }
  const typed = {};  // names being typed survive a live redraw
  let drawn = "";  // the seats as last drawn: an update that changes none draws nothing
  function show(view) {
    const seats = JSON.stringify(view.seats);
    if (seats === drawn) return;
    drawn = seats;
    const focused = document.activeElement && document.activeElement.dataset.seat;
    // a full table: say what to do (the host frees a lost phone's seat), not only "taken"
    document.getElementById("all-taken").hidden = !view.seats.every((seat) => seat.joined);
    list.replaceChildren();
    for (const seat of view.seats) {
      const row = document.createElement("div");
      row.className = "seat-row";
      const named = seat.named;
      const label = document.createElement("span");
      label.className = "seat-name";
      label.textContent = named ? seat.name : `${seat.seat + 1}. ${t("open_seat")}`;
      row.append(label);
      let input = null;
      if (!named && !seat.joined) {
        input = document.createElement("input");
        input.maxLength = 24;
        input.setAttribute("aria-label", t("your_name"));
        input.placeholder = t("your_name");
        input.dataset.seat = String(seat.seat);
        input.value = typed[seat.seat] || "";
        input.addEventListener("input", () => { typed[seat.seat] = input.value; });
        row.append(input);
        if (focused === String(seat.seat)) input.focus();
      }
      const btn = document.createElement("button");
      btn.className = "big primary";
      btn.type = "button";
      btn.disabled = seat.joined;
      btn.textContent = seat.joined ? t("taken") : t("take_seat");
      btn.setAttribute("aria-label", `${t("take_seat")}: ${named ? seat.name : seat.seat + 1}`);
      btn.addEventListener("click", () => take(seat.seat, input));
      row.append(btn);
      list.append(row);
    }
  }
  // Seats taken meanwhile show up live (live.js: opened again after any break).
  load().then(() => followLive(`/api/tables/${tableId}/events`, {state: show}));
})();
