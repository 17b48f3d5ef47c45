"""Perft for movement: how many places each sheet reaches on fixed maps, per budget.

Like python-chess's perft counts, one number per (map, sheet, budget) pins the whole
movement graph of `styles` (R001-10..13, R001-26..37, A001-17): any change to where a
style may go, or to what a step costs, changes a count or the checksum of the least
pools. Regenerate after a deliberate rules change with
``python -m pytest tests/golden --update-golden``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from footwork.rulesets.styles.planning import reachable
from footwork.rulesets.styles.terrain import AIR, KIND_NAMES
from footwork.scenario import encounter_from_data

GOLDEN = Path(__file__).resolve().parent / "perft" / "styles.json"

MAPS: dict[str, dict[str, Any]] = {
    "courtyard": {"cell_size": 1, "rows": [
        "##########",
        "#....^^..#",
        "#.._.^^~~#",
        "#..M..c~~#",
        "##########"],
        "legend": {"#": {"surface": "wall", "elevation": 4},
                   ".": {"surface": "floor"}, "^": {"surface": "floor", "elevation": 2},
                   "_": {"surface": "void"}, "M": {"surface": "floor", "tags": ["mine"]},
                   "c": {"surface": "floor", "ceiling_height": 2},
                   "~": {"surface": "water", "water_depth": 2}}},
    "fine-steps": {"cell_size": 0.5, "rows": [
        "........",
        "..____..",
        "........",
        ".^^^^^^."],
        "legend": {".": {"surface": "floor"}, "_": {"surface": "void"},
                   "^": {"surface": "floor", "elevation": 0.5}}},
}
START = {"courtyard": "3,2", "fine-steps": "0,0"}
SHEETS = {
    "level-1": ["Walk", "Half Jump", "Half Swim"],
    "climber": ["Walk", "Climb", "Half Jump"],
    "double": ["Double Walk", "Double Jump", "Double Climb", "Double Swim"],
    "flier": ["Half Walk", "Fly", "Levitate"],
}
DIAGONALS = ["one", "alternate", "euclidean"]


def counts() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for map_name, grid in MAPS.items():
        for sheet_name, sheet in SHEETS.items():
            for diagonal in DIAGONALS:
                for dash in (False, True):
                    data = {"footwork": 1, "ruleset": "styles", "seed": 1,
                            "options": {"move": {"diagonal": diagonal}}, "map": grid,
                            "actors": [{"id": "a", "side": "x", "at": START[map_name],
                                        "stats": {"styles": sheet}}]}
                    state = encounter_from_data(data).session().state
                    terrain = state.space.terrain
                    found = reachable(terrain, state.actors["a"], state.options, dash=dash)
                    places: dict[tuple[Any, ...], float] = {}
                    for spot in found:
                        if spot[0] == AIR:
                            continue
                        key = (KIND_NAMES[spot[0]], spot[1], spot[2], spot[3])
                        places[key] = min(places.get(key, float("inf")), found.min_pool(spot))
                    by_kind: dict[str, int] = {}
                    for key in places:
                        by_kind[key[0]] = by_kind.get(key[0], 0) + 1
                    name = f"{map_name}/{sheet_name}/{diagonal}/{'dash' if dash else 'plain'}"
                    out[name] = {"places": len(places), "by_kind": dict(sorted(by_kind.items())),
                                 "pool_sum": round(sum(places.values()), 6),
                                 "labels": found.labels}
    return out


def test_perft_counts_match_golden(request: pytest.FixtureRequest) -> None:
    """R001-13, A001-17: reachable places per map, sheet, diagonal rule and Dash."""
    actual = counts()
    if request.config.getoption("--update-golden", default=False):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(actual, indent=1) + "\n", encoding="utf-8")
    elif not GOLDEN.exists():  # a normal run never writes a golden file
        pytest.fail(f"no golden file {GOLDEN}: `python -m pytest tests/golden "
                    "--update-golden` writes it; review and commit it")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert actual.keys() == expected.keys()
    for name, want in expected.items():
        assert actual[name] == want, f"{name}: the reachable set changed"


def test_perft_grows_with_the_budget() -> None:
    """R001-06, R001-12: a Dash or a Double grade never reaches fewer places."""
    table = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else counts()
    for name, row in table.items():
        if name.endswith("/plain"):
            assert table[name[:-len("plain")] + "dash"]["places"] >= row["places"], name
    for map_name in MAPS:
        for diagonal in DIAGONALS:
            level1 = table[f"{map_name}/level-1/{diagonal}/plain"]["by_kind"]
            double = table[f"{map_name}/double/{diagonal}/plain"]["by_kind"]
            assert double.get("ground", 0) >= level1.get("ground", 0)
