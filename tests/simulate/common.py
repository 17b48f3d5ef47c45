"""Small encounters for the study tests: each runs in a few milliseconds."""

from __future__ import annotations

from typing import Any

#: spans: ada runs from the deck to the pier; no step leaves a choice but the dice
PIER: dict[str, Any] = {
    "footwork": 1,
    "ruleset": "spans",
    "seed": 11,
    "map": {"spans": [{"id": "deck"}, {"id": "pier"}, {"id": "quay"}],
            "links": [["deck", "pier"], ["pier", "quay"]]},
    "actors": [{"id": "ada", "side": "crew", "at": "deck"},
               {"id": "brin", "side": "raiders", "at": "quay"}],
    "steps": [],
}


def pier(**changes: Any) -> dict[str, Any]:
    return {**PIER, **changes}
