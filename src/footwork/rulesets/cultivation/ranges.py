"""The documented range of every number a `cultivation` file or command holds (README,
"Ranges").

Files and commands come from strangers: each number is bounded so that no value can
build a huge object, overflow a computation or make a roll or a search run long. The
bounds cover every use in the seed text (ratings up to 30, scores of a few points, falls
of hundreds of metres, sight of 5 km) many times over.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from footwork.fields import MAX_COORDINATE, printable_line

#: Difficult Terrain and climbing ratings (R000-27: 0 to 25; R000-37: 10 to 30)
MAX_RATING = 1000
#: element scores, bonuses and penalties on Challenges (A000-01)
MAX_SCORE = 100
#: defences, Aura, trap damage, the Storyteller's zone effect (R000-21, R000-71, A000-11)
MAX_POINTS = 10_000
#: Prowess (rounds of breath, R000-47), Wounds
MAX_SMALL = 100
#: a character's height in metres (R000-43)
MAX_BODY_M = 100.0
#: characters a zone holds (R000-32)
MAX_LIMIT = 1000
#: zone steps (art range, ranged reach), Speed, round numbers of tiles
MAX_STEPS = 1000
MAX_ROUND = 100_000
#: the smallest metres-per-point of landing damage (R000-41: 1 for a suicidal landing)
MIN_DIVISOR = 0.1
#: a challenge die: at most this many dice, of at most this many sides (A000-01)
MAX_CHALLENGE_DICE, MAX_CHALLENGE_SIDES = 10, 100
#: the longest display text (a zone's name, an item, an effect, a benefit, a trap)
MAX_LABEL = 200
#: the smallest positive length in metres (so that no ratio or schedule explodes)
MIN_METRES = 0.001

Rating = Annotated[float, Field(ge=0, le=MAX_RATING, allow_inf_nan=False)]
Score = Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]
Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]
Small = Annotated[int, Field(ge=0, le=MAX_SMALL)]
Steps = Annotated[int, Field(ge=0, le=MAX_STEPS)]
Round = Annotated[int, Field(ge=1, le=MAX_ROUND)]
#: metres that must be above 0 (a fall, a zone step, a speed of falling)
Metres = Annotated[float, Field(ge=MIN_METRES, le=MAX_COORDINATE, allow_inf_nan=False)]
#: metres that may be 0 (a depth, a sight distance)
Depth = Annotated[float, Field(ge=0, le=MAX_COORDINATE, allow_inf_nan=False)]


def _label(value: str) -> str:
    return value if value == "" else printable_line(value, limit=MAX_LABEL)


#: a display text on one line, at most 200 characters (may be empty)
Label = Annotated[str, AfterValidator(_label)]

