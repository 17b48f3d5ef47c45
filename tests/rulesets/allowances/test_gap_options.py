"""Issue 23 item 3: every documented default of chapter 002 is visible, as a named option
the code reads or as a fixed reading in the README; each new option changes a ruling."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from footwork.errors import ScenarioError
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.scenario import encounter_from_text

from ...support import inline_data
from ._helpers import creature, do, of_type, session, who

README = Path(__file__).resolve().parents[3] / "src/footwork/rulesets/allowances/README.md"


def test_A002_07_pp_after_the_roll_by_default() -> None:
    """A002-07, R002-11: by default a creature with PP is asked after seeing the d100."""
    s = session([creature("e", "0,0", scores={"Overland": 5}, skills={"Running": 60}, pp=3)])
    events = do(s, "rush", "e", type="overland", roll=[70])
    assert of_type(events, "decision_requested") and s.state.pending is not None


def test_A002_07_pp_declared_with_the_roll_option() -> None:
    """A002-07 (`pp.after_roll: false`): PP count only when given on the command; a roll
    made without them is resolved at once with none (the Rush's 1 DoF gains nothing),
    and PP given up front still count."""
    opts = {"pp": {"after_roll": False}}
    s = session([creature("e", "0,0", scores={"Overland": 5}, skills={"Running": 60}, pp=3)],
                options=opts)
    events = do(s, "rush", "e", type="overland", roll=[70])
    assert s.state.pending is None and not of_type(events, "decision_requested")
    assert of_type(events, "rushed")[0].gained == 0 and who(s, "e")["pp"] == 3
    s = session([creature("e", "0,0", scores={"Overland": 5}, skills={"Running": 60}, pp=3)],
                options=opts)
    events = do(s, "rush", "e", type="overland", pp=3, roll=[70])  # target 90: 2 DoS
    assert of_type(events, "rushed")[0].gained == 1 and who(s, "e")["pp"] == 0


def test_A002_07_a_bad_after_roll_value_is_one_line() -> None:
    """A002-07: `pp.after_roll` takes true or false; anything else is refused when the
    file loads, in one line naming the option."""
    data = inline_data("allowances", {"cell_size": 1, "unit": "m", "rows": ["..."]},
                       [creature("e", "0,0", scores={"Overland": 5})],
                       options={"pp": {"after_roll": "sometimes"}})
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(data), "table.json").session()
    message = str(info.value)
    assert "options.pp.after_roll" in message and "\n" not in message, message


def test_every_A002_gap_is_an_option_or_a_fixed_reading() -> None:
    """A002-01..A002-27: the README names every gap of chapter 002, either in its Options
    table or among its fixed readings; every option row names a field of the model."""
    text = README.read_text(encoding="utf-8")
    options = text.split("## Options", 1)[1].split("\n## ", 1)[0]
    for n in range(1, 28):
        gap = f"A002-{n:02d}"
        assert gap in options, f"{gap} is neither an option nor a fixed reading"
    model = AllowancesOptions().model_dump()
    for name in re.findall(r"^\| `([a-z_]+(?:\.[a-z_]+)?)`", options, flags=re.M):
        head, _, tail = name.partition(".")
        assert head in model and (not tail or tail in model[head]), name
