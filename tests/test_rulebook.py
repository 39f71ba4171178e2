"""The rule books: every rule id an engine can raise has a paragraph in both languages, every
DECISION of the specs is there, and the pages and "why?" links lead to the right paragraph."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.engine import IllegalAction
from companion.games.registry import BOOKS, anchor_for, rule_link
from companion.games.rule_ids import scan
from companion.games.rulebook import APP_RULES

from .conftest import SHARED
from .helpers import bearer, create, join, state

ROOT = Path(__file__).resolve().parents[1]

HELPER_PLACES = {"diavolo/engine.py:_bad", "insonnia/check.py:play_runs.refuse", "insonnia/state.py:bad",
                 "kaiserspiel/state.py:bad", "oscuri/engine.py:_bad", "quinta/checks.py:_bad"}


def _played_rule_ids(game: str, seeds: range) -> set[str]:
    """Rule ids met in seeded random games when every seat tries moves seen earlier in the game
    (its own and other seats', out of turn, stale) and a few malformed ones."""
    rules = GAMES[game]
    met: set[str] = set()
    junk = [{"type": "stand"}, {"type": "play", "card": "ZZ"}, {"type": "play"},
            {"type": "play", "card": "AH"}, {"type": "play", "card": "T15"}]
    for seed in seeds:
        for mode in ("known", "unknown"):
            rng = random.Random(seed)
            players = rules.seats.start + seed % len(rules.seats)
            state = rules.new_state(players, {"hands": mode}, seed)
            seen: list[dict[str, Any]] = []
            for _ in range(400):
                if rules.outcome(state) is not None:
                    break
                seat = rng.choice(sorted(rules.to_act(state)))
                legal = rules.legal_actions(state, seat)
                seen.extend(rules.dump_action(a) for a in rng.sample(legal, min(3, len(legal))))
                for raw in [*rng.sample(seen, min(12, len(seen))), *junk]:
                    for who in (seat, (seat + 1) % players):
                        try:
                            probe = rules.load_action({**raw, "player": who})
                            if probe not in rules.legal_actions(state, who):
                                rules.check(state, probe)
                        except IllegalAction as e:
                            met.add(e.rule)
                state = rules.apply(state, rng.choice(legal))
            # a move after the end
            try:
                if rules.outcome(state) is not None and seen:
                    rules.check(state, rules.load_action({**seen[-1], "player": 0}))
            except IllegalAction as e:
                met.add(e.rule)
    return met


def test_every_rule_id_in_the_source_has_a_paragraph_in_both_languages() -> None:
    ids, dynamic = scan()
    assert set(dynamic) == HELPER_PLACES, "a refusal whose rule id the scan cannot read"
    assert len(ids) > 100
    assert {r.split(".")[0] for r in ids} == set(BOOKS)
    for rule in sorted(ids):
        place = anchor_for(rule)
        assert place is not None, f"{rule} has no rule book paragraph"
        game, anchor = place
        para = next(p for p in BOOKS[game].paragraphs() if p.anchor == anchor)
        assert len(para.en) > 40 and len(para.it) > 40 and para.en != para.it, rule
        assert rule_link(rule) == f"/rules/{game}#{anchor}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rule_ids_met_in_play_are_the_ones_the_scan_found(game: str) -> None:
    ids, _ = scan()
    met = _played_rule_ids(game, range(3))
    assert len(met) >= 4, met
    assert met <= ids, met - ids
    assert all(anchor_for(r) is not None for r in met)


def test_no_paragraph_names_a_rule_the_engines_never_raise() -> None:
    ids, _ = scan()
    named = {r for b in BOOKS.values() for p in b.paragraphs() for r in p.rules}
    assert named == ids | APP_RULES, named ^ (ids | APP_RULES)


def test_the_apps_own_refusals_are_explained_in_every_book() -> None:
    """The table service's refusals (undo, corrections, a practice rewind) are the same at every
    table: each book's "How the app judges" explains each one, and the service raises no other."""
    raised: set[str] = set()
    for source in (ROOT / "companion" / "service").glob("*.py"):
        text = source.read_text(encoding="utf-8")
        raised |= set(re.findall(r'rule="([a-z_]+\.[a-z_]+)"', text))
        raised |= set(re.findall(r'IllegalAction\(\s*"([a-z_]+\.[a-z_]+)"', text))
        raised |= set(re.findall(r'super\(\).__init__\(\s*"([a-z_]+\.[a-z_]+)"', text))  # its subclasses
    assert raised == APP_RULES, raised ^ APP_RULES
    for game, book in BOOKS.items():
        app = next(s for s in book.sections if s.anchor == "app")
        for rule in APP_RULES:
            para = next(p for p in app.paras if rule in p.rules)
            assert len(para.en) > 40 and len(para.it) > 40 and para.en != para.it
            assert rule_link(rule, game) == f"/rules/{game}#{para.anchor}"
        assert rule_link("undo.revealed") is None  # no table, no book to name


def test_undo_and_correction_refusals_carry_their_why_link(client: FlaskClient) -> None:
    table = create(client)
    tid, host = table["table_id"], bearer(table["host_token"])
    nothing = client.post(f"/api/tables/{tid}/undo", headers=host, json={"seq": state(client, tid)["seq"]})
    assert nothing.status_code == 422
    assert nothing.get_json()["rule"] == "undo.nothing"
    assert nothing.get_json()["why"] == "/rules/quinta#app-undo"
    token = join(client, tid, 0)
    mine = state(client, tid, token)
    moved = client.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                        json={"seq": mine["seq"], "action": mine["state"]["legal"][0]})
    assert moved.status_code == 200, moved.get_json()
    seq = moved.get_json()["seq"]
    wrong = client.post(f"/api/tables/{tid}/corrections", headers=host,
                        json={"seq": seq, "target": seq, "action": {"type": "play", "card": "2H"}})
    assert wrong.status_code == 422
    body = wrong.get_json()
    assert body["rule"] == "correct.not_allowed" and body["why"] == "/rules/quinta#app-correct"
    assert "game" not in body  # the table's game finds the book; the reply is as before
    paragraph = client.get("/api/rules/correct.not_allowed?game=quinta").get_json()
    assert paragraph["url"] == "/rules/quinta#app-correct"
    page = client.get("/rules/quinta").get_data(as_text=True)
    assert 'id="app-undo"' in page and 'id="app-correct"' in page


@pytest.mark.parametrize("game", sorted(BOOKS))
def test_every_decision_of_the_spec_has_its_paragraph(game: str) -> None:
    spec = SHARED / "rules" / f"{game}.md"
    if not spec.exists():
        pytest.skip("the shared specs are not on this machine")
    text = spec.read_text(encoding="utf-8")
    # "DECISION K11" in the text, and "**O19**" in a spec's list of ambiguities and gaps.
    cited = set(re.findall(r"DECISION ([A-Z]\d+)", text)) | set(re.findall(r"\*\*([A-Z]\d+)\*\*", text))
    have = {p.decision for p in BOOKS[game].paragraphs() if p.decision}
    assert cited, game
    assert cited <= have, cited - have
    revised = set(re.findall(r"DECISION ([A-Z]\d+)\*\* \(revised\)|\*\*([A-Z]\d+)\*\* \(revised\)", text))
    revised_codes = {c for pair in revised for c in pair if c}
    for p in BOOKS[game].paragraphs():
        if p.decision:
            mark_en, mark_it = (" (revised)", " (rivista)") if p.decision in revised_codes else ("", "")
            assert p.en.startswith(f"Decision {p.decision}{mark_en}:") and "Reason:" in p.en, p.decision
            assert p.it.startswith(f"Decisione {p.decision}{mark_it}:") and "Motivo:" in p.it, p.decision


def test_books_have_every_part_and_unique_anchors() -> None:
    for book in BOOKS.values():
        parts = {s.anchor for s in book.sections}
        assert {"components", "setup", "turn", "app"} <= parts, book.game
        assert parts & {"scoring", "winning"}, book.game
        anchors = [p.anchor for p in book.paragraphs()] + [s.anchor for s in book.sections]
        assert len(anchors) == len(set(anchors)), book.game
        assert all(re.fullmatch(r"[a-z0-9-]+", a) for a in anchors)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_rule_pages_show_every_paragraph_with_its_anchor(client: FlaskClient, lang: str) -> None:
    index = client.get(f"/rules?lang={lang}").get_data(as_text=True)
    for game, book in BOOKS.items():
        assert f'href="/rules/{game}"' in index
        page = client.get(f"/rules/{game}?lang={lang}")
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        for p in book.paragraphs():
            assert f'id="{p.anchor}"' in html
        first = book.paragraphs()[0]
        assert (first.it if lang == "it" else first.en).split(".")[0].replace('"', "&#34;") in html


def test_an_unknown_rule_book_is_a_404_in_both_languages(client: FlaskClient) -> None:
    assert client.get("/rules/briscola").status_code == 404
    resp = client.get("/api/rules/briscola.ace?lang=it")
    assert resp.status_code == 404
    assert resp.get_json()["messages"]["it"].startswith("Nessun paragrafo")
    good = client.get("/api/rules/quinta.joker_colour").get_json()
    assert good["url"] == "/rules/quinta#joker" and "joker" in good["text"]["en"]


def test_a_refusal_from_the_api_carries_its_why_link(client: FlaskClient) -> None:
    table = create(client)
    token = join(client, table["table_id"], 0)
    view = client.get(f"/api/tables/{table['table_id']}/state", headers=bearer(token)).get_json()
    resp = client.post(f"/api/tables/{table['table_id']}/actions", headers=bearer(token),
                       json={"seq": view["seq"], "action": {"type": "choose_row", "row": "H"}})
    assert resp.status_code == 422
    body = resp.get_json()
    assert body["rule"] == "quinta.no_joker" and body["why"] == "/rules/quinta#joker"
    page = client.get(body["why"].split("#")[0]).get_data(as_text=True)
    assert 'id="joker"' in page and 'data-rules="quinta.joker_colour' in page
    assert json.loads(json.dumps(body))["why"]


def test_errors_without_a_rule_carry_no_why_link(client: FlaskClient) -> None:
    resp = client.post("/api/tables", json={"game": "briscola"})
    assert resp.status_code == 400 and "why" not in resp.get_json()


def test_the_kaiserspiel_book_names_the_kaisers_as_the_game_screens_do_and_lets_a_king_win() -> None:
    """A learner reads the Kaisers in the book and finds them on the table by the same names (the
    Italian book said "Kaiser di rose (fiori)" where the screens say "Kaiser di coppe", and
    "asso di fiori" is the Kaiser of acorns there); and the book says that a King of the suit led
    beats an Ober-beater (spec 5.3, rule 7), as Parlett's trick QD 3H KD shows."""
    from companion.games.kaiserspiel.cards import kaiser_name

    paras = {p.anchor: p for p in BOOKS["kaiserspiel"].paragraphs()}
    for lang in ("en", "it"):
        trumps = paras["trumps"].text(lang)
        for ace in ("AD", "AH", "AS", "AC"):
            assert kaiser_name(ace, lang, kaiser=True).lower() in trumps.lower(), (lang, ace)
    assert "Kaiser di rose" not in paras["trumps"].text("it")
    assert "a King beats an Ober-beater" in paras["plain"].text("en")
    assert "il Re batte un Batti-Cavallo" in paras["plain"].text("it")
