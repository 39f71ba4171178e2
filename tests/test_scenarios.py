"""`companion replay` against every scenario of the games we replay, judged by the shared judge and by us."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.scenarios import ScenarioError, replay_scenario

from .conftest import SCENARIOS, SHARED

QUINTA = sorted((SCENARIOS / "quinta").glob("*.json"))
INSONNIA = sorted((SCENARIOS / "insonnia").glob("*.json"))
IN_PROCESS = QUINTA + INSONNIA
REPLAY = [sys.executable, "-m", "companion.cli", "replay"]
needs_shared = pytest.mark.skipif(not QUINTA, reason=f"no scenarios under {SCENARIOS}")


def _sub(expected: object, actual: object) -> bool:
    """True when ``actual`` contains the partial snapshot ``expected``."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _sub(v, actual[k])
                                                for k, v in expected.items())
    return expected == actual


REPLAYED = ("quinta", "oscuri", "diavolo", "insonnia")


@needs_shared
@pytest.mark.parametrize("game", REPLAYED)
def test_shared_judge_passes_every_scenario(game: str) -> None:
    cmd = f"{sys.executable} -m companion.cli replay"
    files = sorted((SCENARIOS / game).glob("*.json"))
    proc = subprocess.run(
        [sys.executable, str(SHARED / "tools" / "scenario_check.py"), cmd, str(SCENARIOS / game)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert files and f"{len(files)} passed, 0 failed" in proc.stdout


@needs_shared
@pytest.mark.parametrize("path", IN_PROCESS, ids=[f"{p.parent.name}/{p.stem}" for p in IN_PROCESS])
def test_scenario_in_process(path: Path) -> None:
    scenario = json.loads(path.read_text())
    report = replay_scenario(scenario)
    assert len(report["steps"]) == len(scenario["actions"])
    previous = report["initial"]
    for action, step in zip(scenario["actions"], report["steps"], strict=True):
        if action.get("illegal"):
            assert step["accepted"] is False and step["rule"] and step["message"]
            assert step["state"] == previous
        else:
            assert step["accepted"] is True, step
        previous = step["state"]
    expected = scenario["expected"]
    assert report["game_over"] == expected["game_over"]
    assert report["winner"] == expected["winner"]
    for key in ("rows", "scores", "phase", "runs", "complete", "deck_size", "to_act"):
        if key in expected["state"]:
            assert report["state"][key] == expected["state"][key]


def _replay_text(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    f = tmp_path / "s.json"
    f.write_text(text)
    return subprocess.run([*REPLAY, str(f)], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{not json", "is not JSON"),
        ('{"format": "rules-scenario/1", "game": "scopa", "options": {}, "actions": []}', "unknown game"),
        ('{"format": "other"}', "rules-scenario/1"),
        ('{"format": "rules-scenario/1", "game": "quinta", "options": {"players": "AB"}, "actions": []}',
         "options.players"),
        ('{"format": "rules-scenario/1", "game": "quinta", "options": {"players": ["A","B","C"]},'
         ' "setup": {"hands": {"Z": []}}, "actions": []}', "not in options.players"),
    ],
)
def test_malformed_files_exit_2_with_a_message(tmp_path: Path, text: str, why: str) -> None:
    proc = _replay_text(tmp_path, text)
    assert proc.returncode == 2
    assert why in proc.stderr and proc.stdout == ""


def test_missing_file_exits_2(tmp_path: Path) -> None:
    proc = subprocess.run([*REPLAY, str(tmp_path / "nope.json")], capture_output=True, text=True)
    assert proc.returncode == 2 and "cannot read" in proc.stderr


def test_unknown_player_or_action_is_a_refused_step_not_a_crash() -> None:
    scenario = {
        "format": "rules-scenario/1", "game": "quinta",
        "options": {"players": ["A", "B", "C"]},
        "setup": {"hands": {"A": ["2H"], "B": ["3H"], "C": ["4H"]}},
        "actions": [
            {"player": "Z", "type": "play", "card": "2H"},
            {"player": "A", "type": "stand"},
            {"player": "A", "type": "play", "card": "2H"},
        ],
    }
    report = replay_scenario(scenario)
    assert [s["accepted"] for s in report["steps"]] == [False, False, True]
    assert report["steps"][0]["rule"] == "seat"
    assert report["steps"][1]["rule"] == "quinta.unknown_action"


def test_insonnia_names_an_owner_by_name_and_refuses_a_stranger() -> None:
    scenario = {
        "format": "rules-scenario/1", "game": "insonnia",
        "options": {"players": ["A", "B"]},
        "setup": {"first_turn": False, "to_act": "A", "hands": {"A": ["R5", "R6"], "B": ["Y1"]},
                  "deck": ["G9", "P2"], "table": {"runs": {"A": [], "B": [{"4": "B4"}]}}},
        "actions": [
            {"player": "A", "type": "play",
             "placements": [{"card": "R5", "owner": "Z", "run": 0, "slot": 5}]},
            {"player": "A", "type": "play",
             "placements": [{"card": "R5", "owner": "B", "run": 0, "slot": 5}]},
            {"player": "B", "type": "concentrate", "owner": "Z", "run": 0, "slot": 5},
        ],
    }
    report = replay_scenario(scenario)
    assert [s["accepted"] for s in report["steps"]] == [False, True, False]
    assert report["steps"][0]["rule"] == "insonnia.malformed"
    assert report["state"]["runs"]["B"] == [{"4": "B4", "5": "R5"}]


def test_scenario_error_is_raised_for_a_non_object() -> None:
    with pytest.raises(ScenarioError):
        replay_scenario([])
