"""The read-only query ``price`` agrees with decide: a plan it prices as affordable is
accepted and spends exactly that, segment by segment; a plan it refuses is refused with
the same reason; it never rolls the table's dice (its checks are odds, not faces)."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from footwork.engine import Session
from footwork.engine.events import Rolled
from footwork.errors import IllegalCommand, InvalidCommand
from footwork.rulesets.styles import events as ev
from footwork.rulesets.styles.model import STYLES
from footwork.rulesets.styles.pricing import parse_plan
from footwork.scenario import encounter_from_text

EXAMPLES = Path(__file__).parents[3] / "examples" / "styles"
NAMES = ("ruined-tower", "flooded-cistern", "bob-dash")
_SESSIONS: dict[str, Session[Any]] = {}


def example(name: str) -> Session[Any]:
    """The example's opening state, every actor free to move off its turn (A001-02)."""
    if name not in _SESSIONS:
        data = YAML(typ="safe").load((EXAMPLES / f"{name}.yaml").read_text())
        data.pop("steps", None)
        opts = data.setdefault("options", {})
        opts.setdefault("move", {})["off_turn"] = True
        _SESSIONS[name] = encounter_from_text(json.dumps(data), f"{name}.json").session()
    return _SESSIONS[name]


def ask(s: Session[Any], actor: str, plan: Any) -> dict[str, Any]:
    text = plan if isinstance(plan, str) else json.dumps(plan)
    answer = s.engine.ruleset.queries()["price"].answer(s.state, actor, text)
    assert isinstance(answer, dict)
    return answer


def agree(s: Session[Any], actor: str, plan: list[dict[str, Any]], dash: bool = False
          ) -> dict[str, Any]:
    """Price the plan, then decide it on the same state: they must agree."""
    before = s.state
    answer = ask(s, actor, {"plan": plan, "dash": dash})
    assert s.state is before  # the query changes nothing
    command = {"do": "move", "actor": actor, "plan": plan, "dash": dash}
    try:
        events = s.engine.decide(s.state, command)
    except IllegalCommand as exc:
        assert not answer["ok"], (answer, exc)
        assert answer["refused"]["reason"] == exc.reason
        assert answer["refused"]["rules"] == list(exc.rules)
        assert answer["refused"]["message"] == exc.detail
        return answer
    assert answer["ok"], (answer, events)
    moved = [e for e in events if isinstance(e, ev.Moved)]
    priced = [seg for seg in answer["segments"] if seg["status"] == "moved"]
    assert [m.style for m in moved] == [seg["style"] for seg in priced]
    # to the 9 decimals the moved events write
    assert [m.cost for m in moved] == [seg["cost"] for seg in priced]
    assert all(seg["status"] == "not_reached" for seg in answer["segments"][len(priced):])
    # the move's own events: a plan that loses the mover passes the turn after them
    own = [e for e in events][:next((i for i, e in enumerate(events)
                                     if e.type == "turn_passed"), len(events))]
    after = s.engine.replay(s.state, own).actors[actor]
    a0 = s.state.actors[actor]
    assert after.pool_spent - a0.pool_spent == pytest.approx(answer["cost"], abs=1e-9)
    assert max(0.0, after.pool() - after.pool_spent) == pytest.approx(answer["pool_left"],
                                                                      abs=1e-9)
    if priced:
        assert priced[-1]["pool_left"] == answer["pool_left"]
        assert {k: pytest.approx(v, abs=1e-9) for k, v in after.left().items()} \
            == {k: max(0.0, v) for k, v in priced[-1]["left"].items()}
    rolled = [e for e in events if isinstance(e, Rolled)]
    # certain: nothing is rolled; otherwise each roll is a check with its exact odds
    assert answer["certain"] == (not rolled)
    assert [c["dice"] for c in answer["checks"]] == [e.dice for e in rolled]
    for check in answer["checks"]:
        assert sum(float(v["p"]) for v in check["odds"].values()) == pytest.approx(1.0)
    fell = [e for e in events if isinstance(e, ev.Fell)]
    assert (answer["stop"] is not None) == bool(fell)
    if fell:
        assert answer["stop"]["reason"] == "fell"
        assert answer["stop"]["distance"] == pytest.approx(fell[0].distance)
    assert (answer["decision"] is not None) == any(e.type == "decision_requested"
                                                   for e in events)
    return answer


# -- a table of cases over the examples ---------------------------------------------------


CASES = [
    # (example, actor, plan, dash, ok, reason)
    ("ruined-tower", "ada", "walk:1,4 jump:1,6", False, True, None),
    # the second hop is over the Half Jump's cap: the whole plan is refused (R001-02),
    # never cut short with a "0u fall" on the flat floor where the first hop lands
    ("ruined-tower", "ada", "walk:1,4 jump:1,6 jump:1,7", False, False, "over_cap"),
    ("ruined-tower", "ada", "walk:2,4 walk:1,4 jump:1,6", False, False, "over_pool"),
    ("ruined-tower", "ada", "dash walk:2,4 walk:1,4 jump:1,6", True, False, "no_hook"),
    ("ruined-tower", "brin", "walk:3,9", False, False, "no_way"),
    ("ruined-tower", "brin", "climb:3,9 walk:2,10", False, True, None),
    ("ruined-tower", "brin", "climb:3,9 walk:2,10 walk:2,9", False, False, "over_pool"),
    ("ruined-tower", "dov", "walk:3,3", False, True, None),  # off the stair: a 5u fall
    ("ruined-tower", "ada", "walk:1,5", False, True, None),  # into the void
    ("ruined-tower", "ada", "fly:1,4", False, False, "no_style"),
    ("ruined-tower", "ada", "walk:9,9", False, False, "off_map"),
    ("flooded-cistern", None, None, False, None, None),
    ("bob-dash", None, None, False, None, None),
]


@pytest.mark.parametrize("name,actor,text,dash,ok,reason", CASES)
def test_price_agrees_with_decide_on_the_examples(name: str, actor: str | None,
                                                  text: str | None, dash: bool,
                                                  ok: bool | None, reason: str | None) -> None:
    s = example(name)
    if actor is None or text is None:
        # every option's plan, and every two of them laid end to end
        for who in s.state.actors:
            plans = [o.command["plan"] for o in s.engine.ruleset.options(s.state, who)
                     if o.command.get("do") == "move" and "plan" in o.command
                     and not o.command.get("dash")][:12]
            for plan in plans:
                assert agree(s, who, list(plan))["ok"]
            for first, second in pairwise(plans):
                agree(s, who, [*first, *second])
        return
    plan, dashed = parse_plan(text)
    assert dashed == dash
    answer = agree(s, actor, plan, dash)
    assert answer["ok"] == ok
    if reason is not None:
        assert answer["refused"]["reason"] == reason


def test_a_fall_is_priced_with_its_odds_not_its_roll() -> None:
    """Dov steps off the fallen stair: the plan is affordable but not certain, the fall
    (5u, 1d6 per full 2u beyond 2u) is reported with its exact odds; no face is shown
    and the table's seeded dice are untouched."""
    s = example("ruined-tower")
    answer = ask(s, "dov", "walk:3,3")
    assert answer["ok"] and not answer["certain"]
    assert answer["stop"]["reason"] == "fell" and answer["stop"]["distance"] == 5
    assert answer["checks"][0]["dice"] == "1d6"
    assert answer["checks"][0]["odds"]["1 damage"]["exact"] == "1/6"
    assert "damage" not in json.dumps(answer["stop"])
    version = s.state.version
    assert ask(s, "dov", "walk:3,3") == answer  # no seeded roll consumed
    assert s.state.version == version


def test_a_refused_plan_marks_its_first_unaffordable_segment() -> None:
    """The segments before the one that cannot be paid are priced; it is marked with
    its reason and rule ids; the later ones are not reached."""
    s = example("ruined-tower")
    answer = ask(s, "ada", "walk:2,4 walk:1,4 jump:1,6")
    assert not answer["ok"]
    first, second, third = answer["segments"]
    assert first["status"] == "moved" and first["pool_left"] == pytest.approx(
        4 - first["cost"])
    assert second["status"] == "moved"
    assert third["status"] == "refused" and third["reason"] == "over_pool"
    assert third["rules"] == ["R001-02", "R001-13"]
    assert answer["refused"]["segment"] == 2


def test_the_plan_is_json_or_compact_text() -> None:
    assert parse_plan("walk:1,2>1,3 swim:2,3,1.5") == ([
        {"style": "walk", "to": [1, 3], "via": [[1, 2]]},
        {"style": "swim", "to": [2, 3, 1.5]}], False)
    assert parse_plan('{"plan": [{"style": "walk", "to": [1, 4]}], "dash": true}') == (
        [{"style": "walk", "to": [1, 4]}], True)
    s = example("ruined-tower")
    for bad in ("walk", "walk:1", "[1, 2]", "{", '{"plan": [], "hurry": 1}'):
        with pytest.raises(InvalidCommand):
            ask(s, "ada", bad)


# -- any plan --------------------------------------------------------------------------------

cells = st.tuples(st.integers(-1, 6), st.integers(-1, 12))
segments = st.builds(
    lambda style, to, z, via: {"style": style, "to": [*to, *z],
                               **({"via": [list(v) for v in via]} if via else {})},
    st.sampled_from((*STYLES, "teleport")), cells,
    st.one_of(st.just(()), st.sampled_from(((0.0,), (2.0,), (4.0,), (-1.0,)))),
    st.lists(cells, max_size=1))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), data=st.data(),
       plan=st.lists(segments, min_size=1, max_size=3), dash=st.booleans())
def test_price_agrees_with_decide_on_any_plan(name: str, data: st.DataObject,
                                              plan: list[dict[str, Any]], dash: bool) -> None:
    s = example(name)
    who = data.draw(st.sampled_from(sorted(s.state.actors)))
    near = s.state.actors[who]
    # plans near the actor, so that many are possible
    plan = [{**seg, "to": [near.row + (seg["to"][0] - 3) // 2,
                           near.col + (seg["to"][1] - 6) // 2, *seg["to"][2:]]}
            for seg in plan]
    agree(s, who, plan, dash)
