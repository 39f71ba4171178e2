"""Game records: a table's complete log exported, imported elsewhere, identical; the host
downloads it from the table page once the game is over (never mid-game: it holds the seed and
the private entries); damaged records are refused and change nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from flask import Flask

from companion import create_app
from companion.storage.sqlite import Store

from .helpers import act, bearer, create, join, play_whole_game, snapshot, state


def _played(tmp_path: Path) -> tuple[Flask, str, str]:
    app = create_app({"DATABASE": str(tmp_path / "a.sqlite3"), "TESTING": True})
    client = app.test_client()
    data = create(client)
    tokens = [join(client, data["table_id"], i) for i in range(3)]
    play_whole_game(client, data["table_id"], tokens)
    return app, data["table_id"], data["host_token"]


def test_a_record_round_trips_exactly_and_the_game_replays(tmp_path: Path) -> None:
    app, tid, host = _played(tmp_path)
    record = Store(tmp_path / "a.sqlite3").export_table(tid)
    assert record is not None and record["format"] == "tavolo-record/1"
    other = Store(tmp_path / "b.sqlite3")
    assert other.import_table(record) == tid
    assert other.export_table(tid) == record  # exactly
    again = create_app({"DATABASE": str(tmp_path / "b.sqlite3"), "TESTING": True}).test_client()
    before = state(app.test_client(), tid)
    after = state(again, tid)
    assert after["state"] == before["state"] and after["outcome"] == before["outcome"]
    # The host's token still works on the restored table (only its hash was stored).
    assert again.get(f"/api/tables/{tid}/record", headers=bearer(host)).status_code == 200


def test_damaged_or_duplicate_records_are_refused_and_change_nothing(tmp_path: Path) -> None:
    _, tid, _ = _played(tmp_path)
    store = Store(tmp_path / "a.sqlite3")
    record = store.export_table(tid)
    assert record is not None
    for broken in ({}, {"format": "tavolo-record/1"}, {**record, "events": record["events"][1:]},
                   {**record, "format": "other"}, {**record, "events": "nope"}):
        fresh = Store(tmp_path / "c.sqlite3")
        try:
            fresh.import_table(broken)
            raise AssertionError("accepted a damaged record")
        except ValueError:
            pass
        assert fresh.table(tid) is None
    try:
        store.import_table(record)  # the table is already here
        raise AssertionError("imported a table twice")
    except ValueError as e:
        assert "already exists" in str(e)
    assert len(store.read(tid)) == len(record["events"])


def test_the_host_downloads_the_record_and_nobody_else(tmp_path: Path) -> None:
    app, tid, host = _played(tmp_path)
    client = app.test_client()
    resp = client.get(f"/api/tables/{tid}/record", headers=bearer(host))
    assert resp.status_code == 200 and "attachment" in resp.headers["Content-Disposition"]
    assert json.loads(resp.data)["table"]["id"] == tid
    assert client.get(f"/api/tables/{tid}/record").status_code == 403
    seat = join(app.test_client(), create(client)["table_id"], 0)
    assert client.get(f"/api/tables/{tid}/record", headers=bearer(seat)).status_code in (401, 403)
    assert client.get("/api/tables/nope/record", headers=bearer(host)).status_code == 404


def test_the_host_gets_no_record_while_the_game_is_played(tmp_path: Path) -> None:
    """Mid-game the record would rebuild every hand from its seed: the host gets a 409 in both
    languages, nothing changes, the other phones play on; once the game ends it downloads and
    restores elsewhere exactly."""
    database = tmp_path / "a.sqlite3"
    app = create_app({"DATABASE": str(database), "TESTING": True})
    client = app.test_client()
    made = create(client)
    tid, host = made["table_id"], made["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    first = state(client, tid, tokens[0])
    assert act(client, tid, tokens[0], first["state"]["legal"][0], first["seq"]).status_code == 200
    before, rows = state(client, tid, host), snapshot(str(database))
    for lang, sentence in (("en", "once the game is over"), ("it", "a partita finita")):
        resp = client.get(f"/api/tables/{tid}/record?lang={lang}", headers=bearer(host))
        assert resp.status_code == 409 and resp.mimetype == "application/json"
        assert "Content-Disposition" not in resp.headers  # no file: the page shows the sentence
        body = resp.get_json()
        assert body["error"] == "conflict" and body["reason"] == "game_in_progress"
        assert sentence in body["message"] and "hidden cards" in body["messages"]["en"]
        assert "carte coperte" in body["messages"]["it"]
        assert "events" not in body and "seed" not in resp.get_data(as_text=True)
    # A player asking is still told only that the record is the host's.
    assert client.get(f"/api/tables/{tid}/record", headers=bearer(tokens[1])).status_code == 403
    assert state(client, tid, host) == before and snapshot(str(database)) == rows
    view = state(client, tid, tokens[1])
    assert not view["outcome"] and view["seq"] == before["seq"]

    finished = play_whole_game(client, tid, tokens)
    resp = client.get(f"/api/tables/{tid}/record", headers=bearer(host))
    assert resp.status_code == 200 and "attachment" in resp.headers["Content-Disposition"]
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    record = json.loads(resp.data)
    assert record["events"][0]["kind"] == "setup" and "seed" in record["events"][0]["payload"]
    # The game cannot come back to life now that the host holds every hand.
    over = state(client, tid, host)
    undo = client.post(f"/api/tables/{tid}/undo", json={"seq": over["seq"]}, headers=bearer(host))
    assert undo.status_code == 422 and undo.get_json()["rule"] == "undo.over"
    assert "non si può più annullare" in undo.get_json()["messages"]["it"]
    assert state(client, tid, host) == over
    other = Store(tmp_path / "b.sqlite3")
    assert other.import_table(record) == tid and other.export_table(tid) == record
    again = create_app({"DATABASE": str(tmp_path / "b.sqlite3"), "TESTING": True}).test_client()
    assert state(again, tid)["outcome"] == finished["outcome"]


def test_export_and_import_from_the_command_line(tmp_path: Path) -> None:
    _, tid, _ = _played(tmp_path)
    cli = [sys.executable, "-m", "companion.cli"]
    out = tmp_path / "record.json"
    done = subprocess.run([*cli, "export", tid, "-o", str(out), "--database", str(tmp_path / "a.sqlite3")],
                          capture_output=True, text=True, check=True)
    assert tid in done.stdout and json.loads(out.read_text())["table"]["id"] == tid
    done = subprocess.run([*cli, "import", str(out), "--database", str(tmp_path / "d.sqlite3")],
                          capture_output=True, text=True, check=True)
    assert tid in done.stdout
    again = subprocess.run([*cli, "import", str(out), "--database", str(tmp_path / "d.sqlite3")],
                           capture_output=True, text=True)
    assert again.returncode == 2 and "already exists" in again.stderr
    missing = subprocess.run([*cli, "export", "nope", "--database", str(tmp_path / "a.sqlite3")],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "no table" in missing.stderr


def test_a_restored_table_keeps_the_newest_host_link_only(tmp_path: Path) -> None:
    """The host made a new link before the record was taken: on the restored table the new
    token is the host's and the old one is refused (the record holds the latest hash)."""
    app, tid, old = _played(tmp_path)
    renewed = app.test_client().post(f"/api/tables/{tid}/host-link", headers=bearer(old))
    new = renewed.get_json()["host_token"]
    record = Store(tmp_path / "a.sqlite3").export_table(tid)
    assert record is not None and record["events"][-1]["kind"] == "host_link"
    assert new not in json.dumps(record) and old not in json.dumps(record)  # hashes only
    Store(tmp_path / "b.sqlite3").import_table(record)
    again = create_app({"DATABASE": str(tmp_path / "b.sqlite3"), "TESTING": True}).test_client()
    assert again.get(f"/api/tables/{tid}/record", headers=bearer(new)).status_code == 200
    assert again.get(f"/api/tables/{tid}/record", headers=bearer(old)).status_code == 403
