"""The load tool drives the real server: streams open, moves flow and arrive on every phone.

Only that it works is checked here; the speed figures belong to ``make bench``.
"""

from __future__ import annotations

import re
import subprocess
import sys


def test_the_load_tool_plays_tables_through_the_real_server() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "companion.bench.load", "--tables", "3", "--seconds", "4",
         "--think", "0.05", "0.2"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    figures = re.search(r"\((\d+) live streams\).*: (\d+) moves.*\((\d+) moves measured; "
                        r"(\d+) refused as stale, (\d+) errors\)", out)
    assert figures, out
    streams, moves, measured, _, errors = (int(x) for x in figures.groups())
    assert streams == 18 and moves > 10 and measured > 0.8 * moves and errors == 0, out
