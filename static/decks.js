/* Decks: the enrolled decks, and teaching the camera a new one from the phone.
   The player lays a few cards out face up and upright in a grid, photographs them;
   the server cuts each card out in reading order and labels it; the player fixes a
   label if needed, keeps them, goes on; at the end the faces are learnt and stored. */
"use strict";
(function () {
  const BATCH = 8;
  const list = document.getElementById("deck-list");
  const importInput = document.getElementById("import-file");
  const start = document.getElementById("enrol-start");
  const step = document.getElementById("enrol-step");
  const progress = document.getElementById("dk-progress");
  const lay = document.getElementById("dk-lay");
  const shoot = document.getElementById("dk-shoot");
  const photo = document.getElementById("dk-photo");
  const foundText = document.getElementById("dk-found");
  const facesBox = document.getElementById("dk-faces");
  const keep = document.getElementById("dk-keep");
  const skip = document.getElementById("dk-skip");
  const save = document.getElementById("dk-save");
  let kinds = {};
  let names = {};  // kind -> code -> {en, it}: the card as its players call it
  let job = null;  // {name, kind, codes, next, faces: {code: [dataURL]}, cut: [...], add}
  let stored = [];  // the decks stored, as last listed

  function spoken(code) {
    const own = job && names[job.kind] && names[job.kind][code];
    return own ? own[LANG] : cardLabel(code);
  }
  function label(code) { return code + " · " + spoken(code); }

  async function loadDecks() {
    const resp = await fetch("/api/decks", {credentials: "same-origin"});
    const body = await resp.json();
    kinds = body.kinds;
    names = body.names || {};
    stored = body.decks;
    list.replaceChildren();
    if (!body.decks.length) {
      const li = document.createElement("li");
      li.textContent = t("dk_none");
      list.append(li);
    }
    for (const d of body.decks) {
      const li = document.createElement("li");
      li.className = "deck-row";
      const name = document.createElement("strong");
      name.textContent = d.name;
      const info = document.createElement("span");
      info.textContent = " " + t("dk_row", {kind: t("dk_kind_" + d.kind), n: d.cards});
      const link = document.createElement("a");
      link.href = "/api/decks/" + encodeURIComponent(d.name) + "/file";
      link.textContent = t("dk_export");
      li.append(name, info, " ", link);
      // a deck saved before every card was taught: it learns the rest under its own name
      const whole = (kinds[d.kind] || []).length;
      if (d.cards < whole) {
        const more = document.createElement("button");
        more.type = "button";
        more.className = "dk-more";
        more.textContent = t("dk_teach_rest", {n: whole - d.cards});
        more.addEventListener("click", () => teachRest(d));
        li.append(" ", more);
      }
      list.append(li);
    }
  }

  async function teachRest(d) {
    const resp = await fetch("/api/decks/" + encodeURIComponent(d.name), {credentials: "same-origin"});
    const body = await resp.json().catch(() => null);
    if (!resp.ok) { toast(errorText(body)); loadDecks(); return; }
    job = {name: d.name, kind: d.kind, codes: body.missing, next: 0, faces: {}, cut: [], add: true};
    start.hidden = true;
    step.hidden = false;
    showStep();
    step.scrollIntoView({block: "start"});
  }

  importInput.addEventListener("change", async () => {
    const file = importInput.files[0];
    if (!file) return;
    const resp = await csrfFetch("/api/decks/import", {method: "POST",
      headers: {"Content-Type": "application/octet-stream"}, body: file});
    const body = await resp.json().catch(() => null);
    importInput.value = "";
    if (!resp.ok) { toast(errorText(body)); return; }
    toast(t("dk_imported", {name: body.name}));
    loadDecks();
  });

  function batch() { return job.codes.slice(job.next, job.next + BATCH); }

  function showStep() {
    const have = Object.keys(job.faces).length;
    progress.textContent = t("dk_progress", {name: job.name, have, n: job.codes.length});
    const codes = batch();
    facesBox.replaceChildren();
    foundText.textContent = "";
    keep.hidden = true;
    if (!codes.length) {
      lay.textContent = t("dk_all_done");
      shoot.hidden = true;
      skip.hidden = true;
      save.className = "big primary";
      return;
    }
    lay.textContent = t("dk_lay", {n: codes.length, cards: codes.map(spoken).join(", ")});
    lay.dataset.codes = codes.join(" ");
    shoot.hidden = false;
    skip.hidden = false;
  }

  start.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const kind = document.getElementById("dk-kind").value;
    const name = document.getElementById("dk-name").value.trim();
    if (!name) return;
    // told now, not after every card has been photographed
    if (stored.some((d) => d.name === name)) { toast(t("dk_exists", {name})); return; }
    job = {name, kind, codes: kinds[kind] || [], next: 0, faces: {}, cut: [], add: false};
    start.hidden = true;
    step.hidden = false;
    showStep();
  });

  shoot.addEventListener("click", () => photo.click());
  photo.addEventListener("change", async () => {
    const file = photo.files[0];
    if (!file) return;
    hideToast();  // a message about an earlier photo is not about this one
    foundText.textContent = t("scan_reading");
    const form = new FormData();
    form.append("photo", await photoForUpload(file));
    form.append("codes", batch().join(" "));
    const resp = await csrfFetch("/api/decks/cut", {method: "POST", body: form});
    const body = await resp.json().catch(() => null);
    photo.value = "";
    // a photo refused: said where the photo's result goes, and stays there until the next one
    if (!resp.ok) { foundText.textContent = errorText(body); return; }
    job.cut = body.faces;
    foundText.textContent = body.found === 0 ? t("dk_found_none")
      : body.found === body.expected ? t("dk_found_all", {n: body.found})
      : t("dk_found_some", {n: body.found, m: body.expected});
    facesBox.replaceChildren();
    job.cut.forEach((face, i) => {
      const li = document.createElement("li");
      li.className = "dk-face";
      const img = document.createElement("img");
      img.src = face.image;
      img.alt = face.code ? label(face.code) : t("dk_unlabelled");
      const sel = document.createElement("select");
      sel.setAttribute("aria-label", t("correct_card"));
      const none = document.createElement("option");
      none.value = "";
      none.textContent = t("dk_drop");
      sel.append(none);
      for (const code of job.codes) {
        const o = document.createElement("option");
        o.value = code;
        o.textContent = label(code);
        o.selected = code === face.code;
        sel.append(o);
      }
      // a select shows its choice cut to its width: the whole name is written under the face
      const named = document.createElement("p");
      named.className = "dk-face-name";
      const say = () => { named.textContent = sel.value ? label(sel.value) : t("dk_drop"); };
      say();
      sel.addEventListener("change", () => { job.cut[i].code = sel.value || null; say(); });
      li.append(img, named, sel);
      facesBox.append(li);
    });
    keep.hidden = !job.cut.length;
  });

  keep.addEventListener("click", () => {
    const codes = job.cut.map((f) => f.code).filter(Boolean);
    if (new Set(codes).size !== codes.length) { toast(t("dk_twice")); return; }
    for (const f of job.cut) if (f.code) job.faces[f.code] = [f.image];
    job.cut = [];
    job.next += BATCH;
    showStep();
  });
  skip.addEventListener("click", () => { job.next += BATCH; showStep(); });

  save.addEventListener("click", async () => {
    if (!job || !Object.keys(job.faces).length) { toast(t("dk_nothing")); return; }
    save.disabled = true;
    const res = await postJSON("/api/decks", {name: job.name, kind: job.kind, faces: job.faces, add: job.add});
    save.disabled = false;
    if (!res.ok) { toast(errorText(res.body)); return; }
    toast(t("dk_saved", {name: res.body.name, n: res.body.cards}) +
          (res.body.missing.length ? " " + t("dk_missing", {n: res.body.missing.length}) : ""));
    job = null;
    step.hidden = true;
    start.hidden = false;
    start.reset();
    loadDecks();
  });

  loadDecks();
})();
