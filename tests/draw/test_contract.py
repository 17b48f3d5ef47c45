"""The data-attribute contract of every drawing (footwork.draw's docstring), on every
shipped example: what the web page relies on to find places, tokens and options."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from footwork.draw import render_svg
from footwork.draw.marks import cost_value
from footwork.engine.seats import GM, PLAYERS
from footwork.engine.session import Session
from footwork.scenario import load_encounter, play

from ..conftest import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"
FILES = sorted(EXAMPLES.glob("*/*.yaml"))


def _classes(el: ET.Element) -> list[str]:
    return (el.get("class") or "").split()


def _session(path: Path, steps: int | None = None) -> Session[Any]:
    encounter = load_encounter(path)
    if steps is not None:
        encounter = dataclasses.replace(encounter, steps=encounter.steps[:steps])
    return play(encounter).session


def _turn(session: Session[Any]) -> str:
    return str(session.to_json(log=False)["turn"])


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
@pytest.mark.parametrize("at", ["start", "end"])
def test_targets_name_their_options_by_index_and_cheapest_cost(path: Path, at: str) -> None:
    session = _session(path, 0 if at == "start" else None)
    actor = _turn(session)
    found = list(session.view(GM).options(session.state, actor))
    root = ET.fromstring(render_svg(session, actor))
    targets = [el for el in root.iter() if "target" in _classes(el)]
    covered: list[int] = []
    for el in targets:
        place = el.get("data-place")
        indices = [int(i) for i in (el.get("data-options") or "").split()]
        assert place is not None and indices, el.attrib
        assert all(found[i].to == place for i in indices)  # `to` exactly as in the JSON
        assert indices == sorted(indices)
        covered.extend(indices)
        costs = [found[i].cost for i in indices if found[i].cost]
        if costs:
            numbers = [v for c in costs if (v := cost_value(c)) is not None]
            cheapest = next(c for c in costs if cost_value(c) == min(numbers)) if numbers \
                else costs[0]
            assert el.get("data-cost") == cheapest
            if numbers:
                assert float(el.get("data-cost-value", "nan")) == min(numbers)
        else:
            assert el.get("data-cost") is None
    assert len(covered) == len(set(covered))  # one target per option
    # every option that names a place is drawn somewhere, and none twice
    assert sorted(covered) == [i for i, o in enumerate(found) if o.to is not None]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_tokens_and_places_carry_their_ids(path: Path) -> None:
    session = _session(path)
    root = ET.fromstring(render_svg(session, None))
    assert root.get("viewBox") and len(root.get("viewBox", "").split()) == 4
    space = session.view(GM).space_json(session.state)
    kind = "grid" if "grid" in space else "to-scale" if space.get("scale") == "m" else "zones"
    assert root.get("data-map") == kind
    # restylable from the page: presentation attributes and classes, never style=""
    assert not [el for el in root.iter() if el.get("style") is not None]
    state = session.to_json(log=False)
    tokens = {g.get("data-actor"): g for g in root.iter(f"{SVG}g") if "actor" in _classes(g)}
    for aid, info in state["actors"].items():
        if aid in tokens:
            assert tokens[aid].get("data-side") == str(info["side"])
    assert len(tokens) >= len(state["actors"]) - 1  # at most one off the map in the examples
    if "grid" in space:
        assert not [el for el in root.iter() if "place" in _classes(el)]  # no actor: no target
        return
    places = [el.get("data-place", "") for el in root.iter() if "place" in _classes(el)]
    assert sorted(places) == sorted(str(p["id"]) for p in space["places"])  # one each


def test_a_player_seat_never_receives_a_hidden_place_id() -> None:
    tavern = EXAMPLES / "sitemaps" / "tavern-brawl.yaml"
    steps = len(load_encounter(tavern).steps)
    hidden_at_some_step = False
    for n in range(steps + 1):
        session = _session(tavern, n)
        revealed = session.to_json(log=False)["world"]["revealed"]
        for actor in (None, "mira", "dov"):
            svg = render_svg(session, actor, PLAYERS)
            gm = render_svg(session, actor, GM)
            assert "kitchen" in gm
            if "kitchen" not in revealed:
                hidden_at_some_step = True
                assert "kitchen" not in svg, (n, actor)
            else:
                assert 'data-place="kitchen"' in svg
    assert hidden_at_some_step
