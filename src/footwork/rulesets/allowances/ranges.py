"""The documented range of every number an `allowances` file or command holds (README,
"Ranges").

Files and commands come from strangers: each number is bounded so that no value can
build a huge object or make a search run long (a search covers every cell and height
within the distance a creature may still go, so that distance is what is bounded). The
bounds cover every use in the seed text (Scores of 10 and 15 m, Skills of 60 to 120, a
difficulty of -40, 10 PP of +10, Jump traits 1 to 8, a 3 m boat, a 6 m ravine) several
times over. Heights and positions on the map are the core grid's ranges
(:mod:`footwork.space.grid`: ``Coordinate``, within +/-100,000 m).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

#: R002-01: a Movement Score, in m per round (the text's largest is 15 m)
MAX_SCORE = 50.0
#: R002-03, R002-10, R002-33, R002-30: the most any Allowance holds, Rush bonuses
#: included, and the most a Jump, Leap or Breach gives: what bounds every search
MAX_ALLOWANCE = 50.0
#: A002-05: a d100 Skill target (the text's largest is 120)
MAX_SKILL = 300
#: A002-06: a grade of the difficulty ladder (the text's Intense is -40)
MAX_DIFFICULTY = 300
#: A002-07, R002-11: PP on a sheet; PP on one roll and what each adds (the text: 10, +10)
MAX_PP, MAX_PP_PER_ROLL, MAX_PP_POINT = 1000, 100, 100
#: A002-23: a creature's Height, and a sheet's Jump Height, in m
MAX_HEIGHT_M, MAX_JUMP_HEIGHT_M = 100.0, 1000.0
#: A002-12, A002-22, R002-12: uses per round or per Activation an option may allow
MAX_PER_ROUND = 100
#: R002-12, A002-17: submerged/surfaced changes an option may allow per Activation
MAX_TRANSITIONS = 50
#: A002-16: the height of a vertical step, in m; the largest rise an Overland step takes
#: in its stride; lengths an option gives in m
MIN_VERTICAL_STEP, MAX_VERTICAL_STEP, MAX_WALK_STEP, MAX_OPTION_M = 0.5, 10.0, 10.0, 1000.0
#: Movement Types on a sheet, Skills on a sheet, Traits, grades on the ladder, tag names
MAX_TYPES, MAX_SKILLS, MAX_TRAITS, MAX_GRADES, MAX_NAMES = 16, 64, 64, 32, 16
#: a number a command gives where the rules refuse what is out of range with a reason
#: (``bad_pp``, ``bad_percent``): far beyond any of them
MAX_COMMAND_NUMBER = 1000

PerRound = Annotated[int, Field(ge=1, le=MAX_PER_ROUND)]
#: a whole number a command gives (PP, a percentage), checked by the rules after this
CommandInt = Annotated[int, Field(ge=-MAX_COMMAND_NUMBER, le=MAX_COMMAND_NUMBER)]

__all__ = [
    "MAX_ALLOWANCE",
    "MAX_COMMAND_NUMBER",
    "MAX_DIFFICULTY",
    "MAX_GRADES",
    "MAX_HEIGHT_M",
    "MAX_JUMP_HEIGHT_M",
    "MAX_NAMES",
    "MAX_OPTION_M",
    "MAX_PER_ROUND",
    "MAX_PP",
    "MAX_PP_PER_ROLL",
    "MAX_PP_POINT",
    "MAX_SCORE",
    "MAX_SKILL",
    "MAX_SKILLS",
    "MAX_TRAITS",
    "MAX_TRANSITIONS",
    "MAX_TYPES",
    "MAX_VERTICAL_STEP",
    "MAX_WALK_STEP",
    "MIN_VERTICAL_STEP",
    "CommandInt",
    "PerRound",
]
