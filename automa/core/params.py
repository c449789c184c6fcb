"""Strategy parameters: ``name(key=value, ...)`` in ``--strategy``, sweep specs and ``calibrate``.

A strategy class declares its parameters as ``params``, a tuple of :class:`Param`; its ``__init__``
takes them as keyword arguments after the random stream. A parameter of type ``strategy`` names
another strategy of the same game (a search player's rollout policy) and is passed as that
strategy's class; one declared with the default None is optional (None when not given, and
then not written in the canonical string). The canonical string of a bound strategy lists every declared parameter in
declaration order, defaults included, so results and manifests say exactly what was played; a
parameter declared with ``hide_default`` (a heuristic's many weights) is listed only when it differs
from its default, so ``expert`` at its defaults is written ``expert`` and ``expert(kill=2.5)`` names
the one weight changed. Values nest: ``mc(rollout=expert(kill=2.5,clear=1))``.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from automa.core.errors import UsageError

_SPEC = re.compile(r"^\s*([^\s(),=]+)\s*(?:\((.*)\))?\s*$", re.S)


@dataclass(frozen=True)
class Param:
    """One strategy parameter: name, type (``int``, ``float``, ``str`` or ``strategy``), default, help,
    for numbers the smallest value allowed, whether the canonical string leaves it out while it
    is at its default (``hide_default``), and whether ``tune`` searches it when no ``--param`` is
    given (``tuned``; a switch such as ``mc``'s ``horizon`` is not a weight to tune)."""

    name: str
    type: str
    default: Any
    help: str
    least: float | None = None
    hide_default: bool = False
    tuned: bool = True

    def parse(self, raw: str, owner: str) -> Any:
        where = f"strategy {owner}: parameter {self.name}"
        if self.type in ("int", "float"):
            try:
                value = int(raw) if self.type == "int" else float(raw)
            except ValueError:
                raise UsageError(f"{where}: {raw!r} is not {'a whole number' if self.type == 'int' else 'a number'}") from None
            if not math.isfinite(value):
                raise UsageError(f"{where}: {raw!r} is not a finite number")
            if self.least is not None and value < self.least:
                raise UsageError(f"{where}: {raw!r} is below the smallest allowed value {self.least:g}")
            return value
        if not raw:
            raise UsageError(f"{where}: empty value")
        return raw


def split_spec(text: str) -> tuple[str, dict[str, str]]:
    """``"mcts(budget=64, rollout=expert)"`` -> ``("mcts", {"budget": "64", "rollout": "expert"})``."""
    m = _SPEC.match(text or "")
    if not m:
        raise UsageError(f"strategy {text!r}: write NAME or NAME(key=value, ...)")
    name, inner = m.group(1), m.group(2)
    given: dict[str, str] = {}
    if inner is not None and inner.strip():
        for item in _top_level(inner, text):
            key, eq, value = item.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not key:
                raise UsageError(f"strategy {text!r}: {item.strip()!r} is not key=value")
            if key in given:
                raise UsageError(f"strategy {text!r}: parameter {key} is given twice")
            given[key] = value
    return name, given


def _top_level(inner: str, text: str) -> list[str]:
    """``inner`` split at the commas outside parentheses (a nested strategy's own parameters)."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise UsageError(f"strategy {text!r}: unbalanced parentheses")
        elif ch == "," and depth == 0:
            items.append(inner[start:i])
            start = i + 1
    if depth:
        raise UsageError(f"strategy {text!r}: unbalanced parentheses")
    return items + [inner[start:]]


def _number(value: float) -> str:
    """A float as the canonical string writes it: ``%g`` (``1``, ``0.25``), or every digit where
    ``%g`` would round it, so the string parses back to the value played."""
    text = f"{value:g}"
    return text if float(text) == value else repr(value)


def assign(strategy, params: tuple, given: dict) -> None:
    """Set each of ``params`` as an attribute of ``strategy``: its value in ``given``, else its
    default (for a strategy with many parameters, e.g. a heuristic's weights)."""
    unknown = set(given) - {p.name for p in params}
    if unknown:
        raise TypeError(f"{type(strategy).__name__}: unknown parameters {', '.join(sorted(unknown))}")
    for p in params:
        setattr(strategy, p.name, given.get(p.name, p.default))


@dataclass(frozen=True)
class StrategySpec:
    """A strategy class with its parameter values: called with a random stream, it makes the
    strategy. ``canonical`` is the full ``name(key=value, ...)`` string."""

    cls: type
    canonical: str
    values: dict = field(default_factory=dict)

    def __call__(self, rng):
        return self.cls(rng, **self.values)

    @property
    def description(self) -> str:
        return self.cls.description or (self.cls.__doc__ or "").strip().partition("\n")[0]

    @property
    def params(self) -> tuple:
        return self.cls.params

    @property
    def record_columns(self) -> tuple:
        """The columns of the class's training records (``Strategy.record_columns``); ``()``: none."""
        return tuple(self.cls.record_columns)


def bind(cls: type, name: str, given: dict[str, str], resolve_strategy) -> StrategySpec:
    """Check ``given`` against ``cls.params`` and bind them; ``resolve_strategy(text)`` turns a
    ``strategy`` parameter into its StrategySpec."""
    declared = {p.name: p for p in cls.params}
    for key in given:
        if key not in declared:
            known = ", ".join(declared) or "none"
            raise UsageError(f"strategy {name}: unknown parameter {key!r}; its parameters: {known}")
    values, shown = {}, []
    for p in cls.params:
        raw = given.get(p.name)
        if p.type == "strategy":
            if raw is None and p.default is None:     # an optional strategy, not given: None
                values[p.name] = None
                continue
            inner = resolve_strategy(raw if raw is not None else p.default)
            values[p.name], text = inner, inner.canonical
        else:
            value = p.default if raw is None else p.parse(raw, name)
            values[p.name], text = value, (_number(value) if isinstance(value, float) else str(value))
            if p.hide_default and value == p.default:
                continue
        shown.append(f"{p.name}={text}")
    canonical = f"{name}({','.join(shown)})" if shown else name
    cls.check(values)
    return StrategySpec(cls, canonical, values)
