"""The house as ARCHITECTURE.md draws it: every path it names exists, every package of companion/
is in its diagram, imports run only downwards, and no modules import each other in a circle."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "ARCHITECTURE.md"
# Each layer imports only the layers below it (a lower number), never one above.
LAYERS = {"games": 0, "storage": 0, "decks": 1, "service": 2, "web": 3, "bench": 3, "app": 4, "cli": 5}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Every module of companion/ and the companion modules it imports (at its top or inside a
    function): ``from x import y`` counts y when y is a module, else x."""
    files = sorted((ROOT / "companion").rglob("*.py"))
    modules = {_module(f) for f in files}
    found: dict[str, set[str]] = defaultdict(set)
    for f in files:
        me = _module(f)
        package = me if f.name == "__init__.py" else me.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    name = sub if sub in modules else target
                    if name in modules and name != me:
                        found[me].add(name)
            elif isinstance(node, ast.Import):
                found[me] |= {a.name for a in node.names if a.name in modules}
    return found


def _layer(module: str) -> str:
    parts = module.split(".")
    return "app" if len(parts) == 1 else "cli" if parts[1] in ("cli", "__main__") else parts[1]


def test_every_path_the_architecture_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:companion|recognizer|tests|static|templates)/[^`<>\s]*)`", text))
    named |= set(re.findall(r"^((?:companion|recognizer)/\S*)", text, re.M))  # the diagram
    assert len(named) > 30, named
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert not missing, missing


def test_the_diagram_shows_every_package_of_companion() -> None:
    text = DOC.read_text(encoding="utf-8")
    packages = {p.parent.relative_to(ROOT).as_posix() + "/"
                for p in (ROOT / "companion").glob("*/__init__.py")}
    assert packages == {f"companion/{name}/" for name in LAYERS if name != "app"}
    for package in packages:
        assert re.search(rf"^{re.escape(package)}", text, re.M), package
    games = {p.parent.name for p in (ROOT / "companion" / "games").glob("*/__init__.py")}
    assert all(f"{g}/" in text for g in games)


def test_imports_run_only_downwards() -> None:
    upward = [(a, b) for a, targets in _imports().items() for b in targets
              if LAYERS[_layer(b)] > LAYERS[_layer(a)]
              or (_layer(a) != _layer(b) and LAYERS[_layer(b)] == LAYERS[_layer(a)])]
    assert not upward, upward


def test_no_modules_import_each_other_in_a_circle() -> None:
    graph = _imports()
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            raise AssertionError(" -> ".join([*path[path.index(module):], module]))
        if module in done:
            return
        path.append(module)
        for target in sorted(graph.get(module, ())):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
