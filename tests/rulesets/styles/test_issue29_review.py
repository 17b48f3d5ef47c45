"""Issue 29: open rule questions of the cause-by-condition review, settled from the text.

Item 6: standing up during a Montage (R001-08, R001-30; the text is silent: our default
``prone.stand_in_montage``). Item 7: what a hop landing a little below its take-off
costs (R001-32, A001-17, A001-18)."""

from __future__ import annotations

from typing import Any

from ._helpers import actor, refused, session, types, who


def _prone_in_a_montage(**prone: Any) -> Any:
    s = session([actor("ada", "1,1")], options={"prone": prone} if prone else None)
    s.do({"do": "prone", "actor": "ada"})
    s.do({"do": "montage", "actor": "gm"})
    return s


def test_standing_up_during_a_montage_is_allowed_by_default_R001_08_R001_30() -> None:
    """R001-08 replaces the Move Ability with the Athletics Tests; standing up is a Free
    Action that spends 1u of Movement (R001-30), not the Move: allowed (our default) and
    offered, while moving stays refused."""
    s = _prone_in_a_montage()
    assert any(o.command["do"] == "stand" for o in s.options("ada"))
    assert types(s.do({"do": "stand", "actor": "ada"})) == ["stood_up"]
    assert who(s, "ada")["prone"] is False


def test_a_table_may_keep_the_prone_down_during_a_montage_R001_08() -> None:
    """``prone.stand_in_montage: false``: refused (``montage``) and not offered until the
    GM ends the Montage; then it is."""
    s = _prone_in_a_montage(stand_in_montage=False)
    assert not any(o.command["do"] == "stand" for o in s.options("ada"))
    refused(s, {"do": "stand", "actor": "ada"}, "montage", "R001-08")
    s.do({"do": "montage", "actor": "gm", "on": False})
    assert any(o.command["do"] == "stand" for o in s.options("ada"))


