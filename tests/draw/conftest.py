"""Every CLI test keeps the user's data folder (saves, play history, the server's
database) in its own temporary folder, never the real one."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
              ) -> Path:
    """``XDG_DATA_HOME`` for this test: footwork's data folder is ``<it>/footwork``."""
    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home
