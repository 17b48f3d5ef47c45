"""What an actor may do now: destinations, costs, checks and their exact odds, and what
is at stake: each option's :class:`Risk`, and each answer of a pending decision's
:class:`Consequence`.

The shapes are the same for every ruleset; a ruleset that says nothing gives an empty
risk (``Risk()``, falsy, ``null`` in JSON) and no consequences.

:class:`Options` is the list ``Engine.options`` returns. The places a move can reach
come first, as a :class:`Reachable` set: their ids and costs are arrays, and the full
:class:`Option` of a place (its plan, label and checks) is built only when it is read.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, overload

from footwork.dice import parse_dice
from footwork.engine.codec import JSON, to_jsonable
from footwork.errors import DiceError, RulesetError
from footwork.odds import is_exact

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from footwork.engine.state import Pending


@dataclass(frozen=True, slots=True)
class CheckOdds:
    """A check on the way and the exact probability of each of its outcomes."""

    name: str
    dice: str
    odds: Mapping[str, Fraction]
    rules: tuple[str, ...] = ()
    #: how a total reads as an outcome; lets tests check ``odds`` by enumeration
    tier_of: Callable[[int], str] | None = field(default=None, compare=False, repr=False)

    @property
    def exact(self) -> bool:
        """False when the dice were too costly for exact odds and ``odds`` approximate them
        (the ``odds_work`` limit)."""
        try:
            return is_exact(parse_dice(self.dice))
        except DiceError:  # a description rather than notation: the ruleset's own odds
            return True

    def describe(self) -> str:
        """``dice: outcome p ≈percent, ...`` (exact fractions, or marked approximate)."""
        if self.exact:
            shown = ", ".join(f"{k} {v} ≈{float(v):.0%}" for k, v in self.odds.items())
            return f"{self.dice}: {shown}"
        shown = ", ".join(f"{k} ≈{float(v):.1%}" for k, v in self.odds.items())
        return f"{self.dice}: {shown} (approximate: too costly to compute exactly)"

    def to_json(self) -> dict[str, JSON]:
        """The check as JSON (``footwork schema --option`` describes it): each outcome's
        probability as a float ``p`` and, when exact, as a fraction text."""
        exact = self.exact
        return {
            "name": self.name,
            "dice": self.dice,
            "odds": {k: {"p": float(v), "exact": str(v) if exact else None}
                     for k, v in self.odds.items()},
            "approximate": not exact,
            "rules": list(self.rules),
        }


def chance_json(p: Fraction) -> dict[str, JSON]:
    """A probability as the JSON of an odds entry: ``{"p": float, "exact": "1/6"}``."""
    return {"p": float(p), "exact": str(p)}


def chance_from_json(data: JSON) -> Fraction:
    """The probability an odds entry holds (its exact fraction when it has one)."""
    if not isinstance(data, Mapping):
        return Fraction(0)
    exact = data.get("exact")
    return Fraction(str(exact)) if exact else Fraction(str(data.get("p", 0)))


def chance_words(p: Fraction) -> str:
    """``certain``, or ``1/6 ≈17%``."""
    return "certain" if p == 1 else f"{p} ≈{float(p):.0%}"


@dataclass(frozen=True, slots=True)
class Fall:
    """A fall an option may end in.

    ``distance`` is in the ruleset's own vertical unit (``unit``: "m", "u", "height",
    "band"...); ``damage`` says what the landing deals, as dice notation ("2d6") or in
    words when the ruleset's damage is not a roll; ``damage_odds`` gives, where a roll
    decides it, the exact chance of each damage outcome; ``chance`` is the exact
    probability that the fall happens (1 when it is certain), or None when it may happen
    but no roll decides it (a game master's ruling, an attack whose odds are another
    chapter's)."""

    distance: float
    unit: str
    damage: str = ""
    chance: Fraction | None = Fraction(1)
    damage_odds: Mapping[str, Fraction] = field(default_factory=dict)
    rules: tuple[str, ...] = ()

    def describe(self) -> str:
        """``falls 2 heights (1/3 ≈33%): 4 guard, 2 lethal − Maneuver``."""
        size = f"{self.distance:g} {self.unit}"
        if self.distance != 1 and self.unit and not self.unit.endswith(("m", "u", "s")):
            size += "s"  # "2 heights", but "8 m"
        if self.chance is None:
            text = f"may fall {size}"
        else:
            text = f"falls {size}" + (
                "" if self.chance == 1 else f" ({chance_words(self.chance)})")
        if self.damage:
            text += f": {self.damage}"
        if self.damage_odds:
            text += " [" + ", ".join(f"{k} {chance_words(v)}"
                                     for k, v in self.damage_odds.items()) + "]"
        return text

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Fall:
        return cls(distance=float(data["distance"]), unit=str(data["unit"]),
                   damage=str(data.get("damage", "")),
                   chance=None if data.get("chance") is None else chance_from_json(
                       data["chance"]),
                   damage_odds={str(k): chance_from_json(v)
                                for k, v in dict(data.get("damage_odds") or {}).items()},
                   rules=tuple(data.get("rules") or ()))

    def to_json(self) -> dict[str, JSON]:
        return {
            "distance": self.distance,
            "unit": self.unit,
            "damage": self.damage,
            "chance": None if self.chance is None else chance_json(self.chance),
            "damage_odds": {k: chance_json(v) for k, v in self.damage_odds.items()},
            "rules": list(self.rules),
        }


@dataclass(frozen=True, slots=True)
class Loss:
    """What an option may cost beyond its price: the ``action`` (it is spent for nothing),
    the ``turn`` (nothing more this turn, whatever it still had) or the ``move`` (the actor
    stays put); ``chance``
    is the exact probability (1 when certain)."""

    what: str
    chance: Fraction = Fraction(1)
    rules: tuple[str, ...] = ()

    def describe(self) -> str:
        """``loses the rest of the turn (1/3 ≈33%)``."""
        text = {"turn": "loses the rest of the turn", "move": "does not move"}.get(
            self.what, f"loses the {self.what}")
        return text + ("" if self.chance == 1 else f" ({chance_words(self.chance)})")

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Loss:
        return cls(what=str(data["what"]), chance=chance_from_json(data["chance"]),
                   rules=tuple(data.get("rules") or ()))

    def to_json(self) -> dict[str, JSON]:
        return {"what": self.what, "chance": chance_json(self.chance),
                "rules": list(self.rules)}


@dataclass(frozen=True, slots=True)
class Risk:
    """What may go wrong, in one shape for every ruleset: a fall, hazards entered, leaving
    the scene, losing the action or the turn. Empty (and falsy) when the option is safe.

    ``leaves_scene`` is the exact probability that the actor is taken out of the scene
    (0: never). ``describe()`` is the short words form."""

    fall: Fall | None = None
    hazards: tuple[str, ...] = ()
    leaves_scene: Fraction = Fraction(0)
    loses: Loss | None = None
    rules: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.fall or self.hazards or self.leaves_scene or self.loses)

    def describe(self) -> str:
        """``leaves the scene; falls 2 heights: ...``, or ``""`` when safe."""
        parts: list[str] = []
        if self.leaves_scene:
            parts.append("leaves the scene" + (
                "" if self.leaves_scene == 1 else f" ({chance_words(self.leaves_scene)})"))
        if self.fall is not None:
            parts.append(self.fall.describe())
        parts += [f"enters {h}" for h in self.hazards]
        if self.loses is not None:
            parts.append(self.loses.describe())
        return "; ".join(parts)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | None) -> Risk:
        """The risk :meth:`to_json` wrote (``SAFE`` for None)."""
        if not data:
            return SAFE
        fall, loses, leaves = data.get("fall"), data.get("loses"), data.get("leaves_scene")
        return cls(fall=Fall.from_json(fall) if isinstance(fall, Mapping) else None,
                   hazards=tuple(str(h) for h in data.get("hazards") or ()),
                   leaves_scene=chance_from_json(leaves) if leaves else Fraction(0),
                   loses=Loss.from_json(loses) if isinstance(loses, Mapping) else None,
                   rules=tuple(data.get("rules") or ()))

    def to_json(self) -> dict[str, JSON] | None:
        """The risk as JSON (``footwork schema --option`` describes it); None when safe."""
        if not self:
            return None
        return {
            "words": self.describe(),
            "fall": None if self.fall is None else self.fall.to_json(),
            "hazards": list(self.hazards),
            "leaves_scene": chance_json(self.leaves_scene) if self.leaves_scene else None,
            "loses": None if self.loses is None else self.loses.to_json(),
            "rules": list(self.rules),
        }


#: the risk of an option a ruleset says nothing about
SAFE = Risk()


@dataclass(frozen=True, slots=True)
class Consequence:
    """What one answer of a pending decision does: ``words`` says it, ``cost`` what it
    spends (empty when free), ``checks`` the rolls that follow with their exact odds,
    ``risk`` what may go wrong after it."""

    choice: str
    words: str
    cost: str = ""
    checks: tuple[CheckOdds, ...] = ()
    risk: Risk = SAFE
    rules: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line: the words, the cost, the odds, the risk."""
        parts = [self.words]
        if self.cost:
            parts.append(f"costs {self.cost}")
        parts += [c.describe() for c in self.checks]
        if self.risk:
            parts.append(f"risk: {self.risk.describe()}")
        return "; ".join(parts)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Consequence:
        """The consequence :meth:`to_json` wrote (a pending decision holds that JSON)."""
        risk = data.get("risk")
        checks = tuple(
            CheckOdds(name=str(c["name"]), dice=str(c["dice"]),
                      odds={str(k): chance_from_json(v) for k, v in dict(c["odds"]).items()},
                      rules=tuple(c.get("rules") or ()))
            for c in data.get("checks") or () if isinstance(c, Mapping))
        return cls(choice=str(data["choice"]), words=str(data.get("words", "")),
                   cost=str(data.get("cost", "")), checks=checks,
                   risk=Risk.from_json(risk if isinstance(risk, Mapping) else None),
                   rules=tuple(data.get("rules") or ()))

    def to_json(self) -> dict[str, JSON]:
        """Plain data, as the state JSON's ``pending.consequences`` holds it."""
        return {
            "choice": self.choice,
            "text": self.describe(),
            "words": self.words,
            "cost": self.cost,
            "checks": [c.to_json() for c in self.checks],
            "risk": self.risk.to_json(),
            "rules": list(self.rules),
        }


def consequences_json(found: Iterable[Consequence]) -> list[dict[str, JSON]]:
    """What a ruleset puts in its ``DecisionRequested`` context under
    ``footwork.engine.state.CONSEQUENCES``: plain JSON (lists, not tuples), one entry per
    choice, so that the event reads back from the log equal to itself."""
    return [c.to_json() for c in found]


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the actor may do: the full command that does it, and what it costs.

    ``command`` is given to ``Session.do`` as it is (add ``roll`` to supply dice rolled at
    the table); ``to`` is where it takes the actor (None when it does not move it);
    ``checks`` are the rolls on the way with their exact odds; ``rules`` the rule ids
    that allow it; ``risk`` what may go wrong (empty when it is safe, or when the ruleset
    says nothing)."""

    command: Mapping[str, JSON]
    label: str
    cost: str
    to: str | None = None
    checks: tuple[CheckOdds, ...] = ()
    rules: tuple[str, ...] = ()
    #: on metric maps, where the move may end: polygons, each a list of rings of [x, y]
    region: tuple[tuple[tuple[tuple[float, float], ...], ...], ...] | None = None
    risk: Risk = SAFE

    def to_json(self) -> dict[str, JSON]:
        """The option as JSON, as ``footwork schema --option`` describes it."""
        body: dict[str, JSON] = {
            "command": to_jsonable(self.command),
            "label": self.label,
            "to": self.to,
            "cost": self.cost,
            "checks": [c.to_json() for c in self.checks],
            "rules": list(self.rules),
        }
        if self.region is not None:
            body["region"] = to_jsonable(self.region)
        body["risk"] = self.risk.to_json()
        return body


def answer_option(pending: Pending, choice: str) -> Option:
    """The option that answers ``pending`` with ``choice``, its label, cost and risk taken
    from the ruleset's :class:`Consequence` (the odds of the dice that follow stay in
    ``pending.consequences``, since the option itself rolls nothing)."""
    command: dict[str, JSON] = {"answer": choice, "actor": pending.actor}
    found = pending.consequence(choice)
    if found is None:
        return Option(command=command, label=f"answer {choice}", cost="")
    said = Consequence.from_json(found)
    return Option(command=command, label=f"answer {choice}: {said.words}", cost=said.cost,
                  rules=said.rules, risk=said.risk)


def consequence_of(pending: Pending, choice: str) -> Consequence | None:
    """The typed consequence of answering ``pending`` with ``choice``, if the ruleset
    gave one."""
    found = pending.consequence(choice)
    return None if found is None else Consequence.from_json(found)


class Reachable:
    """The places a move can take the actor to, in the order they are listed, each
    place's :class:`Option` built only when it is asked for.

    ``to[i]`` is the ``Option.to`` of place ``i``; ``cost[i]`` (a read-only float64
    array) its price in the ruleset's main measure (the pool or allowance spent), the
    one a list is ordered by and a drawing shades by. ``build(i)`` makes the full option
    of place ``i``; :meth:`option` calls it at most once per place and keeps the result
    (thread-safe). Building nothing costs nothing: ``len()`` and ``to`` never build."""

    __slots__ = ("_build", "_built", "_lock", "_where", "cost", "to")

    def __init__(self, to: Iterable[str], cost: Iterable[float] | npt.ArrayLike,
                 build: Callable[[int], Option]) -> None:
        import numpy as np  # here, not at import: the engine does not need numpy to start

        self.to: tuple[str, ...] = tuple(to)
        costs = np.array(cost, dtype=np.float64)  # our own copy, then frozen
        if costs.shape != (len(self.to),):
            raise ValueError(f"{len(self.to)} places but costs of shape {costs.shape}")
        costs.flags.writeable = False
        self.cost: npt.NDArray[np.float64] = costs
        self._build = build
        self._built: list[Option | None] = [None] * len(self.to)
        self._lock = threading.RLock()
        self._where: dict[str, int] | None = None

    def __len__(self) -> int:
        return len(self.to)

    def __repr__(self) -> str:
        made = sum(o is not None for o in self._built)
        return f"Reachable({len(self.to)} places, {made} built)"

    def option(self, i: int) -> Option:
        """The full option of place ``i`` (negative counts from the end), built once."""
        if i < 0:
            i += len(self.to)
        if not 0 <= i < len(self.to):
            raise IndexError(f"place {i} of {len(self.to)}")
        got = self._built[i]
        if got is None:
            with self._lock:
                got = self._built[i]
                if got is None:
                    got = self._build(i)
                    if got.to != self.to[i]:  # find() and plan() would mislead
                        raise RulesetError(f"the option built for place {i} goes to "
                                           f"{got.to!r}, listed as {self.to[i]!r}")
                    self._built[i] = got
        return got

    def index(self, to: str) -> int | None:
        """The first place whose ``to`` is ``to``, or None (nothing is built)."""
        where = self._where
        if where is None:
            where = {}
            for i, name in enumerate(self.to):
                where.setdefault(name, i)
            self._where = where
        return where.get(to)

    @classmethod
    def empty(cls) -> Reachable:
        """A set of no places."""
        return cls((), (), _no_place)

    @classmethod
    def join(cls, parts: Iterable[Reachable]) -> Reachable:
        """The places of ``parts`` one after the other, as one set (a ruleset that runs
        several searches: one per kind of movement, a Dash after the plain moves). Each
        option is still built, once, by the part it comes from."""
        import numpy as np

        found = tuple(parts)
        if len(found) == 1:
            return found[0]
        starts = [0]
        for part in found:
            starts.append(starts[-1] + len(part))

        def build(i: int) -> Option:
            k = bisect.bisect_right(starts, i) - 1
            return found[k].option(i - starts[k])

        costs = np.concatenate([p.cost for p in found]) if found else np.zeros(0)
        return cls([name for part in found for name in part.to], costs, build)


def _no_place(i: int) -> Option:
    raise IndexError(f"place {i} of none")


class Options(Sequence[Option]):
    """What an actor may do now, as ``Engine.options`` returns it: it reads as a tuple of
    :class:`Option`, the places a move reaches first (:attr:`reachable`, in its order),
    then the other options (:attr:`eager`, built already).

    A reachable place's option is built only when it is read: ``len()`` builds nothing,
    indexing builds one, iterating builds as it goes, :meth:`find` builds only the one
    it returns. Equal to a tuple (or another ``Options``) holding equal options in the
    same order."""

    __slots__ = ("eager", "reachable")

    def __init__(self, eager: Iterable[Option] = (), reachable: Reachable | None = None
                 ) -> None:
        self.eager: tuple[Option, ...] = tuple(eager)
        self.reachable: Reachable | None = reachable if reachable else None

    @classmethod
    def of(cls, found: Iterable[Option]) -> Options:
        """``found`` as :class:`Options`: passed through when it is one, else built
        (a ruleset's plain list)."""
        return found if isinstance(found, Options) else cls(found)

    def extended(self, more: Iterable[Option]) -> Options:
        """These options followed by ``more`` (the same reachable set: nothing built
        twice)."""
        return Options((*self.eager, *more), self.reachable)

    def find(self, to: str) -> Option | None:
        """The option that takes the actor to ``to``: the reachable place's (built alone),
        else the first other option going there; None when none does."""
        reach = self.reachable
        if reach is not None:
            i = reach.index(to)
            if i is not None:
                return reach.option(i)
        return next((o for o in self.eager if o.to == to), None)

    def __len__(self) -> int:
        return len(self.eager) + (len(self.reachable) if self.reachable else 0)

    @overload
    def __getitem__(self, index: int) -> Option: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Option, ...]: ...

    def __getitem__(self, index: int | slice) -> Option | tuple[Option, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("option index out of range")
        moves = len(self.reachable) if self.reachable else 0
        if index < moves:
            assert self.reachable is not None
            return self.reachable.option(index)
        return self.eager[index - moves]

    def __iter__(self) -> Iterator[Option]:
        if self.reachable:
            option = self.reachable.option
            for i in range(len(self.reachable)):
                yield option(i)
        yield from self.eager

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if not isinstance(other, Options | tuple):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other,
                                                                       strict=True))

    def __repr__(self) -> str:
        # a tuple's, when nothing waits to be built; the repr never builds
        if self.reachable is None:
            return repr(self.eager)
        return f"Options({self.reachable!r}, eager={self.eager!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # copied or pickled as plain options (the builder may not be picklable)
        return (Options, (tuple(self),))
