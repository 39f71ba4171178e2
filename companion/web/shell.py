"""The installable app's shell: the service worker, served from the root so that it looks
after every page, with a version that changes whenever a static file does."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, current_app

bp = Blueprint("shell", __name__)
SHELL_SUFFIXES = (".js", ".css", ".png", ".webmanifest", ".svg")


@cache
def _worker(static: str) -> tuple[str, str]:
    """The service worker's text and version for the static folder (read once per process)."""
    folder = Path(static)
    files = sorted(p for p in folder.iterdir() if p.suffix in SHELL_SUFFIXES and p.name != "sw.js")
    digest = hashlib.sha256()
    for p in files:
        digest.update(p.name.encode() + b"\0" + p.read_bytes())
    version = "tavolo-" + digest.hexdigest()[:16]
    shell = ["/"] + [f"/static/{p.name}" for p in files]
    text = (folder / "sw.js").read_text(encoding="utf-8")
    return text.replace("__VERSION__", version).replace("__SHELL__", json.dumps(shell)), version


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker (never cached itself: a new version must be seen at once)."""
    static = current_app.static_folder
    assert static is not None
    text, version = _worker(static)
    return Response(text, mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "X-Tavolo-Shell": version})
