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
        __doc__="A character or creature of the encounter.",
        id=(Name, Field(description="the actor's id, unique in the file; steps and the "
                        "state JSON name the actor by it")),
        side=(Name, Field("neutral", description="the side the actor is on: a seat "
                          "`side:NAME` commands every actor on it")),
        at=(Name, Field(description="the id of the place the actor starts at")),
        stats=(ruleset.stats_model, Field(
            default_factory=ruleset.stats_model,
            description=f"the actor's {ruleset.id} stats; omitted ones take the defaults "
                        "the ruleset's README gives")),
    )
    # typed as Any: these are types built at run time, which create_model accepts
    ruleset_id: Any = Literal[ruleset.id]
    actors: Any = list[actor]
    model: type[BaseModel] = create_model(
        f"{ruleset.id.title()}Encounter",
        __base__=_Strict,
        __doc__=f"An encounter file for the {ruleset.id} ruleset.",
        footwork=(Literal[1], Field(description="the format version of the file: 1")),
        __validators__={"_version": field_validator("footwork", mode="before")(
            EncounterHead._version.__func__)},  # type: ignore[attr-defined]
        ruleset=(ruleset_id, Field(description="the id of the ruleset that reads the file "
                                   "(`footwork rulesets` lists them)")),
        title=(str, Field("", max_length=200, description="the encounter's name, for people")),
        description=(str, Field("", max_length=20_000,
                                description="what the encounter is about, for people")),
        options=(ruleset.options_model, Field(
            default_factory=ruleset.options_model,
            description="the ruleset's options; omitted ones take the defaults its README "
                        "documents")),
        seed=(Seed, Field(0, description="the seed of the engine's dice, for rolls the "
                          "steps do not supply; the same seed rolls the same")),
        map=(ruleset.map_model, Field(description="the places and how they connect (or the "
                                      "grid), as the ruleset's README describes")),
        actors=(actors, Field(description="every actor in the encounter; none yet in a map "
                                             "just imported")),
        order=(list[Name] | None, Field(None, min_length=1, description="the turn order, "
                                        "every actor's id once; omitted: the order of "
                                        "actors")),
        steps=(list[dict[str, Any]], Field(
            default_factory=list, description="what happens, in order: commands, answers "
                                              "to pending decisions and expectations")),
    )
    return model


def step_schema(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """JSON Schema of one step: a command, an answer, an expectation."""
    engine = Engine(ruleset)
    variants: list[dict[str, Any]] = []
    defs: dict[str, Any] = {}
    for name, cls in sorted(engine.command_kinds.items()):
        schema = TypeAdapter(cls).json_schema()
        defs.update(schema.get("$defs", {}))  # what its parameters refer to (#/$defs/...)
        props = dict(schema.get("properties", {}))
        if name == "answer":
            props.pop("choice", None)
            props = {"answer": {"type": "string",
                                "description": "the choice that answers the pending decision"},
                     **props}
            required = ["answer"]
        else:
            props = {"do": {"const": name, "description": "the command's name"}, **props}
            required = ["do", *schema.get("required", [])]
        variants.append({
            "title": name, "type": "object", "properties": props,
            "required": required, "additionalProperties": False,
            "description": (cls.__doc__ or "").strip().split("\n")[0],
        })
    variants.append({"title": "expect", "type": "object",
                     "properties": {"expect": {
                         "type": "object",
                         "description": "the part of the state JSON that must match: "
                                        "mappings match as subsets, other values exactly"}},
                     "required": ["expect"], "additionalProperties": False,
                     "description": "a subset of the state JSON that must match"})
    variants.append({"title": "expect_error", "type": "object",
                     "properties": {
                         "expect_error": {"type": "object",
                                          "description": "the command that must be refused"},
                         "reason": {"type": "string",
                                    "description": "the reason code it must be refused for "
                                                   "(e.g. not_your_turn)"}},
                     "required": ["expect_error"], "additionalProperties": False,
                     "description": "a command that must be refused (optionally for this reason)"})
    # the definitions go to the root of the document that holds the steps (json_schema)
    return {"anyOf": variants, "$defs": defs} if defs else {"anyOf": variants}


def json_schema(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """The JSON Schema of an encounter file for ``ruleset`` (``footwork schema``)."""
    schema = encounter_model(ruleset).model_json_schema()
    steps = schema["properties"]["steps"]
    items = step_schema(ruleset)
    schema.setdefault("$defs", {}).update(items.pop("$defs", {}))
    schema["properties"]["steps"] = {"type": "array", "items": items,
                                     "description": steps["description"]}
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"footwork encounter ({ruleset.id})"
    return schema
