/* Teaching at the table: the rule book link, the Hints button and the host's hints switch. */
"use strict";
(function () {
  const app = document.getElementById("app");
  const tableId = app.dataset.table;
  const rulesLink = document.getElementById("rules-link");
  const button = document.getElementById("hints-button");
  const panel = document.getElementById("hints");
  const hostSwitch = document.getElementById("hints-switch");
  let view = null;
  let open = false;

  function moveLine(m) {
    const li = document.createElement("li");
    if (m.card && view && view.game !== "insonnia") {
      const strong = document.createElement("strong");
      strong.textContent = cardLabel(m.card) + " ";
      li.append(strong);
    }
    li.append(m[LANG] || m.en);
    return li;
  }

  async function load() {
    const resp = await fetch(`/api/tables/${tableId}/hints`, {credentials: "same-origin"});
    let body = null;
    try { body = await resp.json(); } catch (e) { body = null; }
    if (!resp.ok) { open = false; panel.hidden = true; showError(body); drawButton(); return; }
    const list = document.createElement("ul");
    list.append(...body.moves.map(moveLine));
    const parts = [];
    if (body.note) {
      const p = document.createElement("p");
      p.className = "hint";
      p.textContent = body.note[LANG] || body.note.en;
      parts.push(p);
    }
    if (body.moves.length) parts.push(list);
    else if (!body.note) parts.push(document.createTextNode(t("hints_none")));
    panel.replaceChildren(...parts);
    panel.hidden = false;
  }

  function drawButton() {
    // on a player's own page, when the host allows hints and the app knows the hand to hint at
    const player = view && view.me !== null && view.me !== undefined && app.dataset.role === "player"
      && view.hints_work;
    button.hidden = !player || !view.hints;
    button.textContent = open ? t("hints_hide") : t("hints");
    button.setAttribute("aria-expanded", open ? "true" : "false");
    if (!player || !view.hints) { open = false; panel.hidden = true; }
    if (hostSwitch) {
      hostSwitch.hidden = !(view && view.host) || Boolean(view.practice);  // practice is for hints
      hostSwitch.textContent = view && view.hints ? t("hints_off_now") : t("hints_on_now");
    }
  }

  button.addEventListener("click", () => {
    open = !open;
    drawButton();
    if (open) load(); else panel.hidden = true;
  });

  if (hostSwitch) {
    hostSwitch.addEventListener("click", async () => {
      const res = await postJSON(`/api/tables/${tableId}/hints`, {on: !view.hints, seq: view.seq});
      if (res.ok) {
        view = res.body;
        toast(view.hints ? t("hints_on_now") + " ✓" : t("hints_off_state"));
        drawButton();
      } else showError(res.body);
    });
  }

  document.addEventListener("tavolo:view", (ev) => {
    const seqChanged = !view || view.seq !== ev.detail.seq;
    view = ev.detail;
    if (view.outcome) { open = false; panel.hidden = true; }  // no moves left to hint at
    rulesLink.href = `/rules/${view.game}`;
    drawButton();
    if (open && seqChanged) load();  // the moves change with the table
  });
})();
