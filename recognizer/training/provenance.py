"""Which code made the shipped networks. A build's description records the fingerprint of
every module the build runs (the finder that proposes the training candidates, the scenes,
the labels, the networks, the training), so that the benchmark can say whether ``make
models`` on today's code would make the networks it scores, or older ones.

Standard library only: the app and the benchmark read it without the training extra.
"""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import tokenize
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
    code (:func:`code`), the same wherever the project is checked out."""
    h = hashlib.sha256()
    for path in modules(roots):
        h.update(path.relative_to(package.parent).as_posix().encode() + b"\0")
        h.update(code(path.read_text()).encode() + b"\0")
    return h.hexdigest()[:16]


_LINE_ENDS = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)


def code(text: str) -> str:
    """A module's text without what cannot change what it does: comments, docstrings (any
    string standing alone as a statement), trailing spaces and blank lines. Editing a
    sentence of documentation then leaves the networks' fingerprint as it was."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
              if t.type not in (tokenize.NL, tokenize.ENDMARKER)]
    spans = []
    before = tokenize.NEWLINE
    for k, t in enumerate(tokens):
        if t.type == tokenize.COMMENT:
            spans.append((t.start, t.end))
            continue
        after = next((u.type for u in tokens[k + 1:] if u.type != tokenize.COMMENT), tokenize.NEWLINE)
        if t.type == tokenize.STRING and before in _LINE_ENDS and after == tokenize.NEWLINE:
            spans.append((t.start, t.end))
        before = t.type
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    kept = text
    for (r0, c0), (r1, c1) in reversed(spans):
        kept = kept[:starts[r0 - 1] + c0] + kept[starts[r1 - 1] + c1:]
    return "\n".join(line.rstrip() for line in kept.splitlines() if line.strip())


def commit() -> str | None:
    """The project's git commit, when it is a git checkout with git installed; followed by
    "+changes" when tracked files differ from it (the build ran on code not yet committed)."""
    try:
        head = _git("rev-parse", "HEAD")
        changed = _git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return (head + "+changes" if changed else head) or None


def _git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=PACKAGE, capture_output=True, text=True, timeout=10, check=True)
    return out.stdout.strip()


def matches(description: dict[str, object]) -> bool | None:
    """Whether a description's networks were built by today's code: None when it records
    no fingerprint."""
    code = description.get("code")
    return None if not isinstance(code, str) else code == fingerprint()
