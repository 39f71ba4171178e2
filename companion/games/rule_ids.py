"""Every rule id the engines can raise, found by reading their source.

The engines build refusals through small helpers (``bad``/``_bad`` in each game,
``refuse`` and ``PlacementRefused`` in Insonnia's placement checks) whose first
argument is the rule's short name; the game is the folder the module sits in
(``insonnia/check.py`` -> ``insonnia``). A call whose rule is not a literal
is reported apart, so that a new way of raising cannot hide from the rule book.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent
HELPERS = frozenset({"bad", "_bad", "refuse", "PlacementRefused", "IllegalAction"})


def _called(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


class _Finder(ast.NodeVisitor):
    """Collects refusal calls, remembering the function each one sits in."""

    def __init__(self, game: str, file: str) -> None:
        self.game, self.file = game, file
        self.stack: list[str] = []
        self.found: set[str] = set()
        self.dynamic: list[str] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    def visit_Call(self, node: ast.Call) -> None:
        if _called(node) in HELPERS and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                self.found.add(first.value if "." in first.value else f"{self.game}.{first.value}")
            else:
                self.dynamic.append(f"{self.file}:{'.'.join(self.stack) or '<module>'}")
        self.generic_visit(node)


def scan(folder: Path = GAMES_DIR) -> tuple[set[str], list[str]]:
    """``(rule ids, the functions holding refusals whose rule is not a literal)``.

    The second list names the helpers themselves (``quinta/engine.py:_bad``); anything
    else there is a refusal this scan cannot read.
    """
    found: set[str] = set()
    dynamic: list[str] = []
    for path in sorted(folder.glob("*/*.py")):
        finder = _Finder(path.parent.name, f"{path.parent.name}/{path.name}")
        finder.visit(ast.parse(path.read_text(encoding="utf-8")))
        found |= finder.found
        dynamic += finder.dynamic
    return found, dynamic
