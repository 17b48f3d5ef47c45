"""A map's picture, as a map section refers to it: a file beside the encounter file.

The picture is drawn under the map (``footwork render``, the web page) over the
rectangle ``width`` by ``height`` in the map's unit whose north-west corner is ``x``
east and ``y`` south of the map's (0 and 0 unless the source shifted its picture off
its grid, as a Foundry scene's background offset does), so that its grid lies on the
map's cells. ``sha256`` names its content: the table
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
    x: float = Field(
        default=0.0, ge=-1_000_000, le=1_000_000,
        description="How far east of the map's west edge the picture's west edge lies, in "
                    "the map's unit (negative: west of it); default 0.")
    y: float = Field(
        default=0.0, ge=-1_000_000, le=1_000_000,
        description="How far south of the map's north edge the picture's north edge lies, "
                    "in the map's unit (negative: north of it); default 0.")
    sha256: str | None = Field(
        default=None, pattern=SHA256,
        description="The SHA-256 of the picture's bytes (lower-case hex), by which the "
                    "table server keeps and serves it; default null.")
