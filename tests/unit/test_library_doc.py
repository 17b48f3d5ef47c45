"""docs/library.md runs as written (issue 13, item 15)."""

from __future__ import annotations

import doctest

from ..conftest import ROOT


def test_the_library_guide_runs_as_written() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "library.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 20
    assert result.failed == 0
