"""What a run records, read from the rulesets' own event types as they are."""

from __future__ import annotations

from footwork.engine.events import Rolled
from footwork.rulesets.cultivation import events as cultivation
from footwork.rulesets.spans import events as spans
from footwork.rulesets.styles import events as styles
from footwork.simulate.records import Tally, tally_events


def test_damage_falls_checks_partnerships_and_leaving_the_scene_are_counted() -> None:
    tallies = {"ada": Tally(), "brin": Tally(), "cara": Tally()}
    tally_events(tallies, [
        spans.Fell(actor="ada", heights=2, surface="hard", onto="deck"),
        spans.Damaged(actor="ada", guard=4, lethal=1, cause="fall"),
        spans.LostInSkysea(actor="brin"),
        cultivation.FallStarted(actor="brin", metres=50.0, onto="sea"),
        cultivation.Damaged(actor="brin", amount=15, cause="landing"),
        cultivation.PartnershipEnded(a="ada", b="brin", why="moved apart"),
        styles.Fell(actor="cara", row=1, col=2, z=0.0, distance=3.0, into="floor",
                    damage=2),
        Rolled(actor="cara", check="climb", dice="1d6", values=(5,), total=5,
               outcome="success"),
        Rolled(actor="cara", check="climb", dice="1d6", values=(1,), total=1,
               outcome="fail"),
        Rolled(actor="nobody", check="x", dice="1d6", values=(1,), total=1, outcome="fail"),
    ])
    ada, brin, cara = tallies["ada"], tallies["brin"], tallies["cara"]
    assert (ada.falls, ada.fall_height, ada.damage, ada.partnerships_broken) == (1, 2, 5, 1)
    assert (brin.falls, brin.fall_height, brin.damage, brin.out) == (1, 50.0, 15, True)
    assert brin.partnerships_broken == 1 and not ada.out
    assert (cara.falls, cara.fall_height, cara.damage, cara.checks) == (1, 3.0, 2, 2)
    assert dict(cara.outcomes) == {"success": 1, "fail": 1}
