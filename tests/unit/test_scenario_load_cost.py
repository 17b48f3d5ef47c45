"""A file's load costs what its size does (issue 25): the head is validated alone (the
map once, by the ruleset's model), the place ids come from the graph, not from the map
written as JSON, and the cyclic collector rests while the map is built."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from footwork.rulesets.registry import get_ruleset
from footwork.scenario import encounter, load_encounter
from footwork.scenario.models import EncounterHead

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", ["spans/boarding-action.yaml", "spans/rooftop-chase.yaml",
                                  "cultivation/flooded-hall.yaml", "cultivation/cliff-fall.yaml"])
def test_place_ids_are_the_places_the_map_json_lists(name: str) -> None:
    """The graph's ids, in the order ``space_json`` lists its places (the brute force)."""
    path = EXAMPLES / name
    loaded = load_encounter(path)
    ruleset = get_ruleset(loaded.initial.ruleset)
    space = loaded.initial.space
    listed = tuple(str(p["id"]) for p in ruleset.space_json(space)["places"])
    assert listed and ruleset.place_ids(space) == listed


def test_the_head_is_validated_without_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = EncounterHead.model_validate_json

    def spy(text: str, **kwargs: Any) -> Any:
        seen.append(text)
        return real(text, **kwargs)

    monkeypatch.setattr(EncounterHead, "model_validate_json", spy)
    loaded = load_encounter(EXAMPLES / "cultivation" / "cliff-fall.yaml")
    assert loaded.initial.ruleset == "cultivation"
    assert len(seen) == 1 and '"map"' not in seen[0] and '"ruleset"' in seen[0]


def test_the_collector_rests_while_the_map_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paused during the build, as it was afterwards (on, or off if the caller had it off)."""
    ruleset = get_ruleset("cultivation")
    during: list[bool] = []
    real = type(ruleset).build

    def build(self: Any, *args: Any) -> Any:
        during.append(gc.isenabled())
        return real(self, *args)

    monkeypatch.setattr(type(ruleset), "build", build)
    path = EXAMPLES / "cultivation" / "cliff-fall.yaml"
    assert gc.isenabled()
    load_encounter(path)
    assert during == [False] and gc.isenabled()
    gc.disable()
    try:
        encounter.encounter_from_text(path.read_text(), "cliff-fall.yaml")
        assert not gc.isenabled()
    finally:
        gc.enable()
