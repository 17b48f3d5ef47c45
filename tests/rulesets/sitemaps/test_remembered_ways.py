"""One listing of options traces each piece of a way once (issue 25): a walk between two
points of a zone (with its detour round walls) and where a straight walk enters zones
are asked again by the ways to other zones (they leave the mover's spot through the
same doors). Against the listing without any memory, the oracle: the same options,
regions, costs, checks and odds (R004-13, R004-14, R004-18)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from footwork.engine import Session
from footwork.rulesets.sitemaps import ruleset
from footwork.space import zonemap
from footwork.space.zonemap import ZoneMap

from ._helpers import actor, session


@pytest.fixture(scope="module")
def walled() -> Session[Any]:
    """3 × 3 rooms of 6 × 4 m joined by 2 m doors, a wall in every other column of rooms
    (the bench's square, small), a fast hero in the middle: its rush reaches every room,
    several ways bending round the same walls."""
    zones = [{"id": f"r{i}_{j}", "rect": [6 * i, 4 * j, 6, 4]} for i in range(3)
             for j in range(3)]
    openings = []
    for i in range(3):
        for j in range(3):
            if i + 1 < 3:
                openings.append({"between": [f"r{i}_{j}", f"r{i + 1}_{j}"],
                                 "at": [[6 * (i + 1), 4 * j + 1], [6 * (i + 1), 4 * j + 3]]})
            if j + 1 < 3:
                openings.append({"between": [f"r{i}_{j}", f"r{i}_{j + 1}"],
                                 "at": [[6 * i + 2, 4 * (j + 1)], [6 * i + 4, 4 * (j + 1)]]})
    walls = [[[6 * i + 3, 4 * j], [6 * i + 3, 4 * j + 2.5]] for i in (0, 2) for j in range(3)]
    walls.append([[8.5, 4.5], [8.5, 7]])
    cast = [actor("hero", "r1_1", [7, 7], fast=True), actor("foe", "r2_1", [16.5, 6],
                                                             side="house")]
    return session(cast, zones=zones, openings=openings, walls=walls)


def _listing(s: Session[Any]) -> list[tuple[Any, ...]]:
    s.engine.forget()
    return [(o.command, o.label, o.cost, o.to, o.checks, o.rules, o.risk, o.region)
            for o in s.options("hero")]


def test_the_listing_is_the_one_without_memory(walled: Session[Any],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    detours: list[list[Any]] = []
    real = ZoneMap._detour

    def counted(self: ZoneMap, *args: Any) -> Any:
        detours[-1].append(args)
        return real(self, *args)

    monkeypatch.setattr(ZoneMap, "_detour", counted)
    detours.append([])
    remembered = _listing(walled)
    monkeypatch.setattr(ruleset, "remembering_traces", contextlib.nullcontext)
    detours.append([])
    forgetful = _listing(walled)
    assert len({o[3] for o in remembered if o[3]}) == 9  # every room, some ways bent
    assert remembered == forgetful
    # different ways share a bent piece (the same detour asked again)...
    assert len(set(map(repr, detours[1]))) < len(detours[1]) - 1, detours[1]
    # ...searched once in a listing that remembers
    assert len(set(map(repr, detours[0]))) == len(detours[0]) > 0, detours[0]


def test_a_refused_piece_is_refused_again_from_memory() -> None:
    """A walk with no way round a wall fails the same way when asked again in the same
    listing (the refusal is remembered too), and nothing is kept after it."""
    from shapely import LineString, box

    m = ZoneMap([zonemap.ZoneShape("a", box(0, 0, 4, 4))],
                [], walls=[(0, LineString([(2, 0), (2, 4)]))])
    with zonemap.remembering_traces():
        seen = []
        for _ in range(2):
            with pytest.raises(zonemap.PathBlocked) as info:
                m._walk((1, 1), (3, 1), 0, "a")
            seen.append((str(info.value), info.value.at))
        memo = zonemap._TRACES.get()
        assert memo is not None and any(k[0] == "walk" for k in memo)
    assert seen[0] == seen[1] and seen[0][1] == (1, 1)
    assert zonemap._TRACES.get() is None


def test_the_zones_within_reach_are_found_once_a_listing(walled: Session[Any],
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Every option's routes start in the mover's zone with one of two budgets (the move
    step, the rush): the zones within that many crossings are found once each, and the
    routes are those found afresh."""
    m = walled.state.space.geometry
    calls: list[tuple[str, int | None]] = []
    real = type(m.graph).within

    def within(graph: Any, start: str, steps: int | None) -> Any:
        calls.append((start, steps))
        return real(graph, start, steps)

    afresh = [list(m.routes("r1_1", to, max_crossings=2))
              for to in ("r0_0", "r2_2", "r1_0", "r1_1")]
    monkeypatch.setattr(type(m.graph), "within", within)
    with zonemap.remembering_traces():
        again = [list(m.routes("r1_1", to, max_crossings=2))
                 for to in ("r0_0", "r2_2", "r1_0", "r1_1")]
    assert again == afresh and len(afresh[0]) > 1
    assert calls == [("r1_1", 2)]


def test_a_clear_walk_is_tested_once_a_listing(walled: Session[Any],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``ZoneMap.clear`` (the spot of every option, the reach along each way) asked again
    with the same ends in one listing is answered from its memory: the same listing,
    each walk tested once (session 31); without the memory it is asked several times."""
    tested: list[list[Any]] = []
    real = ZoneMap._clear_now

    def counted(self: ZoneMap, *args: Any) -> Any:
        tested[-1].append(args)
        return real(self, *args)

    monkeypatch.setattr(ZoneMap, "_clear_now", counted)
    tested.append([])
    remembered = _listing(walled)
    monkeypatch.setattr(ruleset, "remembering_traces", contextlib.nullcontext)
    tested.append([])
    assert _listing(walled) == remembered
    assert len(set(map(repr, tested[1]))) < len(tested[1])  # asked again without memory
    assert len(set(map(repr, tested[0]))) == len(tested[0]) > 0
