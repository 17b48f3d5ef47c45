"""Properties of the `cultivation` movement pipeline (issue 16, issue 10):

(a) a step from the same zone to the same zone gets the same ruling whatever caused it,
    except where the text makes the cause matter (``pipeline.CAUSE_MATTERS``, README);
(b) what blocks a crossing one way is checked the other way too;
(c) whatever the state JSON says an actor may not do, decide refuses;
(d) every way into a zone honours the same entry rules (limit, whirlpool, bands).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from footwork.engine import Session
from footwork.engine.movement import Path
from footwork.engine.rolling import Roller
from footwork.errors import IllegalCommand
from footwork.rulesets.cultivation.movement import crossing_of
from footwork.rulesets.cultivation.pipeline import PIPELINE, band_step, forced, step_to
from footwork.rulesets.cultivation.rules import is_falling, occupants

from ..support import actor, inline_data, inline_session

ZONES = ("a", "b", "c", "d")
#: every cause that can put a character into a zone, chosen or forced
CAUSES = ("move", "joint_move", "throw", "crowd_throw", "scatter", "current", "wave",
          "elevator", "whirlpool")
FORCED_IN = ("throw", "crowd_throw", "current", "wave", "elevator", "whirlpool")
#: reasons no rule may give one cause and not another (the text never makes the cause
#: matter for them): the link, the whirlpool's hold (R000-29, R000-51, R000-60)
CAUSE_FREE = {"not_adjacent", "already_there", "whirlpool"}
RELAXED = settings(max_examples=40, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])


@st.composite
def encounters(draw: st.DrawFn, mode: str | None = None) -> Session[Any]:
    zones = []
    for z in ZONES:
        zone: dict[str, Any] = {"id": z}
        if draw(st.booleans()):
            zone["dt"] = draw(st.sampled_from([1, 8, 15]))
        if draw(st.booleans()):
            zone["limit"] = draw(st.integers(1, 2))
        zone["floor_m"] = draw(st.sampled_from([0, 0, 2, 20]))
        if draw(st.booleans()):
            zone["water_m"] = draw(st.sampled_from([1, 6]))
        zones.append(zone)
    if draw(st.booleans()):
        zones[0]["tile"] = {"kind": "whirlpool"}
        zones[0]["water_m"] = 6
    links: list[Any] = []
    for i, x in enumerate(ZONES):
        for y in ZONES[i + 1:]:
            kind = draw(st.sampled_from(["none", "plain", "plain", "sight_only"]))
            if kind == "plain":
                links.append([x, y])
            elif kind == "sight_only":
                links.append({"a": x, "b": y, "reach": False})
    # at most one character per zone to start with, so every limit holds at the start
    places = draw(st.permutations(ZONES))
    actors = [actor("p", places[0], earth=3, air=3), actor("q", places[1], side="x"),
              actor("r", places[2], side="x")]
    options = {"limit": {"mode": mode or draw(st.sampled_from(["challenge", "spillover"]))}}
    return inline_session(inline_data("cultivation", {"zones": zones, "links": links},
                                      actors, options=options))


def verdict(s: Session[Any], cause: str, to: str, who: str = "p") -> str | None:
    state = s.state
    path = Path(who, cause, (step_to(state, state.actors[who].at, to),),
                cause not in ("move", "joint_move"))
    found = PIPELINE.allows(state, path, result=999.0, result_known=True)
    return None if found is None else found.reason


@RELAXED
@given(encounters(), st.sampled_from(ZONES))
def test_a_same_step_same_ruling_whatever_the_cause(s: Session[Any], to: str) -> None:
    """(a) R000-29, R000-51, R000-60 rule every cause alike; the limit (R000-32, A000-17)
    rules every forced cause alike; the exceptions are the README's (R000-52, A000-09,
    R000-33, R000-01...)."""
    seen = {cause: verdict(s, cause, to) for cause in CAUSES}
    free = {cause: r for cause, r in seen.items() if r in CAUSE_FREE}
    if free:  # a cause-free refusal is given to every cause, and the same one
        assert set(seen.values()) == set(free.values()), seen
    forced_ones = {seen[c] for c in FORCED_IN}
    assert len(forced_ones) == 1, seen


@st.composite
def borders(draw: st.DrawFn) -> tuple[Session[Any], str, str]:
    """A map whose every pair of zones is joined by a two-way link, a one-way link (in a
    random direction), a climb, a one-way drop, a sight-only link or nothing, and two
    zones ``x``, ``y`` drawn from it: the pair is joined by some link in most examples,
    by a one-way link or a drop in about half."""
    zones = []
    for z in ZONES:
        zone: dict[str, Any] = {"id": z, "floor_m": draw(st.sampled_from([0, 0, 3]))}
        if draw(st.booleans()):
            zone["dt"] = draw(st.sampled_from([1, 8, 15]))
        if draw(st.booleans()):
            zone["water_m"] = draw(st.sampled_from([1, 6]))
        zones.append(zone)
    x, y = draw(st.permutations(ZONES))[:2]
    links: list[Any] = []
    kinds: dict[frozenset[str], str] = {}
    for i, u in enumerate(ZONES):
        for v in ZONES[i + 1:]:
            first = {u, v} == {x, y}
            kind = draw(st.sampled_from(
                ["one_way", "drop", "one_way", "plain", "climb", "sight_only"] if first else
                ["none", "plain", "one_way", "drop", "climb", "sight_only"]))
            a, b = (u, v) if draw(st.booleans()) else (v, u)
            kinds[frozenset((u, v))] = kind
            if kind == "plain":
                links.append([a, b])
            elif kind == "one_way":
                links.append({"a": a, "b": b, "one_way": True})
            elif kind == "drop":
                links.append({"a": a, "b": b, "one_way": True, "drop": True, "drop_m": 4})
            elif kind == "climb":
                links.append({"a": a, "b": b, "climb": draw(st.sampled_from([5, 12]))})
            elif kind == "sight_only":
                links.append({"a": a, "b": b, "reach": False})
    event(f"(b) the pair is joined by: {kinds[frozenset((x, y))]}")
    # the mover and a thrower stand together in x; the rest keep out of the way
    rest = [z for z in ZONES if z not in (x, y)]
    actors = [actor("p", x, earth=3, air=3), actor("t", x, earth=5),
              actor("q", rest[0], side="x")]
    s = inline_session(inline_data("cultivation", {"zones": zones, "links": links}, actors,
                                   options={"limit": {"mode": "challenge"}}))
    return s, x, y


def _decided(s: Session[Any], state: Any, command: dict[str, Any]) -> str | None:
    """None if ``decide`` accepts the command, else its refusal's reason."""
    engine = s.engine
    try:
        engine.ruleset.decide(state, engine.parse(command), Roller(random.Random(1)))
    except IllegalCommand as exc:
        return exc.reason
    return None


def _carried(s: Session[Any], state: Any, who: str, to: str, cause: str) -> bool:
    """Whether an environmental cause actually carries ``who`` into ``to``."""
    events, _ = forced(state, who, to, cause, Roller(random.Random(1)))
    after = state
    for e in events:
        after = s.engine.ruleset.evolve(after, e)
    return bool(after.actors[who].at == to or is_falling(after.actors[who]))


def _put(state: Any, who: str, at: str) -> Any:
    return replace(state, actors={**state.actors, who: replace(state.actors[who], at=at)})


@RELAXED
@given(borders())
def test_b_a_blocked_crossing_is_blocked_both_ways(case: tuple[Session[Any], str, str]
                                                   ) -> None:
    """(b) R000-29, R000-31, R000-39 (a link carries movement the ways it goes; a one-way
    link or a drop goes one way only, for every cause), R000-22 (Difficult Terrain counts
    leaving and entering), R000-37 (a two-way climb is climbed both ways): a crossing is
    ruled from each side the same way by a chosen move, a throw (``decide``) and a
    current (``forced``); one that goes one way is refused the other way by all three."""
    s, x, y = case
    m = s.state.space
    link = m.link(x, y) or m.link(y, x)
    one_way = link is not None and link.one_way
    for frm, to in ((x, y), (y, x)):
        state = _put(_put(s.state, "p", frm), "t", frm)
        open_ = to in m.adjacent(frm)
        move = _decided(s, state, {"do": "move", "actor": "p", "to": to})
        throw = _decided(s, state, {"do": "throw", "actor": "t", "target": "p", "to": to})
        carried = _carried(s, state, "p", to, "current")
        if not open_:
            # no way this direction: the link's refusal, for every cause alike
            assert move == throw == "not_adjacent", (frm, to, move, throw)
            assert not carried, (frm, to)
            event("(b) a direction with no way: refused by move, throw and current")
        else:
            assert move != "not_adjacent" and throw != "not_adjacent", (frm, to, move, throw)
            assert carried, (frm, to)
    there, back = x in m.adjacent(y), y in m.adjacent(x)
    if link is not None and link.sight and not one_way:
        assert there == back
        event("(b) two-way link: checked both ways")
        assert step_to(s.state, x, y).mode == step_to(s.state, y, x).mode
        mover = s.state.actors["p"]
        assert crossing_of(s.state, mover, x, y).rating == \
            crossing_of(s.state, mover, y, x).rating
    elif one_way and link is not None and link.sight:
        assert there != back
        event("(b) one-way link: refused the other way")


#: what each state flag forbids, and the reason ``decide`` must give (R000-40, R000-47,
#: R000-24 / A000-04, R000-01 / R000-44, R000-03 / R000-48)
FLAGS: dict[str, tuple[dict[str, Any], dict[str, str]]] = {
    "falling": ({"fall_onto": "b", "fall_left_m": 100.0},
                {"move": "falling", "throw": "falling"}),
    "unconscious": ({"unconscious": True},
                    {"move": "unconscious", "sprint": "unconscious", "throw": "unconscious"}),
    "move_over": ({"move_over": True}, {"move": "move_over", "sprint": "budget_spent"}),
    "spent": ({"spent": 3, "speed": 3, "action_spent": True},
              {"move": "no_speed", "sprint": "no_action", "throw": "no_action"}),
    "action_spent": ({"action_spent": True}, {"sprint": "no_action", "throw": "no_action"}),
}


@st.composite
def flag_cases(draw: st.DrawFn) -> Session[Any]:
    """p and its foe q share zone a; b is linked to a and open to both a move and a
    throw (no limit reached, the link plain or climbed); the other zones are random."""
    zones: list[dict[str, Any]] = [{"id": "a"}, {"id": "b"}]
    if draw(st.booleans()):
        zones[1]["dt"] = draw(st.sampled_from([1, 8, 15]))
    if draw(st.booleans()):
        zones[1]["limit"] = 2
    zones += [{"id": "c", "limit": 1}, {"id": "d"}]
    links: list[Any] = [["a", "b"] if draw(st.booleans()) else
                        {"a": "a", "b": "b", "climb": 5}, ["b", "c"]]
    if draw(st.booleans()):
        links.append(["a", "d"])
    actors = [actor("p", "a", earth=3, air=3), actor("q", "a", side="x"),
              actor("r", draw(st.sampled_from(["c", "d"])), side="x")]
    return inline_session(inline_data(
        "cultivation", {"zones": zones, "links": links}, actors,
        options={"limit": {"mode": draw(st.sampled_from(["challenge", "spillover"]))}}))


def _commands(to: str) -> dict[str, dict[str, Any]]:
    return {"move": {"do": "move", "actor": "p", "to": to},
            "sprint": {"do": "sprint", "actor": "p"},
            "throw": {"do": "throw", "actor": "p", "target": "q", "to": to}}


@RELAXED
@given(flag_cases(), st.sampled_from(sorted(FLAGS)))
def test_c_state_flags_agree_with_decide(s: Session[Any], flag: str) -> None:
    """(c) R000-40 (falling), R000-47 (unconscious), R000-24 / A000-04 (the Move is over),
    R000-01 (no Speed left), R000-03 / R000-48 (the Action is spent): each command the
    state JSON says an actor may not take, decide refuses with that flag's reason, where
    the same command without the flag is accepted."""
    state = s.state
    changes, refused = FLAGS[flag]
    for name, command in _commands("b").items():
        assert _decided(s, state, command) is None, (name, "refused without the flag")
    flagged = replace(state, actors={**state.actors,
                                     "p": replace(state.actors["p"], **changes)})
    body = s.engine.ruleset.actor_json(flagged, flagged.actors["p"])
    shown = {"falling": body["conditions"]["falling"], "unconscious": body["unconscious"],
             "move_over": body["move_over"],
             "spent": body["conditions"]["speed_left"] == 0 and body["action_spent"],
             "action_spent": body["action_spent"]}
    assert shown[flag], (flag, body)
    event(f"(c) {flag}: accepted without it, refused for its reason with it")
    for name, command in _commands("b").items():
        if name in refused:
            assert _decided(s, flagged, command) == refused[name], (flag, name)


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Session[Any], str]:
    """p and its ally t in zone a; zone b, linked to a, has a limit of 1 or 2 and is full
    in most examples (its occupants drawn from 0 to the limit, weighted to full)."""
    mode = draw(st.sampled_from(["challenge", "challenge", "spillover"]))
    limit = draw(st.integers(1, 2))
    inside = draw(st.sampled_from([limit, limit, limit, 0, limit - 1]))
    b: dict[str, Any] = {"id": "b", "limit": limit,
                         "floor_m": draw(st.sampled_from([0, 0, 2]))}
    zones = [{"id": "a"}, b, {"id": "c"}, {"id": "d"}]
    links: list[Any] = [["a", "b"], ["b", "c"], ["b", "d"], ["a", "c"]]
    actors = [actor("p", "a", earth=3, air=3), actor("t", "a", earth=5)]
    actors += [actor(f"o{i}", "b", side="x") for i in range(inside)]
    s = inline_session(inline_data("cultivation", {"zones": zones, "links": links}, actors,
                                   options={"limit": {"mode": mode}}))
    full = inside >= limit
    event(f"(d) b {'full' if full else 'has room'}, {mode}")
    return s, mode


@RELAXED
@given(crowds())
def test_d_every_way_in_honours_a_full_zone(case: tuple[Session[Any], str]) -> None:
    """(d) R000-32, A000-17: in challenge mode a full zone takes no forced character and a
    mover must name a defender: an own move and a throw (``decide``) are refused with
    ``zone_full``, a current, a wave and an elevator stop at the border; R000-35: with
    spill-over every cause gets in; A000-09: the scattered ignore limits. With room,
    every cause gets in alike."""
    s, mode = case
    state = s.state
    zone = state.space.zone("b")
    full = len(occupants(state, "b")) >= zone.limit
    move = _decided(s, state, {"do": "move", "actor": "p", "to": "b"})
    throw = _decided(s, state, {"do": "throw", "actor": "t", "target": "p", "to": "b"})
    carried = {c: _carried(s, state, "p", "b", c) for c in ("current", "wave", "elevator")}
    if full and mode == "challenge":
        assert move == "zone_full" and throw == "zone_full", (move, throw)
        assert not any(carried.values()), carried
        defender = occupants(state, "b")[0].id
        assert _decided(s, state, {"do": "move", "actor": "p", "to": "b",
                                   "defender": defender}) is None  # R000-33
    else:
        assert move is None and throw is None, (full, mode, move, throw)
        assert all(carried.values()), carried
    assert verdict(s, "scatter", "b") is None  # A000-09: the scattered ignore limits


def test_d_band_steps_obey_the_whirlpool_and_the_depth_R000_60_R000_77() -> None:
    """(d) R000-60, R000-77, A000-24: a band step up out of a whirlpool is refused for a
    shift and stopped for an elevator alike; a step below the water's depth likewise."""
    s = inline_session(inline_data(
        "cultivation", {"zones": [{"id": "w", "water_m": 6, "tile": {"kind": "whirlpool"}}],
                        "links": []},
        [actor("p", "w", band="swimming", abilities=["fly"])],
        options={"bands": {"enabled": True}}))
    state = s.state
    for cause in ("shift", "elevator", "antigravity"):
        path = Path("p", cause, (band_step("w", 3),), cause != "shift")
        refusal = PIPELINE.allows(state, path)
        assert refusal is not None and refusal.reason == "whirlpool", cause
        deep = Path("p", cause, (band_step("w", 7),), cause != "shift")
        too_deep = PIPELINE.allows(state, deep)
        assert too_deep is not None and too_deep.reason == "cannot_shift", cause
