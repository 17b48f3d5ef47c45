"""The encounter-file format as pydantic models, specialised per ruleset.

The top level is the same for every ruleset; ``options``, ``map`` and each
actor's ``stats`` take the ruleset's own models, so one validation pass reports
every fault with its path. ``footwork schema`` prints the JSON Schema.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model, field_validator

from footwork.engine.machine import Engine
from footwork.errors import excerpt
from footwork.fields import Name, Seed
from footwork.rulesets.base import Ruleset

FORMAT_VERSION = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EncounterHead(_Strict):
    """Just enough of a file to know which ruleset reads the rest."""

    model_config = ConfigDict(extra="allow")
    footwork: Literal[1] = Field(description="format version")
    ruleset: Name

    @field_validator("footwork", mode="before")
    @classmethod
    def _version(cls, value: Any) -> Any:
        # `true == 1` in Python: only the whole number 1 names this format
        if type(value) is not int:
            raise ValueError(f"expected the format version 1, got {excerpt(repr(value), 40)}")
        return value


@cache
def encounter_model(ruleset: Ruleset[Any]) -> type[BaseModel]:
    """The full file model for one ruleset."""
    actor = create_model(
        f"{ruleset.id.title()}Actor",
        __base__=_Strict,
        id=(Name, Field(description="the actor's id")),
        side=(Name, "neutral"),
        at=(Name, Field(description="the place the actor starts at")),
        stats=(ruleset.stats_model, Field(default_factory=ruleset.stats_model)),
    )
    # typed as Any: these are types built at run time, which create_model accepts
    ruleset_id: Any = Literal[ruleset.id]
    actors: Any = list[actor]
    model: type[BaseModel] = create_model(
        f"{ruleset.id.title()}Encounter",
        __base__=_Strict,
        footwork=(Literal[1], Field(description="format version")),
        __validators__={"_version": field_validator("footwork", mode="before")(
            EncounterHead._version.__func__)},  # type: ignore[attr-defined]
        ruleset=(ruleset_id, ...),
        title=(str, Field("", max_length=200)),
        description=(str, Field("", max_length=20_000)),
        options=(ruleset.options_model, Field(default_factory=ruleset.options_model)),
        seed=(Seed, 0),
        map=(ruleset.map_model, ...),
        actors=(actors, Field(min_length=1)),
        order=(list[Name] | None, Field(None, min_length=1)),
        steps=(list[dict[str, Any]], Field(default_factory=list)),
    )
    return model


def step_schema(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """JSON Schema of one step: a command, an answer, an expectation."""
    engine = Engine(ruleset)
    variants: list[dict[str, Any]] = []
    for name, cls in sorted(engine.command_kinds.items()):
        schema = TypeAdapter(cls).json_schema()
        props = dict(schema.get("properties", {}))
        if name == "answer":
            props.pop("choice", None)
            props = {"answer": {"type": "string"}, **props}
            required = ["answer"]
        else:
            props = {"do": {"const": name}, **props}
            required = ["do", *schema.get("required", [])]
        variants.append({
            "title": name, "type": "object", "properties": props,
            "required": required, "additionalProperties": False,
            "description": (cls.__doc__ or "").strip().split("\n")[0],
        })
    variants.append({"title": "expect", "type": "object",
                     "properties": {"expect": {"type": "object"}},
                     "required": ["expect"], "additionalProperties": False,
                     "description": "a subset of the state JSON that must match"})
    variants.append({"title": "expect_error", "type": "object",
                     "properties": {"expect_error": {"type": "object"},
                                    "reason": {"type": "string"}},
                     "required": ["expect_error"], "additionalProperties": False,
                     "description": "a command that must be refused (optionally for this reason)"})
    return {"anyOf": variants}


def json_schema(ruleset: Ruleset[Any]) -> dict[str, Any]:
    schema = encounter_model(ruleset).model_json_schema()
    schema["properties"]["steps"] = {"type": "array", "items": step_schema(ruleset)}
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"footwork encounter ({ruleset.id})"
    return schema
