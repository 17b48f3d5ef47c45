"""Every rule of the `cultivation` chapter (R000-NN in RULES.md) and every gap (A000-NN) is
cited by at least one test of this folder, in the test's name or docstring: a rule without
a test fails the suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...rule_coverage import chapter_ids, uncited

HERE = Path(__file__).resolve().parent


def test_rules_md_lists_the_80_rules_and_33_gaps() -> None:
    rules = chapter_ids("000", "R")
    assert len(rules) == 80 and rules[0] == "R000-01" and rules[-1] == "R000-80"
    gaps = chapter_ids("000", "A")
    assert len(gaps) == 33 and gaps[-1] == "A000-33"


@pytest.mark.parametrize("prefix", ["R", "A"])
def test_every_rule_and_gap_has_a_test(prefix: str) -> None:
    missing = uncited("000", prefix, HERE)
    assert missing == [], f"no test in {HERE.name}/ cites: {', '.join(missing)}"
