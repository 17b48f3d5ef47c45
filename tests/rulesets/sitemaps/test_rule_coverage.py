"""Every rule of the `sitemaps` chapter (R004-NN in RULES.md) and every gap (A004-NN) is cited
by at least one test of this folder, in the test's name or docstring: a rule without a
test fails the suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...rule_coverage import chapter_ids, uncited

HERE = Path(__file__).resolve().parent


def test_rules_md_lists_the_31_rules_and_18_gaps() -> None:
    rules = chapter_ids("004", "R")
    assert len(rules) == 31 and rules[0] == "R004-01" and rules[-1] == "R004-31"
    assert len(chapter_ids("004", "A")) == 18


@pytest.mark.parametrize("prefix", ["R", "A"])
def test_every_rule_and_gap_has_a_test(prefix: str) -> None:
    missing = uncited("004", prefix, HERE)
    assert missing == [], f"no test in {HERE.name}/ cites: {', '.join(missing)}"
