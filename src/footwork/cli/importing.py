"""`footwork import`: a map file made by another tool into an encounter file.

Everything is read, built and checked before anything is written: a refused file
writes nothing. The picture is written beside the encounter (its content checked to
be a PNG, JPEG or WebP) and named in the map's ``picture``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from footwork.errors import ScenarioError
from footwork.importers import load_map, read_picture
from footwork.importers.common import sniff_picture
from footwork.scenario.imported import encounter_from_plan, encounter_yaml, picture_name
from footwork.space.floorplan import Choices, FloorPlan

OUT_SUFFIXES = (".yaml", ".yml")


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file renamed)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def import_map(source: Path, output: Path, ruleset: str, choices: Choices, *,
               picture: Path | None = None) -> list[str]:
    """Import ``source`` into ``output``; returns the paths written."""
    if output.suffix.lower() not in OUT_SUFFIXES:
        raise ScenarioError(f"{output}: import writes YAML; name the output "
                            "something.yaml", path="-o")
    if not output.parent.is_dir():
        raise ScenarioError(f"{output.parent}: no such folder", path="-o")
    plan: FloorPlan = load_map(source)
    if picture is not None:
        from dataclasses import replace

        data = read_picture(picture)
        plan = replace(plan, picture=sniff_picture(data, str(picture), ""))
    name = picture_name(output.stem, plan)
    imported = encounter_from_plan(plan, ruleset, choices, title=source.stem, picture=name)
    text = encounter_yaml(imported, source.name)
    written = []
    try:
        if name is not None and plan.picture is not None and "picture" in imported.data["map"]:
            _write(output.parent / name, plan.picture.data)
            written.append(str(output.parent / name))
        _write(output, text.encode("utf-8"))
    except OSError as exc:
        raise ScenarioError(f"cannot write it: {exc.strerror}", file=str(output)) from None
    written.append(str(output))
    return written
