"""The shipped networks' description says which code built them, and the benchmark says
whether ``make models`` on today's code would build them again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from recognizer.benchmark import provenance_line
from recognizer.reader import DESCRIPTION
from recognizer.training import provenance


def test_a_build_depends_on_the_finder_the_labels_and_the_training_not_on_the_app() -> None:
    top = provenance.PACKAGE.parent
    names = {p.relative_to(top).as_posix() for p in provenance.modules(provenance.BUILDER)}
    # imported at the top of build.py, or only inside the functions that train
    assert {"recognizer/candidates.py", "recognizer/training/dataset.py", "recognizer/training/network.py",
            "recognizer/training/train.py", "recognizer/training/build.py"} <= names
    assert not any(n.startswith("companion/") for n in names)
    # how readings become cards, and which candidates are read, is the app's: tuning it
    # (recognizer.settings, the grouping, the pipeline) needs no new networks
    assert not names & {"recognizer/settings.py", "recognizer/grouping.py", "recognizer/pipeline.py"}


def test_the_fingerprint_changes_with_the_code_and_not_with_where_it_lies(tmp_path: Path) -> None:
    here = provenance.fingerprint()
    assert here == provenance.fingerprint() and len(here) == 16
    copy = tmp_path / "recognizer"
    shutil.copytree(provenance.PACKAGE, copy, ignore=shutil.ignore_patterns("models", "__pycache__"))
    builder = (copy / "training" / "build.py",)
    assert provenance.fingerprint(builder, copy) == here
    finder = copy / "candidates.py"
    text = finder.read_text()
    finder.write_text(text.replace('"""Finding corner-index candidates', '"""Finding, in other words,', 1)
                      + "\n# a comment\n\n")
    assert provenance.fingerprint(builder, copy) == here, "documentation is not code"
    finder.write_text(text.replace("< s.min_side or", "< s.min_side + 1 or", 1))
    assert provenance.fingerprint(builder, copy) != here


def test_code_is_a_module_without_its_comments_and_docstrings() -> None:
    text = 'def f(x):\n    """Double."""\n\n    return 2 * x  # twice\n\nNAME = "kept"\n'
    assert provenance.code(text) == 'def f(x):\n    return 2 * x\nNAME = "kept"'


def test_the_benchmark_says_whether_the_networks_match_the_code(tmp_path: Path) -> None:
    description = tmp_path / "index_reader.json"
    description.write_text(json.dumps({"variants": {}}))
    assert "records no code fingerprint" in provenance_line(description)
    description.write_text(json.dumps({"code": provenance.fingerprint(), "commit": "0123456789abcdef"}))
    line = provenance_line(description)
    assert "built by today's code" in line and "0123456789" in line
    uncommitted = "0123456789" * 4 + "+changes"
    description.write_text(json.dumps({"code": provenance.fingerprint(), "commit": uncommitted}))
    assert "commit 0123456789+changes" in provenance_line(description)
    description.write_text(json.dumps({"code": "0" * 16}))
    assert "has changed since" in provenance_line(description)


def test_the_shipped_networks_were_built_by_todays_code() -> None:
    """``make models`` builds every shipped network from the project's code: a change to the
    finder, the scenes, the labels or the training comes with the networks it builds."""
    shipped = json.loads(DESCRIPTION.read_text())
    assert provenance.matches(shipped), (
        f"the networks in {DESCRIPTION.parent} were built by code {shipped.get('code')}, today's is "
        f"{provenance.fingerprint()}: run `make models` and keep the build only if its figures hold")


def test_the_benchmark_says_whether_the_networks_were_built_with_this_machines_fonts(tmp_path: Path) -> None:
    """A build records its fonts and library versions; the benchmark names what differs here
    (a missing font changes every scene a rebuild would draw)."""
    from recognizer.benchmark import environment_line
    from recognizer.training.environment import differences, environment

    today = environment()
    assert today["libraries"]["numpy"] != "none" and today["libraries"]["opencv-python-headless"] != "none"
    description = tmp_path / "index_reader.json"
    description.write_text(json.dumps({"code": provenance.fingerprint()}))
    assert "not recorded" in environment_line(description)
    description.write_text(json.dumps({"environment": today}))
    assert environment_line(description).endswith("the same as on this machine")
    other = {"fonts": {**today["fonts"], "Gone.ttf": "0" * 12},
             "libraries": {**today["libraries"], "numpy": "1.0"}}
    description.write_text(json.dumps({"environment": other}))
    line = environment_line(description)
    assert "Gone.ttf missing" in line and f"numpy 1.0 -> {today['libraries']['numpy']}" in line
    assert differences(today, other) == ["Gone.ttf added", f"numpy {today['libraries']['numpy']} -> 1.0"]


def test_the_installed_libraries_are_the_pinned_ones() -> None:
    """`make` installs with `constraints.txt`: the figures and the networks are made with these
    versions (the training extra's, Pillow and ONNX, where it is installed)."""
    from importlib import metadata

    text = (provenance.PACKAGE.parent / "constraints.txt").read_text()
    pins = dict(line.split("==") for line in text.splitlines() if line.strip() and not line.startswith("#"))
    assert set(pins) == {"opencv-python-headless", "numpy", "pillow", "onnx"}
    for name, version in pins.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            assert name in ("pillow", "onnx"), f"{name} is a core dependency"
            continue
        assert installed == version, f"{name} {installed} is installed, constraints.txt pins {version}"
