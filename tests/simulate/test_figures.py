"""The intervals and the cautious policy's ordering, against values worked by hand."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from footwork.engine.choices import CheckOdds, Fall, Option, Risk
from footwork.simulate import normal_mean, risk_key, wilson
from footwork.simulate.policies import choose_cautious
from footwork.simulate.spec import run_seed, scalar


def test_wilson_matches_the_published_interval() -> None:
    # Wilson 95% for 0/10 is [0, 0.2775]; for 5/10 [0.2366, 0.7634]
    assert wilson(0, 10)[1:] == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.5, 0.2366, 0.7634), abs=1e-4)
    p, low, high = wilson(30, 100, 0.999)
    assert p == 0.3 and low < wilson(30, 100)[1] and high > wilson(30, 100)[2]


def test_normal_mean_is_mean_plus_minus_z_s_over_root_n() -> None:
    mean, low, high = normal_mean([1.0, 2.0, 3.0])
    half = 1.959964 * 1.0 / 3 ** 0.5
    assert mean == 2.0 and (low, high) == pytest.approx((2 - half, 2 + half))
    assert normal_mean([4.0]) == (4.0, 4.0, 4.0)


def _check(fail: Fraction) -> tuple[CheckOdds, ...]:
    return (CheckOdds("run", "1d6", {"success": 1 - fail, "fail": fail}),)


def test_cautious_takes_the_least_risky_by_exact_odds() -> None:
    safe = Option({"do": "end_turn", "actor": "a"}, "end", "")
    coin = Option({"do": "run", "to": "x"}, "coin", "", checks=_check(Fraction(1, 2)))
    likely = Option({"do": "run", "to": "y"}, "likely", "", checks=_check(Fraction(1, 6)))
    cliff = Option({"do": "run", "to": "z"}, "cliff", "",
                   risk=Risk(fall=Fall(3, "m", chance=Fraction(1, 100))))
    gone = Option({"do": "run", "to": "w"}, "gone", "", risk=Risk(leaves_scene=Fraction(1, 100)))
    ordered = sorted([gone, cliff, coin, likely, safe], key=risk_key)
    assert [o.label for o in ordered] == ["end", "likely", "coin", "cliff", "gone"]
    picks = {choose_cautious(None, "a", [coin, likely, gone], random.Random(i)).label  # type: ignore[arg-type]
             for i in range(20)}
    assert picks == {"likely"}


def test_run_seeds_are_fixed_values_and_values_read_as_yaml_would() -> None:
    assert run_seed(7, 0) == run_seed(7, 0) != run_seed(7, 1) != run_seed(8, 1)
    assert 0 <= run_seed(7, 3) < 2 ** 48
    assert [scalar(t) for t in ("3", "2.5", "true", "null", "d8")] == [3, 2.5, True, None,
                                                                        "d8"]
