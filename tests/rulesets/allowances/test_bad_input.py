"""The issue's bad input: each refused in one line with a reason code and rule ids, and
nothing changes."""

from __future__ import annotations

from ._helpers import LAKE, answer, creature, do, refused, session


def test_bad_input_each_refused_with_reason_and_rules() -> None:
    """R002-03, R002-14, R002-11, R002-12, R002-31, A002-05: spending over an Allowance, a
    Jump without [Jump X], over 10 PP, a second transition, a Breach away from a boundary,
    a d100 outside 1–100."""
    s = session([creature("a", "1,5", scores={"Overland": 3, "Swim": 8},
                          skills={"Running": 50, "Swim": 50, "Acrobatics": 50}, pp=20),
                 creature("x", "0,0", scores={"Overland": 1})], rows=LAKE)
    cases = [
        ({"do": "spend", "actor": "a", "type": "overland", "distance": 4}, "over_allowance",
         ("R002-03", "R002-05")),
        ({"do": "jump", "actor": "a", "roll": [5]}, "no_jump_trait", ("R002-14",)),
        ({"do": "rush", "actor": "a", "type": "swim", "pp": 11, "roll": [5]}, "too_many_pp",
         ("R002-11",)),
        ({"do": "breach", "actor": "a", "into": "earth", "roll": [5]}, "not_at_boundary",
         ("R002-31",)),
        ({"do": "rush", "actor": "a", "type": "swim", "roll": [0]}, "bad_d100", ("A002-05",)),
    ]
    for command, reason, rules in cases:
        err = refused(s, command, reason, *rules)
        assert "\n" not in str(err) and err.rules
    do(s, "move", "a", type="swim", to=[1, 5, -1])
    err = refused(s, {"do": "move", "actor": "a", "type": "swim", "to": [1, 6, 0]},
                  "transition_limit", "R002-12")
    assert "\n" not in str(err)


def test_pp_answers_beyond_the_choices_are_refused() -> None:
    """R002-11: the PP decision offers 0 to min(10, PP); other answers change nothing."""
    s = session([creature("a", "1,1", scores={"Overland": 3}, skills={"Running": 50}, pp=20)])
    do(s, "rush", "a", type="overland", roll=[50])
    refused(s, {"answer": "11"}, "bad_choice", "R002-11")
    answer(s, "10")
