"""Shared fixtures: an app on a fresh SQLite file, its test client, its service."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.service.service import TableService
from tests.helpers import PageClient

# Every test client sends the CSRF token the way our pages do (read from the page);
# the tests of refused requests build a plain FlaskClient, which sends none.
Flask.test_client_class = PageClient

SHARED = Path(os.environ.get("TAVOLO_SHARED") or Path(__file__).resolve().parents[2] / "shared")
SCENARIOS = SHARED / "rules" / "scenarios"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "TESTING": True,
                      "PUBLIC_URL": "http://192.0.2.10:5000", "SSE_HEARTBEAT": 0.2})
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def service(app: Flask) -> TableService:
    svc: TableService = app.extensions["tavolo"]
    return svc


@pytest.fixture(scope="session")
def postgres() -> Iterator[object]:
    """A throwaway PostgreSQL server for the session (Debian's package; `make test` installs
    it when missing and we are root), or the tests that need it are skipped with the reason."""
    from companion.bench import pgtemp

    try:
        server = pgtemp.start()
    except pgtemp.NoPostgres as e:
        pytest.skip(f"no PostgreSQL server: {e}")
    yield server
    server.stop()
