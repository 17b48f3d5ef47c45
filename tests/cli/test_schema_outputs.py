"""`footwork schema --state/--option/--event` (issue 13, item 16), through the CLI."""

from __future__ import annotations

import json

import jsonschema
import pytest
from typer.testing import CliRunner

from footwork.cli.app import app

from ..conftest import EXAMPLES

CLIFF = EXAMPLES / "spans" / "cliff-climb.yaml"


def _json(args: list[str]) -> dict[str, object]:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    body: dict[str, object] = json.loads(result.stdout)
    return body


def test_schema_state_validates_what_footwork_state_prints() -> None:
    schema = _json(["schema", "--state", "--ruleset", "spans"])
    assert schema["title"] == "footwork state (spans)"
    jsonschema.validate(_json(["state", str(CLIFF)]), schema)
    jsonschema.validate(_json(["state", str(CLIFF), "--seat", "players"]), schema)


def test_schema_option_validates_what_footwork_options_prints() -> None:
    schema = _json(["schema", "--option"])
    assert schema["title"] == "footwork option"
    found = CliRunner().invoke(app, ["options", str(CLIFF), "--actor", "tamsin", "--steps", "0",
                                     "--json"])
    options = json.loads(found.stdout)
    assert options
    for option in options:
        jsonschema.validate(option, schema)


def test_schema_event_validates_every_line_of_the_log() -> None:
    schema = _json(["schema", "--event", "--ruleset", "spans"])
    assert "moved" in schema["properties"]["event"]["enum"]  # type: ignore[index]
    log = _json(["state", str(CLIFF)])["log"]
    assert isinstance(log, list) and log
    for line in log:
        jsonschema.validate(line, schema)


def test_the_encounter_schema_is_still_the_default() -> None:
    schema = _json(["schema", "--ruleset", "spans"])
    assert schema["title"] == "footwork encounter (spans)"


@pytest.mark.parametrize("flags", [["--state", "--event"], ["--api", "--option"]])
def test_two_schemas_at_once_are_refused_in_one_line(flags: list[str]) -> None:
    result = CliRunner().invoke(app, ["schema", *flags])
    assert result.exit_code == 2
    assert result.stderr == (f"error: {flags[0]} and {flags[1]}: give at most one of --api, "
                             "--state, --option, --event\n")
    assert result.stdout == ""


def test_an_unknown_ruleset_is_refused_in_one_line() -> None:
    result = CliRunner().invoke(app, ["schema", "--event", "--ruleset", "nope"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown ruleset 'nope'; expected one of: ")
    assert result.stderr.count("\n") == 1
