"""Schemathesis against the app in-process, from /api/openapi.json: every operation with
generated requests, well-formed and malformed. No answer is a 500, a refused request changes
nothing in the store, and every answer is one the document describes (status, content type,
body schema, headers).

Each generated request is sent four ways: as generated; without any credentials (a request
that changes something is refused: no CSRF token); from the host's page (the CSRF pair and the
host's cookie) at a real table of one of the games; with the host's Bearer token at that table.
Deterministic (derandomised) and bounded, to run in ``make test``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi import checks

from companion import create_app
from companion.web.openapi import document

from .helpers import snapshot

EXAMPLES = int(os.environ.get("TAVOLO_FUZZ_EXAMPLES", "25"))  # more for a deeper hunt
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


TABLES = [  # a table of every game, its seats taken (Quinta keeps one open), hands dealt by the app
    {"game": "quinta", "players": ["ADA", "BO", "CY", None], "options": {"hands": "known"}},
    {"game": "oscuri", "players": ["ADA", "BO", "CY"], "options": {"hands": "known"}},
    {"game": "diavolo", "players": ["ADA", "BO", "CY"]},
    {"game": "kaiserspiel", "players": ["ADA", "BO", "CY", "DI"], "options": {"hands": "known"}},
    {"game": "insonnia", "players": ["ADA", "BO"], "options": {"hands": "known"}},
    {"game": "kaiserspiel", "players": ["ADA", "BO", "CY", "DI"], "options": {"hands": "unknown"}},
]


class Arena:
    """An app on a fresh store, real tables of every game, and their hosts' credentials."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        client = app.test_client()
        self.tables: list[tuple[str, str]] = []
        for body in TABLES:
            made = client.post("/api/tables", json=body).get_json()
            self.tables.append((made["table_id"], made["host_token"]))
            for seat, name in enumerate(body["players"]):
                if name is not None:
                    assert client.post(f"/api/tables/{made['table_id']}/seats",
                                       json={"seat": seat}).status_code == 201
        self.csrf = client.get("/api/csrf").get_json()["token"]

    def table_for(self, case: Any) -> tuple[str, str]:
        """One of the tables, chosen by the case itself (deterministic)."""
        return self.tables[len(repr(case.body)) % len(self.tables)]

    def state(self) -> dict[str, int]:
        return snapshot(self.app.config["DATABASE"])


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    folder: Path = tmp_path_factory.mktemp("schemathesis")
    app = create_app({"DATABASE": str(folder / "t.sqlite3"), "TESTING": True, "SSE_HEARTBEAT": 0.05})
    yield Arena(app)


@pytest.fixture(scope="module")
def api(arena: Arena) -> Any:
    return schemathesis.openapi.from_wsgi("/api/openapi.json", arena.app)


DOC = document()
OPERATIONS = [(path, method.upper()) for path, item in DOC["paths"].items() for method in item]
CREDENTIALS = {"authorization", "cookie", "x-csrf-token"}
CONFORMANCE = [checks.status_code_conformance, checks.content_type_conformance,
               checks.response_schema_conformance, checks.response_headers_conformance]


def _negatable(path: str, method: str) -> bool:
    """Operations with something typed to get wrong: a body, or a parameter other than a text."""
    op = DOC["paths"][path][method.lower()]
    params = op.get("parameters", [])
    return "requestBody" in op or any(p["schema"].get("type") not in (None, "string") for p in params)


CASES = [(path, method, mode) for path, method in OPERATIONS
         for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
         if mode is GenerationMode.POSITIVE or _negatable(path, method)]


def _send(arena: Arena, case: Any, headers: dict[str, str]) -> int:
    """Send one request: never a 500; when refused, nothing changed. Its status."""
    if case.path.endswith("/events"):  # a live stream: one view, then it ends
        case.query = {"limit": 1}
        case.headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "last-event-id"}
    before = arena.state()
    resp = case.call(headers=headers)
    what = (case.method, case.formatted_path, case.query, str(case.body)[:300], resp.status_code,
            resp.text[:500])
    assert resp.status_code < 500, what
    if resp.status_code >= 400:
        assert arena.state() == before, what
    case.validate_response(resp, checks=CONFORMANCE)  # the document tells every answer truly
    return int(resp.status_code)


@pytest.mark.parametrize(("path", "method", "mode"), CASES)
def test_no_request_gets_a_500_and_refusals_change_nothing(
        path: str, method: str, mode: GenerationMode, arena: Arena, api: Any) -> None:
    operation = api[path][method]

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(mode))
    def each(case: Any) -> None:
        _send(arena, case, {})  # as generated (perhaps with a made-up Bearer token)
        generated = dict(case.headers or {})
        case.headers = {k: v for k, v in generated.items() if k.lower() not in CREDENTIALS}
        status = _send(arena, case, {})  # no credentials at all
        if method in UNSAFE:
            assert status == 403, (case.method, case.formatted_path, status)
        table_id, host = arena.table_for(case)
        if case.path_parameters and "table_id" in case.path_parameters:
            case.path_parameters = {**case.path_parameters, "table_id": table_id}
        cookie = f"csrf={arena.csrf}; host_{table_id}={host}"
        _send(arena, case, {"Cookie": cookie, "X-CSRF-Token": arena.csrf})  # from the host's page
        _send(arena, case, {"Authorization": f"Bearer {host}"})  # the host's script

    each()
