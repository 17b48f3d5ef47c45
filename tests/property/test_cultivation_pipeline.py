"""Properties of the `cultivation` pipeline where a step changes place or mode (issue 23):
the same step gets the same ruling whatever caused it.

(a) the Difficult Terrain a forced body must clear entering a zone is the rating a walker
    entering it Challenges (its own rating, anti-gravity's ½ or halving), for every cause
    that carries a Result (a throw, a crowd throw) and for spill-over without
    ``spillover.ignore_dt`` (R000-52, R000-61, A000-05, A000-09, A000-21); the
    environment, which has no Result, enters whatever the rating (R000-53);
(b) whatever takes a floating character out of the anti-gravity that held it up starts
    the same fall, from the same height (R000-39, R000-40, R000-55, R000-61);
(c) with Spill-over every cause gets into a full zone, a joint move included (R000-35).
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
from footwork.rulesets.cultivation.movement import ratings
from footwork.rulesets.cultivation.pipeline import CHOSEN, PIPELINE, step_to

from ..support import actor, inline_data, inline_session

RELAXED = settings(max_examples=40, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])
RESULTS = (-3.0, 0.0, 0.5, 1.0, 4.0, 7.0, 8.0, 15.0, 16.0, 30.0)


@st.composite
def terrains(draw: st.DrawFn) -> Session[Any]:
    """A plain zone ``o`` beside a zone ``x`` that may be rated, under anti-gravity (on or
    off) or both, in any anti-gravity reading."""
    x: dict[str, Any] = {"id": "x"}
    if draw(st.booleans()):
        x["dt"] = draw(st.sampled_from([0, 0.5, 1, 8, 15]))
    if draw(st.booleans()):
        x["tile"] = {"kind": "antigravity", "active": draw(st.booleans())}
    mode = draw(st.sampled_from(["rating_half", "halve_existing", "half_speed"]))
    strictly = draw(st.booleans())
    event(f"(a) x: dt {x.get('dt')}, tile {x.get('tile')}, {mode}")
    return inline_session(inline_data(
        "cultivation", {"zones": [{"id": "o"}, x], "links": [["o", "x"]]},
        [actor("p", "o")],
        options={"antigrav": {"dt_mode": mode},
                 "forced_move": {"dt_strictly_greater": strictly},
                 "spillover": {"ignore_dt": False}}))


@RELAXED
@given(terrains(), st.sampled_from(RESULTS))
def test_a_a_forced_body_clears_the_rating_a_walker_challenges(s: Session[Any],
                                                                result: float) -> None:
    """(a) R000-52, R000-61, A000-21, A000-02: a throw and a crowd throw with this Result
    get into ``x`` exactly when it beats the highest rating a walker entering ``x`` from
    a plain zone Challenges; A000-09: a scattered body without ``spillover.ignore_dt`` is
    kept out exactly when there is such a rating."""
    state = s.state
    walker = ratings(state, state.actors["p"], "o", "x")
    rating = max((r for r, _ in walker), default=None)
    strictly = state.options.forced_move.dt_strictly_greater
    clears = rating is None or (result > rating if strictly else result >= rating)
    for cause in ("throw", "crowd_throw"):
        path = Path("p", cause, (step_to(state, "o", "x"),), True)
        got = PIPELINE.allows(state, path, result=result, result_known=True)
        assert (got is None) == clears, (cause, rating, result, got)
    scatter = PIPELINE.allows(state, Path("p", "scatter", (step_to(state, "o", "x"),), True))
    assert (scatter is None) == (rating is None), (rating, scatter)
    for cause in ("current", "wave", "elevator", "whirlpool"):  # R000-53: no Result, no DT
        path = Path("p", cause, (step_to(state, "o", "x"),), True)
        assert PIPELINE.allows(state, path) is None, (cause, rating)


#: every cause that can take a character out of the zone it stands in
OUT_CAUSES = ("move", "joint_move", "throw", "crowd_throw", "scatter", "current", "wave",
              "elevator", "whirlpool")


@st.composite
def aloft(draw: st.DrawFn) -> tuple[Any, bool]:
    """``p`` floats ``altitude_m`` metres up in the anti-gravity vault ``v``; the zone
    ``x`` beside it (over a plain link, a climb or a drop, on a floor as high or lower)
    may be under anti-gravity too."""
    x: dict[str, Any] = {"id": "x", "floor_m": draw(st.sampled_from([0, -3]))}
    held = draw(st.booleans())
    if held:
        x["tile"] = {"kind": "antigravity"}
    kind = draw(st.sampled_from(["plain", "drop", "climb"]))
    drop = kind == "drop"
    link: Any = ({"a": "v", "b": "x", "one_way": True, "drop": True, "drop_m": 4} if drop
                 else {"a": "v", "b": "x", "climb": 12} if kind == "climb" else ["v", "x"])
    s = inline_session(inline_data(
        "cultivation", {"zones": [{"id": "v", "tile": {"kind": "antigravity"}}, x],
                        "links": [link]}, [actor("p", "v", air=30)]))
    height = draw(st.sampled_from([5.0, 10.0, 60.0, 300.0]))
    state = s.state
    event(f"(b) x held up: {held}, link: {kind}")
    return replace(state, actors={"p": replace(state.actors["p"], altitude_m=height)}), held


@RELAXED
@given(aloft())
def test_b_leaving_what_held_you_up_falls_alike_whatever_the_cause(
        case: tuple[Any, bool]) -> None:
    """(b) R000-61, R000-39, R000-40, R000-55: every cause that takes a floating character
    out of the anti-gravity that held it up starts the same fall, from the height it had
    risen to above the floor it lands on (plus any drop); into another zone that holds it
    up, none falls (over a drop neither, rule questions: it floats the drop's height higher) and
    all keep the same height."""
    state, held = case
    p = state.actors["p"]
    m = state.space
    drop = m.is_drop("v", "x")
    above = p.altitude_m + m.zone("v").floor_m - m.zone("x").floor_m
    # a drop's own height already spans the floors: the height risen adds to it
    expected = m.drop_metres("v", "x", 5.0) + p.altitude_m if drop else above
    seen = {}
    for cause in OUT_CAUSES:
        path = Path("p", cause, (step_to(state, "v", "x"),), cause not in CHOSEN)
        walked = PIPELINE.walk(state, path, Roller(random.Random(3)), result=99.0,
                               result_known=True)
        started = [e for e in walked.events if e.type == "fall_started"]
        after = walked.state.actors["p"]
        seen[cause] = (tuple(e.metres for e in started),
                       after.altitude_m if not started else None)
    assert len(set(seen.values())) == 1, seen
    metres, height = seen["move"]
    if held:  # rule questions: into a zone that holds it up nobody falls, over a drop neither
        risen = m.drop_metres("v", "x", 5.0) + p.altitude_m if drop else max(0.0, above)
        assert metres == () and height == risen, seen
    else:
        assert metres == (expected,), (seen, expected)


@st.composite
def full_zones(draw: st.DrawFn) -> tuple[Any, str]:
    """Zone ``b`` (limit 1 to 3) holds from 0 to its limit; ``a`` beside it holds ``p``."""
    mode = draw(st.sampled_from(["challenge", "spillover"]))
    limit = draw(st.integers(1, 3))
    inside = draw(st.integers(0, limit))
    kind = draw(st.sampled_from(["plain", "climb", "drop"]))
    link: Any = ({"a": "a", "b": "b", "one_way": True, "drop": True} if kind == "drop"
                 else {"a": "a", "b": "b", "climb": 10} if kind == "climb" else ["a", "b"])
    actors = [actor("p", "a")] + [actor(f"o{i}", "b", side="x") for i in range(inside)]
    s = inline_session(inline_data(
        "cultivation", {"zones": [{"id": "a"}, {"id": "b", "limit": limit}],
                        "links": [link]}, actors, options={"limit": {"mode": mode}}))
    event(f"(c) {mode}, {inside} of {limit} inside, {kind} link")
    return s.state, mode


@RELAXED
@given(full_zones())
def test_c_with_spill_over_every_cause_gets_in_partners_too(case: tuple[Any, str]) -> None:
    """(c) R000-35, A000-09: with Spill-over every entrant gets into a limited zone over
    any link (plain, climb, drop), one alone or two partners together (R000-11), chosen
    or forced (a crowd throw and every tile included); R000-32, R000-33,
    A000-17: without it, a zone without room for all the entrants refuses the joint
    move and turns the forced away, and a lone mover must name a defender."""
    state, mode = case
    zone = state.space.zone("b")
    inside = len([a for a in state.actors.values() if a.at == "b"])
    seen = {}
    for cause, entrants in (("move", 1), ("joint_move", 2), ("throw", 1), ("crowd_throw", 1),
                            ("current", 1), ("wave", 1), ("elevator", 1), ("whirlpool", 1)):
        path = Path("p", cause, (step_to(state, "a", "b"),), cause not in CHOSEN)
        got = PIPELINE.allows(state, path, entrants=entrants, result=99.0,
                              result_known=True)
        seen[(cause, entrants)] = None if got is None else got.reason
    if mode == "spillover":
        assert set(seen.values()) == {None}, seen
        return
    for (cause, entrants), reason in seen.items():
        room = inside + entrants <= zone.limit
        assert (reason is None) == room, (cause, reason, inside, zone.limit)
        if not room:
            assert reason == "zone_full", (cause, reason)
