"""Practice tables: one player against the app's bots, through the real service and API."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.games.bots import decide
from companion.games.oscuri.state import is_suit_card
from companion.games.registry import bot_for, get_game
from companion.service.errors import BadRequest, Conflict, Forbidden, Illegal
from companion.service.practice import Practice
from companion.service.practice_view import last_own_move
from companion.service.service import TableService

from .helpers import bearer, create

GAMES = ("quinta", "oscuri", "kaiserspiel", "diavolo", "insonnia")


@pytest.fixture
def practice(service: TableService) -> Practice:
    return Practice(service, delay=0, background=False)


def play_to_end(svc: TableService, practice: Practice, table_id: str, token: str,
                seed: int, options: dict[str, Any] | None = None) -> int:
    """The player (seat 0) plays with the heuristic bot's choices until the game is over;
    returns how many moves he made."""
    rng = random.Random(seed)
    me = bot_for(svc.tables.table(table_id).game)
    moves = 0
    while True:
        table = svc.tables.table(table_id)
        if table.rules.outcome(table.state) is not None:
            return moves
        assert 0 in table.rules.to_act(table.state), "the bots stopped before the player's turn"
        action = decide(me, table.rules, table.state, 0, rng)
        svc.moves.submit(table_id, [token], {"action": table.rules.dump_action(action), "seq": table.seq})
        practice.kick(table_id)
        moves += 1
        assert moves < 5000


@pytest.mark.parametrize("game", GAMES)
def test_a_practice_game_is_played_to_the_end(service: TableService, practice: Practice,
                                              game: str) -> None:
    created, joined = practice.create({"game": game, "name": "Nora"})
    assert joined.seat == 0
    table = service.tables.table(created.table_id)
    assert table.names[0] == "Nora" and len(table.bots) == len(table.names) - 1 >= 1
    assert table.bots == tuple(range(1, len(table.names)))
    moves = play_to_end(service, practice, created.table_id, joined.token, seed=len(game))
    assert moves > 0
    events = service.store.read(created.table_id)
    actions = [e for e in events if e.kind == "action"]
    by_bots = [e for e in actions if e.payload["by"] == "bot"]
    by_app = [e for e in actions if e.payload["by"] == "app"]  # what the game does by itself
    assert len(actions) - len(by_bots) - len(by_app) == moves  # every other move is a bot's, in the log
    # where the app dealt the cards, it shuffles the discards itself when the pile runs out
    assert all(e.payload["action"]["type"] == "reshuffle" for e in by_app)
    assert not any(e.payload["action"]["type"] == "reshuffle" for e in actions if e.payload["by"] != "app")
    assert {e.payload["action"]["player"] for e in by_bots} == set(table.bots)
    view = service.views.view(created.table_id, 0)
    assert view["outcome"] is not None
    book = get_game(game).book  # the goal, as the rule book sums the game up
    assert view["practice"] == {"goal": {"en": book.summary("en"), "it": book.summary("it")},
                                "bots": list(table.bots), "show_bots": False, "hands": None,
                                "can_rewind": True}


def test_insonnia_dealt_by_the_app_shuffles_its_own_discards(service: TableService,
                                                             practice: Practice) -> None:
    """One player against one bot, cards dealt by the app: whenever a card is wanted from an
    empty pile the app shuffles the discards into a new one by itself (DECISION I4), a move of
    its own in the log; nobody is ever asked to, and taking back one's last move never takes
    back the app's shuffle alone."""
    created, joined = practice.create({"game": "insonnia", "name": "Nora", "bots": 1})
    tid = created.table_id
    rng, me = random.Random(1), bot_for("insonnia")
    for _ in range(3000):
        table = service.tables.table(tid)
        if table.rules.outcome(table.state) is not None or 0 not in table.rules.to_act(table.state):
            break
        assert table.state.phase != "reshuffle"  # never left for a person to do
        action = decide(me, table.rules, table.state, 0, rng)
        body = {"action": table.rules.dump_action(action), "seq": table.seq}
        service.moves.submit(tid, [joined.token], body)
        practice.kick(tid)
    actions = [e for e in service.store.read(tid) if e.kind == "action"]
    shuffles = [e for e in actions if e.payload["action"]["type"] == "reshuffle"]
    assert shuffles and all(e.payload["by"] == "app" for e in shuffles)
    table = service.tables.table(tid)
    assert any("shuffled into a new pile" in line["en"] or "becomes the new pile" in line["en"]
               for line in table.log)
    own = [e for e in actions if e.payload["by"] not in ("bot", "app")]
    last = last_own_move(table)
    assert last is not None and last.seq == own[-1].seq


def test_bots_answer_at_once_and_the_player_sees_their_moves(service: TableService,
                                                             practice: Practice) -> None:
    created, joined = practice.create({"game": "kaiserspiel", "name": "Nora"})
    table = service.tables.table(created.table_id)
    # Kaiserspiel starts with the discards, all at once: the three bots have discarded.
    assert table.state.phase == "discard"
    assert [d is not None for d in table.state.discards] == [False, True, True, True]
    hand = sorted(table.state.hands[0])
    service.moves.submit(created.table_id, [joined.token],
                   {"action": {"type": "discard", "cards": hand[:2]}, "seq": table.seq})
    practice.kick(created.table_id)
    view = service.views.view(created.table_id, 0)
    assert view["state"]["to_act"] == [0] or view["outcome"] is not None
    assert any("Ada" in line["en"] or "Bruno" in line["en"] for line in view["log"])


def test_rewind_takes_back_the_players_move_and_the_bot_moves_after_it(
        service: TableService, practice: Practice) -> None:
    # Nora won the cut: she leads, and a suit card (not Death, which would end the turn
    # at once) makes the bots answer, whatever the deal.
    for _ in range(20):  # (a hand of three special cards is rare: deal again)
        created, joined = practice.create({"game": "oscuri", "name": "Nora", "bots": 2,
                                           "options": {"leader": 0}})
        table = service.tables.table(created.table_id)
        legal = table.rules.legal_actions(table.state, 0)
        lead = next((a for a in legal if is_suit_card(getattr(a, "card", ""))), None)
        if lead is not None:
            break
    assert lead is not None
    tid = created.table_id
    with pytest.raises(Illegal) as nothing:
        practice.rewind(tid, [joined.token])
    assert nothing.value.extra["rule"] == "practice.nothing_to_rewind"
    before = table.rules.dump_state(table.state)
    service.moves.submit(tid, [joined.token], {"action": table.rules.dump_action(lead), "seq": table.seq})
    practice.kick(tid)
    after = service.tables.table(tid)
    assert len(after.applied) > len(table.applied) + 1  # the bots answered
    event = practice.rewind(tid, [joined.token])
    assert event.kind == "rewind"
    back = service.tables.table(tid)
    assert back.rules.dump_state(back.state) == before
    assert len(back.applied) == len(table.applied)
    assert "took back" in back.log[-1]["en"] and "ha annullato" in back.log[-1]["it"]
    # Nothing is deleted: every event is still in the log, the rewind after them.
    kinds = [e.kind for e in service.store.read(tid)]
    assert kinds.count("action") == len(after.applied) and kinds[-1] == "rewind"
    # The table replays to the same place from its log alone.
    fresh = TableService(service.store)
    assert fresh.tables.table(tid).rules.dump_state(fresh.tables.table(tid).state) == before


def test_the_bots_cards_are_shown_only_to_the_player(service: TableService,
                                                     practice: Practice) -> None:
    created, joined = practice.create({"game": "quinta", "name": "Nora"})
    tid = created.table_id
    assert service.views.view(tid, 0)["practice"]["hands"] is None
    practice.show_bots(tid, [joined.token], True)
    mine = service.views.view(tid, 0)["practice"]
    table = service.tables.table(tid)
    assert mine["show_bots"] is True
    assert [h["seat"] for h in mine["hands"]] == list(table.bots)
    for h in mine["hands"]:
        assert sorted(h["cards"]) == sorted(table.state.hands[h["seat"]])
        assert h["chosen"] == table.state.chosen[h["seat"]]  # the bots chose at once
    assert service.views.view(tid, None)["practice"]["hands"] is None  # the table screen: never
    assert service.views.view(tid, 1)["practice"]["hands"] is None
    practice.show_bots(tid, [joined.token], False)
    assert service.views.view(tid, 0)["practice"]["hands"] is None
    with pytest.raises(BadRequest):
        practice.show_bots(tid, [joined.token], "yes")


def test_practice_refusals(service: TableService, practice: Practice) -> None:
    with pytest.raises(BadRequest, match="Unknown game"):
        practice.create({"game": "poker"})
    with pytest.raises(BadRequest, match="needs 3 bots") as e:
        practice.create({"game": "kaiserspiel", "bots": 2})
    assert e.value.message_it == "Per questo gioco servono 3 bot."
    with pytest.raises(BadRequest, match="needs 2 to 5 bots") as e:
        practice.create({"game": "quinta", "bots": 1})
    assert e.value.message_it == "Per questo gioco servono da 2 a 5 bot."
    with pytest.raises(BadRequest, match="the app deals"):
        practice.create({"game": "quinta", "options": {"hands": "unknown"}})
    with pytest.raises(BadRequest):
        practice.create({"game": "quinta", "options": {"colour": "red"}})
    created, _ = practice.create({"game": "insonnia", "name": "Ada"})
    assert service.tables.table(created.table_id).names == ("Ada", "Bruno", "Carla")  # no two Adas
    # Nobody else plays a bot's seat, and a table with players has no bots.
    other = service.lobby.create({"game": "quinta", "players": 3, "options": {"hands": "known"}})
    with pytest.raises(Forbidden):
        service.moves.submit(other.table_id, [], {"action": {"type": "play", "card": "2H"}, "seq": 1}, bot=1)
    with pytest.raises(BadRequest, match="not a practice table"):
        practice.rewind(other.table_id, [other.host_token])
    with pytest.raises(BadRequest, match="not a practice table"):
        practice.show_bots(other.table_id, [other.host_token], True)
    # The player, host of his practice table, does not play for the bots.
    table = service.tables.table(created.table_id)
    bot_seat = min(table.rules.to_act(table.state) & set(table.bots), default=1)
    with pytest.raises(Forbidden, match="moves by itself"):
        service.moves.submit(created.table_id, [created.host_token],
                       {"action": {"type": "pass", "player": bot_seat}, "seq": table.seq})
    # A bot's seat is nobody else's: no phone may join it (it would see the bot's hand).
    with pytest.raises(Conflict, match="Every seat"):
        service.lobby.join(created.table_id, name="Mallory")
    with pytest.raises(Conflict, match="bot plays that seat") as taken:
        service.lobby.join(created.table_id, 1, name="Mallory")
    assert "bot dell'app" in taken.value.message_it


@pytest.fixture
def practice_app(tmp_path: Path) -> Iterator[Flask]:
    yield create_app({"DATABASE": str(tmp_path / "p.sqlite3"), "TESTING": True,
                      "PUBLIC_URL": "http://192.0.2.10:5000", "PRACTICE_DELAY": 0,
                      "PRACTICE_BACKGROUND": False})


def test_practice_over_the_api(practice_app: Flask) -> None:
    client: FlaskClient = practice_app.test_client()
    resp = client.post("/api/practice", json={"game": "quinta", "name": "Nora", "bots": 3})
    assert resp.status_code == 201, resp.get_json()
    body = resp.get_json()
    tid, token = body["table_id"], body["token"]
    assert body["seat"] == 0 and body["play_url"].endswith(f"/play/{tid}")
    # The phone holds the seat and the host cookies; a bearer token alone is the seat's.
    assert client.get(f"/api/tables/{tid}/state").get_json()["host"] is True
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).get_json()
    assert view["me"] == 0
    assert view["practice"]["bots"] == [1, 2, 3]
    assert view["state"]["has_chosen"] == [False, True, True, True]  # the bots chose
    card = view["state"]["hand"][0]
    resp = client.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                       json={"action": {"type": "play", "card": card}, "seq": view["seq"]})
    assert resp.status_code == 200
    after = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).get_json()
    assert after["state"]["round"] == 2 or after["state"]["phase"] == "joker_row"
    shown = client.post(f"/api/tables/{tid}/show-bots", headers=bearer(token), json={"show": True})
    assert shown.status_code == 200 and len(shown.get_json()["practice"]["hands"]) == 3
    back = client.post(f"/api/tables/{tid}/rewind", headers=bearer(token), json={})
    assert back.status_code == 200
    assert back.get_json()["state"]["round"] == 1 and card in back.get_json()["state"]["hand"]
    # Refusals, each with its sentence in both languages.
    bad = client.post("/api/practice", json={"game": "quinta", "bots": 9})
    assert bad.status_code == 400 and bad.get_json()["messages"]["it"].startswith("Per questo gioco")
    other = create(client)
    refused = client.post(f"/api/tables/{other['table_id']}/rewind",
                          headers=bearer(other["host_token"]), json={})
    assert refused.status_code == 400
    assert refused.get_json()["messages"]["en"] == "This is not a practice table."
    nobody = client.post(f"/api/tables/{tid}/show-bots", json={"show": False},
                         headers=bearer("not-a-token"))
    assert nobody.status_code == 403


def test_a_practice_table_travels_as_a_game_record(service: TableService, practice: Practice,
                                                  tmp_path: Path) -> None:
    from companion.storage.sqlite import Store

    created, joined = practice.create({"game": "diavolo", "name": "Nora", "bots": 2})
    tid = created.table_id
    for _ in range(3):
        table = service.tables.table(tid)
        if 0 not in table.rules.to_act(table.state):
            break
        action = table.rules.legal_actions(table.state, 0)[0]
        service.moves.submit(tid, [joined.token], {"action": table.rules.dump_action(action),
                                             "seq": table.seq})
        practice.kick(tid)
    practice.show_bots(tid, [joined.token], True)
    if service.views.view(tid, 0)["practice"]["can_rewind"]:
        practice.rewind(tid, [joined.token])
    record = service.store.export_table(tid)
    elsewhere = TableService(Store(tmp_path / "elsewhere.sqlite3"))
    assert elsewhere.store.import_table(record) == tid
    assert elsewhere.views.view(tid, 0) == service.views.view(tid, 0)
    assert elsewhere.tables.table(tid).bots == (1, 2) and elsewhere.tables.table(tid).show_bots


def test_a_move_taken_back_is_told_with_the_number_of_bot_moves_in_words() -> None:
    from companion.service.table import _took_back

    assert _took_back("Sofía", 0) == {"en": "Sofía took back their last move.",
                                      "it": "Sofía ha annullato l'ultima mossa."}
    assert _took_back("Sofía", 1)["en"] == "Sofía took back their last move and the bot's move after it."
    three = _took_back("Sofía", 3)["it"]
    assert three == "Sofía ha annullato l'ultima mossa e le 3 mosse dei bot dopo di essa."
