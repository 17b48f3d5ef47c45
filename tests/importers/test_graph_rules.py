"""`cultivation` and `spans` on an imported map: rooms are places, doors links, a secret
door no link at all until the game master adds it."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.importers import read_map
from footwork.rulesets.cultivation import floorplan as cultivation_plan
from footwork.rulesets.spans import floorplan as spans_plan
from footwork.space.floorplan import Choices
from tests.importers.maps import dumps, dungeondraft, foundry
from tests.support import actor, inline_data, inline_session

BUILDERS: dict[str, Any] = {"cultivation": cultivation_plan, "spans": spans_plan}


def _map(ruleset: str, doc: dict[str, Any]) -> dict[str, Any]:
    return BUILDERS[ruleset].build(read_map(dumps(doc), "m.json"), Choices()).map  # type: ignore[no-any-return]


@pytest.mark.parametrize("ruleset", ["cultivation", "spans"])
def test_the_door_is_a_link_and_the_window_is_not(ruleset: str) -> None:
    m = _map(ruleset, dungeondraft())
    places = m["zones" if ruleset == "cultivation" else "spans"]
    west = [p["id"] for p in places if p["id"].startswith("room-1")]
    east = [p["id"] for p in places if p["id"].startswith("room-2")]
    across = [link for link in m["links"] if {link[0][:6], link[1][:6]} == {"room-1", "room-2"}]
    assert len(across) == 1  # the door; the window joins nothing
    s = inline_session(inline_data(ruleset, m, [actor("ada", across[0][0])]))
    moves = {o.to for o in s.options("ada") if o.to}
    assert across[0][1] in moves
    assert west and east


@pytest.mark.parametrize("ruleset", ["cultivation", "spans"])
def test_a_secret_door_is_no_link(ruleset: str) -> None:
    m = _map(ruleset, foundry())
    places = m["zones" if ruleset == "cultivation" else "spans"]
    assert {p["id"] for p in places} >= {"room-1", "room-2"}
    assert not any("room-2" in link for link in m["links"])
