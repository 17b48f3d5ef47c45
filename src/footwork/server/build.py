"""The encounter builder's page (`/build`) and its endpoints.

The builder in the page keeps the encounter file as JSON data and edits it in place;
the server only reads, checks and writes files for it, with the file loader's own
faults (the same list the lobby shows for a refused upload). Nothing here is kept:
opening the result as a table goes through `POST /api/tables` like any other file.

What a client sends here makes the server read, check and draw: the routes that take a
body follow the lobby's policy (the server's key on a closed lobby, docs/server.md
"Running on the internet"), and their work runs as a new table's reading does: in a
worker thread, one at a time, within ``--parse-seconds``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse
from pydantic import Field
from ruamel.yaml.scalarstring import LiteralScalarString

from footwork.errors import FootworkError, ScenarioError, excerpt
from footwork.rulesets import get_ruleset
from footwork.scenario import encounter_from_text, json_schema
from footwork.scenario.export import dump
from footwork.scenario.source import parse_text, read_file
from footwork.server.models import Fault, _Body, faults_of
from footwork.server.pictures import Pictures
from footwork.server.tables import example_files

#: the page's static files
WEB = Path(__file__).resolve().parent / "web"

T = TypeVar("T")
#: runs a file's reading off the event loop within the server's budget (app.budgeted)
Budgeted = Callable[[Callable[[], T]], Awaitable[T]]


class DraftBody(_Body):
    encounter: dict[str, Any] = Field(description="the encounter file as JSON data")


class CheckBody(DraftBody):
    draw: bool = Field(True, description="also draw the map when the draft loads (the "
                       "builder's grid draws its own: false)")


class FileBody(DraftBody):
    format: str = Field("yaml", pattern="^(yaml|json)$", description="yaml or json")


class TextBody(_Body):
    text: str = Field(description="an encounter file's text (YAML 1.2 or JSON)")
    name: str = Field("encounter.yaml", max_length=200, description="the file's name, "
                      "for the messages")


def option_tags(options: Any) -> list[str]:
    """Every cell tag a ruleset's default options name (the values of options whose
    name ends in ``tags``): the terrain tags its rules read off a grid."""
    found: list[str] = []

    def walk(node: Any, key: str) -> Iterator[str]:
        if isinstance(node, dict):
            for name, value in node.items():
                yield from walk(value, str(name))
        elif isinstance(node, list) and key.endswith("tags"):
            yield from (str(tag) for tag in node)

    for tag in walk(options.model_dump(mode="json"), ""):
        if tag not in found:
            found.append(tag)
    return found


@functools.lru_cache(maxsize=16)
def _schema(ruleset_id: str) -> dict[str, Any]:
    """A ruleset's schema and tags, made once (a schema takes a second to build)."""
    ruleset = get_ruleset(ruleset_id)
    return {"schema": json_schema(ruleset),
            "tags": option_tags(type(ruleset).options_model())}


def _check(data: dict[str, Any], draw: bool,
           pictures: Pictures | None = None) -> tuple[list[Fault], str | None]:
    """The loader's faults of ``data`` (none: it loads), and, if asked, its map drawn
    when it loads (the game master's view; an imported map's picture under it, as on
    the table)."""
    try:
        encounter = encounter_from_text(json.dumps(data), "encounter.json")
    except ScenarioError as exc:
        return faults_of(exc), None
    if not draw:
        return [], None
    from footwork.draw import render_svg

    try:
        space = data.get("map")
        picture = pictures.link(space.get("picture")) if pictures and isinstance(
            space, dict) else ""
        return [], render_svg(encounter.session(), picture=picture)
    except FootworkError as exc:  # a map the loader took and the drawing cannot
        return [Fault(line=None, path="map", message=excerpt(str(exc), 300))], None


def router(refusals: dict[int | str, dict[str, Any]],
           text_refusals: dict[int | str, dict[str, Any]],
           pictures: Pictures | None, budgeted: Budgeted[Any], guarded: Any) -> APIRouter:
    """The builder's routes, mounted by :func:`footwork.server.app.create_app` (with its
    documented refusals: every one is the API's JSON refusal). ``budgeted`` runs the
    reading of what a client sent; ``guarded`` (a FastAPI dependency) applies the
    lobby's policy to the routes that take a body."""
    routes = APIRouter()

    @routes.get("/build", response_class=HTMLResponse, include_in_schema=False)
    def build_page() -> FileResponse:
        return FileResponse(WEB / "build.html", headers={"Cache-Control": "no-cache"})

    @routes.get("/api/rulesets/{ruleset_id}/schema", responses=refusals)
    def ruleset_schema(ruleset_id: str) -> dict[str, Any]:
        """The JSON Schema of the ruleset's encounter files (`footwork schema`), and the
        cell tags its rules read (`tags`), for the builder's forms and palette."""
        return _schema(ruleset_id)

    @routes.get("/api/build/examples/{group}/{name}", responses=refusals)
    def example_data(group: str, name: str) -> dict[str, Any]:
        """A shipped example's file as JSON data, steps included (the builder opens it)."""
        path = example_files().get(f"{group}/{name}")
        if path is None:
            raise FootworkError(f"no example {excerpt(group + '/' + name)!r}; see "
                                "/api/examples")
        return {"encounter": read_file(path).data}

    @routes.post("/api/build/parse", responses=refusals, dependencies=[guarded])
    async def parse(body: TextBody) -> dict[str, Any]:
        """An encounter file's text as JSON data (the builder edits that), or the one-line
        fault of a text that is not YAML or JSON. The data is checked by `…/check`. On a
        closed lobby, the server's key as the bearer."""
        data = (await budgeted(functools.partial(parse_text, body.text, body.name))).data
        if not isinstance(data, dict):
            raise FootworkError(f"{body.name}: expected a mapping with footwork, ruleset, "
                                "map and actors")
        return {"encounter": data}

    @routes.post("/api/build/check", responses=refusals, dependencies=[guarded])
    async def check(body: CheckBody) -> dict[str, Any]:
        """The file loader's faults of the draft, each with its path and message (none:
        it loads as it is), and, when it loads and `draw` is true, its map drawn as SVG
        (null otherwise). On a closed lobby, the server's key as the bearer."""
        faults, svg = await budgeted(functools.partial(_check, body.encounter, body.draw,
                                                       pictures))
        return {"faults": [f.model_dump() for f in faults], "svg": svg}

    @routes.post("/api/build/file", response_class=PlainTextResponse,
                 responses=text_refusals, dependencies=[guarded])
    async def as_file(body: FileBody) -> str:
        """The draft written as an encounter file (YAML 1.2 or JSON), for a download. On
        a closed lobby, the server's key as the bearer."""
        text: str = await budgeted(functools.partial(_as_file, body))
        return text

    return routes


def _as_file(body: FileBody) -> str:
    """The text of ``POST /api/build/file``."""
    data = body.encounter
    steps = data.get("steps", [])
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise FootworkError("steps: expected a list of steps, each a mapping such as "
                            "{do: move, actor: ID, to: PLACE}")
    if body.format == "json":
        return dump(data, as_json=True)
    plan = data.get("map")
    if isinstance(plan, dict) and isinstance(plan.get("rows"), str):  # as a block
        data = {**data, "map": {**plan, "rows": LiteralScalarString(plan["rows"])}}
    text = dump(data)
    if "steps" not in body.encounter and text.endswith("steps: []\n"):
        text = text[:-len("steps: []\n")]  # dump writes the steps always
    return text
