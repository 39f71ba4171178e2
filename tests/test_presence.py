"""Which seats' phones have the table open: counted per live stream, told to every phone.

The registry alone (streams opened and closed, what other servers announce and when it
lapses), then real streams through the app: a phone sees another come and go, a table
screen is no phone, and a seat the host frees stops counting for the old phone.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask import Flask

from companion.service.presence import LAPSE, Presence
from companion.storage.live import Doorbell

from .helpers import bearer, create, join


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_seat_counts_while_any_of_its_streams_is_open_and_each_change_rings() -> None:
    bell = Doorbell()
    presence = Presence(bell)
    before = bell.rings("t")
    presence.enter("t", 1)
    assert presence.seats("t") == {1} and bell.rings("t") != before
    presence.enter("t", 1)  # a second tab of the same seat
    rung = bell.rings("t")
    presence.leave("t", 1)
    assert presence.seats("t") == {1} and bell.rings("t") == rung  # nothing changed: no ring
    presence.enter("t", 0)
    presence.leave("t", 1)
    assert presence.seats("t") == {0} and presence.seats("other") == frozenset()
    presence.leave("t", 0)
    assert presence.seats("t") == frozenset()


def test_other_servers_are_heard_and_lapse_unless_they_say_it_again() -> None:
    said: list[str] = []
    clock = Clock()
    bell = Doorbell()
    presence = Presence(bell, said.append, clock)
    try:
        presence.enter("t", 2)
        assert said == [f"{presence.server}|t|2"]  # the whole set of the table, at once
        before = bell.rings("t")
        presence.heard("far|t|0,3")
        assert presence.seats("t") == {0, 2, 3} and bell.rings("t") != before
        presence.heard(f"{presence.server}|t|")  # its own announcement, heard back: ignored
        assert presence.seats("t") == {0, 2, 3}
        clock.now += LAPSE - 1
        presence.heard("far|t|0")  # said again: holds on
        clock.now += LAPSE - 1
        assert presence.seats("t") == {0, 2}
        clock.now += 2  # that server died: what it said lapses
        assert presence.seats("t") == {2}
        presence.heard("far|t|1")
        presence.heard("far|t|")  # its last stream closed: gone at once
        assert presence.seats("t") == {2}
        for garbage in ("", "no bars", "a|b|x,y", "a|b|1|2"):
            presence.heard(garbage)  # not understood: logged, nothing changes
        assert presence.seats("t") == {2} and presence.seats("b") == frozenset()
        presence.leave("t", 2)
        assert said[-1] == f"{presence.server}|t|"
    finally:
        presence.stop()


def test_a_lost_notice_never_breaks_a_stream() -> None:
    def broken(payload: str) -> None:
        raise OSError("the database went away")

    presence = Presence(Doorbell(), broken)
    try:
        presence.enter("t", 0)
        assert presence.seats("t") == {0}
        presence.leave("t", 0)
        assert presence.seats("t") == frozenset()
    finally:
        presence.stop()


def _presence_events(chunks: Iterator[bytes], wanted: list[int], most: int = 200) -> list[list[int]]:
    """The presence events of a stream, read until one lists ``wanted`` (keep-alives between)."""
    seen: list[list[int]] = []
    for _ in range(most):
        chunk = next(chunks)
        if chunk.startswith(b"event: presence"):
            seen.append(json.loads(chunk.split(b"data: ", 1)[1]))
            if seen[-1] == wanted:
                return seen
    raise AssertionError(f"no presence event listed {wanted}: {seen}")


def _stream(app: Flask, tid: str, token: str | None = None, screen: bool = False) -> Any:
    headers = bearer(token) if token else {}
    return app.test_client().get(f"/api/tables/{tid}/events{'?as=table' if screen else ''}",
                                 headers=headers, buffered=False)


def test_phones_see_each_other_come_and_go(app: Flask) -> None:
    client = app.test_client()
    data = create(client)
    tid, host = data["table_id"], data["host_token"]
    anna, bruno = join(app.test_client(), tid, 0), join(app.test_client(), tid, 1)
    annas = _stream(app, tid, anna)
    chunks = iter(annas.response)
    first = next(c for c in chunks if b"event: state" in c)  # the view comes first
    assert json.loads(first.split(b"data: ", 1)[1])["me"] == 0
    assert _presence_events(chunks, [0])[-1] == [0]
    screen = _stream(app, tid, host, screen=True)  # the table screen, the host's: no seat's phone
    next(iter(screen.response))
    brunos = _stream(app, tid, bruno)
    next(iter(brunos.response))
    assert _presence_events(chunks, [0, 1])[0] == [0, 1]  # the screen never counted
    brunos.close()
    assert _presence_events(chunks, [0]) == [[0]]
    # the host frees Anna's seat: her old phone's stream stops counting for it
    assert client.delete(f"/api/tables/{tid}/seats/0", headers=bearer(host)).status_code == 200
    assert _presence_events(chunks, [])[-1] == []
    screen.close()
    annas.close()
    assert app.extensions["tavolo"].presence.seats(tid) == frozenset()


def test_a_player_looking_at_the_table_screen_on_his_own_phone_is_there(app: Flask) -> None:
    """A host who plays switches his phone to the table screen (public things only): his seat
    still counts as present, since the phone showing the table is his."""
    client = app.test_client()
    data = create(client)
    tid = data["table_id"]
    join(client, tid, 0)  # this phone holds seat 0 (cookies), and the host's cookie
    screen = client.get(f"/api/tables/{tid}/events?as=table", buffered=False)
    chunks = iter(screen.response)
    first = next(c for c in chunks if b"event: state" in c)
    assert json.loads(first.split(b"data: ", 1)[1])["me"] is None  # the screen shows no hand
    assert _presence_events(chunks, [0])[-1] == [0]
    screen.close()
    assert app.extensions["tavolo"].presence.seats(tid) == frozenset()
