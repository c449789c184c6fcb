"""The weights file of Rurik's ``master`` player, ``strategies/rurik/master.toml``: read and checked
(:func:`load`), and written from a tune run's ``best.txt`` (:func:`write`):

    python -m strategies.rurik.master_file results/tune-master-rurik/best.txt

The file holds a ``[weights]`` table with every weight of :data:`strategies.rurik.expert.WEIGHTS`,
each a number of its parameter's type and at least its smallest allowed value, and a ``regenerate``
string (the tune command that found them); anything else, or a missing weight, is a one-line error
naming it. This module does not read the file when imported, so it can rewrite a broken one.
"""
from __future__ import annotations

import math
import sys
import tomllib
from pathlib import Path

from automa.core.params import Param, UsageError, split_spec   # UsageError: the one-line error (automa.core.errors)
from strategies.rurik.expert import WEIGHTS

# master's own scoring terms, beyond expert's weights (their defaults are in master.toml too)
EXTRA = (
    Param("foresee", "float", 1.0, "how far a placement is valued at the space the Rebellion's coming "
          "advisors will push it to (solo card, RK-REB-STRAT-2), 0 = as expert", least=0.0, hide_default=True),
    Param("block", "float", 0.0, "an action point the Rebellion's coming advisors lose because a placement "
          "pushes them down (RK-STRAT-4)", hide_default=True),
)
ALL = WEIGHTS + EXTRA     # every weight the file holds, in order
START = "strategies.rurik.master:MasterStart"   # master at expert's weights: where its tuning starts
STARTS = ("expert", START)

FILE = Path(__file__).with_name("master.toml")
KEYS = ("regenerate", "weights")      # the file's top-level keys


def load(path: Path = FILE) -> dict:
    """The weights of ``path``, checked: every weight of expert, nothing else (UsageError naming the
    first problem, in one line)."""
    try:
        data = tomllib.loads(Path(path).read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise UsageError(f"{path}: cannot read the master weights: {str(e).splitlines()[0]}") from None
    for key in data:
        if key not in KEYS:
            raise UsageError(f"{path}: unknown key {key!r} (allowed: {', '.join(KEYS)})")
    if not isinstance(data.get("regenerate", ""), str):
        raise UsageError(f"{path}: regenerate: not a string")
    table = data.get("weights")
    if not isinstance(table, dict):
        raise UsageError(f"{path}: no [weights] table")
    declared = {p.name: p for p in ALL}
    for key in table:
        if key not in declared:
            raise UsageError(f"{path}: weights: unknown weight {key!r} (see `automa-sim list strategies rurik`)")
    out = {}
    for p in ALL:
        if p.name not in table:
            raise UsageError(f"{path}: weights: missing weight {p.name!r}")
        out[p.name] = _checked(path, p, table[p.name])
    return out


def _checked(path, p, value):
    where = f"{path}: weights: {p.name}"
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


def weights_of(strategy_text: str) -> dict:
    """Every weight of an ``expert(...)``, ``strategies.rurik.master:MasterStart(...)`` or
    ``master(...)`` strategy string (a tune run's ``best.txt``): the values it names, and for the
    others the declared defaults (expert's weights, master's own terms), or master.toml's for ``master``."""
    name, given = split_spec(strategy_text.strip())
    if name not in (*STARTS, "master"):
        raise UsageError(f"{strategy_text.strip()!r}: not an expert, master or {START} strategy string")
    base = {p.name: p.default for p in ALL} if name in STARTS else load()
    declared = {p.name: p for p in ALL}
    for key, raw in given.items():
        if key not in declared:
            raise UsageError(f"{strategy_text.strip()!r}: unknown weight {key!r}")
        base[key] = declared[key].parse(raw, name)
    return base


def render(weights: dict, regenerate: str) -> str:
    """The text of a master.toml holding ``weights`` (every weight of expert, in declaration order)."""
    lines = ["# Rurik's `master` player: expert's weights as tuned (strategies/rurik/master.py, docs/rurik.md).",
             "# Written by `python -m strategies.rurik.master_file BEST_TXT` from a tune run's best.txt; do not edit",
             "# by hand without saying so in docs/rurik.md.",
             f"regenerate = {_quote(regenerate)}", "", "[weights]"]
    for p in ALL:
        value = weights[p.name]
        text = str(int(value)) if p.type == "int" else repr(float(value))
        lines.append(f"{p.name} = {text}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write(best_txt: Path, out: Path = FILE, regenerate: str | None = None) -> dict:
    """Write ``out`` from a tune run's ``best.txt`` (its strategy string; the run's ``manifest.json``
    beside it gives the command, unless ``regenerate`` does); the file is checked by loading it back."""
    best_txt = Path(best_txt)
    weights = weights_of(best_txt.read_text())
    if regenerate is None:
        regenerate = _command(best_txt.parent)
    text = render(weights, regenerate)
    tmp = Path(out).with_suffix(".tmp")
    tmp.write_text(text)
    if load(tmp) != weights:      # pragma: no cover - render and load disagree
        raise UsageError(f"{out}: the weights do not read back as written")
    tmp.replace(out)
    return weights


def _command(folder: Path) -> str:
    """The tune command recorded in the run's manifest, else ""."""
    import json
    try:
        manifest = json.loads((folder / "manifest.json").read_text())
    except (OSError, ValueError):
        return ""
    command = manifest.get("command", "")
    return command if isinstance(command, str) else " ".join(map(str, command))


def main(argv: list[str]) -> int:
    """``python -m strategies.rurik.master_file BEST_TXT [OUT]``: write the master weights file."""
    if len(argv) not in (1, 2):
        print("usage: python -m strategies.rurik.master_file BEST_TXT [OUT]  (OUT: default strategies/rurik/master.toml)",
              file=sys.stderr)
        return 2
    out = Path(argv[1]) if len(argv) == 2 else FILE
    try:
        weights = write(Path(argv[0]), out)
    except (UsageError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    changed = sum(1 for p in ALL if weights[p.name] != p.default)
    print(f"wrote {out}: {len(weights)} weights, {changed} differ from the defaults")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
