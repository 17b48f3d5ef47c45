"""Dice notation, parsing and rolling with an injected RNG."""

from footwork.dice.notation import Dice, DiceTerm, parse_dice
from footwork.dice.rolling import Roll, roll_dice

__all__ = ["Dice", "DiceTerm", "Roll", "parse_dice", "roll_dice"]
