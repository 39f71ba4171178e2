/* Kaiserspiel's scoreboard drawn as a slate: a dark board, chalk strokes, one side per team.
   The marks come from the server (companion/games/tally.py): each string is one won hand,
   or a total drawn canonically. L a long line (4), H a hook (3), X a line crossing the
   long line (3), S a short line (1). The numbers are always written beside the marks and
   said in the figure's text alternative. A long line carries at most MAX_CROSSES crossing
   lines drawn one by one; a hand raised further shows one crossing line and their number
   written under the long line ("×8"), as a scorer would rather than chalking a solid block. */
"use strict";
const TALLY = (function () {
  const NS = "http://www.w3.org/2000/svg";
  const W = 360, SIDE = W / 2, PAD = 14, TOP = 76, ROW = 58, LONG = 44, SHORT = 18;
  const STEP = {L: 10, H: 14, S: 9, X: 0};
  const GAP = 18;  // between two hands
  const MAX_CROSSES = 4;  // crossing lines one long line shows one by one
  let boards = 0;

  function el(name, attrs, text) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A hand-drawn wobble that is the same at every redraw (no flicker on live updates).
  function wobble(seed) {
    const x = Math.sin(seed * 12.9898) * 43758.5453;
    return (x - Math.floor(x) - 0.5) * 1.6;
  }

  function crossings(cluster) {
    let n = 0;
    for (const m of cluster) if (m === "X") n += 1;
    return n;
  }

  function width(cluster) {
    let w = 0;
    for (const m of cluster) w += STEP[m];
    return w;
  }

  /* Where each mark goes: clusters left to right, wrapping to a new row; a cluster wider
     than a row (a large total drawn canonically) is cut, by fives of long lines. */
  function layout(side) {
    const inner = SIDE - 2 * PAD;
    const placed = [];
    let x = 0, row = 0;
    side.forEach((cluster, c) => {
      if (x > 0 && x + width(cluster) > inner) { x = 0; row += 1; }
      let longs = 0, lastL = null;
      for (const m of cluster) {
        if (m === "L" && longs > 0 && longs % 5 === 0) x += 5;  // count long lines by fives
        if (STEP[m] && x + STEP[m] > inner + 2) { x = 0; row += 1; }
        if (m === "X") {
          const n = placed.filter((p) => p.c === c && p.m === "X").length;
          if (crossings(cluster) <= MAX_CROSSES || n === 0) {
            placed.push({m, x: lastL ? lastL.x : x, row: lastL ? lastL.row : row, c, n});
          }
          continue;
        }
        const p = {m, x, row, c};
        if (m === "L") { lastL = p; longs += 1; }
        placed.push(p);
        x += STEP[m];
      }
      // Every crossing line of the hand knows how many there are, to share the long line;
      // where they are written as a number, the one drawn carries it.
      const crosses = placed.filter((p) => p.c === c && p.m === "X");
      crosses.forEach((p) => { p.of = crosses.length; });
      if (crossings(cluster) > MAX_CROSSES) crosses[0].count = crossings(cluster);
      x += GAP;
    });
    return {placed, rows: placed.length ? row + 1 : 1};
  }

  function markPath(p, x0, y0, k) {
    const x = x0 + p.x + 3, bottom = y0 + p.row * ROW + LONG, top = bottom - LONG;
    const j = (n) => wobble(k * 7 + n).toFixed(2);
    if (p.m === "L") return `M${x + +j(1)},${top + +j(2)} L${x + +j(3)},${bottom}`;
    if (p.m === "S") return `M${x + +j(1)},${bottom - SHORT} L${x + +j(2)},${bottom}`;
    if (p.m === "H") {  // a hook: a line whose top bends over and down
      const t = top + 10;
      return `M${x},${bottom} L${x + +j(1)},${t} Q${x + 1},${t - 10} ${x + 8},${t - 2}`;
    }
    // X: lines across the hand's long line, shared out along it however many there are,
    // so that they never climb over the names and the total above.
    const count = p.of || 1, space = LONG / (count + 1);
    const mid = top + (p.n + 1) * space, rise = Math.min(8, space * 0.8);
    return `M${x - 8},${mid + rise + +j(1) / 2} L${x + 10},${mid - rise + +j(2) / 2}`;
  }

  /* The board: ``data`` = {marks: {A: [...], B: [...]}, totals: {A, B}, target,
     labels: {A, B} (team names), title (for the text alternative)}. */
  function board(data) {
    boards += 1;
    const id = "chalk-" + boards;
    const sides = ["A", "B"].map((team) => ({team, ...layout(data.marks[team] || [])}));
    const rows = Math.max(...sides.map((s) => s.rows), 1);
    const H = TOP + rows * ROW + 44;
    const svg = el("svg", {viewBox: `0 0 ${W} ${H}`, class: "slate-svg", role: "img",
                           "aria-labelledby": id + "-title", preserveAspectRatio: "xMidYMin meet"});
    svg.append(el("title", {id: id + "-title"}, data.title));
    const defs = el("defs");
    const filter = el("filter", {id, x: "-5%", y: "-5%", width: "110%", height: "110%"});
    filter.append(el("feTurbulence", {type: "fractalNoise", baseFrequency: "1.2", numOctaves: 1,
                                      seed: 3, result: "grain"}),
                  el("feDisplacementMap", {in: "SourceGraphic", in2: "grain", scale: "2.2"}));
    defs.append(filter);
    svg.append(defs);
    svg.append(el("rect", {class: "slate-frame", x: 3, y: 3, width: W - 6, height: H - 6, rx: 10}));
    svg.append(el("rect", {class: "slate-board", x: 8, y: 8, width: W - 16, height: H - 16, rx: 6}));
    const chalk = el("g", {class: "slate-chalk", filter: `url(#${id})`});
    const words = el("g", {class: "slate-words"});
    chalk.append(el("path", {class: "chalk faint", d: `M${SIDE},18 L${SIDE + 1},${H - 18}`,
                             "stroke-dasharray": "2 7"}));
    const lineY = TOP + rows * ROW + 12;
    sides.forEach((side, i) => {
      const x0 = i * SIDE + PAD, cls = "team-" + side.team;
      const total = data.totals[side.team];
      words.append(el("text", {class: "slate-team " + cls, x: x0, y: 34}, data.labels[side.team].letter));
      words.append(el("text", {class: "slate-names " + cls, x: x0, y: 62},
                      data.labels[side.team].names));
      words.append(el("text", {class: "slate-total " + cls, x: x0 + SIDE - 2 * PAD, y: 44,
                               "text-anchor": "end"}, String(total)));
      side.placed.forEach((p, k) => {
        const mark = el("path", {class: "mark " + cls + " m-" + p.m, d: markPath(p, x0, TOP, k + i * 100),
                                 "data-mark": p.m});
        if (p.count) {
          mark.setAttribute("data-count", String(p.count));
          words.append(el("text", {class: "slate-count " + cls, x: x0 + p.x + 3, y: TOP + p.row * ROW + LONG + 12,
                                   "text-anchor": "middle"}, "×" + p.count));
        }
        chalk.append(mark);
      });
      // The way to the target: a line with the team's progress drawn over it.
      const len = SIDE - 2 * PAD - 30;
      const done = Math.min(total, data.target) / data.target * len;
      chalk.append(el("path", {class: "chalk faint", d: `M${x0},${lineY} L${x0 + len},${lineY}`}));
      if (done > 0) chalk.append(el("path", {class: "progress " + cls, d: `M${x0},${lineY} L${x0 + done},${lineY}`}));
      chalk.append(el("path", {class: "chalk target", d: `M${x0 + len},${lineY - 9} L${x0 + len},${lineY + 9}`}));
      words.append(el("text", {class: "slate-goal", x: x0 + len + 5, y: lineY + 5}, String(data.target)));
    });
    svg.append(chalk, words);
    return svg;
  }

  /* The largest number of crossing lines a hand on the board shows as a number (0: none). */
  function shortened(marks) {
    const counts = Object.values(marks || {}).flatMap((side) => side.map(crossings));
    return Math.max(0, ...counts.filter((n) => n > MAX_CROSSES));
  }

  return {board, layout, shortened};
})();
