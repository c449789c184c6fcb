"""The game registry, option schemas and strategy lookup.

The core knows a game only through its :class:`Game` entry: a name, an option schema, score
categories, built-in strategies and a ``play`` function. Strategies are found by built-in name,
by the entry point group ``automa_sim.strategies`` (name ``<game>.<strategy>``), or by a
``package.module:ClassName`` path.
"""
from __future__ import annotations

import difflib
import importlib
import importlib.metadata
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from automa.core.errors import UsageError
from automa.core.params import bind, split_spec
from automa.core.results import columns
from automa.core.strategy import Strategy

ENTRY_POINT_GROUP = "automa_sim.strategies"
KINDS = ("rule", "setting")  # Option.kind


def did_you_mean(name: Any, known) -> str:
    """`` (did you mean 'x'?)`` for the known name closest to a misspelt ``name``, or ``""``."""
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


@dataclass(frozen=True)
class Option:
    """One game or rule option: name, type, default, allowed values, one-line help, rule IDs.

    ``type`` is one of ``int``, ``str``, ``bool``, ``path`` or ``set`` (a comma-separated subset of
    ``choices``). A ``path`` option names a user file; empty means the packaged default. An ``int``
    option may bound its values with ``min`` and ``max`` (inclusive). ``parser(name, value)`` checks a
    value further and returns its canonical form (UsageError if bad), e.g. a list of numbers in text.
    Every value is checked here, before any game is played; the default must pass the same checks.

    ``kind`` says what the option is for ``automa-sim sensitivity``: a ``rule`` option stands for an
    open point of the rules or an open parameter, an assumption whose alternatives are tried one at a
    time; a ``setting`` is the user's choice (difficulty, leaders, modules, files), part of the base
    configuration. ``sensitivity`` lists the values tried for a rule option without allowed values (a
    numeric parameter's low and high, as its sources justify). ``applies_if`` is ``(option, value,
    ...)`` when the option matters only while that option has one of those values (a ``set`` option:
    holds one of them), e.g. ``("modules", "warfare")``.

    ``follows`` is ``(option, values_of)`` when the allowed values depend on another option's value:
    ``values_of(value)`` gives them (e.g. the difficulty levels a data file defines). ``choices`` are
    then the values under that option's default; :meth:`Game.resolve_options` checks the value once every
    option is known, and :meth:`Game.allowed` gives them to studies that walk the values (a ladder).
    """

    name: str
    type: str
    default: Any
    help: str
    choices: tuple = ()
    ref: str = ""
    kind: str = "rule"
    sensitivity: tuple = ()
    applies_if: tuple = ()
    min: int | None = None
    max: int | None = None
    parser: Callable[[str, Any], Any] | None = None
    follows: tuple = ()

    def __post_init__(self):
        if self.type != "path":
            self.parse(self.default)  # a misdeclared range or parser fails when the game is defined
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")
        for value in self.sensitivity:
            if self.parse(value) != value or value == self.default:
                raise ValueError(f"option {self.name}: sensitivity value {value!r} is not an allowed "
                                 f"alternative to the default")
    def applies(self, options: dict[str, Any]) -> bool:
        """Whether the option matters under ``options`` (see ``applies_if``)."""
        if not self.applies_if:
            return True
        name, *values = self.applies_if
        given = options[name]
        held = given.split(",") if isinstance(given, str) else [given]
        return any(v in held for v in values)

    def alternatives(self, base: Any) -> tuple:
        """The values ``automa-sim sensitivity`` tries instead of ``base``: the other allowed values, the
        other truth value, or the declared ``sensitivity`` values (none for a ``setting``)."""
        if self.kind != "rule":
            return ()
        if self.type == "bool":
            values: tuple = (not base,)
        elif self.choices and self.type not in ("set", "path"):
            values = self.choices
        else:
            values = (self.default,) + self.sensitivity if self.sensitivity else ()
        return tuple(v for v in values if v != base)

    def parse(self, raw: Any) -> Any:
        """Parse and validate a value from the command line or the Python API."""
        if self.type == "set":
            items = raw if isinstance(raw, (list, tuple, set, frozenset)) else [
                s.strip() for s in str(raw).split(",") if s.strip()]
            bad = [s for s in items if s not in self.choices]
            if bad:
                raise UsageError(f"option {self.name}: unknown value {bad[0]!r}"
                                 f"{did_you_mean(bad[0], self.choices)}; allowed: "
                                 f"{', '.join(self.choices)} (comma-separated)")
            return ",".join(c for c in self.choices if c in set(items))
        if self.type == "int":
            try:
                if isinstance(raw, bool) or not isinstance(raw, (int, str)):
                    raise TypeError(raw)  # a float would be cut silently, True would be 1
                value = int(raw)
            except (TypeError, ValueError):
                raise UsageError(f"option {self.name}: {raw!r} is not a whole number") from None
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise UsageError(f"option {self.name}: {raw!r} is out of range; allowed: {self.describe_allowed()}")
        elif self.type == "bool":
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                value = True
            elif text in ("0", "false", "no", "off"):
                value = False
            else:
                raise UsageError(f"option {self.name}: {raw!r} is not true or false")
        elif self.type == "path":
            value = str(raw)
            if value and not Path(value).is_file():
                raise UsageError(f"option {self.name}: no such file {value!r}")
        else:
            value = str(raw)
        if self.choices and self.type != "path" and not self.follows and value not in self.choices:
            raise UsageError(f"option {self.name}: {raw!r} is not allowed{did_you_mean(raw, self.choices)}; "
                             f"allowed: "
                             f"{', '.join(map(str, self.choices))}")
        return self.parser(self.name, value) if self.parser else value

    def typed(self, value: Any) -> str:
        """``value`` as it is typed after ``--option NAME=`` (``true``, not ``True``)."""
        return ("true" if value else "false") if self.type == "bool" else str(value)

    def describe(self) -> dict:
        """The option for tools (``list options --format json``): values as typed on the command line."""
        return {"name": self.name, "type": self.type, "default": self.typed(self.default),
                "allowed": [self.typed(c) for c in self.choices] or None, "help": self.help,
                "ref": self.ref}

    def describe_allowed(self) -> str:
        """The allowed values as one short phrase, for ``list options`` and error messages."""
        if self.type == "set":
            return "any of " + ",".join(self.choices) if self.choices else "(none)"
        if self.choices:
            return "|".join(map(str, self.choices)) + (f" (or as {self.follows[0]} defines)" if self.follows else "")
        if self.type == "int" and self.min is not None:
            return f"integer {self.min}..{self.max}" if self.max is not None else f"integer >= {self.min}"
        if self.type == "int" and self.max is not None:
            return f"integer <= {self.max}"
        return {"path": "file path", "bool": "true|false", "int": "integer"}.get(self.type, "text")


@dataclass(frozen=True)
class Ladder:
    """A game's difficulty settings for ``calibrate``, easiest to hardest.

    The settings are the product of the ``steps`` options' allowed values, each in schema order, the
    first option varying slowest. ``leader`` names the option ``calibrate --by-leader`` splits on.
    """

    steps: tuple[str, ...]
    leader: str | None = None


def _no_context(options: dict) -> None:
    """The default ``prepare``: a game with nothing to load (a named function, so it pickles)."""
    return None


@dataclass(frozen=True)
class Game:
    """A registry entry.

    ``prepare(options) -> ctx`` runs once per process per option set (loading and validating data
    files; it raises UsageError for a broken file). ``play(ctx, options, strategy, streams, trace)``
    plays one game and returns a :class:`automa.core.results.Result`; ``trace`` is ``None`` when
    tracing is off. ``difficulty_ladder`` orders the difficulty settings for ``calibrate``.
    ``data_files`` are the :class:`automa.core.schema.DataFile` formats of its ``path`` options
    (``automa-sim rules template``). ``describe`` puts a decision's choice in words, ``render`` draws
    the table from the strategy view and ``tell`` a trace event in a sentence, for ``automa-sim play``
    (automa.table.play). Also for ``play``: ``steps`` splits a big decision's choice into steps
    (automa.core.steps); ``idle`` names the pass of a decision whose choices all do nothing, taken
    without asking; ``offer`` puts what an optional decision offers (and the index of its pass) so that
    the same offer, passed on once, is not asked again; ``reminder`` says what a person can still do
    that is useful; ``preface`` gives the first screen's notes on the options.

    Beyond one player against one automa (docs/new-game.md section 13), each changing ``games.csv``
    only for a game that sets it: ``sides`` names every automa side the game can field (a game with
    several bots: ``Result.sides`` gives each one's total, a ``side_<name>`` column each);
    ``no_winner`` lets the game end without a winner (``winner`` ``"none"``, e.g. at a turn cap);
    ``guards`` maps the rule ID of each guard the game may fire (a turn cap, an empty deck) to its
    name in words (``Result.guards``, a ``guards`` column, and a count in the run's report).
    """

    name: str
    title: str
    options: tuple[Option, ...]
    categories: tuple[str, ...]
    strategies: dict[str, str]  # name -> "module:Class"
    play: Callable
    prepare: Callable[[dict], Any] = field(default=_no_context)
    default_strategy: str = "greedy"
    difficulty_ladder: Ladder | None = None
    data_files: tuple = ()
    describe: Callable[[Any, str, Any], str] | None = None  # (view, kind, choice) -> the choice in words
    render: Callable[..., str] | None = None  # (view, width=80, colour=False, full=False) -> the table as a person sees it
    tell: Callable[[Any, dict], str | None] | None = None   # (view, trace event) -> a sentence, or None
    category_words: Mapping[str, str] | None = None          # score category -> its name in words
    # for `play` (automa.table.play, docs/play.md), each optional:
    steps: Callable[[Any, str, Any], tuple | None] | None = None  # (view, kind, choice) -> its Steps, or None
    idle: Callable[[Any, str, list], int | None] | None = None    # (view, kind, choices) -> the pass to take
    reminder: Callable[[Any, str, list], str | None] | None = None  # (view, kind, choices) -> what is still useful
    offer: Callable[[Any, str, list], tuple | None] | None = None  # (view, kind, choices) -> (what it offers, its pass)
    preface: Callable[[dict], list] | None = None                 # (options) -> lines for the first screen
    # beyond one player against one automa (automa.core.results), each optional:
    sides: tuple[str, ...] = ()                 # the automa sides it can field: a side_<name> column each
    no_winner: bool = False                     # a game may end without a winner ("none")
    guards: Mapping[str, str] | None = None     # guard rule ID -> its name in words, e.g. "turn cap"

    def __post_init__(self):
        cols = columns(self)
        clashes = sorted({c for c in cols if cols.count(c) > 1})
        if clashes:
            raise ValueError(f"game {self.name}: option or category names clash with games.csv "
                             f"columns: {', '.join(clashes)}")
        names = [o.name for o in self.options]
        for opt in self.options:
            if opt.applies_if and (opt.applies_if[0] not in names or len(opt.applies_if) < 2):
                raise ValueError(f"game {self.name}: option {opt.name}: applies_if must name another "
                                 f"option and at least one of its values")
        ladder = self.difficulty_ladder
        if ladder and not all(any(o.name == n and o.choices for o in self.options)
                              for n in ladder.steps + ((ladder.leader,) if ladder.leader else ())):
            raise ValueError(f"game {self.name}: every difficulty_ladder option must be an option "
                             f"with allowed values")

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise UsageError(f"unknown option {name!r} for game {self.name}"
                         f"{did_you_mean(name, (o.name for o in self.options))}; known: "
                         f"{', '.join(o.name for o in self.options)}")

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Validate user options and fill in defaults, in schema order."""
        given = dict(given or {})
        values = {}
        for name in given:
            self.option(name)
        for opt in self.options:
            values[opt.name] = opt.parse(given[opt.name]) if opt.name in given else opt.default
        for opt in self.options:
            allowed = self.allowed(opt.name, values) if opt.follows else ()
            if opt.follows and values[opt.name] not in allowed:
                other = self.option(opt.follows[0])
                under = (f"{other.name}={values[other.name]}" if values[other.name] != other.default
                         else f"the packaged {other.name}")
                raise UsageError(f"option {opt.name}: {values[opt.name]!r} is not allowed; allowed: "
                                 f"{', '.join(map(str, allowed))}, as {under} defines"
                                 f"{f' ({opt.ref})' if opt.ref else ''}")
        return values

    def allowed(self, name: str, options: dict[str, Any]) -> tuple:
        """The allowed values of option ``name`` under the resolved ``options``: its ``choices``, or
        what the option it ``follows`` defines (:class:`Option`)."""
        opt = self.option(name)
        if not opt.follows:
            return opt.choices
        other, values_of = opt.follows
        return tuple(values_of(options[other]))


_GAMES: dict[str, str] = {
    "rurik": "automa.rurik:GAME",
    "stroganov": "automa.stroganov:GAME",
    "root": "automa.root:GAME",
}


def _load(path: str, what: str, from_cwd: bool = False):
    """The object at ``"module:ATTR"``; ``from_cwd``: the current directory is searched first, as with
    ``python -m`` (a user's ``mybots.py`` beside them needs no ``PYTHONPATH``)."""
    module_name, _, attr = path.partition(":")
    cwd = os.getcwd() if from_cwd else None
    added = cwd is not None and cwd not in sys.path and "" not in sys.path
    if added:
        sys.path.insert(0, cwd)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"cannot import {what} {path!r}: {exc}") from None
    finally:
        if added:
            sys.path.remove(cwd)
    try:
        return getattr(module, attr)
    except AttributeError:
        raise UsageError(f"{what} {path!r}: module {module_name!r} has no {attr!r}") from None


def register(name: str, target: str) -> None:
    """Register a game by ``"module:ATTR"`` path (the built-in games, a test game, a third-party game)."""
    _GAMES[name] = target


def game_names() -> list[str]:
    return list(_GAMES)


def get_game(name: str) -> Game:
    """The registry entry of game ``name`` (importing its engine)."""
    if name not in _GAMES:
        raise UsageError(f"unknown game {name!r}{did_you_mean(name, _GAMES)}; known games: {', '.join(_GAMES)}")
    return _load(_GAMES[name], "game")


def _entry_points(game: str) -> dict[str, Any]:
    found = {}
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        prefix, _, short = ep.name.partition(".")
        if prefix == game and short:
            found[short] = ep
    return found


def strategy_names(game: Game) -> list[str]:
    """Built-in strategy names, then entry-point names, for ``game``."""
    return list(game.strategies) + sorted(set(_entry_points(game.name)) - set(game.strategies))


def get_strategy(game: Game, name: str):
    """The strategy for a built-in name, an entry-point name or a ``module:Class`` path, with its
    parameters bound from ``name(key=value, ...)`` (automa.core.params): a StrategySpec, called with
    a random stream to make the strategy."""
    base, given = split_spec(name)
    return bind(strategy_class(game, base), base, given, lambda text: get_strategy(game, text))


def strategy_class(game: Game, base: str) -> type:
    """The class of strategy ``base`` (a name without parameters), unbound: nothing it names is
    loaded (``automa-sim learn`` reads the learned player's features before its model exists)."""
    if base in game.strategies:
        cls = _load(game.strategies[base], "strategy")
    elif ":" in base:
        cls = _load(base, "strategy", from_cwd=True)
    else:
        eps = _entry_points(game.name)
        if base not in eps:
            raise UsageError(f"unknown strategy {base!r} for game {game.name}"
                             f"{did_you_mean(base, strategy_names(game))}; known: "
                             f"{', '.join(strategy_names(game))}, or package.module:ClassName")
        try:
            cls = eps[base].load()
        except Exception as exc:  # a broken plugin is the user's input, not our crash
            raise UsageError(f"strategy {base!r}: entry point failed to load: {exc}") from None
    if not (isinstance(cls, type) and issubclass(cls, Strategy)):
        raise UsageError(f"strategy {base!r} is not a subclass of automa.core.strategy.Strategy")
    return cls
