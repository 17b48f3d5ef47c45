"""An imported map as an encounter file: the plan (:mod:`footwork.importers`) built into
a ruleset's map by that ruleset's ``floorplan`` module, with no actors yet.

This is where the importers and the rulesets meet (the importers know no ruleset):
``footwork import`` and the table server's ``POST /api/import`` both call
:func:`encounter_from_plan`, then write the result with :func:`encounter_yaml`, whose
comments list what the game master should judge.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from footwork.errors import ScenarioError
from footwork.scenario.encounter import encounter_from_data
from footwork.space.floorplan import Choices, FloorPlan, Section

#: the rulesets that build a map from an imported plan (their ``floorplan`` modules)
BUILDERS = ("styles", "allowances", "sitemaps", "cultivation", "spans")


@dataclass(frozen=True, slots=True)
class Imported:
    """An encounter document made from a map file, and what its comments say."""

    data: dict[str, Any]
    notes: tuple[str, ...]
    plan: FloorPlan


def picture_name(stem: str, plan: FloorPlan) -> str | None:
    """The file name the picture is written under beside an encounter named ``stem``."""
    if plan.picture is None:
        return None
    safe = re.sub(r"[^A-Za-z0-9._-]", "-", stem).strip(".-")[:100] or "map"
    return f"{safe}{plan.picture.suffix}"


def encounter_from_plan(plan: FloorPlan, ruleset: str, choices: Choices, *,
                        title: str = "", picture: str | None = None) -> Imported:
    """The encounter (a document ready for YAML or JSON) with the plan as ``ruleset``'s
    map and no actors; ``picture`` is the file name the plan's picture is written under.
    The document is loaded once as any file is, so what is returned plays."""
    if ruleset not in BUILDERS:
        raise ScenarioError(f"{ruleset!r} cannot import a map yet; expected one of: "
                            f"{', '.join(BUILDERS)}", path="--ruleset")
    module = import_module(f"footwork.rulesets.{ruleset}.floorplan")
    try:
        section: Section = module.build(plan, choices)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ScenarioError(f"{first['msg']} (check --cell and --per-square)",
                            path=f"map.{where}" if where else "map") from None
    map_data = dict(section.map)
    notes = list(plan.notes) + list(section.notes)
    if plan.picture is not None and not section.pictured:
        notes.append("the picture is not kept: a graph map is not drawn over it")
    if picture is not None and plan.picture is not None and section.pictured:
        side = section.square
        ref: dict[str, Any] = {"file": picture, "width": round(plan.width * side, 6),
                               "height": round(plan.height * side, 6),
                               "sha256": plan.picture.sha256}
        x, y = (round(at * side, 6) for at in plan.picture_at)
        if x or y:  # a picture shifted off its grid (a Foundry background offset)
            ref |= {"x": x, "y": y}
        map_data["picture"] = ref
    data: dict[str, Any] = {"footwork": 1, "ruleset": ruleset,
                            "title": title[:200] or "Imported map", "map": map_data,
                            "actors": []}
    encounter_from_data(data, "the imported map")  # what is written must load
    return Imported(data, tuple(notes), plan)


def encounter_yaml(imported: Imported, source: str) -> str:
    """The encounter as YAML, its comments naming the source and what to judge."""
    data = dict(imported.data)
    map_data = dict(data["map"])
    if isinstance(map_data.get("rows"), str):
        map_data["rows"] = LiteralScalarString(map_data["rows"])
    if isinstance(map_data.get("picture"), dict):
        # a hex digest can read as a number (``12e45...``): always quoted
        picture = dict(map_data["picture"])
        picture["sha256"] = DoubleQuotedScalarString(picture["sha256"])
        map_data["picture"] = picture
    data["map"] = map_data
    yaml = YAML()
    yaml.width = 4096
    yaml.default_flow_style = None  # coordinates and short lists on one line
    yaml.indent(mapping=2, sequence=4, offset=2)
    body = io.StringIO()
    yaml.dump(data, body)
    plan = imported.plan
    head = [f"Imported by `footwork import` from {source} ({plan.source}: "
            f"{plan.width:g} x {plan.height:g} squares).",
            "No actors yet: add them under `actors` (see the ruleset's README), or open "
            "the file in the builder.",
            "What a game master should judge (the importer's defaults):"]
    lines = [f"# {h}" for h in head] + [f"#   - {n}" for n in imported.notes]
    return "\n".join(lines) + "\n" + body.getvalue()
