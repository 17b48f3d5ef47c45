"""What is at stake in `allowances` (issue 13, items 9 and 10): each PP answer's target,
degrees, metres and cost; the chance a Jump, a Leap or a Breach goes nowhere."""

from __future__ import annotations

from fractions import Fraction

from footwork.engine.choices import consequence_of
from footwork.rulesets.allowances.checks import degrees, jump_base, jump_distance

from ._helpers import creature, do, session
from .test_actions import ERIC


def test_each_pp_answer_gives_the_new_target_degrees_metres_and_cost() -> None:
    """A002-05, A002-07, R002-10: a Rush rolled 63 against 40: with 4 PP the target is 80,
    2 DoS, +1 m; it costs 4 PP of 12."""
    s = session([creature("c", "1,1", scores={"Overland": 4}, skills={"Running": 40}, pp=12)])
    do(s, "rush", "c", type="overland", roll=[63])
    p = s.state.pending
    assert p is not None and p.kind == "pp"
    none = consequence_of(p, "0")
    four = consequence_of(p, "4")
    assert none is not None and none.cost == "" and "63 is 2 DoF, rush +0 m" in none.words
    assert four is not None and four.cost == "4 PP (12 → 8)"
    assert four.words == "target 80 (+40): 63 is 2 DoS, rush +1 m"
    assert {"A002-05", "A002-07", "R002-10"} <= set(four.rules)
    assert [c["choice"] for c in p.consequences] == list(p.choices)


def test_a_jump_answer_that_buys_nothing_does_not_move() -> None:
    """R002-19, R002-20: Eric's Jump (Acrobatics 60, [Jump 2], 1.8 m) rolled 99: each PP
    answer's metres match the degree arithmetic; 0 m means no move."""
    s = session([creature("e", "1,1", **ERIC)])
    do(s, "jump", "e", roll=[99])
    p = s.state.pending
    assert p is not None
    base = jump_base(1.8 * 0.4, "jump")
    for n in range(6):
        c = consequence_of(p, str(n))
        assert c is not None
        metres = jump_distance(base, 2, degrees(60 + 10 * n, 99), per=3)
        assert c.words.endswith(f"jump {metres} m")
        assert bool(c.risk.loses) == (metres == 0)


def test_jump_leap_and_breach_options_may_go_nowhere_with_exact_odds() -> None:
    """R002-20, R002-26: the chance of 0 m, counted over every d100 face."""
    s = session([creature("e", "1,1", **ERIC)])
    options = {o.command["do"]: o for o in s.options("e")}
    base = jump_base(1.8 * 0.4, "jump")
    brute = Fraction(sum(1 for face in range(1, 101)
                         if jump_distance(base, 2, degrees(60, face), per=3) == 0), 100)
    loses = options["jump"].risk.loses
    assert loses is not None and loses.what == "move" and loses.chance == brute
    assert "R002-20" in loses.rules
    assert not options["rush"].risk
