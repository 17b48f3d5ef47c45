"""Properties of the `styles` movement pipeline (issue 16, issue 10).

- (a) a step from the same spot to the same spot in the same mode gets the same ruling
  whatever caused it (a chosen Move, a current, a fall, a push): only how a refusal shows
  differs (a chosen path is refused, a forced one stops);
- (b) symmetry: a walk, swim, climb or flight between two spots of one kind that the
  rules allow one way they allow the other way, at the same price (R001-34's continuous
  surface included);
- (c) what the state JSON says an actor may not do, decide refuses;
- (d) every way into a place honours the one entry rule (:func:`admits`).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from footwork.engine.movement import Path, Step, Walked
from footwork.engine.rolling import Roller
from footwork.errors import IllegalCommand
from footwork.rulesets.styles.model import STYLES
from footwork.rulesets.styles.pipeline import DRIFT, FALL, Stepped, admits, make_pipeline, room
from footwork.rulesets.styles.planning import reachable, start_spot
from footwork.rulesets.styles.terrain import AIR, FLY, GROUND, MODE_KIND, WALL, WATER, Mover
from footwork.scenario import encounter_from_data

from .test_styles_properties import encounters

CAUSES = [("move", False), ("current", True), ("interrupt", True), ("shove", True)]
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _ruling(outcome: Walked[Any, Any] | IllegalCommand) -> tuple[Any, ...]:
    if isinstance(outcome, IllegalCommand):
        return ("no", outcome.reason, tuple(outcome.rules))
    if outcome.stop is not None and outcome.stop.before:
        return ("no", outcome.stop.reason, outcome.stop.rules)
    return ("yes", outcome.taken, tuple(e for e in outcome.events))


def _session(data: dict[str, Any]) -> Any:
    return encounter_from_data(data).session()


def _candidates(state: Any) -> list[Step[Any]]:
    """Steps out of the actor's spot (and some into neighbouring spots the graph lacks)."""
    t = state.space.terrain
    here = start_spot(t, state.actors["a"])
    every = Mover(frozenset(STYLES), 1.0, True)
    out = [Step(here, s.to, s.style) for s in t.steps(here, every)]
    _, r, c, lv, p = here
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0), (0, 0)):
        for k in (GROUND, WATER, WALL, FLY):
            for dl in (-1, 0, 1):
                to = (k, r + dr, c + dc, lv + dl, p)
                for mode in ("walk", "climb", "swim", "jump", DRIFT):
                    out.append(Step(here, to, mode))
    out.append(Step(here, t.fall_from(r, c, lv), FALL))
    return out


@SETTINGS
@given(encounters())
def test_a_step_is_ruled_alike_whatever_caused_it(data: dict[str, Any]) -> None:
    """Issue 16 (a): the same step gets the same ruling for every cause. Exceptions the
    text makes are by mode, never by cause (see the README)."""
    session = _session(data)
    state = session.state
    pipeline = make_pipeline(session.engine.ruleset.evolve)
    for step in _candidates(state):
        rulings = set()
        for cause, forced in CAUSES:
            got = pipeline.rule_step(state, Path("a", cause, (), forced), step,
                                     Roller(random.Random(3)))
            rulings.add(_ruling(got))
        assert len(rulings) == 1, (step, rulings)


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
        if doing == "move":
            moves = [o for o in session.options("a") if o.command.get("do") == "move"]
            if moves:
                session.do(dict(moves[pick % len(moves)].command))
        elif doing == "end_turn":
            session.do({"do": "end_turn", "actor": "a"})
        elif not session.state.actors["a"].lost:
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
