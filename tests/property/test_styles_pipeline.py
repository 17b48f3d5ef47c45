"""Properties of the `styles` movement pipeline (issue 16, issue 10, issue 23).

- (a) commands of different causes that step into the same cell in the same mode get the
  same ruling through decide: a Walk plan, a Dash's plan and an Interrupted flier's fall
  land alike (place, mode, height, lost in a void, hazards); a Swim plan, a Dash's plan
  and a current's drift enter the same water alike, and where the Swim is refused the
  current stops at the edge;
- (b) symmetry: a walk, swim, climb or flight between two spots of one kind that the
  rules allow one way they allow the other way, at the same price (R001-34's continuous
  surface included);
- (c) what the state JSON says an actor may not do, decide refuses;
- (d) every way into a place honours the one entry rule (:func:`admits`);
- (g) a drift reads the current of each cell it passes (issue 23);
- (h) a slanting stroke is one straight line whichever command asks for it (issue 23);
- (i) a hop onto a ledge or down off it costs the straight line from take-off, the same
  rising or dropping (issue 23, S070, A001-18);
- (j) a Walk into water is a fall into it whatever the height of the bank over the water,
  with or without Swim, and options offer it as decide rules it (issue 23, S069, R001-26).
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from footwork.errors import IllegalCommand
from footwork.rulesets.styles.model import STYLES
from footwork.rulesets.styles.pipeline import Stepped, admits, make_pipeline, room
from footwork.rulesets.styles.planning import reachable, start_spot
from footwork.rulesets.styles.terrain import AIR, FLY, GROUND, MODE_KIND, WALL, WATER, Mover
from footwork.scenario import encounter_from_data

from .test_styles_properties import encounters

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

#: cells a walker, a dasher and an Interrupted flier can enter (X is the middle one)
LAND_X = {
    ".": {"surface": "floor"},
    "M": {"surface": "floor", "tags": ["mine"]},
    "^": {"surface": "floor", "elevation": 1},
    "N": {"surface": "floor", "elevation": 1, "tags": ["mine"]},
    "#": {"surface": "wall", "elevation": 2},
    "_": {"surface": "void"},
    "c": {"surface": "floor", "ceiling_height": 1.5},
}
#: cells a swimmer, a dashing swimmer and a current can enter from the water at (0,0)
WATER_X = {
    "~": {"surface": "water", "elevation": 0, "water_depth": 1},
    "s": {"surface": "water", "elevation": 0, "water_depth": 0.5},
    "w": {"surface": "water", "elevation": 0, "water_depth": 2},
    "h": {"surface": "water", "elevation": 1, "water_depth": 2},
    ".": {"surface": "floor"},
    "M": {"surface": "floor", "tags": ["mine"]},
    "_": {"surface": "void"},
    "#": {"surface": "wall", "elevation": 2},
}
SOURCE = {"surface": "water", "elevation": 0, "water_depth": 2, "current": "E"}
SHEET = ["Walk", "Fly", "Swim"]


@st.composite
def entries(draw: st.DrawFn) -> dict[str, Any]:
    """One row ``S X .``: every cause of the case ends in, or steps into, X."""
    water = draw(st.booleans())
    x = draw(st.sampled_from(sorted(WATER_X if water else LAND_X)))
    return {"water": water, "x": x, "src": "S" if water else draw(st.sampled_from(".^")),
            "cell": draw(st.sampled_from([1, 0.5])), "vs": draw(st.sampled_from([0.5, 1.0])),
            "z": draw(st.sampled_from([0, -1])) if water else 0}


def _data(case: dict[str, Any], at: str, **stats: Any) -> dict[str, Any]:
    legend = {**(WATER_X if case["water"] else LAND_X), "S": SOURCE}
    return {"footwork": 1, "ruleset": "styles", "seed": 5,
            "options": {"move": {"diagonal": "one", "vertical_step_u": case["vs"]},
                        "swim": {"drift": "end_of_own_turn"}},
            "map": {"cell_size": case["cell"], "rows": [case["src"] + case["x"] + "."],
                    "legend": legend},
            "actors": [{"id": "a", "side": "x", "at": at,
                        "stats": {"styles": SHEET, "hooks": 1, **stats}}]}


def _session(data: dict[str, Any]) -> Any:
    return encounter_from_data(data).session()


def _outcome(data: dict[str, Any], commands: list[dict[str, Any]]) -> tuple[Any, ...]:
    """Through decide: a refusal (its reason and rules, nothing changed), or where the
    actor is (cell, mode, height, lost) and the hazards its arrival set off."""
    session = _session(data)
    before = session.state
    events: list[Any] = []
    try:
        for command in commands:
            events += session.do(command)
    except IllegalCommand as exc:
        assert session.state is before or len(commands) > 1
        return ("refused", exc.reason, tuple(exc.rules))
    a = session.state.actors["a"]
    hazards = tuple((e.row, e.col, e.tags) for e in events if e.type == "hazard_triggered")
    return ("at", a.row, a.col, a.mode, round(a.z, 9), a.lost, hazards)


def _plan(style: str, to: list[float], dash: bool) -> dict[str, Any]:
    return {"do": "move", "actor": "a", "plan": [{"style": style, "to": to}],
            **({"dash": True} if dash else {})}


@settings(SETTINGS, max_examples=150)  # a small space: most of it, in about a second
@given(entries())
def test_a_step_is_ruled_alike_whatever_caused_it(case: dict[str, Any]) -> None:
    """Issue 16 (a): commands of different causes that step into the same cell in the
    same mode get the same ruling through decide. On land: a Walk plan, a Dash's Walk
    plan, and the fall of an Interrupted flier (R001-21, R001-34) into X end alike (same
    place, mode and height, lost in a void alike, A001-14; the same hazard set off,
    A001-19); a Walk refused only for the rise (R001-26, a crossing rule) is no ruling on
    X, and a wall admits no one (R001-26, R001-34). In water: a Swim plan, a Dash's Swim
    plan and a current's drift (R001-35, A001-20) from (0,0) into X at the same depth
    end alike; where the Swim is refused (no water there, R001-35) the current stops at
    the edge. The README's exceptions (a chosen path is refused, a forced one stops:
    R001-02; only a style's step spends Movement, R001-13; the ``fell`` citation) are
    what the comparison leaves out."""
    x = case["x"]
    if case["water"]:
        to = [0, 1, case["z"]]
        own = _outcome(_data(case, "0,0", z=case["z"]), [_plan("swim", to, False)])
        dash = _outcome(_data(case, "0,0", z=case["z"]), [_plan("swim", to, True)])
        forced = _outcome(_data(case, "0,0", z=case["z"]),
                          [{"do": "end_turn", "actor": "a"}])
        stays = ("at", 0, 0, "water", float(case["z"]), False, ())
        event(f"(a) water: swim {own[0]}, current {'stays' if forced == stays else 'enters'}")
        assert own == dash, (own, dash)
        if own[0] == "at":
            assert own == ("at", 0, 1, "water", float(case["z"]), False, ()), own
            assert forced == own, (own, forced)
        else:
            # R001-35: no water to swim in there (not water at all, or not at that depth)
            assert own[1] in ("not_water", "no_room", "no_way") and "R001-35" in own[2], own
            spec = WATER_X[x]
            if spec["surface"] == "water" and case["z"] < 0 <= spec.get("elevation", 0):
                # the s32 review (R001-35, A001-20): water shallower than the swimmer is
                # deep is no bank: the current lifts it over the rise, to the bed there,
                # (the map's bed, in whole vertical steps), as a Swim stroke there is ruled
                assert forced[:4] == ("at", 0, 1, "water") and forced[4] > case["z"], forced
                up = _outcome(_data(case, "0,0", z=case["z"]),
                              [_plan("swim", [0, 1, forced[4]], False)])
                assert forced == up, (up, forced)
            else:
                assert forced == stays, forced
        return
    own = _outcome(_data(case, "0,0"), [_plan("walk", [0, 1], False)])
    dash = _outcome(_data(case, "0,0"), [_plan("walk", [0, 1], True)])
    top = {"^": 1, "N": 1, "#": 2}.get(x, 0)
    forced = _outcome(_data(case, "0,1", mode="fly", z=top + 1),
                      [{"do": "interrupt", "actor": "gm", "target": "a"}])
    assert own == dash, (own, dash)
    event(f"(a) land: walk {own[0]} ({own[1] if own[0] == 'refused' else own[3]}), fall ends "
          f"{'lost' if forced[5] else forced[3]}{', mine' if forced[6] else ''}")
    if own[0] == "at":
        assert forced == own, (own, forced)
        return
    if x == "#":  # a wall block is no place for a body, whoever brings it (R001-26, R001-34)
        assert own[1] == "no_way", own
        assert forced[3] == "fly", forced
        return
    # too high to walk up (R001-26: a crossing rule, not X's entry); the fall lands there
    assert own[1] == "no_way" and own[2] == ("R001-26",) and x in "^N", own
    assert forced[1:4] == (0, 1, "ground") and bool(forced[6]) == (x == "N"), forced


@SETTINGS
@given(encounters())
def test_what_blocks_one_way_blocks_the_other(data: dict[str, Any]) -> None:
    """Issue 16 (b), R001-26, R001-34, R001-35: between two spots of one kind, a walk,
    swim, climb or flight allowed one way is allowed back at the same price."""
    session = _session(data)
    state = session.state
    t = state.space.terrain
    a = state.actors["a"]
    pipeline = make_pipeline(session.engine.ruleset.evolve)
    every = Mover(frozenset(STYLES), 1.0, True)
    found = reachable(t, a, state.options, hazards_ok=True)
    for spot in found:
        for s in t.steps(spot, every):
            if s.to[0] != spot[0] or spot[0] not in (GROUND, WATER, WALL, FLY) or \
                    s.style == "jump":
                continue
            back = [b for b in t.steps(s.to, every) if b.to[:4] == spot[:4]
                    and b.style == s.style]
            assert back, (spot, s)
            if t.diagonal.value != "alternate":  # alternate prices by the parity so far
                assert abs(back[0].cost - s.cost) <= 1e-9, (spot, s)
            if spot[0] == WALL:
                assert t.climb_link(spot, s.to) and t.climb_link(s.to, spot)
    del pipeline


@SETTINGS
@given(encounters(), st.lists(st.integers(0, 40), max_size=3))
def test_what_the_state_forbids_decide_refuses(data: dict[str, Any],
                                               picks: list[int]) -> None:
    """Issue 10, issue 16 (c): every flag of the state JSON that says an actor may not do
    something is honoured by decide (R001-02, R001-11..13, R001-28..30, A001-03,
    A001-10, A001-14)."""
    session = _session(data)
    for pick in picks:  # a few moves first, from what options offers
        moves = [o for o in session.options("a") if o.command.get("do") == "move"]
        if not moves:
            break
        session.do(dict(moves[pick % len(moves)].command))
    body = session.to_json(log=False)["actors"]["a"]
    state = session.state

    def refuses(command: dict[str, Any], *reasons: str) -> None:
        """decide refuses ``command`` for the flag's own reason, and changes nothing."""
        before = session.state
        try:
            session.engine.apply(state, session.engine.parse(command))
        except IllegalCommand as exc:
            assert session.state is before
            assert exc.reason in reasons, (command, exc.reason, reasons, body)
            event(f"(c) {command['do']} refused: {exc.reason}")
            return
        raise AssertionError(f"state {body} forbids {command}, decide accepted it")

    if body["prone"]:
        refuses({"do": "prone", "actor": "a"}, "prone")  # R001-28
    else:
        refuses({"do": "stand", "actor": "a"}, "not_prone")  # R001-30
    if body["style"] != "walk":
        refuses({"do": "prone", "actor": "a"}, "prone", "walk_not_active")  # R001-28
    if body["dashes"] >= state.options.dash.per_turn:
        refuses({"do": "move", "actor": "a", "dash": True, "to": [0, 0]}, "dash_used")
    elif body["hooks"] < state.options.dash.hooks:
        refuses({"do": "move", "actor": "a", "dash": True, "to": [0, 0]}, "no_hook")
    t = state.space.terrain
    here = start_spot(t, state.actors["a"])
    every = Mover(frozenset(STYLES), 2.0 if body["prone"] else 1.0, True)
    for s in t.steps(here, every):
        left = body["left"].get(s.style)
        prone_only = body["prone"] and s.style != "walk" and \
            state.options.prone.blocks_other_styles
        blocked = left is None or s.cost > left + 1e-6 or prone_only
        if blocked and s.to[0] != AIR:
            to = [s.to[1], s.to[2]] + ([t.height(s.to[3])] if s.to[3] > -10**5 else [])
            # R001-28 (prone: stand first), R001-02 / R001-11..13 (the pool, the caps)
            why = ("no_style",) if left is None else ("prone",) if prone_only else (
                "over_pool", "over_cap", "over_budget")
            refuses({"do": "move", "actor": "a", "plan": [{"style": s.style, "to": to}]},
                    *why)


@SETTINGS
@given(encounters(), st.lists(st.sampled_from(["move", "end_turn", "interrupt", "slow"]),
                              max_size=5), st.integers(0, 50))
def test_every_way_into_a_place_honours_the_entry_rule(data: dict[str, Any],
                                                       doings: list[str], pick: int) -> None:
    """Issue 16 (d), R001-26, R001-34, R001-35, A001-14: moves, falls, currents, floats
    and sinks leave every actor where :func:`admits` lets a body be; and every cause's
    path is entered through the same rule."""
    session = _session(data)
    assert make_pipeline(session.engine.ruleset.evolve).entering == (room,)
    for doing in doings:
        if session.state.actors["a"].lost:
            break  # out of the scene: its turn passed on by itself (A001-14), nothing left
        if doing == "move":
            moves = [o for o in session.options("a") if o.command.get("do") == "move"]
            if moves:
                session.do(dict(moves[pick % len(moves)].command))
        elif doing == "end_turn":
            session.do({"do": "end_turn", "actor": "a"})
        else:
            session.do({"do": doing, "actor": "gm", "target": "a"} if doing == "interrupt"
                       else {"do": "slow", "actor": "gm", "target": "a", "stacks": 2})
        a = session.state.actors["a"]
        if a.lost:
            continue
        t = session.state.space.terrain
        spot = (MODE_KIND[a.mode], a.row, a.col, t.level(a.z), 0)
        assert admits(t, spot) is None, (a.mode, a.row, a.col, a.z)


def test_stepped_never_leaves_decide() -> None:
    """The pipeline's per-step record is folded into the log's own lines."""
    data = {"footwork": 1, "ruleset": "styles", "map": {"rows": ["...."]},
            "actors": [{"id": "a", "side": "x", "at": "0,0"}]}
    session = _session(data)
    events = session.do({"do": "move", "actor": "a", "to": [0, 3]})
    assert not any(isinstance(e, Stepped) for e in events)


@st.composite
def strokes(draw: st.DrawFn) -> dict[str, Any]:
    """A swimmer at some depth of a tank and a neighbouring spot at another depth."""
    vs = draw(st.sampled_from([0.5, 1.0]))
    depth = draw(st.sampled_from([2.0, 4.0, 6.0]))
    levels = int(depth / vs)
    return {"vs": vs, "depth": depth, "cell": draw(st.sampled_from([1.0, 0.5])),
            "z": -vs * draw(st.integers(0, levels)), "z2": -vs * draw(st.integers(0, levels)),
            "dc": draw(st.sampled_from([1, 2]))}


@settings(SETTINGS, max_examples=60)
@given(strokes())
def test_a_slanting_stroke_is_ruled_alike_whatever_asks_for_it(case: dict[str, Any]) -> None:
    """Issue 23 (h), R001-35, A001-17: a stroke to the next cell at another depth is
    one straight line in three dimensions: a Swim plan, a Dash's Swim plan and a Move
    given only its destination end alike, at the same price, and that price is the
    straight line (hypot of the run and the rise) whenever it fits the Double Swim's
    8u; a stroke two cells away never costs more than going across then down."""
    water = {"surface": "water", "elevation": 0, "water_depth": case["depth"]}
    data = {"footwork": 1, "ruleset": "styles", "seed": 5,
            "options": {"move": {"vertical_step_u": case["vs"]}},
            "map": {"cell_size": case["cell"], "rows": ["~~~"], "legend": {"~": water}},
            "actors": [{"id": "a", "side": "x", "at": f"0,0,{case['z']}",
                        "stats": {"styles": ["Walk", "Double Swim"], "hooks": 1}}]}
    to = [0, case["dc"], case["z2"]]
    own = _outcome(data, [_plan("swim", to, False)])
    dash = _outcome(data, [_plan("swim", to, True)])
    auto = _outcome(data, [{"do": "move", "actor": "a", "to": to}])
    assert own == dash == auto, (own, dash, auto)
    s = _session(data)
    s.do(_plan("swim", to, False))
    cost = s.to_json(log=False)["actors"]["a"]["spent"]["swim"]
    run, rise = case["cell"] * case["dc"], abs(case["z2"] - case["z"])
    if case["dc"] == 1:
        assert abs(cost - math.hypot(run, rise)) <= 1e-6, (cost, case)
    else:
        assert math.hypot(run, rise) - 1e-6 <= cost <= run + rise + 1e-6, (cost, case)
    event(f"(h) stroke {case['dc']} cell(s), rise {rise:g}u")


CURRENTS = {
    ".": {"surface": "water", "elevation": 0, "water_depth": 2},
    "1": {"surface": "water", "elevation": 0, "water_depth": 2, "current": "E",
          "current_speed": 1},
    "2": {"surface": "water", "elevation": 0, "water_depth": 2, "current": "E",
          "current_speed": 2},
    "3": {"surface": "water", "elevation": 0, "water_depth": 2, "current": "E",
          "current_speed": 3},
    "w": {"surface": "water", "elevation": -1, "water_depth": 2},
    "#": {"surface": "wall", "elevation": 3},
}


@settings(SETTINGS, max_examples=80)
@given(st.text(alphabet="123", min_size=1, max_size=1),
       st.text(alphabet=".123w#", min_size=1, max_size=6))
def test_a_drift_reads_the_current_of_each_cell_it_passes(first: str, rest: str) -> None:
    """Issue 23 (g), R001-35, A001-20: a halted swimmer drifts one turn; each step out of a
    cell takes 1/speed of the turn at that cell's current, still water ends the drift, a
    wall stops it at the water's edge, and a lower pool (a weir) is entered at its
    surface. The oracle walks the row cell by cell, reading each cell's own current."""
    row = first + rest
    data = {"footwork": 1, "ruleset": "styles", "seed": 5,
            "options": {"swim": {"drift": "end_of_own_turn"}},
            "map": {"cell_size": 1, "rows": [row], "legend": CURRENTS},
            "actors": [{"id": "a", "side": "x", "at": "0,0",
                        "stats": {"styles": ["Walk", "Swim"]}}]}
    # the oracle: walk the row cell by cell
    col, used = 0, 0.0
    while row[col] in "123" and col + 1 < len(row) and row[col + 1] != "#":
        share = 1.0 / int(row[col])
        if used + share > 1.0 + 1e-9:
            break
        col, used = col + 1, used + share
    s = _session(data)
    s.do({"do": "end_turn", "actor": "a"})
    a = s.state.actors["a"]
    assert (a.col, a.mode) == (col, "water"), (row, a.col, col)
    assert a.z == (-1.0 if row[col] == "w" else 0.0)
    event(f"(g) drift of {col} cell(s)")


@settings(SETTINGS, max_examples=60)
@given(st.sampled_from(["Half Jump", "Jump", "Double Jump"]), st.integers(1, 16),
       st.integers(1, 9), st.booleans())
def test_a_hop_lands_or_is_refused_never_falls_onto_a_floor(
        sheet: str, drop_steps: int, hops: int, dash: bool) -> None:
    """Issue 23 (e, f), R001-02, R001-32, A001-18: a hop down onto a floor and a chain of
    1u hops along flat floor are ruled alike by a plan and a Dash's plan: each lands
    (costing its straight line) when the cap and pool pay for all of it, and is refused
    whole otherwise; no Move ends with a fall onto the floor."""
    drop = 0.5 * drop_steps
    cap = {"Half Jump": 2.0, "Jump": 4.0, "Double Jump": 8.0}[sheet] * (2 if dash else 1)
    legend = {"^": {"surface": "floor", "elevation": drop}, ".": {"surface": "floor"}}
    data = {"footwork": 1, "ruleset": "styles", "seed": 5,
            "map": {"cell_size": 1, "rows": ["^" + "." * 10], "legend": legend},
            "actors": [{"id": "a", "side": "x", "at": "0,0",
                        "stats": {"styles": [sheet], "hooks": 1}}]}
    down = math.hypot(1.0, drop)  # rule questions: a walk step down is no longer priced flat
    plan = [{"style": "jump", "to": [0, 1]}] + [{"style": "jump", "to": [0, 1 + i]}
                                                 for i in range(1, hops)]
    command = {"do": "move", "actor": "a", "plan": plan, **({"dash": True} if dash else {})}
    s = _session(data)
    try:
        events = s.do(command)
    except IllegalCommand as exc:
        assert exc.reason in ("over_cap", "over_pool"), exc
        assert down + (hops - 1) > cap + 1e-9, (down, hops, cap)
        event("(e) refused whole")
        return
    assert not [e for e in events if e.type == "fell"], events
    a = s.state.actors["a"]
    assert (a.col, a.mode) == (hops, "ground")
    assert abs(a.spent["jump"] - (down + hops - 1)) <= 1e-6
    event("(f) landed")


@settings(SETTINGS, max_examples=60)
@given(st.sampled_from(["Jump", "Double Jump"]), st.integers(0, 3), st.integers(2, 12),
       st.sampled_from(["_", "p"]), st.sampled_from([1.0, 0.5]), st.booleans(),
       st.sampled_from(["euclidean", "one", "alternate"]))
def test_a_hop_costs_its_straight_line_from_take_off_up_or_down(
        sheet: str, pit: int, rise_steps: int, gap: str, cell: float, up: bool,
        diagonal: str) -> None:
    """Issue 23 (S070), A001-18, A001-17, R001-32: a hop across a pit (a void or a lower
    floor) between a floor and a ledge more than the walk step higher is ruled the same
    rising or dropping: it lands, costing the straight line of its run across the cells
    and its rise, sqrt(run^2 + rise^2), when its Jump and the pool pay for it, and is
    refused whole (over_cap, over_pool) otherwise; never a fall."""
    rise = 0.5 * rise_steps
    run = (pit + 1) * cell
    line = math.hypot(run, rise)
    cap = {"Jump": 4.0, "Double Jump": 8.0}[sheet]
    legend = {"L": {"surface": "floor"}, "H": {"surface": "floor", "elevation": rise},
              "_": {"surface": "void"}, "p": {"surface": "floor", "elevation": -1}}
    row = "L" + gap * pit + "H"
    frm, to = (0, len(row) - 1) if up else (len(row) - 1, 0)
    data = {"footwork": 1, "ruleset": "styles", "seed": 5,
            "options": {"move": {"diagonal": diagonal}, "fall": {"dice": "1d6"}},
            "map": {"cell_size": cell, "rows": [row], "legend": legend},
            "actors": [{"id": "a", "side": "x", "at": f"0,{frm}",
                        "stats": {"styles": ["Walk", sheet]}}]}
    s = _session(data)
    try:
        events = s.do({"do": "move", "actor": "a", "plan": [{"style": "jump", "to": [0, to]}]})
    except IllegalCommand as exc:
        assert exc.reason in ("over_cap", "over_pool"), exc
        assert line > cap + 1e-9, (line, cap)
        event("(i) refused whole")
        return
    assert line <= cap + 1e-9, (line, cap)
    assert not [e for e in events if e.type == "fell"], events
    a = s.state.actors["a"]
    assert (a.col, a.mode, a.z) == (to, "ground", rise if up else 0.0)
    assert abs(a.spent["jump"] - line) <= 1e-9
    event(f"(i) landed {'up' if up else 'down'}")


@settings(SETTINGS, max_examples=60)
@given(st.sampled_from([-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 2.5, 6.0]),
       st.sampled_from([0.0, 2.0]), st.booleans(), st.sampled_from([1.0, 0.5]))
def test_a_walk_into_water_is_a_fall_into_it_whatever_its_height(
        drop: float, bank: float, swimmer: bool, cell: float) -> None:
    """Issue 23 (S069), R001-26, A001-14, R001-36: a Walk step from a bank into water has
    no solid surface under it, so it Falls into the water, by the height of the bank over
    the water (0u when the water is level with it or within the stride above it), whether
    or not the walker knows Swim: the Walk step is paid, no damage, and the walker is in
    the water. Water more than the stride above the bank is no step (no_way). The options
    of a walker without Swim offer that water exactly when the Walk is accepted, and the
    offered Move ends there."""
    water = bank - drop
    legend = {"b": {"surface": "floor", "elevation": bank},
              "w": {"surface": "water", "elevation": water, "water_depth": 2}}
    sheet = ["Walk", "Half Jump"] + (["Swim"] if swimmer else [])
    data = {"footwork": 1, "ruleset": "styles", "seed": 5,
            "options": {"fall": {"dice": "1d6"}},
            "map": {"cell_size": cell, "rows": ["bw"], "legend": legend},
            "actors": [{"id": "a", "side": "x", "at": "0,0", "stats": {"styles": sheet}}]}
    s = _session(data)
    walk = {"do": "move", "actor": "a", "plan": [{"style": "walk", "to": [0, 1]}]}
    if not swimmer:
        # a Walk's offer (a hop into water above the stride is a Jump's, the s32 review)
        offered = [o for o in s.options("a") if o.command.get("do") == "move"
                   and o.command.get("to") == [0, 1, water]
                   and all(p["style"] == "walk" for p in o.command["plan"])]
    try:
        events = s.do(walk)
    except IllegalCommand as exc:
        assert (exc.reason, drop) == ("no_way", drop) and drop < -0.5, exc
        assert swimmer or not offered
        event("(j) refused: the water is above the stride")
        return
    fell = [e for e in events if e.type == "fell"]
    assert len(fell) == 1 and fell[0].into == "water", events
    assert fell[0].distance == max(0.0, drop)
    a = s.state.actors["a"]
    assert (a.col, a.mode, a.z, a.damage) == (1, "water", water, 0)
    assert a.spent == {"walk": cell}
    if not swimmer:
        assert len(offered) == 1 and "falls" in offered[0].label
        t = _session(data)
        t.do(offered[0].command)
        b = t.state.actors["a"]
        assert (b.col, b.mode, b.z) == (1, "water", water)
    event(f"(j) fell {max(0.0, drop)}u into water")
