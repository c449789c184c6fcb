"""Master: the ``expert`` player with weights tuned against Katyusha, read from ``master.toml``.

It plays exactly as :mod:`strategies.stroganov.expert` does (the same estimate of final VP, the same
direct scores and the same few lookaheads, no rollouts), with every weight of that estimate taken from
the small data file ``strategies/stroganov/master.toml`` beside this module. The file's values are the
defaults of ``master``'s declared parameters, so ``master`` plays the file and
``master(horse=0.1)`` changes one weight of it (``list strategies stroganov`` shows them);
``automa-sim tune stroganov master`` searches them further.

The file is validated when this module is imported: its one table ``[weights]`` must give every weight
of ``expert`` (a missing one is an error naming it), nothing else (an unknown field is an error naming
it), each a number of the weight's kind and at least its smallest value. The file's header says how it
was made: the ``tune`` command whose ``best.txt`` it holds (docs/stroganov.md, "The `master` player");
``python -m strategies.stroganov.master BEST_TXT`` writes a ``best.txt`` into the file.
"""
from __future__ import annotations

import math
import sys
import tomllib
from pathlib import Path

from automa.core.params import Param, split_spec
from strategies.stroganov.expert import WEIGHTS, ExpertStrategy

FILE = Path(__file__).with_name("master.toml")


class UsageError(ValueError):
    """A broken master.toml or best.txt, in one line naming the field (a strategy imports only the
    strategy protocol of automa, so not automa.core.errors)."""


def load(path: Path = FILE) -> dict:
    """The weights of ``path``, checked: every weight of ``expert``, nothing else, each of its kind."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{path.name}: cannot read: {exc}") from None
    unknown = sorted(set(data) - {"weights"})
    if unknown:
        raise UsageError(f"{path.name}: unknown field {unknown[0]!r} (the file holds one table, [weights])")
    table = data.get("weights")
    if not isinstance(table, dict):
        raise UsageError(f"{path.name}: missing table [weights]")
    known = {p.name: p for p in WEIGHTS}
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise UsageError(f"{path.name}: unknown field weights.{unknown[0]} (not a weight of expert)")
    out = {}
    for p in WEIGHTS:
        if p.name not in table:
            raise UsageError(f"{path.name}: missing field weights.{p.name}")
        value = table[p.name]
        ok = (isinstance(value, int) if p.type == "int" else isinstance(value, (int, float)))
        if isinstance(value, bool) or not ok or not math.isfinite(value):
            raise UsageError(f"{path.name}: weights.{p.name} = {value!r} is not {'a whole number' if p.type == 'int' else 'a number'}")
        if p.least is not None and value < p.least:
            raise UsageError(f"{path.name}: weights.{p.name} = {value!r} is below its smallest value {p.least:g}")
        out[p.name] = int(value) if p.type == "int" else float(value)
    return out


def params_from(values: dict) -> tuple:
    """``expert``'s weights with ``values`` as their defaults (left out of the canonical string there)."""
    return tuple(Param(p.name, p.type, values[p.name], p.help, least=p.least, hide_default=True) for p in WEIGHTS)


class MasterStrategy(ExpertStrategy):
    name = "master"
    description = "expert with weights tuned against Katyusha (strategies/stroganov/master.toml); no rollouts"
    params = params_from(load())


def toml_text(best: str, header: str = "") -> str:
    """The text of ``master.toml`` for the strategy string ``best`` (a tune run's ``best.txt``, e.g.
    ``expert(horse=0.1,...)``): every weight, the ones ``best`` leaves out at ``expert``'s default."""
    name, given = split_spec(best.strip())
    if name not in ("expert", "master"):
        raise UsageError(f"best strategy {best.strip()!r}: expected expert(...) or master(...)")
    base = {p.name: p.default for p in (WEIGHTS if name == "expert" else MasterStrategy.params)}
    unknown = sorted(set(given) - set(base))
    if unknown:
        raise UsageError(f"best strategy: unknown weight {unknown[0]}")
    kinds = {p.name: p for p in WEIGHTS}
    lines = [line for line in header.splitlines()] + ["[weights]"]
    for key, default in base.items():
        value = kinds[key].parse(given[key], name) if key in given else default
        lines.append(f"{key} = {value!r}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """``python -m strategies.stroganov.master BEST_TXT``: write that best strategy into master.toml,
    keeping the file's comment header."""
    if len(argv) != 1:
        print("usage: python -m strategies.stroganov.master BEST_TXT", file=sys.stderr)
        return 2
    header = "\n".join(line for line in FILE.read_text(encoding="utf-8").splitlines()
                       if line.startswith("#")) if FILE.exists() else ""
    text = toml_text(Path(argv[0]).read_text(encoding="utf-8"), header)
    FILE.write_text(text, encoding="utf-8")
    load(FILE)
    print(f"wrote {FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
