"""Every rule of the `styles` chapter (R001-NN in RULES.md) and every gap (A001-NN) is cited
by at least one test of this folder, in the test's name or docstring: a rule without a
test fails the suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...rule_coverage import chapter_ids, uncited

HERE = Path(__file__).resolve().parent


def test_rules_md_lists_the_40_rules_and_22_gaps() -> None:
    rules = chapter_ids("001", "R")
    assert len(rules) == 40 and rules[0] == "R001-01" and rules[-1] == "R001-40"
    gaps = chapter_ids("001", "A")
    assert len(gaps) == 22 and gaps[0] == "A001-01" and gaps[-1] == "A001-22"


@pytest.mark.parametrize("prefix", ["R", "A"])
def test_every_rule_and_gap_has_a_test(prefix: str) -> None:
    missing = uncited("001", prefix, HERE)
    assert missing == [], f"no test in {HERE.name}/ cites: {', '.join(missing)}"
