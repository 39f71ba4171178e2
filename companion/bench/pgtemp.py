"""A throwaway PostgreSQL server for the tests and the benchmark.

It runs Debian's own PostgreSQL binaries (``initdb`` and ``postgres``) on a free
loopback port, with its data in a temporary folder that is removed when it stops.
PostgreSQL refuses to run as root: when we are root, the server runs as the
``postgres`` user the Debian package creates. Nothing here is used by ``make run``.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from .loopback import free_port


class NoPostgres(RuntimeError):
    """PostgreSQL's server programs are not installed (or cannot run here)."""


def binaries() -> Path | None:
    """The folder holding ``initdb`` and ``postgres`` (the newest Debian version), or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0)
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


@dataclass
class TempPostgres:
    """A running throwaway server; ``url`` names its ``tavolo`` database."""

    root: Path
    port: int
    process: subprocess.Popen[bytes]
    user: str | None
    log: Path
    databases: list[str] = field(default_factory=list)

    def url_for(self, database: str) -> str:
        return f"postgresql://tavolo@127.0.0.1:{self.port}/{database}"

    @property
    def url(self) -> str:
        return self.url_for("tavolo")

    def new_database(self) -> str:
        """A fresh, empty place for one store: a schema of its own in the ``tavolo`` database
        (much quicker to make than a database); the URL that opens it."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        self.databases.append(name)
        return f"{self.url}?options=-csearch_path%3D{name}"

    def stop(self) -> None:
        """Stop the server (a fast shutdown) and remove its files."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        shutil.rmtree(self.root, ignore_errors=True)


def start(settings: dict[str, str] | None = None) -> TempPostgres:
    """Create a cluster in a temporary folder and start its server; :class:`NoPostgres` when
    the programs are missing."""
    import psycopg

    bindir = binaries()
    if bindir is None:
        raise NoPostgres("PostgreSQL's server programs are not installed (Debian package postgresql)")
    user = "postgres" if os.geteuid() == 0 else None
    root = Path(tempfile.mkdtemp(prefix="tavolo-pg-"))
    if user is not None:
        shutil.chown(root, user, user)
    data, log = root / "data", root / "server.log"
    run_as = {"user": user, "group": user} if user else {}
    done = subprocess.run([str(bindir / "initdb"), "-D", str(data), "-U", "tavolo", "--auth=trust",
                           "-E", "UTF8", "--no-sync"], capture_output=True, **run_as)  # type: ignore[call-overload]
    if done.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        raise NoPostgres(f"initdb failed: {done.stderr.decode(errors='replace')[-400:]}")
    port = free_port()
    options = {"listen_addresses": "127.0.0.1", "port": str(port), "unix_socket_directories": str(root),
               "max_connections": "300", "fsync": "on", "synchronous_commit": "on", **(settings or {})}
    args = [str(bindir / "postgres"), "-D", str(data)]
    for key, value in options.items():
        args += ["-c", f"{key}={value}"]
    with log.open("wb") as out:
        process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, **run_as)  # type: ignore[call-overload]
    server = TempPostgres(root, port, process, user, log)
    deadline = time.monotonic() + 30
    while True:
        try:
            with psycopg.connect(server.url_for("postgres"), autocommit=True, connect_timeout=2) as conn:
                conn.execute("CREATE DATABASE tavolo")
            return server
        except psycopg.OperationalError:
            if process.poll() is not None or time.monotonic() > deadline:
                text = log.read_text(errors="replace")[-600:] if log.exists() else ""
                server.stop()
                raise NoPostgres(f"the PostgreSQL server did not start: {text}") from None
            time.sleep(0.1)
