"""Fall damage by heights and surface (A003-08), armour (A003-19) and the Maneuver roll
(R003-27, R003-28): shared by the falls and by what an option shows at stake."""

from __future__ import annotations

from footwork.rulesets.spans.model import SpansActor
from footwork.rulesets.spans.options import SpansOptions

AVOIDING = ("ride_wind", "untether")  # R003-38, R003-39 (hooks, A003-25)


def fall_damage(opts: SpansOptions, heights: int, surface: str) -> tuple[int, int]:
    """(guard, lethal) before armour and the Maneuver roll (A003-08 placeholder table)."""
    if heights <= 0:
        return 0, 0
    table = opts.fall.surfaces.get(surface)
    if table is None:
        return 0, 0
    guard = table.guard_per_height * heights
    lethal = 0 if heights <= table.no_lethal_up_to else max(0, heights + table.lethal_offset)
    return guard, lethal


def applied_damage(
    opts: SpansOptions, victim: SpansActor, heights: int, surface: str, maneuver: int | None
) -> tuple[int, int]:
    """Damage after armour (guard only, A003-19; R003-27) and the Maneuver roll (R003-28)."""
    guard, lethal = fall_damage(opts, heights, surface)
    if opts.fall.armor_reduces_guard:
        guard = max(0, guard - victim.armor)
    if maneuver is not None:
        lethal = max(0, lethal - max(0, maneuver))  # a result below zero counts as zero
    return guard, lethal
