"""A table's record (tavolo-record/1): the whole log of one table as JSON, to download once the game is
over and to import into another store; the same on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
from typing import Any

from .rows import (
    TableRow,
    request_seat,
)

RECORD_FORMAT = "tavolo-record/1"


RecordRows = tuple[
    tuple[str, str, str, str, float],  # the table: id, room, game, host token hash, created
    list[tuple[int, str, str, float]],  # events: seq, kind, payload as JSON text, created
    list[tuple[int, str]],  # seats: seat, token hash
    list[tuple[int, str, str | None, int]],  # requests: seat, request id, digest, seq
]


def parse_record(record: dict[str, Any]) -> RecordRows:
    """The rows of a game record made by ``export_table``; ValueError when it is malformed."""
    try:
        if record.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a {RECORD_FORMAT} record")
        t = record["table"]
        table = (str(t["id"]), str(t["room"]), str(t["game"]), str(t["host_token_hash"]),
                 float(t["created"]))
        events = [(int(e["seq"]), str(e["kind"]), json.dumps(e["payload"]), float(e["created"]))
                  for e in record["events"]]
        seats = [(int(s["seat"]), str(s["token_hash"])) for s in record.get("seats", [])]
        payloads = {int(e["seq"]): e["payload"] for e in record["events"]}
        requests = [
            (int(r["seat"]) if "seat" in r else request_seat(payloads.get(int(r["seq"])) or {}),
             str(r["request_id"]), None if r.get("digest") is None else str(r["digest"]), int(r["seq"]))
            for r in record.get("requests", [])]
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ValueError(f"malformed game record: {e}") from e
    if [e[0] for e in events] != list(range(1, len(events) + 1)) or not events or events[0][1] != "setup":
        raise ValueError("malformed game record: the events must be numbered 1, 2, 3... from the setup")
    return table, events, seats, requests


def record_of(row: TableRow, events: list[tuple[Any, ...]], seats: list[tuple[Any, ...]],
              requests: list[tuple[Any, ...]]) -> dict[str, Any]:
    """A table's stored rows as a game record (``tavolo-record/1``); ``requests`` are rows of
    seat, request id, digest and seq."""
    return {
        "format": RECORD_FORMAT,
        "table": {"id": row.id, "room": row.room, "game": row.game,
                  "host_token_hash": row.host_token_hash, "created": row.created},
        "events": [{"seq": int(s), "kind": k, "payload": json.loads(p), "created": float(c)}
                   for s, k, p, c in events],
        "seats": [{"seat": int(s), "token_hash": h} for s, h in seats],
        "requests": [{"seat": int(seat), "request_id": r, "digest": d, "seq": int(s)}
                     for seat, r, d, s in requests],
    }
