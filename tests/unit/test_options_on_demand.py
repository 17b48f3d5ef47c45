"""Options on demand (issue 14, item 3): the reachable places as arrays, each option built
when it is read; ``Engine.plan``; the engine's answers kept per (state, actor)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np
import pytest

from footwork.engine import Engine, Option, Session, State
from footwork.engine.choices import Options, Reachable
from footwork.engine.machine import OPTIONS_KEPT
from footwork.engine.seats import Seat
from footwork.engine.view import View
from footwork.errors import IllegalCommand, RulesetError
from footwork.rulesets import register, unregister
from footwork.scenario import encounter_from_text

from .toy import TOY_FILE, ToyActor, ToyRuleset


def _step(actor: str, to: str) -> Option:
    return Option({"do": "step", "actor": actor, "to": to}, f"step to {to}", "a step", to=to)


class _Recorder:
    """A builder that records every place it is asked to build."""

    def __init__(self, actor: str, places: Sequence[str]) -> None:
        self.actor = actor
        self.places = tuple(places)
        self.calls: list[int] = []

    def __call__(self, i: int) -> Option:
        self.calls.append(i)
        return _step(self.actor, self.places[i])

    def reachable(self) -> Reachable:
        return Reachable(self.places, [float(i) for i in range(len(self.places))], self)


GAMBLE = Option({"do": "gamble", "actor": "p"}, "gamble", "nothing")


# -- the lazy sequence ----------------------------------------------------------------------


def test_length_and_truth_build_nothing() -> None:
    built = _Recorder("p", ["a", "b", "c"])
    found = Options((GAMBLE,), built.reachable())
    assert len(found) == 4 and found
    assert found.reachable is not None and found.reachable.to == ("a", "b", "c")
    assert built.calls == []


def test_reading_one_builds_that_one_only_and_once() -> None:
    built = _Recorder("p", ["a", "b", "c"])
    found = Options((GAMBLE,), built.reachable())
    assert found[1] == _step("p", "b")
    assert found[-1] is GAMBLE  # an eager option: nothing built
    assert found[1] is found[1]
    assert found.find("c") == _step("p", "c")
    assert built.calls == [1, 2]
    assert list(found) == [_step("p", "a"), _step("p", "b"), _step("p", "c"), GAMBLE]
    list(found)
    assert sorted(built.calls) == [0, 1, 2]  # each place built once, however often read


def test_listed_in_the_order_of_the_eager_list() -> None:
    places = ["c", "a", "b"]
    eager = (*(_step("p", z) for z in places), GAMBLE)
    lazy = Options((GAMBLE,), _Recorder("p", places).reachable())
    assert tuple(lazy) == eager
    assert lazy == eager and eager == lazy
    assert lazy == Options(eager)
    assert lazy != eager[:-1] and lazy != list(eager)  # a tuple's equality, not a list's
    assert lazy[1:3] == eager[1:3]
    assert Options() == () and repr(Options()) == "()"


def test_find_gives_the_place_s_option_or_an_eager_one_or_none() -> None:
    built = _Recorder("p", ["a", "b"])
    there = replace(GAMBLE, to="z")
    found = Options((there,), built.reachable())
    assert found.find("z") is there
    assert found.find("nowhere") is None
    assert built.calls == []


def test_costs_are_a_frozen_float_array_in_the_listed_order() -> None:
    reach = Reachable(["a", "b"], [2, 1.5], lambda i: _step("p", "ab"[i]))
    assert reach.cost.dtype == np.float64 and reach.cost.tolist() == [2.0, 1.5]
    with pytest.raises(ValueError):
        reach.cost[0] = 0.0
    with pytest.raises(ValueError):
        Reachable(["a"], [1.0, 2.0], lambda i: _step("p", "a"))


def test_an_option_built_for_another_place_is_refused() -> None:
    reach = Reachable(["a"], [1.0], lambda i: _step("p", "b"))
    with pytest.raises(RulesetError):
        reach.option(0)


def test_joined_sets_build_through_their_parts_once() -> None:
    first, second = _Recorder("p", ["a", "b"]), _Recorder("p", ["c"])
    one, two = first.reachable(), second.reachable()
    joined = Reachable.join([one, two])
    assert joined.to == ("a", "b", "c") and joined.cost.tolist() == [0.0, 1.0, 0.0]
    assert Options((), joined)[2] == _step("p", "c")
    assert (first.calls, second.calls) == ([], [0])
    assert two.option(0) is joined.option(2)
    assert Reachable.join([one]) is one


# -- the engine, the session and the view ---------------------------------------------------


class LazyToy(ToyRuleset):
    """The toy whose steps are a reachable set, built on demand; counts its calls."""

    id: ClassVar[str] = "lazy_toy"

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0
        self.built: list[tuple[str, str]] = []
        self.hidden: frozenset[str] = frozenset()

    def options(self, state: State[ToyActor], actor_id: str) -> Sequence[Option]:
        self.asked += 1
        eager = super().options(state, actor_id)
        places = [o.to for o in eager if o.to is not None]

        def build(i: int) -> Option:
            self.built.append((actor_id, places[i]))
            return _step(actor_id, places[i])

        return Options([o for o in eager if o.to is None],
                       Reachable(places, [1.0] * len(places), build))

    def secrets(self, state: State[ToyActor], seat: Seat) -> frozenset[str]:
        return self.hidden


@pytest.fixture
def lazy() -> Iterator[Session[Any]]:
    register(LazyToy)
    try:
        session = encounter_from_text(TOY_FILE.replace("ruleset: toy", "ruleset: lazy_toy"),
                                      "lazy.yaml").session()
        toy = _toy(session)
        toy.asked, toy.built = 0, []  # loading the file may look at options: start afresh
        yield session
    finally:
        unregister("lazy_toy")


def _toy(session: Session[Any]) -> LazyToy:
    ruleset = session.engine.ruleset
    assert isinstance(ruleset, LazyToy)
    return ruleset


def test_engine_passes_the_reachable_set_on_and_ends_with_end_turn(
        lazy: Session[Any]) -> None:
    found = lazy.options("p")
    assert isinstance(found, Options) and len(found) == 3
    assert [o.command["do"] for o in found.eager] == ["gamble", "end_turn"]
    assert _toy(lazy).built == []
    assert [o.command["do"] for o in found] == ["step", "gamble", "end_turn"]


def test_plan_is_the_listed_option_built_alone(lazy: Session[Any]) -> None:
    toy = _toy(lazy)
    assert lazy.plan("p", "b") == next(o for o in lazy.options("p") if o.to == "b")
    toy.built.clear()
    lazy.engine.forget()
    option = lazy.plan("p", "b")
    assert option is not None and option.command == {"do": "step", "actor": "p", "to": "b"}
    assert toy.built == [("p", "b")]
    assert lazy.plan("p", "c") is None  # not next to a
    assert lazy.plan("q", "b") is None  # not q's turn
    with pytest.raises(IllegalCommand):
        lazy.plan("nobody", "b")


def test_engine_plan_equals_the_option_found_by_iterating_on_examples() -> None:
    from footwork.scenario import load_encounter

    from ..conftest import ROOT

    for path in ("examples/styles/bob-dash.yaml", "examples/allowances/eric-jump.yaml",
                 "examples/spans/cliff-climb.yaml"):
        session = load_encounter(ROOT / path).session()
        state, actor = session.state, session.state.current
        listed = list(session.engine.options(state, actor))
        first: dict[str, Option] = {}
        for option in listed:
            if option.to is not None:
                first.setdefault(option.to, option)
        assert first, path
        session.engine.forget()
        for to, option in first.items():
            assert session.engine.plan(state, actor, to) == option, (path, to)


def test_the_same_state_and_actor_give_the_same_object(lazy: Session[Any]) -> None:
    toy = _toy(lazy)
    found = lazy.options("p")
    assert lazy.options("p") is found and lazy.engine.options(lazy.state, "p") is found
    assert toy.asked == 1
    lazy.options("p")[0]
    assert lazy.options("p")[0] is found[0] and len(toy.built) == 1
    assert lazy.options("q") is not found  # another actor, its own entry


def test_a_command_gives_new_options(lazy: Session[Any]) -> None:
    toy = _toy(lazy)
    before = lazy.options("p")
    lazy.do({"do": "step", "actor": "p", "to": "b"})
    after = lazy.options("p")
    assert after is not before and toy.asked == 2
    assert {o.to for o in after if o.to} == {"a", "c"}


def test_a_refused_command_changes_neither_state_nor_kept_options(lazy: Session[Any]) -> None:
    toy = _toy(lazy)
    state, found = lazy.state, lazy.options("p")
    with pytest.raises(IllegalCommand):
        lazy.do({"do": "step", "actor": "p", "to": "river"})
    assert lazy.state is state
    assert lazy.options("p") is found and toy.asked == 1


def test_the_engine_keeps_a_bounded_number_of_answers(lazy: Session[Any]) -> None:
    toy = _toy(lazy)
    engine: Engine[Any] = lazy.engine
    states = [replace(lazy.state, version=lazy.state.version + k)
              for k in range(OPTIONS_KEPT + 1)]
    for state in states:
        engine.options(state, "p")
    assert toy.asked == OPTIONS_KEPT + 1
    engine.options(states[-1], "p")
    assert toy.asked == OPTIONS_KEPT + 1  # still kept
    engine.options(states[0], "p")
    assert toy.asked == OPTIONS_KEPT + 2  # the oldest was dropped


def test_a_view_with_nothing_hidden_builds_nothing(lazy: Session[Any]) -> None:
    toy = _toy(lazy)
    for seat in ("gm", "side:x"):
        found = lazy.view(seat).options(lazy.state, "p")
        assert len(found) == 3 and found.reachable is not None
    assert toy.built == []
    assert lazy.view("side:y").options(lazy.state, "p") == ()
    assert lazy.view("side:y").plan(lazy.state, "p", "b") is None
    assert toy.built == []


def test_a_view_leaves_out_options_that_name_a_hidden_place(lazy: Session[Any]) -> None:
    toy = _toy(lazy)
    toy.hidden = frozenset({"b"})
    view: View[Any] = lazy.view("side:x")
    assert [o.command["do"] for o in view.options(lazy.state, "p")] == ["gamble", "end_turn"]
    assert view.plan(lazy.state, "p", "b") is None
    assert lazy.view("gm").plan(lazy.state, "p", "b") is not None


# -- steady latency (issue 14, item 4): the collector settings, not their timings ------------


def test_settle_freezes_what_is_alive_and_steady_gc_only_raises_the_young_threshold(
        ) -> None:
    import gc

    from footwork.engine.session import STEADY_GC_THRESHOLD, settle, steady_gc

    before = gc.get_threshold()
    try:
        settle()
        assert gc.get_freeze_count() > 0
        gc.set_threshold(700, 10, 10)
        steady_gc()
        assert gc.get_threshold() == (STEADY_GC_THRESHOLD, 10, 10)
        gc.set_threshold(STEADY_GC_THRESHOLD * 2, 5, 7)
        steady_gc()  # a higher setting is kept
        assert gc.get_threshold() == (STEADY_GC_THRESHOLD * 2, 5, 7)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_an_empty_reachable_set_lists_and_builds_nothing() -> None:
    from footwork.engine.choices import Reachable
    from footwork.space.grid import cell_names

    none = Reachable.empty()
    assert len(none) == 0 and none.to == () and none.cost.tolist() == []
    with pytest.raises(IndexError):
        none.option(0)
    # the names of the cells a result lists, not a table of the whole map
    assert cell_names(np.array([2, 0]), np.array([1, 3])) == ["2,1", "0,3"]
