"""A saved game: the seed, the options and the player's choices, as JSON (docs/play.md).

The engines are deterministic per seed, so a game is replayed by playing it again from its seed with
the same choices: :class:`Script` answers every decision from the list, checking each one's kind and
that the choice is legal, and then asks whoever plays on (a person at the keyboard, automa.table.play).
A choice is stored as JSON: tuples as lists, the pass ``None`` as ``null``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.core.strategy import Strategy

FORMAT = "automa-sim saved game"
VERSION = 1
FIELDS = ("format", "version", "game", "seed", "game_index", "options", "choices", "result")


def encode(choice) -> Any:
    """A choice as JSON: tuples become lists."""
    if isinstance(choice, (tuple, list)):
        return [encode(c) for c in choice]
    return choice


@dataclass
class Saved:
    """One game: its game name, root seed, deal (``game_index``), options as typed after ``--option``, the
    player's choices so far as ``[kind, choice]`` pairs, and once it is over its ``games.csv`` row as a
    dict (``result``)."""

    game: str
    seed: int
    game_index: int
    options: dict
    choices: list = field(default_factory=list)
    result: dict | None = None

    def to_json(self) -> str:
        data = {"format": FORMAT, "version": VERSION, "game": self.game, "seed": self.seed,
                "game_index": self.game_index, "options": self.options,
                "choices": [[kind, choice] for kind, choice in self.choices], "result": self.result}
        return json.dumps(data, indent=1) + "\n"

    def write(self, path: Path) -> None:
        """Write atomically: a crash or a closed terminal mid-write leaves the last save whole."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.to_json())
        tmp.replace(path)


def load(path: Path) -> Saved:
    """Read and check a saved game: every field by name, the game, its options and the seed (UsageError,
    one line, if anything is wrong)."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise UsageError(f"cannot read saved game {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise UsageError(f"{path}: not a saved game (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(f"{path}: not a saved game (no \"format\": \"{FORMAT}\")")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise UsageError(f"{path}: unknown field {unknown[0]!r}; fields: {', '.join(FIELDS)}")
    if data.get("version") != VERSION:
        raise UsageError(f"{path}: saved-game version {data.get('version')!r}; this automa-sim reads version {VERSION}")
    for name, kind in (("game", str), ("seed", int), ("game_index", int), ("options", dict), ("choices", list)):
        if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
            raise UsageError(f"{path}: field {name!r} must be {kind.__name__}")
    if data["seed"] < 0 or data["game_index"] < 0:
        raise UsageError(f"{path}: seed and game_index must be non-negative")
    entry = get_game(data["game"])
    entry.resolve_options(data["options"])
    for i, pair in enumerate(data["choices"]):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise UsageError(f"{path}: choice {i + 1} must be [kind, choice]")
    if data.get("result") is not None and not isinstance(data["result"], dict):
        raise UsageError(f"{path}: field 'result' must be an object or null")
    return Saved(data["game"], data["seed"], data["game_index"], data["options"],
                 [(k, c) for k, c in data["choices"]], data.get("result"))


class Mismatch(UsageError):
    """A saved choice that does not fit the game as the engine plays it now."""


class Script(Strategy):
    """Answers decisions from saved ``choices``; past their end it asks ``then(decision, number)`` and
    records the answer. It searches (``searches = True``) so that its decisions offer rollouts for a
    hint (automa.table.hint); a rollout never asks it."""

    name = "human"
    searches = True

    def __init__(self, rng, choices: list, then: Callable | None = None):
        super().__init__(rng)
        self.choices, self.then, self.asked = choices, then, 0

    def choose(self, decision):
        i = self.asked
        if i < len(self.choices):
            kind, value = self.choices[i]
            found = [c for c in decision.choices if encode(c) == value]
            if kind != decision.kind or not found:
                raise Mismatch(f"saved choice {i + 1} ({kind} {json.dumps(value)}) does not fit the game: the "
                               f"engine asks {decision.kind!r} with {len(decision.choices)} choices")
            self.asked += 1
            return found[0]
        if self.then is None:
            raise Unfinished(i)
        choice = self.then(decision, i)
        self.choices.append((decision.kind, encode(choice)))
        self.asked += 1
        return choice


class Unfinished(Exception):
    """The saved choices ran out before the game ended."""

    def __init__(self, made: int):
        super().__init__(f"the saved game ends after {made} choices, before the game does")
        self.made = made


def replay(saved: Saved, trace=None, wrap: Callable | None = None):
    """Play ``saved`` again from its seed with its choices: its ``games.csv`` row as a dict, or None if the
    choices end before the game does (``trace`` then holds the events up to there). ``wrap(script)``
    may wrap the strategy that answers from the saved choices (a :class:`~automa.core.trace.Labelling`)."""
    from automa.core.results import columns, row
    from automa.run.runner import prepare
    from automa.core.seeding import game_streams
    from automa.run.simulate import resolve

    spec = resolve(saved.game, None, saved.options, saved.seed)
    streams = game_streams(saved.seed, saved.game_index)
    script = Script(streams.strategy, list(saved.choices))
    try:
        result = spec.game.play(prepare(spec), spec.options, wrap(script) if wrap else script, streams, trace)
    except Unfinished:
        return None
    return dict(zip(columns(spec.game), row(spec.game, saved.game_index, saved.seed, Script.name,
                                            spec.option_values, result)))
