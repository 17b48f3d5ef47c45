"""``POST /api/import``: a map file in a request into an encounter, with the same checks
and limits as ``footwork import`` (docs/import.md); the picture is kept by the server's
:class:`~footwork.server.pictures.Pictures`."""

from __future__ import annotations

import email.parser
import email.policy
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, Field
from starlette.requests import Request

from footwork.errors import FootworkError
from footwork.importers import read_map
from footwork.scenario.imported import encounter_from_plan
from footwork.server.pictures import Pictures
from footwork.space.floorplan import Choices


class Imported(BaseModel):
    """An imported map: the encounter (no actors yet), its picture's URL, the notes."""

    encounter: dict[str, Any] = Field(
        description="The encounter file as JSON, with no actors yet; it loads as it is.")
    picture: str | None = Field(
        description="The URL the map's picture is served at, or null when it has none.")
    notes: list[str] = Field(
        description="What the importer judged, for the game master to check.")


async def map_body(request: Request) -> tuple[bytes, str | None]:
    """The map file's bytes: the raw body, or the one file of a multipart form (with its
    file name, which picks the format)."""
    body = await request.body()
    ctype = request.headers.get("content-type", "")
    if not ctype.startswith("multipart/form-data"):
        return body, None
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + ctype.encode("latin-1") + b"\r\n\r\n" + body)
    for part in message.iter_parts() if message.is_multipart() else ():
        filename = part.get_filename()
        if filename:
            data = part.get_payload(decode=True)
            return (data if isinstance(data, bytes) else b""), filename
    raise FootworkError("the form holds no file; expected the map file as a form's file")


def imported_encounter(data: bytes, name: str, ruleset: str, choices: Choices,
                       pictures: Pictures) -> Imported:
    plan = read_map(data, name.rsplit("/", 1)[-1][:200] or "map")
    url = None
    file_name = None
    if plan.picture is not None:
        file_name = f"{plan.picture.sha256[:16]}{plan.picture.suffix}"
    imported = encounter_from_plan(plan, ruleset, choices, title=name.rsplit(".", 1)[0],
                                   picture=file_name)
    if plan.picture is not None and "picture" in imported.data["map"]:
        url = pictures.put(plan.picture)
    elif plan.picture is not None:
        plan = replace(plan, picture=None)
    return Imported(encounter=imported.data, picture=url, notes=list(imported.notes))
