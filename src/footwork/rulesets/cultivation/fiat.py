"""What follows at once from the Storyteller's fiat (``gm_place``, ``gm_add``), with bands
on: where the body stands in its zone's bands (the s34 review).

A placement names a zone, not a band. The s33 reading of ``gm_place`` sets the body down
where it is put (its fall and its height afloat end there), so a body nothing holds up in
an air band stands on the Ground band, and one deeper than the new zone's water comes up
to the deepest band there (as an own move out of deep water does). An arrival
(``gm_add``) names its band in its stats: the Storyteller put it there on purpose, so a
body nothing holds up there falls from it, a band a round (R000-78, A000-24).
"""

from __future__ import annotations

from footwork.engine.events import Event
from footwork.rulesets.cultivation import events as ev
from footwork.rulesets.cultivation.model import BANDS, GROUND, CultivationActor
from footwork.rulesets.cultivation.pipeline import holds_up
from footwork.rulesets.cultivation.rules import CState, band_index, opts, space
from footwork.rulesets.cultivation.tiles import can_stay_aloft


def _unheld(state: CState, actor: CultivationActor) -> bool:
    """A000-24, R000-61: in an air band that neither its flight or levitation nor the
    zone (anti-gravity on, a band elevator) holds it in."""
    idx = band_index(actor)
    return idx < GROUND and not can_stay_aloft(actor, idx) and not holds_up(state, actor.at)


def set_down(state: CState, actor_id: str) -> list[Event]:
    """``gm_place``: the body stands where it is put (R000-40, R000-61, A000-24, R000-77)."""
    if not opts(state).bands.enabled:
        return []  # the height afloat is a placed field, reset by the placement itself
    actor = state.actors[actor_id]
    deepest = space(state).deepest(actor.at)
    if band_index(actor) > deepest:
        return [ev.BandChanged(actor=actor_id, band=BANDS[max(GROUND, deepest)],
                               how="set down by the Storyteller",
                               rules=("R000-77", "A000-24", "A000-25"))]
    if _unheld(state, actor):
        return [ev.BandChanged(actor=actor_id, band="ground", how="set down by the Storyteller",
                               rules=("R000-40", "R000-61", "A000-24"))]
    return []


def arrival(state: CState, actor_id: str) -> list[Event]:
    """``gm_add``: a body brought in where nothing holds it up starts falling a band a
    round, its first round the current one (R000-78, A000-24, A000-10)."""
    actor = state.actors[actor_id]
    if not opts(state).bands.enabled or actor.band_falling or not _unheld(state, actor):
        return []
    return [ev.BandFallStarted(actor=actor_id, rules=("R000-78", "A000-24"))]
