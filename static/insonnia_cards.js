/* Insonnia's card faces: a sheep shows its number, its colour and a shape of its own for that
   colour (circle, star, triangle, square, cross, as printed; the French suits keep theirs), so
   colour-blind players tell them apart. Fences and confused sheep have faces of their own;
   French cards show what they stand for, with the card to look for on the table. */
"use strict";
window.INSONNIA_CARDS = (function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const COLOURS = {printed: ["R", "Y", "G", "B", "P"], french: ["H", "D", "C", "S"]};
  // The same symbol and colour as the printed deck (companion/deckart.py), so that a
  // colour-blind player matches the screen to the card in his hand.
  const SHAPES = {R: "circle", Y: "star", G: "triangle", B: "square", P: "cross"};
  const SUIT_GLYPH = {H: "♥", D: "♦", C: "♣", S: "♠"};
  const SPECIALS = {printed: ["F", "X"], french: ["KH", "KD", "KC", "KS", "JK1", "JK2"]};

  // ---- what a code is ------------------------------------------------------------------
  function kindOf(code) {
    if (code === "F" || /^K[SHDC]$/.test(code)) return {role: "fence"};
    if (code === "X" || code === "JK1" || code === "JK2") return {role: "confused"};
    let m = /^([RYGBP])(10|[1-9])$/.exec(code);
    if (m) return {role: "sheep", colour: m[1], number: Number(m[2])};
    m = /^(A|10|[2-9])([SHDC])$/.exec(code);
    if (m) return {role: "sheep", colour: m[2], number: m[1] === "A" ? 1 : Number(m[1])};
    return {role: "unknown"};
  }
  const roleOf = (code) => (code ? kindOf(code).role : "");
  const french = (code) => !/^([RYGBP]\d+|F|X)$/.test(code);
  function colourName(c) { return SHAPES[c] ? t("in_col_" + c) : t("suit_" + c); }

  function cardName(code) {
    const k = kindOf(code);
    if (!french(code)) {
      if (k.role === "fence") return t("in_fence");
      if (k.role === "confused") return t("in_confused");
      return t("in_sheep", {colour: colourName(k.colour), n: k.number});
    }
    const what = k.role === "sheep" ? t("in_sheep_n", {n: k.number}) : t("in_" + k.role);
    return `${cardSpeech(code)}: ${what}`;
  }
  function shortName(code) {
    // For sentences: "red 7", "7♥", "A♥ (1)", "fence (K♠)".
    const k = kindOf(code);
    if (k.role === "sheep" && !french(code)) return t("in_short", {colour: colourName(k.colour), n: k.number});
    if (k.role === "sheep") return cardLabel(code) + (code[0] === "A" ? " (1)" : "");
    return t("in_" + k.role) + (french(code) ? ` (${physical(code)})` : "");
  }
  function physical(code) {
    return code.startsWith("JK") ? (code === "JK1" ? "JK ★" : "JK ☆") : cardLabel(code);
  }

  function svg(children, cls) {
    const el = document.createElementNS(SVGNS, "svg");
    el.setAttribute("viewBox", "0 0 24 24");
    el.setAttribute("class", cls);
    el.setAttribute("aria-hidden", "true");
    for (const [tag, attrs] of children) {
      const c = document.createElementNS(SVGNS, tag);
      for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
      el.append(c);
    }
    return el;
  }
  function shape(colour) {
    const s = SHAPES[colour];
    if (!s) {
      const span = document.createElement("span");
      span.className = "in-sym suit";
      span.setAttribute("aria-hidden", "true");
      span.textContent = SUIT_GLYPH[colour];
      return span;
    }
    const part = {
      circle: ["circle", {cx: 12, cy: 12, r: 9.5}],
      triangle: ["polygon", {points: "12,2 22.5,21 1.5,21"}],
      square: ["rect", {x: 3, y: 3, width: 18, height: 18}],
      diamond: ["polygon", {points: "12,1 23,12 12,23 1,12"}],
      star: ["polygon", {points: "12,1.5 14.6,8.8 22.5,9 16.2,13.8 18.5,21.5 12,17 5.5,21.5 7.8,13.8 1.5,9 9.4,8.8"}],
      cross: ["polygon", {points: "8,2 16,2 16,8 22,8 22,16 16,16 16,22 8,22 8,16 2,16 2,8 8,8"}],
    }[s];
    return svg([part], "in-sym");
  }
  function fenceIcon() {
    const parts = [];
    for (const x of [2.5, 9.5, 16.5]) parts.push(["polygon", {points: `${x},7 ${x + 2.5},3 ${x + 5},7 ${x + 5},22 ${x},22`}]);
    parts.push(["rect", {x: 1, y: 9, width: 22, height: 3}], ["rect", {x: 1, y: 16, width: 22, height: 3}]);
    return svg(parts, "in-fence-icon");
  }

  /* One card face; ``size`` is slot | hand | pick | mini. */
  function face(code, size, button) {
    const k = kindOf(code);
    const el = document.createElement(button ? "button" : "span");
    if (button) el.type = "button";
    el.className = `in-card sz-${size} ` + (k.role === "sheep" ? `sheep col-${k.colour}` : k.role);
    el.dataset.card = code;
    if (!button) el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(code));
    const body = [];
    if (k.role === "sheep") {
      const num = document.createElement("span");
      num.className = "in-num";
      num.textContent = String(k.number);
      body.push(num, shape(k.colour));
    } else if (k.role === "fence") {
      body.push(fenceIcon());
    } else {
      const q = document.createElement("span");
      q.className = "in-num";
      q.textContent = "?";
      body.push(q);
    }
    // French cards: the card to look for on the table, when it is not the number itself.
    if (french(code) && !/^(10|[2-9])[SHDC]$/.test(code) && size !== "mini") {
      const tag = document.createElement("span");
      tag.className = "in-tag";
      tag.textContent = physical(code);
      body.push(tag);
    }
    if (size === "hand" && k.role !== "sheep") {
      const word = document.createElement("span");
      word.className = "in-word";
      word.textContent = k.role === "fence" ? t("in_fence") : t("in_confused_short");
      body.push(word);
    }
    for (const b of body) { if (b.setAttribute) b.setAttribute("aria-hidden", "true"); el.append(b); }
    return el;
  }

  return {COLOURS, SPECIALS, kindOf, roleOf, french, colourName, cardName, shortName, shape, fenceIcon, face};
})();
