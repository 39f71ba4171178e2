"""The installable app's shell: the service worker's route and version, the manifest, and
the icons, which are what ``python -m companion.web.icons`` draws."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
from flask.testing import FlaskClient

from companion.web.icons import ICONS, draw

STATIC = Path(__file__).resolve().parents[1] / "static"


def test_the_service_worker_lists_the_shell_and_is_never_cached(client: FlaskClient) -> None:
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"
    text = resp.get_data(as_text=True)
    version = resp.headers["X-Tavolo-Shell"]
    assert f'const VERSION = "{version}";' in text and "__SHELL__" not in text
    shell = json.loads(text.split("const SHELL = ", 1)[1].split(";\n", 1)[0])
    assert "/" in shell and "/static/table.js" in shell and "/static/app.css" in shell
    for url in shell:  # every file it keeps exists
        with client.get(url) as found:
            assert found.status_code == 200, url
    assert not any(url.startswith("/api/") for url in shell)  # the log is never cached


def test_every_page_links_the_manifest_and_its_icons(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in page and "pwa.js" in page
    with client.get("/static/manifest.webmanifest") as resp:
        manifest = json.loads(resp.get_data(as_text=True))
    assert {i["src"].rsplit("/", 1)[1] for i in manifest["icons"]} == set(ICONS)


def test_the_committed_icons_are_what_the_code_draws() -> None:
    for name, (size, maskable) in ICONS.items():
        stored = cv2.imread(str(STATIC / name), cv2.IMREAD_UNCHANGED)
        assert stored.shape == (size, size, 4), name
        assert np.abs(stored.astype(int) - draw(size, maskable).astype(int)).max() <= 1, name
