"""footwork.simulate.study: reproducible on every executor, policies, records, errors."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest

from footwork import encounter_from_data
from footwork.simulate import (
    InProcess,
    PolicyError,
    ProcessPool,
    StudyError,
    run_seed,
    study,
)
from footwork.simulate.distance import UnknownPlace
from footwork.simulate.executors import Chunk, Played

from .common import pier

BOARDING = "examples/spans/boarding-action.yaml"
MOVES = ["random", "ada=toward:quay"]


def test_same_numbers_in_process_in_a_process_pool_and_on_a_dask_local_cluster() -> None:
    args: dict[str, Any] = {"runs": 12, "rounds": 2,
                            "policy": ["random", "ada=toward:kestrel"]}
    here = study(BOARDING, **args)
    pool = study(BOARDING, workers=2, **args)
    cluster = study(BOARDING, scheduler="local", workers=2, **args)
    assert (pool.executor, cluster.executor) == ("process pool (2)",
                                                 "dask LocalCluster (2)")
    assert here.completed == pool.completed == cluster.completed == 12
    assert here.runs.equals(pool.runs) and here.runs.equals(cluster.runs)
    assert here.summary.equals(pool.summary) and here.summary.equals(cluster.summary)
    # the runs really differ from each other: the seeds reach the dice
    assert here.runs["seed"].nunique() == 12
    assert len({tuple(here.runs[here.runs.run == i]["end"]) for i in range(12)}) > 1


def test_run_i_is_the_same_whatever_the_study_size_chunking_and_seed_default() -> None:
    small = study(pier(), runs=5, rounds=2, policy=MOVES)
    large = study(pier(), runs=10, rounds=2, policy=MOVES, chunk_size=3)
    assert small.runs.equals(large.runs[large.runs.run < 5].reset_index(drop=True))
    assert list(small.runs["seed"][::2]) == [run_seed(11, i) for i in range(5)]
    again = study(pier(), runs=5, rounds=2, policy=MOVES, seed=11)
    assert again.runs.equals(small.runs)
    other = study(pier(), runs=5, rounds=2, policy=MOVES, seed=12)
    assert not other.runs["seed"].equals(small.runs["seed"])


def test_the_simulated_frequencies_fall_within_the_exact_odds_99_9_percent_interval() -> None:
    # one run action with no roll supplied, nothing after it: only the die decides
    command = {"do": "run", "actor": "ada", "die": "maneuver", "to": "pier"}
    data = pier(map={"spans": [{"id": "deck"}, {"id": "pier"}], "links": [["deck", "pier"]]},
                actors=[{"id": "ada", "side": "crew", "at": "deck",
                         "stats": {"dice": {"maneuver": "d8"}}}],
                steps=[command])
    session = encounter_from_data(data).session()
    option = next(o for o in session.options("ada") if o.command == command)
    exact = option.checks[0].odds
    assert exact == {"success": Fraction(1, 2), "struggle": Fraction(1, 4),
                     "fail": Fraction(1, 4)}
    found = study(data, runs=600, rounds=0, seed=2026, confidence=0.999)
    assert (found.runs["checks"] == 1).all()
    for outcome, p in exact.items():
        figure = found.figure("ada", f"check:{outcome}")
        assert figure.n == 600
        assert figure.low <= p <= figure.high, (outcome, p, figure)
        # the interval is tight enough that a d6 (1/3 each) or a miscount would miss it
        assert figure.high - figure.low < 0.15
    # where ada ended follows from the same die: on the pier after a success
    assert found.figure("ada", "end=pier").low <= Fraction(1, 2) + Fraction(1, 4)


def test_toward_a_place_gets_there_by_the_rulesets_own_distance() -> None:
    found = study(pier(), runs=8, rounds=3, policy=["ada=toward:quay", "cautious"])
    ada = found.runs[found.runs.actor == "ada"]
    assert set(ada["target"]) == {"quay"} and set(ada["policy"]) == {"toward:quay"}
    reached = found.figure("ada", "reached")
    assert reached.value > 0.5
    assert (ada[ada.reached]["end"] == "quay").all()
    assert ada[ada.reached]["rounds_to_reach"].between(1, 3).all()
    brin = found.runs[found.runs.actor == "brin"]
    assert brin["reached"].isna().all() and set(brin["policy"]) == {"cautious"}


def test_a_character_left_without_turns_ends_out_of_the_scene() -> None:
    """A spans character at life 0 is defeated (A003-16, footwork's reading): it takes no
    turns, and its row ends out of the scene like one lost in the Skysea, not at its
    last place."""
    found = study(pier(actors=[{"id": "ada", "side": "crew", "at": "deck"},
                               {"id": "brin", "side": "raiders", "at": "quay",
                                "stats": {"life": 0}}]),
                  runs=2, rounds=1, policy=["random"])
    brin = found.runs[found.runs.actor == "brin"]
    assert brin["out"].all() and set(brin["end"]) == {"(out)"}
    assert brin["moves"].eq(0).all()
    assert not found.runs[found.runs.actor == "ada"]["out"].any()


def test_a_policy_hook_by_module_and_function_plays_every_actor() -> None:
    found = study(pier(), runs=4, rounds=2, policy="tests.simulate.hooks:stay")
    assert (found.runs["end"] == found.runs["start"]).all()
    assert (found.runs["moves"] == 0).all() and (found.runs["commands"] == 2).all()
    by_index = study(pier(), runs=4, rounds=2, policy="tests.simulate.hooks:last_index",
                     workers=2)
    assert by_index.runs.drop(columns="policy").equals(found.runs.drop(columns="policy"))


@pytest.mark.parametrize(("policy", "words"), [
    ("tests.simulate.hooks:broken",
     "policy tests.simulate.hooks:broken raised ValueError: the designer's bug over two"),
    ("tests.simulate.hooks:nonsense", "returned 'north'; expected one of the options"),
    ("tests.simulate.hooks:missing", "has no function 'missing'"),
    ("no_such_module_here:f", "cannot import 'no_such_module_here'"),
    ("sideways", "expected random, cautious, toward:PLACE or module:function"),
    ("side:pirates=random", "no side 'pirates'; expected one of: crew, raiders"),
])
def test_a_bad_or_raising_policy_is_one_line(policy: str, words: str) -> None:
    with pytest.raises(PolicyError) as caught:
        study(pier(), runs=2, rounds=1, policy=policy)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_raising_hook_in_a_worker_is_the_same_one_line() -> None:
    with pytest.raises(PolicyError, match=r"^run \d \(seed \d+\): policy .*broken raised"):
        study(pier(), runs=2, rounds=1, policy="tests.simulate.hooks:broken", workers=2)


@pytest.mark.parametrize(("vary", "words"), [
    ("climb.hands_neded=1,2", "the spans ruleset has no option 'climb.hands_neded'; "
                              "climb has: allow_down, fail_falls, hands_needed"),
    ("nothing=1", "no option 'nothing'"),
    ("climb=1", "'climb' is a group of options; vary one of:"),
    ("actors.zed.stats.guard=1", "no actor 'zed'; expected one of: ada, brin"),
    ("actors.ada.stats.speed=1", "no stat 'speed'; expected one of: dice, guard"),
    ("climb.hands_needed=two", "--vary climb.hands_needed=two:"),
    ("climb.hands_needed", "expected PATH=V1,V2,..."),
])
def test_vary_of_an_unknown_path_or_value_is_one_line(vary: str, words: str) -> None:
    with pytest.raises(StudyError) as caught:
        study(pier(), runs=2, rounds=1, vary=vary)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_an_unknown_place_is_one_line() -> None:
    with pytest.raises(UnknownPlace) as caught:
        study(pier(), runs=2, rounds=1, policy=["ada=toward:moon"])
    assert str(caught.value) == ("--policy ada=toward:moon: unknown place 'moon'; "
                                 "expected one of: deck, pier, quay")


def test_vary_puts_each_value_side_by_side_with_the_same_seeds() -> None:
    found = study(pier(), runs=6, rounds=2, policy=MOVES,
                  vary="actors.ada.stats.guard=1,4")
    assert found.variants == ("actors.ada.stats.guard=1", "actors.ada.stats.guard=4")
    assert found.vary == "actors.ada.stats.guard"
    one, four = (found.runs[found.runs.variant == v] for v in found.variants)
    assert list(one["seed"]) == list(four["seed"]) and len(one) == 12
    assert set(found.summary["variant"]) == set(found.variants)


def test_ctrl_c_keeps_the_runs_that_finished() -> None:
    class StopsAfterOne(InProcess):
        """Ctrl+C pressed as the first chunk finishes."""

        def play(self, chunks: Sequence[Chunk], done: Callable[[int], None]) -> Played:
            def interrupt(runs: int) -> None:
                raise KeyboardInterrupt
            return super().play(chunks, interrupt)

    found = study(pier(), runs=9, rounds=1, executor=StopsAfterOne(), chunk_size=3)
    assert found.interrupted and (found.completed, found.requested) == (3, 9)
    assert list(found.runs["run"]) == [0, 0, 1, 1, 2, 2]
    whole = study(pier(), runs=9, rounds=1)
    assert found.runs.equals(whole.runs[whole.runs.run < 3])


def test_process_pool_progress_counts_every_run() -> None:
    seen: list[int] = []
    found = study(pier(), runs=7, rounds=1, executor=ProcessPool(2), chunk_size=2,
                  progress=seen.append)
    assert sum(seen) == 7 and sorted(seen) == [1, 2, 2, 2] and not found.interrupted


def test_steps_plays_only_the_files_first_steps() -> None:
    data = pier(steps=[{"do": "run", "actor": "ada", "die": "maneuver", "to": "pier",
                        "roll": [6]}, {"do": "end_turn", "actor": "ada"}])
    played = study(data, runs=3, rounds=0)
    assert set(played.runs[played.runs.actor == "ada"]["start"]) == {"pier"}
    fresh = study(data, runs=3, rounds=0, steps=0)
    assert set(fresh.runs[fresh.runs.actor == "ada"]["start"]) == {"deck"}
    with pytest.raises(StudyError, match=r"^--steps 3: <data> has 2 steps; give at most "):
        study(data, runs=1, rounds=0, steps=3)


def test_the_limits_in_force_travel_with_the_runs_to_the_workers() -> None:
    import concurrent.futures as cf
    import multiprocessing

    from footwork import limits
    from footwork.scenario.source import Source
    from footwork.simulate.executors import play_chunk
    from footwork.simulate.runner import Plan

    with limits.using(limits.Limits(places=2)):  # as `footwork --limit places=2` sets
        plan = Plan(Source("<data>", pier()).data, "<data>", (), 1)
    assert plan.limits.places == 2
    context = multiprocessing.get_context("forkserver")
    with cf.ProcessPoolExecutor(1, mp_context=context) as pool:
        refused = pool.submit(play_chunk, plan, ((0, 1),)).exception()
    assert isinstance(refused, limits.LimitExceeded) and refused.limit == "places"
