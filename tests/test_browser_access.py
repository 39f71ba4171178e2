"""For the players the accessibility walk stood in for, in Debian's chromium: an older player who
zooms to 200 % (a 360 px phone is then 180 CSS px wide), one who plays by keyboard, one who
listens with a screen reader, a slow reader, and the table screen on a landscape tablet."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .audit import horizontal_overflow
from .test_browser import (  # noqa: F401 - the browser fixtures, shared with this module
    _api,
    _close_phones,
    _new_table,
    _seat,
    _seq_of,
    _shot,
    browser,
    playwright,
    server,
)

pytestmark = pytest.mark.browser
ZOOMED = {"width": 180, "height": 400}  # a 360 px phone at 200 %


def _play(base: str, table_id: str, token: str, card: str) -> None:
    _api(base, f"/api/tables/{table_id}/actions",
         {"action": {"type": "play", "card": card}, "seq": _seq_of(base, table_id, token)}, token)


def test_at_200_percent_nothing_scrolls_sideways_and_quinta_rows_keep_their_fifth_place(
        server: str, browser: Any) -> None:  # noqa: F811
    """The home page and the join page in both languages, and the host's table screen with the
    host's link open, fit 180 CSS px. A Quinta row with four cards wraps: its last card and the
    fifth place stay inside the row, in sight, instead of scrolling away."""
    for lang, locale in (("en", "en-GB"), ("it", "it-IT")):
        page = browser.new_context(viewport=ZOOMED, locale=locale).new_page()
        page.goto(f"{server}/?lang={lang}")
        assert horizontal_overflow(page) <= 1, lang
        page.context.close()
    host, table_id = _new_table(browser, server, "it-IT", viewport=ZOOMED, names=("Anna", "Bruno", "Carla"))
    tokens = [_api(server, f"/api/tables/{table_id}/seats", {"seat": seat})["token"] for seat in range(3)]
    for cards in (("3C", "4D", "5H"), ("6C", "7D", "8H"), ("9C", "10D", "JH")):
        for seat, card in enumerate(cards):
            _play(server, table_id, tokens[seat], card)
    host.wait_for_function("(seq) => window.TAVOLO.view() && window.TAVOLO.view().seq >= seq",
                           arg=_seq_of(server, table_id, tokens[0]))
    host.locator("#host-link-box summary").click()
    host.wait_for_function("() => document.getElementById('host-link-url').value")
    assert horizontal_overflow(host) <= 1
    rows = host.evaluate("""() => [...document.querySelectorAll('.row')].map((row) => {
        const box = row.getBoundingClientRect();
        return [row.children.length, [...row.children].every((c) => {
            const r = c.getBoundingClientRect();
            return r.left >= box.left - 1 && r.right <= box.right + 1;
        })];
    })""")
    assert len(rows) == 4 and max(n for n, _ in rows) >= 4 and all(inside for _, inside in rows), rows
    _shot(host, "zoomed-quinta-rows")
    join = browser.new_context(viewport=ZOOMED, locale="it-IT").new_page()
    join.goto(f"{server}/join/{table_id}?lang=it")
    join.locator(".seat-row").first.wait_for()
    assert horizontal_overflow(join) <= 1


def test_the_keyboards_focus_stays_on_its_card_when_another_player_moves(server: str, browser: Any) -> None:  # noqa: F811
    """Quinta, real cards: Anna's focus is on the 3 of clubs in her picker when Bruno plays; the
    page is drawn again and her focus is still on the 3 of clubs. The host frees a seat from the
    keyboard: its button goes, and the focus goes to the status line, not to the page's top."""
    host, table_id = _new_table(browser, server, "en-GB", names=("Anna", "Bruno", "Carla"))
    anna = _seat(browser, server, table_id, 0, "en-GB")
    bruno = _api(server, f"/api/tables/{table_id}/seats", {"seat": 1})["token"]
    # no card chosen yet: the play button says so in words, not as "Play …"
    anna.get_by_role("button", name="Play (choose a card first)", exact=True).wait_for()
    anna.locator(".suit-tab", has_text="♣").click()
    three = anna.get_by_role("button", name="3 of clubs", exact=True)
    three.focus()
    seq = anna.evaluate("() => window.TAVOLO.view().seq")
    _play(server, table_id, bruno, "9H")
    anna.wait_for_function("(seq) => window.TAVOLO.view().seq > seq", arg=seq)
    assert anna.evaluate("() => document.activeElement.getAttribute('aria-label')") == "3 of clubs"
    host.locator("#seat-admin button", has_text="Anna").focus()
    host.once("dialog", lambda d: d.accept())
    host.keyboard.press("Enter")
    host.wait_for_function("() => ![...document.querySelectorAll('#seat-admin button')]"
                           ".some((b) => b.textContent.includes('Anna'))")
    host.wait_for_function("() => document.activeElement && document.activeElement.id === 'status'")


def test_folded_sections_and_the_room_code_are_read_as_words(server: str, browser: Any) -> None:  # noqa: F811
    """A screen reader hears "Registro", not a triangle before it; the room code with its name;
    the Italian home page's name fields as "Giocatore 1"."""
    host, table_id = _new_table(browser, server, "it-IT")
    host.goto(f"{server}/t/{table_id}?lang=it")
    host.locator("#log-box").wait_for()
    tree = host.locator("#log-box").aria_snapshot() + host.locator("#host-link-box").aria_snapshot()
    assert "▶" not in tree and "Registro" in tree, tree
    header = host.locator("header").aria_snapshot()
    assert "Codice stanza" in header, header
    home = browser.new_context(locale="it-IT").new_page()
    home.goto(f"{server}/?lang=it")
    assert home.locator("#names input").first.get_attribute("aria-label") == "Giocatore 1"


def test_a_long_message_stays_longer_and_a_tap_puts_it_away(server: str, browser: Any) -> None:  # noqa: F811
    """A message of 25 words stays at least 15 s (about 100 words a minute), a short one 6 s;
    a tap on the message puts it away at once."""
    page = browser.new_context(locale="en-GB").new_page()
    page.goto(server + "/")
    waits = page.evaluate("""() => {
        const asked = [];
        const real = window.setTimeout;
        window.setTimeout = (fn, ms) => { asked.push(ms); return real(fn, ms); };
        toast("Short and plain.");
        toast(Array(25).fill("word").join(" "));
        window.setTimeout = real;
        return asked;
    }""")
    assert waits == [6000, 15000]
    page.locator("#toast").click()
    assert page.locator("#toast").is_hidden()


def test_a_host_link_with_a_full_stop_works_and_one_cut_in_its_marker_says_so(
        server: str, browser: Any) -> None:  # noqa: F811
    """Pasted from a message, the host's link brings the sentence's full stop along: the tools
    come all the same. A link cut inside "#host=" says it is incomplete."""
    host, table_id = _new_table(browser, server, "en-GB")
    req = urllib.request.Request(f"{server}/api/tables/{table_id}/host-link",
                                 headers={"Cookie": "; ".join(f"{c['name']}={c['value']}"
                                                              for c in host.context.cookies())})
    with urllib.request.urlopen(req) as resp:
        link = json.loads(resp.read())["url"]
    other = browser.new_context(locale="en-GB").new_page()
    other.goto(link + ".")
    other.locator("#undo").wait_for()
    cut = browser.new_context(locale="en-GB").new_page()
    cut.goto(f"{server}/t/{table_id}#hos")
    cut.locator("#toast").wait_for()
    assert "This host link is incomplete" in cut.locator("#toast").inner_text()
    assert "#" not in cut.url


def test_a_full_table_screen_shrinks_its_join_panel_for_the_game(server: str, browser: Any) -> None:  # noqa: F811
    """A small landscape tablet as the table screen (one column, too narrow for two): once every
    seat is taken the join panel is small (the QR code 120 px) and the rows come up into the
    first screen; a seat freed brings the whole panel back."""
    host, table_id = _new_table(browser, server, "en-GB", viewport={"width": 960, "height": 600},
                                names=("Anna", "Bruno", "Carla"))
    host.locator(".rows").wait_for()
    # read in the page at once: a live update may redraw the rows between a wait and a look
    rows_y = "() => document.querySelector('.rows').getBoundingClientRect().y"
    tall = host.evaluate(rows_y)
    tokens = [_api(server, f"/api/tables/{table_id}/seats", {"seat": seat})["token"] for seat in range(3)]
    assert tokens
    panel = host.locator(".join-panel.compact")
    panel.wait_for()
    assert host.locator(".join-panel .qr").bounding_box()["width"] == 120
    assert host.evaluate(rows_y) < tall - 100
    _shot(host, "tablet-table-screen-full")
    host.locator("#seat-admin button").first.focus()
    host.once("dialog", lambda d: d.accept())
    host.keyboard.press("Enter")
    host.wait_for_function("() => !document.querySelector('.join-panel').classList.contains('compact')")


def test_the_readers_own_text_size_counts(server: str, browser: Any) -> None:  # noqa: F811
    """The page's text is sized relative to the browser's own setting (112.5 %: 18 px at the
    usual 16 px), not fixed in pixels: a reader who set larger text in the browser gets it."""
    page = browser.new_context(locale="en-GB").new_page()
    page.goto(server + "/")
    declared = page.evaluate("""() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule.selectorText === ':root' && rule.style.fontSize)
        .map((rule) => rule.style.fontSize)""")
    assert declared == ["112.5%"]
    assert page.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "18px"


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
def test_a_landscape_tablet_shows_the_game_beside_the_join_code_and_the_players(
        server: str, browser: Any, size: tuple[int, int]) -> None:  # noqa: F811
    """A tablet on its stand, in landscape: the status, what just happened and the slate are in
    the first screen, in a column of their own; the join code, the players and the host's tools
    stand beside them, and nothing scrolls sideways. Kaiserspiel, four face-up cards entered."""
    width, height = size
    host, table_id = _new_table(browser, server, "en-GB", "kaiserspiel", ["Urs", "Vreni", "Werner", "Yvonne"],
                                viewport={"width": width, "height": height}, seats=4, first=3)
    tokens = [_api(server, f"/api/tables/{table_id}/seats", {"seat": seat})["token"] for seat in range(4)]
    for seat, card in enumerate(["7D", "5C", "QH", "AS"]):
        _api(server, f"/api/tables/{table_id}/actions",
             {"action": {"type": "reveal", "card": card}, "seq": _seq_of(server, table_id, tokens[seat])},
             tokens[seat])
    host.locator(".slate svg").wait_for()
    host.wait_for_function("() => window.TAVOLO.view().state.face_up.every((c) => c)")
    shown = ("#status", "#recent", ".slate svg", ".join-panel", "#players", "#host")
    box = host.evaluate("""(shown) => Object.fromEntries(shown.map((sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return [sel, {x: r.x, y: r.y, width: r.width, height: r.height}];
    }))""", list(shown))  # read at once: a live update may redraw the game between two looks
    for sel in ("#status", "#recent", ".slate svg"):  # the game: left, in the first screen
        assert box[sel]["x"] + box[sel]["width"] <= box["#players"]["x"], sel
        assert box[sel]["y"] < height, sel
    assert box[".slate svg"]["y"] + box[".slate svg"]["height"] / 2 < height  # most of the slate in sight
    for sel in (".join-panel", "#players", "#host"):  # beside it, on the right, the join code first
        assert box[sel]["x"] > box["#status"]["x"] + box["#status"]["width"], sel
    assert box[".join-panel"]["y"] < box["#players"]["y"] < box["#host"]["y"]
    assert horizontal_overflow(host) <= 1
    _shot(host, f"tablet-landscape-{width}")
