"""The built wheel carries everything an installed Tavolo needs: every package (a module
missing from the list would only fail once installed), the templates, the static files
(the service worker, the manifest, the icons) and every network of the recogniser with its description."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_wheel_carries_every_module_template_static_file_and_model(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                           "-q", "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("companion", "recognizer"):
        for source in (ROOT / folder).rglob("*.py"):
            assert source.relative_to(ROOT).as_posix() in names, source
    for page in (ROOT / "templates").glob("*.html"):
        assert f"companion/_assets/templates/{page.name}" in names, page.name
    for asset in (ROOT / "static").iterdir():
        assert f"companion/_assets/static/{asset.name}" in names, asset.name
    models = sorted((ROOT / "recognizer" / "models").iterdir())
    assert any(m.suffix == ".onnx" for m in models) and any(m.suffix == ".json" for m in models)
    for model in models:  # every network the description names, and the description
        assert f"recognizer/models/{model.name}" in names, model.name
