"""Properties of the `sitemaps` movement pipeline (issue 16, issue 10).

- (a) a step from the same place to the same place gets the same ruling whatever caused
  it, except where the text makes the cause matter (README, "Where the cause matters"):
  a carried body (drift R004-28/A004-13, fall A004-15) lands in a full zone and on any
  surface, and a movement cut short (R004-21) rests where it was cut;
- (b) what blocks a crossing one way blocks it the other way (R004-26, R004-30, R004-31);
- (c) whatever the state JSON says an actor may not do, decide refuses;
- (d) every way into a place (move, rush, pin placement, stop, drift, fall) honours the
  same entry rules: the spot is in its zone, no circles overlap, and only a carried
  body may go over a zone's capacity (R004-06..08);
- (e)-(j) issue 23: a step that changes place or mode is ruled on the step itself, not
  a blanket flag, one side of it or another level;
- (k) issue 23, second review: water a character cannot swim (R004-29) gets one ruling
  whatever puts it there: a chosen way in or out is refused, and one who is there (a
  fall, a fall at the end of the activation, a rescue, the map) drowns at the end of its
  activation with no roll.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely import Point

from footwork.engine.movement import Path, Step
from footwork.errors import FootworkError, IllegalCommand, ScenarioError
from footwork.rulesets.sitemaps.movement import nearby, swim_roll_needed
from footwork.rulesets.sitemaps.pipeline import (
    CARRIED,
    CAUSES,
    MOOT_AFTER_A_FALL,
    PIPELINE,
    end_of_activation,
    entry,
    land,
    plan_move,
)
from footwork.scenario import encounter_from_text

from .test_sitemaps_properties import encounters, load, next_command

SURFACE = {"impassable", "cannot_swim", "unclimbable"}
#: the refusals each cause is exempt from, by the text (README, "Where the cause matters")
EXEMPT: dict[str, set[str]] = {"move": set(), "rush": set(), "pin": set(),
                               "stop": SURFACE, "drift": {"zone_full", *SURFACE},
                               "fall": {"zone_full", *SURFACE}}
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _session(encounter: dict[str, Any]) -> Any:
    try:
        return load(encounter)
    except ScenarioError as exc:
        assume("inside a wall" not in str(exc))
        raise


def ruling(state: Any, actor_id: str, zone: str, point: tuple[float, float], cause: str
           ) -> str | None:
    step: Step[str] = Step(state.actors[actor_id].at, zone, cause, point=point)
    walked = PIPELINE.rule_step(state, Path(actor_id, cause, (step,), cause in CARRIED),
                                step, None)  # type: ignore[arg-type]
    if isinstance(walked, IllegalCommand):
        return walked.reason
    return walked.stop.reason if walked.stop is not None else None


@SETTINGS
@given(encounters(), st.data())
def test_same_step_same_ruling_whatever_the_cause(encounter: dict[str, Any],
                                                  data: st.DataObject) -> None:
    """(a) R004-08, R004-23, R004-29 and the cause exceptions of the README."""
    state = _session(encounter).state
    actor = data.draw(st.sampled_from(sorted(state.actors)))
    zone = data.draw(st.sampled_from(sorted(state.space.specs)))
    x0, y0, w, d = next(z["rect"] for z in encounter["map"]["zones"] if z["id"] == zone)
    point = (x0 + data.draw(st.integers(0, int(w * 4))) / 4,
             y0 + data.draw(st.integers(0, int(d * 4))) / 4)
    base = ruling(state, actor, zone, point, "move")
    for cause in CAUSES:
        want = None if base in EXEMPT[cause] else base
        assert ruling(state, actor, zone, point, cause) == want, cause


@SETTINGS
@given(encounters(), st.data())
def test_a_move_and_a_rush_owe_the_same_checks(encounter: dict[str, Any],
                                               data: st.DataObject) -> None:
    """(a) A004-18: the rush is movement like the move step: same way, same checks."""
    state = _session(encounter).state
    actor = state.actors[data.draw(st.sampled_from(sorted(state.actors)))]
    options = [o.command for o in _session(encounter).engine.options(state, actor.id)
               if o.command.get("do") in ("move", "rush")]
    assume(options)
    command = data.draw(st.sampled_from(options))
    at = (float(command["at"][0]), float(command["at"][1]))
    plans = []
    for cause in ("move", "rush"):
        try:
            plans.append(plan_move(state, actor, command["to"], at, None, cause=cause).hazards)
        except IllegalCommand as exc:
            plans.append(exc.reason)  # type: ignore[arg-type]
    assert plans[0] == plans[1]


def _crossing(kind: str, grade_or_width: Any, forward: bool,
              wall: list[list[float]] | None = None) -> str | None:
    if kind == "gap":
        zones: list[dict[str, Any]] = [{"id": "a", "rect": [0, 0, 6, 6]},
                                       {"id": "b", "rect": [6 + grade_or_width, 0, 6, 6]}]
        more: dict[str, Any] = {"gaps": [{"between": ["a", "b"], "from": [6, 3],
                          "to": [6 + grade_or_width, 3]}]}
        if wall is not None:
            more["walls"] = [wall]
        ends = (("a", [6, 3]), ("b", [6 + grade_or_width, 3]))
    else:
        zones = [{"id": "a", "rect": [0, 0, 6, 6]}, {"id": "b", "floor": 1, "rect": [0, 0, 6, 6]}]
        more = {"climbs": [{"between": ["a", "b"], "at": [3, 3], "grade": grade_or_width}]}
        ends = (("a", [3, 3]), ("b", [3, 3]))
    (frm, start), (to, end) = ends if forward else ends[::-1]
    data = {"footwork": 1, "ruleset": "sitemaps", "map": {"zones": zones, **more},
            "actors": [{"id": "x", "side": "s", "at": frm, "stats": {"point": start}}]}
    session = encounter_from_text(json.dumps(data), "gen.json").session()
    try:
        plan_move(session.state, session.state.actors["x"], to, (float(end[0]) + 0.0,
                                                                float(end[1])), None)
    except IllegalCommand as exc:
        return exc.reason
    return None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["gap", "climb"]), st.data())
def test_what_blocks_a_crossing_blocks_it_both_ways(kind: str, data: st.DataObject) -> None:
    """(b) R004-26 (an extreme climb, up or down), R004-30/R004-31 (a gap's width)."""
    value = data.draw(st.sampled_from([0.5, 1.0, 1.5, 2.0, 2.5, 3.0]) if kind == "gap"
                      else st.sampled_from(["trivial", "challenging", "extreme"]))
    assert _crossing(kind, value, True) == _crossing(kind, value, False)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([1.0, 1.5, 3.0]), st.floats(0.1, 0.9), st.floats(0.0, 6.0),
       st.floats(0.2, 3.0))
def test_a_wall_across_a_leap_blocks_it_both_ways(width: float, at: float, y: float,
                                                  length: float) -> None:
    """(b) R004-18, A004-16 (issue 23, S051): a wall drawn in a gap blocks the leap, both
    ways, exactly when it crosses the leap's line; a leap is a leg of the path like a
    walked one, and its open air alone blocks nothing."""
    x = 6 + at * width
    wall = [[x, y], [x, y + length]]
    # a wall that reaches the line, one of its ends on it, blocks too (both ways): the
    # leap's line meets it (hypothesis finds y or y + length exactly 3)
    crosses = y <= 3 <= y + length
    free = _crossing("gap", width, True)
    for forward in (True, False):
        got = _crossing("gap", width, forward, wall)
        assert got == ("path_blocked" if crosses else free), (forward, wall)


def _flag_refusals(state: Any, actor_id: str) -> list[dict[str, Any]]:
    """Commands the state JSON says ``actor_id`` may not give now."""
    a = state.actors[actor_id]
    go = {"actor": actor_id, "to": a.at, "at": list(a.point)}
    out: list[dict[str, Any]] = []
    if a.drowning:
        out += [{"do": "move", **go}, {"do": "rush", **go},
                {"do": "act", "actor": actor_id, "action": "swing"}]
    if a.stopped:
        out += [{"do": "move", **go}, {"do": "rush", **go}]
    if a.acted:
        out += [{"do": "rush", **go}, {"do": "act", "actor": actor_id, "action": "swing"}]
    if a.rushed:
        out.append({"do": "move", **go})
    if a.slow and not a.fast:
        out.append({"do": "rush", **go})
    return out


@SETTINGS
@given(encounters(), st.data())
def test_state_flags_agree_with_decide(encounter: dict[str, Any], data: st.DataObject) -> None:
    """(c) drowning (R004-28), stopped (R004-21), acted/rushed (A004-02), Slow (R004-15)."""
    session = _session(encounter)
    engine = session.engine
    for _ in range(data.draw(st.integers(1, 10), label="steps")):
        state = session.state
        if state.pending is None:
            for command in _flag_refusals(state, state.current):
                try:
                    engine.decide(state, engine.parse(command))
                except FootworkError:
                    continue
                raise AssertionError(f"{command} accepted though the state forbids it")
        try:
            session.do(next_command(data.draw, engine, state))
        except FootworkError:
            continue


@SETTINGS
@given(encounters(), st.data())
def test_every_way_in_honours_the_same_entry_rules(encounter: dict[str, Any],
                                                   data: st.DataObject) -> None:
    """(d) R004-06..08, R004-17, A004-06: whatever puts a body into a zone."""
    state = _session(encounter).state
    actor = data.draw(st.sampled_from(sorted(state.actors)))
    zone = data.draw(st.sampled_from(sorted(state.space.specs)))
    x0, y0, w, d = next(z["rect"] for z in encounter["map"]["zones"] if z["id"] == zone)
    near = (x0 + w / 2, y0 + d / 2)
    m = state.space
    for cause in CAUSES:
        spot = land(state, actor, zone, near, cause)
        if spot is None:
            continue
        assert entry(state, actor, zone, spot, cause) is None
        assert m.geometry.zones[zone].polygon.buffer(1e-6).covers(Point(spot))
        for other in state.actors.values():
            if other.id != actor and m.floor(other.at) == m.floor(zone):
                assert ((other.point[0] - spot[0]) ** 2 + (other.point[1] - spot[1]) ** 2) \
                    >= (2 - 1e-6) ** 2
        inside = sum(1 for o in state.actors.values() if o.at == zone and o.id != actor)
        assert cause in CARRIED or inside < m.capacity[zone]


@SETTINGS
@given(encounters(), st.data())
def test_a_fall_makes_only_the_balance_roll_moot(encounter: dict[str, Any],
                                                 data: st.DataObject) -> None:
    """(e) R004-22, R004-24, R004-27, A004-09 (issue 23 r): after a fall, each roll of the
    end of the activation is judged on its own: only balancing is moot, so a swim (or a
    face) is owed whatever made the character fall."""
    state = _session(encounter).state
    actor = state.actors[data.draw(st.sampled_from(sorted(state.actors)))]
    standing = end_of_activation(state, actor, actor.at, actor.point, False)
    fallen = end_of_activation(state, actor, actor.at, actor.point, True)
    if standing is None or standing.kind not in MOOT_AFTER_A_FALL:
        assert fallen == standing
    else:
        assert fallen is None or fallen.kind not in MOOT_AFTER_A_FALL
    if swim_roll_needed(state, actor, actor.at):
        assert fallen is not None


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3), st.integers(0, 3), st.sampled_from([(3.0, 3.0), (1.0, 1.0),
                                                              (6.0, 3.0)]))
def test_a_failed_climb_lands_as_every_fall_does(capacity: int, crowd: int,
                                                 foot: tuple[float, float]) -> None:
    """(f) R004-08, R004-24, A004-15 (issue 23 s): the fall off a failed climb lands where
    any fall into its lower zone lands (:func:`land` for a fall), however full that zone
    is: a fall is carried, not a chosen stop."""
    spots = [(1.0, 5.0), (7.0, 5.0), (7.0, 1.0)][:min(crowd, capacity)]
    data = {"footwork": 1, "ruleset": "sitemaps", "map": {
        "zones": [{"id": "yard", "rect": [-6, 0, 6, 6]},
                  {"id": "lower", "rect": [0, 0, 8, 6], "capacity": capacity},
                  {"id": "upper", "floor": 1, "rect": [0, 0, 8, 6]}],
        "openings": [{"between": ["yard", "lower"]}],
        "climbs": [{"between": ["lower", "upper"], "at": list(foot),
                    "grade": "challenging"}]},
        "actors": [{"id": "x", "side": "s", "at": "yard",
                    "stats": {"point": [-3, 3], "fast": True}},
                   *({"id": f"o{i}", "side": "s", "at": "lower", "stats": {"point": list(p)}}
                     for i, p in enumerate(spots))]}
    session = encounter_from_text(json.dumps(data), "gen.json").session()
    want = land(session.state, "x", "lower", foot, "fall")
    assume(want is not None)
    session.do({"do": "move", "actor": "x", "to": "upper", "at": [4, 3], "roll": [20]})
    x = session.state.actors["x"]
    assert (x.at, x.point, x.fell) == ("lower", want, True)


def _session_of(zones: list[dict[str, Any]], actors: list[dict[str, Any]],
                options: dict[str, Any] | None = None, **more: Any) -> Any:
    data = {"footwork": 1, "ruleset": "sitemaps", "map": {"zones": zones, **more},
            "actors": actors, "options": options or {}}
    return encounter_from_text(json.dumps(data), "gen.json").session()


def _pins(session: Any, mover: str, to: str, at: tuple[float, float]) -> list[str | None]:
    state = session.state
    plan = plan_move(state, state.actors[mover], to, at, None)
    return [h.pinner for h in plan.hazards if h.kind == "pin"]


EDGE = {"range": {"measure": "edge"}}  # reach 4 m centre to centre: room to vary


@settings(max_examples=25, deadline=None)
@given(st.floats(0.0, 2 * 3.14159), st.floats(2.0, 5.0))
def test_a_pin_at_the_start_whatever_the_mode(angle: float, metres: float) -> None:
    """(g) R004-19, R004-09 (issue 23 t): from one spot, a foe may pin a mover that walks
    off, climbs a ladder or leaps a gap alike: the take-off is read on its own floor."""


    foe = (5 + metres * math.cos(angle), 3 + metres * math.sin(angle))
    assume(0.2 < foe[0] < 5.8 and 0.2 < foe[1] < 5.8)
    zones = [{"id": "barn", "rect": [0, 0, 6, 6]}, {"id": "stall", "rect": [0, 6, 6, 4]},
             {"id": "loft", "floor": 1, "rect": [0, 0, 6, 6]},
             {"id": "yard", "rect": [7, 0, 4, 6]}]
    actors = [{"id": "x", "side": "a", "at": "barn", "stats": {"point": [5, 3]}},
              {"id": "f", "side": "b", "at": "barn", "stats": {"point": list(foe)}}]
    data = {"footwork": 1, "ruleset": "sitemaps", "options": EDGE, "map": {
        "zones": zones, "openings": [{"between": ["barn", "stall"]}],
        "climbs": [{"between": ["barn", "loft"], "at": [5, 3]}],
        "gaps": [{"between": ["barn", "yard"], "from": [5, 3], "to": [7, 3]}]},
        "actors": actors}
    session = encounter_from_text(json.dumps(data), "gen.json").session()
    within = metres <= 4.0 + 1e-9
    assert bool(_pins(session, "x", "loft", (5.0, 1.0))) == within
    assert bool(_pins(session, "x", "yard", (9.0, 3.0))) == within
    assert bool(_pins(session, "x", "stall", (5.0, 8.0))) or not within


@settings(max_examples=25, deadline=None)
@given(st.floats(0.1, 1.9), st.floats(0.0, 3.0), st.floats(0.0, 3.0))
def test_reach_over_a_gap_is_arm_length(width: float, left: float, right: float) -> None:
    """(h) R004-09, R004-31 (issue 23 u): across a gap's air, Nearby is arm's reach
    measured as across an open border (here edge to edge: 4 m centre to centre)."""
    p, q = (6 - left, 3.0), (6 + width + right, 3.0)
    assume(q[0] - p[0] >= 2.0)
    data = {"footwork": 1, "ruleset": "sitemaps", "options": EDGE, "map": {
        "zones": [{"id": "a", "rect": [0, 0, 6, 6]}, {"id": "b", "rect": [6 + width, 0, 6, 6]}],
        "gaps": [{"between": ["a", "b"], "from": [6, 3], "to": [6 + width, 3]}]},
        "actors": [{"id": "x", "side": "a", "at": "a", "stats": {"point": list(p)}},
                   {"id": "y", "side": "a", "at": "b", "stats": {"point": list(q)}}]}
    state = encounter_from_text(json.dumps(data), "gen.json").session().state
    assert nearby(state, state.actors["x"], state.actors["y"]) == \
        (q[0] - p[0] <= 4.0 + 1e-9)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["walk", "leap"]), st.floats(0.0, 8.0), st.floats(1.0, 6.0))
def test_rough_ground_is_read_on_the_movers_floor(mode: str, x0: float, w: float) -> None:
    """(i) R004-22, A004-09 (issue 23 v): ice one floor down never owes a balance roll to
    a mover above it, whatever the way it moves (walking or leaping)."""
    zones = [{"id": "w", "floor": 1, "rect": [0, 0, 4, 4]},
             {"id": "e", "floor": 1, "rect": [6 if mode == "leap" else 4, 0, 4, 4]},
             {"id": "cellar", "rect": [0, 0, 10, 4]}]
    more: dict[str, Any] = {"rough": [{"floor": 0, "rect": [x0, 0, w, 4],
                                       "qualities": ["slippery"]}]}
    if mode == "leap":
        more["gaps"] = [{"between": ["w", "e"], "from": [4, 2], "to": [6, 2]}]
    else:
        more["openings"] = [{"between": ["w", "e"]}]
    session = _session_of(zones, [{"id": "x", "side": "a", "at": "w",
                                   "stats": {"point": [1, 2]}}], **more)
    state = session.state
    end = (9.0 if mode == "leap" else 7.0, 2.0)
    plan = plan_move(state, state.actors["x"], "e", end, None)
    assert [h.kind for h in plan.hazards if h.kind == "balance"] == []


@settings(max_examples=25, deadline=None)
@given(st.floats(1.0, 3.0), st.floats(1.0, 3.0), st.integers(2, 4))
def test_a_clear_straight_way_is_taken(y0: float, y1: float, rooms: int) -> None:
    """(j) R004-18, A004-16 (issue 23 w): through open borders, a mover whose straight line
    is clear and crosses every opening 1 m inside walks that line: the traced way is as
    long as the straight distance."""


    zones = [{"id": f"r{i}", "rect": [4 * i, 0, 4, 4]} for i in range(rooms)]
    openings = [{"between": [f"r{i}", f"r{i + 1}"]} for i in range(rooms - 1)]
    session = _session_of(zones, [{"id": "x", "side": "a", "at": "r0",
                                   "stats": {"point": [0.5, y0], "fast": True}}],
                          openings=openings)
    state = session.state
    end = (4 * rooms - 0.5, y1)
    plan = plan_move(state, state.actors["x"], f"r{rooms - 1}", end, None)
    assert plan.path.length == pytest.approx(math.dist((0.5, y0), end), abs=1e-6)


def _race(bulk: int, turbulent: bool, how: str) -> tuple[Any, list[Any]]:
    """Pell in the race by ``how``: ``fall`` (slips stepping off the catwalk),
    ``end_fall`` (slips at the end of his activation), ``rescue`` (drowned there, then
    rescued by Tam at a table where a rescue leaves him there,
    ``hazards.rescue_pulls_out: false``), ``start`` (the map puts him there). Returns the
    session and the events of the end of the activation he spends in the race."""
    zones = [{"id": "catwalk", "floor": 1, "rect": [4, 1, 6, 2], "below": "race"},
             {"id": "dock", "floor": 1, "rect": [10, 0, 4, 4]},
             {"id": "race", "rect": [4, 0, 6, 4], "water": {"turbulent": turbulent}},
             {"id": "bank", "rect": [10, 0, 4, 4]}]
    where = ("catwalk", [6, 2]) if how in ("fall", "end_fall") else ("race", [8, 2])
    session = _session_of(zones, [
        {"id": "pell", "side": "a", "at": where[0],
         "stats": {"point": where[1], "AGI": 12, "bulk": bulk}},
        {"id": "tam", "side": "a", "at": "bank", "stats": {"point": [10, 2]}}],
        openings=[{"between": ["catwalk", "dock"]}, {"between": ["race", "bank"]}],
        rough=[{"floor": 1, "rect": [4, 1, 6, 2], "qualities": ["narrow"],
                "below": "race"}],
        options={"hazards": {"rescue_pulls_out": how != "rescue"}})
    if how == "fall":
        session.do({"do": "move", "actor": "pell", "to": "dock", "at": [12, 2],
                    "roll": [20]})
    elif how == "end_fall":  # the balance roll fails; the one owed in the race follows
        return session, list(session.do({"do": "end_turn", "actor": "pell", "roll": [20]}))
    elif how == "rescue":
        session.do({"do": "end_turn", "actor": "pell"})  # drowns or not, by the seed
        assume(session.state.actors["pell"].drowning)
        for who in ("tam", "pell"):
            session.do({"do": "end_turn", "actor": who})
        session.do({"do": "rescue", "actor": "tam", "target": "pell"})
        session.do({"do": "end_turn", "actor": "tam"})
    return session, []


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([0, 4, 5, 6]), st.booleans(),
       st.sampled_from(["fall", "end_fall", "rescue", "start"]))
def test_water_it_cannot_swim_one_ruling_whatever_put_it_there(bulk: int, turbulent: bool,
                                                                 how: str) -> None:
    """(k) R004-27, R004-29, A004-12 (issue 23, S053 and the rescue row): whatever put a
    character in turbulent water while it carries too much, nobody rolls for it: it
    drowns when its activation ends; a way out (or a pinner's placement in) is refused
    as ``cannot_swim``. Elsewhere in the water the ordinary roll is owed, however it
    came there."""
    from footwork.rulesets.sitemaps.pipeline import cannot_swim

    session, ended = _race(bulk, turbulent, how)
    state = session.state
    pell = state.actors["pell"]
    assert pell.at == "race"
    impossible = cannot_swim(state, pell, "race") is not None
    assert impossible == (turbulent and bulk * 4 > 16)
    needed = swim_roll_needed(state, pell, "race")
    if not ended:
        assert state.current == "pell" and not pell.drowning
        end = end_of_activation(state, pell, pell.at, pell.point, pell.fell)
        assert (end.kind if end is not None else None) == \
            ("drown" if impossible else "swim" if needed else None)
        assert (entry(state, "pell", "race", pell.point, "pin") is not None) == impossible
        try:
            plan_move(state, pell, "bank", (12.0, 2.0), None)
            out = None
        except IllegalCommand as exc:
            out = exc.reason
        assert (out == "cannot_swim") == impossible
        ended = list(session.do({"do": "end_turn", "actor": "pell"}))
    swims = [e for e in ended if e.type == "rolled" and "swim" in e.check]
    assert bool(swims) == (needed and not impossible)
    if impossible:
        assert session.state.actors["pell"].drowning
        assert any(e.type == "drowning_began" and "R004-29" in e.rules for e in ended)
