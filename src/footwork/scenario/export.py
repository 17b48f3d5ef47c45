"""An encounter as played, written back as an encounter file whose steps replay it.

The same file `footwork run` and `footwork play` accept: the loaded file's data with
``steps`` replaced by the commands given, every face the engine rolled written into
its command (``roll`` with ``engine_rolled``), so replaying never rolls again.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from footwork.engine.session import Session
from footwork.scenario.encounter import Encounter


def played_data(encounter: Encounter, session: Session[Any], *,
                steps_before: Sequence[Mapping[str, Any]] = (),
                commands_before: int = 0) -> dict[str, Any]:
    """The loaded file's data with ``steps`` replaced by the session's commands.

    A session that resumed a file after its steps passes them as ``steps_before``, with
    ``commands_before`` the number of commands they gave: they are written as they were
    (expectations and all), then the commands played after them."""
    data = encounter.source.data
    body: dict[str, Any] = dict(data) if isinstance(data, dict) else {}
    commands = session.commands_json()
    body["steps"] = [*steps_before, *commands[commands_before:]]
    return body


def dump(data: Mapping[str, Any], *, note: str = "", as_json: bool = False) -> str:
    """``data`` as YAML 1.2 (each step on one line, ``note`` as a first comment) or JSON."""
    if as_json:
        return json.dumps(data, indent=2) + "\n"
    tree = CommentedMap(data)
    steps = CommentedSeq()
    for step in data.get("steps", []):
        line = CommentedMap(step)
        line.fa.set_flow_style()
        steps.append(line)
    tree["steps"] = steps
    if note:
        tree.yaml_set_start_comment(note)
    yaml = YAML()
    yaml.version = (1, 2)
    yaml.default_flow_style = None
    yaml.width = 100
    out = io.StringIO()
    yaml.dump(tree, out)
    return out.getvalue()
