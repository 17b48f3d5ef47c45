"""Assertions and builders shared by the rule-by-rule tests of every ruleset."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from footwork.engine import Session
from footwork.engine.events import Event
from footwork.errors import IllegalCommand, InvalidCommand
from footwork.scenario import encounter_from_text


def types(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def of_type(events: Iterable[Event], kind: str) -> list[Any]:
    return [e for e in events if e.type == kind]


def cited(events: Iterable[Event]) -> set[str]:
    return {r for e in events for r in e.rules}


def malformed(s: Session[Any], command: Mapping[str, Any], path: str) -> InvalidCommand:
    """``command`` is refused as malformed at ``path`` before any rule looks at it, and
    nothing changes."""
    before = s.state
    history = len(s.history)
    with pytest.raises(InvalidCommand) as info:
        s.do(command)
    assert info.value.path == path, info.value
    assert "\n" not in str(info.value)
    assert s.state is before or s.state == before
    assert len(s.history) == history
    return info.value


def refused(
    s: Session[Any], command: Mapping[str, Any], reason: str, *rules: str
) -> IllegalCommand:
    """``command`` is refused for ``reason`` citing ``rules``, and nothing changes."""
    before = s.state
    history = len(s.history)
    with pytest.raises(IllegalCommand) as info:
        s.do(command)
    assert info.value.reason == reason, info.value
    assert set(rules) <= set(info.value.rules), info.value.rules
    assert s.state is before or s.state == before
    assert len(s.history) == history
    return info.value


def actor(aid: str, at: str, side: str = "crew", **stats: Any) -> dict[str, Any]:
    """An actor of an inline encounter."""
    return {"id": aid, "side": side, "at": at, "stats": stats}


def inline_data(ruleset: str, map_data: Mapping[str, Any], actors: Sequence[Mapping[str, Any]],
                *, options: Mapping[str, Any] | None = None,
                order: Sequence[str] | None = None, seed: int = 5) -> dict[str, Any]:
    """An encounter file's data, written inline by a test."""
    data: dict[str, Any] = {"footwork": 1, "ruleset": ruleset, "seed": seed,
                            "map": dict(map_data), "actors": list(actors)}
    if options is not None:
        data["options"] = dict(options)
    if order is not None:
        data["order"] = list(order)
    return data


def inline_session(data: Mapping[str, Any]) -> Session[Any]:
    """A fresh session of an encounter written as JSON (which is YAML 1.2 too), through
    the same loader as files."""
    return encounter_from_text(json.dumps(data), "inline.json").session()


def end_turns(s: Session[Any], *actors: str) -> tuple[Event, ...]:
    """End the turns of ``actors`` in order; the events of all of them."""
    out: list[Event] = []
    for a in actors:
        out += s.do({"do": "end_turn", "actor": a})
    return tuple(out)


def yaml_refused(text: str, line: int, path: str) -> str:
    """The YAML file ``text`` is refused, its first fault on a line naming its line and
    ``path`` (each fault on a line of its own)."""
    from footwork.errors import ScenarioError
    from footwork.scenario import encounter_from_text

    with pytest.raises(ScenarioError) as info:
        encounter_from_text(text, "bad.yaml")
    message = str(info.value)
    # every fault of a file is reported, one line each, in the file's order
    assert all(ln.startswith("bad.yaml:") for ln in message.split("\n")), message
    assert message.startswith(f"bad.yaml:{line}: {path}: "), message
    return message


def json_refused(data: Mapping[str, Any], path: str) -> str:
    """The JSON file of ``data`` (one value a line) is refused, a line of its error naming
    the file, a line and ``path`` (each fault on a line of its own)."""
    import json
    import re

    from footwork.errors import ScenarioError
    from footwork.scenario import encounter_from_text

    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(data, indent=1), "bad.json")
    message = str(info.value)
    assert all(ln.startswith("bad.json:") for ln in message.split("\n")), message
    assert re.search(rf"^bad\.json:\d+: {re.escape(path)}: ", message, re.M), message
    return message


@pytest.fixture(autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
              ) -> Path:
    """``XDG_DATA_HOME`` for this test: footwork's data folder is ``<it>/footwork``.

    A conftest that imports it keeps every test of its folder out of the user's data
    folder (saves, play history, the server's database)."""
    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


#: cultivation: Kato, unseen by the jade side (R000-66), takes the first turn of every
#: round; Lin sees no one
UNSEEN_KATO = """
footwork: 1
ruleset: cultivation
map:
  zones:
    - {id: teahouse}
    - {id: hall}
  links:
    - [teahouse, hall]
actors:
  - {id: lin, side: jade, at: teahouse, stats: {earth: 4}}
  - {id: kato, side: iron, at: teahouse, stats: {hidden: true, stealth_defense: 11, earth: 6}}
order: [kato, lin]
"""
