"""The HTTP API's request and response bodies (pydantic: validated in, described out)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from footwork.errors import ScenarioError, ScenarioErrors


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewTable(_Body):
    """A table from encounter text (YAML 1.2 or JSON) or from a shipped example."""

    encounter: str | None = Field(None, description="the encounter file's text")
    format: str = Field("yaml", pattern="^(yaml|json)$",
                        description="how `encounter` is written: yaml or json")
    example: str | None = Field(None, max_length=120,
                                description="a shipped example instead, e.g. "
                                "`spans/boarding-action` (see GET /api/examples)")
    name: str = Field("", max_length=80, description="a name for the lobby")
    actor_seats: bool = Field(False, description="also one seat per actor")


class SeatLink(BaseModel):
    seat: str = Field(description="gm, side:NAME or actor:ID")
    secret: str = Field(description="the seat's credential: send it as `Authorization: "
                        "Bearer SECRET` (or `?key=SECRET`); keep it private")
    link: str = Field(description="the table's page for this seat")
    qr: str = Field("", description="the link as a QR code (an SVG element), for phones")
    revoked: bool = Field(False, description="the game master took this seat's key away "
                          "(no secret, no link) until it is rotated")


class TableInfo(BaseModel):
    id: str
    name: str
    ruleset: str
    created: float = Field(description="seconds since the epoch")


class CreatedTable(BaseModel):
    table: TableInfo
    seats: list[SeatLink]


class LobbyTable(BaseModel):
    """A table as the game master's lobby lists it: every seat's link, its own first."""

    table: TableInfo
    seats: list[SeatLink] = Field(description="each seat's link (with its QR code); the "
                                  "game master's opens the table with the server's key")
    complete: bool = Field(description="false when some seats' links cannot be given again "
                           "(a table made before the server kept its link seed)")


class Example(BaseModel):
    name: str = Field(description="pass as `example` to create a table from it")
    ruleset: str
    title: str


class CommandRequest(_Body):
    """A command, exactly as a step of an encounter file, decided against ``version``."""

    version: int = Field(ge=0, description="the version your view is at (GET state); a "
                         "stale one is refused with 409 and changes nothing")
    command_id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$",
                            description="your id for this command: a retry with the same id "
                            "returns the first result and appends nothing")
    command: dict[str, Any] = Field(description='e.g. {"do": "run", "actor": "ada", '
                                    '"die": "maneuver", "to": "pier"} or {"answer": "pay"}; '
                                    '{"do": "undo"} takes back the last command (game master)')


class RollsRequest(_Body):
    command: dict[str, Any] = Field(description="a command as `POST …/commands` takes it")


class Roll(BaseModel):
    actor: str = Field(description="who rolls")
    check: str = Field(description="what the roll decides")
    dice: str = Field(description='the dice, e.g. "1d8" or "2d10"')


class Rolls(BaseModel):
    roll_due: bool = Field(description="whether the command rolls any die the seat sees")
    rolls: list[Roll] = Field(description="each roll, in the order it takes faces")


class ActorSummary(BaseModel):
    id: str
    side: str | None
    start: str | None = Field(description="where it stood at the start; null: brought in "
                              "during play, or a place hidden from this seat")
    start_hidden: bool = Field(False, description="it started in a place still hidden "
                               "from this seat (then `start` is null)")
    at: str | None = Field(description="where it is now (a place, a span, a cell)")
    in_play: bool = Field(description="false once it is out of the scene (fallen into "
                          "the void, unconscious, drowned: it takes no more turns)")
    left: str | None = Field(None, description="how it left the scene, in the log's "
                             "words (the seat's last log line about it in the command "
                             "that took it out); null while in play")
    falls: int = Field(description="how many times it fell")
    damage: dict[str, int] = Field(description="the damage it took, by kind (`damage`, or "
                                   "`guard` and `lethal` in spans)")


class Summary(BaseModel):
    """The encounter so far (or at its end), as the seat perceives it."""

    rounds: int = Field(description="the round it is in (or ended in)")
    ended: bool
    reason: str | None = Field(description="why it ended, as the log says")
    actors: list[ActorSummary]
    removed: list[str] = Field(description="characters the game master took out of play")


class CommandResult(BaseModel):
    version: int = Field(description="your view's new version")
    table_version: int | None = Field(None, description="the table's version (game master)")
    lines: list[dict[str, Any]] = Field(description="the log lines of this command you see")
    repeated: bool = Field(False, description="the command id was seen before: this is its "
                           "first result, nothing was appended")


class Fault(BaseModel):
    """One fault of an encounter file: where it is and what was expected."""

    line: int | None = Field(None, description="the line of the file (1 is the first); "
                             "absent when the fault has none (the file is not YAML at all)")
    path: str = Field(description="where in the file, e.g. `actors[0].at`")
    message: str = Field(description="what is wrong and what was expected, in one line")


class Refusal(BaseModel):
    """Every 4xx body: a stable reason code, one line for people, the rules that refuse;
    an encounter file refused also lists each of its faults."""

    reason: str
    message: str
    rules: list[str] = []
    faults: list[Fault] | None = Field(None, description="each fault of a refused "
                                       "encounter file, in the file's order (at most 20); "
                                       "absent from other refusals")


class LogPage(BaseModel):
    version: int
    after: int
    lines: list[dict[str, Any]]


def faults_of(exc: ScenarioError) -> list[Fault]:
    """Each fault of a refused encounter file, for a page to list (the lobby's upload
    and the builder's check: one list)."""
    every = exc.errors if isinstance(exc, ScenarioErrors) else (exc,)
    return [Fault(line=e.line, path=e.path, message=" ".join(e.detail.split())[:300])
            for e in every]
