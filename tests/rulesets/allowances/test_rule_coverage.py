"""Every rule of the `allowances` chapter (R002-NN in RULES.md) and every gap (A002-NN) is
cited by at least one test of this folder, in the test's name or docstring."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...rule_coverage import chapter_ids, uncited

HERE = Path(__file__).resolve().parent


def test_rules_md_lists_the_43_rules_and_27_gaps() -> None:
    rules = chapter_ids("002", "R")
    assert len(rules) == 43 and rules[0] == "R002-01" and rules[-1] == "R002-43"
    gaps = chapter_ids("002", "A")
    assert len(gaps) == 27 and gaps[0] == "A002-01" and gaps[-1] == "A002-27"


@pytest.mark.parametrize("prefix", ["R", "A"])
def test_every_rule_and_gap_has_a_test(prefix: str) -> None:
    missing = uncited("002", prefix, HERE)
    assert missing == [], f"no test in {HERE.name}/ cites: {', '.join(missing)}"
