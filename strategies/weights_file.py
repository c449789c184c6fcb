"""A tuned player's weights file (each game's ``master.toml``): read and checked, and written from a
tune run's ``best.txt``.

The file holds a ``[weights]`` table with every declared weight of the player, each a number of its
parameter's type and at least its smallest allowed value, and a ``regenerate`` string (the tune command
that found them); anything else, or a missing weight, is a one-line error naming it. Reading the file
is left to the player's module, so that :meth:`WeightsFile.main` can rewrite a broken one.
"""
from __future__ import annotations

import dataclasses
import json
import math
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from automa.core.params import Param, UsageError, split_spec   # UsageError: the one-line error (automa.core.errors)

KEYS = ("regenerate", "weights")      # the file's top-level keys


@dataclass(frozen=True)
class WeightsFile:
    """The weights file ``path`` of the player ``module`` of ``game``: its declared weights ``params``
    (in file order), and the strategies whose tune runs it is written from: ``starts`` (whose declared
    defaults stand for the weights a ``best.txt`` leaves out) and ``name`` (the player itself, whose
    file's values do)."""

    game: str
    name: str
    module: str
    path: Path
    params: tuple[Param, ...]
    starts: tuple[str, ...]

    def load(self, path: Path | None = None) -> dict:
        """The weights of ``path`` (default: the player's file), checked (UsageError naming the first
        problem, in one line)."""
        path = self.path if path is None else Path(path)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise UsageError(f"{path}: cannot read the {self.name} weights: {str(e).splitlines()[0]}") from None
        for key in data:
            if key not in KEYS:
                raise UsageError(f"{path}: unknown key {key!r} (allowed: {', '.join(KEYS)})")
        if not isinstance(data.get("regenerate", ""), str):
            raise UsageError(f"{path}: regenerate: not a string")
        table = data.get("weights")
        if not isinstance(table, dict):
            raise UsageError(f"{path}: no [weights] table")
        declared = {p.name: p for p in self.params}
        for key in table:
            if key not in declared:
                raise UsageError(f"{path}: weights: unknown weight {key!r} "
                                 f"(see `automa-sim list strategies {self.game} --long`)")
        out = {}
        for p in self.params:
            if p.name not in table:
                raise UsageError(f"{path}: weights: missing weight {p.name!r}")
            out[p.name] = checked(f"{path}: weights: {p.name}", p, table[p.name])
        return out

    def declared(self) -> tuple[Param, ...]:
        """The weights as the player's declared parameters, each with the file's value as its default."""
        values = self.load()
        return tuple(dataclasses.replace(p, default=values[p.name]) for p in self.params)

    def weights_of(self, strategy_text: str) -> dict:
        """Every weight of a strategy string of :attr:`starts` or :attr:`name` (a tune run's
        ``best.txt``): the values it names, and for the others the declared defaults, or the file's
        for the player itself."""
        text = strategy_text.strip()
        name, given = split_spec(text)
        if name not in (*self.starts, self.name):
            raise UsageError(f"{text!r}: not a strategy string of {', '.join((*self.starts, self.name))}")
        base = {p.name: p.default for p in self.params} if name in self.starts else self.load()
        declared = {p.name: p for p in self.params}
        for key, raw in given.items():
            if key not in declared:
                raise UsageError(f"{text!r}: unknown weight {key!r}")
            base[key] = declared[key].parse(raw, name)
        return base

    def render(self, weights: dict, regenerate: str) -> str:
        """The text of a weights file holding ``weights`` (every weight, in declaration order)."""
        lines = [f"# The weights of {self.game.capitalize()}'s `{self.name}` player (docs/{self.game}.md), checked on load.",
                 f"# Written by `python -m {self.module} BEST_TXT` from the tune run below; edit only with a",
                 f"# note in docs/{self.game}.md.",
                 f"regenerate = {json.dumps(regenerate, ensure_ascii=False)}", "", "[weights]"]
        for p in self.params:
            value = weights[p.name]
            lines.append(f"{p.name} = {int(value) if p.type == 'int' else repr(float(value))}")
        return "\n".join(lines) + "\n"

    def write(self, best_txt: Path, out: Path | None = None, regenerate: str | None = None) -> dict:
        """Write ``out`` (default: the player's file) from a tune run's ``best.txt`` (its strategy string;
        the run's ``manifest.json`` beside it gives the command, unless ``regenerate`` does); the file is
        checked by loading it back, and replaced only then."""
        out = self.path if out is None else Path(out)
        best_txt = Path(best_txt)
        weights = self.weights_of(best_txt.read_text(encoding="utf-8"))
        if regenerate is None:
            regenerate = recorded_command(best_txt.parent)
        tmp = out.with_suffix(".tmp")
        tmp.write_text(self.render(weights, regenerate), encoding="utf-8")
        self.load(tmp)
        tmp.replace(out)
        return weights

    def main(self, argv: list[str]) -> int:
        """``python -m MODULE BEST_TXT [OUT]``: write the weights file (OUT, default the player's)."""
        if len(argv) not in (1, 2):
            print(f"usage: python -m {self.module} BEST_TXT [OUT]  (OUT: default {self.path.name} beside it)",
                  file=sys.stderr)
            return 2
        out = Path(argv[1]) if len(argv) == 2 else self.path
        try:
            weights = self.write(Path(argv[0]), out)
        except (UsageError, OSError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        changed = sum(1 for p in self.params if weights[p.name] != p.default)
        print(f"wrote {out}: {len(weights)} weights, {changed} differ from the defaults")
        return 0


def checked(where: str, p: Param, value):
    """``value`` of the weight ``p``, as its type, or a UsageError saying why not."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UsageError(f"{where}: {value!r} is not a number")
    if p.type == "int":
        if not isinstance(value, int):
            raise UsageError(f"{where}: {value!r} is not a whole number")
    else:
        value = float(value)
        if not math.isfinite(value):
            raise UsageError(f"{where}: {value!r} is not a finite number")
    if p.least is not None and value < p.least:
        raise UsageError(f"{where}: {value!r} is below the smallest allowed value {p.least:g}")
    return value


def recorded_command(folder: Path) -> str:
    """The command a run's ``manifest.json`` in ``folder`` records, else ""."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    command = manifest.get("command", "")
    return command if isinstance(command, str) else " ".join(map(str, command))
