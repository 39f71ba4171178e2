"""Which code made the shipped networks. A build's description records the fingerprint of
every module the build runs (the finder that proposes the training candidates, the scenes,
the labels, the networks, the training), so that the benchmark can say whether ``make
models`` on today's code would make the networks it scores, or older ones.

Standard library only: the app and the benchmark read it without the training extra.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent  # recognizer/
PATCH_MAKERS = (HERE / "corpus.py", HERE / "dataset.py")  # what makes the training patches
BUILDER = (HERE / "build.py",)  # what makes the networks from them
_RELATIVE = re.compile(r"^\s*from (\.+)([\w.]*) import", re.MULTILINE)


def modules(roots: tuple[Path, ...]) -> list[Path]:
    """``roots`` and every module they import relatively (at the top or inside a function),
    transitively."""
    seen: set[Path] = set()
    todo = list(roots)
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        for dots, name in _RELATIVE.findall(path.read_text()):
            base = path.parent
            for _ in range(len(dots) - 1):
                base = base.parent
            target = base.joinpath(*name.split(".")) if name else base / "__init__"
            todo.append(target.with_suffix(".py"))
    return sorted(seen)


def fingerprint(roots: tuple[Path, ...] = BUILDER, package: Path = PACKAGE) -> str:
    """A short hash of the modules ``roots`` depend on: their paths in ``package`` and their
    bytes, the same wherever the project is checked out."""
    h = hashlib.sha256()
    for path in modules(roots):
        h.update(path.relative_to(package.parent).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def commit() -> str | None:
    """The project's git commit, when it is a git checkout with git installed."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=PACKAGE, capture_output=True, text=True,
                             timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def matches(description: dict[str, object]) -> bool | None:
    """Whether a description's networks were built by today's code: None when it records
    no fingerprint."""
    code = description.get("code")
    return None if not isinstance(code, str) else code == fingerprint()
