"""Rule ids in words: the rulesets' own documentation, found by id (library, CLI, API)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.errors import FootworkError
from footwork.rulesets.explain import explain


def test_an_id_finds_the_passages_that_cite_it() -> None:
    found = explain("R003-04")
    assert found and all(p.ruleset == "spans" for p in found)
    assert any("pay 1" in p.text for p in found)


def test_an_id_inside_a_cited_range_is_found() -> None:
    # the cultivation README cites falls as a range (R000-39…42)
    assert any("R000-39" in p.text or "R000-39" in p.heading for p in explain("R000-41"))
    assert explain("a004-17")[0].ruleset == "sitemaps"  # case does not matter


def test_unknown_and_malformed_ids() -> None:
    assert explain("R999-01") == []
    with pytest.raises(FootworkError, match="expected R or A"):
        explain("R3-4")


def test_the_cli_explains_and_refuses_in_one_line() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["rules", "R003-04"])
    assert done.exit_code == 0 and "spans" in done.stdout and "pay 1" in done.stdout
    done = runner.invoke(app, ["rules", "R999-01"])
    assert done.exit_code == 2 and len(done.stderr.strip().splitlines()) == 1


def test_the_openapi_schema_is_written_by_the_cli() -> None:
    done = CliRunner().invoke(app, ["schema", "--api"])
    assert done.exit_code == 0
    schema = json.loads(done.stdout)
    assert "/api/tables/{table_id}/commands" in schema["paths"]
    assert "/api/rules/{rule_id}" in schema["paths"]
