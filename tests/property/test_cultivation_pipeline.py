"""Properties of the `cultivation` pipeline where a step changes place or mode (issue 23):
the same step gets the same ruling whatever caused it.

(a) the Difficult Terrain a forced body must clear entering a zone is the rating a walker
    entering it Challenges (its own rating, anti-gravity's ½ or halving), for every cause
    that carries a Result (a throw, a crowd throw) and for spill-over without
    ``spillover.ignore_dt`` (R000-52, R000-61, A000-05, A000-09, A000-21);
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from footwork.engine import Session
from footwork.engine.movement import Path
from footwork.rulesets.cultivation.movement import ratings
from footwork.rulesets.cultivation.pipeline import PIPELINE, step_to

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
