"""A map's picture, as a map section refers to it: a file beside the encounter file.

The picture is drawn under the map (``footwork render``, the web page) over the
rectangle from the map's north-west corner, ``width`` by ``height`` in the map's unit,
so that its grid lies on the map's cells. ``sha256`` names its content: the table
server keeps pictures by it and serves them at ``/api/pictures/<sha256>``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

#: a plain file name (no folder, nothing hidden) of a PNG, JPEG or WebP picture
PICTURE_FILE = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.(png|jpg|jpeg|webp)$"
SHA256 = r"^[0-9a-f]{64}$"


class PictureRef(BaseModel):
    """The `picture` of a map: a file beside the encounter, drawn under the map."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    file: str = Field(
        pattern=PICTURE_FILE,
        description="The picture's file name, in the encounter file's folder: a PNG, JPEG "
                    "or WebP (a plain name, no folder).")
    width: float = Field(
        gt=0, le=1_000_000,
        description="How wide the picture lies on the map, in the map's unit, from its "
                    "west edge.")
    height: float = Field(
        gt=0, le=1_000_000,
        description="How tall the picture lies on the map, in the map's unit, from its "
                    "north edge.")
    sha256: str | None = Field(
        default=None, pattern=SHA256,
        description="The SHA-256 of the picture's bytes (lower-case hex), by which the "
                    "table server keeps and serves it; default null.")
