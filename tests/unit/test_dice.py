"""Dice notation, rolling and supplied values."""

from __future__ import annotations

import random
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from footwork.dice import Dice, DiceTerm, Roll, parse_dice, roll_dice
from footwork.errors import DiceError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d6", Dice((DiceTerm(1, 6),))),
        ("2d6", Dice((DiceTerm(2, 6),))),
        ("d%", Dice((DiceTerm(1, 100),))),
        ("1d20+3", Dice((DiceTerm(1, 20),), 3)),
        ("2d6-1", Dice((DiceTerm(2, 6),), -1)),
        ("4d6kh3", Dice((DiceTerm(4, 6, "h", 3),))),
        ("2d20kl1", Dice((DiceTerm(2, 20, "l", 1),))),
        ("2d6+1d4+2", Dice((DiceTerm(2, 6), DiceTerm(1, 4)), 2)),
        ("  2 D6 +\t1 ", Dice((DiceTerm(2, 6),), 1)),
        ("4D6KH3", Dice((DiceTerm(4, 6, "h", 3),))),
        ("3", Dice((), 3)),
        ("1d20-1d4", Dice((DiceTerm(1, 20), DiceTerm(1, 4, sign=-1)))),
        ("-1d4+5", Dice((DiceTerm(1, 4, sign=-1),), 5)),
        ("2d6+1+2", Dice((DiceTerm(2, 6),), 3)),
    ],
)
def test_parse_every_form(text: str, expected: Dice) -> None:
    """Every accepted form parses to the expected immutable value."""
    assert parse_dice(text) == expected


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("d6", "1d6"),
        ("d%", "1d100"),
        ("1d20+3", "1d20+3"),
        ("2d6-1", "2d6-1"),
        ("4d6kh3", "4d6kh3"),
        ("2d20KL1", "2d20kl1"),
        (" 2d6 + 1d4 + 2 ", "2d6+1d4+2"),
        ("3", "3"),
        ("-3", "-3"),
        ("-1d4+5", "-1d4+5"),
        ("1d20-1d4-0", "1d20-1d4"),
    ],
)
def test_canonical_str_round_trips(text: str, canonical: str) -> None:
    """str() gives canonical notation, and parsing it back gives the same value."""
    dice = parse_dice(text)
    assert str(dice) == canonical
    assert parse_dice(str(dice)) == dice


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2x6", "bad dice notation '2x6' at position 2: expected 'd'"),
        ("", "bad dice notation '' at position 1: expected a number or 'd'"),
        ("2d", "bad dice notation '2d' at position 3: expected a number of sides or '%'"),
        ("2d6+", "bad dice notation '2d6+' at position 5: expected a number or 'd'"),
        ("0d6", "bad dice notation '0d6' at position 1: expected a dice count from 1 to 100"),
        ("101d6", "bad dice notation '101d6' at position 1: expected a dice count from 1 to 100"),
        (
            "60d6+50d6",
            "bad dice notation '60d6+50d6' at position 6: expected at most 100 dice in all",
        ),
        ("2d1", "bad dice notation '2d1' at position 3: expected a number of sides from 2 to 1000"),
        ("2d0", "bad dice notation '2d0' at position 3: expected a number of sides from 2 to 1000"),
        ("4d6kh5", "bad dice notation '4d6kh5' at position 6: expected a keep count from 1 to 4"),
        ("4d6kl0", "bad dice notation '4d6kl0' at position 6: expected a keep count from 1 to 4"),
        ("4d6k3", "bad dice notation '4d6k3' at position 5: expected 'h' or 'l' after 'k'"),
        ("4d6kh", "bad dice notation '4d6kh' at position 6: expected a keep count"),
        ("2d6 3", "bad dice notation '2d6 3' at position 5: expected '+', '-' or the end"),
        ("1 2", "bad dice notation '1 2' at position 3: expected 'd'"),
        ("+", "bad dice notation '+' at position 2: expected a number or 'd'"),
        (
            "1234567",
            "bad dice notation '1234567' at position 1: expected a number of at most 6 digits",
        ),
    ],
)
def test_parse_errors_name_position_and_expectation(text: str, message: str) -> None:
    """A bad notation raises DiceError with a one-line, positioned message."""
    with pytest.raises(DiceError) as caught:
        parse_dice(text)
    assert str(caught.value) == message
    assert caught.value.notation == text
    assert "\n" not in str(caught.value)


def test_direct_construction_is_validated() -> None:
    """DiceTerm and Dice refuse impossible values even when built by hand."""
    with pytest.raises(DiceError, match="expected 1 to 100 dice, got 0"):
        DiceTerm(0, 6)
    with pytest.raises(DiceError, match="expected 2 to 1000 sides, got 1"):
        DiceTerm(1, 1)
    with pytest.raises(DiceError, match="expected a keep count from 1 to 2, got 3"):
        DiceTerm(2, 6, "h", 3)
    with pytest.raises(DiceError, match="keep and keep_n must be given together"):
        DiceTerm(2, 6, "h")
    with pytest.raises(DiceError, match="expected 1 to 100 dice, got True"):
        DiceTerm(True, 6)
    with pytest.raises(DiceError, match="expected at most 100 dice in all, got 120"):
        Dice((DiceTerm(60, 6), DiceTerm(60, 6)))


def test_dice_properties() -> None:
    """dice_count, faces, minimum and maximum follow the terms and keep rules."""
    dice = parse_dice("4d6kh3+1d4-1d8+2")
    assert dice.dice_count == 6
    assert dice.faces() == (6, 6, 6, 6, 4, 8)
    assert dice.minimum == 3 + 1 - 8 + 2
    assert dice.maximum == 18 + 4 - 1 + 2
    constant = parse_dice("3")
    assert (constant.dice_count, constant.faces(), constant.minimum, constant.maximum) == (
        0,
        (),
        3,
        3,
    )


def test_with_modifier_returns_a_new_value() -> None:
    """with_modifier replaces the modifier in a copy and leaves the original alone."""
    dice = parse_dice("1d20+1")
    changed = dice.with_modifier(5)
    assert str(changed) == "1d20+5"
    assert str(dice) == "1d20+1"
    assert hash(parse_dice("1d20+5")) == hash(changed)


def test_values_are_frozen() -> None:
    """Dice values cannot be changed in place."""
    dice = parse_dice("2d6")
    with pytest.raises(AttributeError):
        dice.modifier = 3  # type: ignore[misc]


def test_supplied_values_are_used_without_randomness() -> None:
    """Supplied values make the roll, and the RNG is not advanced."""
    rng = random.Random(7)
    state = rng.getstate()
    roll = roll_dice(parse_dice("2d6+1"), rng, [3, 5])
    assert roll == Roll(parse_dice("2d6+1"), (3, 5), (3, 5), 9)
    assert str(roll) == "2d6+1 = [3, 5] + 1 = 9"
    assert rng.getstate() == state


@pytest.mark.parametrize(
    ("text", "supplied", "message"),
    [
        ("2d6", [3], "roll: expected 2 values for 2d6, got 1"),
        ("1d6", [], "roll: expected 1 value for 1d6, got 0"),
        ("2d6", [7, 1], "roll[0]: 7 is not a face of d6 (expected 1 to 6)"),
        ("1d20+1d4", [20, 5], "roll[1]: 5 is not a face of d4 (expected 1 to 4)"),
        ("2d6", [0, 1], "roll[0]: 0 is not a face of d6 (expected 1 to 6)"),
        ("2d6", [1, True], "roll[1]: expected an integer from 1 to 6, got True"),
        ("1d6", [2.0], "roll[0]: expected an integer from 1 to 6, got 2.0"),
        ("2d6", "66", "roll: expected a list of integers for 2d6, got str"),
    ],
)
def test_supplied_values_are_refused(text: str, supplied: object, message: str) -> None:
    """Wrong counts, impossible faces and non-integers are refused with a clear message."""
    with pytest.raises(DiceError) as caught:
        roll_dice(parse_dice(text), random.Random(7), supplied)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_supplied_error_names_the_caller_place() -> None:
    """The where= argument prefixes the message and is kept on the error."""
    with pytest.raises(DiceError) as caught:
        roll_dice(parse_dice("1d6"), random.Random(7), [9], where="commands[2].roll")
    assert str(caught.value) == "commands[2].roll[0]: 9 is not a face of d6 (expected 1 to 6)"
    assert caught.value.where == "commands[2].roll[0]"


def test_seeded_rolls_are_reproducible() -> None:
    """Two RNGs with the same seed give the same rolls."""
    dice = parse_dice("4d6kh3+2d20kl1+d%-3")
    first = [roll_dice(dice, random.Random(7)) for _ in range(3)]
    second = [roll_dice(dice, random.Random(7)) for _ in range(3)]
    assert first == second
    rng_a, rng_b = random.Random(7), random.Random(7)
    assert [roll_dice(dice, rng_a) for _ in range(20)] == [
        roll_dice(dice, rng_b) for _ in range(20)
    ]


def test_keep_highest_and_lowest_totals() -> None:
    """kh keeps the highest dice and kl the lowest, reported in roll order."""
    rng = random.Random(7)
    high = roll_dice(parse_dice("4d6kh3"), rng, [3, 1, 5, 6])
    assert (high.values, high.kept, high.total) == ((3, 1, 5, 6), (3, 5, 6), 14)
    assert str(high) == "4d6kh3 = [3, (1), 5, 6] = 14"
    low = roll_dice(parse_dice("2d20kl1+2"), rng, [17, 4])
    assert (low.kept, low.total) == ((4,), 6)
    assert str(low) == "2d20kl1+2 = [(17), 4] + 2 = 6"
    tied = roll_dice(parse_dice("3d6kh2"), rng, [4, 4, 4])
    assert (tied.kept, tied.total) == ((4, 4), 8)


def test_negative_terms_and_constants_in_str() -> None:
    """Subtracted dice and constant-only dice read naturally."""
    rng = random.Random(7)
    assert (
        str(roll_dice(parse_dice("1d20-1d4-2"), rng, [15, 3])) == "1d20-1d4-2 = [15] - [3] - 2 = 10"
    )
    assert str(roll_dice(parse_dice("-1d4+5"), rng, [3])) == "-1d4+5 = -[3] + 5 = 2"
    assert str(roll_dice(parse_dice("3"), rng, [])) == "3 = 3 = 3"


def test_to_json() -> None:
    """to_json gives the notation, every die, the kept dice and the total."""
    roll = roll_dice(parse_dice("4d6kh3"), random.Random(7), [3, 1, 5, 6])
    assert roll.to_json() == {
        "dice": "4d6kh3",
        "values": [3, 1, 5, 6],
        "kept": [3, 5, 6],
        "total": 14,
    }


_KEEPS: tuple[Literal["h", "l"] | None, ...] = (None, "h", "l")


@st.composite
def dice_terms(draw: st.DrawFn) -> DiceTerm:
    """A random valid DiceTerm."""
    count = draw(st.integers(1, 6))
    sides = draw(st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100]))
    keep = draw(st.sampled_from(_KEEPS))
    keep_n = draw(st.integers(1, count)) if keep else None
    sign = draw(st.sampled_from([1, -1]))
    return DiceTerm(count, sides, keep, keep_n, sign)


dice_values = st.builds(
    Dice,
    st.lists(dice_terms(), max_size=3).map(tuple),
    st.integers(-20, 20),
)


@given(dice_values)
def test_str_round_trips_for_any_dice(dice: Dice) -> None:
    """parse_dice(str(dice)) gives back the same value for any dice."""
    assert parse_dice(str(dice)) == dice


@given(dice_values, st.integers(0, 2**32))
def test_rolls_stay_in_bounds(dice: Dice, seed: int) -> None:
    """Every roll lies between minimum and maximum, with one value per physical die."""
    roll = roll_dice(dice, random.Random(seed))
    assert dice.minimum <= roll.total <= dice.maximum
    assert len(roll.values) == dice.dice_count
    assert all(1 <= v <= s for v, s in zip(roll.values, dice.faces(), strict=True))
    assert roll_dice(dice, random.Random(0), roll.values) == roll


@given(st.text(alphabet="0123456789dDkKhHlL%+- x", max_size=12))
def test_parse_never_fails_with_anything_but_dice_error(text: str) -> None:
    """Arbitrary text either parses or raises DiceError (never another exception)."""
    try:
        dice = parse_dice(text)
    except DiceError as error:
        assert str(error).startswith(f"bad dice notation {text!r} at position ")
    else:
        assert parse_dice(str(dice)) == dice
