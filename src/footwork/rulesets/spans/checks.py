"""Action-die checks: the die a character chooses, read in three bands (R003-02, A003-01)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from footwork.dice import Dice, parse_dice
from footwork.odds import tier_odds
from footwork.rulesets.spans.model import RESOURCE_OF_DIE, SpansActor

SUCCESS, STRUGGLE, FAIL = "success", "struggle", "fail"
BANDS: tuple[str, ...] = (SUCCESS, STRUGGLE, FAIL)


def band_of(total: int) -> str:
    """5+ succeeds, 3–4 is a struggle, anything lower (below 1 too) fails (A003-01)."""
    if total >= 5:
        return SUCCESS
    if total >= 3:
        return STRUGGLE
    return FAIL


@cache
def _parsed(text: str) -> Dice:
    return parse_dice(text)


def action_die(actor: SpansActor, die: str, default: str) -> Dice:
    """The dice ``actor`` rolls for ``die`` (attack, brace or maneuver)."""
    return _parsed(actor.dice.get(die, default))


@cache
def band_odds(dice: Dice) -> Mapping[str, Fraction]:
    """Exact chance of each band for these dice (read-only: it is shared by every call)."""
    return MappingProxyType(tier_odds(dice, band_of, BANDS))


def resource_for(die: str) -> str:
    """R003-04/08: guard for Attack, stamina for Brace, awareness for Maneuver."""
    return RESOURCE_OF_DIE[die]
