/* A practice table on the player's phone: the bots' names, the switch that shows their
   cards, and "take back my last move" (with the bots' moves after it). table.js announces
   every new view with a "tavolo:view" event. */
"use strict";
(function () {
  const box = document.getElementById("practice");
  if (!box) return;

  /* A bot's card as the game names it in a sentence: by the game's own ``cardText`` where it
     has one (Insonnia's sheep: "rossa 9", "recinto"), else by its face ("10♥", "Jolly rosso"). */
  function label(code, game) {
    const ui = window.GAME_UI && window.GAME_UI[game];
    if (ui && ui.cardText) return ui.cardText(code);
    return typeof drawable === "function" && drawable(code) ? cardLabel(code) : code;
  }

  async function post(path, payload) {
    const app = window.TAVOLO;
    try {
      const res = await postJSON(`/api/tables/${app.tableId}/${path}`, payload);
      if (res.ok) app.render(res.body); else toast(errorText(res.body));
      return res.ok;
    } catch (e) {
      toast(t("network"));
      return false;
    }
  }

  function render(v) {
    const p = v.practice;
    box.hidden = !p || v.me === null;
    if (box.hidden) return;
    // The host's tools of a real table mean nothing here: the ordinary undo takes back one move
    // (often a bot's; the player's own undo is below), no phone but the player's has a seat to
    // free or another device to hand the tools to (and hints stay: teach.js).
    for (const id of ["undo", "undo-why", "seat-admin", "record-later", "host-link-box"]) {
      const el = document.getElementById(id);
      if (el) el.hidden = true;
    }
    const goal = document.createElement("p");  // what the game is for, before anything else
    goal.className = "pr-goal";
    goal.textContent = p.goal ? (p.goal[LANG] || p.goal.en) : "";
    const note = document.createElement("p");
    note.className = "hint";
    // a game whose rounds all choose at once (Quinta): the bots have chosen before the player does
    const together = Boolean((window.GAME_UI[v.game] || {}).together);
    note.textContent = t(together ? "pr_bots_together" : "pr_bots", {who: p.bots.map((s) => v.names[s]).join(", ")});
    const switchLabel = document.createElement("label");
    switchLabel.className = "radio";
    const toggle = document.createElement("input");
    toggle.type = "checkbox";
    toggle.id = "show-bots";
    toggle.checked = p.show_bots;
    toggle.addEventListener("change", async () => {
      toggle.disabled = true;
      if (!await post("show-bots", {show: toggle.checked})) toggle.checked = !toggle.checked;
      toggle.disabled = false;
    });
    const text = document.createElement("span");
    text.textContent = t("pr_show");
    switchLabel.append(toggle, text);
    const back = document.createElement("button");
    back.type = "button";
    back.id = "rewind";
    back.className = "big";
    back.textContent = t("pr_rewind");
    back.disabled = !p.can_rewind;
    back.addEventListener("click", async () => {
      back.disabled = true;
      if (await post("rewind", {})) toast(t("pr_rewound"));
    });
    const parts = [goal, note, switchLabel, back];
    if (p.hands) {
      const h = document.createElement("h3");
      h.textContent = t("pr_hands");
      const list = document.createElement("ul");
      list.className = "bot-hands";
      const named = (code) => label(code, v.game);
      const hands = p.hands.map((hand) => (hand.cards || []).map(named));
      // names of more than one word ("rossa 9", "Jolly rosso"): a comma keeps them apart, in
      // every bot's hand alike, so that the hands read the same way one under the other
      const gap = hands.some((names) => names.some((n) => n.includes(" "))) ? ", " : " ";
      p.hands.forEach((hand, k) => {
        const names = hands[k];
        const li = document.createElement("li");
        const who = document.createElement("strong");
        who.textContent = v.names[hand.seat] + ": ";
        const cards = document.createElement("span");
        cards.textContent = names.length ? names.join(gap) : t("pr_no_cards");
        li.append(who, cards);
        if (hand.chosen) {
          const chosen = document.createElement("em");
          chosen.textContent = " (" + t("pr_chosen", {card: named(hand.chosen)}) + ")";
          li.append(chosen);
        }
        list.append(li);
      });
      parts.push(h, list);
    }
    box.replaceChildren(...parts);
  }

  document.addEventListener("tavolo:view", (ev) => render(ev.detail));
})();
