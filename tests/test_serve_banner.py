"""``companion serve`` (what ``make run`` starts) tells the host which link phones open: the
machine's address on the local network with the port, and the same link as a QR code drawn
in the terminal, which a phone's camera reads."""

from __future__ import annotations

import ipaddress
import os
import queue
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np
import pytest

from companion.bench.loopback import free_port
from companion.service.joining import Reach, lan_address, reach

from .helpers import decode_qr

# The terminal QR code is drawn with half blocks, light on a dark terminal: each character is
# two modules, the upper and the lower one (True = dark).
HALF_BLOCKS = {"█": (False, False), "▄": (True, False), "▀": (False, True), "\xa0": (True, True)}


def terminal_qr_image(lines: list[str], scale: int = 8, margin: int = 4) -> np.ndarray:
    """The QR code drawn by the banner as a black-on-white image, with a wide quiet zone."""
    width = max(len(line) for line in lines)
    modules = np.zeros((2 * len(lines), width), bool)
    for row, line in enumerate(lines):
        for col, char in enumerate(line):
            modules[2 * row, col], modules[2 * row + 1, col] = HALF_BLOCKS[char]
    image = np.where(modules, 0, 255).astype(np.uint8)
    image = np.kron(image, np.ones((scale, scale), np.uint8))
    return np.pad(image, margin * scale, constant_values=255)


def qr_lines(banner: list[str]) -> list[str]:
    """The banner's lines made only of the QR code's half blocks."""
    return [line for line in banner if line and set(line) <= set(HALF_BLOCKS)]


@pytest.fixture
def banner(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[int, list[str]]]:
    """The lines ``companion serve`` printed up to its ``Data:`` line, and its port; with
    ``@pytest.mark.parametrize("banner", [[...]], indirect=True)``, more arguments."""
    port = free_port()
    more = list(getattr(request, "param", []))
    env = {k: v for k, v in os.environ.items() if k not in ("TAVOLO_PUBLIC_URL", "PORT")}
    env.update(PYTHONIOENCODING="utf-8", PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--port", str(port),
         "--database", str(tmp_path / "serve.sqlite3"), *more],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, encoding="utf-8")
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    printed: list[str] = []
    try:
        while not printed or not printed[-1].startswith("Data:"):
            line = lines.get(timeout=30)
            assert line is not None, "the server stopped:\n" + "\n".join(printed)
            printed.append(line)
        yield port, printed
    finally:
        proc.terminate()
        proc.wait(10)
        reader.join(10)  # the pipe ends with the process
        assert proc.stdout is not None
        proc.stdout.close()


def test_the_banner_shows_the_lan_link_and_its_qr_code(banner: tuple[int, list[str]]) -> None:
    port, printed = banner
    links = [line.strip() for line in printed if line.strip().startswith("http")]
    assert len(links) == 1, printed
    link = links[0]
    parts = urlsplit(link)
    assert parts.scheme == "http" and parts.port == port and parts.path == "/"
    assert parts.hostname == lan_address()
    if lan_address() != "127.0.0.1":  # the machine is on a network: phones need its address
        assert parts.hostname != "localhost" and not ipaddress.ip_address(parts.hostname).is_loopback
    # The server listens on every interface, as `make run` has it: the link answers.
    with urllib.request.urlopen(link, timeout=10) as resp:
        assert resp.status == 200 and "Tavolo" in resp.read().decode()

    drawn = qr_lines(printed)
    assert len(drawn) >= 10, printed
    assert decode_qr(terminal_qr_image(drawn)) == link
    assert any(line.startswith("Data:") and "serve.sqlite3" in line for line in printed)


@pytest.mark.parametrize("banner", [["--host", "127.0.0.1"]], indirect=True)
def test_a_server_on_loopback_says_phones_cannot_join_and_how_to_start_for_the_lan(
        banner: tuple[int, list[str]]) -> None:
    port, printed = banner
    text = "\n".join(printed)
    links = [w.rstrip("/") + "/" for line in printed for w in line.split() if w.startswith("http")]
    assert links == [f"http://127.0.0.1:{port}/"]  # only an address the server listens on
    with urllib.request.urlopen(links[0], timeout=10) as resp:
        assert resp.status == 200
    if lan_address() != "127.0.0.1":
        assert lan_address() not in text  # never the LAN address, where nothing listens
    assert "PHONES CANNOT JOIN: this server listens only on this computer (127.0.0.1)" in text
    assert "companion serve --host 0.0.0.0" in text and "make run" in text
    assert not qr_lines(printed)  # no QR code a phone could not open


def test_make_run_listens_on_every_interface_so_phones_can_join() -> None:
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(["make", "-n", "-s", "-o", ".venv/.installed", "run"], cwd=root,
                          capture_output=True, text=True, check=True)
    assert "companion serve --host 0.0.0.0" in done.stdout


@pytest.mark.parametrize(("host", "link", "phones"), [
    ("0.0.0.0", None, True), ("127.0.0.1", "http://127.0.0.1:5000", False),
    ("localhost", "http://127.0.0.1:5000", False), ("::1", "http://[::1]:5000", False),
    ("10.1.2.3", "http://10.1.2.3:5000", True)])
def test_the_link_is_an_address_the_server_listens_on(host: str, link: str | None, phones: bool) -> None:
    found = reach(host, 5000)
    if link is None:  # every interface: the LAN address, when this computer has one
        assert found.link == f"http://{lan_address()}:5000" and found.phones == (lan_address() != "127.0.0.1")
    else:
        assert (found.link, found.phones) == (link, phones)
    assert reach("127.0.0.1", 5000, public="https://tavolo.example/") == \
        Reach("https://tavolo.example", True)  # a proxy's link is trusted
