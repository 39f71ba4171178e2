"""Checks a person would make of a page, run inside the real browser: the axe-core
accessibility audit, horizontal scrolling, overlapping controls, tap target sizes."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

SERIOUS = ("serious", "critical")


@cache
def _axe_source() -> str:
    return (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds on the page as it is now.

    axe is evaluated through the browser's debugging protocol, which the page's
    Content-Security-Policy does not govern (our pages allow only their own scripts)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_source())
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
    }""")
    return [v for v in result if v["impact"] in SERIOUS]


def horizontal_overflow(page: Any) -> int:
    """How many pixels the page is wider than the screen (0: no sideways scrolling)."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


_SPLIT = """(el) => {  // the words of an element laid out in more than one line box
    const split = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1) {
                split.push(`${m[0]} (in "${node.textContent}", ${Math.round(el.clientWidth)} px wide)`);
            }
        }
    }
    return split;
}"""


def words_split(page: Any, selector: str, texts: list[str] | None = None) -> list[str]:
    """The words of the elements ``selector`` finds that the page breaks across two lines
    ("diamon-ds"), each with its text and the element's width. With ``texts``: each of them
    written in turn into each element (the text put back after), so that every name a slot
    may show is tried in the slot."""
    return list(page.evaluate("([selector, texts]) => { const split = " + _SPLIT + """;
        const out = [];
        for (const el of document.querySelectorAll(selector)) {
            if (texts === null) { out.push(...split(el)); continue; }
            const was = el.textContent;
            for (const text of texts) { el.textContent = text; out.push(...split(el)); }
            el.textContent = was;
        }
        return [...new Set(out)];
    }""", [selector, texts]))


_CONTROLS = """() => {
    const seen = [...document.querySelectorAll('button, a[href], input, select, summary, [role=button]')]
      .filter(el => {
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !el.closest('[hidden]')
          && !(el.tagName === 'INPUT' && el.type === 'file') && !el.closest('.sr-only');
      });
    const floats = (el) => {  // in a bar kept on screen over the page (sticky or fixed)
      for (let e = el; e; e = e.parentElement) {
        const pos = getComputedStyle(e).position;
        if (pos === 'sticky' || pos === 'fixed') return true;
      }
      return false;
    };
    return seen.map(el => {
      const r = el.getBoundingClientRect();
      const label = (el.getAttribute('aria-label') || el.textContent || el.name || el.id
                     || el.tagName).trim();
      return {label: label.slice(0, 40), tag: el.tagName, x: r.x + scrollX, y: r.y + scrollY,
              w: r.width, h: r.height, floats: floats(el),
              inside: !!(el.parentElement && el.parentElement.closest('button, a[href], summary, label'))};
    });
}"""


def controls(page: Any) -> list[dict[str, Any]]:
    """Every visible control with its box in page pixels."""
    found: list[dict[str, Any]] = page.evaluate(_CONTROLS)
    return found


def overlapping_controls(page: Any, tolerance: float = 1.0) -> list[tuple[str, str]]:
    """Pairs of visible controls whose boxes overlap (a tap could hit the wrong one). A bar
    kept on screen (the Play button at the bottom) floats over the page by design: the page
    scrolls under it, so it is left out."""
    boxes = [c for c in controls(page) if not c["inside"] and not c["floats"]]
    pairs = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if w > tolerance and h > tolerance:
                pairs.append((a["label"], b["label"]))
    return pairs


def small_targets(page: Any, least: float = 48.0) -> list[str]:
    """Controls smaller than ``least`` pixels both ways (a finger misses them); inline links
    in running text and the native check/radio boxes inside a larger label are excused."""
    small = []
    for c in controls(page):
        if c["inside"] or (c["tag"] == "A" and c["h"] < least and c["w"] > least):
            continue
        if c["w"] < least - 0.5 or c["h"] < least - 0.5:
            small.append(f"{c['label']} ({c['w']:.0f}x{c['h']:.0f})")
    return small
