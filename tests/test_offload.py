"""Offloaded work under the gevent server: its result and its errors come back to the caller."""

from __future__ import annotations

import pytest

from companion.service import offload as offload_module
from recognizer.decode import ImageError, decode


@pytest.fixture
def in_gevent(monkeypatch: pytest.MonkeyPatch) -> None:
    """As under the gevent server: the work goes to the hub's pool of real threads."""
    monkeypatch.setattr(offload_module, "patched", lambda: True)


def test_the_work_runs_in_the_pool_and_its_result_comes_back(in_gevent: None) -> None:
    assert offload_module.offload(lambda a, b: a + b, 2, 3) == 5


def test_a_refused_photo_is_raised_in_the_caller_without_a_traceback_in_the_log(
        in_gevent: None, capfd: pytest.CaptureFixture[str]) -> None:
    """An empty upload is an expected refusal: the caller gets the ImageError with its
    sentence, and the pool's thread prints nothing (before, a traceback per photo)."""
    with pytest.raises(ImageError, match="The file is empty"):
        offload_module.offload(decode, b"")
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err, err


def test_a_bug_in_the_work_still_reaches_the_caller(in_gevent: None) -> None:
    def broken() -> None:
        raise KeyError("lost")

    with pytest.raises(KeyError, match="lost"):
        offload_module.offload(broken)
