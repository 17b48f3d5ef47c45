"""JSON Schemas of the state, an option and an event (issue 13, item 16): every property
described, and what the examples produce valid against them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from footwork import (
    encounter_schema,
    event_schema,
    event_to_json,
    get_ruleset,
    load_encounter,
    option_schema,
    state_schema,
)
from footwork.rulesets import available

from ..conftest import EXAMPLES, example_files

FILES = [f for f in example_files() if f.parent.parent == EXAMPLES]
IDS = [f"{f.parent.name}/{f.stem}" for f in FILES]


def properties(schema: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every property of ``schema``, its ``$defs`` and nested subschemas, by path."""
    def walk(node: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                yield f"{path}.{name}", sub
                yield from walk(sub, f"{path}.{name}")
            for key in ("items", "additionalProperties"):
                if isinstance(node.get(key), dict):
                    yield from walk(node[key], f"{path}[]")
            for key in ("anyOf", "oneOf", "allOf"):
                for sub in node.get(key, []):
                    yield from walk(sub, path)
    yield from walk(schema, "")
    for name, sub in schema.get("$defs", {}).items():
        yield from walk(sub, name)


@pytest.mark.parametrize("which", ["state", "option", "event"])
@pytest.mark.parametrize("ruleset", sorted(available()))
def test_every_property_is_described(which: str, ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    schema = {"state": state_schema, "event": event_schema}.get(
        which, lambda _: option_schema())(rs)
    found = list(properties(schema))
    assert len(found) >= 3
    assert [path for path, sub in found if not sub.get("description")] == []


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_the_encounter_schema_describes_its_own_properties(ruleset: str) -> None:
    """The envelope of the file, its actors and its steps; the ruleset's own options,
    map and stats models are described by each ruleset."""
    rs = get_ruleset(ruleset)
    schema = encounter_schema(rs)
    actor = schema["$defs"][f"{ruleset.title()}Actor"]
    own = {**{f".{k}": v for k, v in schema["properties"].items()},
           **{f"actor.{k}": v for k, v in actor["properties"].items()}}
    for variant in schema["properties"]["steps"]["items"]["anyOf"]:
        for key in ("do", "answer", "expect", "expect_error", "reason"):
            if key in variant["properties"]:
                own[f"steps.{variant['title']}.{key}"] = variant["properties"][key]
    assert len(own) >= 18
    assert [path for path, sub in own.items() if not sub.get("description")] == []


#: the rulesets whose own models (options, map, stats and their nested groups) describe
#: every property (issue 13, item 16)
DESCRIBED_MODELS = ["allowances", "cultivation", "sitemaps", "spans", "styles"]


@pytest.mark.parametrize("ruleset", DESCRIBED_MODELS)
def test_the_ruleset_models_describe_every_property(ruleset: str) -> None:
    """Every property of every model in the encounter schema's ``$defs`` (the ruleset's
    options, map and stats models, their nested groups and the actor), at any depth."""
    schema = encounter_schema(get_ruleset(ruleset))
    found = list(properties({"$defs": schema["$defs"]}))
    assert len(found) >= 50
    assert [path for path, sub in found if not str(sub.get("description", "")).strip()] == []


#: the commands whose parameters inside `steps` are described: the core commands (every
#: field) and the fields every command inherits; the rulesets' own command parameters
#: are checked below (issue 13, item 16)
DESCRIBED_COMMANDS = ["answer", "end_encounter", "end_turn"]
INHERITED_PARAMETERS = ["actor", "engine_rolled"]


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_the_core_command_parameters_are_described(ruleset: str) -> None:
    """Each parameter of the core commands in the steps of the encounter schema, at any
    depth, and the parameters every command inherits from the core (``actor``...)."""
    schema = encounter_schema(get_ruleset(ruleset))
    variants = {v["title"]: v for v in schema["properties"]["steps"]["items"]["anyOf"]}
    assert set(DESCRIBED_COMMANDS) <= set(variants)
    found = [(f"{name}{path}", sub) for name in DESCRIBED_COMMANDS
             for path, sub in properties(variants[name])]
    found += [(f"{title}.{key}", v["properties"][key]) for title, v in variants.items()
              for key in INHERITED_PARAMETERS if key in v["properties"]]
    assert len(found) >= 2 * len(variants)
    assert [path for path, sub in found if not str(sub.get("description", "")).strip()] == []


#: the rulesets whose own commands describe every parameter inside `steps` (issue 13,
#: item 16): all of them
DESCRIBED_RULESET_COMMANDS = ["allowances", "cultivation", "sitemaps", "spans", "styles"]


def test_every_ruleset_describes_its_command_parameters() -> None:
    assert sorted(available()) == DESCRIBED_RULESET_COMMANDS


@pytest.mark.parametrize("ruleset", DESCRIBED_RULESET_COMMANDS)
def test_the_ruleset_command_parameters_are_described(ruleset: str) -> None:
    """Every parameter, at any depth, of every command of the ruleset in the steps of the
    encounter schema."""
    rs = get_ruleset(ruleset)
    schema = encounter_schema(rs)
    variants = {v["title"]: v for v in schema["properties"]["steps"]["items"]["anyOf"]}
    own = [command.name for command in rs.commands]
    assert len(own) >= 3 and set(own) <= set(variants)
    found = [(f"{name}{path}", sub) for name in own for path, sub in properties(variants[name])]
    assert len(found) >= 2 * len(own)
    assert [path for path, sub in found if not str(sub.get("description", "")).strip()] == []


def test_the_schemas_are_valid_json_schemas() -> None:
    rs = get_ruleset("spans")
    for schema in (state_schema(rs), state_schema(), option_schema(), event_schema(rs),
                   event_schema(), encounter_schema(rs)):
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_what_every_example_writes_is_valid(path: Path) -> None:
    """The state (every seat's view), each event, and the options of whoever may act,
    at every step of the file."""
    encounter = load_encounter(path)
    rs = encounter.ruleset
    state = jsonschema.Draft202012Validator(state_schema(rs))
    option = jsonschema.Draft202012Validator(option_schema())
    event = jsonschema.Draft202012Validator(event_schema(rs))
    session = encounter.session()
    seats = ["gm", "players", *{f"side:{a.side}" for a in encounter.initial.actors.values()}]
    checked = 0
    for step in (None, *encounter.steps):
        if step is not None and step.kind == "command":
            assert step.command is not None
            session.do(step.command)
        actors = {session.actor_to_move, getattr(session.state.pending, "actor", None)}
        for actor in actors - {None}:
            for found in session.options(str(actor)):
                option.validate(found.to_json())
                checked += 1
    for seat in seats:
        state.validate(session.to_json(view=seat))
        state.validate(session.to_json(view=seat, log=False))
    for e in session.events:
        event.validate(event_to_json(e))
    assert checked > 0


def test_a_state_of_another_ruleset_or_with_an_unknown_field_is_invalid() -> None:
    session = load_encounter(EXAMPLES / "spans" / "cliff-climb.yaml").session()
    body = session.to_json()
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(body, state_schema(get_ruleset("styles")))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**body, "extra": 1}, state_schema(get_ruleset("spans")))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"event": "not_an_event", "rules": []},
                            event_schema(get_ruleset("spans")))


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_every_reference_of_the_encounter_schema_resolves(ruleset: str) -> None:
    """A command parameter's own model (a styles plan segment, a Dash declaration's cost)
    is defined in the document, so a validator that follows references can use it."""
    schema = encounter_schema(get_ruleset(ruleset))
    refs = set(re.findall(r'"\$ref": "#/\$defs/([^"]+)"', json.dumps(schema)))
    assert refs - set(schema.get("$defs", {})) == set()
