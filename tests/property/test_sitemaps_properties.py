"""Invariants of the `sitemaps` ruleset on random site maps and random play.

Each example builds a small grid of rectangular zones (random column widths and row
depths, so that neighbours share whole borders) joined by random openings (a whole
border or a doorway), with now and then a wall, a zone capacity, a rough strip or water;
places 2–4 actors of two sides on free spots; then plays up to 12 commands: most taken
from ``options()`` (answers included: pin or let pass, STR or AGI with supplied faces,
placements at random points near the pinner), the rest random and often illegal. After
every step:

- a refused command raises a :class:`FootworkError` and changes nothing;
- replaying the log from the initial state gives the live state;
- no two actors on one floor stand closer than 2 m (their circles never overlap);
- every actor's point lies in its zone, and no zone holds more than its capacity;
- a pinned mover is always placed within 2 m of its pinner;
- every option listed is accepted by ``decide``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from shapely import Point

from footwork.engine import Engine, Session, State
from footwork.errors import FootworkError, ScenarioError
from footwork.scenario import encounter_from_text

GM = "gm"
Draw = Callable[..., Any]


@st.composite
def site_maps(draw: st.DrawFn) -> dict[str, Any]:
    cols = draw(st.integers(1, 3))
    rows = draw(st.integers(1, 2))
    widths = [draw(st.sampled_from([4, 5, 6, 7])) for _ in range(cols)]
    depths = [draw(st.sampled_from([3, 4, 5])) for _ in range(rows)]
    xs = [sum(widths[:i]) for i in range(cols + 1)]
    ys = [sum(depths[:j]) for j in range(rows + 1)]
    zones: list[dict[str, Any]] = []
    for i in range(cols):
        for j in range(rows):
            zone: dict[str, Any] = {"id": f"z{i}{j}", "rect": [xs[i], ys[j], widths[i], depths[j]]}
            if draw(st.integers(0, 5)) == 0:
                zone["capacity"] = draw(st.integers(1, 2))
            if draw(st.integers(0, 7)) == 0:
                zone["water"] = {"turbulent": draw(st.booleans())}
            zones.append(zone)
    openings: list[dict[str, Any]] = []
    for i in range(cols):
        for j in range(rows):
            if i + 1 < cols and draw(st.integers(0, 4)) > 0:  # east neighbour
                o: dict[str, Any] = {"between": [f"z{i}{j}", f"z{i + 1}{j}"]}
                if draw(st.booleans()):
                    mid, half = ys[j] + depths[j] / 2, draw(st.sampled_from([0.5, 1.0]))
                    o["at"] = [[xs[i + 1], mid - half], [xs[i + 1], mid + half]]
                openings.append(o)
            if j + 1 < rows and draw(st.integers(0, 4)) > 0:  # north neighbour
                o = {"between": [f"z{i}{j}", f"z{i}{j + 1}"]}
                if draw(st.booleans()):
                    mid, half = xs[i] + widths[i] / 2, draw(st.sampled_from([0.5, 1.0]))
                    o["at"] = [[mid - half, ys[j + 1]], [mid + half, ys[j + 1]]]
                openings.append(o)
    data: dict[str, Any] = {"zones": zones, "openings": openings}
    if draw(st.integers(0, 3)) == 0:  # a wall inside the first zone, from its south side
        x = xs[0] + widths[0] / 2
        data["walls"] = [[[x, ys[0]], [x, ys[0] + depths[0] * draw(st.sampled_from([0.5, 1]))]]]
    if draw(st.integers(0, 2)) == 0:  # a rough strip across the first column
        quality = draw(st.sampled_from([["narrow"], ["uneven"], ["narrow", "slippery"]]))
        data["rough"] = [{"rect": [xs[0] + 1, 0, 1.5, ys[-1]], "qualities": quality}]
    return data


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    map_data = draw(site_maps())
    zones = map_data["zones"]
    cap = {z["id"]: z.get("capacity", int(z["rect"][2] * z["rect"][3] // 4)) for z in zones}
    placed: list[tuple[str, tuple[float, float]]] = []
    actors: list[dict[str, Any]] = []
    for n in range(draw(st.integers(2, 4))):
        zone = draw(st.sampled_from(zones))
        x0, y0, w, d = zone["rect"]
        point = (x0 + draw(st.integers(1, int(w * 4) - 1)) / 4,
                 y0 + draw(st.integers(1, int(d * 4) - 1)) / 4)
        assume(all(math.dist(point, p) >= 2 for _, p in placed))
        assume(sum(1 for z, _ in placed if z == zone["id"]) < cap[zone["id"]])
        if any(x0 < point[0] < x0 + w and y0 < point[1] < y0 + d for x0, y0, w, d in
               [z["rect"] for z in zones if z is not zone]):
            assume(False)
        placed.append((zone["id"], point))
        side = ["red", "blue"][n % 2] if draw(st.integers(0, 3)) else "red"
        actors.append({"id": f"a{n}", "side": side,
                       "at": zone["id"],
                       "stats": {"point": list(point), "STR": draw(st.integers(0, 20)),
                                 "AGI": draw(st.integers(0, 20)), "slow": draw(st.booleans()),
                                 "fast": draw(st.booleans()),
                                 "bulk": draw(st.sampled_from([0, 0, 4, 5]))}})
    options = {"pin": {"chooser": draw(st.sampled_from(["mover", "pinner"]))},
               "move": {"after_action": draw(st.booleans())}}
    return {"footwork": 1, "ruleset": "sitemaps", "seed": draw(st.integers(0, 2**16)),
            "options": options, "map": map_data, "actors": actors}


# -- invariants ------------------------------------------------------------------------


def snapshot(state: State[Any]) -> tuple[Any, ...]:
    return (dict(state.actors), state.pending, state.round, state.turn, state.version,
            dict(state.world))


def problems(state: State[Any]) -> list[str]:
    found: list[str] = []
    m = state.space
    width = state.options.move.footprint_m
    actors = list(state.actors.values())
    for a in actors:
        if not m.geometry.zones[a.at].polygon.buffer(1e-6).covers(Point(a.point)):
            found.append(f"{a.id} at {a.point} is not in its zone {a.at}")
    for i, a in enumerate(actors):
        for b in actors[i + 1:]:
            if m.floor(a.at) == m.floor(b.at) and math.dist(a.point, b.point) < width - 1e-6:
                found.append(f"{a.id} {a.point} and {b.id} {b.point} overlap")
    for zone, capacity in m.capacity.items():
        inside = [a.id for a in actors if a.at == zone]
        if len(inside) > capacity:
            found.append(f"{zone} (capacity {capacity}) holds {inside}")
    return found


def placement_problems(state: State[Any], events: tuple[Any, ...]) -> list[str]:
    found = []
    for e in events:
        if e.type == "placed" and e.by.startswith("pinned by "):
            pinner = state.actors[e.by.removeprefix("pinned by ")]
            if math.dist(pinner.point, e.point) > 2 + 1e-9:
                found.append(f"{e.actor} placed {math.dist(pinner.point, e.point)} m from "
                             f"{pinner.id}")
    return found


def check_options(engine: Engine[Any], state: State[Any]) -> None:
    for actor in (*state.actors, GM):
        for option in engine.options(state, actor):
            try:
                engine.decide(state, engine.parse(option.command))
            except FootworkError as exc:  # pragma: no cover - a failure is the finding
                raise AssertionError(f"listed option {option.command} refused: {exc}") from exc


# -- random commands -------------------------------------------------------------------


def answer(draw: Draw, state: State[Any]) -> dict[str, Any]:
    pending = state.pending
    assert pending is not None
    choice = draw(st.sampled_from(pending.choices))
    cmd: dict[str, Any] = {"answer": choice, "actor": pending.actor}
    if pending.kind == "resist_pin" and draw(st.booleans()):
        cmd["roll"] = [draw(st.integers(1, 20))]
    if pending.kind == "place_pinned" and draw(st.integers(0, 4)) > 0:
        pinner = state.actors[str(pending.context["pinner"])]
        angle = draw(st.floats(0, 2 * math.pi))
        r = draw(st.sampled_from([1.0, 2.0, 2.0, 2.5]))
        cmd["at"] = [round(pinner.point[0] + r * math.cos(angle), 3),
                     round(pinner.point[1] + r * math.sin(angle), 3)]
    return cmd


def junk(draw: Draw, state: State[Any]) -> dict[str, Any]:
    zones = [*state.space.specs, "nowhere"]
    actor = draw(st.sampled_from([*state.actors, GM]))
    kind = draw(st.sampled_from(["move", "rush", "act", "rescue", "reveal", "end_turn"]))
    cmd: dict[str, Any] = {"do": kind, "actor": actor}
    if kind in ("move", "rush"):
        cmd.update(to=draw(st.sampled_from(zones)),
                   at=[draw(st.integers(-1, 22)) / 1.0, draw(st.integers(-1, 11)) / 1.0])
        if draw(st.booleans()):
            cmd["roll"] = [draw(st.integers(1, 20))]
    elif kind == "act":
        cmd["action"] = draw(st.sampled_from(["swing", "rush"]))
    elif kind == "rescue":
        cmd["target"] = draw(st.sampled_from(list(state.actors)))
    elif kind == "reveal":
        cmd["zone"] = draw(st.sampled_from(zones))
    return cmd


def next_command(draw: Draw, engine: Engine[Any], state: State[Any]) -> dict[str, Any]:
    if state.pending is not None and draw(st.integers(0, 9)) < 9:
        return answer(draw, state)
    listed = [dict(o.command) for o in engine.options(state, state.current)]
    if listed and draw(st.integers(0, 9)) < 7:
        command: dict[str, Any] = draw(st.sampled_from(listed))
        if command.get("do") in ("move", "rush") and draw(st.booleans()):
            command["roll"] = [draw(st.integers(1, 20))]  # may be more than the move needs
        return command
    return junk(draw, state)


def load(data: dict[str, Any]) -> Session[Any]:
    return encounter_from_text(json.dumps(data), "gen.json").session()


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(encounters(), st.data())
def test_random_play_keeps_the_invariants(encounter: dict[str, Any], data: st.DataObject) -> None:
    try:
        session = load(encounter)
    except ScenarioError as exc:  # an actor drawn on the wall: not a finding
        assume("inside a wall" not in str(exc))
        raise
    engine = session.engine
    assert problems(session.state) == []
    for _ in range(data.draw(st.integers(1, 15), label="steps")):
        state = session.state
        check_options(engine, state)
        command = next_command(data.draw, engine, state)
        data.draw(st.just(command), label="command")
        before = snapshot(state)
        count = len(session.history)
        try:
            events = session.do(command)
        except FootworkError:
            assert session.state is state
            assert snapshot(session.state) == before
            assert len(session.history) == count
            continue
        for e in events:
            if e.type in ("placed", "movement_ended", "drowning_began", "fell", "rolled",
                          "pin_attempted"):
                event(e.type)
        assert problems(session.state) == []
        assert placement_problems(session.state, events) == []
        assert engine.replay(session.initial, session.events) == session.state
    check_options(engine, session.state)
