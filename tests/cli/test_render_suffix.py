"""`footwork render -o` writes SVG only (issue 13, item 14): any other name, `map.png`
say, is refused in one line before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app

from ..conftest import EXAMPLES

BOARDING = EXAMPLES / "spans" / "boarding-action.yaml"


@pytest.mark.parametrize("name", ["map.png", "map.PNG", "map.pdf", "map", "map.svg.txt"])
def test_an_output_that_is_not_svg_is_refused(tmp_path: Path, name: str) -> None:
    output = tmp_path / name
    result = CliRunner().invoke(app, ["render", str(BOARDING), "-o", str(output)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {output}: render writes SVG, not ")
    assert "name the output something.svg" in result.stderr
    assert result.stderr.count("\n") == 1
    assert not output.exists()


@pytest.mark.parametrize("name", ["map.svg", "MAP.SVG"])
def test_an_svg_output_is_written(tmp_path: Path, name: str) -> None:
    output = tmp_path / name
    result = CliRunner().invoke(app, ["render", str(BOARDING), "-o", str(output),
                                      "--seat", "players"])
    assert result.exit_code == 0, result.output
    assert "<svg " in output.read_text(encoding="utf-8")
